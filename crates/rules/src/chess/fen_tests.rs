//! FEN reading and writing: round trips, defaults, and a specific error for each way a FEN
//! can be wrong.

use super::*;

fn rejects(fen: &str, expected: FenError) {
    match Position::from_fen(fen) {
        Ok(_) => panic!("accepted {fen}"),
        Err(e) => assert_eq!(e, expected, "{fen}: {e}"),
    }
}

fn says(fen: &str, words: &str) {
    match Position::from_fen(fen) {
        Ok(_) => panic!("accepted {fen}"),
        Err(e) => assert!(e.to_string().contains(words), "{e} lacks '{words}'"),
    }
}

fn sq(t: &str) -> Square {
    Square::parse(t.as_bytes()).expect("a square")
}

#[test]
fn start_fen_round_trips_and_fields_default() {
    assert_eq!(Position::startpos().to_fen(), START_FEN);
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    let bare = Position::from_fen(board).expect("a bare board is read");
    assert_eq!(bare.to_fen(), format!("{board} w - - 0 1"));
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 37 42";
    assert_eq!(Position::from_fen(fen).map(|p| p.to_fen()), Ok(fen.into()));
}

#[test]
fn board_errors_name_the_rank_and_character() {
    rejects(
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w",
        FenError::RankCount(7),
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w",
        FenError::BadCharacter { rank: 4, ch: 'X' },
    );
    rejects(
        "rnbqkbnr/pppppppp/8/8/0/8/PPPPPPPP/RNBQKBNR w",
        FenError::BadCharacter { rank: 4, ch: '0' },
    );
    says("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "rank 7");
    says(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w",
        "rank 1 'RNBQKBN' has 7 files",
    );
    says(
        "rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rank 6 '45' has more",
    );
    rejects("", FenError::Empty);
}

#[test]
fn piece_errors_say_what_is_wrong() {
    rejects("8/8/8/8/8/8/8/4K3 w", FenError::NoKing(Side::Black));
    rejects(
        "4k3/8/8/8/8/8/8/3KK3 w",
        FenError::TooManyKings(Side::Red, 2),
    );
    rejects(
        "4k3/8/8/8/8/8/8/P3K3 w",
        FenError::PawnOnEdge(Side::Red, sq("a1")),
    );
    rejects(
        "p3k3/8/8/8/8/8/8/4K3 w",
        FenError::PawnOnEdge(Side::Black, sq("a8")),
    );
    rejects(
        "4k3/pppppppp/p7/8/8/8/8/4K3 w",
        FenError::TooManyPawns(Side::Black, 9),
    );
    rejects(
        "4k3/8/8/8/8/QQQQQQQQ/QQQQQQQQ/3QK3 w",
        FenError::TooManyPieces(Side::Red, 18),
    );
    rejects(
        "4k3/8/8/8/8/QQQQQQQQ/QQ6/4K3 w",
        FenError::TooManyPromoted(Side::Red),
    );
    // Nine queens and the rest of the set: the most a real game can reach.
    assert!(Position::from_fen("7k/6pp/8/8/QQQQQQQQ/8/8/RNBQKBNR b").is_ok());
    rejects(
        "4k3/8/8/8/8/8/8/4R2K w",
        FenError::OpponentInCheck(Side::Red),
    );
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4R2K b").is_ok_and(|p| p.in_check()));
    says(
        "4k3/8/8/8/8/8/4R3/4K3 w",
        "White is to move and could capture the Black king",
    );
    rejects("4k3/8/8/8/8/8/8/4K3 x", FenError::SideToMove("x".into()));
}

#[test]
fn castling_rights_need_their_king_and_rook() {
    says(
        "4k3/8/8/8/8/8/8/R3K3 w K",
        "castling right 'K' but no White rook on h1",
    );
    says(
        "4k3/8/8/8/8/8/8/R2K3R w Q",
        "castling right 'Q' but no White king on e1",
    );
    says(
        "r3k3/8/8/8/8/8/8/4K3 w k",
        "castling right 'k' but no Black rook on h8",
    );
    rejects(
        "4k3/8/8/8/8/8/8/4K3 w KX",
        FenError::CastlingField("KX".into()),
    );
    rejects(
        "4k3/8/8/8/8/8/8/R3K3 w QQ",
        FenError::CastlingField("QQ".into()),
    );
}

#[test]
fn en_passant_squares_are_checked_and_unusable_ones_dropped() {
    // Usable: the e5 pawn can take d6.
    let fen = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    let pos = Position::from_fen(fen).expect("valid");
    assert_eq!(pos.to_fen(), fen);
    // No white pawn next to d5: the square is dropped, and so is its key.
    let unusable = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1").expect("valid");
    let plain = Position::from_fen("4k3/8/8/3p4/8/8/8/4K3 w - - 0 1").expect("valid");
    assert_eq!(unusable.to_fen(), plain.to_fen());
    assert_eq!(unusable.key(), plain.key());
    // A capture that would expose the own king along the rank does not count either.
    let pinned = Position::from_fen("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1").expect("valid");
    assert_eq!(pinned.ep(), None);
    says(
        "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
        "en-passant square d3: not on the rank",
    );
    says(
        "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
        "no pawn stands in front",
    );
    says("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", "occupied");
    rejects(
        "4k3/8/8/8/8/8/8/4K3 w - e9 0 1",
        FenError::EnPassantField("e9".into()),
    );
}

#[test]
fn counters_are_checked_and_capped() {
    rejects(
        "4k3/8/8/8/8/8/8/4K3 w - - x 1",
        FenError::Counter {
            field: "halfmove clock",
            text: "x".into(),
        },
    );
    says("4k3/8/8/8/8/8/8/4K3 w - - 0 -3", "move number '-3'");
    let huge = "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999 99999999999999999";
    let pos = Position::from_fen(huge).expect("huge counters are capped");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 100 1073741824");
    says(
        "4k3/8/8/8/8/8/8/4K3 w - - 999999999999999999999 1",
        "halfmove clock",
    );
}

#[test]
fn no_input_panics() {
    for fen in [
        "/",
        "///////",
        "8/8/8/8/8/8/8/8/8",
        "kK",
        "K7/8/8/8/8/8/8/7k w KQkq e3 5",
        "4k3/8/8/8/8/8/8/4K3 w - a",
        "ü",
        "4k3/8/8/8/8/8/8/4K3 w - h9",
        "9/8/8/8/8/8/8/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra fields",
    ] {
        let _ = Position::from_fen(fen);
    }
}
