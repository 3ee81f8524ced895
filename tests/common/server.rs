//! A real HTTP server on 127.0.0.1 for `cvpdf sync`'s tests: each route answers as told
//! (recorded bodies, error statuses, HTML, a flood, a gzip bomb, redirects, silence, a rate
//! limit), honours `If-None-Match`, and keeps what it was asked.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// How a route answers.
#[derive(Clone)]
pub enum Reply {
    /// A status, a content type and a body; with an ETag, a request that sends it back gets
    /// 304.
    Body {
        status: u16,
        content_type: &'static str,
        body: Vec<u8>,
        etag: Option<&'static str>,
    },
    /// 200 with this body gzip-compressed (`Content-Encoding: gzip`).
    Gzip(Vec<u8>),
    /// 200 with a body of this many zero bytes, sent as fast as it is read.
    Flood(u64),
    /// A redirect to this address.
    Redirect(&'static str),
    /// 429 asking to come back after this many seconds.
    TooMany(u64),
    /// Reads the request and never answers.
    Stall,
}

impl Reply {
    /// 200 with a JSON body.
    pub fn json(body: &[u8]) -> Reply {
        Reply::Body {
            status: 200,
            content_type: "application/json;charset=UTF-8",
            body: body.to_vec(),
            etag: None,
        }
    }

    /// A status with a plain-text body.
    pub fn status(status: u16, body: &str) -> Reply {
        Reply::Body {
            status,
            content_type: "text/plain",
            body: body.as_bytes().to_vec(),
            etag: None,
        }
    }
}

/// One request the server saw.
#[derive(Debug, Clone)]
pub struct Seen {
    /// The request target (path and query).
    pub target: String,
    /// Its headers, names in lower case.
    pub headers: Vec<(String, String)>,
}

impl Seen {
    /// The value of header `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A running server.
pub struct Server {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    seen: Arc<Mutex<Vec<Seen>>>,
}

/// Routes: the first whose text the request target contains answers, with its replies in
/// turn (the last one again once they are used up). Unrouted requests get 404.
type Routes = Vec<(String, Vec<Reply>)>;

impl Server {
    /// Starts a server with `routes`.
    pub fn start(routes: Vec<(&str, Vec<Reply>)>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let routes: Arc<Mutex<Routes>> = Arc::new(Mutex::new(
            routes
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        ));
        let log = Arc::clone(&seen);
        thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (routes, log) = (Arc::clone(&routes), Arc::clone(&log));
                thread::spawn(move || answer(stream, &routes, &log));
            }
        });
        Server { base, seen }
    }

    /// The requests seen so far.
    pub fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }
}

/// Reads one request from `stream` and answers it.
fn answer(stream: TcpStream, routes: &Mutex<Routes>, log: &Mutex<Vec<Seen>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let target = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.push((name.trim().to_lowercase(), value.trim().to_string()));
        }
    }
    let seen = Seen { target, headers };
    log.lock().unwrap().push(seen.clone());
    let reply = {
        let mut routes = routes.lock().unwrap();
        routes
            .iter_mut()
            .find(|(key, _)| seen.target.contains(key.as_str()))
            .map(|(_, replies)| {
                if replies.len() > 1 {
                    replies.remove(0)
                } else {
                    replies[0].clone()
                }
            })
    };
    let reply = reply.unwrap_or_else(|| Reply::status(404, "Resource not found."));
    let mut stream = stream;
    let head = |status: u16, extra: &str, length: u64| {
        format!(
            "HTTP/1.1 {status} X\r\nContent-Length: {length}\r\nConnection: close\r\n{extra}\r\n"
        )
    };
    let _ = match reply {
        Reply::Body {
            status,
            content_type,
            body,
            etag,
        } => {
            if etag.is_some() && seen.header("if-none-match") == etag {
                stream.write_all(head(304, "", 0).as_bytes())
            } else {
                let etag = etag.map(|e| format!("ETag: {e}\r\n")).unwrap_or_default();
                let extra = format!("Content-Type: {content_type}\r\n{etag}");
                let mut bytes = head(status, &extra, body.len() as u64).into_bytes();
                bytes.extend(body);
                stream.write_all(&bytes)
            }
        }
        Reply::Gzip(body) => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            encoder.write_all(&body).unwrap();
            let zipped = encoder.finish().unwrap();
            let extra = "Content-Type: application/json\r\nContent-Encoding: gzip\r\n";
            let mut bytes = head(200, extra, zipped.len() as u64).into_bytes();
            bytes.extend(zipped);
            stream.write_all(&bytes)
        }
        Reply::Flood(size) => {
            let _ = stream.write_all(head(200, "Content-Type: text/plain\r\n", size).as_bytes());
            let chunk = vec![b'@'; 64 * 1024];
            let mut sent = 0;
            while sent < size {
                if stream.write_all(&chunk).is_err() {
                    break;
                }
                sent += chunk.len() as u64;
            }
            Ok(())
        }
        Reply::Redirect(to) => {
            stream.write_all(head(302, &format!("Location: {to}\r\n"), 0).as_bytes())
        }
        Reply::TooMany(seconds) => {
            stream.write_all(head(429, &format!("Retry-After: {seconds}\r\n"), 0).as_bytes())
        }
        Reply::Stall => {
            thread::sleep(Duration::from_secs(60));
            Ok(())
        }
    };
}
