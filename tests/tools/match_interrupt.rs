//! Ctrl-C (SIGINT) during `jiangjun match`: the runner stops, prints the summary of the games
//! finished so far, writes them to the PGN and JSON files, and exits with status 130; the
//! same command with `--resume` then plays only the rest. Two copies of jiangjun itself play,
//! so no peer is needed.

#![cfg(unix)]

use crate::common::KillOnDrop;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn ctrl_c_reports_the_finished_games() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("match-interrupt");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("the target directory is writable");
    let (pgn, json) = (dir.join("games.pgn"), dir.join("games.json"));
    let bin = env!("CARGO_BIN_EXE_jiangjun");
    let command = |games: usize| {
        let mut c = Command::new(bin);
        c.args([
            "match",
            "--engine",
            "name=a",
            &format!("cmd={bin}"),
            "proto=uci",
        ])
        .args(["--engine", "name=b", &format!("cmd={bin}"), "proto=ucci"])
        .args(["--depth", "1", "--maxmoves", "40", "--resume"])
        .args(["--games", &games.to_string()])
        .arg("--pgn")
        .arg(&pgn)
        .arg("--json")
        .arg(&json);
        c
    };
    // --resume with no file yet: a fresh match.
    let mut child = KillOnDrop(
        command(10000)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("jiangjun runs"),
    );
    // Wait until a few games are in the PGN file, then interrupt.
    let count = |text: &str| text.matches("[Event ").count();
    let t0 = Instant::now();
    while count(&std::fs::read_to_string(&pgn).unwrap_or_default()) < 3 {
        assert!(
            t0.elapsed() < Duration::from_secs(60),
            "no games within 60 s"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = child.interrupt(Duration::from_secs(10));
    let mut stdout = String::new();
    let mut stderr = String::new();
    use std::io::Read;
    let _ = child
        .0
        .stdout
        .take()
        .map(|mut s| s.read_to_string(&mut stdout));
    let _ = child
        .0
        .stderr
        .take()
        .map(|mut s| s.read_to_string(&mut stderr));
    assert_eq!(status.code(), Some(130), "{stderr}");
    let games = count(&std::fs::read_to_string(&pgn).expect("the PGN file"));
    assert!((3..10000).contains(&games), "{games} games in the PGN");
    let summary = format!("a vs b: {games} games");
    assert!(stdout.contains(&summary), "no '{summary}' in:\n{stdout}");
    let json = std::fs::read_to_string(&json).expect("the JSON file is written");
    let json: serde_json::Value = serde_json::from_str(&json).expect("the summary is valid JSON");
    assert_eq!(json["games"], games, "{json}");
    assert!(stderr.contains("interrupted after"), "{stderr}");

    // The same match taken up again, four games more: only those are played, and the file
    // then holds every game of the schedule once.
    let more = command(games + 4).output().expect("jiangjun runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&more.stdout),
        String::from_utf8_lossy(&more.stderr),
    );
    assert!(more.status.success(), "{stderr}");
    let read = format!("resumed: {games} games read from");
    assert!(stderr.contains(&read), "no '{read}' in:\n{stderr}");
    let summary = format!("a vs b: {} games", games + 4);
    assert!(stdout.contains(&summary), "no '{summary}' in:\n{stdout}");
    let text = std::fs::read_to_string(&pgn).expect("the PGN file");
    let mut rounds: Vec<usize> = text
        .lines()
        .filter_map(|l| {
            l.strip_prefix("[Round \"")?
                .strip_suffix("\"]")?
                .parse()
                .ok()
        })
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, (1..=games + 4).collect::<Vec<_>>());
}
