//! What this build is: version, commit, target and the instructions the net's kernels use,
//! and the net and book built in. `id name` carries the version and commit; `jiangjun --version` all
//! of it.

use crate::book;
use crate::nnue::{self, builtin};

/// The version and the commit it was built from: `0.1.0 (abc1234)`.
pub fn version() -> String {
    format!(
        "{} ({})",
        env!("CARGO_PKG_VERSION"),
        env!("JIANGJUN_COMMIT")
    )
}

/// Whether the net's kernels run their AVX2 versions on this machine (chosen at run time; the
/// portable ones otherwise).
pub fn avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Everything, one fact a line: for `jiangjun --version` and bug reports.
pub fn describe() -> String {
    let net = match builtin::load(builtin::NAME) {
        Ok(net) => format!(
            "{} hidden, checksum {:#010x}",
            net.hidden(),
            nnue::fingerprint(&net)
        ),
        Err(e) => format!("does not read: {e}"),
    };
    let book = match book::builtin::load(book::builtin::NAME) {
        Ok(b) => format!("{} moves", b.len()),
        Err(e) => format!("does not read: {e}"),
    };
    format!(
        "jiangjun {}\ntarget: {}-{}\nAVX2 at run time: {}\nbuilt-in net: {net}\nbuilt-in book: {book}",
        version(),
        std::env::consts::ARCH,
        std::env::consts::OS,
        if avx2() { "yes" } else { "no" }
    )
}
