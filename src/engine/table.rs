//! The transposition table as the engine owns it.
//!
//! Allocating and zeroing the default 64 MB takes tens of milliseconds, longer than a GUI
//! should wait for `ucciok`/`uciok`; so the first table is built on a background thread
//! started with the engine, while the handshake goes on, and collected on first use (`isready`,
//! `go`, `probe`). A resize builds the new table before dropping the old one, so that a size
//! that cannot be had leaves the old table in place, contents and all. Dropping the table
//! waits for a build still running: no thread outlives the engine that started it (a library
//! user running many sessions in one process would otherwise pile up threads and tables).

use crate::tt::Tt;
use std::sync::Arc;
use std::thread::JoinHandle;

pub struct Table {
    mb: usize,
    building: Option<JoinHandle<Option<Tt>>>,
    ready: Option<Arc<Tt>>,
}

impl Table {
    /// Starts building a table of `mb` MB in the background (in place if no thread can be had).
    pub fn build(mb: usize) -> Table {
        Table::build_with(mb, Tt::try_new)
    }

    /// Like `build`, with `alloc` making the table (`None`: it cannot be had).
    fn build_with(mb: usize, alloc: impl FnOnce(usize) -> Option<Tt> + Send + 'static) -> Table {
        // `alloc` moves into the thread, so the fallback in place cannot use it again.
        let spawned = std::thread::Builder::new()
            .name("table".into())
            .spawn(move || alloc(mb));
        let (building, ready) = match spawned {
            Ok(handle) => (Some(handle), None),
            Err(_) => (None, Some(Arc::new(Tt::new(mb)))),
        };
        Table {
            mb,
            building,
            ready,
        }
    }

    /// The size in MB (of the table being built, or built).
    pub fn mb(&self) -> usize {
        self.mb
    }

    /// The table, waiting for the background build if it is still running.
    pub fn get(&mut self) -> &Arc<Tt> {
        if let Some(handle) = self.building.take() {
            let built = handle.join().ok().flatten();
            if built.is_none() {
                log::error!("cannot allocate a {} MB hash table; using 1 MB", self.mb);
                self.mb = 1;
            }
            self.ready = Some(Arc::new(built.unwrap_or_else(|| Tt::new(1))));
        }
        let mb = self.mb;
        self.ready.get_or_insert_with(|| Arc::new(Tt::new(mb)))
    }

    /// Replaces the table by an empty one of `mb` MB from `alloc`; on failure the old table
    /// stays and the error says so.
    pub fn resize_with(
        &mut self,
        mb: usize,
        alloc: impl FnOnce(usize) -> Option<Tt>,
    ) -> Result<(), String> {
        if mb == self.mb {
            return Ok(());
        }
        // The old table must exist before it can be kept.
        self.get();
        match alloc(mb) {
            Some(t) => {
                self.ready = Some(Arc::new(t));
                self.mb = mb;
                Ok(())
            }
            None => Err(format!(
                "cannot allocate a {mb} MB hash table; keeping the {} MB one",
                self.mb
            )),
        }
    }
}

impl Drop for Table {
    /// Waits for a build still running (a session that quits right after the handshake): the
    /// thread ends and its table is freed before the engine is gone. A build that panicked has
    /// nothing left to free.
    fn drop(&mut self) {
        if let Some(handle) = self.building.take() {
            drop(handle.join());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;

    #[test]
    fn dropping_a_table_still_being_built_waits_for_its_thread() {
        // A build slow enough that a detached thread would still be running after the drop.
        let finished = Arc::new(AtomicBool::new(false));
        let flag = finished.clone();
        let table = Table::build_with(1, move |mb| {
            std::thread::sleep(Duration::from_millis(200));
            let t = Tt::try_new(mb);
            flag.store(true, Ordering::SeqCst);
            t
        });
        drop(table);
        assert!(
            finished.load(Ordering::SeqCst),
            "the table thread outlived its table"
        );
    }
}
