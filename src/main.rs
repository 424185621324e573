//! The `jiangjun` command: with no arguments it speaks a protocol on stdin/stdout; with a
//! subcommand it runs a tool for people and scripts.

use jiangjun::game::xiangqi::{Move, Position};
use jiangjun::perft;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  jiangjun                                  run the engine (UCCI or UCI on stdin/stdout)
  jiangjun perft DEPTH [--fen FEN] [--divide]
                                            count the leaves of the legal move tree
  jiangjun bench [DEPTH]                    fixed search of fixed positions: node count, speed
  jiangjun judge --fen FEN [--moves M1 M2 ...]
                                            rule on the position after the moves
  jiangjun match --engine SPEC --engine SPEC [options]
                                            play engines against each other (see match --help)
  jiangjun openings --count N [--seed S] [--plies MIN-MAX] [--depth D] [--margin CP] [--out FILE]
                                            balanced random openings for long matches
  jiangjun selfplay --games N --out FILE [options]
                                            self-play training data (see selfplay --help)
  jiangjun tune --data FILE[,FILE...] [options]
                                            fit the evaluation weights (see tune --help)
  jiangjun --help                           this text";

fn main() -> ExitCode {
    // Logs go to stderr; warnings (bad input) show by default, RUST_LOG=debug shows more.
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .format_timestamp(None)
        .init();
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("perft") => run_perft(&args[1..]),
        Some("bench") => run_bench(&args[1..]),
        Some("judge") => jiangjun::judge::run(&args[1..]),
        Some("match") => jiangjun::matches::run(&args[1..]),
        Some("openings") => jiangjun::matches::balanced::run(&args[1..]),
        Some("selfplay") => jiangjun::selfplay::run(&args[1..]),
        Some("tune") => jiangjun::tune::run(&args[1..]),
        Some("--help" | "-h" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        None => {
            jiangjun::protocol::run::<Position>();
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("jiangjun: unknown command '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run_bench(args: &[String]) -> ExitCode {
    let depth = match args.first().map(|d| d.parse::<u32>()) {
        None => jiangjun::bench::DEFAULT_DEPTH,
        Some(Ok(d)) if (1..=30).contains(&d) => d,
        Some(_) => {
            eprintln!("jiangjun bench: the depth must be a number from 1 to 30\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let r = jiangjun::bench::run(depth);
    println!("Nodes searched  : {}", r.nodes);
    println!("Nodes/second    : {}", r.nps());
    println!("Time            : {} ms", r.elapsed.as_millis());
    println!("Bench: {}", r.nodes);
    ExitCode::SUCCESS
}

fn run_perft(args: &[String]) -> ExitCode {
    let mut depth = None;
    let mut fen = None;
    let mut divide = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--divide" => divide = true,
            "--fen" => {
                i += 1;
                fen = args.get(i).cloned();
                if fen.is_none() {
                    eprintln!("jiangjun perft: --fen needs a FEN");
                    return ExitCode::from(2);
                }
            }
            d => match d.parse::<u32>() {
                Ok(n) if depth.is_none() => depth = Some(n),
                _ => {
                    eprintln!("jiangjun perft: unexpected argument '{d}'\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
        }
        i += 1;
    }
    let Some(depth) = depth else {
        eprintln!("jiangjun perft: give a depth\n{USAGE}");
        return ExitCode::from(2);
    };
    let pos = match fen {
        Some(f) => Position::from_fen(&f),
        None => Ok(Position::startpos()),
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => {
            eprintln!("jiangjun perft: {e}");
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    let total = if divide {
        let rows = perft::divide(&mut pos, depth, Move::NONE);
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft::perft(&mut pos, depth, Move::NONE)
    };
    let secs = start.elapsed().as_secs_f64();
    eprintln!(
        "{:.3} s, {:.1} Mleaves/s",
        secs,
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("total {total}");
    ExitCode::SUCCESS
}
