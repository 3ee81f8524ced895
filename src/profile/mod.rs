//! The data model: a researcher's profile as typed, validated Rust values.
//!
//! `load` reads a YAML file into a [`Profile`] and reports every problem with its file, line,
//! column and field path. The model never formats anything; that is the `source` stage's job.

mod check_text;
pub use check_text::markup_problem;
pub mod contact;
mod date;
mod defaults;
mod entries;
mod files;
pub mod html;
pub mod kinds;
mod load;
mod look;
pub mod markup;
mod model;
pub mod names;
mod publication;
mod record;
pub mod reference;
mod sections;
pub mod sources;
mod text;
mod validate;
pub mod variant;

pub use date::{Date, EndDate};
pub use entries::*;
pub(crate) use files::resolve_file;
pub use files::resolve_photo;
pub use html::html_text;
pub use kinds::{kind_of, TextKind};
pub use load::{load, parse, read_text, variant_names, LoadedProfile};
pub use look::{Numbering, Paper, PhotoShape};
pub use model::*;
pub use names::{author_marks, carry_marks, marks_lost, normalize_name};
pub use publication::{
    KnownDegree, Publication, PublicationKind, PublicationLinks, PublicationStatus, ThesisDegree,
};
pub use record::{Grant, GrantRole, Level, Role, Supervision, SupervisionRole};
pub(crate) use sections::section_keys;
pub use sections::{order_in, Section};
pub use sources::{dblp_pid, openalex_author, Sources};
pub use text::one_line;
pub use text::{localize, script_language, EachText, Text, FALLBACK_LANGUAGE};
pub(crate) use validate::{is_bidi_control, publication_problems, MAX_ENTRIES, MAX_TEXT_CHARS};
pub use variant::{Content, PublicationFilter, Variant, Variants};
