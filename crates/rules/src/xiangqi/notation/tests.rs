//! Known moves from game records in each notation, the tandem-piece conventions on positions
//! built by FEN, and the messages for text that names no legal move.

use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("test FEN is valid")
}

/// Parses `text` in `pos` and returns the ICCS text of the move.
fn iccs(p: &Position, text: &str) -> String {
    match parse(p, text) {
        Ok(m) => m.to_string(),
        Err(e) => format!("error: {e}"),
    }
}

fn err(p: &Position, text: &str) -> NotationError {
    match parse(p, text) {
        Ok(m) => panic!("'{text}' read as {m}, expected an error"),
        Err(e) => e,
    }
}

/// Checks that `text` reads as `expected` and that `expected` is written back as `text` in
/// the notation `text` is in.
fn both_ways(p: &Position, text: &str, expected: &str) {
    assert_eq!(iccs(p, text), expected, "reading {text}");
    let m = p.parse_move(expected).expect("expected move is legal");
    assert_eq!(format(p, m, detect(text)), text, "writing {expected}");
}

#[test]
fn opening_moves_from_game_records() {
    let start = Position::startpos();
    both_ways(&start, "炮二平五", "h2e2");
    both_ways(&start, "C2.5", "h2e2");
    both_ways(&start, "马二进三", "h0g2");
    both_ways(&start, "H2+3", "h0g2");
    both_ways(&start, "H8+7", "b0c2");
    both_ways(&start, "相三进五", "g0e2");
    both_ways(&start, "仕四进五", "f0e1");
    both_ways(&start, "兵七进一", "c3c4");
    both_ways(&start, "车一进一", "i0i1");
    // The cannon takes the horse over its own cannon: seven ranks up the file.
    both_ways(&start, "C2+7", "h2h9");
    let mut black = start.clone();
    black.make(start.parse_move("h2e2").expect("legal"));
    both_ways(&black, "马8进7", "h9g7");
    both_ways(&black, "H8+7", "h9g7");
    both_ways(&black, "炮8平5", "h7e7");
    both_ways(&black, "卒3进1", "c6c5");
    both_ways(&black, "象3进5", "c9e7");
    both_ways(&black, "士4进5", "d9e8");
    both_ways(&black, "车9进1", "i9i8");
}

#[test]
fn other_spellings_are_read() {
    let start = Position::startpos();
    for text in [
        "h2e2",
        "H2-E2",
        "C2.5",
        "c2=5",
        "C25",
        "Ｃ２．５",
        "炮二平五",
        "砲二平五",
        "炮2平5",
        "炮２平５",
        " 炮 二 平 五 ",
    ] {
        assert_eq!(iccs(&start, text), "h2e2", "{text}");
    }
    assert_eq!(iccs(&start, "馬二進三"), "h0g2");
    assert_eq!(iccs(&start, "傌二进三"), "h0g2");
    assert_eq!(iccs(&start, "俥一進一"), "i0i1");
    assert_eq!(iccs(&start, "N2+3"), "h0g2");
    assert_eq!(iccs(&start, "帥五進一"), "e0e1");
    assert_eq!(iccs(&start, "K5+1"), "e0e1");
}

/// Positions with pieces sharing files, for the round-trip test as well.
pub(super) const CROWDED: [&str; 7] = [ROOKS, ADVISORS, THREE, FIVE, FOUR, TWO_FILES, BLACK_PAWNS];

/// Two red rooks on file 2 (h3 in front, h1 behind); the kings on d0 and f9.
const ROOKS: &str = "5k3/9/9/9/9/9/7R1/9/7R1/3K5 w";

#[test]
fn two_pieces_on_a_file_are_front_and_rear() {
    let p = pos(ROOKS);
    both_ways(&p, "前车进一", "h3h4");
    both_ways(&p, "R++1", "h3h4");
    both_ways(&p, "后车平五", "h1e1");
    both_ways(&p, "R-.5", "h1e1");
    assert_eq!(iccs(&p, "車前平三"), "h3g3", "the piece before its place");
    assert_eq!(iccs(&p, "+R.3"), "h3g3", "the sign before the letter");
    // Only the front rook can go two ranks up, so the plain file is enough.
    assert_eq!(iccs(&p, "车二进二"), "h3h5");
    match err(&p, "车二进一") {
        NotationError::Ambiguous { options, .. } => {
            assert_eq!(options, ["前车进一", "后车进一"]);
        }
        e => panic!("expected ambiguity, got {e}"),
    }
    let shown = err(&p, "R2+1").to_string();
    assert!(
        shown.contains("ambiguous") && shown.contains("h3, h1"),
        "{shown}"
    );
    assert!(shown.contains("R++1 R-+1"), "{shown}");
}

const ADVISORS: &str = "5k3/9/9/9/9/9/9/3A5/9/3AK4 w";

#[test]
fn advisors_and_elephants_keep_their_file() {
    // Red advisors on d0 and d2: one can only advance to e1, the other only retreat to it.
    let p = pos(ADVISORS);
    both_ways(&p, "仕六进五", "d0e1");
    both_ways(&p, "仕六退五", "d2e1");
    both_ways(&p, "A6-5", "d2e1");
    assert_eq!(iccs(&p, "前仕退五"), "d2e1");
}

/// Three red pawns on file 7 (c5, c6, c7).
const THREE: &str = "5k3/9/2P6/2P6/2P6/9/9/9/9/3K5 w";

#[test]
fn three_pawns_on_a_file() {
    let p = pos(THREE);
    both_ways(&p, "前兵平六", "c7d7");
    both_ways(&p, "中兵平六", "c6d6");
    both_ways(&p, "后兵平六", "c5d5");
    both_ways(&p, "P+.6", "c7d7");
    both_ways(&p, "P7.6", "c6d6");
    both_ways(&p, "P-.6", "c5d5");
    // The plain file means the middle pawn, as WXF writes it, in Chinese text too.
    assert_eq!(iccs(&p, "兵七平六"), "c6d6");
    // Only the front pawn can step forward (the others are blocked).
    assert_eq!(iccs(&p, "P7+1"), "c7c8");
}

const FIVE: &str = "2P2k3/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w";
const FOUR: &str = "2P2k3/2P6/2P6/2P6/9/9/9/9/9/3K5 w";

#[test]
fn four_and_five_pawns_on_a_file() {
    let five = pos(FIVE);
    for (wxf, chinese, m) in [
        ("++.6", "一兵平六", "c9d9"),
        ("P+.6", "二兵平六", "c8d8"),
        ("P7.6", "三兵平六", "c7d7"),
        ("P-.6", "四兵平六", "c6d6"),
        ("--.6", "五兵平六", "c5d5"),
    ] {
        both_ways(&five, wxf, m);
        both_ways(&five, chinese, m);
    }
    assert_eq!(iccs(&five, "前兵平六"), "c9d9");
    assert_eq!(iccs(&five, "中兵平六"), "c7d7");
    assert_eq!(iccs(&five, "后兵平六"), "c5d5");
    let four = pos(FOUR);
    for (wxf, chinese, m) in [
        ("++.6", "一兵平六", "c9d9"),
        ("P+.6", "二兵平六", "c8d8"),
        ("P-.6", "三兵平六", "c7d7"),
        ("--.6", "四兵平六", "c6d6"),
    ] {
        both_ways(&four, wxf, m);
        both_ways(&four, chinese, m);
    }
    assert!(matches!(
        err(&four, "中兵平六"),
        NotationError::NoSuchPlace { count: 4, .. }
    ));
}

/// Three red pawns on file 7 (c5-c7), two on file 3 (g6, g7).
const TWO_FILES: &str = "5k3/9/2P3P2/2P3P2/2P6/9/9/9/9/3K5 w";

#[test]
fn pawns_crowding_two_files_name_the_file() {
    let p = pos(TWO_FILES);
    for (wxf, chinese, m) in [
        ("7+.6", "前七平六", "c7d7"),
        ("77.6", "中七平六", "c6d6"),
        ("7-.6", "后七平六", "c5d5"),
        ("3+.4", "前三平四", "g7f7"),
        ("3-.4", "后三平四", "g6f6"),
    ] {
        both_ways(&p, wxf, m);
        both_ways(&p, chinese, m);
    }
    assert!(matches!(
        err(&p, "前兵平六"),
        NotationError::WhichFile { .. }
    ));
    assert!(err(&p, "P+.6").to_string().contains("files 3, 7"));
}

/// Black pawns on c3 and c2: Black's file 3, the front one (nearer Red) on c2.
const BLACK_PAWNS: &str = "5k3/9/9/9/9/9/2p6/2p6/9/3K5 b";

#[test]
fn black_counts_from_its_own_side() {
    let p = pos(BLACK_PAWNS);
    both_ways(&p, "前卒平4", "c2d2");
    both_ways(&p, "后卒平4", "c3d3");
    both_ways(&p, "P+.4", "c2d2");
    both_ways(&p, "P-.2", "c3b3");
    both_ways(&p, "将6进1", "f9f8");
}

#[test]
fn errors_name_the_problem_and_offer_moves() {
    let start = Position::startpos();
    let e = err(&start, "炮三平五");
    assert!(matches!(e, NotationError::NoSuchPiece { .. }));
    assert_eq!(
        e.to_string(),
        "'炮三平五': no red cannon on file 3 (they stand on files 2, 8)"
    );
    let e = err(&start, "C2+8").to_string();
    assert!(
        e.starts_with("'C2+8' is not legal: the red cannon on h2 cannot move so"),
        "{e}"
    );
    assert!(
        e.contains("its legal moves: C2+1 C2+2 C2+3 C2+4 C2+7 C2-1 C2.1"),
        "{e}"
    );
    assert!(e.contains("C2.5") && e.contains("C2+7"), "{e}");
    let e = err(&start, "炮二进八").to_string();
    assert!(
        e.contains("炮二平五"),
        "offers moves in the notation typed: {e}"
    );
    let e = err(&start, "h2h8").to_string();
    assert!(e.contains("h2e2") && e.contains("legal moves"), "{e}");
    for text in ["xyz", "C2.0", "C0.5", "Q2.5", "炮二走五", "炮十平五", ""] {
        assert!(
            matches!(err(&start, text), NotationError::Unreadable { .. }),
            "{text}"
        );
    }
    // A pinned piece has no move, and says so.
    let pinned = pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w");
    let e = err(&pinned, "H5+6").to_string();
    assert!(e.ends_with("it has no legal move"), "{e}");
}

#[test]
fn notation_names_parse() {
    assert_eq!("WXF".parse::<Notation>(), Ok(Notation::Wxf));
    assert_eq!("chinese".parse::<Notation>(), Ok(Notation::Chinese));
    assert!("san".parse::<Notation>().is_err());
}
