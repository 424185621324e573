//! Tests of datagen: the format reads back what it wrote, a run writes the games of its
//! numbers in order, a resumed run writes the bytes of an uninterrupted one, other settings
//! and broken files are refused with their place named, and what training reads from a shard
//! is what selfplay writes for the same games.

use super::format::{self, HEADER_LEN, HEADER_LEN_NET, Header, NO_SCORE};
use super::*;
use crate::arbiter::Arbitrated;
use crate::arbiter::openings;
use crate::selfplay::{GameArgs, Played};
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_engine::tt::Tt;
use jiangjun_rules::random::{self, RngExt};
use jiangjun_rules::xiangqi::{START_FEN, notation};

const NODES: u64 = 200;
const SEED: u64 = 3;

fn parse(line: &str) -> Result<DatagenArgs, clap::Error> {
    <DatagenArgs as clap::Parser>::try_parse_from(
        std::iter::once("datagen").chain(line.split_whitespace()),
    )
}

fn header(first_game: u64, games: u32) -> Header {
    Header {
        game: GameKind::Xiangqi,
        random_plies: (2, 6),
        games,
        nodes: NODES,
        seed: SEED,
        first_game,
        net: None,
    }
}

/// Games `first..first + count` of `SEED` as `selfplay` plays them, here.
fn played(first: u64, count: u32) -> impl Iterator<Item = Played<Xiangqi>> {
    let settings = GameArgs {
        nodes: NODES,
        random_plies: (2, 6),
        // The classical evaluation, as the header above says: these tests are of the
        // format and of resuming, and it plays faster.
        eval: crate::args::EvalArgs {
            eval_file: Some("<empty>".into()),
            eval_blend: 50,
        },
    };
    let openings =
        openings::parse::<Xiangqi>(Xiangqi::BUILTIN_OPENINGS).expect("the built-in openings");
    let tt = Tt::new(crate::selfplay::TT_MB);
    (first..first + u64::from(count))
        .map(move |game| selfplay::numbered(&openings, &settings, SEED, game, &tt, &|_| {}))
}

/// Games `first..first + count` of `SEED` as a shard's bytes, played here.
pub(crate) fn shard_bytes(first: u64, count: u32) -> Vec<u8> {
    let mut bytes = format::encode_header(&header(first, count)).to_vec();
    for game in played(first, count) {
        games::encode(&game, &mut bytes).expect("a played game fits a record");
    }
    bytes
}

/// A directory of its own under the system's temporary one, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("jiangjun-datagen-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("the temporary directory is writable");
        Scratch(dir)
    }
    fn run(&self, args: &str) -> Result<(), String> {
        // The classical evaluation unless the test names a net (see `played`).
        let eval = match args.contains("--eval-file") {
            true => "",
            false => "--eval-file <empty>",
        };
        let line = format!(
            "--dir {} --nodes {NODES} --seed {SEED} {eval} {args}",
            self.0.display()
        );
        super::play::<Xiangqi>(&parse(&line).expect("a valid command line"))
    }
    fn shard(&self, index: u64) -> PathBuf {
        self.0.join(format!("xiangqi-s{SEED}-{index:05}.jjd"))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn dump_text(bytes: &[u8]) -> String {
    let mut out = Vec::new();
    write_lines::<Xiangqi>(bytes, &mut out).expect("a sound file");
    String::from_utf8(out).expect("the lines are text")
}

#[test]
fn headers_and_records_read_back_as_written() {
    for (net, len) in [
        (None, HEADER_LEN),
        (Some((0xdead_beef, 50)), HEADER_LEN_NET),
    ] {
        let h = Header {
            game: GameKind::Chess,
            random_plies: (0, 40),
            games: 123_456,
            nodes: 5000,
            seed: u64::MAX,
            first_game: 1 << 40,
            net,
        };
        let mut bytes = format::encode_header(&h);
        assert_eq!(bytes.len(), len);
        assert_eq!(bytes[4], if net.is_some() { 2 } else { 1 }, "the version");
        assert_eq!(format::decode_header(&bytes), Ok(h));
        let plies = [
            (0x1234, 17),
            (0, NO_SCORE),
            (u16::MAX, i16::MAX),
            (7, -i16::MAX),
        ];
        format::encode_record("a b", 2, &plies, &mut bytes).expect("fits");
        format::encode_record("fen", 0, &[], &mut bytes).expect("fits");
        assert_eq!(bytes.len(), len + (4 + 3 + 16) + (4 + 3));
        let read: Vec<_> = format::records(&bytes, &h)
            .map(|r| r.expect("sound"))
            .collect();
        assert_eq!(
            (read[0].fen, read[0].result, read[0].offset),
            ("a b", 2, len)
        );
        assert_eq!(read[0].plies().collect::<Vec<_>>(), plies);
        assert_eq!(
            (read[1].fen, read[1].result, read[1].plies().count()),
            ("fen", 0, 0)
        );
        assert!(format::encode_record(&"x".repeat(256), 1, &[], &mut bytes).is_err());
    }
    // A net header's blend and reserved bytes are checked.
    let mut bytes = format::encode_header(&header(0, 1));
    bytes[4] = 2;
    bytes.extend_from_slice(&[1, 2, 3, 4, 101, 0, 0, 0]);
    assert_eq!(
        format::decode_header(&bytes),
        Err(format::FormatError::BadHeader { offset: 44 })
    );
    bytes[44] = 100;
    bytes[47] = 1;
    assert_eq!(
        format::decode_header(&bytes),
        Err(format::FormatError::BadHeader { offset: 45 })
    );
    assert!(matches!(
        format::decode_header(&bytes[..44]),
        Err(format::FormatError::ShortHeader { len: 44 })
    ));
}

#[test]
fn a_shard_holds_four_bytes_a_ply_and_dumps_as_selfplay_writes() {
    let bytes = shard_bytes(0, 3);
    // Four bytes a ply, and a game's start position and result besides.
    let (mut plies, mut overhead) = (0, HEADER_LEN);
    for r in format::records(&bytes, &header(0, 3)) {
        let r = r.expect("sound");
        plies += r.plies().count();
        overhead += 4 + r.fen.len();
    }
    assert_eq!(bytes.len(), overhead + 4 * plies);
    assert!(plies > 60, "{plies}");
    // What selfplay writes for games 0 to 2 of the seed, played again here.
    let mut selfplay_text = String::new();
    for game in played(0, 3) {
        for line in game.data().lines() {
            selfplay_text += &line;
            selfplay_text.push('\n');
        }
    }
    let dumped = dump_text(&bytes);
    assert!(dumped.lines().count() > 30, "{dumped}");
    assert_eq!(dumped, selfplay_text);
}

#[test]
fn a_run_writes_each_shard_in_game_order_and_a_second_run_plays_nothing() {
    let dir = Scratch::new("order");
    dir.run("--shards 2 --games-per-shard 2 --threads 2")
        .expect("the run succeeds");
    for (index, first) in [(0, 0), (1, 2)] {
        let written = std::fs::read(dir.shard(index)).expect("the shard exists");
        assert!(written == shard_bytes(first, 2), "shard {index}");
    }
    let before = std::fs::metadata(dir.shard(1)).and_then(|m| m.modified());
    dir.run("--shards 2 --games-per-shard 2 --threads 2")
        .expect("a complete run resumes to nothing");
    assert_eq!(
        before.ok(),
        std::fs::metadata(dir.shard(1))
            .and_then(|m| m.modified())
            .ok()
    );
}

#[test]
fn a_run_resumed_after_a_cut_at_any_byte_writes_the_uninterrupted_bytes() {
    let full = shard_bytes(0, 3);
    let first_end = {
        let r = format::records(&full, &header(0, 3))
            .next()
            .expect("a game")
            .expect("sound");
        r.offset + r.size()
    };
    let mut rng = random::seeded(11);
    let mut cuts = vec![0, 17, HEADER_LEN, HEADER_LEN + 1, first_end, full.len()];
    cuts.extend((0..3).map(|_| rng.random_range(HEADER_LEN..full.len())));
    let dir = Scratch::new("resume");
    for cut in cuts {
        std::fs::write(dir.shard(0), &full[..cut]).expect("writable");
        dir.run("--shards 1 --games-per-shard 3 --threads 2")
            .expect("the resumed run succeeds");
        let resumed = std::fs::read(dir.shard(0)).expect("the shard exists");
        assert!(resumed == full, "cut at byte {cut} of {}", full.len());
    }
}

#[test]
fn a_shard_of_other_settings_or_no_shard_at_all_is_refused_and_left_alone() {
    let dir = Scratch::new("refuse");
    let mine = shard_bytes(0, 1);
    let mut other_version = mine.clone();
    other_version[4] = 3;
    let cases: [(&[u8], &str); 3] = [
        (&mine, "was written with --game xiangqi --nodes 200"),
        (b"FEN | 1.0 | 0\n", "not a datagen file"),
        (&other_version, "format version 3"),
    ];
    for (bytes, want) in cases {
        std::fs::write(dir.shard(0), bytes).expect("writable");
        let e = dir
            .run("--shards 1 --games-per-shard 1 --nodes 300")
            .expect_err("refused");
        assert!(
            e.contains(want) && e.contains("xiangqi-s3-00000.jjd"),
            "{e}"
        );
        assert_eq!(std::fs::read(dir.shard(0)).ok().as_deref(), Some(bytes));
    }
    std::fs::write(dir.shard(0), &mine).expect("writable");
    let e = dir
        .run("--shards 1 --games-per-shard 2")
        .expect_err("another shard size numbers other games");
    assert!(e.contains("--games-per-shard 1 (first game 0"), "{e}");
}

#[test]
fn a_run_with_a_net_names_it_in_its_shards_and_keeps_to_it() {
    let dir = Scratch::new("net");
    let args = "--shards 1 --games-per-shard 1 --threads 1 --eval-file <builtin>";
    dir.run(&format!("{args} --eval-blend 60")).expect("plays");
    let bytes = std::fs::read(dir.shard(0)).expect("written");
    let h = format::decode_header(&bytes).expect("a header");
    let net = jiangjun_engine::nnue::builtin::load("<builtin>").expect("the shipped net");
    assert_eq!(h.net, Some((jiangjun_engine::nnue::fingerprint(&net), 60)));
    let read = read_kept::<Xiangqi>(&bytes, |_, _, _| {}).expect("readable");
    assert_eq!(read.games, 1);
    // The net plays other games than the classical evaluation from the same seed.
    let classical = shard_bytes(0, 1);
    assert_ne!(&bytes[HEADER_LEN_NET..], &classical[HEADER_LEN..]);
    // A resumed run must play as the shard's games were played.
    for (other, want) in [
        (format!("{args} --eval-blend 50"), "--eval-blend 60"),
        (
            "--shards 1 --games-per-shard 1 --threads 1".to_string(),
            "(first game 0, the classical evaluation)",
        ),
    ] {
        let e = dir.run(&other).expect_err("another evaluation");
        assert!(e.contains(want), "{e}");
    }
    let config = parse(&format!("--dir x {args}")).expect("parses");
    let e = super::play::<Chess>(&config).expect_err("chess has no net");
    assert!(
        e.contains("--eval-file") && e.contains("no neural evaluation"),
        "{e}"
    );
}

/// A record of `moves` (ICCS, each scored 0, not checked) from the start position.
fn record_of(moves: &[&str]) -> Vec<u8> {
    let plies: Vec<(u16, i16)> = moves
        .iter()
        .map(|m| {
            (
                notation::parse_squares(m, 0).expect("two squares").bits(),
                0,
            )
        })
        .collect();
    let mut bytes = format::encode_header(&header(7, 1)).to_vec();
    format::encode_record(START_FEN, 1, &plies, &mut bytes).expect("fits");
    bytes
}

fn read_error(bytes: &[u8]) -> String {
    read_kept::<Xiangqi>(bytes, |_, _, _| {}).expect_err("refused")
}

#[test]
fn broken_files_are_errors_that_say_where() {
    assert!(read_error(b"FEN | 0.5 | 3").contains("offset 0: not a datagen file"));
    let good = record_of(&["h2e2", "h9g7"]);
    assert!(read_kept::<Xiangqi>(&good, |_, _, _| {}).is_ok());
    assert!(read_error(&good[..30]).contains("offset 30: the file ends inside its 40-byte"));
    let torn = read_error(&good[..good.len() - 1]);
    assert!(
        torn.contains("offset 40: the file ends inside a game record"),
        "{torn}"
    );
    let mut chess = good.clone();
    chess[6] = 1;
    assert!(read_error(&chess).contains("the file holds chess games, not xiangqi"));
    let mut result = good.clone();
    result[HEADER_LEN + 1 + START_FEN.len()] = 3;
    let want = format!("offset {}: result byte 3", HEADER_LEN + 1 + START_FEN.len());
    assert!(read_error(&result).contains(&want));
    let mut fen = good.clone();
    fen[HEADER_LEN + 1] = b'x';
    assert!(read_error(&fen).contains("offset 40: game 7: the FEN xnbakabnr"));
    let mut bits = good.clone();
    bits[HEADER_LEN + 4 + START_FEN.len()..][..2].copy_from_slice(&[0xff, 0xff]);
    assert!(read_error(&bits).contains("game 7: ply 0: 0xffff is not a move"));
    // Red's cannon twice: the second is Black's turn.
    let illegal = read_error(&record_of(&["h2e2", "e2e6"]));
    assert!(
        illegal.starts_with("offset 40: game 7, ply 1: the move e2e6 (rnbakabnr/")
            && illegal.ends_with(" b - - 1 1) is not legal there"),
        "{illegal}"
    );
}

#[test]
fn no_byte_of_a_shard_broken_makes_the_reader_panic() {
    let good = shard_bytes(0, 1);
    let mut rng = random::seeded(5);
    for _ in 0..300 {
        let mut bytes = good.clone();
        for _ in 0..rng.random_range(1..4) {
            let at = rng.random_range(0..bytes.len());
            bytes[at] = rng.random_range(0..=255u8);
        }
        let _ = read_kept::<Xiangqi>(&bytes, |_, _, _| {});
        bytes.truncate(rng.random_range(0..bytes.len()));
        let _ = read_kept::<Xiangqi>(&bytes, |_, _, _| {});
    }
}

#[test]
fn bad_command_lines_are_refused() {
    for bad in [
        "--shards 1 --games-per-shard 1",
        "--dir d --games-per-shard 1",
        "--dir d --shards 0 --games-per-shard 1",
        "--dir d --shards 1 --games-per-shard 0",
        "--dir d --shards 1 --games-per-shard 1 --random-plies 6-2",
        "--dir d --dump x.jjd",
        "--dump",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    let c = parse("--dir d --shards 4 --games-per-shard 10 --random-plies 3").expect("valid");
    assert_eq!((c.shards, c.games_per_shard), (Some(4), Some(10)));
    assert_eq!(c.playing.settings.random_plies, (3, 3));
    let d = parse("--dump a.jjd b").expect("valid");
    assert_eq!(d.dump.len(), 2);
}
