//! The transposition table as the engine owns it.
//!
//! A table of any size is made at once: its memory comes from the system already zeroed and
//! becomes resident only as the search writes to it (`tt::memory`), so neither the handshake
//! nor `readyok` after a `Hash` change waits for it. A resize makes the new table before
//! dropping the old one, so that a size that cannot be had leaves the old table in place,
//! contents and all.

use crate::tt::Tt;
use std::sync::Arc;

pub struct Table {
    mb: usize,
    tt: Arc<Tt>,
}

impl Table {
    /// A table of `mb` MB, or of 1 MB if that much cannot be had.
    pub fn build(mb: usize) -> Table {
        match Tt::try_new(mb) {
            Some(t) => Table {
                mb,
                tt: Arc::new(t),
            },
            None => {
                log::error!("cannot allocate a {mb} MB hash table; using 1 MB");
                Table {
                    mb: 1,
                    tt: Arc::new(Tt::new(1)),
                }
            }
        }
    }

    /// The size in MB.
    pub fn mb(&self) -> usize {
        self.mb
    }

    pub fn get(&self) -> &Arc<Tt> {
        &self.tt
    }

    /// Empties the table. A fresh allocation is cheaper than writing zeros over every slot
    /// (the pages come back untouched); only if it cannot be had is the table cleared in place.
    /// Not while a search runs.
    pub fn clear(&mut self) {
        match Tt::try_new(self.mb) {
            Some(t) => self.tt = Arc::new(t),
            None => self.tt.clear(),
        }
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
        match alloc(mb) {
            Some(t) => {
                self.tt = Arc::new(t);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clearing_empties_the_table_and_keeps_its_size() {
        let mut table = Table::build(2);
        let entry = crate::tt::Entry {
            mv: 5,
            score: 10,
            eval: 3,
            depth: 4,
            bound: crate::tt::Bound::Exact,
        };
        table.get().store(42, entry);
        assert_eq!(table.get().probe(42), Some(entry));
        table.clear();
        assert_eq!(table.get().probe(42), None);
        assert_eq!(table.mb(), 2);
    }
}
