//! `scripts/speed.py` runs `bench` of two builds side by side and compares their speed and
//! their node counts: checked here with the built engine as both builds, and with a wrapper
//! that searches one ply deeper as the second (so that the node counts differ).

use crate::match_support::{JIANGJUN, have_python, workdir};
use std::process::Command;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/speed.py");

/// Runs the script on builds `a` and `b` at bench depth 3, two rounds, and returns its output
/// and the JSON it wrote.
fn speed(a: &str, b: &str, name: &str) -> (String, serde_json::Value) {
    let json = workdir(name).join("speed.json");
    let out = Command::new("python3")
        .args([SCRIPT, a, b, "--depth", "3", "--rounds", "2", "--json"])
        .arg(&json)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report = std::fs::read_to_string(&json).expect("the JSON written");
    (stdout, serde_json::from_str(&report).expect("JSON"))
}

#[test]
fn the_same_build_twice_searches_the_same_nodes() {
    if !have_python() {
        return;
    }
    let (stdout, report) = speed(JIANGJUN, JIANGJUN, "speed-same");
    assert!(stdout.contains("same nodes: yes"), "{stdout}");
    let rounds = report["rounds"].as_array().expect("rounds");
    assert_eq!(rounds.len(), 2);
    for r in rounds {
        assert!(r["a"].as_u64().is_some_and(|n| n > 0), "{r}");
        assert_eq!(r["signature_a"], r["signature_b"]);
    }
    assert_eq!(report["summary"]["same_nodes"], true);
    assert!(
        report["summary"]["median_ratio"]
            .as_f64()
            .is_some_and(|r| r > 0.0)
    );
}

#[cfg(unix)]
#[test]
fn builds_that_search_different_trees_are_told_apart() {
    use std::os::unix::fs::PermissionsExt;
    if !have_python() {
        return;
    }
    let dir = workdir("speed-deeper");
    let deeper = dir.join("deeper.sh");
    // Called as `deeper.sh bench 3`: searches depth 4 instead.
    std::fs::write(
        &deeper,
        format!("#!/bin/sh\nexec '{JIANGJUN}' bench $(($2 + 1))\n"),
    )
    .expect("write the wrapper");
    std::fs::set_permissions(&deeper, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let (stdout, report) = speed(
        JIANGJUN,
        deeper.to_str().expect("UTF-8"),
        "speed-deeper-run",
    );
    assert!(stdout.contains("same nodes: no (Bench "), "{stdout}");
    assert_eq!(report["summary"]["same_nodes"], false);
}
