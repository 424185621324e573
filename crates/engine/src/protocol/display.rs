//! The board as `d` shows it.

use crate::game::EngineGame;

/// The board for `d`, drawn from the FEN (rank by rank, top first, numbered as moves name them), then
/// the FEN and key.
pub fn display<G: EngineGame>(pos: &G) -> String {
    let fen = pos.to_fen();
    let board = fen.split_whitespace().next().unwrap_or("");
    let mut out = String::new();
    let rows: Vec<&str> = board.split('/').collect();
    for (i, row) in rows.iter().enumerate() {
        let mut line = format!("{} ", rows.len() - 1 - i + G::FIRST_RANK);
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => (0..n).for_each(|_| line.push_str(" .")),
                None => {
                    line.push(' ');
                    line.push(c);
                }
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    let width = rows.first().map_or(0, |r| {
        r.chars().map(|c| c.to_digit(10).unwrap_or(1)).sum::<u32>()
    });
    out.push_str("  ");
    for f in 0..width {
        out.push(' ');
        out.push(char::from(b'a' + f.min(25) as u8));
    }
    out.push_str("\n\n");
    out.push_str(&format!(
        "Fen: {fen}\nKey: {:016X}\nCheckers: {}\n",
        pos.key(),
        if pos.in_check() { "yes" } else { "none" }
    ));
    out
}
