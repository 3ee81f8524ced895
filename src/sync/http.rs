//! The one way cvpdf talks to a web service (`cvpdf sync`): a blocking HTTPS client (ureq with
//! rustls, no system OpenSSL) under rules that hold whatever the server does.
//!
//! - Time is bounded: connecting, and the whole request (10 s and 30 s unless told otherwise).
//! - Size is bounded after decompression: a gzip bomb or a 100 MB body is refused when it
//!   passes the bound, not after it is in memory.
//! - Redirects are followed here, one hop at a time, only to `https:` — to `http:` only from a
//!   loopback server to a loopback server (the tests' and a local mirror's case) — never to
//!   `file:` or any other scheme, at most five times.
//! - 429 and 503 are retried after the `Retry-After` the server asks for (a few times, for at
//!   most half a minute in all); other statuses are the caller's to judge.
//! - A service gets at most four requests a second.

use crate::diag::Problem;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long and how much a request may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// To connect (and finish the TLS handshake).
    pub connect: Duration,
    /// For the whole request, redirects included, retries not.
    pub total: Duration,
    /// The largest body, decompressed.
    pub max_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            connect: Duration::from_secs(10),
            total: Duration::from_secs(30),
            max_bytes: 16 * 1024 * 1024,
        }
    }
}

/// What a server answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    /// The address that answered (after redirects).
    pub url: String,
    /// The status code.
    pub status: u16,
    /// The body, decompressed.
    pub body: Vec<u8>,
    /// The `Content-Type`, lower case (empty when there is none).
    pub content_type: String,
    /// The `ETag`, for asking again only if it changed.
    pub etag: Option<String>,
    /// The `Last-Modified`, likewise.
    pub last_modified: Option<String>,
}

/// A validator from an earlier answer: the server may answer 304 Not Modified.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validators {
    /// The earlier `ETag`.
    pub etag: Option<String>,
    /// The earlier `Last-Modified`.
    pub last_modified: Option<String>,
}

/// The most redirects followed.
const MAX_REDIRECTS: usize = 5;

/// The most times a 429 or 503 is asked again, and the longest wait in all.
const MAX_RETRIES: usize = 3;
const MAX_WAIT: Duration = Duration::from_secs(30);

/// The least time between two requests to one host.
const MIN_INTERVAL: Duration = Duration::from_millis(250);

/// A client for the services.
pub struct Http {
    agent: ureq::Agent,
    limits: Limits,
    /// When each host was last asked.
    last: Mutex<HashMap<String, Instant>>,
}

impl Http {
    /// A client that says `user_agent` (`cvpdf/<version> (mailto:…)`) and keeps `limits`.
    pub fn new(user_agent: &str, limits: Limits) -> Self {
        let config = ureq::Agent::config_builder()
            .timeout_connect(Some(limits.connect))
            .timeout_global(Some(limits.total))
            .max_redirects(0)
            .http_status_as_error(false)
            .user_agent(user_agent)
            .build();
        Self {
            agent: config.into(),
            limits,
            last: Mutex::new(HashMap::new()),
        }
    }

    /// The most bytes an answer may have (after decompression).
    pub fn max_bytes(&self) -> u64 {
        self.limits.max_bytes
    }

    /// GETs `url` asking for `accept`, conditionally when `validators` are given, under the
    /// rules of this module. `Err` says what went wrong in words, naming the address.
    pub fn get(
        &self,
        url: &str,
        accept: &str,
        validators: &Validators,
    ) -> Result<Fetched, Problem> {
        let scheme_ok = url.starts_with("https://") || is_loopback(url);
        if !scheme_ok {
            return Err(Problem::error(format!(
                "{url}: only https addresses are asked (or a local server)"
            )));
        }
        let mut waited = Duration::ZERO;
        let mut retries = 0;
        loop {
            let (fetched, wait) = self.follow(url, accept, validators)?;
            if let Some(wait) = wait.filter(|w| retries < MAX_RETRIES && waited + *w <= MAX_WAIT) {
                std::thread::sleep(wait);
                waited += wait;
                retries += 1;
                continue;
            }
            return Ok(fetched);
        }
    }

    /// One request and its redirects; the wait a 429 or 503 asks for, if it does.
    fn follow(
        &self,
        url: &str,
        accept: &str,
        validators: &Validators,
    ) -> Result<(Fetched, Option<Duration>), Problem> {
        let mut current = url.to_string();
        for _ in 0..=MAX_REDIRECTS {
            self.pace(&current);
            let mut request = self.agent.get(&current).header("Accept", accept);
            if let Some(etag) = &validators.etag {
                request = request.header("If-None-Match", etag);
            }
            if let Some(modified) = &validators.last_modified {
                request = request.header("If-Modified-Since", modified);
            }
            let mut response = request.call().map_err(|e| describe(&current, &e))?;
            let status = response.status().as_u16();
            let header = |name: &str| {
                response
                    .headers()
                    .get(name)
                    .and_then(|v| v.to_str().ok())
                    .map(str::to_string)
            };
            if (300..400).contains(&status) && status != 304 {
                let location = header("location").ok_or_else(|| {
                    Problem::error(format!(
                        "{current}: a redirect ({status}) without a Location"
                    ))
                })?;
                let next = resolve(&current, &location)?;
                redirect_allowed(&current, &next)?;
                current = next;
                continue;
            }
            let wait = if matches!(status, 429 | 503) {
                Some(
                    header("retry-after")
                        .as_deref()
                        .map_or(Duration::from_secs(1), retry_after),
                )
            } else {
                None
            };
            let content_type = header("content-type").unwrap_or_default().to_lowercase();
            let etag = header("etag");
            let last_modified = header("last-modified");
            // Left when the client did not decode it (it decodes gzip, which it asks for).
            let encoding = header("content-encoding");
            let body = response
                .body_mut()
                .with_config()
                .limit(self.limits.max_bytes)
                .read_to_vec()
                .map_err(|e| describe(&current, &e))?;
            let body = decoded(&current, encoding.as_deref(), body, self.limits.max_bytes)?;
            let fetched = Fetched {
                url: current,
                status,
                body,
                content_type,
                etag,
                last_modified,
            };
            return Ok((fetched, wait));
        }
        Err(Problem::error(format!(
            "{url}: more than {MAX_REDIRECTS} redirects"
        )))
    }

    /// Waits until the host of `url` may be asked again.
    fn pace(&self, url: &str) {
        // One server however its name is written (`API.crossref.org`, `api.crossref.org.`).
        let host = crate::link::host::server(url).unwrap_or_default();
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = last.get(&host) {
            let since = at.elapsed();
            if since < MIN_INTERVAL {
                std::thread::sleep(MIN_INTERVAL - since);
            }
        }
        last.insert(host, Instant::now());
    }
}

/// `body` as sent in the `Content-Encoding` `encoding` (when the client left it encoded),
/// decoded within `max_bytes`: `deflate` (zlib-wrapped, or raw as some servers send it) is read
/// here; an encoding cvpdf cannot read (`br`, `zstd`, …) is an error that names it, instead of
/// compressed bytes read as text.
fn decoded(
    url: &str,
    encoding: Option<&str>,
    body: Vec<u8>,
    max_bytes: u64,
) -> Result<Vec<u8>, Problem> {
    use std::io::Read;
    let encoding = encoding
        .map(|e| e.trim().to_ascii_lowercase())
        .unwrap_or_default();
    match encoding.as_str() {
        "" | "identity" => Ok(body),
        "deflate" => {
            let read = |reader: &mut dyn Read| {
                let mut out = Vec::new();
                reader
                    .take(max_bytes + 1)
                    .read_to_end(&mut out)
                    .map(|_| out)
            };
            let out = read(&mut flate2::read::ZlibDecoder::new(&body[..]))
                .or_else(|_| read(&mut flate2::read::DeflateDecoder::new(&body[..])))
                .map_err(|_| {
                    Problem::error(format!("{url}: the answer's deflate encoding is damaged"))
                })?;
            if out.len() as u64 > max_bytes {
                return Err(Problem::error(format!(
                    "{url}: the answer is larger than {} MB; refused",
                    max_bytes / (1024 * 1024)
                )));
            }
            Ok(out)
        }
        other => Err(Problem::error(format!(
            "{url}: the answer came in the {:?} encoding, which cvpdf did not ask for and \
             cannot read (gzip and deflate are read)",
            crate::diag::escape_line(other)
        ))),
    }
}

/// ureq's error in words, naming the address.
fn describe(url: &str, error: &ureq::Error) -> Problem {
    Problem::error(match error {
        ureq::Error::BodyExceedsLimit(limit) => {
            format!(
                "{url}: the answer is larger than {} MB; refused",
                limit / (1024 * 1024)
            )
        }
        ureq::Error::Timeout(_) => format!("{url}: no answer in time"),
        ureq::Error::Rustls(_) => format!(
            "{url}: the secure connection (TLS) could not be made; is the server an https one?"
        ),
        ureq::Error::Io(io) => format!("{url}: the connection failed ({})", io.kind()),
        other => format!("{url}: {other}"),
    })
}

/// Whether `url` is on this machine, over plain `http:`.
pub(super) fn is_loopback(url: &str) -> bool {
    url.get(..7)
        .is_some_and(|s| s.eq_ignore_ascii_case("http://"))
        && crate::link::host::host(url)
            .is_some_and(|h| matches!(h.as_str(), "127.0.0.1" | "localhost" | "[::1]"))
}

/// `location` (absolute, or relative to `base` as RFC 3986 resolves it: `/path`, `path`,
/// `../path`, `?query`, `//host/path`) as an absolute address.
fn resolve(base: &str, location: &str) -> Result<String, Problem> {
    let location = location.trim();
    url::Url::parse(base)
        .and_then(|base| base.join(location))
        .map(String::from)
        .map_err(|e| {
            Problem::error(format!(
                "{base}: a redirect to {location:?}, which is no address ({e})"
            ))
        })
}

/// Whether a redirect from `from` to `to` may be followed.
fn redirect_allowed(from: &str, to: &str) -> Result<(), Problem> {
    if to.starts_with("https://") || is_loopback(from) && is_loopback(to) {
        Ok(())
    } else {
        let scheme = to.split_once(':').map_or(to, |(s, _)| s);
        Err(Problem::error(format!(
            "{from}: redirected to a {scheme}: address ({to}); only https is followed"
        )))
    }
}

/// The wait `Retry-After` asks for: seconds (an HTTP date counts as a short wait), at most
/// the whole wait allowed.
fn retry_after(value: &str) -> Duration {
    match value.trim().parse::<u64>() {
        Ok(seconds) => Duration::from_secs(seconds).min(MAX_WAIT + Duration::from_secs(1)),
        Err(_) => Duration::from_secs(5),
    }
}

#[cfg(test)]
mod tests;
