//! The `cvpdf` command: parse the arguments, run the command, exit with its code.

#![deny(clippy::unwrap_used, clippy::expect_used)]
#![forbid(unsafe_code)]

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    ExitCode::from(cvpdf::run(cvpdf::cli::Cli::parse()))
}
