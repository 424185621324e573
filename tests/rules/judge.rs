//! `jiangjun judge` from the outside: the printed ruling, and errors with a non-zero exit.

use std::process::Command;

fn judge(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .arg("judge")
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
        String::from_utf8_lossy(&out.stderr).trim().to_string(),
    )
}

#[test]
fn names_the_loser_the_reason_and_the_chased_piece() {
    let fen = "4k4/9/4b4/2c2nR2/9/9/9/9/9/3K5 w - - 0 1";
    let cycle = "g6g5 f6g8 g5g6 g8f6";
    let twice = format!("{cycle} {cycle}");
    let (ok, out, _) = judge(&["--fen", fen, "--moves", &twice]);
    assert!(ok);
    assert_eq!(out, "black-loses: perpetual chase of the rook on g6");
    // Moves may also come as separate arguments; once round the cycle is no ruling yet.
    let mut args = vec!["--fen", fen, "--moves"];
    args.extend(cycle.split(' '));
    assert_eq!(judge(&args).1, "none");
}

#[test]
fn rules_checks_mates_and_draws() {
    let fen = "c2a3R1/2c1ak3/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1";
    let moves = "h9h8 f8f9 h8h9 f9f8 h9h8 f8f9 h8h9 f9f8";
    assert_eq!(
        judge(&["--fen", fen, "--moves", moves]).1,
        "red-loses: perpetual check"
    );
    let mate = judge(&["--fen", "3k5/8R/9/9/9/9/9/9/9/R3K4 w", "--moves", "a0a9"]);
    assert_eq!(mate.1, "black-loses: checkmate");
    let fen = "3akr3/4c4/1P3R3/9/9/9/9/9/9/4CK3 b - - 0 1";
    let moves = "e8f8 f7e7 f8e8 e7f7 e8f8 f7e7 f8e8 e7f7";
    assert_eq!(
        judge(&["--fen", fen, "--moves", moves]).1,
        "draw: repetition"
    );
}

#[test]
fn bad_input_is_an_error() {
    let (ok, out, err) = judge(&["--fen", "not a fen"]);
    assert!(
        !ok && out.is_empty() && err.contains("invalid FEN"),
        "{err}"
    );
    let (ok, _, err) = judge(&[
        "--fen",
        "3k5/9/9/9/9/9/9/9/9/R3K4 w",
        "--moves",
        "a0a1 a1a2",
    ]);
    assert!(!ok && err.contains("move 2 'a1a2'"), "{err}");
    // No --fen is the start position, as in every tool that takes one.
    let (ok, out, err) = judge(&[]);
    assert!(ok && out.trim() == "none", "{out}{err}");
}

#[test]
fn chess_rulings_name_white_and_the_chess_rules() {
    let chess = |fen: &str, moves: &str| {
        let mut args = vec!["--game", "chess", "--fen", fen, "--moves"];
        args.extend(moves.split_whitespace());
        judge(&args)
    };
    // Fool's mate.
    let fools = chess(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "f2f3 e7e5 g2g4 d8h4",
    );
    assert_eq!(fools.1, "white-loses: checkmate");
    assert_eq!(chess("7k/5Q2/6K1/8/8/8/8/8 b", "").1, "draw: stalemate");
    let knights = "g1f3 g8f6 f3g1 f6g8 ";
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(chess(start, knights).1, "none");
    assert_eq!(chess(start, &knights.repeat(2)).1, "draw: repetition");
    assert_eq!(
        chess("8/8/4k3/8/8/3NK3/8/8 w - - 99 80", "d3e5").1,
        "draw: fifty-move rule"
    );
    assert_eq!(
        chess("8/8/4k3/8/8/3NK3/8/8 w - - 0 80", "").1,
        "draw: insufficient material"
    );
    let (ok, _, err) = chess(start, "e2e5");
    assert!(!ok && err.contains("move 1 'e2e5'"), "{err}");
}

#[test]
fn notation_reads_wxf_and_chinese_and_offers_moves_in_it() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    // Moves in three notations in one line.
    let (ok, out, _) = judge(&[
        "--fen",
        start,
        "--notation",
        "chinese",
        "--moves",
        "炮二平五",
        "H8+7",
        "h0g2",
    ]);
    assert!(ok && out == "none", "{out}");
    let (ok, _, err) = judge(&[
        "--fen",
        start,
        "--notation",
        "wxf",
        "--moves",
        "h2e2",
        "炮8进9",
    ]);
    assert!(!ok && err.contains("move 2 '炮8进9'"), "{err}");
    assert!(
        err.contains("its legal moves: C8+1") && err.contains("C8.5"),
        "{err}"
    );
    // Without --notation, moves stay ICCS only.
    let (ok, _, err) = judge(&["--fen", start, "--moves", "炮二平五"]);
    assert!(!ok && err.contains("expected ICCS"), "{err}");
    let (ok, _, err) = judge(&["--fen", start, "--notation", "pinyin"]);
    assert!(
        !ok && err.contains("expected iccs, wxf or chinese"),
        "{err}"
    );
}
