//! The match summary as JSON (`jiangjun match --json FILE`): typed records that serde writes,
//! so names with quotes, backslashes or any Unicode come out as valid JSON. The keys are the
//! ones the runner always wrote; docs/tools/match.md shows the shape.

use super::report::{EngineStats, PairingStats, Tally};
use super::stats::{self, SprtParams, SprtVerdict};
use serde::Serialize;
use std::collections::BTreeMap;

/// The whole file.
#[derive(Serialize)]
pub struct Summary<'a> {
    pub games: usize,
    pub seconds: f64,
    pub pairings: Vec<Pairing<'a>>,
    pub engines: Vec<EngineSummary<'a>>,
    /// Games by how they ended.
    pub terminations: &'a BTreeMap<&'static str, u32>,
    /// `null` without `--sprt`.
    pub sprt: Option<Sprt>,
    /// Why these games are no result (an engine never made a legal move, or numbers its ranks
    /// otherwise than it was told; the runner then exits 1); `null` for a result.
    pub no_result: Option<&'a str>,
}

/// One pairing, from its first engine's point of view. Numbers that have no value yet (an
/// Elo from a 100% score) are `null`.
#[derive(Serialize)]
pub struct Pairing<'a> {
    pub engine: &'a str,
    pub opponent: &'a str,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub score: Option<f64>,
    pub elo: Option<f64>,
    pub elo_low: Option<f64>,
    pub elo_high: Option<f64>,
    pub los: Option<f64>,
    /// Pairs by the first engine's points in them: 0, ½, 1, 1½, 2.
    pub pentanomial: [u32; 5],
    pub pair_elo: Option<f64>,
}

/// What one engine did.
#[derive(Serialize)]
pub struct EngineSummary<'a> {
    pub name: &'a str,
    /// The time control it played under (its own `tc=`, or the match's).
    pub time_control: &'a str,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub time_losses: u32,
    pub crashes: u32,
    pub hangs: u32,
    pub illegal_moves: u32,
    pub malformed_moves: u32,
    pub no_bestmove: u32,
    pub restarts: u32,
    pub noise_lines: u32,
    pub resignations: u32,
    pub draw_offers: u32,
}

/// The sequential test of the first pairing.
#[derive(Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
    pub model: &'static str,
    pub llr: Option<f64>,
    pub lower: Option<f64>,
    pub upper: Option<f64>,
    /// `H1`, `H0` or `continue`.
    pub verdict: &'static str,
}

/// Four decimals are more than any reader of a summary needs; an infinite or undefined value
/// is `None` (JSON has no infinity).
fn rounded(x: f64) -> Option<f64> {
    // Adding 0.0 turns -0.0 into 0.0.
    x.is_finite().then(|| (x * 1e4).round() / 1e4 + 0.0)
}

fn pairing<'a>(names: &'a [String], p: &PairingStats) -> Pairing<'a> {
    let w = &p.wdl;
    let e = stats::elo_trinomial(w);
    Pairing {
        engine: &names[p.a],
        opponent: &names[p.b],
        games: w.games(),
        wins: w.wins,
        draws: w.draws,
        losses: w.losses,
        score: rounded(w.score().unwrap_or(0.5)),
        elo: e.and_then(|e| rounded(e.elo)),
        elo_low: e.and_then(|e| rounded(e.low)),
        elo_high: e.and_then(|e| rounded(e.high)),
        los: rounded(stats::los(w)),
        pentanomial: p.penta.counts,
        pair_elo: stats::elo_pentanomial(&p.penta).and_then(|e| rounded(e.elo)),
    }
}

fn engine<'a>(name: &'a str, time_control: &'a str, e: &'a EngineStats) -> EngineSummary<'a> {
    EngineSummary {
        name,
        time_control,
        wins: e.wdl.wins,
        draws: e.wdl.draws,
        losses: e.wdl.losses,
        time_losses: e.time_losses,
        crashes: e.crashes,
        hangs: e.hangs,
        illegal_moves: e.illegal,
        malformed_moves: e.malformed,
        no_bestmove: e.no_bestmove,
        restarts: e.restarts,
        noise_lines: e.noise,
        resignations: e.resignations,
        draw_offers: e.draw_offers,
    }
}

fn sprt(tally: &Tally, t: &SprtParams) -> Sprt {
    let (lo, hi) = t.bounds();
    Sprt {
        elo0: t.elo0,
        elo1: t.elo1,
        alpha: t.alpha,
        beta: t.beta,
        model: t.model.name(),
        llr: rounded(tally.llr(t)),
        lower: rounded(lo),
        upper: rounded(hi),
        verdict: match tally.sprt_verdict(t) {
            SprtVerdict::AcceptH1 => "H1",
            SprtVerdict::AcceptH0 => "H0",
            SprtVerdict::Continue => "continue",
        },
    }
}

impl<'a> Summary<'a> {
    pub fn of(
        tally: &'a Tally,
        sprt_params: Option<&SprtParams>,
        seconds: f64,
        no_result: Option<&'a str>,
    ) -> Summary<'a> {
        Summary {
            games: tally.games,
            seconds: (seconds * 10.0).round() / 10.0,
            pairings: tally
                .pairings
                .iter()
                .map(|p| pairing(&tally.names, p))
                .collect(),
            engines: tally
                .names
                .iter()
                .zip(&tally.engines)
                .zip(&tally.time_controls)
                .map(|((n, e), tc)| engine(n, tc, e))
                .collect(),
            terminations: &tally.terminations,
            sprt: sprt_params.map(|t| sprt(tally, t)),
            no_result,
        }
    }

    /// The file's text: indented JSON and a final newline.
    pub fn to_json(&self) -> String {
        let mut text =
            serde_json::to_string_pretty(self).expect("a summary has only string keys and numbers");
        text.push('\n');
        text
    }
}
