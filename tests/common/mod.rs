//! Helpers shared by the integration tests: a small deterministic random generator, so that
//! every "random" test plays the same games on every run.

#![allow(dead_code)]

use jiangjun::game::xiangqi::{Move, Position};
use jiangjun::game::{GenKind, MoveList};

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9e37_79b9_7f4a_7c15)
    }
    pub fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new(Move::NONE);
    pos.generate_legal(GenKind::All, &mut list);
    list.as_slice().to_vec()
}

/// Plays up to `plies` random legal moves from the start position.
pub fn random_game(rng: &mut Rng, plies: usize) -> Position {
    let mut pos = Position::startpos();
    for _ in 0..plies {
        let moves = legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len())]);
    }
    pos
}

/// Kills an engine process when a test ends early on a failed assertion, so that no engine
/// is left running (or spinning in a search) after the test process is gone.
pub struct KillOnDrop(pub std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the built engine with stdin and stdout piped (stderr dropped), killed when dropped.
pub fn spawn_engine() -> KillOnDrop {
    KillOnDrop(
        std::process::Command::new(env!("CARGO_BIN_EXE_jiangjun"))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("engine starts"),
    )
}
