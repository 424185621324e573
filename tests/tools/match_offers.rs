//! `jiangjun match` and the UCCI `bestmove … resign` / `bestmove … draw` suffixes: a
//! resignation loses at once (even with a bad move), an offer is passed on as `go draw` to a
//! UCCI opponent, which draws by answering `draw` or lets it lapse; a UCI opponent never sees it.

use crate::match_support::*;

const LINE: &str = "h2e2,h9g7,b0c2,b9c7,h0g2,b7b3";

/// `scripted` plus fake-engine flags.
fn scripted_with(name: &str, proto: &str, script: &str, flags: &[&str]) -> Vec<String> {
    let mut v = scripted(name, proto, script);
    v.extend(flags.iter().map(|f| format!("arg={f}")));
    v
}

fn run_pair(name: &str, a: Vec<String>, b: Vec<String>, extra: &[&str]) -> Outcome {
    let mut args = a;
    args.extend(b);
    args.extend(["--depth", "1", "--quiet"].map(String::from));
    let mut all = as_refs(&args);
    all.extend_from_slice(extra);
    run(name, "startpos", &all)
}

fn read_log(dir: &std::path::Path, engine: &str) -> String {
    std::fs::read_to_string(dir.join(format!("logs/{engine}.1.log"))).expect("log")
}

/// The engine's noise lines, resignations and draw offers in the summary.
fn check_tail(o: &Outcome, name: &str, resignations: u32, offers: u32) {
    let e = o.engine(name);
    assert_eq!(
        [&e["noise_lines"], &e["resignations"], &e["draw_offers"]],
        [0, resignations, offers],
        "{name}: {}",
        o.json
    );
}

fn check_resignations(o: &Outcome) {
    check_engine(o, "good", [2, 0, 0], [0; 6], 0);
    check_engine(o, "quitter", [0, 0, 2], [0; 6], 0);
    check_tail(o, "quitter", 2, 0);
    o.check_terminations("resignation", 2);
    assert_eq!(
        o.pgn.matches("[Termination \"resignation\"]").count(),
        2,
        "{}",
        o.pgn
    );
    assert!(o.pgn.contains("[Result \"1-0\"]") && o.pgn.contains("[Result \"0-1\"]"));
    assert!(o.stdout.contains("resignation 2;"), "{}", o.stdout);
}

#[test]
fn a_resignation_loses_at_once() {
    if have_python() {
        // The quitter resigns at its first move after the first ply, as Black and as Red;
        // the move given with `resign` is not played.
        let o = run_pair(
            "resign",
            scripted("good", "ucci", LINE),
            scripted_with("quitter", "ucci", LINE, &["--resign-at", "1"]),
            &["--games", "2"],
        );
        check_resignations(&o);
        assert!(
            bare_moves(&o.pgn).contains("1. H2-E2 {resignation} 1-0"),
            "{}",
            o.pgn
        );
        assert!(
            bare_moves(&o.pgn).contains("1. H2-E2 H9-G7 {resignation} 0-1"),
            "{}",
            o.pgn
        );
    }
}

#[test]
fn a_resignation_with_a_malformed_move_is_still_a_resignation() {
    if have_python() {
        let o = run_pair(
            "resign-malformed",
            scripted("good", "ucci", LINE),
            scripted_with(
                "quitter",
                "ucci",
                LINE,
                &["--resign-at", "0", "--resign-with", "!!"],
            ),
            &["--games", "2"],
        );
        check_resignations(&o);
    }
}

#[test]
fn an_accepted_draw_offer_draws_by_agreement() {
    if have_python() {
        let dir = workdir("offer-accepted-logs");
        let logs = dir.join("logs");
        let o = run_pair(
            "offer-accepted",
            scripted_with("offerer", "ucci", LINE, &["--offer-draw-at", "0"]),
            scripted_with("accepter", "ucci", LINE, &["--accept-draw", "1"]),
            &["--games", "1", "--log", logs.to_str().expect("utf-8 path")],
        );
        check_rule_end(&o, "draw by agreement", "1/2-1/2");
        // The offer comes with Red's first move; Black's accepting move is not played.
        assert!(
            bare_moves(&o.pgn).contains("1. H2-E2 {draw by agreement} 1/2-1/2"),
            "{}",
            o.pgn
        );
        check_tail(&o, "offerer", 0, 1);
        check_tail(&o, "accepter", 0, 0);
        let accepter = read_log(&dir, "accepter");
        assert!(accepter.contains("> go draw depth 1"), "{accepter}");
        assert!(accepter.contains("< bestmove h9g7 draw"), "{accepter}");
    }
}

/// The offerer offers with every move, on a line that repeats; the opponent never accepts.
fn unanswered_offers(name: &str, opponent_proto: &str) -> (Outcome, String, String) {
    let cycle = "b0c2,b9c7,c2b0,c7b9";
    let dir = workdir(&format!("{name}-logs"));
    let logs = dir.join("logs");
    let o = run_pair(
        name,
        scripted_with(
            "offerer",
            "ucci",
            &format!("{cycle},{cycle}"),
            &["--offer-draw-at", "0"],
        ),
        scripted("other", opponent_proto, &format!("{cycle},{cycle}")),
        &["--games", "1", "--log", logs.to_str().expect("utf-8 path")],
    );
    // Play went on to the threefold repetition: four offers from Red, all lapsed.
    check_rule_end(&o, "repetition", "1/2-1/2");
    check_tail(&o, "offerer", 0, 4);
    (o, read_log(&dir, "offerer"), read_log(&dir, "other"))
}

#[test]
fn an_offer_not_answered_with_draw_lapses() {
    if have_python() {
        let (_, offerer, other) = unanswered_offers("offer-lapses", "ucci");
        assert_eq!(other.matches("> go draw depth 1").count(), 4, "{other}");
        assert_eq!(other.matches("> go depth 1").count(), 0, "{other}");
        // The opponent never offered, so the offerer is never asked.
        assert!(!offerer.contains("> go draw"), "{offerer}");
        assert_eq!(offerer.matches("ponder").count(), 4, "{offerer}");
    }
}

#[test]
fn a_uci_opponent_never_sees_a_draw_offer() {
    if have_python() {
        let (_, _, other) = unanswered_offers("offer-uci", "uci");
        assert!(!other.contains("draw"), "{other}");
        assert_eq!(other.matches("> go depth 1").count(), 4, "{other}");
    }
}

#[test]
fn jiangjun_accepts_a_draw_when_it_is_losing() {
    if have_python() {
        // Red, a rook against a pawn, offers a draw with its first move; jiangjun (Black)
        // takes it (it accepts at a score of -50 or worse).
        let dir = workdir("jiangjun-accepts-logs");
        let logs = dir.join("logs");
        let mut args = scripted_with("offerer", "ucci", "a0a1", &["--offer-draw-at", "0"]);
        args.extend(
            [
                "--engine",
                "name=jj",
                &format!("cmd={JIANGJUN}"),
                "proto=ucci",
                "--depth",
                "3",
                "--games",
                "1",
                "--quiet",
                "--log",
                logs.to_str().expect("utf-8 path"),
            ]
            .map(String::from),
        );
        let o = run(
            "jiangjun-accepts",
            "4k4/9/9/9/9/p8/9/9/9/R2K5 w",
            &as_refs(&args),
        );
        check_rule_end(&o, "draw by agreement", "1/2-1/2");
        let jj = read_log(&dir, "jj");
        assert!(jj.contains("> go draw depth 3"), "{jj}");
        assert!(
            bare_moves(&o.pgn).contains("1. A0-A1 {draw by agreement}"),
            "{}",
            o.pgn
        );
    }
}
