//! A hash table that shrinks gives its memory back. Found by scripts/stress.sh: after a few
//! `setoption Hash` changes the engine's resident memory stayed far above the table it had
//! (34 MB with Hash 1), because the C allocator kept freed tables of up to 32 MB in its heap
//! instead of returning them to the system.

use crate::common::EnginePipe;

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The engine's resident memory after asking for each Hash size in turn.
fn rss_after(sizes: &[u32]) -> u64 {
    let mut engine = EnginePipe::start();
    engine.send("uci");
    engine.wait_for("uciok");
    for mb in sizes {
        engine.send(&format!("setoption name Hash value {mb}"));
        engine.send("isready");
        engine.wait_for("readyok");
    }
    rss_kb(engine.pid())
}

#[test]
fn shrinking_the_table_returns_its_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        crate::common::skipped("no /proc to read resident memory from");
        return;
    }
    let fresh = rss_after(&[1]);
    let shrunk = rss_after(&[32, 16, 8, 4, 2, 1]);
    assert!(fresh > 0, "VmRSS not readable");
    assert!(
        shrunk < fresh + 2048,
        "Hash 1 after shrinking: {shrunk} kB resident, {fresh} kB for a fresh Hash 1"
    );
}
