//! Asking a service, with the cache: each answer that succeeded is kept in the user's cache
//! (`<cache>/sync/`, one body and one record of its validators per address) and sent back as
//! `If-None-Match` / `If-Modified-Since`, so a service whose list did not change answers 304
//! and nothing is downloaded again; `--offline` answers from the cache alone. An answer that
//! is an HTML page where data was expected, or an error status, is an error naming the
//! service and the address.

use crate::diag::Problem;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

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
    /// Warnings met on the way (a cache record that could not be used), for the caller to
    /// print: [`Fetcher::take_warnings`].
    warnings: Mutex<Vec<String>>,
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
    /// A fetcher asking through `http` the services at `bases`, keeping answers in `cache`
    /// (if any), from the cache alone when `offline`.
    pub fn new(http: Http, bases: Bases, cache: Option<PathBuf>, offline: bool) -> Self {
        Self {
            http,
            bases,
            cache,
            offline,
            warnings: Mutex::new(Vec::new()),
        }
    }

    /// The warnings met since the last call.
    pub fn take_warnings(&self) -> Vec<String> {
        std::mem::take(&mut *self.warnings.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Asks `service` for `path` accepting `accept`. `Ok` for a 2xx answer and for a 404
    /// (the caller decides what not knowing means); anything else is an error in words that
    /// name the service and the address.
    pub fn get(&self, service: Service, path: &str, accept: &str) -> Result<Answer, Problem> {
        let url = self.bases.url(service, path);
        let kept = self.kept(&url);
        if self.offline {
            return match kept {
                Some(cached) => Ok(cached.answer()),
                None => Err(Problem::error(format!(
                    "{}: no answer from an earlier sync in the cache for {url} (run sync \
                     without --offline once)",
                    service.name()
                ))),
            };
        }
        let validators = kept
            .as_ref()
            .map(|c| c.validators.clone())
            .unwrap_or_default();
        let fetched = self
            .http
            .get(&url, accept, &validators)
            .map_err(|why| Problem::error(format!("{}: {why}", service.name())))?;
        match fetched.status {
            304 => match kept {
                Some(cached) => Ok(cached.answer()),
                None => Err(Problem::error(format!(
                    "{}: answered 304 Not Modified for {url}, which was not asked",
                    service.name()
                ))),
            },
            200..=299 => {
                refuse_html(service, &fetched)?;
                self.keep(&url, &fetched);
                Ok(Answer {
                    status: fetched.status,
                    body: fetched.body,
                    downloaded: true,
                })
            }
            404 => {
                self.keep(&url, &fetched);
                Ok(Answer {
                    status: 404,
                    body: fetched.body,
                    downloaded: true,
                })
            }
            status => Err(Problem::error(format!(
                "{}: answered {status}{} for {}",
                service.name(),
                said(&fetched),
                fetched.url
            ))),
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

    /// The kept answer for `url`, if the cache holds a whole one. A record that is there but
    /// cannot be used (damaged, cut short, its body gone or not the one it names, validators
    /// that could not go in a request) is passed over with a warning naming it; the next
    /// answer replaces it.
    fn kept(&self, url: &str) -> Option<Cached> {
        let (record, body) = self.files(url)?;
        if !record.exists() {
            return None;
        }
        match read_kept(url, &record, &body, self.http.max_bytes()) {
            Ok(cached) => Some(cached),
            Err(why) => {
                self.warnings
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(format!(
                        "the cache record {} for {url} cannot be used ({why}); it is ignored \
                         and replaced by the next answer",
                        record.display()
                    ));
                None
            }
        }
    }

    /// Keeps `fetched`, the answer to `url` (the address asked, which a redirect may have
    /// taken elsewhere: the next run asks the same address and looks it up by it), in the
    /// cache (a cache that cannot be written is no error: the next sync downloads again).
    fn keep(&self, url: &str, fetched: &Fetched) {
        let Some((record, body)) = self.files(url) else {
            return;
        };
        if let Some(dir) = record.parent() {
            if std::fs::create_dir_all(dir).is_err() {
                return;
            }
        }
        let kept = Kept {
            url: url.to_string(),
            etag: fetched.etag.clone().filter(|v| header_value(v)),
            last_modified: fetched.last_modified.clone().filter(|v| header_value(v)),
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

/// The answer kept for `url` in `record` and `body`, or why it cannot be used.
fn read_kept(url: &str, record: &Path, body: &Path, limit: u64) -> Result<Cached, Problem> {
    let bytes = crate::input::read_bytes(record, "cache record", 64 * 1024)?;
    let kept: Kept =
        serde_json::from_slice(&bytes).map_err(|e| Problem::error(format!("not a record: {e}")))?;
    if kept.url != url {
        return Err(Problem::error(format!("it is the record of {}", kept.url)));
    }
    let unusable = [&kept.etag, &kept.last_modified]
        .into_iter()
        .flatten()
        .any(|v| !header_value(v));
    if unusable {
        return Err(Problem::error(
            "a validator holds characters no request may send",
        ));
    }
    if !(200..=299).contains(&kept.status) && kept.status != 404 {
        return Err(Problem::error(format!(
            "a status of {} is never kept",
            kept.status
        )));
    }
    let body = crate::input::read_bytes(body, "cached answer", limit)?;
    if kept.body != format!("{:032x}", digest(&body)) {
        return Err(Problem::error("its answer is not the one it records"));
    }
    Ok(Cached {
        validators: Validators {
            etag: kept.etag,
            last_modified: kept.last_modified,
        },
        status: kept.status,
        body,
    })
}

/// Whether `value` can be sent as a header's value as it is: visible ASCII, spaces and tabs
/// (RFC 9110's field-value, without the obsolete bytes above 127).
fn header_value(value: &str) -> bool {
    value.len() <= 8 * 1024
        && value
            .bytes()
            .all(|b| b == b'\t' || (b' '..=b'~').contains(&b))
}

/// An error when a page meant for people (HTML) came where data was expected.
fn refuse_html(service: Service, fetched: &Fetched) -> Result<(), Problem> {
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
        return Err(Problem::error(format!(
            "{}: answered a web page (HTML) where data was expected, for {}",
            service.name(),
            fetched.url
        )));
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
