//! `jiangjun match` against a scripted fake engine that misbehaves in each way a runner must
//! survive (illegal move, garbage, crash, hang, no bestmove, overstepping the clock): each must
//! lose that game, be counted for the right engine, and restart it when it is dead. Also the
//! SPRT early stop, the tournament formats and the command line.

use crate::match_support::*;
use std::process::Command;

#[test]
fn an_illegal_move_loses_the_game() {
    if have_python() {
        let o = against_misbehaving("illegal", &["--depth", "1"]);
        check_forfeits(&o, "illegal move", [0, 0, 0, 2, 0, 0], 0);
        assert!(o.pgn.contains("{illegal move: e0e5:"), "{}", o.pgn);
    }
}

#[test]
fn a_garbage_bestmove_loses_and_garbage_lines_are_only_counted() {
    if have_python() {
        let o = against_misbehaving("garbage", &["--depth", "1"]);
        check_forfeits(&o, "malformed move", [0, 0, 0, 0, 2, 0], 0);
        assert_eq!(o.engine("bad")["noise_lines"], 2, "{}", o.json);
    }
}

#[test]
fn a_crash_loses_and_the_engine_is_restarted() {
    if have_python() {
        let o = against_misbehaving("crash", &["--depth", "1"]);
        check_forfeits(&o, "crash", [0, 2, 0, 0, 0, 0], 2);
    }
}

#[test]
fn a_hang_loses_and_the_engine_is_restarted() {
    if have_python() {
        let o = against_misbehaving("hang", &["--depth", "1", "--hang-timeout", "1"]);
        check_forfeits(&o, "hang", [0, 0, 2, 0, 0, 0], 2);
    }
}

#[test]
fn nobestmove_loses_the_game() {
    if have_python() {
        let o = against_misbehaving("nobestmove", &["--depth", "1"]);
        check_forfeits(&o, "no bestmove", [0, 0, 0, 0, 0, 2], 0);
    }
}

#[test]
fn overstepping_the_clock_is_a_time_loss() {
    if have_python() {
        // 1000 ms per move against 200 ms allowed plus a 100 ms margin (room for a loaded CI
        // machine to schedule the good engine); the slow one answers `stop` within the 1 s grace,
        // so it is not restarted.
        let o = against_misbehaving("slow", &["--st", "0.2", "--timemargin", "100"]);
        check_forfeits(&o, "time forfeit", [2, 0, 0, 0, 0, 0], 0);
    }
}

#[test]
fn sprt_stops_the_match_once_it_decides() {
    if have_python() {
        // The bad engine loses every game. At elo1=200 each 2-0 pair adds ln(0.7597 / 0.5) =
        // 0.42 to the ratio, past the bound 2.94 after 8 pairs; the minimum of 20 pairs
        // (jiangjun_tools::matches::stats::MIN_PAIRS) holds the verdict back to game 40, one game at
        // a time, so the match stops exactly there.
        let o = against_misbehaving(
            "nobestmove",
            &[
                "--depth",
                "1",
                "--games",
                "100",
                "--sprt",
                "elo0=0",
                "elo1=200",
                "alpha=0.05",
                "beta=0.05",
            ],
        );
        assert_eq!(jiangjun_tools::matches::stats::MIN_PAIRS, 20);
        assert!(o.stdout.contains("H1 accepted"), "{}", o.stdout);
        assert!(o.stdout.starts_with("Finished 40 games"), "{}", o.stdout);
        assert_eq!(o.summary()["sprt"]["verdict"], "H1", "{}", o.json);
    }
}

#[test]
fn replaying_an_opening_at_a_fixed_depth_is_flagged_as_a_copy() {
    if have_python() {
        let cycle = "b0c2,b9c7,c2b0,c7b9";
        let mut args = scripted("a", "ucci", &format!("{cycle},{cycle}"));
        args.extend(scripted("b", "ucci", &format!("{cycle},{cycle}")));
        args.extend(["--games", "4", "--depth", "1", "--quiet"].map(String::from));
        // One opening, four games: games 3 and 4 replay games 1 and 2.
        let o = run("copies", "startpos", &as_refs(&args));
        assert!(o.stdout.starts_with("Finished 4 games"), "{}", o.stdout);
        assert!(o.stderr.contains("game 3 replays game 1"), "{}", o.stderr);
        assert!(
            o.stderr.contains("2 of the 4 scheduled games"),
            "{}",
            o.stderr
        );
        assert_eq!(o.stderr.matches("replays").count(), 1, "warned once");
        // Two games, one per colour: nothing repeats.
        let args2: Vec<String> = args[..args.len() - 5].to_vec();
        let mut two = as_refs(&args2);
        two.extend(["--games", "2", "--depth", "1", "--quiet"]);
        let o = run("no-copies", "startpos", &two);
        assert!(!o.stderr.contains("replays"), "{}", o.stderr);
    }
}

#[test]
fn a_round_robin_plays_every_pairing_and_a_gauntlet_the_first_engine() {
    if have_python() {
        let cycle = "b0c2,b9c7,c2b0,c7b9";
        let mut args = Vec::new();
        for n in ["x", "y", "z"] {
            args.extend(scripted(n, "ucci", &format!("{cycle},{cycle}")));
        }
        args.extend(
            [
                "--games",
                "2",
                "--depth",
                "1",
                "--concurrency",
                "2",
                "--quiet",
            ]
            .map(String::from),
        );
        let mut rr = as_refs(&args);
        rr.extend(["--format", "round-robin"]);
        let o = run("round-robin", "startpos", &rr);
        assert!(o.stdout.starts_with("Finished 6 games"), "{}", o.stdout);
        for pair in ["x vs y", "x vs z", "y vs z"] {
            assert!(
                o.stdout.contains(&format!("{pair}: 2 games, +0 =2 -0")),
                "{}",
                o.stdout
            );
        }
        let mut g = as_refs(&args);
        g.extend(["--format", "gauntlet"]);
        let o = run("gauntlet", "startpos", &g);
        assert!(
            o.stdout.starts_with("Finished 4 games") && !o.stdout.contains("y vs z"),
            "{}",
            o.stdout
        );
    }
}

#[test]
fn help_lists_the_flags_and_an_example() {
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args(["match", "--help"])
        .output()
        .expect("runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success());
    assert!(
        text.contains("--concurrency") && text.contains("Examples:"),
        "{text}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args(["match", "--bogus"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_engine_that_does_not_start_stops_the_match_before_it_begins() {
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args([
            "match",
            "--engine",
            "name=a",
            "cmd=/nonexistent",
            "--engine",
            "name=b",
            "cmd=/nonexistent",
            "--depth",
            "1",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("does not start"));
}

#[test]
fn an_engine_numbering_ranks_otherwise_stops_the_match_before_it_begins() {
    if have_python() {
        // 'h3e3' is h2e2 with ranks counted from 1, as Fairy-Stockfish's plain UCI writes it:
        // given ranks=0, every game would be lost by "illegal move", a result measuring nothing.
        let mut args = scripted("good", "ucci", "h2e2");
        args.extend(scripted("onebased", "uci", "h3e3"));
        args.extend(["--games", "2", "--depth", "1"].map(String::from));
        let o = run_any("ranks-probe", "startpos", &as_refs(&args));
        assert!(!o.ok, "{}", o.stderr);
        assert!(
            o.stderr
                .contains("engine 'onebased' answered h3e3 from the first opening")
                && o.stderr.contains("give it ranks=1"),
            "{}",
            o.stderr
        );
        assert!(o.pgn.is_empty(), "no game is played: {}", o.pgn);
    }
}

#[test]
fn each_game_has_a_line_with_its_result_the_running_score_and_the_time_left() {
    if have_python() {
        let mut args = scripted("a", "ucci", "h2e2,h9g7");
        args.extend(scripted("b", "uci", "h2e2,h9g7"));
        args.extend(["--games", "2", "--depth", "1", "--maxmoves", "1"].map(String::from));
        let o = run("game-lines", "startpos", &as_refs(&args));
        let lines: Vec<&str> = o
            .stderr
            .lines()
            .filter(|l| l.starts_with("Game "))
            .collect();
        assert_eq!(lines.len(), 2, "{}", o.stderr);
        assert!(
            lines[0].starts_with(
                "Game 1/2 (a vs b): 1/2-1/2 {maximum game length}  a vs b: +0 =1 -0 [0.500]"
            ),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].starts_with("Game 2/2 (b vs a): 1/2-1/2"),
            "{}",
            lines[1]
        );
        assert!(
            lines
                .iter()
                .all(|l| l.contains(" elapsed, ") && l.ends_with(" left"))
        );
        assert!(lines[1].ends_with("0:00 left"), "{}", lines[1]);
    }
}
