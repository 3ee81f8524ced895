//! Asking a service, with the cache: each answer that succeeded is kept in the user's cache
//! (`<cache>/sync/`, one body and one record of its validators per address) and sent back as
//! `If-None-Match` / `If-Modified-Since`, so a service whose list did not change answers 304
//! and nothing is downloaded again; `--offline` answers from the cache alone. An answer that
//! is an HTML page where data was expected, or an error status, is an error naming the
//! service and the address.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::http::{Fetched, Http, Validators};
use super::services::{Bases, Service};
use crate::digest::digest;
use crate::output::write_cache;

/// How `sync` reaches the services.
pub struct Fetcher {
    /// The HTTP client.
    pub http: Http,
    /// Where each service is.
    pub bases: Bases,
    /// Where answers are kept, if anywhere.
    pub cache: Option<PathBuf>,
    /// Answer from the cache alone.
    pub offline: bool,
}

/// A service's answer.
#[derive(Debug)]
pub struct Answer {
    /// The HTTP status (200, or 404 for what the service does not know).
    pub status: u16,
    /// The body.
    pub body: Vec<u8>,
    /// Whether the body was downloaded now (not the cache's, by a 304 or `--offline`).
    pub downloaded: bool,
}

/// What the cache keeps of an answer besides its body.
#[derive(Debug, Serialize, Deserialize)]
struct Kept {
    /// The address asked.
    url: String,
    /// The validators the service sent.
    etag: Option<String>,
    last_modified: Option<String>,
    /// The body's digest, so a body and a record written by two runs are never mixed.
    body: String,
    /// The status (200, or 404: that the service does not know it is an answer too).
    #[serde(default = "ok")]
    status: u16,
}

/// An answer read back from the cache.
struct Cached {
    /// What to send back to learn whether it is still current.
    validators: Validators,
    /// Its status.
    status: u16,
    /// Its body.
    body: Vec<u8>,
}

impl Cached {
    /// The answer it keeps, not downloaded now.
    fn answer(self) -> Answer {
        Answer {
            status: self.status,
            body: self.body,
            downloaded: false,
        }
    }
}

/// The status of a kept answer that does not say.
fn ok() -> u16 {
    200
}

impl Fetcher {
    /// Asks `service` for `path` accepting `accept`. `Ok` for a 2xx answer and for a 404
    /// (the caller decides what not knowing means); anything else is an error in words that
    /// name the service and the address.
    pub fn get(&self, service: Service, path: &str, accept: &str) -> Result<Answer, String> {
        let url = self.bases.url(service, path);
        let kept = self.kept(&url);
        if self.offline {
            return match kept {
                Some(cached) => Ok(cached.answer()),
                None => Err(format!(
                    "{}: no answer from an earlier sync in the cache for {url} (run sync \
                     without --offline once)",
                    service.name()
                )),
            };
        }
        let validators = kept
            .as_ref()
            .map(|c| c.validators.clone())
            .unwrap_or_default();
        let fetched = self
            .http
            .get(&url, accept, &validators)
            .map_err(|why| format!("{}: {why}", service.name()))?;
        match fetched.status {
            304 => match kept {
                Some(cached) => Ok(cached.answer()),
                None => Err(format!(
                    "{}: answered 304 Not Modified for {url}, which was not asked",
                    service.name()
                )),
            },
            200..=299 => {
                refuse_html(service, &fetched)?;
                self.keep(&fetched);
                Ok(Answer {
                    status: fetched.status,
                    body: fetched.body,
                    downloaded: true,
                })
            }
            404 => {
                self.keep(&fetched);
                Ok(Answer {
                    status: 404,
                    body: fetched.body,
                    downloaded: true,
                })
            }
            status => Err(format!(
                "{}: answered {status}{} for {}",
                service.name(),
                said(&fetched),
                fetched.url
            )),
        }
    }

    /// The file names of `url`'s answer in the cache.
    fn files(&self, url: &str) -> Option<(PathBuf, PathBuf)> {
        let dir = self.cache.as_ref()?;
        let key = format!("{:032x}", digest(url.as_bytes()));
        Some((
            dir.join(format!("{key}.json")),
            dir.join(format!("{key}.body")),
        ))
    }

    /// The kept answer for `url`, if the cache holds a whole one.
    fn kept(&self, url: &str) -> Option<Cached> {
        let (record, body) = self.files(url)?;
        let limit = self.http.max_bytes();
        let record = crate::input::read_bytes(&record, "cache record", 64 * 1024).ok()?;
        let kept: Kept = serde_json::from_slice(&record).ok()?;
        let body = crate::input::read_bytes(&body, "cached answer", limit).ok()?;
        (kept.url == url && kept.body == format!("{:032x}", digest(&body))).then_some(Cached {
            validators: Validators {
                etag: kept.etag,
                last_modified: kept.last_modified,
            },
            status: kept.status,
            body,
        })
    }

    /// Keeps `fetched` in the cache (a cache that cannot be written is no error: the next
    /// sync downloads again).
    fn keep(&self, fetched: &Fetched) {
        let Some((record, body)) = self.files(&fetched.url) else {
            return;
        };
        if let Some(dir) = record.parent() {
            if std::fs::create_dir_all(dir).is_err() {
                return;
            }
        }
        let kept = Kept {
            url: fetched.url.clone(),
            etag: fetched.etag.clone(),
            last_modified: fetched.last_modified.clone(),
            body: format!("{:032x}", digest(&fetched.body)),
            status: fetched.status,
        };
        if let Ok(json) = serde_json::to_vec(&kept) {
            if write_cache(&body, &fetched.body).is_ok() {
                let _ = write_cache(&record, &json);
            }
        }
    }
}

/// An error when a page meant for people (HTML) came where data was expected.
fn refuse_html(service: Service, fetched: &Fetched) -> Result<(), String> {
    let start: String = String::from_utf8_lossy(&fetched.body[..fetched.body.len().min(512)])
        .trim_start_matches('\u{feff}')
        .trim_start()
        .chars()
        .take(15)
        .collect::<String>()
        .to_ascii_lowercase();
    let html = fetched.content_type.starts_with("text/html")
        || start.starts_with("<!doctype html")
        || start.starts_with("<html");
    if html {
        return Err(format!(
            "{}: answered a web page (HTML) where data was expected, for {}",
            service.name(),
            fetched.url
        ));
    }
    Ok(())
}

/// What an error answer says, briefly: ` (Resource not found.)`; nothing for a page or a long
/// text.
fn said(fetched: &Fetched) -> String {
    let text = String::from_utf8_lossy(&fetched.body[..fetched.body.len().min(200)]);
    let line = text.lines().next().unwrap_or_default().trim();
    if line.is_empty() || line.starts_with('<') || line.starts_with('{') || text.len() >= 200 {
        return String::new();
    }
    format!(" ({})", crate::diag::escape_line(line))
}
