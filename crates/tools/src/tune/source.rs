//! The tuned weights as Rust source: `weights.rs` in the exact layout the engine compiles in
//! (one `S(mg, eg), // name` line per weight, in `params` order), and a reader of that layout,
//! so that the tuner checks what it wrote before it reports success. Either game: the header,
//! names and count come from its `Tunable`.

use jiangjun_engine::eval::linear::Tunable;

/// The source of `weights.rs` for these weights (rounded to integers); `provenance` is one
/// line of text saying where they came from.
pub fn write<G: Tunable>(weights: &[[i32; 2]], provenance: &str) -> String {
    let mut out = String::from(G::WEIGHTS_HEADER);
    out.push_str(&format!("//! {provenance}\n"));
    out.push_str(
        "\nuse super::S;\nuse super::params::COUNT;\n\n\
         #[rustfmt::skip]\npub const WEIGHTS: [S; COUNT] = [\n",
    );
    for (i, [mg, eg]) in weights.iter().enumerate() {
        out.push_str(&format!("    S({mg}, {eg}), // {}\n", G::weight_name(i)));
    }
    out.push_str("];\n");
    out
}

/// The weights of a `weights.rs` source, in order, with a message for the first line that
/// does not read; a count different from `params::COUNT` is an error too.
pub fn read<G: Tunable>(source: &str) -> Result<Vec<[i32; 2]>, String> {
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
        if name.trim() != G::weight_name(out.len()) {
            return Err(format!(
                "line {}: weight {} should be named '{}'",
                n + 1,
                out.len(),
                G::weight_name(out.len())
            ));
        }
        out.push([mg, eg]);
    }
    if out.len() != G::WEIGHTS.len() {
        return Err(format!(
            "{} weights, the evaluation has {}",
            out.len(),
            G::WEIGHTS.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiangjun_rules::{chess, xiangqi};

    type X = xiangqi::Position;
    type C = chess::Position;

    fn current<G: Tunable>() -> Vec<[i32; 2]> {
        G::WEIGHTS.iter().map(|s| [s.0, s.1]).collect()
    }

    #[test]
    fn what_is_written_reads_back() {
        let mut w = current::<X>();
        w[3] = [-417, 12];
        w[jiangjun_engine::eval::xiangqi::params::TEMPO] = [0, -1];
        let text = write::<X>(&w, "Test weights.");
        assert_eq!(read::<X>(&text), Ok(w));
        assert!(
            text.contains("    S(-417, 12), // material horse\n"),
            "{text}"
        );
        let mut w = current::<C>();
        w[1] = [333, -4];
        let text = write::<C>(&w, "Test weights.");
        assert_eq!(read::<C>(&text), Ok(w));
        assert!(
            text.contains("    S(333, -4), // material knight\n"),
            "{text}"
        );
        assert!(read::<X>(&text).is_err(), "a chess file is no Xiangqi file");
    }

    /// Same header and layout: rewriting the weights changes at most the provenance line.
    fn reads_as_compiled<G: Tunable>(source: &str) {
        assert_eq!(read::<G>(source), Ok(current::<G>()));
        let rewritten = write::<G>(&current::<G>(), "x");
        fn body(s: &str) -> Vec<&str> {
            s.lines().filter(|l| !l.starts_with("//!")).collect()
        }
        assert_eq!(body(&rewritten), body(source));
        assert!(source.starts_with(G::WEIGHTS_HEADER));
    }

    #[test]
    fn the_compiled_in_files_read_as_the_compiled_in_weights() {
        reads_as_compiled::<X>(include_str!("../../../engine/src/eval/xiangqi/weights.rs"));
        reads_as_compiled::<C>(include_str!("../../../engine/src/eval/chess/weights.rs"));
    }

    #[test]
    fn broken_files_are_refused() {
        let mut w = current::<X>();
        w[2] = [201, 202];
        let text = write::<X>(&w, "x");
        assert!(read::<X>(&text).is_ok());
        assert!(read::<X>(&text.replacen("S(201, 202)", "S(201; 202)", 1)).is_err());
        assert!(read::<X>(&text.replacen("// material horse", "// material knight", 1)).is_err());
        let short: String = text.lines().take(20).map(|l| format!("{l}\n")).collect();
        assert!(read::<X>(&short).is_err());
    }
}
