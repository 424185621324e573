//! The lineage can be replayed: the small run `dg-repro` of `docs/data/manifest.jsonl` is
//! played again from its entry and must be the same bytes, and the net `net-repro` of
//! `docs/data/nets.jsonl` is trained again from it, twice, and must be the same bytes as its
//! record both times. These are the commands `docs/data/README.md` gives for any run and net.

use crate::match_support::{JIANGJUN, have_python, workdir};
use std::path::Path;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Why a byte-for-byte check can fail when nothing is broken: the record is older than a
/// change that was meant to change play or training.
const RECORD_ANEW: &str = "if the engine's play or the trainer changed on purpose, record the \
                           small run and its net anew (docs/data/README.md, 'The small run the \
                           tests replay')";

fn succeeds(what: &str, o: Output) -> String {
    assert!(
        o.status.success(),
        "{what}: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn python(dir: &Path, args: &[&str]) -> Output {
    Command::new("python3")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("python3 runs")
}

fn jiangjun(dir: &Path, args: &[&str]) -> Output {
    Command::new(JIANGJUN)
        .args(args)
        .current_dir(dir)
        .output()
        .expect("jiangjun runs")
}

fn sha256(dir: &Path, file: &str) -> String {
    let code =
        "import hashlib, sys; print(hashlib.sha256(open(sys.argv[1], 'rb').read()).hexdigest())";
    succeeds("sha256", python(dir, &["-c", code, file]))
        .trim()
        .to_string()
}

/// The record of `id` in a `.jsonl` file of docs/data.
fn record(file: &str, id: &str) -> serde_json::Value {
    let path = format!("{ROOT}/docs/data/{file}");
    let text = std::fs::read_to_string(&path).expect("docs/data is in the repository");
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("one JSON object a line"))
        .find(|r| r["id"] == id)
        .unwrap_or_else(|| panic!("no record '{id}' in {path}"))
}

#[test]
fn the_small_run_and_its_net_come_back_byte_for_byte_from_their_records() {
    if !have_python() {
        return;
    }
    let dir = workdir("reproduce");
    let script = format!("{ROOT}/scripts/datagen-manifest.py");
    let replay = succeeds("--replay", python(&dir, &[&script, "--replay", "dg-repro"]));
    let mut play = vec!["datagen", "--dir", "dg-repro", "--threads", "2"];
    play.extend(replay.lines());
    succeeds("datagen", jiangjun(&dir, &play));
    let check = python(&dir, &[&script, "dg-repro", "--check", "dg-repro"]);
    assert!(
        check.status.success(),
        "the run played again is not dg-repro: {}\n{RECORD_ANEW}",
        String::from_utf8_lossy(&check.stderr)
    );

    let net = record("nets.jsonl", "net-repro");
    assert_eq!(net["data"], serde_json::json!(["dg-repro"]));
    let command = net["command"].as_str().expect("a command");
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[0], "jiangjun", "{command}");
    let out = words
        .windows(2)
        .find(|w| w[0] == "--out")
        .map(|w| w[1])
        .expect("the command names its net");
    let expected = net["sha256"].as_str().expect("a checksum");
    for attempt in ["first", "second"] {
        succeeds("train", jiangjun(&dir, &words[1..]));
        let bytes = std::fs::read(dir.join(out)).expect("train wrote its net");
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            text.contains("on dg-repro (") && !text.contains(&*dir.to_string_lossy()),
            "the net's header names its data by run, not by path"
        );
        assert_eq!(
            (bytes.len() as u64, sha256(&dir, out).as_str()),
            (net["bytes"].as_u64().expect("a size"), expected),
            "the {attempt} net trained again is not net-repro: {RECORD_ANEW}"
        );
    }
}

/// `--summary` adds up the runs' plies, counting a run once when a larger run with the same
/// settings (the same games) is in the manifest too: here `b` is a prefix of `a`, `c` a run of
/// its own, and only `c` was played with the net alone.
#[test]
fn the_summary_counts_a_prefix_of_a_run_once() {
    if !have_python() {
        return;
    }
    let dir = workdir("manifest-summary");
    let settings = |seed: u32, blend: u32| {
        serde_json::json!({"format": 2, "game": "xiangqi", "random_plies": [3, 8],
            "games_per_shard": 500, "nodes": 5000, "seed": seed,
            "net_checksum": "0x00000001", "eval_blend": blend})
    };
    let entry = |id: &str, seed: u32, blend: u32, games: u64, plies: u64| {
        serde_json::json!({"id": id, "date": "2026-12-07", "commit": "0000000",
            "settings": settings(seed, blend),
            "counts": {"shards": 400, "games": games, "plies": plies,
                "results": [0, 0, games], "bytes": 0},
            "sha256": "", "note": ""})
        .to_string()
    };
    let manifest = [
        entry("a", 1, 50, 1000, 120_000),
        entry("b", 1, 50, 500, 60_000),
        entry("c", 2, 100, 10, 1_300),
    ]
    .join("\n");
    std::fs::write(dir.join("manifest.jsonl"), manifest).expect("write the manifest");
    let script = format!("{ROOT}/scripts/datagen-manifest.py");
    let out = succeeds(
        "--summary",
        python(
            &dir,
            &[&script, "--summary", "--manifest", "manifest.jsonl"],
        ),
    );
    let line = |start: &str| {
        out.lines()
            .find(|l| l.starts_with(start))
            .unwrap_or_else(|| panic!("no line '{start}' in:\n{out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert!(line("b ").join(" ").contains("not counted"), "{out}");
    assert!(!line("a ").join(" ").contains("not counted"), "{out}");
    assert_eq!(line("total, all")[2..], ["1,010", "121,300"], "{out}");
    assert_eq!(line("total, net alone")[3..], ["10", "1,300"], "{out}");
}
