//! `jiangjun match` games between real processes: every rule ending reached from a
//! constructed position (scripted fakes), adjudication, clocks in both dialects, jiangjun
//! against itself, and Fairy-Stockfish (when installed) in both of its dialects.

use crate::match_support::*;
use std::process::Command;

#[test]
fn checkmate_ends_the_game() {
    if have_python() {
        let o = scripted_game("mate", "3k5/8R/9/9/9/9/9/9/9/R3K4 w", "a0a9");
        check_rule_end(&o, "checkmate", "1-0");
        assert!(
            bare_moves(&o.pgn).contains("1. A0-A9 {checkmate} 1-0"),
            "{}",
            o.pgn
        );
    }
}

#[test]
fn stalemate_loses_for_the_stalemated_side() {
    if have_python() {
        let o = scripted_game("stalemate", "3k5/9/2P1P4/9/9/9/9/9/9/5K3 w", "e7e8");
        check_rule_end(&o, "stalemate", "1-0");
    }
}

#[test]
fn perpetual_check_loses_for_the_checker() {
    if have_python() {
        let cycle = "h9h8,f8f9,h8h9,f9f8";
        let o = scripted_game(
            "perpetual",
            "c2a3R1/2c1ak3/b6P1/8p/9/9/9/9/4K4/9 w",
            &format!("{cycle},{cycle}"),
        );
        check_rule_end(&o, "perpetual check", "0-1");
    }
}

#[test]
fn perpetual_chase_loses_for_the_chaser() {
    if have_python() {
        // Case cu-01 of tests/data/repetition-cases.txt: Red's rook follows an unprotected
        // cannon between h6 and i6; at the third occurrence Red has lost. Black moves first.
        let cycle = "i0h0,i6h6,h0i0,h6i6";
        let o = scripted_game(
            "perpetual-chase",
            "2ba1k3/4a4/b8/8R/9/9/1r2p4/9/4A4/2B1KAB1c b - - 0 1",
            &format!("{cycle},{cycle}"),
        );
        check_rule_end(&o, "perpetual chase", "0-1");
        assert!(
            bare_moves(&o.pgn).contains("1. ... I0-H0 2. I6-H6"),
            "{}",
            o.pgn
        );
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    if have_python() {
        let cycle = "b0c2,b9c7,c2b0,c7b9";
        let o = scripted_game("repetition", "startpos", &format!("{cycle},{cycle}"));
        check_rule_end(&o, "repetition", "1/2-1/2");
    }
}

#[test]
fn the_natural_move_limit_draws() {
    if have_python() {
        let o = scripted_game(
            "move-limit",
            "3k4r/9/9/9/9/9/9/9/R8/4K4 w - - 112 1",
            "a1a2,i9i8,a2a3,i8i7,a3a4,i7i6,a4a5,i6i5",
        );
        check_rule_end(&o, "natural move limit", "1/2-1/2");
    }
}

#[test]
fn the_maximum_game_length_draws() {
    if have_python() {
        let cycle = "b0c2,b9c7,c2b0,c7b9";
        let mut args = scripted("a", "ucci", cycle);
        args.extend(scripted("b", "ucci", cycle));
        args.extend(
            ["--games", "1", "--depth", "1", "--maxmoves", "1", "--quiet"].map(String::from),
        );
        let o = run("max-length", "startpos", &as_refs(&args));
        check_rule_end(&o, "maximum game length", "1/2-1/2");
    }
}

#[test]
fn each_engine_runs_in_its_own_directory() {
    if have_python() {
        let dir = workdir("engine-dirs");
        let (da, db) = (dir.join("a"), dir.join("b"));
        for d in [&da, &db] {
            std::fs::create_dir_all(d).expect("writable");
        }
        let mut args = scripted("a", "ucci", "a0a9");
        args.extend([
            "arg=--touch".into(),
            "arg=here-a".into(),
            format!("dir={}", da.display()),
        ]);
        args.extend(scripted("b", "ucci", "a0a9"));
        args.extend([
            "arg=--touch".into(),
            "arg=here-b".into(),
            format!("dir={}", db.display()),
        ]);
        args.extend(["--games", "1", "--depth", "1", "--quiet"].map(String::from));
        let o = run(
            "engine-dirs-run",
            "3k5/8R/9/9/9/9/9/9/9/R3K4 w",
            &as_refs(&args),
        );
        check_rule_end(&o, "checkmate", "1-0");
        assert!(da.join("here-a").exists() && db.join("here-b").exists());
        assert!(!da.join("here-b").exists());
    }
}

#[test]
fn resign_adjudication_ends_a_lost_game() {
    if have_python() {
        // Black reports -700 on each of its moves: after its second the game is adjudicated.
        let o = shuffling(
            "resign",
            [0, -700],
            &["--depth", "1", "--resign", "movecount=2", "score=600"],
        );
        check_rule_end(&o, "adjudicated loss", "1-0");
        assert!(
            bare_moves(&o.pgn).contains("1. B0-C2 B9-C7 2. C2-B0 C7-B9 {adjudicated loss} 1-0"),
            "{}",
            o.pgn
        );
    }
}

#[test]
fn draw_adjudication_ends_a_level_game() {
    if have_python() {
        let o = shuffling(
            "draw",
            [5, -5],
            &[
                "--depth",
                "1",
                "--draw",
                "movenumber=2",
                "movecount=2",
                "score=10",
            ],
        );
        check_rule_end(&o, "adjudicated draw", "1/2-1/2");
    }
}

#[test]
fn clocks_are_sent_in_each_dialect() {
    if have_python() {
        let dir = workdir("clock-logs");
        let logs = dir.join("logs");
        let logs = logs.to_str().expect("utf-8 path");
        let o = shuffling(
            "clock",
            [0, 0],
            &["--tc", "40/1+0.1", "--maxmoves", "2", "--log", logs],
        );
        check_rule_end(&o, "maximum game length", "1/2-1/2");
        let ucci = std::fs::read_to_string(dir.join("logs/a.1.log")).expect("log");
        let uci = std::fs::read_to_string(dir.join("logs/b.1.log")).expect("log");
        // A UCCI engine offering usemillisec is switched to milliseconds and given its own
        // clock first; UCI gets Red's and Black's clocks.
        assert!(ucci.contains("> setoption usemillisec true"), "{ucci}");
        assert!(
            ucci.contains("> go time 1000 movestogo 40 opptime 1000"),
            "{ucci}"
        );
        assert!(uci.contains("> go wtime "), "{uci}");
        assert!(uci.contains(" winc 100 binc 100 movestogo 40"), "{uci}");
    }
}

#[test]
fn jiangjun_plays_itself_at_fixed_depth_in_both_protocols() {
    let o = run(
        "jiangjun-self",
        "startpos",
        &[
            "--engine",
            "name=jj-ucci",
            &format!("cmd={JIANGJUN}"),
            "proto=ucci",
            // UCCI's book is on by default and UCI's off: the same engine without one.
            "option.usebook=false",
            "--engine",
            "name=jj-uci",
            &format!("cmd={JIANGJUN}"),
            "proto=uci",
            "--depth",
            "3",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--quiet",
        ],
    );
    assert!(o.stdout.starts_with("Finished 2 games"), "{}", o.stdout);
    for name in ["jj-ucci", "jj-uci"] {
        check_clean(&o, name);
    }
    // The same engine at the same depth plays the same game whichever protocol it speaks,
    // so the colour-swapped pair is split evenly.
    assert_eq!(
        o.summary()["pairings"][0]["pentanomial"],
        serde_json::json!([0, 0, 1, 0, 0]),
        "{}",
        o.json
    );
    for g in jiangjun_tools::arbiter::pgn::read(&o.pgn).expect("our PGN reads back") {
        g.replay().expect("every move is legal");
    }
}

#[test]
fn identical_engines_get_no_sprt_verdict_in_40_games() {
    // The case: the same build against itself. Without noise, one thread at fixed nodes
    // plays each opening's pair as the same game twice, so every pair is 1-1: the old normal
    // approximation saw no variance and accepted H0 after 6 games. With a little evaluation
    // noise the games vary and the pairs spread over all five classes.
    for noise in ["none", "small"] {
        let engine = |name: &str| {
            [
                "--engine".to_string(),
                format!("name={name}"),
                format!("cmd={JIANGJUN}"),
                "proto=ucci".into(),
                "option.threads=1".into(),
                format!("option.randomness={noise}"),
            ]
        };
        let mut args: Vec<String> = engine("jj-a").into_iter().chain(engine("jj-b")).collect();
        args.extend(
            [
                "--nodes",
                "300",
                "--games",
                "40",
                "--concurrency",
                "2",
                "--quiet",
                "--sprt",
                "elo0=0",
                "elo1=5",
            ]
            .map(String::from),
        );
        let o = run(
            &format!("jiangjun-sprt-{noise}"),
            jiangjun_tools::arbiter::openings::BUILTIN,
            &as_refs(&args),
        );
        assert!(o.stdout.starts_with("Finished 40 games"), "{}", o.stdout);
        assert!(o.stdout.contains("no decision yet"), "{}", o.stdout);
        assert_eq!(o.summary()["sprt"]["verdict"], "continue", "{}", o.json);
        assert!(
            !o.stderr.contains("replays"),
            "20 openings, no copies: {}",
            o.stderr
        );
        if noise == "none" {
            assert_eq!(
                o.summary()["pairings"][0]["pentanomial"],
                serde_json::json!([0, 0, 20, 0, 0]),
                "{}",
                o.json
            );
        }
    }
}

#[test]
fn jiangjun_keeps_to_a_fixed_time_per_move() {
    let o = run(
        "jiangjun-movetime",
        "startpos moves h2e2 h9g7",
        &[
            // A 1 MB table: the first-write faults of a fresh 64 MB one fall inside the first
            // searches and, on a loaded machine, can outlast the margin (up to 1.35 s seen);
            // this test is about obeying the move time.
            "--engine",
            "name=jj-1",
            &format!("cmd={JIANGJUN}"),
            "option.hashsize=1",
            "--engine",
            "name=jj-2",
            &format!("cmd={JIANGJUN}"),
            "proto=uci",
            "option.Hash=1",
            "--st",
            "0.1",
            // Generous, for a loaded CI machine: an engine ignoring movetime would still be far over.
            "--timemargin",
            "400",
            "--maxmoves",
            "10",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--quiet",
        ],
    );
    for name in ["jj-1", "jj-2"] {
        let e = o.engine(name);
        assert_eq!([&e["time_losses"], &e["crashes"]], [0, 0], "{}", o.json);
    }
    assert!(!o.json.contains("time forfeit"), "{}", o.json);
}

#[test]
fn fairy_stockfish_plays_itself_in_both_dialects_and_the_pgn_reads_back() {
    if !have_fsf() {
        return;
    }
    let dir = workdir("fsf-pgn");
    let logs = dir.join("logs");
    let o = run(
        "fsf",
        "# two openings\nstartpos moves h2e2 h9g7\nrnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 b0c2",
        &[
            "--engine",
            "name=fsf-ucci",
            &format!("cmd={FSF}"),
            "proto=ucci",
            "--engine",
            "name=fsf-uci",
            &format!("cmd={FSF}"),
            "proto=uci",
            "option.UCI_Variant=xiangqi",
            "ranks=1",
            "--nodes",
            "2000",
            "--games",
            "4",
            "--concurrency",
            "2",
            "--quiet",
            "--log",
            logs.to_str().expect("utf-8 path"),
        ],
    );
    assert!(o.stdout.starts_with("Finished 4 games"), "{}", o.stdout);
    // Neither dialect produced a single fault or restart.
    for name in ["fsf-ucci", "fsf-uci"] {
        check_clean(&o, name);
    }
    // The project's PGN reader loads every game and replays it legally.
    let games = jiangjun_tools::arbiter::pgn::read(&o.pgn).expect("our PGN reads back");
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tag("Game"), Some("Chinese Chess"));
        assert_eq!(g.tag("Format"), Some("ICCS"));
        g.replay().expect("every move is legal");
    }
    let log =
        std::fs::read_to_string(logs.join("fsf-uci.1.log")).expect("a log per engine and worker");
    assert!(
        log.contains("> setoption name UCI_Variant value xiangqi") && log.contains("< bestmove")
    );
}

#[test]
fn fairy_stockfish_finds_the_mate_in_both_dialects() {
    if have_fsf() {
        let o = run(
            "fsf-mate",
            "3k5/8R/9/9/9/9/9/9/9/R3K4 w",
            &[
                "--engine",
                "name=fsf-ucci",
                &format!("cmd={FSF}"),
                "proto=ucci",
                "--engine",
                "name=fsf-uci",
                &format!("cmd={FSF}"),
                "proto=uci",
                "option.UCI_Variant=xiangqi",
                "ranks=1",
                "--depth",
                "3",
                "--games",
                "2",
                "--quiet",
            ],
        );
        o.check_terminations("checkmate", 2);
        assert!(
            o.stdout.contains("fsf-ucci vs fsf-uci: 2 games, +1 =0 -1"),
            "{}",
            o.stdout
        );
    }
}

#[test]
fn each_engine_can_have_its_own_time_control() {
    if have_python() {
        // Time odds, as cutechess-cli's per-engine tc=: each engine is sent its own clock and
        // increment (and told its opponent's), and the PGN and JSON say who had what.
        let dir = workdir("odds-logs");
        let logs = dir.join("logs");
        let logs = logs.to_str().expect("utf-8 path");
        let line = "b0c2,b9c7,c2b0,c7b9";
        let mut args = scripted("a", "ucci", line);
        args.push("tc=2+0.02".into());
        args.extend(scripted("b", "uci", line));
        args.push("tc=8+0.08".into());
        args.extend(["--games", "1", "--maxmoves", "2", "--log", logs].map(String::from));
        let o = run("odds", "startpos", &as_refs(&args));
        let ucci = std::fs::read_to_string(dir.join("logs/a.1.log")).expect("log");
        let uci = std::fs::read_to_string(dir.join("logs/b.1.log")).expect("log");
        assert!(
            ucci.contains("> go time 2000 increment 20 opptime 8000 oppincrement 80"),
            "{ucci}"
        );
        assert!(uci.contains(" winc 20 binc 80"), "{uci}");
        assert!(o.pgn.contains("[RedTimeControl \"2+0.02\"]"), "{}", o.pgn);
        assert!(o.pgn.contains("[BlackTimeControl \"8+0.08\"]"), "{}", o.pgn);
        assert!(!o.pgn.contains("[TimeControl "), "{}", o.pgn);
        assert_eq!(o.engine("a")["time_control"], "2+0.02", "{}", o.json);
        assert_eq!(o.engine("b")["time_control"], "8+0.08", "{}", o.json);
    }
}

#[test]
fn the_pgn_carries_each_engines_score_depth_and_time_and_a_minimal_one_reads_in_cchess() {
    if have_python() {
        // As cutechess-cli writes them: {+0.35/1 0.012s} after each engine move, the score
        // from the mover's side in pawns (a UCCI engine's units over 100).
        let line = "b0c2,b9c7,c2b0,c7b9";
        let mut args = scripted("a", "ucci", line);
        args.extend(["arg=--score".into(), "arg=35".into()]);
        args.extend(scripted("b", "uci", line));
        args.extend(["arg=--score".into(), "arg=-120".into()]);
        args.extend(["--games", "1", "--depth", "1", "--maxmoves", "2"].map(String::from));
        let o = run("pgn-notes", "startpos", &as_refs(&args));
        let movetext: String = o.pgn.lines().filter(|l| !l.starts_with('[')).collect();
        let notes: Vec<&str> = movetext.split('{').skip(1).collect();
        assert_eq!(notes.len(), 5, "four moves and the ending: {movetext}");
        assert!(
            notes[0].starts_with("+0.35/1 ") && notes[1].starts_with("-1.20/1 "),
            "{movetext}"
        );
        assert!(notes[..4].iter().all(|n| n.contains("s}")), "{movetext}");
        let back = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
            .args(["match", "--read-pgn"])
            .arg(workdir_file("pgn-notes", "games.pgn"))
            .output()
            .expect("runs");
        assert!(
            back.status.success(),
            "{}",
            String::from_utf8_lossy(&back.stderr)
        );
        // --pgn-min: no comment at all (the Termination tag keeps the ending), which PyPI
        // cchess's reader needs, since it takes every word after the tags for a move.
        args.push("--pgn-min".into());
        let o = run("pgn-min", "startpos", &as_refs(&args));
        assert!(!o.pgn.contains('{'), "{}", o.pgn);
        assert!(
            o.pgn.contains("[Termination \"maximum game length\"]"),
            "{}",
            o.pgn
        );
        if have_cchess() {
            let script = "import sys\nfrom cchess.read_pgn import read_from_pgn\n\
                          g = read_from_pgn(sys.argv[1])\nprint(len(g.dump_iccs_moves()[0]))";
            let read = Command::new("python3")
                .args(["-c", script])
                .arg(workdir_file("pgn-min", "games.pgn"))
                .output()
                .expect("python runs");
            assert_eq!(
                String::from_utf8_lossy(&read.stdout).trim(),
                "4",
                "{}",
                String::from_utf8_lossy(&read.stderr)
            );
        }
    }
}
