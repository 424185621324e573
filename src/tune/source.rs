//! The tuned weights as Rust source: `weights.rs` in the exact layout the engine compiles in
//! (one `S(mg, eg), // name` line per weight, in `params` order), and a reader of that layout,
//! so that the tuner checks what it wrote before it reports success.

use crate::game::xiangqi::eval::params;

const HEADER: &str = "\
//! Evaluation weights as (middlegame, endgame) pairs in centipawns (100 = a pawn in its own
//! half), indexed as `params` lays them out. Written by `jiangjun tune`: see README, \"Tuning\".
";

/// The source of `weights.rs` for these weights (rounded to integers); `provenance` is one
/// line of text saying where they came from.
pub fn write(weights: &[[i32; 2]], provenance: &str) -> String {
    let mut out = String::from(HEADER);
    out.push_str(&format!("//! {provenance}\n"));
    out.push_str(
        "\nuse super::S;\nuse super::params::COUNT;\n\n\
         #[rustfmt::skip]\npub const WEIGHTS: [S; COUNT] = [\n",
    );
    for (i, [mg, eg]) in weights.iter().enumerate() {
        out.push_str(&format!("    S({mg}, {eg}), // {}\n", params::name(i)));
    }
    out.push_str("];\n");
    out
}

/// The weights of a `weights.rs` source, in order, with a message for the first line that
/// does not read; a count different from `params::COUNT` is an error too.
pub fn read(source: &str) -> Result<Vec<[i32; 2]>, String> {
    let mut out = Vec::new();
    for (n, line) in source.lines().enumerate() {
        let line = line.trim();
        let Some(rest) = line.strip_prefix("S(") else {
            continue;
        };
        let bad = || format!("line {}: '{line}' is not `S(mg, eg), // name`", n + 1);
        let (pair, name) = rest.split_once("), //").ok_or_else(bad)?;
        let (mg, eg) = pair.split_once(',').ok_or_else(bad)?;
        let mg = mg.trim().parse().map_err(|_| bad())?;
        let eg = eg.trim().parse().map_err(|_| bad())?;
        if name.trim() != params::name(out.len()) {
            return Err(format!(
                "line {}: weight {} should be named '{}'",
                n + 1,
                out.len(),
                params::name(out.len())
            ));
        }
        out.push([mg, eg]);
    }
    if out.len() != params::COUNT {
        return Err(format!(
            "{} weights, the evaluation has {}",
            out.len(),
            params::COUNT
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::xiangqi::eval::WEIGHTS;

    fn current() -> Vec<[i32; 2]> {
        WEIGHTS.iter().map(|s| [s.0, s.1]).collect()
    }

    #[test]
    fn what_is_written_reads_back() {
        let mut w = current();
        w[3] = [-417, 12];
        w[params::TEMPO] = [0, -1];
        let text = write(&w, "Test weights.");
        assert_eq!(read(&text), Ok(w));
        assert!(
            text.contains("    S(-417, 12), // material horse\n"),
            "{text}"
        );
    }

    #[test]
    fn the_compiled_in_file_reads_as_the_compiled_in_weights() {
        let source = include_str!("../game/xiangqi/eval/weights.rs");
        assert_eq!(read(source), Ok(current()));
        // Same header and layout: rewriting the weights changes at most the provenance line.
        let rewritten = write(&current(), "x");
        fn body(s: &str) -> Vec<&str> {
            s.lines().filter(|l| !l.starts_with("//!")).collect()
        }
        assert_eq!(body(&rewritten), body(source));
        assert!(source.starts_with(HEADER));
    }

    #[test]
    fn broken_files_are_refused() {
        let mut w = current();
        w[2] = [201, 202];
        let text = write(&w, "x");
        assert!(read(&text).is_ok());
        assert!(read(&text.replacen("S(201, 202)", "S(201; 202)", 1)).is_err());
        assert!(read(&text.replacen("// material horse", "// material knight", 1)).is_err());
        let short: String = text.lines().take(20).map(|l| format!("{l}\n")).collect();
        assert!(read(&short).is_err());
    }
}
