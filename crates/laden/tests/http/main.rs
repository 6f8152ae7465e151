//! The server over real HTTP, on SQLite and PostgreSQL, as one test binary (one link for the
//! whole suite). Each test starts its own server on a fresh database (`common::TestApp`); the
//! modules are rooms by area.

#![allow(clippy::unwrap_used)]

mod common;

mod german_law;
mod operations;
mod payments;
mod staff;
mod storefront;

/// In one test binary a file no `mod` line names is never compiled, so its tests would stop
/// running without a word: every file and folder below `tests/http` must be a module of its parent.
#[test]
fn every_test_file_is_a_module() {
    fn walk(dir: &std::path::Path, parent: &str, orphans: &mut Vec<String>) {
        let declared = std::fs::read_to_string(dir.join(parent)).unwrap();
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
            if path.is_dir() {
                walk(&path, "mod.rs", orphans);
            } else if stem == "mod" || stem == "main" || path.extension().is_none_or(|e| e != "rs")
            {
                continue;
            }
            let named = declared
                .lines()
                .any(|l| l.trim_start_matches("pub ").trim() == format!("mod {stem};"));
            if !named {
                orphans.push(path.display().to_string());
            }
        }
    }
    let mut orphans = Vec::new();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/http");
    walk(&root, "main.rs", &mut orphans);
    assert!(
        orphans.is_empty(),
        "test files no module names: {orphans:?}"
    );
}
