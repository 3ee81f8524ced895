//! `cvpdf sync`: keeping a lab's publication lists current from the services where papers are
//! listed (DBLP, ORCID with Crossref, OpenAlex). So far: the HTTP client every service is asked
//! through (`http.rs`).

pub mod http;
