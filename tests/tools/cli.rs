//! The command line from the outside: the invocations docs/ and scripts/ use still work,
//! every subcommand refuses bad arguments with one line on stderr and exit code 2, help and
//! shell completions are there, and the match summary is strict JSON whatever the names.

use crate::match_support::{JIANGJUN, workdir};
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn jiangjun(args: &[&str]) -> Output {
    Command::new(JIANGJUN)
        .args(args)
        .output()
        .expect("jiangjun runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs `args`, which must succeed, and returns stdout.
fn works(args: &[&str]) -> String {
    let o = jiangjun(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{args:?}: {err}");
    stdout(&o)
}

/// `args` are refused: exit code 2, nothing on stdout, one line on stderr naming the tool
/// and containing `why`.
fn refused(args: &[&str], why: &str) {
    let o = jiangjun(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, not:\n{err}");
    assert!(err.contains(why), "{args:?}: no '{why}' in: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
    let tool = args.iter().find(|a| !a.starts_with('-')).copied();
    let tools = [
        "perft", "bench", "judge", "match", "openings", "selfplay", "datagen", "distill", "tune",
    ];
    if let Some(t) = tool.filter(|t| tools.contains(t)) {
        assert!(err.starts_with(&format!("jiangjun {t}: ")), "{err}");
    }
}

const FEN: &str = "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1";

#[test]
fn perft_bench_and_judge_as_readme_shows_them() {
    assert!(works(&["perft", "3"]).ends_with("total 79666\n"));
    let divide = works(&["perft", "2", "--fen", FEN, "--divide"]);
    assert!(
        divide.contains("a0a9: ") && divide.contains("total "),
        "{divide}"
    );
    assert!(works(&["bench", "2"]).contains("Bench: "));
    assert!(works(&["--game", "chess", "perft", "3"]).ends_with("total 8902\n"));
    let chess_bench = works(&["--game", "chess", "bench", "2"]);
    assert!(chess_bench.contains("Bench: "), "{chess_bench}");
    assert_ne!(
        chess_bench.lines().last(),
        works(&["bench", "2"]).lines().last()
    );
    let judged = works(&[
        "judge",
        "--game",
        "chess",
        "--fen",
        "7k/Q7/6K1/8/8/8/8/8 w",
        "--moves",
        "a7g7",
    ]);
    assert_eq!(judged, "black-loses: checkmate\n");
    // A flag given twice: the last one counts.
    assert_eq!(
        works(&["perft", "1", "--fen", "junk", "--fen", FEN]),
        works(&["perft", "1", "--fen", FEN])
    );
    let ruling = works(&["judge", "--fen", FEN, "--moves", "a0a9"]);
    assert_eq!(ruling, "black-loses: checkmate\n");
    // Every tool takes a FEN as one argument or as its fields, and `startpos`.
    let fields: Vec<&str> = FEN.split(' ').collect();
    let one = works(&["perft", "2", "--fen", FEN]);
    let mut args = vec!["perft", "2", "--fen"];
    args.extend(&fields);
    assert_eq!(works(&args), one);
    let mut args = vec!["perft", "--fen"];
    args.extend(&fields);
    args.push("2");
    assert_eq!(works(&args), one, "DEPTH after a six-field FEN");
    let mut args = vec!["judge", "--moves", "a0a9", "--fen"];
    args.extend(&fields);
    assert_eq!(works(&args), ruling);
    let mut args = vec!["book", "probe", "--fen"];
    args.extend(&fields);
    assert!(works(&args).contains("no book moves for 3k5/8R/"));
    assert_eq!(
        works(&["perft", "2", "--fen", "startpos"]),
        works(&["perft", "2"])
    );
    refused(&["perft", "--fen", "startpos", "3"], "<DEPTH>");
    // --game xiangqi is the default, before or after the subcommand.
    assert!(works(&["--game", "xiangqi", "perft", "1"]).ends_with("total 44\n"));
    assert!(works(&["perft", "1", "--game", "xiangqi"]).ends_with("total 44\n"));
}

#[test]
fn openings_selfplay_tune_and_read_pgn_as_readme_shows_them() {
    let dir = workdir("cli-tools");
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let openings = works(&[
        "openings", "--count", "2", "--seed", "3", "--plies", "2-3", "--depth", "1",
    ]);
    assert_eq!(
        openings
            .lines()
            .filter(|l| l.starts_with("startpos"))
            .count(),
        2
    );
    let data = path("selfplay.txt");
    works(&[
        "selfplay",
        "--games",
        "1",
        "--nodes",
        "200",
        "--threads",
        "1",
        "--seed",
        "1",
        "--random-plies",
        "2-6",
        "--minutes",
        "1",
        "--out",
        &data,
    ]);
    let weights = path("weights.rs");
    works(&[
        "tune",
        "--data",
        &data,
        "--epochs",
        "2",
        "--threads",
        "1",
        "--k",
        "1",
        "--out",
        &weights,
    ]);
    assert!(std::fs::read_to_string(&weights).is_ok_and(|w| w.contains("WEIGHTS")));
    let wdl = works(&[
        "tune",
        "--wdl",
        "--data",
        &data,
        "--test",
        &data,
        "--threads",
        "1",
    ]);
    assert!(
        wdl.contains("linear in material") && wdl.contains("lowest held-out loss"),
        "{wdl}"
    );
    let pgn = path("games.pgn");
    let json = path("games.json");
    let engine = format!("cmd={JIANGJUN}");
    works(&[
        "match",
        "--engine",
        "name=a",
        &engine,
        "proto=ucci",
        "--engine",
        "name=b",
        &engine,
        "proto=uci",
        "--depth",
        "1",
        "--games",
        "2",
        "--maxmoves",
        "4",
        "--quiet",
        "--pgn",
        &pgn,
        "--json",
        &json,
    ]);
    assert!(works(&["match", "--read-pgn", &pgn]).contains("2 games"));
}

#[test]
fn datagen_dump_and_train_as_readme_shows_them() {
    let dir = workdir("cli-datagen");
    let shards = dir.join("dg").to_string_lossy().into_owned();
    let play = [
        "datagen",
        "--dir",
        &shards,
        "--shards",
        "2",
        "--games-per-shard",
        "1",
        "--nodes",
        "200",
        "--threads",
        "2",
    ];
    works(&play);
    works(&play); // resumes: nothing left to play
    let first = dir.join("dg").join("xiangqi-s1-00000.jjd");
    let lines = works(&["datagen", "--dump", &first.to_string_lossy()]);
    let all = works(&["datagen", "--dump", &shards]);
    assert!(
        lines.lines().count() > 5 && all.starts_with(&lines),
        "{all}"
    );
    assert!(all.lines().all(|l| l.split(" | ").count() == 3), "{all}");
    let net = dir.join("net.nnue").to_string_lossy().into_owned();
    let trained = jiangjun(&[
        "train", "--data", &shards, "--out", &net, "--epochs", "1", "--hidden", "8",
    ]);
    assert!(trained.status.success(), "{trained:?}");
    // The same games labelled by the engine's evaluation, and a king-bucketed net fitted to
    // them that the engine then plays with alone.
    let labelled = dir.join("distill.txt").to_string_lossy().into_owned();
    works(&[
        "distill", "--data", &shards, "--out", &labelled, "--walks", "4",
    ]);
    let text = std::fs::read_to_string(&labelled).expect("distill wrote its lines");
    assert!(text.lines().count() > 10, "{text}");
    assert!(text.lines().all(|l| l.split(" | ").count() == 3), "{text}");
    let again = dir.join("distill-again.txt").to_string_lossy().into_owned();
    works(&[
        "distill",
        "--data",
        &shards,
        "--out",
        &again,
        "--walks",
        "4",
        "--threads",
        "1",
    ]);
    assert!(
        std::fs::read_to_string(&again).expect("written") == text,
        "the same seed gives the same lines whatever the threads"
    );
    // Labels from the teacher's search: the same positions (bar any scored as a mate), other
    // scores, and again the same lines whatever the threads.
    let searched = |threads: &str| {
        let out = dir.join(format!("distill-d2-{threads}.txt"));
        let out = out.to_string_lossy().into_owned();
        works(&[
            "distill",
            "--data",
            &shards,
            "--out",
            &out,
            "--walks",
            "4",
            "--depth",
            "2",
            "--threads",
            threads,
        ]);
        std::fs::read_to_string(&out).expect("written")
    };
    let deep = searched("2");
    assert_eq!(deep, searched("1"), "search labels whatever the threads");
    let fen = |l: &str| l.split(" | ").next().unwrap_or_default().to_string();
    let static_fens: Vec<String> = text.lines().map(fen).collect();
    assert!(
        deep.lines().all(|l| static_fens.contains(&fen(l))),
        "{deep}"
    );
    assert_ne!(deep, text, "the search's scores are not the static ones");
    let buckets = dir.join("buckets.nnue").to_string_lossy().into_owned();
    let trained = jiangjun(&[
        "train",
        "--data",
        &labelled,
        "--out",
        &buckets,
        "--epochs",
        "1",
        "--hidden",
        "8",
        "--features",
        "king-buckets",
    ]);
    assert!(trained.status.success(), "{trained:?}");
    let bench = works(&["bench", "3", "--eval-file", &buckets, "--eval-blend", "100"]);
    assert!(bench.contains("Bench: "), "{bench}");
    refused(&["distill", "--data", &shards], "--out <FILE>");
    refused(
        &["datagen", "--shards", "1", "--games-per-shard", "1"],
        "--dir <DIR>",
    );
    refused(
        &["datagen", "--dir", "d", "--dump", "x"],
        "cannot be used with",
    );
    let o = jiangjun(&["datagen", "--dump", &net]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("net.nnue: offset 0: not a datagen file"),
        "{err}"
    );
}

#[test]
fn chess_selfplay_and_tune_as_readme_shows_them() {
    let dir = workdir("cli-chess-tools");
    let path = |f: &str| dir.join(f).to_string_lossy().into_owned();
    let data = path("selfplay.txt");
    works(&[
        "--game",
        "chess",
        "selfplay",
        "--games",
        "2",
        "--nodes",
        "300",
        "--threads",
        "1",
        "--out",
        &data,
    ]);
    let text = std::fs::read_to_string(&data).unwrap_or_default();
    assert!(text.lines().count() > 10, "{text}");
    // Chess FENs (eight ranks, castling field), results from White's view.
    assert!(
        text.lines()
            .all(|l| l.split('/').count() == 8 && l.split(" | ").count() == 3),
        "{text}"
    );
    let weights = path("weights.rs");
    let out = works(&[
        "--game",
        "chess",
        "tune",
        "--data",
        &data,
        "--epochs",
        "2",
        "--threads",
        "1",
        "--k",
        "1",
        "--out",
        &weights,
    ]);
    assert!(out.contains("material knight"), "{out}");
    let written = std::fs::read_to_string(&weights).unwrap_or_default();
    assert!(written.contains("// psq king g1"), "{written}");
}

#[test]
fn bad_arguments_to_each_subcommand_are_one_line_and_exit_2() {
    refused(&["bogus"], "unrecognized subcommand 'bogus'");
    // The engine, perft, bench, judge, match, play, selfplay, datagen and tune know chess;
    // the others (openings, distill, train, book) do not offer --game.
    refused(
        &["--game", "chess", "openings", "--count", "1"],
        "this tool knows Xiangqi only",
    );
    refused(
        &["openings", "--count", "1", "--game", "chess"],
        "unexpected argument '--game'",
    );
    refused(&["--game", "chess", "perft", "3", "--fen", FEN], "rank");
    refused(&["--game", "go"], "invalid value 'go'");
    refused(
        &["play", "--depth", "3", "--tc", "60"],
        "cannot be used with",
    );
    refused(&["play", "--movetime", "-1"], "expected seconds per move");
    refused(&["play", "--fen", "junk"], "FEN");
    refused(&["play", "--side", "green"], "invalid value 'green'");
    refused(&["perft"], "<DEPTH>");
    refused(&["perft", "1000"], "not a number from 1 to 12");
    refused(&["perft", "-1"], "not a number from 1 to 12");
    refused(&["perft", "x"], "not a number");
    refused(&["perft", "3", "--fen"], "a value is required");
    refused(&["perft", "3", "--fen", "junk"], "FEN");
    refused(
        &["perft", "3", "--frobnicate"],
        "unexpected argument '--frobnicate'",
    );
    refused(&["bench", "0"], "not a number from 1 to 30");
    refused(&["bench", "99999999999"], "not a number from 1 to 30");
    refused(&["bench", "-3"], "not a number from 1 to 30");
    refused(&["bench", "3", "4"], "unexpected argument '4'");
    refused(&["judge", "--fen"], "a value is required");
    refused(&["judge", "--fen", "not a fen"], "invalid FEN");
    refused(
        &["judge", "--fen", FEN, "--moves", "a0a8", "x"],
        "move 2 'x'",
    );
    refused(&["openings"], "--count <N>");
    refused(
        &["openings", "--count", "0"],
        "not a number from 1 to 1000000",
    );
    refused(
        &["openings", "--count", "5", "--margin", "-4"],
        "not a number from 0 to 1000",
    );
    refused(
        &["openings", "--count", "5", "--plies", "9-3"],
        "9 is more than 3",
    );
    refused(&["selfplay", "--games", "5"], "--out <FILE>");
    refused(
        &["selfplay", "--games", "5", "--out", "x", "--nodes", "-3"],
        "not a number",
    );
    refused(
        &["selfplay", "--games", "5", "--out", "x", "--threads", "1e9"],
        "--threads",
    );
    refused(&["selfplay", "--games", "1e99", "--out", "x"], "--games");
    refused(&["tune"], "--data <FILES>");
    refused(
        &["tune", "--data", "a", "--lambda", "2"],
        "not a number from 0 to 1",
    );
    refused(&["tune", "--data", "a", "--epochs"], "a value is required");
    refused(&["completions"], "<SHELL>");
    refused(&["completions", "tcsh"], "invalid value 'tcsh'");
}

#[test]
fn bad_match_arguments_are_one_line_and_exit_2() {
    let two = [
        "match", "--engine", "name=a", "cmd=x", "--engine", "name=b", "cmd=y",
    ];
    let with = |extra: &[&str], why: &str| {
        let args: Vec<&str> = two.iter().chain(extra).copied().collect();
        refused(&args, why);
    };
    // Absurd times and counts: tests/outside_numbers.rs.
    with(&[], "give a time control");
    with(
        &["--depth", "1", "--games", "-1"],
        "not a number from 1 to 10000000",
    );
    with(&["--depth", "1", "--games", "x"], "--games");
    with(&["--depth", "1", "--concurrency", "0"], "--concurrency");
    with(&["--depth", "1", "--tc", "1+1"], "cannot be used with");
    with(
        &["--depth", "1", "--format", "swiss"],
        "invalid value 'swiss'",
    );
    with(&["--depth", "1", "--engine"], "a value is required");
    with(&["--depth", "1", "--engine", "name=c"], "cmd=");
    with(
        &["--depth", "1", "--gmaes", "2"],
        "similar argument exists: '--games'",
    );
    refused(
        &["match", "--engine", "name=a", "cmd=x", "--depth", "1"],
        "1 engines",
    );
}

#[test]
fn help_and_completions_for_every_subcommand() {
    let top = works(&["--help"]);
    for tool in [
        "perft",
        "bench",
        "judge",
        "match",
        "openings",
        "selfplay",
        "tune",
        "play",
        "datagen",
        "distill",
        "train",
        "book",
        "completions",
    ] {
        assert!(top.contains(tool), "{tool} in:\n{top}");
        let by_flag = works(&[tool, "--help"]);
        assert!(by_flag.contains("Usage: jiangjun "), "{tool}:\n{by_flag}");
        // --game is offered by the tools that play both games only.
        let both = [
            "perft", "bench", "judge", "match", "selfplay", "tune", "play", "datagen",
        ];
        assert_eq!(
            by_flag.contains("--game <GAME>"),
            both.contains(&tool),
            "{tool}:\n{by_flag}"
        );
        if tool != "completions" {
            assert!(by_flag.contains("\nExamples:\n  "), "{tool}:\n{by_flag}");
        }
        assert_eq!(works(&["help", tool]), by_flag, "help {tool}");
    }
    // play's help lists the commands of a game, the ones its own `help` lists.
    let play = works(&["play", "--help"]);
    for command in [
        "undo",
        "hint",
        "moves",
        "save FILE",
        "resign",
        "draw",
        "quit",
    ] {
        assert!(
            play.contains(&format!("\n  {command}")),
            "{command} in:\n{play}"
        );
    }
    assert!(
        play.contains("--elo 1800") && play.contains("--level"),
        "{play}"
    );
    for shell in ["bash", "zsh", "fish"] {
        let script = works(&["completions", shell]);
        assert!(
            script.contains("jiangjun") && script.contains("hang-timeout"),
            "{shell}"
        );
    }
}

#[test]
fn the_json_summary_is_strict_json_with_any_engine_name() {
    let dir = workdir("cli-json-names");
    let json = dir.join("summary.json");
    let names = ["say \"hi\" \\ back", "将军 é ♞"];
    let engine = format!("cmd={JIANGJUN}");
    let (a, b) = (format!("name={}", names[0]), format!("name={}", names[1]));
    works(&[
        "match",
        "--engine",
        &a,
        &engine,
        "--engine",
        &b,
        &engine,
        "--depth",
        "1",
        "--games",
        "2",
        "--maxmoves",
        "3",
        "--quiet",
        "--json",
        json.to_str().expect("a UTF-8 path"),
    ]);
    let text = std::fs::read_to_string(&json).expect("the summary is written");
    let v: serde_json::Value = serde_json::from_str(&text).expect("strict JSON");
    assert_eq!(v["games"], 2);
    assert_eq!(v["engines"][0]["name"], names[0]);
    assert_eq!(v["engines"][1]["name"], names[1]);
    assert_eq!(v["pairings"][0]["engine"], names[0]);
    assert_eq!(v["pairings"][0]["opponent"], names[1]);
    assert_eq!(v["sprt"], serde_json::Value::Null);
}

/// Piped, `play` shows the engine's thinking as plain lines, one per completed iteration
/// (nothing redrawn, no key offered), and `--hide-thinking` leaves them out.
#[test]
fn play_shows_the_thinking_as_plain_lines_when_piped() {
    let play = |extra: &[&str]| {
        let out = Command::new(JIANGJUN)
            .args([
                "play",
                "--side",
                "black",
                "--depth",
                "3",
                "--notation",
                "iccs",
            ])
            .args(extra)
            .current_dir(workdir("play-piped-thinking"))
            .stdin(Stdio::null())
            .output()
            .expect("jiangjun runs");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let shown = play(&[]);
    for depth in 1..=3 {
        assert!(
            shown.contains(&format!("\n  depth {depth}, score ")),
            "depth {depth}: {shown}"
        );
    }
    assert!(
        !shown.contains('\r') && !shown.contains("move now"),
        "{shown}"
    );
    let first = shown.find("  depth 1, ").expect("thinking");
    let played = shown.find("engine plays ").expect("a move");
    assert!(
        first < played,
        "the thinking comes before the move: {shown}"
    );
    let hidden = play(&["--hide-thinking"]);
    assert!(!hidden.contains("depth 1, score"), "{hidden}");
    assert!(hidden.contains("engine plays "), "{hidden}");
}

/// `play` answers a line that is not UTF-8 like any unreadable entry, and the game goes on.
#[test]
fn play_carries_on_after_a_line_that_is_not_utf8() {
    let mut child = Command::new(JIANGJUN)
        .args(["play", "--depth", "1"])
        // The game is saved on leaving: into a folder of this test's own.
        .current_dir(workdir("play-not-utf8"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("jiangjun starts");
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(b"\xff\xfe\nh2e2\nquit\n")
            .expect("input written");
    }
    let out = child.wait_with_output().expect("jiangjun exits");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("is not a move"), "{text}");
    assert!(
        text.contains("you play 炮二平五"),
        "the move after the bad line was played: {text}"
    );
    assert!(!text.contains('\x1b'), "not a terminal: plain text: {text}");
}

#[test]
fn version_names_the_build_the_net_the_book_and_avx2() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .arg("--version")
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("jiangjun 0.1.0 ("), "{text}");
    for fact in [
        "target: ",
        "AVX2 at run time: ",
        "built-in net: 512 hidden, checksum 0x",
        "built-in book: ",
    ] {
        assert!(text.contains(fact), "{fact} in {text}");
    }
    let short = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .arg("-V")
        .output()
        .expect("runs");
    assert_eq!(String::from_utf8_lossy(&short.stdout).lines().count(), 1);
}

#[test]
fn a_closed_pipe_ends_a_tool_quietly() {
    use std::io::Read;
    let dir = std::env::temp_dir().join(format!("jiangjun-pipe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let made = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args([
            "datagen",
            "--shards",
            "1",
            "--games-per-shard",
            "80",
            "--nodes",
            "50",
        ])
        .args(["--threads", "1", "--eval-file", "<empty>", "--dir"])
        .arg(&dir)
        .output()
        .expect("datagen runs");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // The dump (about 120 KB) is larger than a pipe holds, so the writer is still writing when
    // the reader goes away, as `head` does; and the completions, which panicked in clap.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args(["datagen", "--dump"])
        .arg(&dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let mut first = [0u8; 16];
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_exact(&mut first).expect("some output");
    drop(stdout);
    let out = child.wait_with_output().expect("ends");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
        .args(["completions", "zsh"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("ends");
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_tool_reads_a_position_the_same_way_and_starts_from_the_start() {
    // No --fen, and --fen startpos, are the start position in every tool that takes one.
    let perft = works(&["perft", "2"]);
    assert_eq!(works(&["perft", "2", "--fen", "startpos"]), perft);
    assert!(perft.ends_with("total 1920\n"), "{perft}");
    let judged = works(&["judge", "--moves", "h2e2"]);
    assert_eq!(
        works(&["judge", "--fen", "startpos", "--moves", "h2e2"]),
        judged
    );
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(works(&["judge", "--fen", fen, "--moves", "h2e2"]), judged);
    assert_eq!(
        works(&["--game", "chess", "judge", "--moves", "e2e4"]).trim(),
        "none"
    );
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/small.jjbook");
    let probed = works(&["book", "probe", "--book", book]);
    assert_eq!(
        works(&["book", "probe", "--book", book, "--fen", "startpos"]),
        probed
    );
    assert_eq!(
        works(&["book", "probe", "--book", book, "--fen", fen]),
        probed
    );
}

#[test]
fn a_game_left_unsaved_is_saved_on_leaving() {
    let dir = workdir("play-autosave");
    let play = |input: &str| {
        let mut child = Command::new(JIANGJUN)
            .args(["play", "--side", "both", "--ascii"])
            .current_dir(&dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("runs");
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(input.as_bytes())
            .expect("written");
        let out = child.wait_with_output().expect("ends");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let saved = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&dir)
            .expect("readable")
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.to_string_lossy().contains("jiangjun-game-"))
            .collect()
    };
    // Nothing played: nothing written.
    play("quit\n");
    assert!(saved().is_empty());
    // Moves, then the end of input: the game is written and the file named.
    let out = play("h2e2\nh9g7\n");
    let files = saved();
    assert_eq!(files.len(), 1, "{out}");
    let name = files[0]
        .file_name()
        .expect("a name")
        .to_string_lossy()
        .into_owned();
    assert!(
        out.contains(&format!("the game (2 moves) is saved in {name}")),
        "{out}"
    );
    let pgn = std::fs::read_to_string(&files[0]).expect("readable");
    assert!(pgn.contains("1. H2-E2 H9-G7"), "{pgn}");
    std::fs::remove_file(&files[0]).expect("removable");
    // Saved by hand as it stands: no second copy.
    let out = play("h2e2\nsave mine.pgn\nquit\n");
    assert!(saved().is_empty(), "{out}");
    assert!(dir.join("mine.pgn").exists());
}
