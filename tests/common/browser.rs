//! A headless Chromium for the tests that open cvpdf's web pages (the people page, the web
//! CV): found once, started with the flags that keep it off the network and its profile in a
//! temporary folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A headless Chromium.
pub struct Browser {
    program: PathBuf,
}

impl Browser {
    /// `CVPDF_BROWSER`, else Chromium on the path; none (with a note) when there is none.
    pub fn find() -> Option<Browser> {
        let candidates: Vec<PathBuf> = std::env::var_os("CVPDF_BROWSER")
            .map(PathBuf::from)
            .into_iter()
            .chain(
                [
                    "chromium",
                    "chromium-browser",
                    "google-chrome",
                    "google-chrome-stable",
                ]
                .iter()
                .filter_map(|name| {
                    std::env::var_os("PATH").and_then(|paths| {
                        std::env::split_paths(&paths)
                            .map(|p| p.join(name))
                            .find(|p| p.is_file())
                    })
                }),
            )
            .collect();
        let program = candidates.into_iter().next();
        let why = "pages in a browser (install Debian's `chromium`, as .ci/run does, or set \
                   CVPDF_BROWSER)";
        super::require("chromium", program.is_some(), why);
        program.map(|program| Browser { program })
    }

    pub fn command(&self, profile_dir: &Path, width: u32, height: u32) -> Command {
        let mut command = Command::new(&self.program);
        command.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            "--allow-file-access-from-files",
        ]);
        command.arg(format!("--user-data-dir={}", profile_dir.display()));
        command.arg(format!("--window-size={width},{height}"));
        command
    }

    /// Opens `page` (the HTML of `file` with a probe script added) beside `file`, `width` ×
    /// `height`, lets its scripts run (up to 20 s of the page's own clock), and reads the JSON
    /// the probe put in a `<pre id="probe">` at the end of the page.
    pub fn probe_json(
        &self,
        file: &Path,
        page: &str,
        width: u32,
        height: u32,
    ) -> serde_json::Value {
        let probe_file = file.with_file_name(format!(".probe-{width}.html"));
        fs::write(&probe_file, page).unwrap();
        let user = tempfile::tempdir().unwrap();
        let output = self
            .command(user.path(), width, height)
            .arg("--virtual-time-budget=20000")
            .arg("--dump-dom")
            .arg(format!("file://{}", probe_file.display()))
            .output()
            .unwrap();
        fs::remove_file(&probe_file).unwrap();
        let dom = String::from_utf8_lossy(&output.stdout);
        let open = "<pre id=\"probe\">";
        let start = dom.find(open).unwrap_or_else(|| {
            panic!(
                "no probe output: {dom}\n{}",
                String::from_utf8_lossy(&output.stderr)
            )
        }) + open.len();
        let end = start + dom[start..].find("</pre>").unwrap();
        let raw = dom[start..end]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&nbsp;", "\u{a0}")
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&amp;", "&");
        serde_json::from_str(&raw).unwrap()
    }
}
