//! Ctrl-C (SIGINT) during `jiangjun match`: instead of dying with the games played so far
//! unreported, the runner stops handing out games, prints the summary of the finished games,
//! writes them to the JSON file (the PGN file already has them) and exits with status 130.
//!
//! The handler only sets a flag (`signal-hook`, safe to call from a signal handler); the main
//! thread polls it between results. The engines run in process groups of their own, so that
//! the terminal's Ctrl-C reaches the runner alone and no engine dies mid-game as a "crash"
//! before the runner has stopped; they are stopped when the runner exits and their pipes
//! close (end of input means `quit` to a UCI/UCCI engine, and a write then fails).
//!
//! Windows has the same two pieces under other names: the C runtime turns the console's Ctrl-C
//! into SIGINT for `signal-hook`, and `CREATE_NEW_PROCESS_GROUP` is the process group (a
//! console sends Ctrl-C to every process attached to it, but one started in a new group has
//! Ctrl-C turned off).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Status of a run ended by SIGINT (128 + 2, as shells report it).
pub const EXIT_STATUS: u8 = 130;

/// A flag raised by SIGINT, Ctrl-C on Windows (never raised if the handler cannot be installed).
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    pub fn install() -> Interrupt {
        let flag = Arc::new(AtomicBool::new(false));
        if let Err(e) = signal_hook::flag::register(signal_hook::consts::SIGINT, flag.clone()) {
            log::warn!("cannot catch Ctrl-C ({e}); it will end the match without a summary");
        }
        Interrupt(flag)
    }

    pub fn raised(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Puts an engine about to be started into a process group of its own (see the module doc).
pub fn own_process_group(cmd: &mut std::process::Command) {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(cmd, 0);
    #[cfg(windows)]
    {
        // `CREATE_NEW_PROCESS_GROUP` of the Windows API's process creation flags.
        const CREATE_NEW_PROCESS_GROUP: u32 = 0x0000_0200;
        std::os::windows::process::CommandExt::creation_flags(cmd, CREATE_NEW_PROCESS_GROUP);
    }
    #[cfg(not(any(unix, windows)))]
    let _ = cmd;
}
