//! The key that makes the engine move now. While the engine thinks, the terminal would
//! otherwise sit in its line mode: keys are echoed over the live display and reach the
//! program only with Enter. So for the length of the engine's turn the terminal reads key by
//! key without echo (`ICANON` and `ECHO` off), and the display thread polls for a key between
//! its redraws. `ISIG` stays on, so that Ctrl-C is still the signal that `ctrl_c` catches.
//! The terminal's settings are put back when the turn ends, whatever ends it (`Drop`).
//!
//! Unix only: elsewhere there is no key, and the engine moves when its search ends.

#[cfg(unix)]
pub use unix::KeyReader;

#[cfg(unix)]
mod unix {
    use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
    use nix::sys::termios::{self, LocalFlags, SetArg, SpecialCharacterIndices, Termios};
    use std::os::fd::AsFd;
    use std::time::Duration;

    /// Keys that make the engine move now: space, Enter (either code) and `m`.
    const MOVE_NOW: &[u8] = b" \r\nmM";

    /// The terminal on stdin, read key by key until this is dropped.
    pub struct KeyReader {
        saved: Termios,
    }

    impl KeyReader {
        /// Puts stdin's terminal in key-by-key mode; `None` when stdin is not a terminal or
        /// its settings cannot be changed.
        pub fn open() -> Option<KeyReader> {
            let stdin = std::io::stdin();
            let saved = termios::tcgetattr(stdin.as_fd()).ok()?;
            let mut keys = saved.clone();
            keys.local_flags
                .remove(LocalFlags::ICANON | LocalFlags::ECHO);
            keys.control_chars[SpecialCharacterIndices::VMIN as usize] = 0;
            keys.control_chars[SpecialCharacterIndices::VTIME as usize] = 0;
            termios::tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &keys).ok()?;
            Some(KeyReader { saved })
        }

        /// Waits up to `wait` for keys; whether one of them asks for the move now. Other
        /// keys are read and dropped (they were typed while it was not the person's turn).
        pub fn move_now(&self, wait: Duration) -> bool {
            let stdin = std::io::stdin();
            let fd = stdin.as_fd();
            let mut fds = [PollFd::new(fd, PollFlags::POLLIN)];
            let ms = u16::try_from(wait.as_millis()).unwrap_or(u16::MAX);
            match poll(&mut fds, PollTimeout::from(ms)) {
                Ok(n) if n > 0 => {}
                _ => return false,
            }
            let mut buf = [0u8; 64];
            match nix::unistd::read(fd, &mut buf) {
                Ok(n) => buf[..n].iter().any(|b| MOVE_NOW.contains(b)),
                Err(_) => {
                    // A read error would make every poll return at once: wait instead.
                    std::thread::sleep(wait);
                    false
                }
            }
        }
    }

    impl Drop for KeyReader {
        fn drop(&mut self) {
            let stdin = std::io::stdin();
            let _ = termios::tcsetattr(stdin.as_fd(), SetArg::TCSANOW, &self.saved);
        }
    }
}

/// Without a terminal to read keys from: no key, the wait only.
#[cfg(not(unix))]
pub struct KeyReader;

#[cfg(not(unix))]
impl KeyReader {
    pub fn open() -> Option<KeyReader> {
        None
    }

    pub fn move_now(&self, wait: std::time::Duration) -> bool {
        std::thread::sleep(wait);
        false
    }
}
