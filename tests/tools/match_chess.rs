//! `jiangjun match --game chess`: jiangjun plays itself through the runner at a fixed depth,
//! the PGN is standard chess PGN that jiangjun's own reader and python-chess both replay, and
//! UCCI engines are refused before anything starts.

use crate::match_support::*;
use std::process::Command;

const JIANGJUN: &str = env!("CARGO_BIN_EXE_jiangjun");

fn jiangjun(args: &[&str]) -> std::process::Output {
    Command::new(JIANGJUN)
        .args(args)
        .output()
        .expect("jiangjun runs")
}

#[test]
fn jiangjun_plays_itself_at_chess_and_the_pgn_reads_back() {
    let engine = |name: &str| format!("name={name} cmd={JIANGJUN} arg=--game arg=chess");
    let (a, b) = (engine("jj-a"), engine("jj-b"));
    let mut args = vec!["--game", "chess", "--engine"];
    args.extend(a.split_whitespace());
    args.push("--engine");
    args.extend(b.split_whitespace());
    args.extend(["proto=uci", "--depth", "1", "--games", "2", "--quiet"]);
    // An EPD line (Italian Game after 3. Bc4), with its operations ignored.
    let epd = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - bm Bc5; id \"it\";";
    let o = run("chess-self", epd, &args);
    assert!(o.stdout.starts_with("Finished 2 games"), "{}", o.stdout);
    check_clean(&o, "jj-a");
    check_clean(&o, "jj-b");
    let pgn = &o.pgn;
    for tag in [
        "[White \"jj-a\"]",
        "[Black \"jj-b\"]",
        "[SetUp \"1\"]",
        "[FEN \"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 1\"]",
        "[TimeControl \"-\"]",
    ] {
        assert_eq!(
            pgn.matches(tag).count(),
            if tag.contains("jj-") { 1 } else { 2 },
            "{tag}\n{pgn}"
        );
    }
    assert!(pgn.contains("\n\n1... "), "Black moves first:\n{pgn}");
    assert!(
        !pgn.contains("Chinese Chess") && !pgn.contains("[Red "),
        "{pgn}"
    );
    assert!(pgn.lines().all(|l| l.len() < 80), "{pgn}");
    let file = workdir("chess-self-read").join("games.pgn");
    std::fs::write(&file, pgn).expect("writable");
    let path = file.to_str().expect("a UTF-8 path");
    let read = jiangjun(&["match", "--read-pgn", path]);
    let said = String::from_utf8_lossy(&read.stdout);
    assert!(
        read.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&read.stderr)
    );
    assert!(
        said.starts_with("2 games,") && said.contains("2 replayed legally"),
        "{said}"
    );
    if have_python_chess() {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/check-chess-pgn.py");
        let check = Command::new("python3")
            .args([script, path, "--games", "2"])
            .output()
            .expect("python3 runs");
        let said = String::from_utf8_lossy(&check.stdout);
        assert!(check.status.success(), "{said}");
        assert!(said.contains("2 passed python-chess"), "{said}");
    }
}

#[test]
fn ucci_engines_are_refused_for_chess() {
    let out = jiangjun(&[
        "--game",
        "chess",
        "match",
        "--depth",
        "1",
        "--engine",
        "name=a",
        "cmd=x",
        "proto=ucci",
        "--engine",
        "name=b",
        "cmd=y",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("UCCI is a Xiangqi protocol"), "{err}");
}
