//! Reading stdin on its own thread, line by line, so that the protocol loop never blocks on
//! input while a search runs. Lines may end in `\n`, `\r\n` or a stray `\r`, may be very long
//! (a whole game of moves) and need not be valid UTF-8; a line beyond `MAX_LINE` bytes is
//! dropped with a message rather than allowed to eat memory.

use crossbeam_channel::Sender;
use std::io::{BufRead, Read};

pub const MAX_LINE: usize = 16 * 1024 * 1024;

pub enum Input {
    Line(String),
    TooLong(usize),
    /// End of input (the GUI closed the pipe) or a read error.
    End,
}

/// Reads `reader` until its end, sending each line (trimmed of line-end characters).
pub fn pump(reader: impl Read, out: Sender<Input>) {
    let mut reader = std::io::BufReader::with_capacity(1 << 16, reader);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let mut too_long = 0usize;
        let read = loop {
            let chunk = match reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break None,
            };
            if chunk.is_empty() {
                break if buf.is_empty() && too_long == 0 {
                    None
                } else {
                    Some(())
                };
            }
            let (part, found) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (&chunk[..=i], true),
                None => (chunk, false),
            };
            let n = part.len();
            if buf.len() + n > MAX_LINE {
                too_long += buf.len() + n;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
            reader.consume(n);
            if found {
                break Some(());
            }
        };
        if read.is_none() {
            let _ = out.send(Input::End);
            return;
        }
        let msg = if too_long > 0 {
            Input::TooLong(too_long)
        } else {
            let text = String::from_utf8_lossy(&buf);
            // A stray '\r' inside a line separates commands as some GUIs intend.
            let mut sent = true;
            for piece in text.split(['\n', '\r']).filter(|p| !p.trim().is_empty()) {
                sent &= out.send(Input::Line(piece.to_string())).is_ok();
            }
            if !sent {
                return;
            }
            continue;
        };
        if out.send(msg).is_err() {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let (tx, rx) = crossbeam_channel::unbounded();
        pump(input, tx);
        rx.try_iter()
            .map(|i| match i {
                Input::Line(l) => l,
                Input::TooLong(n) => format!("<{n}>"),
                Input::End => "<end>".into(),
            })
            .collect()
    }

    #[test]
    fn splits_on_any_line_end_and_skips_blank_lines() {
        assert_eq!(
            lines(b"ucci\r\nisready\n\n  \rgo\rstop"),
            ["ucci", "isready", "go", "stop", "<end>"]
        );
    }

    #[test]
    fn survives_invalid_utf8() {
        assert_eq!(lines(b"is\xffready\n"), ["is\u{fffd}ready", "<end>"]);
    }
}
