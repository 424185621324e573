//! Replays every recorded GUI session in `protocol-transcripts/` against the built binary.
//!
//! Script lines:
//! - `> TEXT`     send TEXT to the engine (`\r` in TEXT is sent as a carriage return)
//! - `< TEXT`     wait for an output line equal to TEXT (other lines may come first)
//! - `~ GLOB`     wait for an output line matching GLOB (`*` matches any run of characters)
//! - `- GLOB MS`  for MS milliseconds, no output line may match GLOB
//! - `% GLOB N`   at the end, exactly N output lines in the whole session match GLOB
//! - `e GLOB`     at the end, some stderr line matches GLOB
//! - `>repeat N PREFIX|UNIT`  send one line: PREFIX then UNIT repeated N times
//! - `sleep MS`   pause before sending more
//! - `end`        close stdin and expect the process to exit with status 0
//! - `args A B …` (anywhere; read before the start) start the engine with these arguments,
//!   e.g. `args --game chess`
//! - `#`          comment

mod common;

use common::KillOnDrop;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

const WAIT: Duration = Duration::from_secs(20);

fn glob(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split('*').collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let mut rest = text;
    for (i, p) in parts.iter().enumerate() {
        if i == 0 {
            let Some(r) = rest.strip_prefix(p) else {
                return false;
            };
            rest = r;
        } else if i == parts.len() - 1 {
            return rest.ends_with(p);
        } else {
            match rest.find(p) {
                Some(at) => rest = &rest[at + p.len()..],
                None => return false,
            }
        }
    }
    true
}

struct Replay {
    name: String,
    out: Receiver<Option<String>>,
    seen: Vec<String>,
    closed: bool,
}

impl Replay {
    fn next_line(&mut self, deadline: Instant) -> Option<String> {
        if self.closed {
            return None;
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match self.out.recv_timeout(left) {
            Ok(Some(l)) => {
                self.seen.push(l.clone());
                Some(l)
            }
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                None
            }
            Err(RecvTimeoutError::Timeout) => None,
        }
    }

    fn expect(&mut self, what: &str, matches: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + WAIT;
        while let Some(l) = self.next_line(deadline) {
            if matches(&l) {
                return;
            }
        }
        panic!(
            "{}: never saw {what}; output so far:\n{}",
            self.name,
            self.seen.join("\n")
        );
    }

    fn forbid(&mut self, pattern: &str, ms: u64) {
        let deadline = Instant::now() + Duration::from_millis(ms);
        while Instant::now() < deadline {
            match self.next_line(deadline) {
                Some(l) if glob(pattern, &l) => {
                    panic!(
                        "{}: '{l}' arrived within {ms} ms (forbidden: {pattern})",
                        self.name
                    )
                }
                Some(_) => {}
                None if self.closed => {
                    panic!("{}: the engine exited during a quiet period", self.name)
                }
                None => {}
            }
        }
    }
}

fn replay(path: &std::path::Path) {
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let script = std::fs::read_to_string(path).expect("transcript readable");
    let args: Vec<&str> = script
        .lines()
        .filter_map(|l| l.strip_prefix("args "))
        .flat_map(str::split_whitespace)
        .collect();
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_jiangjun"))
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("engine starts"),
    );
    let mut stdin = child.0.stdin.take();
    let (tx, out) = channel();
    let stdout = child.0.stdout.take().expect("piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            match line {
                Ok(l) => {
                    if tx.send(Some(l)).is_err() {
                        return;
                    }
                }
                Err(_) => break,
            }
        }
        let _ = tx.send(None);
    });
    let stderr = child.0.stderr.take().expect("piped");
    let err_lines = std::thread::spawn(move || {
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    let mut r = Replay {
        name: name.clone(),
        out,
        seen: Vec::new(),
        closed: false,
    };
    let mut counts = Vec::new();
    let mut stderr_wanted = Vec::new();
    let mut ended = false;
    for raw in script.lines() {
        let line = raw.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (op, arg) = line.split_once(' ').unwrap_or((line, ""));
        match op {
            ">" => {
                let text = arg.replace("\\r", "\r");
                if let Some(s) = stdin.as_mut() {
                    let _ = s
                        .write_all(format!("{text}\n").as_bytes())
                        .and_then(|_| s.flush());
                }
            }
            ">repeat" => {
                let (n, text) = arg.split_once(' ').expect(">repeat N PREFIX|UNIT");
                let (prefix, unit) = text.split_once('|').expect("PREFIX|UNIT");
                let line = format!("{prefix}{}\n", unit.repeat(n.parse().expect("a count")));
                if let Some(s) = stdin.as_mut() {
                    let _ = s.write_all(line.as_bytes()).and_then(|_| s.flush());
                }
            }
            "<" => r.expect(&format!("'{arg}'"), |l| l == arg),
            "~" => r.expect(&format!("a line like '{arg}'"), |l| glob(arg, l)),
            "-" => {
                let (pat, ms) = arg.rsplit_once(' ').expect("- GLOB MS");
                r.forbid(pat, ms.parse().expect("milliseconds"));
            }
            "%" => {
                let (pat, n) = arg.rsplit_once(' ').expect("% GLOB N");
                counts.push((pat.to_string(), n.parse::<usize>().expect("a count")));
            }
            "e" => stderr_wanted.push(arg.to_string()),
            "sleep" => {
                std::thread::sleep(Duration::from_millis(arg.parse().expect("milliseconds")))
            }
            "args" => {} // read before the engine started
            "end" => {
                drop(stdin.take());
                ended = true;
            }
            other => panic!("{name}: unknown script op '{other}'"),
        }
    }
    if !ended {
        drop(stdin.take());
    }
    let deadline = Instant::now() + WAIT;
    while r.next_line(deadline).is_some() {}
    assert!(
        r.closed,
        "{name}: the engine did not exit after its input ended"
    );
    let status = child.0.wait().expect("engine exits");
    assert!(status.success(), "{name}: exit status {status}");
    for (pat, n) in counts {
        let got = r.seen.iter().filter(|l| glob(&pat, l)).count();
        assert_eq!(
            got,
            n,
            "{name}: lines matching '{pat}'; output:\n{}",
            r.seen.join("\n")
        );
    }
    let errs = err_lines.join().unwrap_or_default();
    for pat in stderr_wanted {
        assert!(
            errs.iter().any(|l| glob(&pat, l)),
            "{name}: no stderr line like '{pat}'; stderr:\n{}",
            errs.join("\n")
        );
    }
}

#[test]
fn every_recorded_session_replays() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol-transcripts");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("protocol-transcripts exists")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "only {} transcripts", files.len());
    // `TRANSCRIPT=part` replays only the sessions whose file name contains `part`.
    if let Ok(part) = std::env::var("TRANSCRIPT") {
        files.retain(|f| f.to_string_lossy().contains(&part));
    }
    // Replay in parallel batches: each session mostly waits on the engine.
    std::thread::scope(|s| {
        for chunk in files.chunks(files.len().div_ceil(4)) {
            s.spawn(move || chunk.iter().for_each(|f| replay(f)));
        }
    });
}

#[test]
fn glob_matches_stars_anywhere() {
    assert!(glob("bestmove *", "bestmove h2e2 ponder h9g7"));
    assert!(glob("info depth * pv *", "info depth 3 score 4 pv h2e2"));
    assert!(!glob("bestmove *", "nobestmove"));
    assert!(glob("*ok", "readyok"));
    assert!(glob("a*b*c", "aXXbYYc"));
    assert!(!glob("a*b*c", "aXXc"));
}
