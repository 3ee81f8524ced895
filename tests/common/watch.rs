//! `cvpdf watch` driven by a test: its lines read as they come, each step waiting for the line
//! it expects (an event, with a bound only against a hang).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The line `cvpdf watch` prints when a round is done and it waits (`commands/watch.rs`).
const IDLE: &str = "watching for changes";

/// A running `cvpdf watch` whose output lines (standard output and error) arrive on a
/// channel; killed when dropped.
pub struct Watch {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Watch {
    pub fn start(dir: &Path) -> Watch {
        Watch::with_args(dir, &["watch", "profiles", "-o", "out"])
    }

    pub fn with_args(dir: &Path, args: &[&str]) -> Watch {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cvpdf"))
            .env("CVPDF_CACHE_DIR", super::cache_dir())
            .args(args)
            .current_dir(dir)
            .env("NO_COLOR", "1")
            .env_remove("SOURCE_DATE_EPOCH")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, lines) = mpsc::channel();
        for stream in [
            Box::new(child.stdout.take().unwrap()) as Box<dyn std::io::Read + Send>,
            Box::new(child.stderr.take().unwrap()),
        ] {
            let tx = tx.clone();
            std::thread::spawn(move || {
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        Watch { child, lines }
    }

    /// Waits (at most 20 s) for a line containing `needle`; returns every line until then.
    pub fn expect(&self, needle: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let found = line.contains(needle);
                    seen.push(line);
                    if found {
                        return seen;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line with {needle:?}; saw {seen:#?}");
    }

    /// The resident memory of the process, in KiB (Linux).
    pub fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// Waits for the line watch prints when a round is done (`watching for changes`) and
    /// returns the lines before it: what that round did. An event, not a quiet time window, so
    /// a slow machine cannot make "nothing arrived yet" pass for "nothing was done".
    pub fn idle(&self) -> Vec<String> {
        let mut lines = self.expect(IDLE);
        lines.pop();
        lines
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
