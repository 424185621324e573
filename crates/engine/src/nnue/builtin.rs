//! The net shipped inside the binary (`builtin.nnue` beside this file, `include_bytes!`), and
//! the one way to name any net: `load` takes `<builtin>` for it and a path for a file, so the
//! engine's `EvalFile` and the trainer's `--init` read nets alike. The shipped net is read on
//! first use and checked as a file would be but for its checksum (`file::from_builtin_bytes`);
//! a test checks it whole, so a build whose net did not check would say so, never evaluate
//! with damaged weights.

use super::file::{self, NetError};
use super::net::Net;
use std::sync::{Arc, LazyLock};

/// The `EvalFile` value (and `--init` value) that names the shipped net.
pub const NAME: &str = "<builtin>";

static BYTES: &[u8] = include_bytes!("builtin.nnue");
static NET: LazyLock<Result<Arc<Net>, NetError>> =
    LazyLock::new(|| file::from_builtin_bytes(BYTES).map(Arc::new));

/// The net `name` names: the shipped one for `NAME`, else the file at that path.
pub fn load(name: &str) -> Result<Arc<Net>, NetError> {
    if name == NAME {
        NET.clone()
    } else {
        file::load(name).map(Arc::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_net_reads_and_says_what_it_was_trained_on() {
        let net = load(NAME).expect("the shipped net is a valid net file");
        assert_eq!(
            file::from_bytes(BYTES).as_ref(),
            Ok(&*net),
            "the built-in bytes pass the checksum too"
        );
        // `alone-512-s96` of docs/data/nets.jsonl: `alone-512-s95` trained on with run dg-s96-40.
        assert_eq!(net.hidden(), 512);
        assert!(
            net.header
                .description
                .starts_with("jiangjun train on dg-s96-40, starting from alone-512-s95.nnue "),
            "{}",
            net.header.description
        );
        file::check_ranges(&net).expect("within the engine's ranges");
    }
}
