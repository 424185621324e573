//! `setoption`: what each option does to the session and its engine (the table, threads,
//! books, the net, strength limits), with a message for values that cannot be used.

use super::super::book::Loaded;
use super::super::command::Setting;
use super::{Dialect, Session};
use crate::engine::strength::StrengthOptions;
use crate::evaluation::Evaluation;
use crate::game::EngineGame;
use std::io::Write;

impl<G: EngineGame, D: Dialect, W: Write> Session<G, D, W> {
    pub(super) fn set_option(&mut self, s: Setting) {
        match s {
            Setting::HashMb(mb) => {
                if let Err(e) = self.engine.set_hash(mb) {
                    self.report(&e);
                }
            }
            Setting::Threads(n) => self.engine.set_threads(n),
            Setting::MultiPv(n) => self.engine.set_multipv(n),
            Setting::Ponder(_) => {} // pondering is driven by `go ponder`; nothing to budget
            Setting::Overhead(d) => self.engine.set_overhead(d),
            Setting::ClearHash => self.engine.clear_hash(),
            Setting::Batch(b) => self.batch = b,
            Setting::Debug(b) => self.debug = b,
            Setting::Randomness(r) => self.randomness = r,
            Setting::ShowWdl(on) => {
                self.show_wdl = on;
                if on && crate::wdl::model_for(G::KIND).is_none() {
                    self.report(&format!(
                        "UCI_ShowWDL: no win/draw/loss model has been fitted for {} yet; \
                         info lines stay without wdl",
                        G::NAME
                    ));
                }
            }
            Setting::SkillLevel(n) => self.set_strength(StrengthOptions {
                skill: n,
                ..self.strength
            }),
            Setting::LimitStrength(on) => self.set_strength(StrengthOptions {
                limit: on,
                ..self.strength
            }),
            Setting::Elo(elo) => self.set_strength(StrengthOptions {
                elo,
                ..self.strength
            }),
            Setting::MilliSeconds(_) => {} // the dialect keeps its unit
            Setting::Variant(_) => {}      // `command` ends the session instead
            Setting::UseBook(b) => self.book.enabled = b,
            Setting::BookVariety(v) => self.book.variety = v,
            Setting::EvalFile(path) => self.set_eval_file(&path),
            Setting::Tune(name, value) => self.engine.set_param(name, value),
            Setting::EvalBlend(percent) => {
                let evaluation = self.engine.evaluation().clone().with_blend(percent);
                self.engine.set_evaluation(evaluation);
            }
            Setting::BookFiles(list) => {
                for loaded in self.book.set_files::<G>(&list) {
                    match loaded {
                        Loaded::Book(text) => {
                            log::info!("{text}");
                            if let Some(line) = self.dialect.message(&text) {
                                self.send(&line);
                            }
                        }
                        Loaded::Failed(text) => self.report(&text),
                    }
                }
            }
        }
    }

    /// Loads the net of `EvalFile` (empty: back to the classical evaluation) at the blend in
    /// use. A file that does not read changes nothing: the evaluation in use stays, and the
    /// message says which it is, so that a mistyped path never silently costs the engine its
    /// net. A game without nets keeps the choice for a switch back and says so.
    fn set_eval_file(&mut self, path: &str) {
        let path = path.trim();
        let current = self.engine.evaluation().clone();
        let loaded = match G::HAS_NET || path.is_empty() {
            true => Evaluation::load(path, current.blend()),
            false => Err(format!(
                "{}: there is no neural evaluation for this game",
                G::NAME
            )),
        };
        match loaded {
            Ok(evaluation) => {
                if let Some(net) = evaluation.net() {
                    let text = format!(
                        "EvalFile {path}: a net of {} hidden, {}",
                        net.hidden(),
                        net.header.description
                    );
                    log::info!("{text}");
                    if let Some(line) = self.dialect.message(&text) {
                        self.send(&line);
                    }
                }
                self.engine.set_evaluation(evaluation);
            }
            Err(e) if G::HAS_NET => {
                self.report(&format!("EvalFile: {e}; still evaluating with {current}"))
            }
            Err(e) => self.report(&format!("EvalFile: {e}; {} evaluates classically", G::NAME)),
        }
    }

    fn set_strength(&mut self, options: StrengthOptions) {
        self.strength = options;
        let s = options.strength();
        match s {
            Some(s) => log::info!(
                "strength: level {:.2}, at most {} nodes a move, temperature {:.0} cp",
                s.level(),
                s.nodes(),
                s.temperature()
            ),
            None => log::info!("strength: full"),
        }
        self.engine.set_strength(s);
    }
}
