//! Link settings for the `cvpdf` executable (GNU/Linux; elsewhere the defaults stand).
//!
//! - **A fixed load address** (`-no-pie`). The binary holds about 112,000 pointers in its
//!   read-only data (Typst's tables of static strings, vtables). Loaded at a random address
//!   (a position-independent executable), each must be rewritten before `main`: the loader
//!   writes into some 490 pages of the file's mapping, and each first write is a page fault
//!   that copies the page, about 1.5–2 ms of every start on a virtual machine. Loaded where it
//!   was linked, the pointers are already right and those pages are read in as needed, a few
//!   at a time: a cold render takes 490 fewer page faults and about 2 ms less. What this gives
//!   up is the randomised address of the executable's own code and data; its libraries, heap,
//!   stacks and memory maps stay randomised (as with Go's executables, which are built the
//!   same way by default). The code is compiled position-independent as before; only the link
//!   changes.
//! - **Hot functions side by side** (`--symbol-ordering-file`, `link/hot-functions.txt`). A
//!   render runs about 6,000 of the binary's functions, spread over 31 MB of code. The kernel
//!   maps code 64 KB around each page a process touches, so a render held 18 MB of code in
//!   memory; with the functions it runs placed together, about 6. The list names functions
//!   as this toolchain names them, so it is passed only to the linker it was made for (LLD,
//!   rustc's default on x86-64 GNU/Linux), for the toolchain written in it, in a release build:
//!   anywhere else its names would not match and the binary is the same as without it. See
//!   `link/README.md`.

use std::path::Path;
use std::process::Command;

/// The list of hot functions, relative to the package.
const HOT_FUNCTIONS: &str = "link/hot-functions.txt";

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed={HOT_FUNCTIONS}");
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    let cfg = |key: &str| std::env::var(format!("CARGO_CFG_TARGET_{key}")).unwrap_or_default();
    if cfg("OS") != "linux" || cfg("ENV") != "gnu" {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    if cfg("ARCH") == "x86_64" && default_linker() && release() {
        let list =
            Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join(HOT_FUNCTIONS);
        // The linker reads a copy in the build directory: cargo does not run this script again
        // when the same build directory serves another clone (`.ci/run` keeps one outside
        // the clone), and a path into a clone that is gone would fail the link.
        let copy =
            Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("hot-functions.txt");
        let copied = made_by_this_toolchain(&list) && std::fs::copy(&list, &copy).is_ok();
        // `-Wl,` splits at commas, so a build directory whose path holds one goes without the
        // list (as does one whose path is not UTF-8) rather than fail to link.
        let path = copy.to_str().filter(|path| !path.contains(','));
        if let Some(path) = path.filter(|_| copied) {
            println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={path}");
            // Functions of the list that the code no longer has are skipped, silently.
            println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
        }
    }
}

/// Whether rustc links with its own choice of linker: no linker set for the target, none in
/// the flags.
fn default_linker() -> bool {
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    std::env::var_os("RUSTC_LINKER").is_none() && !flags.contains("linker")
}

/// Whether this is an optimised build (`release` and the profiles that inherit from it).
fn release() -> bool {
    std::env::var("PROFILE").is_ok_and(|p| p == "release")
}

/// Whether the list's header names the compiler that builds now (`rustc -V`, word for word).
fn made_by_this_toolchain(list: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(list) else {
        return false;
    };
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Some(version) = Command::new(rustc)
        .arg("-V")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .and_then(|out| String::from_utf8(out.stdout).ok())
    else {
        return false;
    };
    let wanted = format!("# {}", version.trim());
    text.lines()
        .take_while(|line| line.starts_with('#'))
        .any(|line| line.trim_end() == wanted)
}
