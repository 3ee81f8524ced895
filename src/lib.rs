//! cvpdf turns a research lab's profile YAML into polished, uniformly styled academic CV PDFs.
//!
//! The pipeline, one module per stage:
//!
//! ```text
//! profile.yaml ─▶ profile (typed, validated) ─▶ markup (Typst source) ─▶ render (World, compile) ─▶ output (PDF)
//! ```
//!
//! - [`profile`]: the serde model, dates, validation, errors with line, column and field path.
//! - [`markup`]: the model as a Typst dictionary handed to a template's `cv` function; user text
//!   only ever as escaped string literals.
//! - [`template`]: the built-in templates and user templates.
//! - [`world`] and [`fonts`]: what Typst sees: in-memory sources, confined files, bundled fonts.
//! - [`render`]: compilation and PDF export.
//! - [`output`]: atomic writes.
//! - [`diag`]: one way to report problems; [`yaml`]: typed YAML with located errors.

// Input-dependent code must not panic: errors are values. (Tests may unwrap.)
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
#![forbid(unsafe_code)]

pub mod app;
pub mod batch;
pub mod cli;
pub mod config;
pub mod diag;
pub mod fonts;
pub mod import;
pub mod markup;
pub mod output;
pub mod panics;
pub mod profile;
pub mod publish;
pub mod render;
pub mod template;
pub mod watch;
pub mod world;
pub mod yaml;
