//! Where the logs go: stderr, but never in the engine's way. The lines pass through a bounded
//! queue to a thread of their own that writes them. A GUI that pipes the engine's stderr and
//! never reads it fills the pipe (64 KiB on Linux); a plain write to stderr would then block
//! the protocol loop in the middle of a command, and the engine would hang. Here only the
//! writing thread waits: once the queue is full, further lines are dropped (and counted), and
//! the engine answers on.

use crossbeam_channel::{Receiver, Sender, bounded};
use std::io::Write;
use std::time::Duration;

/// Lines held while stderr is not being read; more are dropped.
const QUEUE: usize = 1024;

enum Message {
    Line(Vec<u8>),
    /// Answered once every line queued before it is written.
    Flush(Sender<()>),
}

/// The logger's writer: each formatted record is queued, never written in place.
struct Queued(Sender<Message>);

impl Write for Queued {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        // A full queue (stderr not read) or a gone writer: the line is dropped, by design.
        let _ = self.0.try_send(Message::Line(buf.to_vec()));
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn write_all(lines: Receiver<Message>) {
    let mut stderr = std::io::stderr();
    for message in lines {
        match message {
            Message::Line(bytes) => {
                let _ = stderr.write_all(&bytes);
            }
            Message::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
}

/// The handle that waits for the queued lines at the end of the program.
pub struct Logs(Sender<Message>);

impl Logs {
    /// Waits until the lines logged so far are written, for `limit` at most (stderr may
    /// never be read: then the program ends without them).
    pub fn flush(&self, limit: Duration) {
        let (done, written) = bounded(1);
        if self.0.send_timeout(Message::Flush(done), limit).is_ok() {
            let _ = written.recv_timeout(limit);
        }
    }
}

/// Starts the logger: warnings (bad input) show by default, `RUST_LOG=debug` shows more.
pub fn init() -> Logs {
    let (queue, lines) = bounded(QUEUE);
    std::thread::Builder::new()
        .name("stderr".into())
        .spawn(move || write_all(lines))
        .expect("a thread for the logs");
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .target(env_logger::Target::Pipe(Box::new(Queued(queue.clone()))))
        .init();
    Logs(queue)
}
