//! Tests of self-play: the data it writes can be read back, runs repeat from their seed, and
//! the command line is checked.

use super::*;
use jiangjun_engine::game::Xiangqi;
use jiangjun_rules::Game;

fn parse(line: &str) -> Result<SelfplayArgs, clap::Error> {
    <SelfplayArgs as clap::Parser>::try_parse_from(
        std::iter::once("selfplay").chain(line.split_whitespace()),
    )
}

fn run_to_string(config: &SelfplayArgs) -> String {
    let mut out = Vec::new();
    write_games::<Xiangqi>(config, &mut out).expect("writing to memory cannot fail");
    String::from_utf8(out).expect("the output is text")
}

#[test]
fn two_games_write_loadable_positions_with_results() {
    let config = parse("--games 2 --nodes 300 --threads 1 --out x").expect("valid");
    let text = run_to_string(&config);
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.len() > 10,
        "two games keep some positions: {}",
        lines.len()
    );
    for line in lines {
        let fields: Vec<&str> = line.split(" | ").collect();
        assert_eq!(fields.len(), 3, "{line}");
        let pos = Xiangqi::from_fen(fields[0]).expect("the FEN loads");
        assert!(!pos.in_check(), "{line}");
        assert!(["1.0", "0.5", "0.0"].contains(&fields[1]), "{line}");
        let score: i32 = fields[2].parse().expect("an integer score");
        assert!(score.abs() < 2000, "{line}");
    }
}

#[test]
fn one_thread_runs_repeat_from_their_seed() {
    let a = parse("--games 2 --nodes 200 --threads 1 --seed 5 --out x").expect("valid");
    let b = SelfplayArgs {
        playing: Playing {
            seed: 6,
            ..a.playing.clone()
        },
        ..a.clone()
    };
    let first = run_to_string(&a);
    assert_eq!(first, run_to_string(&a));
    assert_ne!(
        first,
        run_to_string(&b),
        "another seed plays other random plies"
    );
}

#[test]
fn bad_command_lines_are_refused() {
    for bad in [
        "--games 0 --out x",
        "--games 5",
        "--games 5 --out x --nodes -3",
        "--games 5 --out x --random-plies 6-2",
        "--games 5 --out x --threads",
        "--games 5 --out x --colour red",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }
    let c = parse("--games 3 --out f --random-plies 4 --minutes 1.5").expect("valid");
    assert_eq!(c.playing.settings.random_plies, (4, 4));
    assert_eq!(c.playing.minutes, Some(1.5));
}

#[test]
fn the_games_can_be_played_with_a_net() {
    let classical =
        parse("--games 1 --nodes 300 --threads 1 --out x --eval-file <empty>").expect("valid");
    let net = parse("--games 1 --nodes 300 --threads 1 --out x");
    let with_net = run_to_string(&net.expect("valid"));
    assert!(with_net.lines().count() > 5, "{with_net}");
    assert_ne!(
        with_net,
        run_to_string(&classical),
        "the net plays other moves"
    );
    let mut out = Vec::new();
    let bad = parse("--games 1 --out x --eval-file /nonexistent/x.nnue").expect("parses");
    let e = write_games::<Xiangqi>(&bad, &mut out).expect_err("no such net");
    assert!(e.starts_with("--eval-file: "), "{e}");
    assert!(parse("--games 1 --out x --eval-blend 101").is_err());
}
