use super::*;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).expect("valid test FEN")
}

/// The SAN of the long algebraic `lan` in `fen`, checked to read back as the same move.
fn san(fen: &str, lan: &str) -> String {
    let p = pos(fen);
    let m = p.parse_move(lan).expect("legal test move");
    let s = p.san(m);
    assert_eq!(p.parse_san(&s), Ok(m), "{s} reads back");
    s
}

#[test]
fn disambiguates_by_file_rank_or_both_only_when_needed() {
    let three_queens = "8/8/4k3/8/8/Q7/8/Q1Q4K w - - 0 1";
    assert_eq!(san(three_queens, "a1b2"), "Qa1b2");
    assert_eq!(san(three_queens, "a3a2"), "Q3a2+");
    assert_eq!(san(three_queens, "c1b1"), "Qcb1");
    let rooks = "4k3/8/8/R7/8/8/8/R4RK1 w - - 0 1";
    assert_eq!(san(rooks, "a1d1"), "Rad1");
    assert_eq!(san(rooks, "a1a3"), "R1a3");
    assert_eq!(san(rooks, "a5a3"), "R5a3");
    // A pinned rival does not count: only legal moves need telling apart.
    let pinned = "4k3/4r3/8/8/8/8/4N3/2N1K3 w - - 0 1";
    assert_eq!(san(pinned, "c1d3"), "Nd3");
    assert_eq!(san(rooks, "g1h2"), "Kh2");
}

#[test]
fn pawn_moves_en_passant_and_promotions() {
    let start = crate::chess::START_FEN;
    assert_eq!(san(start, "e2e4"), "e4");
    assert_eq!(san(start, "g1f3"), "Nf3");
    let ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1";
    assert_eq!(san(ep, "e5d6"), "exd6");
    assert_eq!(san(ep, "e5e6"), "e6");
    let promo = "1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(san(promo, "c7b8q"), "cxb8=Q+");
    assert_eq!(san(promo, "c7c8n"), "c8=N");
    assert_eq!(san(promo, "c7c8r"), "c8=R+");
}

#[test]
fn castling_check_and_mate() {
    assert_eq!(san("5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), "O-O+");
    assert_eq!(san("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", "e8c8"), "O-O-O");
    // Scholar's mate.
    let before_mate = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    assert_eq!(san(before_mate, "h5f7"), "Qxf7#");
}

#[test]
fn reads_what_other_programs_write_and_refuses_the_rest() {
    let p = pos("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1");
    let lan = |t: &str| p.parse_san(t).map(|m| m.to_string());
    assert_eq!(lan("0-0"), Ok("e1g1".into()));
    assert_eq!(lan("O-O-O+"), Ok("e1c1".into()));
    assert_eq!(lan("exd6e.p."), Ok("e5d6".into()));
    assert_eq!(lan("Ra1d1"), Ok("a1d1".into()));
    assert_eq!(lan("Rxa8+"), Ok("a1a8".into()));
    assert!(matches!(p.parse_san("d6"), Err(SanError::NoSuchMove(_))));
    assert!(matches!(p.parse_san("Rb2"), Err(SanError::NoSuchMove(_))));
    let two_rooks = pos("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1");
    assert!(matches!(
        two_rooks.parse_san("Rd1"),
        Err(SanError::Ambiguous(_))
    ));
    for bad in ["", "Zf3", "e9", "Nf", "exd6=K", "O-O-O-O"] {
        assert!(
            matches!(p.parse_san(bad), Err(SanError::Malformed(_))),
            "{bad}"
        );
    }
}

#[test]
fn every_legal_move_reads_back_from_its_san() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let promos = "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1";
    for fen in [crate::chess::START_FEN, kiwipete, promos] {
        let p = pos(fen);
        for m in legal_moves(&p).iter() {
            assert_eq!(p.parse_san(&p.san(m)), Ok(m), "{fen}: {m}");
        }
    }
}
