//! Ctrl-C (SIGINT) while `jiangjun play`'s engine is thinking stops the search and ends the
//! program cleanly, as Ctrl-C at the prompt does, instead of killing it mid-search. Unix
//! only: the signal is sent with `kill`.
#![cfg(unix)]

use crate::common::KillOnDrop;
use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::Duration;

const JIANGJUN: &str = env!("CARGO_BIN_EXE_jiangjun");

#[test]
fn sigint_during_the_engines_search_ends_the_game_cleanly() {
    // The engine has Red and a minute for its first move: it is searching when the signal
    // comes, and would go on for a minute if the signal did not stop it.
    let mut child = KillOnDrop(
        Command::new(JIANGJUN)
            .args(["play", "--side", "black", "--movetime", "60"])
            .env("RUST_LOG", "jiangjun=debug")
            // A game left unsaved is saved on leaving: into the build's scratch folder.
            .current_dir(env!("CARGO_TARGET_TMPDIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("jiangjun starts"),
    );
    let stderr = child.0.stderr.take().expect("piped stderr");
    let (tx, searching) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if line.contains("play: searching") {
                let _ = tx.send(());
            }
        }
    });
    searching
        .recv_timeout(Duration::from_secs(30))
        .expect("the engine starts its search");
    // The line is logged just before the search takes Ctrl-C over: wait past that moment.
    std::thread::sleep(Duration::from_millis(200));
    let status = child.interrupt(Duration::from_secs(20));
    let mut stdout = String::new();
    let _ = child
        .0
        .stdout
        .take()
        .expect("piped stdout")
        .read_to_string(&mut stdout);
    assert_eq!(status.code(), Some(0), "a clean exit: {stdout}");
    assert!(stdout.contains("interrupted"), "{stdout}");
    assert!(
        !stdout.contains("engine plays"),
        "the stopped search's move is not played: {stdout}"
    );
}
