//! A whole session's byte stream through the real session loop, in-process: the first byte picks
//! the dialect, the rest is what a GUI might send. Every search is cut short by the end of input,
//! which must end the session cleanly (libFuzzer's timeout catches a hang). Each session starts
//! with a 1 MB table: the default 64 MB would cost more than the session itself.
#![no_main]

use jiangjun_engine::game::Xiangqi;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let mut input: Vec<u8> = if first % 2 == 0 {
        b"ucci\n".to_vec()
    } else {
        b"uci\n".to_vec()
    };
    // Lines that ask for resources rather than parse input are dropped: a Hash size or thread
    // count as large as the option allows is honoured by design (and too slow or too large for a
    // fuzzer's process), and `bench` runs its fixed positions to the end. The line target still
    // parses them.
    for line in rest.split(|&b| b == b'\n' || b == b'\r') {
        let lower = line.to_ascii_lowercase();
        let costly = [&b"hash"[..], b"thread", b"bench"]
            .iter()
            .any(|w| lower.windows(w.len()).any(|x| x == *w));
        if !costly {
            input.extend_from_slice(line);
            input.push(b'\n');
        }
    }
    let mut out = Vec::new();
    let config = jiangjun_engine::protocol::ServeSettings { hash_mb: 1 };
    jiangjun_engine::protocol::serve_with::<Xiangqi>(std::io::Cursor::new(input), &mut out, config);
    // The handshake always comes first, whatever follows it.
    assert!(out.starts_with(b"id name jiangjun"));
});
