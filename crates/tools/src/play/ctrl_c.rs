//! Ctrl-C in `jiangjun play`. At the prompt the line editor has the terminal in raw mode and
//! reads Ctrl-C as a key, and the program ends cleanly. While the built-in engine thinks, the
//! terminal is in its normal mode and Ctrl-C is a SIGINT, which would kill the program in the
//! middle of the search (status 130, no closing newline). So for the length of a search the
//! signal only raises a flag: the search is stopped through it, its move is not played, and
//! the program ends as it does on Ctrl-C at the prompt. Outside a search (reading piped
//! input, waiting for an `--engine` opponent, which runs in a process group of its own and
//! ends when its input closes) the signal keeps its default action.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub struct CtrlC {
    /// Raised by SIGINT during a search.
    raised: Arc<AtomicBool>,
    /// The search's stop flag, raised by SIGINT too. Apart from `raised` because a search
    /// raises its own stop flag when it ends (to stop its helper threads).
    stop: Arc<AtomicBool>,
    /// True outside a search: SIGINT then runs its default action.
    idle: Arc<AtomicBool>,
}

impl CtrlC {
    /// Installs the handlers. If they cannot be installed, Ctrl-C keeps its default action
    /// everywhere, as before.
    pub fn install() -> CtrlC {
        let ctrl_c = CtrlC {
            raised: Arc::new(AtomicBool::new(false)),
            stop: Arc::new(AtomicBool::new(false)),
            idle: Arc::new(AtomicBool::new(true)),
        };
        let sigint = signal_hook::consts::SIGINT;
        // The default action first: outside a search it ends the program before the flag
        // could matter.
        let installed =
            signal_hook::flag::register_conditional_default(sigint, ctrl_c.idle.clone())
                .and_then(|_| signal_hook::flag::register(sigint, ctrl_c.raised.clone()))
                .and_then(|_| signal_hook::flag::register(sigint, ctrl_c.stop.clone()));
        if let Err(e) = installed {
            log::warn!("play: cannot catch Ctrl-C during a search ({e})");
        }
        ctrl_c
    }

    /// Runs a search that SIGINT stops, Ctrl-C caught meanwhile.
    pub fn during_search<T>(&self, search: impl FnOnce(&AtomicBool) -> T) -> T {
        self.stop.store(false, Ordering::SeqCst);
        self.idle.store(false, Ordering::SeqCst);
        let result = search(&self.stop);
        self.idle.store(true, Ordering::SeqCst);
        result
    }

    /// Whether Ctrl-C stopped a search.
    pub fn raised(&self) -> bool {
        self.raised.load(Ordering::SeqCst)
    }
}
