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
