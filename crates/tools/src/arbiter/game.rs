//! Plays one game between two engines with the project's rules as the arbiter: the rules
//! decide mate, stalemate, perpetual check, repetition and the natural-move limit; the runner
//! adds the time forfeit, the maximum length, optional score adjudication and the forfeits of
//! an engine that crashes, hangs or answers with no, a malformed or an illegal move.
//!
//! UCCI engines may also resign (`bestmove M resign`: an immediate loss, M is neither played
//! nor checked) and offer draws (`bestmove M draw`: M is played and the opponent's next `go`
//! carries `draw`, UCCI opponents only). An opponent that answers such a `go draw` with
//! `bestmove M2 draw` accepts: the game is drawn by agreement at once, and M2 is not played
//! (nor checked): per the UCCI spec and league simulator, the game is then simply drawn. Any
//! other answer lets the offer lapse.

use super::openings::Opening;
use super::{Arbitrated, EngineMoveError};
use crate::clock::{Clock, Tick, TimeControl};
use crate::process::{Answer, EngineProcess, Fault, MATE, Proto, Reply, Score, Suffix};
use jiangjun_rules::{Outcome, Reason, Side, xiangqi};
use std::time::Duration;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules core ended it. Kept as the core's own `Reason` (described by the core), so
    /// that a rule added there (perpetual chase is on its way) needs no change here.
    Rule(Reason),
    MaxLength,
    ResignAdjudication,
    DrawAdjudication,
    /// A UCCI engine answered `bestmove … resign`.
    Resignation,
    /// A UCCI engine accepted the opponent's draw offer.
    DrawAgreement,
    TimeForfeit,
    Crash,
    Hang,
    IllegalMove,
    MalformedMove,
    NoBestMove,
}

impl Termination {
    pub fn describe(self) -> &'static str {
        match self {
            Termination::Rule(r) => r.describe(),
            Termination::MaxLength => "maximum game length",
            Termination::ResignAdjudication => "adjudicated loss",
            Termination::DrawAdjudication => "adjudicated draw",
            Termination::Resignation => "resignation",
            Termination::DrawAgreement => "draw by agreement",
            Termination::TimeForfeit => "time forfeit",
            Termination::Crash => "crash",
            Termination::Hang => "hang",
            Termination::IllegalMove => "illegal move",
            Termination::MalformedMove => "malformed move",
            Termination::NoBestMove => "no bestmove",
        }
    }

    /// Every ending the rules core does not decide, for reading a `Termination` tag back.
    pub const NOT_BY_RULE: [Termination; 11] = [
        Termination::MaxLength,
        Termination::ResignAdjudication,
        Termination::DrawAdjudication,
        Termination::Resignation,
        Termination::DrawAgreement,
        Termination::TimeForfeit,
        Termination::Crash,
        Termination::Hang,
        Termination::IllegalMove,
        Termination::MalformedMove,
        Termination::NoBestMove,
    ];

    /// The ending that `describe` words as `text` (any case), among those the rules core does
    /// not decide: a PGN's `Termination` tag read back.
    pub fn described_as(text: &str) -> Option<Termination> {
        let text = text.trim();
        Termination::NOT_BY_RULE
            .into_iter()
            .find(|t| t.describe().eq_ignore_ascii_case(text))
    }

    /// A game that the rules leave open, as its PGN's `Termination` tag says it ended (`tag`,
    /// as this runner and `jiangjun play` write it, or chess PGN's standard words), `decisive`
    /// when it has a winner: an unknown word is a resignation or a draw by agreement.
    pub fn recorded(tag: &str, decisive: bool) -> Termination {
        let said = tag.trim().to_ascii_lowercase();
        match (Termination::described_as(&said), said.as_str(), decisive) {
            (Some(t), _, _) => t,
            (None, "adjudication", true) => Termination::ResignAdjudication,
            (None, "adjudication", false) => Termination::DrawAdjudication,
            (None, "rules infraction", true) => Termination::IllegalMove,
            (None, _, true) => Termination::Resignation,
            (None, _, false) => Termination::DrawAgreement,
        }
    }

    /// Whether the loser misbehaved (as opposed to losing or drawing over the board).
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Termination::TimeForfeit
                | Termination::Crash
                | Termination::Hang
                | Termination::IllegalMove
                | Termination::MalformedMove
                | Termination::NoBestMove
        )
    }
}

/// The result of a game; `Some(side)` is the winner.
#[derive(Clone, Debug)]
pub struct GameRecord<M = xiangqi::Move> {
    pub winner: Option<Side>,
    pub termination: Termination,
    /// Moves after the opening, in order.
    pub moves: Vec<M>,
    /// A human-readable detail, e.g. the illegal move text.
    pub detail: String,
    /// Engines that were killed during the game (to be restarted), by side.
    pub killed: [bool; 2],
    /// Unrecognised output lines, by side.
    pub noise: [u32; 2],
    /// Draw offers made (`bestmove M draw` not accepting an offer), by side.
    pub offers: [u32; 2],
    /// Legal moves each side's engine made, by side.
    pub made: [u32; 2],
    /// The losing side's illegal move was legal with ranks counted from this base instead: the
    /// engine's rank numbering is not the one it was given.
    pub other_ranks: Option<u8>,
    /// What the engine said of each of `moves`, in order.
    pub notes: Vec<MoveNote>,
}

/// What an engine said of a move it played: its last score (from its own side), the depth of
/// that line, and the time it took. The PGN's per-move comment.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub used: Duration,
}

impl MoveNote {
    /// As cutechess-cli writes it: `+0.35/12 1.2s`, a mate `+M5/20 0.5s` (`-M3` when mated),
    /// the score in pawns (the engine's own centipawns, or a UCCI engine's units, over 100)
    /// from the mover's side; only the time when the engine gave no score.
    pub fn comment(&self) -> String {
        let secs = format!("{:.3}", self.used.as_secs_f64());
        let time = secs.trim_end_matches('0').trim_end_matches('.').to_string() + "s";
        let Some(score) = self.score else {
            return time;
        };
        let value = if score.abs() > MATE / 2 {
            // Back from plies to moves, as the engine reported them.
            let plies = MATE - score.abs();
            let sign = if score > 0 { '+' } else { '-' };
            format!("{sign}M{}", (plies + 1) / 2)
        } else {
            format!("{:+.2}", f64::from(score) / 100.0)
        };
        match self.depth {
            Some(d) => format!("{value}/{d} {time}"),
            None => format!("{value} {time}"),
        }
    }
}

/// Score adjudication, both optional.
#[derive(Copy, Clone, Debug, Default)]
pub struct Adjudication {
    /// `(moves, score)`: a side whose own score was at most −score for `moves` moves in a row
    /// loses.
    pub resign: Option<(usize, Score)>,
    /// `(from_move, moves, score)`: from full move `from_move`, a draw when both sides' last
    /// `moves` scores were within ±score.
    pub draw: Option<(u32, usize, Score)>,
}

/// Everything about how games are played that is the same for all games of a match.
#[derive(Clone, Debug)]
pub struct Rules {
    pub tc: TimeControl,
    pub margin: Duration,
    /// How long an untimed move (depth, nodes) may take before the engine counts as hung.
    pub hang: Duration,
    /// Plies after the opening after which the game is drawn (0: no limit).
    pub max_plies: usize,
    pub adjudication: Adjudication,
}

/// The `go` line for `side`; `draw` (UCCI only) passes on the opponent's draw offer.
fn go_command(
    proto: Proto,
    seconds: bool,
    tcs: [&TimeControl; 2],
    clocks: &[Clock; 2],
    side: Side,
    draw: bool,
) -> String {
    let go = go_limits(proto, seconds, tcs, clocks, side);
    match go.strip_prefix("go ") {
        Some(rest) if draw && proto == Proto::Ucci => format!("go draw {rest}"),
        _ => go,
    }
}

/// The `go` line for `side` to move, each side on its own time control `tcs` (Red's, Black's:
/// the same but for time odds), the side to move's deciding the kind of limit.
pub(crate) fn go_limits(
    proto: Proto,
    seconds: bool,
    tcs: [&TimeControl; 2],
    clocks: &[Clock; 2],
    side: Side,
) -> String {
    let (me, opp) = (&clocks[side.index()], &clocks[side.flip().index()]);
    let tc = tcs[side.index()];
    // Each side's increment: a side without a clock has none.
    let inc = |s: usize| match *tcs[s] {
        TimeControl::Clock { inc_ms, .. } => inc_ms,
        _ => 0,
    };
    let (my_inc, opp_inc) = (inc(side.index()), inc(side.flip().index()));
    match (*tc, proto) {
        (TimeControl::Depth(d), _) => format!("go depth {d}"),
        (TimeControl::Nodes(n), _) => format!("go nodes {n}"),
        (TimeControl::MoveTime(ms), Proto::Uci) => format!("go movetime {ms}"),
        (TimeControl::MoveTime(ms), Proto::Ucci) => {
            let t = if seconds { (ms / 1000).max(1) } else { ms };
            format!("go time {t} movestogo 1")
        }
        (TimeControl::Clock { .. }, Proto::Uci) => {
            let (red, black) = (clocks[0].remaining_ms, clocks[1].remaining_ms);
            let (winc, binc) = (inc(0), inc(1));
            let mut s = format!("go wtime {red} btime {black} winc {winc} binc {binc}");
            if let Some(m) = me.moves_to_go(tc) {
                s += &format!(" movestogo {m}");
            }
            s
        }
        (TimeControl::Clock { .. }, Proto::Ucci) => {
            let unit = |ms: u64| if seconds { ms / 1000 } else { ms };
            let mut s = format!("go time {} ", unit(me.remaining_ms));
            match me.moves_to_go(tc) {
                Some(m) => s += &format!("movestogo {m}"),
                None => s += &format!("increment {}", unit(my_inc)),
            }
            s += &format!(" opptime {}", unit(opp.remaining_ms));
            if me.moves_to_go(tc).is_none() {
                s += &format!(" oppincrement {}", unit(opp_inc));
            }
            s
        }
    }
}

fn position_command<G: Arbitrated>(
    opening: &Opening<G>,
    moves: &[G::Move],
    rank_base: u8,
) -> String {
    let mut s = format!("position fen {}", opening.fen);
    if !opening.moves.is_empty() || !moves.is_empty() {
        s += " moves";
        for &m in opening.moves.iter().chain(moves) {
            s.push(' ');
            s += &G::engine_text(m, rank_base);
        }
    }
    s
}

/// Whether the last `n` entries exist and all satisfy `f`.
fn last_all(v: &[Score], n: usize, f: impl Fn(Score) -> bool) -> bool {
    n > 0 && v.len() >= n && v[v.len() - n..].iter().all(|&s| f(s))
}

/// Why an engine lost its turn, and whether it had to be killed (to be restarted).
struct Forfeit {
    termination: Termination,
    detail: String,
    kill: bool,
    /// An illegal move that is legal with the other rank numbering: that numbering.
    other_ranks: Option<u8>,
}

fn forfeit(termination: Termination, detail: String, kill: bool) -> Forfeit {
    Forfeit {
        termination,
        detail,
        kill,
        other_ranks: None,
    }
}

/// Whether the game is over before `pos.side_to_move()` moves: by the rules, the length
/// limit or adjudication. Returns the winner (if any) and why.
fn judge<G: Arbitrated>(
    pos: &G,
    rules: &Rules,
    plies: usize,
    scores: &[Vec<Score>; 2],
) -> Option<(Option<Side>, Termination)> {
    let side = pos.side_to_move();
    if let Some(o) = pos.arbiter_outcome() {
        return Some(match o {
            Outcome::Loss(r) => (Some(side.flip()), Termination::Rule(r)),
            Outcome::Win(r) => (Some(side), Termination::Rule(r)),
            Outcome::Draw(r) => (None, Termination::Rule(r)),
        });
    }
    if rules.max_plies > 0 && plies >= rules.max_plies {
        return Some((None, Termination::MaxLength));
    }
    if let Some((n, s)) = rules.adjudication.resign {
        for sd in [Side::Red, Side::Black] {
            if last_all(&scores[sd.index()], n, |x| x <= -s) {
                return Some((Some(sd.flip()), Termination::ResignAdjudication));
            }
        }
    }
    if let Some((from, n, s)) = rules.adjudication.draw {
        let within = |x: Score| x.abs() <= s;
        if pos.fullmove() >= from
            && last_all(&scores[0], n, within)
            && last_all(&scores[1], n, within)
        {
            return Some((None, Termination::DrawAdjudication));
        }
    }
    None
}

/// What an engine did with its turn.
enum Turn<M> {
    /// A legal move, what the engine said of it, and whether it offers a draw with it.
    Move(M, MoveNote, bool),
    Resign,
    AcceptDraw,
}

/// One engine's turn: sends the position and the clocks (with `draw` when the opponent offered
/// one, UCCI only), waits, charges the clock and checks the answer.
#[allow(clippy::too_many_arguments)]
fn turn<G: Arbitrated>(
    engine: &mut EngineProcess,
    opening: &Opening<G>,
    moves: &[G::Move],
    pos: &G,
    rules: &Rules,
    tcs: [&TimeControl; 2],
    clocks: &mut [Clock; 2],
    noise: &mut u32,
    offered: bool,
) -> Result<Turn<G::Move>, Forfeit> {
    let side = pos.side_to_move();
    let i = side.index();
    let tc = tcs[i];
    let spec = std::sync::Arc::clone(&engine.spec);
    let position = position_command(opening, moves, spec.rank_base);
    let go = go_command(spec.proto, spec.seconds, tcs, clocks, side, offered);
    let limit = clocks[i].wait_limit(tc, rules.margin, rules.hang);
    let answer = engine.think(&position, &go, limit);
    *noise += engine.take_noise();
    let Answer {
        reply,
        suffix,
        used,
        score,
        depth,
    } = match answer {
        Ok(a) => a,
        Err(Fault::Timeout) if tc.is_timed() => {
            // Lost on time; if it does not even answer `stop`, it is stuck.
            let stuck = !engine.stop(Duration::from_secs(1));
            let d = format!("no move within {} ms", limit.as_millis());
            return Err(forfeit(Termination::TimeForfeit, d, stuck));
        }
        Err(Fault::Timeout) => {
            let d = format!("no move within {} s", limit.as_secs_f64());
            return Err(forfeit(Termination::Hang, d, true));
        }
        Err(_) => {
            return Err(forfeit(
                Termination::Crash,
                "the engine exited".into(),
                true,
            ));
        }
    };
    if clocks[i].charge(tc, used, rules.margin) == Tick::Flagged {
        let d = format!("used {} ms", used.as_millis());
        return Err(forfeit(Termination::TimeForfeit, d, false));
    }
    // A resignation or an accepted draw ends the game before the move; the move is not checked.
    match suffix {
        Suffix::Resign => return Ok(Turn::Resign),
        Suffix::Draw if offered => return Ok(Turn::AcceptDraw),
        _ => {}
    }
    let text = match reply {
        Reply::NoMove => return Err(forfeit(Termination::NoBestMove, String::new(), false)),
        Reply::Move(t) => t,
    };
    match pos.engine_move(&text, spec.rank_base) {
        Ok(m) => {
            let note = MoveNote { score, depth, used };
            Ok(Turn::Move(m, note, suffix == Suffix::Draw))
        }
        Err(EngineMoveError::Malformed(e)) => Err(forfeit(Termination::MalformedMove, e, false)),
        Err(EngineMoveError::Illegal(e)) => {
            // Legal with ranks counted from the other base: the engine numbers ranks as
            // Fairy-Stockfish's plain UCI does (1–10) or the other way round, and every game
            // it plays would end so. Recorded, so that the match stops rather than score it.
            let other = spec.other_rank_base();
            let other_ranks = pos.engine_move(&text, other).is_ok().then_some(other);
            let d = format!("{}: {e}", text.chars().take(16).collect::<String>());
            let mut f = forfeit(Termination::IllegalMove, d, false);
            f.other_ranks = other_ranks;
            Err(f)
        }
    }
}

/// Plays one game. `seat[0]` plays Red. Engines are expected to be started and told about
/// the new game already; a seat left `None` (failed to start) loses at once by crash.
pub fn play<G: Arbitrated>(
    opening: &Opening<G>,
    rules: &Rules,
    seat: [&mut Option<EngineProcess>; 2],
) -> GameRecord<G::Move> {
    let mut pos: G = opening.position();
    // Each side on its engine's own time control where it has one (time odds).
    let tcs = [0, 1].map(|i| seat[i].as_ref().and_then(|e| e.spec.tc).unwrap_or(rules.tc));
    let mut clocks = [Clock::new(&tcs[0]), Clock::new(&tcs[1])];
    let mut moves = Vec::new();
    let mut scores: [Vec<Score>; 2] = [Vec::new(), Vec::new()];
    let mut killed = [false; 2];
    let mut noise = [0; 2];
    let mut offers = [0; 2];
    let mut made = [0; 2];
    let mut notes = Vec::new();
    let mut other_ranks = None;
    // Whether the last move came with a draw offer, for the side now to move.
    let mut offer = false;
    let (winner, termination, detail) = loop {
        if let Some((winner, t)) = judge(&pos, rules, moves.len(), &scores) {
            break (winner, t, String::new());
        }
        let side = pos.side_to_move();
        let i = side.index();
        let Some(engine) = seat[i].as_mut() else {
            break (
                Some(side.flip()),
                Termination::Crash,
                "engine not running".into(),
            );
        };
        // An offer reaches only a UCCI engine; for a UCI one it lapses unseen.
        let offered = std::mem::take(&mut offer) && engine.spec.proto == Proto::Ucci;
        match turn(
            engine,
            opening,
            &moves,
            &pos,
            rules,
            [&tcs[0], &tcs[1]],
            &mut clocks,
            &mut noise[i],
            offered,
        ) {
            Ok(Turn::Move(m, note, draw)) => {
                pos.make(m);
                moves.push(m);
                made[i] += 1;
                notes.push(note);
                if let Some(s) = note.score {
                    scores[i].push(s.clamp(-MATE, MATE));
                }
                if draw {
                    offers[i] += 1;
                    offer = true;
                }
            }
            Ok(Turn::Resign) => break (Some(side.flip()), Termination::Resignation, String::new()),
            Ok(Turn::AcceptDraw) => break (None, Termination::DrawAgreement, String::new()),
            Err(f) => {
                if f.kill {
                    *seat[i] = None;
                    killed[i] = true;
                }
                other_ranks = f.other_ranks;
                break (Some(side.flip()), f.termination, f.detail);
            }
        }
    };
    GameRecord {
        winner,
        termination,
        moves,
        detail,
        killed,
        noise,
        offers,
        made,
        other_ranks,
        notes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_engine::game::Xiangqi;

    #[test]
    fn move_notes_are_written_as_cutechess_writes_them() {
        let ms = |n| Duration::from_millis(n);
        let note = |score, depth, used| MoveNote { score, depth, used };
        assert_eq!(
            note(Some(35), Some(12), ms(1200)).comment(),
            "+0.35/12 1.2s"
        );
        assert_eq!(
            note(Some(-210), Some(9), ms(39)).comment(),
            "-2.10/9 0.039s"
        );
        assert_eq!(note(Some(0), None, ms(2000)).comment(), "+0.00 2s");
        assert_eq!(note(None, None, ms(0)).comment(), "0s");
        // Mates in moves, as the engine reported them (parse_score keeps plies).
        let mate_in = |line| crate::process::parse_score(line);
        assert_eq!(
            note(mate_in("info score mate 5"), Some(20), ms(500)).comment(),
            "+M5/20 0.5s"
        );
        assert_eq!(
            note(mate_in("info score mate -3"), Some(7), ms(10)).comment(),
            "-M3/7 0.01s"
        );
    }

    #[test]
    fn endings_read_back_from_their_descriptions() {
        for t in Termination::NOT_BY_RULE {
            assert_eq!(Termination::described_as(t.describe()), Some(t));
            let loud = t.describe().to_ascii_uppercase();
            assert_eq!(Termination::described_as(&format!(" {loud} ")), Some(t));
        }
        let mate = Termination::Rule(jiangjun_rules::Reason::Checkmate);
        assert_eq!(Termination::described_as(mate.describe()), None);
        assert_eq!(Termination::described_as("normal"), None);
    }

    #[test]
    fn go_commands_follow_each_dialect() {
        let tc = TimeControl::parse_tc("10+0.1").expect("valid");
        let mut clocks = [Clock::new(&tc); 2];
        clocks[1].remaining_ms = 9_000;
        assert_eq!(
            go_command(Proto::Uci, false, [&tc, &tc], &clocks, Side::Black, false),
            "go wtime 10000 btime 9000 winc 100 binc 100"
        );
        assert_eq!(
            go_command(Proto::Ucci, false, [&tc, &tc], &clocks, Side::Black, false),
            "go time 9000 increment 100 opptime 10000 oppincrement 100"
        );
        assert_eq!(
            go_command(Proto::Ucci, true, [&tc, &tc], &clocks, Side::Red, false),
            "go time 10 increment 0 opptime 9 oppincrement 0"
        );
        let tc = TimeControl::parse_tc("40/60").expect("valid");
        let clocks = [Clock::new(&tc); 2];
        assert_eq!(
            go_command(Proto::Ucci, false, [&tc, &tc], &clocks, Side::Red, false),
            "go time 60000 movestogo 40 opptime 60000"
        );
        let tc = TimeControl::MoveTime(250);
        assert_eq!(
            go_command(Proto::Uci, false, [&tc, &tc], &clocks, Side::Red, false),
            "go movetime 250"
        );
        assert_eq!(
            go_command(Proto::Ucci, false, [&tc, &tc], &clocks, Side::Red, false),
            "go time 250 movestogo 1"
        );
        assert_eq!(
            go_command(
                Proto::Ucci,
                false,
                [&TimeControl::Depth(3), &TimeControl::Depth(3)],
                &clocks,
                Side::Red,
                false
            ),
            "go depth 3"
        );
        // A draw offer is passed to UCCI engines only, before the limits.
        assert_eq!(
            go_command(Proto::Ucci, false, [&tc, &tc], &clocks, Side::Red, true),
            "go draw time 250 movestogo 1"
        );
        assert_eq!(
            go_command(Proto::Uci, false, [&tc, &tc], &clocks, Side::Red, true),
            "go movetime 250"
        );
    }

    #[test]
    fn position_commands_use_the_engines_ranks() {
        let o = super::super::openings::parse_line::<Xiangqi>("startpos h2e2").expect("valid");
        let m = o.position().parse_move("h9g7").expect("legal");
        assert_eq!(
            position_command(&o, &[m], 1),
            format!("position fen {} moves h3e3 h10g8", o.fen)
        );
        let bare = super::super::openings::parse_line::<Xiangqi>("startpos").expect("valid");
        assert_eq!(
            position_command(&bare, &[], 0),
            format!("position fen {}", bare.fen)
        );
    }
}
