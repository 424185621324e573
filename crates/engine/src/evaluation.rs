//! Which evaluation plays: the classical evaluation alone, or a net blended with it. One value,
//! `Evaluation`, chosen by the protocol's `EvalFile`/`EvalBlend` and the tools' `--eval-file`/
//! `--eval-blend`, handed to the engine (`Engine::set_evaluation`, as the table size goes to
//! `Engine::set_hash`), which puts it on every position it searches.

use crate::nnue::{self, Net};
use std::fmt;
use std::sync::Arc;

/// `EvalBlend`'s default: the net alone, so that no node computes a classical term. The
/// shipped net was trained to stand alone, and beat the earlier net blended 50/50 with the
/// classical evaluation on the clock (docs/engine/nnue.md); a lower share blends any net
/// with the classical evaluation.
pub const DEFAULT_BLEND: u8 = 100;

/// The name of the net shipped inside the binary, for `EvalFile` and `--eval-file`.
pub const BUILTIN: &str = nnue::builtin::NAME;

/// The name that asks for no net: the classical evaluation alone (UCI GUIs send `<empty>` for an
/// empty string option).
pub const EMPTY: &str = "<empty>";

/// An evaluation: a net (and the name it was asked for by) with its share, or none.
#[derive(Clone)]
pub struct Evaluation {
    net: Option<Arc<Net>>,
    /// The file named (`<builtin>`, a path), or `<empty>` for the classical evaluation.
    name: String,
    blend: u8,
}

impl Evaluation {
    /// The classical evaluation alone.
    pub fn classical() -> Evaluation {
        Evaluation {
            net: None,
            name: EMPTY.to_string(),
            blend: DEFAULT_BLEND,
        }
    }

    /// What the engine plays with unless told otherwise: the shipped net at the default
    /// blend. Were the shipped net not to read, which a test of every build rules out, the
    /// classical evaluation plays and a warning says so.
    pub fn shipped() -> Evaluation {
        Evaluation::load(BUILTIN, DEFAULT_BLEND).unwrap_or_else(|e| {
            log::warn!("the shipped net does not read ({e}); evaluating classically");
            Evaluation::classical()
        })
    }

    /// The net `name` names (`<builtin>`, or a file) at `blend` percent; an empty name or
    /// `<empty>` is the classical evaluation. A net that does not read is an error that says
    /// why, naming the file.
    pub fn load(name: &str, blend: u8) -> Result<Evaluation, String> {
        let name = name.trim();
        if name.is_empty() || name == EMPTY {
            return Ok(Evaluation::classical().with_blend(blend));
        }
        let net = match nnue::builtin::load(name) {
            Ok(net) => net,
            Err(e @ nnue::NetError::Io(_)) => return Err(e.to_string()),
            Err(e) => return Err(format!("{name}: {e}")),
        };
        Ok(Evaluation {
            net: Some(net),
            name: name.to_string(),
            blend: blend.min(100),
        })
    }

    /// The same net with the net's share set to `blend` percent (at most 100).
    pub fn with_blend(mut self, blend: u8) -> Evaluation {
        self.blend = blend.min(100);
        self
    }

    /// The net, if one evaluates.
    pub fn net(&self) -> Option<&Arc<Net>> {
        self.net.as_ref()
    }

    /// The net's share of the evaluation in percent (read only with a net).
    pub fn blend(&self) -> u8 {
        self.blend
    }

    /// The name the net was asked for by (`<empty>` for the classical evaluation).
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl fmt::Debug for Evaluation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Evaluation({self})")
    }
}

impl fmt::Display for Evaluation {
    /// Short, for messages: "the classical evaluation", "the net `<builtin>` alone" or
    /// "the net `<builtin>` blended 50 % with the classical evaluation".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.net, self.blend) {
            (None, _) => f.write_str("the classical evaluation"),
            (Some(_), 100) => write!(f, "the net {} alone", self.name),
            (Some(_), b) => write!(
                f,
                "the net {} blended {b} % with the classical evaluation",
                self.name
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_choose_the_net() {
        assert!(Evaluation::load("", 50).expect("classical").net().is_none());
        assert!(
            Evaluation::load(EMPTY, 50)
                .expect("classical")
                .net()
                .is_none()
        );
        let shipped = Evaluation::load(BUILTIN, 70).expect("the shipped net reads");
        assert!(shipped.net().is_some());
        assert_eq!(shipped.blend(), 70);
        assert!(Evaluation::shipped().net().is_some());
        let missing = Evaluation::load("/no/such.nnue", 50).expect_err("no such file");
        assert!(missing.contains("/no/such.nnue"), "{missing}");
        assert_eq!(Evaluation::classical().with_blend(200).blend(), 100);
        assert_eq!(
            shipped.to_string(),
            "the net <builtin> blended 70 % with the classical evaluation"
        );
        assert_eq!(
            Evaluation::classical().to_string(),
            "the classical evaluation"
        );
    }
}
