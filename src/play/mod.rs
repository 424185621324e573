//! `jiangjun play`: a game against the engine in the terminal (a first, minimal version).
//! The player types moves in any notation (ICCS `h2e2`, WXF `C2.5`, Chinese 炮二平五) or a
//! command; a move that is unreadable, ambiguous or illegal gets the notation module's message
//! and the game goes on. `Session` does the work line by line and returns text, so that
//! tests drive it without a terminal; `run` only moves lines between it and the terminal.

mod board;

use crate::bench::fixed_depth;
use crate::game::xiangqi::notation::{self, Notation};
use crate::game::xiangqi::{Move, Position, rules};
use crate::game::{GenKind, MoveList, Outcome, Side};
use crate::tt::Tt;
use clap::ValueEnum;
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// Which sides the person at the keyboard plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Seat {
    Red,
    Black,
    Both,
    None,
}

/// Play Xiangqi against the engine in the terminal.
#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The side you play (both: two people; none: the engine plays itself).
    #[arg(long, value_enum, default_value = "red")]
    side: Seat,
    /// The engine's search depth (1 to 30).
    #[arg(long, default_value_t = 7, value_parser = crate::cli::values::number_in(1u32, 30))]
    depth: u32,
    /// Start from this position instead of the initial one.
    #[arg(long, value_name = "FEN")]
    fen: Option<String>,
    /// How moves are shown: iccs, wxf or chinese (any is read).
    #[arg(long, default_value = "chinese", value_parser = clap::value_parser!(Notation))]
    notation: Notation,
}

const HELP: &str = "Type a move (h2e2, H2-E2, C2.5, 炮二平五, 马8进7, 前车进一) or a command:\n  \
    undo   take back your last move (and the engine's reply)\n  \
    hint   the engine's choice for you\n  \
    moves  your legal moves\n  \
    board  show the board; flip turns it round\n  \
    fen    the position as FEN\n  \
    new    start again\n  \
    quit   leave";

/// One game in progress.
pub struct Session {
    start: Position,
    pos: Position,
    moves: Vec<Move>,
    seat: Seat,
    depth: u32,
    notation: Notation,
    flipped: bool,
    colour: bool,
    tt: Tt,
}

/// What a line of input leads to.
pub enum Reply {
    Text(String),
    Quit,
}

impl Session {
    pub fn new(start: Position, seat: Seat, depth: u32, notation: Notation) -> Session {
        Session {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            seat,
            depth,
            notation,
            flipped: seat == Seat::Black,
            colour: false,
            tt: Tt::new(16),
        }
    }

    fn human_to_move(&self) -> bool {
        match self.seat {
            Seat::Both => true,
            Seat::None => false,
            Seat::Red => self.pos.side_to_move() == Side::Red,
            Seat::Black => self.pos.side_to_move() == Side::Black,
        }
    }

    /// The board and whose turn it is, or how the game ended.
    pub fn show(&self) -> String {
        let mut s = board::render(&self.pos, self.flipped, self.colour);
        match rules::outcome(&self.pos, 3) {
            Some(o) => s += &format!("game over: {}", verdict(self.pos.side_to_move(), o)),
            None => {
                let side = match self.pos.side_to_move() {
                    Side::Red => "Red",
                    Side::Black => "Black",
                };
                s += &format!("{side} to move");
            }
        }
        s
    }

    fn play(&mut self, m: Move) -> String {
        let text = notation::format(&self.pos, m, self.notation);
        self.pos.make(m);
        self.moves.push(m);
        text
    }

    /// Lets the engine move while it is its turn and the game goes on; returns what it played.
    pub fn engine_moves(&mut self) -> String {
        let mut out = String::new();
        while !self.human_to_move() && rules::outcome(&self.pos, 3).is_none() {
            let Some(m) = fixed_depth(&self.tt, self.pos.clone(), self.depth).best else {
                break;
            };
            out += &format!("engine plays {}\n", self.play(m));
        }
        out + &self.show()
    }

    /// Answers one line of input.
    pub fn handle(&mut self, line: &str) -> Reply {
        let text = match line.trim() {
            "" => return Reply::Text(String::new()),
            "quit" | "exit" | "q" => return Reply::Quit,
            "help" | "?" => HELP.to_string(),
            "board" => self.show(),
            "flip" => {
                self.flipped = !self.flipped;
                self.show()
            }
            "fen" => self.pos.to_fen(),
            "moves" => self.legal_moves().join(" "),
            "hint" => match fixed_depth(&self.tt, self.pos.clone(), self.depth).best {
                Some(m) => format!("hint: {}", notation::format(&self.pos, m, self.notation)),
                None => "no legal move".to_string(),
            },
            "undo" => self.undo(),
            "new" => {
                self.pos = self.start.clone();
                self.moves.clear();
                self.engine_moves()
            }
            typed => self.typed_move(typed),
        };
        Reply::Text(text)
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut list = MoveList::new(Move::NONE);
        self.pos.generate_legal(GenKind::All, &mut list);
        let mut v: Vec<String> = list
            .iter()
            .map(|m| notation::format(&self.pos, m, self.notation))
            .collect();
        v.sort();
        v
    }

    fn typed_move(&mut self, typed: &str) -> String {
        if rules::outcome(&self.pos, 3).is_some() {
            return "the game is over: new starts again, undo takes a move back".to_string();
        }
        if !self.human_to_move() {
            return "it is the engine's turn".to_string();
        }
        match notation::parse_offering(&self.pos, typed, self.notation) {
            Ok(m) => {
                let text = self.play(m);
                format!("you play {text}\n{}", self.engine_moves())
            }
            Err(e) => e.to_string(),
        }
    }

    /// Takes back moves until it is the player's turn again (at least one move).
    fn undo(&mut self) -> String {
        if self.moves.is_empty() {
            return "nothing to undo".to_string();
        }
        loop {
            self.moves.pop();
            self.pos.unmake();
            if self.human_to_move() || self.moves.is_empty() {
                break;
            }
        }
        self.show()
    }
}

fn verdict(to_move: Side, o: Outcome) -> String {
    let name = |s: Side| match s {
        Side::Red => "Red",
        Side::Black => "Black",
    };
    match o {
        Outcome::Loss(r) => format!("{} wins by {}", name(to_move.flip()), r.describe()),
        Outcome::Win(r) => format!("{} wins by {}", name(to_move), r.describe()),
        Outcome::Draw(r) => format!("draw by {}", r.describe()),
    }
}

/// Entry point for `jiangjun play`: reads lines from stdin until `quit` or end of input.
pub fn run(args: &PlayArgs) -> ExitCode {
    let start = match &args.fen {
        Some(f) => match Position::from_fen(f) {
            Ok(p) => p,
            Err(e) => return crate::cli::usage_error(Some("play"), &e.to_string()),
        },
        None => Position::startpos(),
    };
    let mut session = Session::new(start, args.side, args.depth, args.notation);
    session.colour = std::io::stdout().is_terminal();
    let mut out = std::io::stdout();
    let _ = writeln!(out, "help lists the commands\n{}", session.engine_moves());
    // Bytes, not `lines()`: a line that is not UTF-8 (a terminal in another encoding, a
    // stray paste) must be answered like any unreadable entry, not end the game.
    for line in std::io::stdin().lock().split(b'\n') {
        let Ok(bytes) = line else { break };
        let text = String::from_utf8_lossy(&bytes);
        match session.handle(text.trim_end_matches('\r')) {
            Reply::Quit => break,
            Reply::Text(t) if t.is_empty() => {}
            Reply::Text(t) => {
                let _ = writeln!(out, "{t}");
            }
        }
        let _ = out.flush();
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests;
