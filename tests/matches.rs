//! `jiangjun match` end to end: real matches between real processes. A scripted fake engine
//! (`tests/fixtures/fake_engine.py`) misbehaves in each way a runner must survive, or plays a
//! fixed line so that every rule ending is reached from a constructed position; Fairy-Stockfish
//! (when installed) plays itself in both of its dialects at a fixed node count.

use std::path::{Path, PathBuf};
use std::process::Command;

const FAKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/fake_engine.py");
const FSF: &str = "/usr/games/fairy-stockfish";

struct Outcome {
    ok: bool,
    stdout: String,
    stderr: String,
    json: String,
    pgn: String,
}

fn have_python() -> bool {
    let ok = Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: python3 (for the fake engine) is not installed");
    }
    ok
}

fn have_fsf() -> bool {
    let ok = Path::new(FSF).exists();
    if !ok {
        eprintln!("skipped: {FSF} is not installed (scripts/install-peers.sh installs it)");
    }
    ok
}

fn workdir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("match-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the target directory is writable");
    dir
}

/// Runs `jiangjun match` with `args`, one opening line, and PGN/JSON output in a fresh directory.
fn run(name: &str, opening: &str, args: &[&str]) -> Outcome {
    let dir = workdir(name);
    let openings = dir.join("openings.txt");
    std::fs::write(&openings, format!("{opening}\n")).expect("writable");
    let (pgn, json) = (dir.join("games.pgn"), dir.join("summary.json"));
    let out = Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .arg("match")
        .args(args)
        .arg("--openings")
        .arg(&openings)
        .arg("--pgn")
        .arg(&pgn)
        .arg("--json")
        .arg(&json)
        .output()
        .expect("jiangjun runs");
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    let o = Outcome {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        json: read(&json),
        pgn: read(&pgn),
    };
    assert!(o.ok, "jiangjun match failed:\n{}\n{}", o.stdout, o.stderr);
    o
}

fn fake(name: &str, extra: &str) -> String {
    let mut s = format!("name={name} cmd={FAKE}");
    for w in extra.split_whitespace() {
        s += &format!(" arg={w}");
    }
    s
}

/// `--engine` words for a fake engine that plays `script` (moves separated by commas).
fn scripted(name: &str, proto: &str, script: &str) -> Vec<String> {
    let mut v: Vec<String> = vec!["--engine".into()];
    v.extend(fake(name, "").split_whitespace().map(String::from));
    v.push(format!("proto={proto}"));
    v.push("arg=--script".into());
    v.push(format!("arg={}", script.replace(',', " ")));
    v
}

fn as_refs(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

/// Plays a good scripted engine against one that misbehaves, twice (colours swapped) from the
/// start position, and returns the outcome.
fn against_misbehaving(mode: &str, extra: &[&str]) -> Outcome {
    let mut args = scripted("good", "ucci", "h2e2");
    args.push("--engine".into());
    args.extend(
        fake("bad", &format!("--mode {mode} --slow-ms 400"))
            .split_whitespace()
            .map(String::from),
    );
    args.push("proto=uci".into());
    args.extend(["--games", "2", "--quiet"].map(String::from));
    let mut all = as_refs(&args);
    all.extend_from_slice(extra);
    run(&format!("bad-{mode}"), "startpos", &all)
}

/// The JSON fragment for an engine with these counts (the summary's fixed field order).
fn engine_json(name: &str, w: u32, d: u32, l: u32, faults: [u32; 6], restarts: u32) -> String {
    let [t, c, h, i, m, n] = faults;
    format!(
        "{{\"name\": \"{name}\", \"wins\": {w}, \"draws\": {d}, \"losses\": {l}, \"time_losses\": {t}, \"crashes\": {c}, \"hangs\": {h}, \"illegal_moves\": {i}, \"malformed_moves\": {m}, \"no_bestmove\": {n}, \"restarts\": {restarts}"
    )
}

fn check_forfeits(o: &Outcome, reason: &str, faults: [u32; 6], restarts: u32) {
    assert!(
        o.json.contains(&engine_json("good", 2, 0, 0, [0; 6], 0)),
        "{}",
        o.json
    );
    assert!(
        o.json
            .contains(&engine_json("bad", 0, 0, 2, faults, restarts)),
        "{}",
        o.json
    );
    assert!(
        o.json
            .contains(&format!("\"terminations\": {{\"{reason}\": 2}}")),
        "{}",
        o.json
    );
    assert_eq!(
        o.pgn
            .matches(&format!("[Termination \"{reason}\"]"))
            .count(),
        2,
        "{}",
        o.pgn
    );
    assert!(o.pgn.contains("[Result \"1-0\"]") && o.pgn.contains("[Result \"0-1\"]"));
}

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
        assert!(
            o.json.contains("\"restarts\": 0, \"noise_lines\": 2"),
            "{}",
            o.json
        );
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
        let o = against_misbehaving("hang", &["--depth", "1", "--hang-timeout", "0.5"]);
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
        // 400 ms per move against 100 ms allowed plus a 50 ms margin; the engine still
        // answers, so it is not restarted.
        let o = against_misbehaving("slow", &["--st", "0.1", "--timemargin", "50"]);
        check_forfeits(&o, "time forfeit", [2, 0, 0, 0, 0, 0], 0);
    }
}

/// Plays one game (Red = `a`, UCCI; Black = `b`, UCI with ranks 1–10 to exercise the
/// conversion) where both fakes follow `script`, and returns it.
fn scripted_game(name: &str, fen: &str, script: &str) -> Outcome {
    let ranks1: String = script
        .split(',')
        .map(|m| {
            let b = m.as_bytes();
            format!(
                "{}{}{}{}",
                b[0] as char,
                (b[1] - b'0') + 1,
                b[2] as char,
                (b[3] - b'0') + 1
            )
        })
        .collect::<Vec<_>>()
        .join(",");
    let mut args = scripted("a", "ucci", script);
    args.extend(scripted("b", "uci", &ranks1));
    args.push("ranks=1".into());
    args.extend(["--games", "1", "--depth", "1", "--quiet"].map(String::from));
    run(name, fen, &as_refs(&args))
}

fn check_rule_end(o: &Outcome, reason: &str, result: &str) {
    assert!(
        o.json
            .contains(&format!("\"terminations\": {{\"{reason}\": 1}}")),
        "{}\n{}",
        o.json,
        o.stderr
    );
    assert!(
        o.pgn.contains(&format!("[Result \"{result}\"]")),
        "{}",
        o.pgn
    );
}

#[test]
fn checkmate_ends_the_game() {
    if have_python() {
        let o = scripted_game("mate", "3k5/8R/9/9/9/9/9/9/9/R3K4 w", "a0a9");
        check_rule_end(&o, "checkmate", "1-0");
        assert!(o.pgn.contains("1. A0-A9 {checkmate} 1-0"), "{}", o.pgn);
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

/// Two fakes shuffling horses from the start (never a third repetition within `plies`),
/// reporting the given scores, under extra flags.
fn shuffling(name: &str, scores: [i32; 2], extra: &[&str]) -> Outcome {
    let line = "b0c2,b9c7,c2b0,c7b9,h0g2,h9g7,g2h0,g7h9";
    let mut args = scripted("a", "ucci", line);
    args.extend(["arg=--score".to_string(), format!("arg={}", scores[0])]);
    args.extend(scripted("b", "uci", line));
    args.extend(["arg=--score".to_string(), format!("arg={}", scores[1])]);
    args.extend(["--games", "1", "--quiet"].map(String::from));
    let mut all = as_refs(&args);
    all.extend_from_slice(extra);
    run(name, "startpos", &all)
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
            o.pgn
                .contains("1. B0-C2 B9-C7 2. C2-B0 C7-B9 {adjudicated loss} 1-0"),
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
fn sprt_stops_the_match_once_it_decides() {
    if have_python() {
        let o = against_misbehaving(
            "nobestmove",
            &[
                "--depth",
                "1",
                "--games",
                "100",
                "--sprt",
                "elo0=0",
                "elo1=10",
                "alpha=0.05",
                "beta=0.05",
            ],
        );
        assert!(o.stdout.contains("H1 accepted"), "{}", o.stdout);
        assert!(o.stdout.starts_with("Finished 2 games"), "{}", o.stdout);
        assert!(o.json.contains("\"verdict\": \"H1\""), "{}", o.json);
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
        text.contains("--concurrency") && text.contains("Example:"),
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

const JIANGJUN: &str = env!("CARGO_BIN_EXE_jiangjun");

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
    let clean = "\"time_losses\": 0, \"crashes\": 0, \"hangs\": 0, \"illegal_moves\": 0, \"malformed_moves\": 0, \"no_bestmove\": 0, \"restarts\": 0";
    assert_eq!(o.json.matches(clean).count(), 2, "{}", o.json);
    // The same engine at the same depth plays the same game whichever protocol it speaks,
    // so the colour-swapped pair is split evenly.
    assert!(
        o.json.contains("\"pentanomial\": [0, 0, 1, 0, 0]"),
        "{}",
        o.json
    );
    for g in jiangjun::matches::pgn::read(&o.pgn).expect("our PGN reads back") {
        g.replay().expect("every move is legal");
    }
}

#[test]
fn jiangjun_keeps_to_a_fixed_time_per_move() {
    let o = run(
        "jiangjun-movetime",
        "startpos moves h2e2 h9g7",
        &[
            "--engine",
            "name=jj-1",
            &format!("cmd={JIANGJUN}"),
            "--engine",
            "name=jj-2",
            &format!("cmd={JIANGJUN}"),
            "proto=uci",
            "--st",
            "0.05",
            "--maxmoves",
            "15",
            "--games",
            "2",
            "--concurrency",
            "2",
            "--quiet",
        ],
    );
    assert!(
        o.json.contains("\"time_losses\": 0, \"crashes\": 0"),
        "{}",
        o.json
    );
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
    let clean = "\"time_losses\": 0, \"crashes\": 0, \"hangs\": 0, \"illegal_moves\": 0, \"malformed_moves\": 0, \"no_bestmove\": 0, \"restarts\": 0";
    assert_eq!(o.json.matches(clean).count(), 2, "{}", o.json);
    for name in ["fsf-ucci", "fsf-uci"] {
        assert!(o.json.contains(&format!("\"name\": \"{name}\"")));
    }
    // The project's PGN reader loads every game and replays it legally.
    let games = jiangjun::matches::pgn::read(&o.pgn).expect("our PGN reads back");
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
        assert!(
            o.json.contains("\"terminations\": {\"checkmate\": 2}"),
            "{}",
            o.json
        );
        assert!(
            o.stdout.contains("fsf-ucci vs fsf-uci: 2 games, +1 =0 -1"),
            "{}",
            o.stdout
        );
    }
}
