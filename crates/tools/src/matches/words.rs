//! The `KEY=VALUE` words of `jiangjun match`'s `--sprt`, `--resign` and `--draw` (the
//! `--engine` words are the engine process's, `process::specs`).

use crate::arbiter::game::Adjudication;
use crate::matches::stats::{EloModel, SprtParams};
use crate::process::specs::Pair;

/// `--sprt` (no words: the defaults).
pub fn sprt(words: &[Pair]) -> Result<SprtParams, String> {
    let mut p = SprtParams::new(0.0, 5.0, EloModel::Logistic);
    for (k, v) in words {
        if k == "model" {
            p.model = match v.as_str() {
                "logistic" => EloModel::Logistic,
                "normalized" | "normalised" => EloModel::Normalized,
                _ => {
                    return Err(format!(
                        "--sprt: model must be logistic or normalized, not '{v}'"
                    ));
                }
            };
            continue;
        }
        let x: f64 = v
            .parse()
            .map_err(|_| format!("--sprt: '{v}' is not a number"))?;
        match k.as_str() {
            "elo0" => p.elo0 = x,
            "elo1" => p.elo1 = x,
            "alpha" => p.alpha = x,
            "beta" => p.beta = x,
            _ => return Err(format!("--sprt: unknown key '{k}'")),
        }
    }
    let rate = |x: f64| x > 0.0 && x < 0.5;
    // Beyond +-1000 Elo the expected score is within 0.3% of 0 or 1: no test means that.
    let elo = |x: f64| x.abs() <= 1000.0;
    if !(p.elo1 > p.elo0 && elo(p.elo0) && elo(p.elo1) && rate(p.alpha) && rate(p.beta)) {
        return Err("--sprt needs -1000 <= elo0 < elo1 <= 1000 and 0 < alpha, beta < 0.5".into());
    }
    Ok(p)
}

/// The values of `keys` among `words`, each required, each a number from 0 up (larger than
/// an i32 or u32 is capped: a threshold that high is never reached anyway).
fn adjudication_numbers(flag: &str, words: &[Pair], keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut out = vec![None; keys.len()];
    for (k, v) in words {
        let i = keys
            .iter()
            .position(|x| x == k)
            .ok_or_else(|| format!("{flag}: unknown key '{k}'"))?;
        out[i] = Some(
            v.parse::<i64>()
                .map_err(|_| format!("{flag}: '{v}' is not an integer"))?,
        );
    }
    out.into_iter()
        .zip(keys)
        .map(|(v, k)| {
            v.filter(|&x| x >= 0)
                .ok_or_else(|| format!("{flag} needs {k}=N (N >= 0)"))
        })
        .collect()
}

/// `--resign` and `--draw`.
pub fn adjudication(
    resign: Option<&[Pair]>,
    draw: Option<&[Pair]>,
) -> Result<Adjudication, String> {
    let mut a = Adjudication::default();
    if let Some(words) = resign {
        let v = adjudication_numbers("--resign", words, &["movecount", "score"])?;
        a.resign = Some((v[0] as usize, v[1].min(i64::from(i32::MAX)) as i32));
    }
    if let Some(words) = draw {
        let v = adjudication_numbers("--draw", words, &["movenumber", "movecount", "score"])?;
        a.draw = Some((
            v[0].min(i64::from(u32::MAX)) as u32,
            v[1] as usize,
            v[2].min(i64::from(i32::MAX)) as i32,
        ));
    }
    Ok(a)
}
