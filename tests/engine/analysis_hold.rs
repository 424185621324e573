//! UCI `go infinite`: a search that has run out of work (here a mate in one, found at once)
//! holds its `bestmove` until `stop`, and holds it asleep: the engine uses next to no CPU
//! while it waits. (The transcripts check the protocol side of every case; this checks the
//! "without spinning a core" side, which only the process's CPU time shows.)

use crate::common::EnginePipe;
use std::time::Duration;

/// User + system CPU time of a process in clock ticks (usually 1/100 s), from /proc.
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("/proc readable");
    // The command name (field 2) may contain spaces; the fields after its ')' are fixed.
    let rest = &stat[stat.rfind(')').expect("stat has a name") + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime")
}

#[cfg(target_os = "linux")]
#[test]
fn a_finished_infinite_search_waits_for_stop_asleep() {
    let mut engine = EnginePipe::start();
    let pid = engine.pid();
    engine.send("uci");
    engine.send("position fen 3k5/9/9/9/9/9/9/9/R8/4K3R w - - 0 1");
    engine.send("go infinite");
    // The mate is found within milliseconds; give the search time to reach its depth cap.
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(pid);
    std::thread::sleep(Duration::from_millis(1500));
    let used = cpu_ticks(pid) - before;
    // A spinning core would use about 150 ticks in 1.5 s.
    assert!(used <= 15, "{used} ticks of CPU while holding the answer");
    let early = engine.received("bestmove");
    assert!(early.is_empty(), "answered before stop: {early:?}");
    engine.send("stop");
    assert_eq!(engine.wait_for("bestmove"), "bestmove a1d1");
    engine.send("quit");
    assert!(engine.child.0.wait().expect("engine exits").success());
}
