//! `bestmove` is always the first move of the last line the engine showed: GUIs draw arrows and
//! evaluation graphs from the last `info … pv`, and clients report its score with the move
//! played. Checked along self-played games at random node and time limits, in both dialects,
//! both games, one and two threads, MultiPV 1 and 3, and from a book (both dialects).

use crate::common::{EnginePipe, Rng};

/// What one `go` showed: the first move of the last best line (`multipv 1`, or no multipv
/// word), and the move played.
fn go(e: &mut EnginePipe, position: &str, go: &str) -> (Option<String>, String) {
    e.send(position);
    e.send(go);
    let mut last_first = None;
    loop {
        let line = e.wait_for("");
        if let Some(best) = line.strip_prefix("bestmove ") {
            let best = best.split_whitespace().next().unwrap_or("").to_string();
            return (last_first, best);
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() != Some(&"info") {
            continue;
        }
        let multipv = words
            .iter()
            .position(|w| *w == "multipv")
            .and_then(|i| words.get(i + 1))
            .map_or("1", |v| v);
        if multipv != "1" {
            continue;
        }
        if let Some(i) = words.iter().position(|w| *w == "pv") {
            last_first = words.get(i + 1).map(|m| m.to_string());
        }
    }
}

/// Plays `plies` moves of a game from the start, each searched to a random limit, and checks
/// every answer against the last line shown.
fn check_games(setup: &[&str], args: &[&str], plies: usize, seed: u64) -> usize {
    let mut e = EnginePipe::start_with_args(args);
    let handshake = setup[0];
    e.send(handshake);
    e.wait_for(if handshake == "ucci" {
        "ucciok"
    } else {
        "uciok"
    });
    for line in &setup[1..] {
        e.send(line);
    }
    let ucci = handshake == "ucci";
    let mut rng = Rng::new(seed);
    let mut moves: Vec<String> = Vec::new();
    let mut checked = 0;
    for _ in 0..plies {
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        let limit = match rng.below(3) {
            0 => format!("go nodes {}", 200 + rng.below(30_000)),
            1 if ucci => format!("go time {} increment 0", 200 + rng.below(3000)),
            1 => format!("go wtime {0} btime {0}", 200 + rng.below(3000)),
            _ => format!("go depth {}", 1 + rng.below(8)),
        };
        let (shown, best) = go(&mut e, &position, &limit);
        if best == "(none)" || best.is_empty() {
            break;
        }
        if let Some(shown) = shown {
            assert_eq!(
                shown, best,
                "{args:?} {setup:?}: after '{position}' and '{limit}' the last line began {shown}"
            );
            checked += 1;
        }
        moves.push(best);
    }
    e.send("quit");
    checked
}

#[test]
fn bestmove_starts_the_last_line_shown() {
    let mut checked = 0;
    for (seed, threads) in [(1, "1"), (2, "2")] {
        let threads_uci = format!("setoption name Threads value {threads}");
        let threads_ucci = format!("setoption threads {threads}");
        checked += check_games(&["ucci", &threads_ucci], &[], 24, seed);
        checked += check_games(&["uci", &threads_uci], &[], 24, seed + 10);
        checked += check_games(
            &["uci", &threads_uci, "setoption name MultiPV value 3"],
            &[],
            16,
            seed + 20,
        );
        checked += check_games(&["uci", &threads_uci], &["--game", "chess"], 16, seed + 30);
    }
    // Strength-limited play picks among the lines: its choice must be the last line shown.
    checked += check_games(&["uci", "setoption name Skill Level value 3"], &[], 12, 41);
    // From a book: a book move is searched alone, its lines leading with it.
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/book/small.jjbook");
    let book = format!("setoption name BookFile value {book}");
    checked += check_games(
        &["uci", "setoption name OwnBook value true", &book],
        &[],
        12,
        51,
    );
    // UCCI shows book moves as depth-0 lines, heaviest first, then the search of the one drawn.
    checked += check_games(
        &[
            "ucci",
            "setoption bookfiles <builtin>",
            "setoption bookvariety large",
        ],
        &[],
        12,
        52,
    );
    assert!(checked > 120, "only {checked} answers had a line to check");
}
