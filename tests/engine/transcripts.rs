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
//!
//! The same sessions replay against another build of the engine (scripts/test-windows.sh runs
//! the Windows `.exe` under Wine this way): `TRANSCRIPT_ENGINE` is the command to start instead
//! of the built binary (split at spaces), `TRANSCRIPT_WAIT` the seconds to wait for an expected
//! line (default 20) and `TRANSCRIPT_LINE_END=crlf` makes every line the engine writes have to
//! end in CRLF instead of LF.

use crate::common::KillOnDrop;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

/// How long an expected line may take (`TRANSCRIPT_WAIT` seconds; 20 by default).
fn wait() -> Duration {
    let secs = std::env::var("TRANSCRIPT_WAIT")
        .ok()
        .map(|v| v.parse().expect("TRANSCRIPT_WAIT is a number of seconds"));
    Duration::from_secs(secs.unwrap_or(20))
}

/// The engine to start: `TRANSCRIPT_ENGINE` if set, else the binary this test was built with.
fn engine_command() -> Command {
    match std::env::var("TRANSCRIPT_ENGINE") {
        Ok(line) => {
            let mut words = line.split_whitespace();
            let mut cmd = Command::new(words.next().expect("TRANSCRIPT_ENGINE names a program"));
            cmd.args(words);
            cmd
        }
        Err(_) => Command::new(env!("CARGO_BIN_EXE_jiangjun")),
    }
}

/// The line end every output line must have: CRLF if `TRANSCRIPT_LINE_END=crlf`, else LF.
fn line_end() -> &'static [u8] {
    match std::env::var("TRANSCRIPT_LINE_END").as_deref() {
        Ok("crlf") => b"\r\n",
        Ok("lf") | Err(_) => b"\n",
        Ok(other) => panic!("TRANSCRIPT_LINE_END is crlf or lf, not {other}"),
    }
}

/// Reads the engine's output line by line into `tx` (`None` at its end); returns the lines
/// that did not end in `end` (every line must, the last one too).
fn read_lines(out: impl std::io::Read, end: &[u8], tx: Sender<Option<String>>) -> Vec<String> {
    let mut reader = BufReader::new(out);
    let mut wrong = Vec::new();
    let mut raw = Vec::new();
    loop {
        raw.clear();
        match reader.read_until(b'\n', &mut raw) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&raw);
        let line = text.trim_end_matches(['\n', '\r']).to_string();
        let bare_lf = end == b"\n" && raw.ends_with(b"\r\n");
        if !raw.ends_with(end) || bare_lf {
            wrong.push(format!("{text:?}"));
        }
        if tx.send(Some(line)).is_err() {
            return wrong;
        }
    }
    let _ = tx.send(None);
    wrong
}

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
    wait: Duration,
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
        let deadline = Instant::now() + self.wait;
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
        engine_command()
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
    let end = line_end();
    let wrong_ends = std::thread::spawn(move || read_lines(stdout, end, tx));
    let stderr = child.0.stderr.take().expect("piped");
    let err_lines = std::thread::spawn(move || {
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    let mut r = Replay {
        name: name.clone(),
        wait: wait(),
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
    let deadline = Instant::now() + r.wait;
    while r.next_line(deadline).is_some() {}
    assert!(
        r.closed,
        "{name}: the engine did not exit after its input ended"
    );
    let status = child.0.wait().expect("engine exits");
    let errs = err_lines.join().unwrap_or_default();
    assert!(
        status.success(),
        "{name}: exit status {status}{}; stderr:\n{}",
        host_signal_note(status),
        errs.join("\n")
    );
    let wrong = wrong_ends.join().unwrap_or_default();
    assert!(
        wrong.is_empty(),
        "{name}: lines not ending in {:?}: {}",
        String::from_utf8_lossy(end),
        wrong.join(", ")
    );
    for (pat, n) in counts {
        let got = r.seen.iter().filter(|l| glob(&pat, l)).count();
        assert_eq!(
            got,
            n,
            "{name}: lines matching '{pat}'; output:\n{}",
            r.seen.join("\n")
        );
    }
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
        assert!(!files.is_empty(), "no transcript's name contains '{part}'");
    }
    // Replay in parallel batches: each session mostly waits on the engine. A failed session
    // does not stop its batch, so that one run names every failure and a rare one can be
    // counted over many runs (scripts/test-windows.sh --repeat).
    let failed: Vec<String> = std::thread::scope(|s| {
        let batches: Vec<_> = files
            .chunks(files.len().div_ceil(4))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|f| {
                            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| replay(f)))
                                .err()
                                .map(|p| panic_text(p.as_ref()))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        batches
            .into_iter()
            .flat_map(|b| b.join().unwrap_or_else(|_| vec!["a batch failed".into()]))
            .collect()
    });
    eprintln!(
        "transcripts: {} sessions, {} failed",
        files.len(),
        failed.len()
    );
    assert!(
        failed.is_empty(),
        "{} of {} sessions failed:\n{}",
        failed.len(),
        files.len(),
        failed.join("\n")
    );
}

/// For an engine killed by a host signal, what that has meant so far (docs/windows.md): under
/// Wine the signal kills Wine's process, not the Windows program, whose own faults show as exit
/// codes (0xC0000005 for an access violation).
fn host_signal_note(status: std::process::ExitStatus) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        match status.signal() {
            Some(11) => {
                " (under Wine: wine64 itself crashed, as Wine 8 did when a thread ended \
                          while the process ended)"
            }
            Some(9) => {
                " (under Wine: wineserver kills a process that is still ending 1 s after \
                         its last thread ended, which a loaded machine can cause)"
            }
            _ => "",
        }
    }
    #[cfg(not(unix))]
    {
        let _ = status;
        ""
    }
}

/// The message of a caught panic.
fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else {
        "a panic with no message".into()
    }
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

#[test]
fn line_ends_are_checked_both_ways() {
    let read = |bytes: &'static [u8], end: &'static [u8]| {
        let (tx, rx) = channel();
        let wrong = read_lines(bytes, end, tx);
        let lines: Vec<_> = rx.try_iter().flatten().collect();
        (lines, wrong.len())
    };
    let (lines, wrong) = read(b"ucciok\r\nbye\r\n", b"\r\n");
    assert_eq!((lines, wrong), (vec!["ucciok".into(), "bye".into()], 0));
    assert_eq!(read(b"ucciok\r\nbye\n", b"\r\n").1, 1);
    assert_eq!(read(b"ucciok\r\nbye\r\n", b"\n").1, 2);
    assert_eq!(read(b"ucciok\nbye", b"\n").1, 1, "a last line with no end");
}
