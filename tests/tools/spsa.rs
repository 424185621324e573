//! `scripts/spsa.py` reads the search's tunable numbers from `search/params.rs` by pattern, and
//! sets them in the engines it plays as hidden `Tune_*` options: both are checked here, the
//! first against the struct itself, the second by one real iteration.

use crate::match_support::{JIANGJUN, have_python, workdir};
use jiangjun_engine::search::SearchParams;
use std::process::Command;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/spsa.py");

#[test]
fn spsa_reads_every_tunable_number_from_the_source() {
    if !have_python() {
        return;
    }
    let out = Command::new("python3")
        .args([SCRIPT, "--list"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let listed: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(String::from)
        .collect();
    let specs: Vec<String> = SearchParams::SPECS
        .iter()
        .map(|s| format!("{} {} {} {}", s.name, s.default, s.min, s.max))
        .collect();
    assert_eq!(listed, specs);
}

#[test]
fn an_spsa_iteration_plays_both_sides_and_moves_the_numbers_within_range() {
    if !have_python() {
        return;
    }
    let dir = workdir("spsa");
    let out = Command::new("python3")
        .args([
            SCRIPT,
            "--engine",
            JIANGJUN,
            "--out",
            dir.to_str().expect("a UTF-8 path"),
            "--params",
            "razor_base,lmr_divisor",
            "--iterations",
            "2",
            "--pairs",
            "1",
            "--nodes",
            "300",
            "--concurrency",
            "1",
        ])
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("iteration 2/2"), "{stdout}");
    let state: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("state.json")).expect("state.json written"),
    )
    .expect("JSON");
    assert_eq!(state["iteration"], 2);
    assert_eq!(state["games"], 4);
    let razor = state["theta"]["razor_base"].as_f64().expect("a number");
    assert!((0.0..=800.0).contains(&razor), "{razor}");
    let log = std::fs::read_to_string(dir.join("spsa.tsv")).expect("spsa.tsv written");
    assert_eq!(log.lines().count(), 3, "{log}");
}
