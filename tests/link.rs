//! The executable as `build.rs` links it.

/// `e_type` of an ELF header: a position-independent executable is a shared object (3), one
/// loaded at its linked address an executable (2).
const ET_EXEC: u16 = 2;

/// On GNU/Linux the executable is loaded where it was linked, so the loader rewrites none of
/// its pointers before `main` (`build.rs`: about 490 page faults of every start).
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn the_executable_is_loaded_at_its_linked_address() {
    let path = env!("CARGO_BIN_EXE_cvpdf");
    let bytes = std::fs::read(path).expect("the executable is readable");
    assert_eq!(&bytes[..4], b"\x7fELF", "{path} is an ELF file");
    let e_type = u16::from_le_bytes([bytes[16], bytes[17]]);
    assert_eq!(
        e_type, ET_EXEC,
        "{path} is position-independent (e_type {e_type}): build.rs no longer links it with -no-pie"
    );
}

/// The list of hot functions (`link/hot-functions.txt`) still names the functions of the
/// executable: their names carry a hash of each crate's build settings, so a change of a
/// dependency's settings (an `opt-level` in Cargo.toml) renames nearly all of them, the linker
/// silently finds none, and a cold render holds 10 MB more code in memory (it went from 28 to
/// 38 MiB so, unnoticed, until the list was made again). cvpdf's own functions differ when
/// `.ci/run` compiles it without optimisation (about 80% of the list matches then; a stale list
/// matched 11%).
#[test]
#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
fn the_hot_function_list_names_the_executables_functions() {
    let list = std::fs::read_to_string(crate::common::root().join("link/hot-functions.txt"))
        .expect("link/hot-functions.txt is readable");
    let toolchain = list.lines().find_map(|l| l.strip_prefix("# rustc "));
    let rustc = std::process::Command::new(std::env::var("RUSTC").unwrap_or("rustc".into()))
        .arg("-V")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    if toolchain.is_none_or(|t| format!("rustc {t}") != rustc) {
        eprintln!("SKIPPED: the list was made by another toolchain than {rustc:?}");
        return;
    }
    let nm = std::process::Command::new("nm")
        .args(["--defined-only", env!("CARGO_BIN_EXE_cvpdf")])
        .output();
    let why = "reads the executable's symbols (binutils)";
    let Some(nm) = nm.ok().filter(|o| o.status.success()) else {
        crate::common::require("nm", false, why);
        return;
    };
    let defined: std::collections::HashSet<&str> = std::str::from_utf8(&nm.stdout)
        .unwrap()
        .lines()
        .filter_map(|line| line.split_whitespace().nth(2))
        .collect();
    let names: Vec<&str> = list.lines().filter(|l| !l.starts_with('#')).collect();
    let found = names.iter().filter(|n| defined.contains(*n)).count();
    assert!(
        found * 10 >= names.len() * 6,
        "{found} of the {} hot functions are in the executable: run link/update-hot-functions \
         (after a change of build settings, toolchain or dependencies) and commit the list",
        names.len()
    );
}
