//! The protocol state machine shared by both dialects: Idle or Busy (a search running),
//! commands from the reader thread and events from the search multiplexed on one loop, so that
//! `isready`, `stop` and `ponderhit` are answered while a search runs. Commands that need an
//! idle engine (`position`, `go`, `setoption`, …) are queued while it is busy and run, in
//! order, right after its `bestmove`. All stdout writing happens here. A session plays one
//! game; `UCI_Variant` ends it and hands its options and queued lines to the next (`End`).

mod go;
mod options;

use super::book::{BookUse, ShownBook};
use super::command::{Command, Setting};
use super::input::{Input, MAX_LINE};
use crate::engine::Engine;
use crate::engine::strength::StrengthOptions;
use crate::evaluation::Evaluation;
use crate::game::EngineGame;
use crate::search::{Event, Info};
use crate::tt::Bound;
use crossbeam_channel::{Receiver, select};
use jiangjun_rules::GameKind;
use std::collections::VecDeque;
use std::io::Write;
use std::time::Duration;

/// An iteration's report with its moves already written in the game's notation.
pub type ShownInfo = Info<String>;

/// What differs between UCCI and UCI: parsing lines and writing replies.
pub trait Dialect {
    /// The identification and options, the Hash option's default being `hash_mb`, the size
    /// the session started with.
    fn handshake(&self, hash_mb: usize) -> Vec<String>;
    fn parse(&mut self, line: &str, side: jiangjun_rules::Side) -> Command;
    /// An iteration's line; `wdl` is win, draw and loss per mille when `UCI_ShowWDL` is on.
    fn info(&self, info: &ShownInfo, wdl: Option<[u32; 3]>) -> String;
    fn currmove(&self, depth: u32, mv: &str, number: usize) -> String;
    fn bestmove(&self, best: Option<&str>, ponder: Option<&str>, draw: bool) -> String;
    /// A message for the user on stdout, where the dialect has a way to say one.
    fn message(&self, text: &str) -> Option<String>;
    fn quit_reply(&self) -> Option<String>;
    /// The line before `bestmove` when the side to move has no legal move: `lost` when the
    /// rules make that a loss (mate; stalemate in Xiangqi), else a draw.
    fn no_legal_move(&self, lost: bool) -> Option<String>;
    /// How a refused `position` command is said to the GUI.
    fn refusal(&self, text: &str) -> Option<String>;
    /// The reply to `stop` when no search runs.
    fn idle_stop_reply(&self) -> Option<String>;
    /// The reply to `probe`: the table's move, score, depth and bound.
    fn pophash(&self, entry: Option<(Option<String>, i32, i32, Bound)>) -> String;
    /// What is said before `bestmove` when the move comes from the book.
    fn book(&self, answer: &ShownBook) -> Vec<String>;
}

/// How long `quit` waits for a stopped search's answer before exiting without it.
const QUIT_GRACE: Duration = Duration::from_secs(5);

/// Score (internal units) at or below which an offered draw is accepted.
const ACCEPT_DRAW_BELOW: i32 = -50;

/// The end of every line sent to the GUI. Windows engines end lines in CRLF (ElephantEye does,
/// and so does every C engine through text-mode stdio), and a Windows GUI may split on it;
/// GUIs that split on LF and drop a CR (XiangQi Wizard's pipe code among them) take either.
#[cfg(windows)]
const LINE_END: &str = "\r\n";
/// The end of every line sent to the GUI: LF, as everywhere but Windows.
#[cfg(not(windows))]
const LINE_END: &str = "\n";

/// The commands answered at once even while a search runs (the rest wait for it).
fn urgent(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    ["isready", "stop", "ponderhit", "quit", "probe"]
        .iter()
        .any(|k| first.eq_ignore_ascii_case(k))
}

/// What one session leaves to the next when the game changes: the options the user set,
/// and the lines that arrived behind the switch.
pub struct Carried {
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    pub overhead: Duration,
    pub book: BookUse,
    pub show_wdl: bool,
    pub strength: StrengthOptions,
    /// `EvalFile` and `EvalBlend`: options of the engine, not of one game, so a switch to a
    /// game without nets and back keeps them.
    pub evaluation: Evaluation,
    pub deferred: VecDeque<String>,
}

impl Carried {
    /// A first session's start: a table of `hash_mb` MB and every other option at its default.
    pub fn fresh(hash_mb: usize) -> Carried {
        Carried {
            hash_mb,
            threads: 1,
            multipv: 1,
            overhead: crate::time::DEFAULT_OVERHEAD,
            book: BookUse::shipped(false),
            show_wdl: false,
            strength: StrengthOptions::default(),
            evaluation: Evaluation::shipped(),
            deferred: VecDeque::new(),
        }
    }
}

/// How a session begins: with the dialect's handshake, or (after `UCI_Variant`) by saying
/// which game it now plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Start {
    Handshake,
    Switched,
}

/// How a session ended.
pub enum End {
    /// `quit` or the end of input.
    Quit,
    /// `UCI_Variant` named another game: run a session of it with these options.
    Switch(GameKind, Carried),
}

pub struct Session<G: EngineGame, D: Dialect, W: Write> {
    dialect: D,
    engine: Engine<G>,
    events: Receiver<Event<G::Move>>,
    out: W,
    banned: Vec<G::Move>,
    deferred: VecDeque<String>,
    batch: bool,
    debug: bool,
    randomness: i32,
    draw_offered: bool,
    /// The last `position` command was refused (its FEN did not read): until a position is
    /// set, `go` searches nothing rather than the previous position, which is not the one
    /// the GUI meant.
    refused: bool,
    /// The last best line shown (`multipv 1`) of the running search: `bestmove` must start it.
    last_line: Option<Info<G::Move>>,
    book: BookUse,
    /// `UCI_ShowWDL`: add win/draw/loss to every `info` line.
    show_wdl: bool,
    /// `Skill Level`, `UCI_LimitStrength`, `UCI_Elo` as set; the engine gets what they mean.
    strength: StrengthOptions,
}

enum Flow {
    Continue,
    Quit,
    Switch(GameKind),
}

impl<G: EngineGame, D: Dialect, W: Write> Session<G, D, W> {
    /// A session whose engine starts with the options (and queued lines) of `carried`.
    pub fn new(dialect: D, out: W, carried: Carried) -> Self {
        let (tx, events) = crossbeam_channel::unbounded();
        let mut engine = Engine::<G>::with_settings(tx, carried.hash_mb, carried.evaluation);
        engine.set_threads(carried.threads);
        engine.set_multipv(carried.multipv);
        engine.set_overhead(carried.overhead);
        engine.set_strength(carried.strength.strength());
        Session {
            dialect,
            engine,
            events,
            out,
            banned: Vec::new(),
            deferred: carried.deferred,
            batch: false,
            debug: false,
            randomness: 0,
            draw_offered: false,
            last_line: None,
            refused: false,
            book: carried.book,
            show_wdl: carried.show_wdl,
            strength: carried.strength,
        }
    }

    fn send(&mut self, line: &str) {
        // If stdout is gone the GUI is gone; the end of input will follow and end the loop.
        let _ = write!(self.out, "{line}{LINE_END}").and_then(|_| self.out.flush());
    }

    /// Reports a problem on stderr, and to the GUI where the dialect allows.
    fn report(&mut self, text: &str) {
        log::warn!("{text}");
        if let Some(line) = self.dialect.message(text) {
            self.send(&line);
        }
    }

    /// Runs until `quit`, the end of input or a change of game.
    pub fn run(&mut self, lines: Receiver<Input>, start: Start) -> End {
        match start {
            Start::Handshake => {
                for line in self.dialect.handshake(self.engine.hash_mb()) {
                    self.send(&line);
                }
            }
            Start::Switched => {
                let text = format!(
                    "UCI_Variant {}: new game from the start position {}",
                    G::NAME,
                    G::startpos().to_fen()
                );
                log::info!("{text}");
                if let Some(line) = self.dialect.message(&text) {
                    self.send(&line);
                }
            }
        }
        // Lines that came behind the switch, before anything newer.
        let flow = self.replay_deferred();
        if let Some(end) = self.ended(flow) {
            return end;
        }
        loop {
            let flow = select! {
                recv(lines) -> msg => match msg {
                    Ok(Input::Line(l)) => self.line(l),
                    Ok(Input::TooLong(n)) => {
                        self.report(&format!("input line of {n} bytes exceeds {MAX_LINE}; ignored"));
                        Flow::Continue
                    }
                    Ok(Input::End) | Err(_) => Flow::Quit,
                },
                recv(self.events) -> ev => match ev {
                    Ok(ev) => self.event(ev),
                    Err(_) => Flow::Continue,
                },
            };
            if let Some(end) = self.ended(flow) {
                return end;
            }
        }
    }

    /// The end of the session that `flow` asks for, if any.
    fn ended(&mut self, flow: Flow) -> Option<End> {
        match flow {
            Flow::Continue => None,
            Flow::Quit => {
                self.answer_before_quit();
                self.engine.shutdown();
                Some(End::Quit)
            }
            Flow::Switch(kind) => {
                // Only an idle engine switches (`line` refuses it mid-search).
                self.engine.shutdown();
                Some(End::Switch(
                    kind,
                    Carried {
                        hash_mb: self.engine.hash_mb(),
                        threads: self.engine.threads(),
                        multipv: self.engine.multipv(),
                        overhead: self.engine.overhead(),
                        book: std::mem::take(&mut self.book),
                        show_wdl: self.show_wdl,
                        strength: self.strength,
                        evaluation: self.engine.evaluation().clone(),
                        deferred: std::mem::take(&mut self.deferred),
                    },
                ))
            }
        }
    }

    fn line(&mut self, line: String) -> Flow {
        let side = self.engine.position().side_to_move();
        if self.engine.is_busy() && (self.batch || !urgent(&line)) {
            // A change of game would throw away the running search's position: refused, where
            // other options wait for the search to end.
            if let Command::SetOption(Setting::Variant(k), _) = self.dialect.parse(&line, side) {
                self.report(&format!(
                    "setoption UCI_Variant {}: refused while a search runs (send stop first)",
                    k.name()
                ));
                return Flow::Continue;
            }
            // Said on stderr (stdout has no line for it in either protocol), so that a script
            // that wonders why nothing happens can find out; not where the wait is the
            // expected one (a stopped search about to answer, UCCI's batch mode).
            let text = format!(
                "'{}' waits for the running search to end (stop ends it now)",
                line.chars().take(60).collect::<String>()
            );
            if self.batch || self.engine.is_stopping() {
                log::debug!("{text}");
            } else {
                log::warn!("{text}");
            }
            self.deferred.push_back(line);
            return Flow::Continue;
        }
        let cmd = self.dialect.parse(&line, side);
        if self.debug {
            log::debug!("< {line}");
        }
        self.command(cmd)
    }

    fn event(&mut self, ev: Event<G::Move>) -> Flow {
        match ev {
            Event::Info(i) => {
                self.send_info(&i);
                if i.multipv == 1 {
                    self.last_line = Some(i);
                }
            }
            Event::CurrMove { depth, mv, number } => {
                let line =
                    self.dialect
                        .currmove(depth, &self.engine.position().format_move(mv), number);
                self.send(&line);
            }
            Event::Perft { rows, complete } => {
                let pos = self.engine.position().clone();
                for (m, n) in &rows {
                    let line = format!("{}: {n}", pos.format_move(*m));
                    self.send(&line);
                }
                if complete {
                    self.send("");
                    let total: u64 = rows.iter().map(|r| r.1).sum();
                    self.send(&format!("Nodes searched: {total}"));
                } else {
                    self.report("perft stopped");
                }
                return self.task_done();
            }
            Event::Fault(text) => self.report(&text),
            Event::Bench {
                nodes,
                nodes_per_second,
            } => {
                self.send(&format!("Nodes searched  : {nodes}"));
                self.send(&format!("Nodes/second    : {nodes_per_second}"));
                return self.task_done();
            }
            Event::BestMove {
                best,
                ponder,
                score,
            } => {
                self.line_for_bestmove(best, ponder, score);
                let pos = self.engine.position();
                let best_text = best.map(|m| pos.format_move(m));
                let ponder_text = ponder.and_then(|p| {
                    // The ponder move is written from the position after the best move.
                    let mut after = pos.clone();
                    after.make(best?);
                    Some(after.format_move(p))
                });
                let draw = self.draw_offered && best.is_some() && score <= ACCEPT_DRAW_BELOW;
                let line =
                    self.dialect
                        .bestmove(best_text.as_deref(), ponder_text.as_deref(), draw);
                self.send(&line);
                self.draw_offered = false;
                return self.task_done();
            }
        }
        Flow::Continue
    }

    /// `quit`, or the end of input, while a search runs: as in Stockfish and Pikafish the search
    /// stops and answers, so every `go` gets its `bestmove` (a script that ends its input right
    /// after `go` reads one) before the engine exits. Commands queued behind the search are
    /// dropped, and the log says how many.
    fn answer_before_quit(&mut self) {
        if !self.engine.is_busy() {
            return;
        }
        if !self.deferred.is_empty() {
            log::warn!(
                "quit: {} command(s) waiting for the search dropped",
                self.deferred.len()
            );
            self.deferred.clear();
        }
        self.engine.stop();
        // The answer ends the task (`task_done` joins it). A search that never answers (it
        // cannot: a panicking one sends its fallback) would only delay the exit by the grace.
        while self.engine.is_busy() {
            match self.events.recv_timeout(QUIT_GRACE) {
                Ok(ev) => {
                    let _ = self.event(ev);
                }
                Err(_) => break,
            }
        }
    }

    /// An iteration's line in the dialect's words, with win/draw/loss when asked for.
    fn send_info(&mut self, i: &Info<G::Move>) {
        let pos = self.engine.position();
        let shown = show(i, pos);
        // The root's material for every line: the lines of one search share it, as in
        // Stockfish.
        let wdl = crate::wdl::model_for(G::KIND)
            .filter(|_| self.show_wdl)
            .map(|m| m.per_mille(i.score, pos.material_share()));
        let line = self.dialect.info(&shown, wdl);
        self.send(&line);
    }

    /// GUIs draw their arrows and evaluation graphs from the last `info … pv`, and clients
    /// (python-chess) report its score with the move played: when the move about to be played
    /// is not the first of the last line shown (it comes from an unfinished iteration, another
    /// thread, or a strength limit's choice), one more line is sent whose PV starts with it,
    /// with the score it was played for, as Stockfish does.
    fn line_for_bestmove(&mut self, best: Option<G::Move>, ponder: Option<G::Move>, score: i32) {
        let last = self.last_line.take();
        let Some(best) = best else {
            return;
        };
        let Some(last) = last else {
            return; // no line was shown, so none contradicts the move
        };
        if last.pv.first() == Some(&best) {
            return;
        }
        let mut pv = vec![best];
        pv.extend(ponder);
        let line = Info {
            pv,
            score,
            multipv: 1,
            ..last
        };
        self.send_info(&line);
    }

    /// After a search or task has answered: join its thread and replay the queued commands in
    /// order. A search started from the queue queues the idle-only commands behind it again,
    /// while `isready`, `stop` and the like still run at once.
    fn task_done(&mut self) -> Flow {
        self.engine.finish();
        self.replay_deferred()
    }

    /// Runs the queued lines in order until one ends the session; the rest stay queued (for
    /// the next session, after a change of game).
    fn replay_deferred(&mut self) -> Flow {
        let mut queue = std::mem::take(&mut self.deferred);
        while let Some(next) = queue.pop_front() {
            let flow = self.line(next);
            if !matches!(flow, Flow::Continue) {
                // Lines queued again behind a new search come first, then the untouched rest.
                self.deferred.extend(queue);
                return flow;
            }
        }
        Flow::Continue
    }

    fn command(&mut self, cmd: Command) -> Flow {
        match cmd {
            Command::IsReady => self.send("readyok"),
            Command::SetOption(s, warning) => {
                if let Some(w) = warning {
                    self.report(&w);
                }
                if let Setting::Variant(k) = s {
                    if k != G::KIND {
                        return Flow::Switch(k);
                    }
                    log::info!("UCI_Variant {}: already playing it", k.name());
                } else {
                    self.set_option(s);
                }
            }
            Command::NewGame => {
                self.engine.clear_hash();
                self.banned.clear();
            }
            Command::Position { fen, moves } => match build_position::<G>(fen.as_deref(), &moves) {
                Ok((pos, illegal)) => {
                    if let Some(e) = illegal {
                        self.report(&e);
                    }
                    for w in pos.unusual_placements() {
                        log::warn!("position: {w}; searched as it stands");
                    }
                    self.engine.set_position(pos);
                    self.banned.clear();
                    self.refused = false;
                }
                Err(e) => {
                    self.refused = true;
                    let text =
                        format!("{e}; no position is set: go answers without a move until one is");
                    log::warn!("{text}");
                    if let Some(line) = self.dialect.refusal(&text) {
                        self.send(&line);
                    }
                }
            },
            Command::BanMoves(list) => {
                let pos = self.engine.position().clone();
                self.banned.clear();
                for m in list {
                    match pos.parse_move(&m) {
                        Ok(mv) => self.banned.push(mv),
                        Err(e) => self.report(&format!("banmoves: {m}: {e}")),
                    }
                }
            }
            Command::Go(go) => self.go(go),
            Command::PonderHit { draw } => {
                if self.engine.is_busy() {
                    self.draw_offered |= draw;
                    self.engine.ponderhit();
                } else {
                    self.report("ponderhit: no search is running; ignored");
                }
            }
            Command::Stop => {
                if self.engine.is_busy() {
                    self.engine.stop();
                } else if let Some(r) = self.dialect.idle_stop_reply() {
                    self.send(&r);
                }
            }
            Command::Probe { fen, moves } => match build_position::<G>(fen.as_deref(), &moves) {
                Ok((pos, illegal)) => {
                    if let Some(e) = illegal {
                        self.report(&e);
                    }
                    let entry = self.engine.probe(&pos).map(|e| {
                        let mv = G::move_from_bits(e.mv)
                            .filter(|&m| pos.is_legal(m))
                            .map(|m| pos.format_move(m));
                        (mv, e.score, e.depth, e.bound)
                    });
                    let line = self.dialect.pophash(entry);
                    self.send(&line);
                }
                Err(e) => self.report(&format!("probe: {e}")),
            },
            Command::Quit => {
                self.answer_before_quit();
                self.engine.shutdown();
                if let Some(r) = self.dialect.quit_reply() {
                    self.send(&r);
                }
                return Flow::Quit;
            }
            Command::Eval => {
                for line in self.engine.position().eval_report() {
                    self.send(&line);
                }
            }
            Command::Flip => {
                // The same board with the other side to move (the history and the move
                // counters start afresh, as after a FEN): refused where that side could
                // capture the king.
                let fen = self.engine.position().to_fen();
                let mut fields: Vec<&str> = fen.split_whitespace().collect();
                if fields.len() > 1 {
                    fields[1] = match fields[1] {
                        "w" | "r" => "b",
                        _ => "w",
                    };
                }
                if fields.len() > 3 {
                    fields[3] = "-"; // no en-passant capture for the other side
                }
                let flipped = fields.join(" ");
                match G::from_fen(&flipped) {
                    Ok(pos) => {
                        self.engine.set_position(pos);
                        self.banned.clear();
                        self.refused = false;
                    }
                    Err(e) => self.report(&format!("flip: {e}; the position stays")),
                }
            }
            Command::Display => {
                let text = super::display::display(self.engine.position());
                for line in text.lines() {
                    self.send(line);
                }
            }
            Command::Perft(depth) => {
                let mut pos = self.engine.position().clone();
                let depth = depth.clamp(1, 12);
                let started = self.engine.run_task(
                    move |stop| {
                        let rows = jiangjun_rules::perft::divide_until(
                            &mut pos,
                            depth,
                            G::NULL_MOVE,
                            stop,
                        );
                        Event::Perft {
                            complete: rows.is_some(),
                            rows: rows.unwrap_or_default(),
                        }
                    },
                    || Event::Perft {
                        rows: Vec::new(),
                        complete: false,
                    },
                );
                if !started {
                    self.report("go perft: could not start");
                }
            }
            Command::Bench => {
                // The positions evaluate as the engine's do (`EvalFile`, `EvalBlend`).
                let evaluation = self.engine.evaluation().clone();
                let started = self.engine.run_task(
                    move |_| {
                        let depth = crate::bench::DEFAULT_DEPTH;
                        let r = crate::bench::run_positions::<G>(G::BENCH, depth, &evaluation);
                        Event::Bench {
                            nodes: r.nodes,
                            nodes_per_second: r.nps(),
                        }
                    },
                    || Event::Bench {
                        nodes: 0,
                        nodes_per_second: 0,
                    },
                );
                if !started {
                    self.report("bench: could not start");
                }
            }
            Command::Nothing => {}
            Command::Error(e) => self.report(&e),
        }
        Flow::Continue
    }
}

/// The position from a FEN (or the start) with `moves` played; an error names the first
/// thing wrong and nothing is changed.
/// The position of a `position` (or `probe`) command. A FEN that does not read refuses the
/// command. The moves are played up to the first that is not legal, which is reported with
/// the rest left unplayed: the policy of Stockfish and Pikafish, which programs that send a
/// whole history rely on (a GUI's stray move must not throw away the game before it).
fn build_position<G: EngineGame>(
    fen: Option<&str>,
    moves: &[String],
) -> Result<(G, Option<String>), String> {
    let mut pos = match fen {
        None => G::startpos(),
        Some(f) => G::from_fen(f).map_err(|e| format!("position: {e}"))?,
    };
    for (i, m) in moves.iter().enumerate() {
        match pos.parse_move(m) {
            Ok(mv) => pos.make(mv),
            Err(e) => {
                let played = match i {
                    0 => "no move played".to_string(),
                    1 => "the move before it played".to_string(),
                    n => format!("the {n} moves before it played"),
                };
                let rest = moves.len() - i;
                let message = format!(
                    "position: move {} '{m}': {e}; {played}, {} ignored",
                    i + 1,
                    if rest == 1 {
                        "it".to_string()
                    } else {
                        format!("it and the {} after it", rest - 1)
                    }
                );
                return Ok((pos, Some(message)));
            }
        }
    }
    Ok((pos, None))
}

fn show<G: EngineGame>(i: &Info<G::Move>, root: &G) -> ShownInfo {
    let mut pos = root.clone();
    let mut pv = Vec::with_capacity(i.pv.len());
    for &m in &i.pv {
        if !pos.is_legal(m) {
            break;
        }
        pv.push(pos.format_move(m));
        pos.make(m);
    }
    ShownInfo {
        depth: i.depth,
        multipv: i.multipv,
        seldepth: i.seldepth,
        score: i.score,
        nodes: i.nodes,
        time: i.time,
        hashfull: i.hashfull,
        pv,
    }
}
