//! One game at the keyboard: the position and its moves, who plays which side, the clocks,
//! and how the game ended. The rules core decides checkmate, stalemate, perpetual check and
//! chase, repetition and the move limit; resignation, an agreed draw and the flag are added
//! here. `PlaySession` returns text and never prints, so that tests drive it without a terminal.

use super::board::Style;
use super::ctrl_c::CtrlC;
use super::game::{Playable, line_text, side_name};
use super::live::{Live, thinking_text};
use super::opponent::{self, Opponent, Turn, Watching};
use super::timing::{ClockView, Timing};
use crate::arbiter::game::Termination;
use crate::clock::{Tick, TimeControl};
use clap::ValueEnum;
use jiangjun_engine::engine::strength::{Strength, search_at_strength};
use jiangjun_engine::evaluation::Evaluation;
use jiangjun_engine::search::{Event, ShownScore, search_once_until};
use jiangjun_engine::time::Limits;
use jiangjun_engine::tt::Tt;
use jiangjun_rules::xiangqi::notation::Notation;
use jiangjun_rules::{GenKind, MoveList, Outcome, Side};
use std::sync::atomic::AtomicBool;

/// Which sides the person at the keyboard plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Seat {
    #[value(alias = "white")]
    Red,
    Black,
    Both,
    None,
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub winner: Option<Side>,
    pub termination: Termination,
}

impl Ending {
    fn from_outcome(to_move: Side, o: Outcome) -> Ending {
        let (winner, reason) = match o {
            Outcome::Loss(r) => (Some(to_move.flip()), r),
            Outcome::Win(r) => (Some(to_move), r),
            Outcome::Draw(r) => (None, r),
        };
        Ending {
            winner,
            termination: Termination::Rule(reason),
        }
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::Red) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// "Red wins by checkmate", "draw by repetition", "Black wins on time"; `names` are the
    /// sides' names, the first mover's first.
    pub fn describe(&self, names: [&str; 2]) -> String {
        let why = match self.termination {
            Termination::TimeForfeit => "on time".to_string(),
            Termination::DrawAgreement => "agreement".to_string(),
            t => t.describe().to_string(),
        };
        match self.winner {
            Some(side) => format!("{} wins {}{why}", names[side.index()], by(self.termination)),
            None => format!("draw by {why}"),
        }
    }
}

fn by(t: Termination) -> &'static str {
    match t {
        Termination::TimeForfeit => "",
        _ => "by ",
    }
}

/// What the engine said about its last move.
#[derive(Copy, Clone, Debug)]
pub struct Thought {
    pub score: i32,
    pub depth: u32,
    /// The move was the only legal one (searched briefly all the same, for its score).
    pub only: bool,
}

impl Thought {
    /// "score +35, depth 7" (centipawns, from the engine's side), "mate in 3, depth 9", and
    /// "only move, …" before either when there was no choice.
    pub fn describe(&self) -> String {
        let said = format!("{}, depth {}", score_text(self.score), self.depth);
        if self.only {
            format!("only move, {said}")
        } else {
            said
        }
    }
}

/// "score +35", "mate in 3" or "mated in 2": a search score as a player reads it.
fn score_text(score: i32) -> String {
    match ShownScore::from_internal(score) {
        ShownScore::Cp(cp) => format!("score {cp:+}"),
        ShownScore::Mate(n) if n > 0 => format!("mate in {n}"),
        ShownScore::Mate(n) => format!("mated in {}", -n),
    }
}

/// One game in progress.
pub struct PlaySession<G: Playable> {
    pub(super) start: G,
    pub(super) pos: G,
    pub(super) moves: Vec<G::Move>,
    pub(super) seat: Seat,
    pub(super) notation: Notation,
    pub(super) flipped: bool,
    pub(super) style: Style,
    pub(super) timing: Timing,
    pub(super) ended: Option<Ending>,
    pub(super) tt: Tt,
    /// Another engine process (`--engine`), playing instead of the built-in search.
    pub(super) opponent: Option<Opponent>,
    /// The built-in engine's evaluation, put on the start and on every position a `new` or
    /// `load` starts from.
    pub(super) evaluation: Evaluation,
    /// Ctrl-C during a search (the terminal's program sets it; tests drive none).
    pub(super) ctrl_c: Option<CtrlC>,
    /// `--level`/`--elo`: the built-in engine plays weaker (`None`: full strength).
    pub strength: Option<Strength>,
    /// The start and moves as last saved or loaded: a game that differs is saved on leaving.
    pub(super) saved: Option<(String, Vec<G::Move>)>,
    /// How the engine's turns are shown as they happen (`None`: not at all; the terminal's
    /// program sets it, tests drive none).
    pub(super) live: Option<Live>,
}

impl<G: Playable> PlaySession<G> {
    pub fn new(start: G, seat: Seat, tc: TimeControl, notation: Notation) -> PlaySession<G> {
        let mut s = PlaySession {
            pos: start.clone(),
            start,
            moves: Vec::new(),
            seat,
            notation,
            flipped: seat == Seat::Black,
            style: Style {
                colour: false,
                ascii: false,
            },
            timing: Timing::new(tc),
            ended: None,
            tt: Tt::new(16),
            opponent: None,
            evaluation: Evaluation::classical(),
            ctrl_c: None,
            strength: None,
            saved: None,
            live: None,
        };
        s.judge();
        s
    }

    /// Evaluates with `evaluation` from now on (the table is emptied: it keeps static
    /// evaluations, and the old ones must not stand in for the new).
    pub fn set_evaluation(&mut self, evaluation: Evaluation) {
        self.start.set_evaluation(&evaluation);
        self.pos.set_evaluation(&evaluation);
        self.evaluation = evaluation;
        self.tt.clear();
    }

    pub(super) fn human_to_move(&self) -> bool {
        match self.seat {
            Seat::Both => true,
            Seat::None => false,
            Seat::Red => self.pos.side_to_move() == Side::Red,
            Seat::Black => self.pos.side_to_move() == Side::Black,
        }
    }

    /// The board, check, the clocks and whose turn it is, or how the game ended.
    pub fn show(&self) -> String {
        let last = self.moves.last().copied();
        let mut s = self.pos.render(last, self.flipped, self.style);
        if let Some(clocks) =
            self.timing
                .show(self.pos.side_to_move(), self.ended.is_none(), G::SIDE_NAMES)
        {
            s += &clocks;
            s.push('\n');
        }
        s += &self.status();
        s
    }

    /// "Red to move", "Black to move, in check", or "game over: …".
    pub fn status(&self) -> String {
        match self.ended {
            Some(e) => format!("game over: {} ({})", e.describe(G::SIDE_NAMES), e.result()),
            None => {
                let check = if self.pos.in_check() {
                    ", in check"
                } else {
                    ""
                };
                format!("{} to move{check}", side_name::<G>(self.pos.side_to_move()))
            }
        }
    }

    /// Sets `ended` if the rules end the game here.
    pub(super) fn judge(&mut self) {
        if self.ended.is_none()
            && let Some(o) = self.pos.arbiter_outcome()
        {
            self.ended = Some(Ending::from_outcome(self.pos.side_to_move(), o));
        }
    }

    /// Plays a legal move and returns its text, with "check" when it gives one.
    pub(super) fn play(&mut self, m: G::Move) -> String {
        let mut text = self.pos.write(m, self.notation);
        self.pos.make(m);
        self.moves.push(m);
        self.judge();
        if self.pos.in_check() && self.ended.is_none() {
            text += " (check)";
        }
        text
    }

    /// Ends the game with the side to move losing on time.
    fn flag(&mut self) -> String {
        let loser = self.pos.side_to_move();
        self.ended = Some(Ending {
            winner: Some(loser.flip()),
            termination: Termination::TimeForfeit,
        });
        format!("{}'s flag fell", side_name::<G>(loser))
    }

    /// The clocks as the live display shows them while the side to move thinks.
    fn clock_view(&self) -> Option<ClockView> {
        self.timing.view(self.pos.side_to_move(), G::SIDE_NAMES)
    }

    /// The clock a person's prompt carries: theirs, while it runs (timed games only).
    pub fn prompt_clock(&self) -> Option<ClockView> {
        match self.ended.is_none() && self.human_to_move() {
            true => self.clock_view(),
            false => None,
        }
    }

    /// Searches the position to `limits` on one thread, its iterations shown live.
    pub(super) fn think(&self, limits: &Limits) -> (Option<G::Move>, Thought) {
        let pos = self.pos.clone();
        log::debug!("play: searching");
        let (shown, notation) = (&self.pos, self.notation);
        let run = |stop: &AtomicBool, emit: &(dyn Fn(Event<G::Move>) + Sync)| match &self.strength {
            Some(s) => search_at_strength(pos, limits, &self.tt, stop, s, seed(), emit),
            None => search_once_until(pos, limits, &self.tt, stop, emit),
        };
        let search = |stop: &AtomicBool| match &self.live {
            Some(live) => live.watch(stop, self.clock_view(), |report| {
                let emit = |e: Event<G::Move>| {
                    if let Event::Info(i) = e
                        && i.multipv == 1
                    {
                        let line = line_text(shown, i.pv.iter().copied(), notation);
                        report(thinking_text(i.depth, &score_text(i.score), &line));
                    }
                };
                run(stop, &emit)
            }),
            None => run(stop, &|_| {}),
        };
        let report = match &self.ctrl_c {
            Some(c) => c.during_search(search),
            None => search(&AtomicBool::new(false)),
        };
        let thought = Thought {
            score: report.score,
            depth: report.depth,
            only: self.pos.count_moves() == 1,
        };
        (report.best, thought)
    }

    /// Lets the engine move while it is its turn and the game goes on; returns what it
    /// played (with its score and depth) and the board.
    pub fn engine_moves(&mut self) -> String {
        let mut out = String::new();
        while !self.human_to_move() && self.ended.is_none() {
            let side = self.pos.side_to_move();
            let clocks = self.clock_view();
            let (m, who, said) = match self.opponent.as_mut() {
                Some(o) if opponent::plays(self.seat, side) => {
                    let who = format!("engine '{}'", o.name());
                    let (start, moves, pos, timing) =
                        (&self.start, &self.moves, &self.pos, &self.timing);
                    let turn = match &self.live {
                        Some(live) => {
                            let stop = AtomicBool::new(false);
                            live.watch(&stop, clocks, |report| {
                                let watching = Watching {
                                    stop: &stop,
                                    report,
                                    notation: self.notation,
                                };
                                o.think(start, moves, pos, timing, Some(watching))
                            })
                        }
                        None => o.think(start, moves, pos, timing, None),
                    };
                    match turn {
                        Turn::Move(m, score) => (m, who, opponent::describe_score(score)),
                        Turn::Over(ending, why) => {
                            self.ended = Some(ending);
                            out += &format!("{why}\n");
                            break;
                        }
                    }
                }
                _ => match self.think(&self.timing.engine_limits(side)) {
                    _ if self.interrupted() => return out,
                    (Some(m), thought) => (m, "engine".to_string(), thought.describe()),
                    (None, _) => break,
                },
            };
            if self.timing.charge(side, false) == Tick::Flagged {
                out += &self.flag();
                out.push('\n');
                break;
            }
            let text = self.play(m);
            out += &format!("{who} plays {text}   [{said}]\n");
        }
        self.timing.start_turn();
        out + &self.show()
    }

    /// Whether Ctrl-C stopped a search: the program then ends.
    pub fn interrupted(&self) -> bool {
        self.ctrl_c.as_ref().is_some_and(CtrlC::raised)
    }

    /// A move typed by the person to move.
    pub(super) fn typed_move(&mut self, typed: &str) -> String {
        if self.ended.is_some() {
            return "the game is over: new starts again, undo takes a move back, save FILE keeps it"
                .to_string();
        }
        if !self.human_to_move() {
            return "it is the engine's turn".to_string();
        }
        let m = match self.pos.read(typed, self.notation) {
            Ok(m) => m,
            Err(e) => return e,
        };
        if self.timing.charge(self.pos.side_to_move(), true) == Tick::Flagged {
            let text = self.flag();
            return format!("{text} before the move\n{}", self.show());
        }
        let text = self.play(m);
        format!("you play {text}\n{}", self.engine_moves())
    }

    /// The legal moves of the side to move, written in the session's notation.
    pub(super) fn legal_moves(&self) -> Vec<String> {
        let mut list = MoveList::new(G::NULL_MOVE);
        self.pos.generate(GenKind::All, &mut list);
        let mut v: Vec<String> = list
            .iter()
            .map(|m| self.pos.write(m, self.notation))
            .collect();
        v.sort();
        v
    }

    /// Takes back moves until it is the person's turn again (at least one move): against
    /// the engine, a whole turn. A finished game is open again.
    pub(super) fn undo(&mut self) -> String {
        if self.moves.is_empty() {
            return "nothing to undo".to_string();
        }
        let mut taken = 0;
        loop {
            self.moves.pop();
            self.pos.unmake();
            taken += 1;
            if self.human_to_move() || self.moves.is_empty() || self.seat == Seat::None {
                break;
            }
        }
        self.ended = None;
        self.judge();
        self.timing.take_back(taken);
        self.show()
    }

    /// Starts from `start` with `moves` played (a new game, or one loaded from a file).
    pub(super) fn restart(&mut self, mut start: G, moves: &[G::Move]) {
        start.set_evaluation(&self.evaluation);
        self.pos = start.clone();
        self.start = start;
        self.moves.clear();
        self.ended = None;
        self.timing.reset();
        if let Some(o) = self.opponent.as_mut() {
            o.new_game();
        }
        for &m in moves {
            self.pos.make(m);
            self.moves.push(m);
        }
        self.judge();
    }

    /// The person to move resigns (against the engine: the person's side).
    pub(super) fn resign(&mut self) -> String {
        if self.ended.is_some() {
            return "the game is over already".to_string();
        }
        let loser = match self.seat {
            Seat::Red => Side::Red,
            Seat::Black => Side::Black,
            Seat::Both | Seat::None => self.pos.side_to_move(),
        };
        self.ended = Some(Ending {
            winner: Some(loser.flip()),
            termination: Termination::Resignation,
        });
        self.show()
    }

    /// A draw offer. People at one keyboard agree by offering; the engine accepts when its
    /// own search finds it worse than `DRAW_ACCEPT` centipawns.
    pub(super) fn offer_draw(&mut self) -> String {
        if self.ended.is_some() {
            return "the game is over already".to_string();
        }
        if matches!(self.seat, Seat::Red | Seat::Black) {
            let (_, thought) = self.think(&self.timing.hint_limits(self.pos.side_to_move()));
            // The score is the side to move's; the engine's view is the opposite when the
            // person is to move.
            let engine_view = if self.human_to_move() {
                -thought.score
            } else {
                thought.score
            };
            if engine_view > -DRAW_ACCEPT {
                return format!(
                    "the engine declines the draw ({})",
                    Thought {
                        score: engine_view,
                        ..thought
                    }
                    .describe()
                );
            }
        }
        self.ended = Some(Ending {
            winner: None,
            termination: Termination::DrawAgreement,
        });
        self.show()
    }
}

/// How far behind (centipawns, by its own search) the engine must be to accept a draw.
const DRAW_ACCEPT: i32 = 50;

/// A seed that differs from one search to the next (which of a weaker level's lines it plays).
fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
