//! A game driven line by line, as a player types it.

use super::*;
use crate::arbiter::game::Termination;
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::Game;
use jiangjun_rules::Side;

fn text<G: Playable>(s: &mut PlaySession<G>, line: &str) -> String {
    match s.handle(line) {
        Reply::Text(t) => t,
        Reply::Quit => "<quit>".to_string(),
    }
}

#[test]
fn moves_in_any_notation_undo_and_bad_input() {
    let mut s = PlaySession::new(
        Xiangqi::startpos(),
        Seat::Red,
        TimeControl::Depth(1),
        Notation::Wxf,
    );
    let t = text(&mut s, "炮二平五");
    assert!(t.starts_with("you play C2.5\nengine plays "), "{t}");
    assert_eq!(s.moves.len(), 2);
    let t = text(&mut s, "C5+9");
    assert!(
        t.contains("is not legal") && t.contains("its legal moves:"),
        "{t}"
    );
    assert!(text(&mut s, "nonsense").contains("is not a move"));
    assert_eq!(s.moves.len(), 2, "bad input changes nothing");
    assert!(text(&mut s, "H2+3").starts_with("you play H2+3"));
    assert!(text(&mut s, "undo").ends_with("Red to move"));
    assert_eq!(s.moves.len(), 2);
    assert!(text(&mut s, "hint").starts_with("hint: "));
    assert!(text(&mut s, "moves").contains("H2+3"));
    assert_eq!(text(&mut s, "quit"), "<quit>");
}

#[test]
fn the_game_ends_at_mate() {
    // Red's rook on i8 holds the king to the back rank; the other rook mates on a9.
    let start = Xiangqi::from_fen("3k5/8R/9/9/9/9/9/9/9/R3K4 w").expect("valid");
    let mut s = PlaySession::new(start, Seat::Both, TimeControl::Depth(1), Notation::Iccs);
    let t = text(&mut s, "a0a9");
    assert!(t.ends_with("game over: Red wins by checkmate (1-0)"), "{t}");
    assert!(text(&mut s, "d9e9").contains("the game is over"));
}

fn both(fen: Option<&str>) -> PlaySession<Xiangqi> {
    let start = fen.map_or_else(Xiangqi::startpos, |f| {
        Xiangqi::from_fen(f).expect("a valid test FEN")
    });
    PlaySession::new(start, Seat::Both, TimeControl::Depth(1), Notation::Iccs)
}

#[test]
fn check_is_announced_and_repetition_ends_the_game() {
    let mut s = both(None);
    for m in ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0"] {
        let t = text(&mut s, m);
        assert!(t.contains("to move"), "{m}: {t}");
    }
    let t = text(&mut s, "g7h9");
    assert!(
        t.ends_with("game over: draw by repetition (1/2-1/2)"),
        "{t}"
    );
    let mut s = both(Some("3k5/9/9/9/9/9/9/9/9/4K3R w"));
    let t = text(&mut s, "i0i9");
    assert!(t.contains("you play i0i9 (check)"), "{t}");
    assert!(t.ends_with("Black to move, in check"), "{t}");
}

#[test]
fn resignation_and_an_agreed_draw_end_the_game() {
    let mut s = both(None);
    text(&mut s, "h2e2");
    let t = text(&mut s, "resign");
    assert!(
        t.ends_with("game over: Red wins by resignation (1-0)"),
        "{t}"
    );
    assert!(text(&mut s, "draw").contains("over already"));
    assert!(
        text(&mut s, "undo").ends_with("Red to move"),
        "undo reopens"
    );
    let t = text(&mut s, "draw");
    assert!(t.ends_with("game over: draw by agreement (1/2-1/2)"), "{t}");
    // Against the engine at the start, the engine does not stand worse: it declines.
    let mut s = PlaySession::new(
        Xiangqi::startpos(),
        Seat::Black,
        TimeControl::Depth(1),
        Notation::Iccs,
    );
    assert_eq!(s.moves.len(), 0, "engine_moves is not called by new");
    text(&mut s, "new");
    assert_eq!(s.moves.len(), 1, "the engine opened as Red");
    assert!(text(&mut s, "draw").starts_with("the engine declines the draw"));
    assert!(s.ended.is_none());
}

#[test]
fn a_person_who_runs_out_of_time_loses_and_the_move_is_not_played() {
    let tc = TimeControl::parse_tc("0.001").expect("a valid time control");
    let mut s = PlaySession::new(Xiangqi::startpos(), Seat::Both, tc, Notation::Iccs);
    assert!(
        s.show().contains("clock: Red 0:00.0  Black 0:00.0"),
        "{}",
        s.show()
    );
    std::thread::sleep(std::time::Duration::from_millis(5));
    let t = text(&mut s, "h2e2");
    assert!(t.starts_with("Red's flag fell before the move"), "{t}");
    assert!(t.ends_with("game over: Black wins on time (0-1)"), "{t}");
    assert!(s.moves.is_empty());
}

#[test]
fn a_saved_game_loads_back_in_every_notation() {
    let mut s = both(None);
    for m in ["h2e2", "h9g7", "h0g2", "i9h9"] {
        text(&mut s, m);
    }
    text(&mut s, "resign");
    let fen = s.pos.to_fen();
    for notation in ["iccs", "wxf", "chinese"] {
        let file = std::env::temp_dir().join(format!(
            "jiangjun-play-unit-{}-{notation}.pgn",
            std::process::id()
        ));
        let t = text(&mut s, &format!("save {} {notation}", file.display()));
        assert_eq!(t, format!("saved 4 moves to {}", file.display()));
        let saved = std::fs::read_to_string(&file).expect("written");
        assert!(saved.contains("[Result \"0-1\"]") && saved.contains("[Event \"jiangjun play\"]"));
        let mut back = both(None);
        let t = text(&mut back, &format!("load {}", file.display()));
        let _ = std::fs::remove_file(&file);
        assert!(t.starts_with("loaded 4 moves"), "{notation}: {t}");
        assert_eq!(back.pos.to_fen(), fen, "{notation}");
        assert_eq!(back.moves, s.moves);
        assert_eq!(
            back.ended, s.ended,
            "{notation}: the resigned game stays over"
        );
        assert!(
            t.contains("game over: Black wins by resignation (0-1)"),
            "{t}"
        );
    }
    assert!(text(&mut s, "save").contains("which file?"));
    assert!(text(&mut s, "save x.pgn klingon").contains("unknown notation"));
    assert!(text(&mut s, "load /nonexistent/x.pgn").starts_with("cannot read"));
}

#[test]
fn chess_is_played_in_san_and_long_algebraic_to_mate() {
    let mut s = PlaySession::new(
        Chess::startpos(),
        Seat::Both,
        TimeControl::Depth(1),
        Notation::Chinese,
    );
    for m in ["f2f3", "e5", "g4"] {
        let t = text(&mut s, m);
        assert!(t.contains(" to move"), "{m}: {t}");
    }
    assert!(text(&mut s, "moves").contains("Qh4#"));
    let t = text(&mut s, "Qh4");
    assert!(t.starts_with("you play Qh4#"), "{t}");
    assert!(
        t.ends_with("game over: Black wins by checkmate (0-1)"),
        "{t}"
    );
    assert!(text(&mut s, "help").contains("Nf3, exd6, O-O"));
    // The clock line names chess's sides.
    let tc = TimeControl::parse_tc("60").expect("a valid time control");
    let clocked = PlaySession::new(Chess::startpos(), Seat::Both, tc, Notation::Iccs);
    assert!(
        clocked.show().contains("clock: White 1:00  Black 1:00"),
        "{}",
        clocked.show()
    );
    let t = text(&mut s, "undo");
    assert!(t.ends_with("Black to move"), "{t}");
    assert!(text(&mut s, "Bc5").starts_with("you play Bc5"));
    let t = text(&mut s, "Ke2");
    assert!(
        t.ends_with("no piece of that kind can move"),
        "the bishop holds f2: {t}"
    );
    let t = text(&mut s, "Nf4");
    assert!(t.ends_with("its legal moves: Na3 Nc3 Nh3"), "{t}");
}

#[test]
fn the_engine_plays_with_the_shipped_net_unless_told_otherwise() {
    let eval = |file: Option<&str>, game_has_net: bool| {
        let args = crate::args::EvalArgs {
            eval_file: file.map(String::from),
            eval_blend: 50,
        };
        match game_has_net {
            true => args.evaluation::<Xiangqi>(),
            false => args.evaluation::<Chess>(),
        }
    };
    let shipped = eval(None, true).expect("reads");
    assert!(shipped.net().is_some(), "a net by default");
    assert!(
        eval(Some("<empty>"), true)
            .expect("classical")
            .net()
            .is_none()
    );
    assert!(eval(None, false).expect("chess").net().is_none());
    assert!(eval(Some("<builtin>"), false).is_err());
    assert!(eval(Some("/nonexistent/x.nnue"), true).is_err());
    let mut s = PlaySession::new(
        Xiangqi::startpos(),
        Seat::Red,
        TimeControl::Depth(1),
        Notation::Iccs,
    );
    assert!(
        s.pos.net().is_none(),
        "a bare session evaluates classically"
    );
    s.set_evaluation(
        jiangjun_engine::evaluation::Evaluation::load("<builtin>", 30).expect("the shipped net"),
    );
    let on_net = |p: &Xiangqi| p.accumulators().is_some_and(|a| a.blend() == 30);
    assert!(on_net(&s.pos) && on_net(&s.start));
    assert!(text(&mut s, "h2e2").starts_with("you play h2e2\nengine plays "));
    assert!(on_net(&s.pos));
    let file = std::env::temp_dir().join(format!("jiangjun-play-net-{}.pgn", std::process::id()));
    text(&mut s, &format!("save {}", file.display()));
    text(&mut s, "new");
    assert!(s.moves.is_empty() && on_net(&s.pos), "new keeps the net");
    let t = text(&mut s, &format!("load {}", file.display()));
    let _ = std::fs::remove_file(&file);
    assert!(t.starts_with("loaded 2 moves"), "{t}");
    assert!(
        on_net(&s.pos) && on_net(&s.start),
        "a loaded game keeps the net"
    );
}

#[test]
fn a_loaded_game_ends_as_its_record_says_when_the_rules_leave_it_open() {
    let record = |result: &str, termination: &str| {
        let pgn = format!(
            "[Game \"Chinese Chess\"]\n[Result \"{result}\"]\n[Termination \"{termination}\"]\n\n1. H2-E2 H9-G7 {result}\n"
        );
        let file = std::env::temp_dir().join(format!(
            "jiangjun-play-ending-{}-{}.pgn",
            std::process::id(),
            result.replace('/', "_")
        ));
        std::fs::write(&file, pgn).expect("written");
        let mut s = both(None);
        let t = text(&mut s, &format!("load {}", file.display()));
        let _ = std::fs::remove_file(&file);
        (s.ended, t)
    };
    let (ended, t) = record("0-1", "resignation");
    let e = ended.expect("over");
    assert_eq!(
        (e.winner, e.termination),
        (Some(Side::Black), Termination::Resignation),
        "{t}"
    );
    assert!(
        t.contains("game over: Black wins by resignation (0-1)"),
        "{t}"
    );
    let e = record("1-0", "time forfeit").0.expect("over");
    assert_eq!(
        (e.winner, e.termination),
        (Some(Side::Red), Termination::TimeForfeit)
    );
    let e = record("1/2-1/2", "normal").0.expect("over");
    assert_eq!(
        (e.winner, e.termination),
        (None, Termination::DrawAgreement)
    );
    assert_eq!(record("*", "").0, None, "an unfinished game stays open");
}

#[test]
fn a_weaker_level_plays_legal_moves_and_names_itself_in_the_pgn() {
    use jiangjun_engine::engine::strength::Strength;
    let mut s = PlaySession::new(
        Xiangqi::startpos(),
        Seat::None,
        TimeControl::Depth(4),
        Notation::Iccs,
    );
    s.strength = Strength::from_level(0.0);
    // The engine plays both sides to the end of the game, every move checked as it is made.
    let t = s.engine_moves();
    assert!(t.contains("engine plays") && s.ended.is_some(), "{t}");
    assert!(s.moves.len() > 6, "{t}");
    let pgn = s.pgn(Notation::Iccs);
    assert!(
        pgn.contains("[Red \"jiangjun (depth 4, level 0 (about 1320 Elo))\"]"),
        "{pgn}"
    );
}
