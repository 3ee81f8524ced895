//! The `cvpdf` command: parse the arguments, run the command, exit with its code.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    cvpdf::panics::install_hook();
    let cli = cvpdf::cli::Cli::parse();
    ExitCode::from(cvpdf::app::run(cli))
}
