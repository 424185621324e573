//! The `eval` command's report: the static evaluation of a position taken apart. The classical
//! evaluation by term (each term's weights times its counts, tapered by the phase), and the
//! net's output with each piece's part in it (the output less the output without that piece,
//! as Stockfish's `eval` shows), all in centipawns from Red's (White's) view.

use super::linear::{S, Tunable};

/// A weight's term: its name without the point, kind or count it is indexed by.
fn term_of(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    match words.as_slice() {
        ["material", ..] => "material".into(),
        ["psq", ..] => "placement".into(),
        [kind, "mobility", _] => format!("{kind} mobility"),
        _ => name.to_string(),
    }
}

/// The classical evaluation of `pos` by term, from Red's view, with the total and the draw
/// scale applied to it: (rows, tapered total before the scale, total after it).
pub fn classical_terms<T: Tunable>(pos: &T) -> (Vec<(String, i32)>, i32, i32) {
    let trace = pos.trace();
    let mut terms: Vec<(String, S)> = Vec::new();
    for &(i, c) in &trace.coefficients {
        let term = term_of(&T::weight_name(usize::from(i)));
        let w = T::WEIGHTS[usize::from(i)] * i32::from(c);
        match terms.iter_mut().find(|(t, _)| *t == term) {
            Some((_, s)) => *s += w,
            None => terms.push((term, w)),
        }
    }
    let taper =
        |s: S| (s.0 * trace.phase + s.1 * (trace.phase_max - trace.phase)) / trace.phase_max;
    let total: S = terms.iter().fold(S(0, 0), |a, (_, s)| a + *s);
    let tapered = taper(total);
    let scale = trace.scale[if tapered > 0 { 0 } else { 1 }];
    let rows = terms
        .into_iter()
        .map(|(t, s)| (t, taper(s)))
        .filter(|(_, v)| *v != 0)
        .collect();
    (rows, tapered, tapered * scale / 64)
}

/// Centipawns with a sign, as the report writes them.
pub fn signed(v: i32) -> String {
    format!("{v:+}")
}
