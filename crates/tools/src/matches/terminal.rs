//! Redrawing the progress line in place on a terminal. ANSI's "erase line" escape would do it
//! on Unix terminals, but the Windows console prints escape codes as text unless a program
//! opts in to them; a carriage return and spaces over the rest of the old line work on both.

/// The text that replaces a line of `previous` characters on screen with `line`: back to the
/// start of the line, the new text, then spaces over whatever the old one had beyond it.
pub fn redraw(line: &str, previous: usize) -> String {
    let pad = previous.saturating_sub(line.chars().count());
    format!("\r{line}{}", " ".repeat(pad))
}

#[cfg(test)]
mod tests {
    use super::redraw;

    #[test]
    fn a_shorter_line_blanks_the_rest_of_the_longer_one() {
        assert_eq!(redraw("[2/4] +1", 12), "\r[2/4] +1    ");
    }

    #[test]
    fn a_longer_line_needs_no_padding() {
        assert_eq!(redraw("[3/4] +1 =1", 4), "\r[3/4] +1 =1");
        assert_eq!(redraw("±1", 2), "\r±1");
    }
}
