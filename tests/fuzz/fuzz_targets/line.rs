//! One protocol line, parsed as a command of both dialects for either side to move. The
//! parsers must turn anything into a command or an error, never panic (overflow checks are on).
#![no_main]

use jiangjun_rules::Side;
use jiangjun_engine::game::Xiangqi;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The engine's reader hands the parsers lossily decoded text, one line at a time.
    let text = String::from_utf8_lossy(data);
    for line in text.split(['\n', '\r']) {
        for side in [Side::Red, Side::Black] {
            let [ucci, uci] = jiangjun_engine::protocol::parse_in_both_dialects::<Xiangqi>(line, side);
            assert!(!ucci.is_empty() && !uci.is_empty());
        }
    }
});
