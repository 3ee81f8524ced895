//! Issue 28's two ratios: a cold `cvpdf render profiles/zili-zhang.yaml` against the official
//! Typst compiler compiling (a) cvpdf's own current `--format typ` export of that profile and
//! (b) the export of 2026-11-24 kept in `benches/reference/`, with the same fonts.
//!
//! The official compiler is the `typst` CLI (`TYPST`, or `target/typst-cli/bin/typst` from
//! `benches/install-typst-cli.sh`) or, with `TYPST_PY` naming a Python that has the `typst`
//! package (typst-py, the compiler as a library), that Python with its start-up (interpreter
//! and `import typst`, measured alone) subtracted.
//!
//! The four (Python's start-up, the official compiler on each export, cvpdf) take turns run by
//! run ([`interleaved`]), so that a drift in the machine's speed reaches them all alike.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use super::{export_typ, interleaved, measured, ms, official_cli, run, typst_cli_compile, Sample};

/// What a job that runs nothing measures.
const NOTHING: Sample = Sample {
    wall: Duration::ZERO,
    peak_kib: 0,
};

/// The export kept as the fixed reference.
const REFERENCE: &str = "benches/reference/zili-zhang-2026-11-24/zili-zhang.typ";
/// The faces of that day that the bundled fonts no longer hold (the icon faces, merged into
/// one since), compiled with the reference beside the bundled ones.
const REFERENCE_FONTS: &str = "benches/reference/zili-zhang-2026-11-24/fonts";
/// Issue 28's ceiling for the peak memory of a cold render, in MiB. Above it on a build with
/// `link/hot-functions.txt` in effect, the list is likely due for `link/update-hot-functions`.
const PEAK_MIB: f64 = 34.0;

/// The official compiler found, if any.
enum Official {
    Cli(PathBuf),
    Python(PathBuf),
}

impl Official {
    fn find(root: &Path) -> Option<Official> {
        if let Some(python) = std::env::var_os("TYPST_PY") {
            return Some(Official::Python(python.into()));
        }
        official_cli(root).map(Official::Cli)
    }

    /// The command compiling `main` into `pdf` with only the fonts in `fonts`.
    fn compile(&self, main: &Path, pdf: &Path, fonts: &[PathBuf]) -> Command {
        match self {
            Official::Cli(typst) => typst_cli_compile(typst, main, pdf, fonts),
            Official::Python(python) => {
                let mut command = Command::new(python);
                command
                    .args([
                        "-c",
                        "import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2], \
                         font_paths=sys.argv[3:], ignore_system_fonts=True)",
                    ])
                    .arg(main)
                    .arg(pdf)
                    .args(fonts);
                command
            }
        }
    }

    /// The command measuring what every run of the official compiler costs besides the
    /// compile: Python's start-up and `import typst` for typst-py, none for the CLI.
    fn start_up(&self) -> Option<Command> {
        match self {
            Official::Cli(_) => None,
            Official::Python(python) => {
                let mut command = Command::new(python);
                command.args(["-c", "import sys, typst"]);
                Some(command)
            }
        }
    }

    fn name(&self) -> String {
        match self {
            Official::Cli(typst) => {
                let version = Command::new(typst).arg("--version").output();
                version.map_or_else(
                    |_| "typst".into(),
                    |o| String::from_utf8_lossy(&o.stdout).trim().to_string(),
                )
            }
            Official::Python(_) => "typst-py, Python's start-up subtracted".into(),
        }
    }
}

/// The report's row for what was subtracted from each run of the official compiler: none for
/// the CLI.
fn start_up_row(official: &Official, start_up: (Duration, i64)) -> String {
    match official {
        Official::Cli(_) => String::new(),
        Official::Python(_) => format!(
            "| Python's start-up and `import typst`, subtracted from the two below | {:.1} ms | {:.1} MiB |\n",
            ms(start_up.0),
            start_up.1 as f64 / 1024.0
        ),
    }
}

/// The section of the report: the official compiler on both exports, cvpdf on the profile,
/// and the two ratios with their targets.
pub fn ratios(root: &Path, bin: &Path, lab: &Path, runs: usize) -> String {
    let Some(official) = Official::find(root) else {
        return "\n## Against the official compiler (issue 28)\n\nskipped: no official compiler \
                (run benches/install-typst-cli.sh, or set TYPST, or TYPST_PY to a Python with \
                typst-py)\n"
            .into();
    };
    let profile = root.join("profiles/zili-zhang.yaml");
    let current = export_typ(bin, lab, &profile, &lab.join("typ-bundled"));
    let fonts = root.join("fonts");
    let reference = root.join(REFERENCE);
    let pdf = lab.join("out/official-bundled.pdf");
    let compile = |main: &Path, fonts: &[PathBuf]| {
        let mut command = official.compile(main, &pdf, fonts);
        command.stdout(Stdio::null());
        command
    };
    let mut current = compile(&current, std::slice::from_ref(&fonts));
    let mut reference = compile(&reference, &[fonts.clone(), root.join(REFERENCE_FONTS)]);
    let mut python_alone = official.start_up();
    let args = [
        "render",
        profile.to_str().unwrap(),
        "-o",
        "out/bundled.pdf",
        "--quiet",
        "--force",
    ];
    let measured_all = {
        let mut on_current = || measured(&mut current);
        let mut on_reference = || measured(&mut reference);
        let mut ours = || run(bin, lab, &args);
        let mut python = || {
            python_alone
                .as_mut()
                .map_or(NOTHING, |c| measured(c.stdout(Stdio::null())))
        };
        interleaved(
            runs,
            &mut [&mut python, &mut on_current, &mut on_reference, &mut ours],
        )
    };
    let [start_up, on_current, on_reference, ours] = measured_all[..] else {
        unreachable!("four jobs measured")
    };
    let after_start_up = |(wall, peak): (Duration, i64)| (wall.saturating_sub(start_up.0), peak);
    let (on_current, on_reference) = (after_start_up(on_current), after_start_up(on_reference));
    let ratio = |theirs: Duration| ours.0.as_secs_f64() / theirs.as_secs_f64();
    let (a, b) = (ratio(on_current.0), ratio(on_reference.0));
    let peak = ours.1 as f64 / 1024.0;
    let verdict = |value: f64, target: f64| if value <= target { "met" } else { "NOT met" };
    format!(
        "\n## Against the official compiler (issue 28; {}; medians of {runs} rounds, the four taking turns)\n\n\
         | job | wall (median) | peak RSS |\n| --- | --- | --- |\n\
         {}\
         | official: cvpdf's current export of profiles/zili-zhang.yaml | {:.1} ms | {:.1} MiB |\n\
         | official: the export of 2026-11-24 (`{REFERENCE}`) | {:.1} ms | {:.1} MiB |\n\
         | cold `cvpdf render profiles/zili-zhang.yaml` | {:.1} ms | {:.1} MiB |\n\n\
         | ratio | value | target |\n| --- | --- | --- |\n\
         | cvpdf ÷ official on the current export | {a:.2}× | ≤ 1.0× ({}) |\n\
         | cvpdf ÷ official on the 2026-11-24 export | {b:.2}× | ≤ 0.8× ({}) |\n\
         | peak RSS of the cold render | {peak:.1} MiB | ≤ {PEAK_MIB} MiB ({}) |\n",
        official.name(),
        start_up_row(&official, start_up),
        ms(on_current.0),
        on_current.1 as f64 / 1024.0,
        ms(on_reference.0),
        on_reference.1 as f64 / 1024.0,
        ms(ours.0),
        ours.1 as f64 / 1024.0,
        verdict(a, 1.0),
        verdict(b, 0.8),
        verdict(peak, PEAK_MIB),
    )
}
