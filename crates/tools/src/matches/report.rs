//! Tallies finished games and reports them: the live progress line, the final summary
//! (W/D/L, score, Elo ± 95%, LOS, pentanomial pairs, SPRT, terminations, faults per engine)
//! and the same summary as JSON.

use super::schedule::Pairing;
use super::stats::{self, Penta, SprtParams, SprtVerdict, Wdl};
use crate::arbiter::game::{GameRecord, Termination};
use jiangjun_rules::Side;
use std::collections::{BTreeMap, HashMap};

/// Results of one pairing, from its first engine's point of view.
#[derive(Clone, Debug, Default)]
pub struct PairingStats {
    pub a: usize,
    pub b: usize,
    pub wdl: Wdl,
    pub penta: Penta,
    /// Half points of `a` in the first finished game of each unfinished pair.
    pending: HashMap<usize, usize>,
}

/// What one engine did over the match.
#[derive(Clone, Debug, Default)]
pub struct EngineStats {
    pub wdl: Wdl,
    pub time_losses: u32,
    pub crashes: u32,
    pub hangs: u32,
    pub illegal: u32,
    pub malformed: u32,
    pub no_bestmove: u32,
    pub restarts: u32,
    /// Output lines that were not protocol (counted, not punished).
    pub noise: u32,
    /// Games lost by `bestmove … resign` (UCCI).
    pub resignations: u32,
    /// Draws offered with `bestmove … draw` (UCCI), accepted or not.
    pub draw_offers: u32,
    /// Legal moves made, over all games.
    pub moves_made: u64,
}

pub struct Tally {
    pub names: Vec<String>,
    pub pairings: Vec<PairingStats>,
    pub engines: Vec<EngineStats>,
    /// Each engine's time control as written in reports (the match's, or its own `tc=`).
    pub time_controls: Vec<String>,
    /// Games by how they ended, keyed by the description (sorted, so reports are stable).
    pub terminations: BTreeMap<&'static str, u32>,
    pub games: usize,
    /// Of `games`, those read back from the PGN of an earlier run (`--resume`), which the
    /// pace of this run leaves out.
    pub resumed: usize,
}

/// A duration as `m:ss`, or `h:mm:ss` from an hour.
fn clock(d: std::time::Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// `text` cut to `max` characters, an ellipsis saying where.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        text.to_string()
    } else {
        let mut t: String = text.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

fn signed(x: f64) -> String {
    if x.is_finite() {
        // Adding 0.0 turns -0.0 into 0.0, so an even score does not print as "-0.0".
        format!("{:+.1}", x + 0.0)
    } else if x > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    }
}

impl Tally {
    /// Why the games so far are no result, if they are not: an engine that lost every game it
    /// played by a fault without ever making a legal move (a wrong protocol or rank numbering,
    /// a broken build) has measured nothing.
    pub fn not_a_result(&self) -> Option<String> {
        let silent: Vec<String> = self
            .engines
            .iter()
            .zip(&self.names)
            .filter(|(e, _)| {
                let faults =
                    e.time_losses + e.crashes + e.hangs + e.illegal + e.malformed + e.no_bestmove;
                e.moves_made == 0 && faults > 0 && faults == e.wdl.losses
            })
            .map(|(_, name)| format!("'{name}'"))
            .collect();
        (!silent.is_empty()).then(|| {
            format!(
                "engine {} never made a legal move: these games measure nothing and are no \
                 result (see the terminations above; --log DIR records what each engine said)",
                silent.join(" and ")
            )
        })
    }

    pub fn new(names: Vec<String>, pairings: &[(usize, usize)]) -> Tally {
        Tally {
            time_controls: vec![String::new(); names.len()],
            engines: vec![EngineStats::default(); names.len()],
            names,
            pairings: pairings
                .iter()
                .map(|&(a, b)| PairingStats {
                    a,
                    b,
                    ..Default::default()
                })
                .collect(),
            terminations: BTreeMap::new(),
            games: 0,
            resumed: 0,
        }
    }

    pub fn record<M>(&mut self, job: &Pairing, rec: &GameRecord<M>) {
        self.games += 1;
        *self
            .terminations
            .entry(rec.termination.describe())
            .or_default() += 1;
        let ids = [job.red, job.black];
        let winner = rec.winner.map(|s| ids[s.index()]);
        for (side, &id) in [Side::Red, Side::Black].iter().zip(&ids) {
            let e = &mut self.engines[id];
            match winner {
                None => e.wdl.draws += 1,
                Some(w) if w == id => e.wdl.wins += 1,
                Some(_) => e.wdl.losses += 1,
            }
            e.noise += rec.noise[side.index()];
            e.moves_made += u64::from(rec.made[side.index()]);
            e.draw_offers += rec.offers[side.index()];
            if rec.termination == Termination::Resignation && rec.winner == Some(side.flip()) {
                e.resignations += 1;
            }
            if rec.killed[side.index()] {
                e.restarts += 1;
            }
            if rec.termination.is_fault() && rec.winner == Some(side.flip()) {
                let counter = match rec.termination {
                    Termination::TimeForfeit => &mut e.time_losses,
                    Termination::Crash => &mut e.crashes,
                    Termination::Hang => &mut e.hangs,
                    Termination::IllegalMove => &mut e.illegal,
                    Termination::MalformedMove => &mut e.malformed,
                    _ => &mut e.no_bestmove,
                };
                *counter += 1;
            }
        }
        let p = &mut self.pairings[job.pairing];
        let half = match winner {
            None => 1,
            Some(w) if w == p.a => 2,
            Some(_) => 0,
        };
        match half {
            2 => p.wdl.wins += 1,
            1 => p.wdl.draws += 1,
            _ => p.wdl.losses += 1,
        }
        match p.pending.remove(&job.pair) {
            Some(first) => p.penta.add(first + half),
            None => {
                p.pending.insert(job.pair, half);
            }
        }
    }

    /// The LLR of the first pairing (pairs when there are any, else single games).
    pub fn llr(&self, sprt: &SprtParams) -> f64 {
        let Some(p) = self.pairings.first() else {
            return 0.0;
        };
        if p.penta.pairs() > 0 {
            sprt.llr_pentanomial(&p.penta)
        } else {
            sprt.llr_trinomial(&p.wdl)
        }
    }

    /// The verdict on the first pairing; none before `stats::MIN_PAIRS` complete pairs.
    pub fn sprt_verdict(&self, sprt: &SprtParams) -> SprtVerdict {
        let pairs = self.pairings.first().map_or(0, |p| p.penta.pairs());
        sprt.verdict(self.llr(sprt), pairs)
    }

    fn pairing_line(&self, p: &PairingStats) -> String {
        let w = &p.wdl;
        let elo = stats::elo_trinomial(w)
            .map(|e| format!("Elo {} ± {:.1}", signed(e.elo), e.margin()))
            .unwrap_or_default();
        format!(
            "{} vs {}: +{} ={} -{}  {elo}",
            self.names[p.a], self.names[p.b], w.wins, w.draws, w.losses
        )
    }

    /// The permanent line for one finished game, as cutechess-cli and fastchess print one: its
    /// number, players, result and how it ended, then the running score of its pairing (from
    /// the pairing's first engine), the time so far and an estimate of the time left.
    pub fn game_line<M>(
        &self,
        job: &Pairing,
        rec: &GameRecord<M>,
        total: usize,
        elapsed: std::time::Duration,
        sprt: Option<&SprtParams>,
    ) -> String {
        let result = match rec.winner {
            Some(Side::Red) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        };
        let mut how = rec.termination.describe().to_string();
        if !rec.detail.is_empty() {
            how += &format!(": {}", rec.detail);
        }
        let p = &self.pairings[job.pairing];
        let w = &p.wdl;
        let score = w.score().unwrap_or(0.5);
        // The games still to play, at the pace of those played in this run (with several at
        // once, the pace of the whole match).
        let left = total.saturating_sub(self.games);
        let now = self.games.saturating_sub(self.resumed).max(1);
        let eta = elapsed.mul_f64(left as f64 / now as f64);
        let llr = sprt.map_or(String::new(), |t| {
            let (lo, hi) = t.bounds();
            format!("  LLR {:.2} [{lo:.2}, {hi:.2}]", self.llr(t))
        });
        format!(
            "Game {}/{total} ({} vs {}): {result} {{{}}}  {} vs {}: +{} ={} -{} [{score:.3}]{llr}  {} elapsed, {} left",
            job.number,
            self.names[job.red],
            self.names[job.black],
            clip(&how, 48),
            self.names[p.a],
            self.names[p.b],
            w.wins,
            w.draws,
            w.losses,
            clock(elapsed),
            clock(eta),
        )
    }

    /// One line after each game, redrawn in place on a terminal: games played, then W/D/L and
    /// Elo of the pairing (LLR if testing); a round robin or gauntlet, whose pairings would not
    /// fit on one line, shows the leader instead (the standings come at the end).
    pub fn progress(&self, total: usize, sprt: Option<&SprtParams>) -> String {
        let mut s = format!("[{}/{}]", self.games, total);
        match self.pairings.as_slice() {
            [p] => {
                s += "  ";
                s += &self.pairing_line(p);
            }
            _ => {
                let (points, games) = self.standings_totals();
                if let Some(i) = (0..self.names.len())
                    .max_by(|&x, &y| points[x].total_cmp(&points[y]).then(y.cmp(&x)))
                {
                    s += &format!(
                        "  leading: {} {:.1}/{} of {} engines",
                        clip(&self.names[i], 20),
                        points[i],
                        games[i],
                        self.names.len()
                    );
                }
            }
        }
        if let Some(t) = sprt {
            let (lo, hi) = t.bounds();
            s += &format!("  LLR {:.2} [{lo:.2}, {hi:.2}]", self.llr(t));
        }
        s
    }

    /// Standings by points and the crosstable (a round robin or gauntlet): each row's points
    /// against each column's engine, out of the games they played.
    pub fn crosstable(&self) -> String {
        let n = self.names.len();
        let (points, games) = self.points_table();
        let total = |i: usize| points[i].iter().sum::<f64>();
        let played = |i: usize| games[i].iter().sum::<u32>();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&x, &y| total(y).total_cmp(&total(x)).then(x.cmp(&y)));
        let mut s = "\nStandings             points  games".to_string();
        for k in 1..=n {
            s += &format!(" {k:>7}");
        }
        s.push('\n');
        for (rank, &i) in order.iter().enumerate() {
            s += &format!(
                "{:>3}. {:<14} {:>9.1} {:>6}",
                rank + 1,
                clip(&self.names[i], 14),
                total(i),
                played(i)
            );
            for &j in &order {
                s += &if i == j {
                    format!(" {:>7}", "·")
                } else if games[i][j] == 0 {
                    format!(" {:>7}", "")
                } else {
                    format!(" {:>7}", format!("{:.1}/{}", points[i][j], games[i][j]))
                };
            }
            s.push('\n');
        }
        s
    }

    /// Each engine's points against each other one, and the games they played.
    fn points_table(&self) -> (Vec<Vec<f64>>, Vec<Vec<u32>>) {
        let n = self.names.len();
        let mut points = vec![vec![0.0f64; n]; n];
        let mut games = vec![vec![0u32; n]; n];
        for p in &self.pairings {
            let w = &p.wdl;
            let a_points = f64::from(w.wins) + 0.5 * f64::from(w.draws);
            let played = w.wins + w.draws + w.losses;
            points[p.a][p.b] += a_points;
            points[p.b][p.a] += f64::from(played) - a_points;
            games[p.a][p.b] += played;
            games[p.b][p.a] += played;
        }
        (points, games)
    }

    /// Each engine's points and games so far.
    fn standings_totals(&self) -> (Vec<f64>, Vec<u32>) {
        let (points, games) = self.points_table();
        (
            points.iter().map(|row| row.iter().sum()).collect(),
            games.iter().map(|row| row.iter().sum()).collect(),
        )
    }

    /// The final report.
    pub fn summary(&self, sprt: Option<&SprtParams>, seconds: f64) -> String {
        let mut s = format!("Finished {} games in {seconds:.1} s\n", self.games);
        for p in &self.pairings {
            let w = &p.wdl;
            let score = w.score().unwrap_or(0.5);
            s += &format!(
                "\n{} vs {}: {} games, +{} ={} -{}, score {:.1}%\n",
                self.names[p.a],
                self.names[p.b],
                w.games(),
                w.wins,
                w.draws,
                w.losses,
                100.0 * score
            );
            if let Some(e) = stats::elo_trinomial(w) {
                s += &format!(
                    "  Elo difference {} ± {:.1} (95%: {} to {}), LOS {:.1}%\n",
                    signed(e.elo),
                    e.margin(),
                    signed(e.low),
                    signed(e.high),
                    100.0 * stats::los(w)
                );
            }
            let c = p.penta.counts;
            s += &format!(
                "  Pairs scoring [0, ½, 1, 1½, 2]: [{}, {}, {}, {}, {}]",
                c[0], c[1], c[2], c[3], c[4]
            );
            if let Some(e) = stats::elo_pentanomial(&p.penta) {
                // Every pair scoring the same gives no variance to build an interval from.
                let m = e.margin();
                let spread = if m == 0.0 {
                    " (no spread yet)".to_string()
                } else {
                    format!(" ± {m:.1}")
                };
                s += &format!(", pair Elo {}{spread}", signed(e.elo));
            }
            s.push('\n');
        }
        if let Some(t) = sprt {
            let (lo, hi) = t.bounds();
            let pairs = self.pairings.first().map_or(0, |p| p.penta.pairs());
            let verdict = match self.sprt_verdict(t) {
                SprtVerdict::AcceptH1 => "H1 accepted".to_string(),
                SprtVerdict::AcceptH0 => "H0 accepted".to_string(),
                SprtVerdict::Continue if pairs < stats::MIN_PAIRS => format!(
                    "no decision yet (none before {} complete pairs)",
                    stats::MIN_PAIRS
                ),
                SprtVerdict::Continue => "no decision yet".to_string(),
            };
            s += &format!(
                "  SPRT elo0={} elo1={} alpha={} beta={} ({} Elo)\n  LLR {:.2} [{lo:.2}, {hi:.2}], {verdict}\n",
                t.elo0,
                t.elo1,
                t.alpha,
                t.beta,
                t.model.name(),
                self.llr(t)
            );
        }
        if self.pairings.len() > 1 {
            s += &self.crosstable();
        }
        if self.time_controls.windows(2).any(|w| w[0] != w[1]) {
            // Time odds: who had what.
            let each: Vec<String> = self
                .names
                .iter()
                .zip(&self.time_controls)
                .map(|(n, t)| format!("{n} {t}"))
                .collect();
            s += &format!("\nTime controls: {}\n", each.join(", "));
        }
        // Wrapped to fit 100 columns.
        let mut line = "\nTerminations:".to_string();
        for (t, n) in &self.terminations {
            let item = format!(" {t} {n};");
            if line.chars().count() + item.chars().count() > 100 {
                s += &line;
                s.push('\n');
                line = " ".repeat(12);
            }
            line += &item;
        }
        s += &line;
        s += "\n\nengine             W     D     L  time crash hang illegal malf nobest restart noise resign offers\n";
        for (name, e) in self.names.iter().zip(&self.engines) {
            s += &format!(
                "{:<14} {:>5} {:>5} {:>5} {:>5} {:>5} {:>4} {:>7} {:>4} {:>6} {:>7} {:>5} {:>6} {:>6}\n",
                clip(name, 14),
                e.wdl.wins,
                e.wdl.draws,
                e.wdl.losses,
                e.time_losses,
                e.crashes,
                e.hangs,
                e.illegal,
                e.malformed,
                e.no_bestmove,
                e.restarts,
                e.noise,
                e.resignations,
                e.draw_offers
            );
        }
        s
    }

    /// The summary as JSON (the shape is in `summary.rs`).
    pub fn json(&self, sprt: Option<&SprtParams>, seconds: f64, no_result: Option<&str>) -> String {
        super::summary::Summary::of(self, sprt, seconds, no_result).to_json()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::Reason;

    fn rec(winner: Option<Side>, t: Termination, killed: [bool; 2]) -> GameRecord {
        GameRecord {
            winner,
            termination: t,
            moves: vec![],
            detail: String::new(),
            killed,
            noise: [0, 1],
            offers: [1, 0],
            made: [0, 0],
            other_ranks: None,
            notes: vec![],
        }
    }

    #[test]
    fn pairs_faults_and_restarts_are_counted_for_the_right_engine() {
        let mut t = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
        let jobs = super::super::schedule::jobs(&[(0, 1)], 4, 1);
        let none = [false, false];
        // Pair 0: a (Red) mates; then b, now Red, crashes and a wins: a scores 2 of 2.
        t.record(
            &jobs[0],
            &rec(Some(Side::Red), Termination::Rule(Reason::Checkmate), none),
        );
        assert_eq!((jobs[1].red, jobs[1].black), (1, 0));
        t.record(
            &jobs[1],
            &rec(Some(Side::Black), Termination::Crash, [true, false]),
        );
        // Pair 1: a draw, then b (Red) wins by perpetual check: a scores ½ of 2.
        t.record(
            &jobs[2],
            &rec(None, Termination::Rule(Reason::Repetition), none),
        );
        assert_eq!(t.pairings[0].penta.pairs(), 1);
        t.record(
            &jobs[3],
            &rec(
                Some(Side::Red),
                Termination::Rule(Reason::PerpetualCheck),
                none,
            ),
        );
        assert_eq!(t.pairings[0].penta.counts, [0, 1, 0, 0, 1]);
        assert_eq!(
            t.pairings[0].wdl,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!((t.engines[1].crashes, t.engines[1].restarts), (1, 1));
        assert_eq!((t.engines[0].crashes, t.engines[0].restarts), (0, 0));
        assert_eq!(
            t.engines[0].wdl,
            Wdl {
                wins: 2,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(t.engines[1].noise, 2, "one noise line per game as Black");
        assert_eq!(
            (t.engines[0].draw_offers, t.engines[1].draw_offers),
            (2, 2),
            "one offer per game as Red"
        );
        assert_eq!(t.terminations["crash"], 1);
        let json = parsed(&t);
        assert_eq!(json["engines"][1]["crashes"], 1, "{json}");
        assert!(
            t.summary(None, 1.0)
                .contains("a vs b: 4 games, +2 =1 -1, score 62.5%")
        );
    }

    #[test]
    fn a_round_robins_progress_line_stays_short_and_names_the_leader() {
        // Eight engines, 28 pairings: every pairing's totals on one line would fill screens.
        let names: Vec<String> = (0..8).map(|i| format!("engine-number-{i}")).collect();
        let pairs: Vec<(usize, usize)> = (0..8)
            .flat_map(|a| (a + 1..8).map(move |b| (a, b)))
            .collect();
        let mut t = Tally::new(names, &pairs);
        let jobs = super::super::schedule::jobs(&pairs, 2, 1);
        let none = [false, false];
        for job in jobs.iter().filter(|j| j.red == 3 || j.black == 3) {
            let winner = if job.red == 3 { Side::Red } else { Side::Black };
            let mate = Termination::Rule(Reason::Checkmate);
            t.record(job, &rec(Some(winner), mate, none));
        }
        let line = t.progress(jobs.len(), None);
        assert!(line.chars().count() <= 80, "{line}");
        assert!(
            line.contains("leading: engine-number-3 14.0/14 of 8 engines"),
            "{line}"
        );
        // A match keeps its one pairing's totals.
        let one = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
        assert!(one.progress(2, None).contains("a vs b: +0 =0 -0"));
    }

    #[test]
    fn resignations_and_draw_agreements_are_reported() {
        let mut t = Tally::new(vec!["a".into(), "b".into()], &[(0, 1)]);
        let jobs = super::super::schedule::jobs(&[(0, 1)], 2, 1);
        let none = [false, false];
        // b (Black) resigns; then b (Red) offers and a accepts. Each offers once, as Red.
        t.record(
            &jobs[0],
            &rec(Some(Side::Red), Termination::Resignation, none),
        );
        t.record(&jobs[1], &rec(None, Termination::DrawAgreement, none));
        assert_eq!(
            (t.engines[0].resignations, t.engines[1].resignations),
            (0, 1)
        );
        assert_eq!(t.engines[0].draw_offers, 1);
        assert_eq!(t.engines[0].wdl.draws, 1);
        assert!(!Termination::Resignation.is_fault() && !Termination::DrawAgreement.is_fault());
        let summary = t.summary(None, 1.0);
        assert!(
            summary.contains("Terminations: draw by agreement 1; resignation 1;"),
            "{summary}"
        );
        let json = parsed(&t);
        let b = &json["engines"][1];
        assert_eq!(
            (&b["noise_lines"], &b["resignations"], &b["draw_offers"]),
            (&1.into(), &1.into(), &1.into()),
            "{json}"
        );
    }

    fn parsed(t: &Tally) -> serde_json::Value {
        serde_json::from_str(&t.json(None, 1.0, None)).expect("the summary is valid JSON")
    }

    #[test]
    fn json_keeps_names_with_quotes_and_any_script() {
        let names = ["say \"hi\"\\", "将军 ♟ é\n"];
        let t = Tally::new(names.iter().map(|n| n.to_string()).collect(), &[(0, 1)]);
        let json = parsed(&t);
        assert_eq!(json["engines"][0]["name"], names[0]);
        assert_eq!(json["pairings"][0]["opponent"], names[1]);
        assert_eq!(
            json["pairings"][0]["elo"],
            serde_json::Value::Null,
            "no games, no Elo"
        );
    }
}
