//! `jiangjun play`: Xiangqi (or, with `--game chess`, chess) against the engine in the
//! terminal, two people at one keyboard, or the engine against itself. The player types moves
//! in any notation (ICCS `h2e2`, WXF `C2.5`, Chinese 炮二平五; chess `e2e4` or SAN `Nf3`) or
//! a command; a move that is unreadable, ambiguous or illegal
//! gets the notation module's message and the game goes on. `PlaySession` does the work line by
//! line and returns text, so that tests drive it without a terminal; `run` only moves lines
//! between it and the terminal, through rustyline (line editing, history, Ctrl-R) when stdin
//! is a terminal and plain line reading when it is not. While a side thinks the screen is
//! live: the engine's search and clocks on a redrawn line (`live`), a key to make it move now
//! (`keys`), a person's clock ticking in the prompt (`prompt`).

mod board;
mod chess_board;
mod ctrl_c;
mod game;
mod keys;
mod live;
mod opponent;
mod prompt;
mod record;
mod session;
mod timing;

use crate::clock::TimeControl;
pub use game::Playable;
use game::side_name;
use jiangjun_engine::engine::strength::Strength;
use jiangjun_engine::game::EngineGame;
use jiangjun_engine::game::{Chess, Xiangqi};
use jiangjun_rules::GameKind;
use jiangjun_rules::xiangqi::notation::Notation;
use rustyline::error::ReadlineError;
pub use session::{PlaySession, Seat};
use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

/// Play Xiangqi (or chess, with --game chess) against the engine in the terminal.
#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true, after_help = AFTER_HELP)]
pub struct PlayArgs {
    /// The side you play (red is white in chess; both: two people; none: the engine plays
    /// itself).
    #[arg(long, value_enum, default_value = "red")]
    side: Seat,
    /// The engine's search depth (1 to 30; the default without --tc or --movetime is 7).
    #[arg(long, value_parser = crate::args::number_in(1u32, 30),
          conflicts_with_all = ["tc", "movetime"])]
    depth: Option<u32>,
    /// Play weaker, as the engine's `Skill Level` (0 to 20; 20 is full strength): the engine
    /// searches a few lines within a node budget and sometimes picks a worse one.
    #[arg(long, value_name = "N", value_parser = crate::args::number_in(0u32, 20),
          conflicts_with = "elo")]
    level: Option<u32>,
    /// Play at about this rating, as the engine's `UCI_Elo` (1320 to 3401, on the ladder of
    /// docs/strength-limits.md).
    #[arg(long, value_name = "E",
          value_parser = crate::args::number_in(jiangjun_engine::engine::strength::ELO_MIN,
                                                jiangjun_engine::engine::strength::ELO_MAX))]
    elo: Option<i32>,
    /// Seconds the engine thinks for each move.
    #[arg(long, value_name = "S", value_parser = TimeControl::parse_st, conflicts_with = "tc")]
    movetime: Option<TimeControl>,
    /// Clocks for both sides: BASE[+INC] or MOVES/BASE[+INC] in seconds, as in jiangjun match
    /// (300+3: five minutes and three seconds a move).
    #[arg(long, value_name = "BASE+INC", value_parser = TimeControl::parse_tc)]
    tc: Option<TimeControl>,
    #[command(flatten)]
    fen: crate::args::FenArg,
    /// How moves are shown: iccs, wxf or chinese (any is read); chess: iccs shows long
    /// algebraic (e2e4), the others SAN (Nf3).
    #[arg(long, default_value = "chinese", value_parser = clap::value_parser!(Notation))]
    notation: Notation,
    /// Letters (R H E A K C P; chess K Q R B N P; Black in lower case) instead of Chinese
    /// characters or chess figurines.
    #[arg(long)]
    ascii: bool,
    /// Another engine to play against instead of jiangjun, in jiangjun match's words
    /// (name=… cmd=… [proto=ucci|uci] [arg=…] [option.NAME=VALUE] [ranks=1] …); with --side
    /// none jiangjun plays the first side against it.
    #[command(flatten)]
    engine: crate::process::specs::EngineWords,
    /// How the built-in engine evaluates (default: as the protocol engine does).
    #[command(flatten)]
    eval: crate::args::EvalArgs,
    /// Do not show the engine's search while it thinks (the clocks still tick on a
    /// terminal).
    #[arg(long)]
    hide_thinking: bool,
}

/// The commands of a game, for `help` in the game and for `jiangjun play --help`.
macro_rules! in_game_commands {
    () => {
        "  undo          take back your last move (and the engine's reply)\n  \
         hint          the engine's choice for you\n  \
         moves         your legal moves\n  \
         board         show the board; flip turns it round\n  \
         fen           the position as FEN\n  \
         save FILE [iccs|wxf|chinese]   the game as PGN (moves in ICCS unless named)\n  \
         load FILE     a game from a PGN file\n  \
         resign        give the game up\n  \
         draw          offer a draw (the engine accepts when it stands worse)\n  \
         new           start again\n  \
         quit          leave (Ctrl-D and Ctrl-C too)"
    };
}

/// What the screen does while a side thinks.
macro_rules! while_thinking {
    () => {
        "While the engine thinks, its search is shown as it deepens (depth, score, line) with \
         the clocks; on a terminal the line is redrawn in place and space, Enter or m makes \
         the engine move now (Unix terminals). In a timed game your clock ticks in the prompt."
    };
}

const HELP: &str = concat!(
    "or a command:\n",
    in_game_commands!(),
    "\n",
    while_thinking!()
);

const AFTER_HELP: &str = concat!(
    "In the game, type a move (h2e2, H2-E2, C2.5, 炮二平五, 马8进7, 前车进一; chess: e2e4, Nf3) \
     or a command:\n",
    in_game_commands!(),
    "\n\n",
    while_thinking!(),
    "\n\nExamples:\n  \
     jiangjun play                          you play Red, the engine searches to depth 7\n  \
     jiangjun play --side black --elo 1800  the engine opens, at about 1800 Elo\n  \
     jiangjun play --tc 300+3 --level 8     five minutes and three seconds a move, level 8\n  \
     jiangjun --game chess play --ascii     chess, with letters for the pieces"
);

/// What a line of input leads to.
pub enum Reply {
    Text(String),
    Quit,
}

impl<G: Playable> PlaySession<G> {
    /// Answers one line of input.
    pub fn handle(&mut self, line: &str) -> Reply {
        let line = line.trim();
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let text = match word {
            "" => return Reply::Text(String::new()),
            "quit" | "exit" | "q" => return Reply::Quit,
            "help" | "?" => format!("Type a move ({}) {HELP}", G::MOVE_EXAMPLES),
            "board" => self.show(),
            "flip" => {
                self.flipped = !self.flipped;
                self.show()
            }
            "fen" => self.pos.to_fen(),
            "moves" => self.legal_moves().join(" "),
            "hint" => self.hint(),
            "undo" => self.undo(),
            "save" => self.save(rest),
            "load" => self.load(rest),
            "resign" => self.resign(),
            "draw" => self.offer_draw(),
            "new" => {
                self.restart(self.start.clone(), &[]);
                self.engine_moves()
            }
            _ => self.typed_move(line),
        };
        Reply::Text(text)
    }

    fn hint(&self) -> String {
        if self.ended.is_some() {
            return "the game is over".to_string();
        }
        let limits = self.timing.hint_limits(self.pos.side_to_move());
        match self.think(&limits) {
            (Some(m), thought) => format!(
                "hint: {}   [{}]",
                self.pos.write(m, self.notation),
                thought.describe()
            ),
            (None, _) => "no legal move".to_string(),
        }
    }

    /// The prompt: whose move it is.
    fn prompt(&self) -> String {
        match self.ended {
            Some(_) => "> ".to_string(),
            None => format!("{}> ", side_name::<G>(self.pos.side_to_move())),
        }
    }
}

/// Where lines come from: rustyline on a terminal (with the helper that keeps a clock in
/// the prompt ticking), plain lines from a pipe or a file.
enum Input {
    Editor(
        Box<rustyline::Editor<prompt::Helper, rustyline::history::DefaultHistory>>,
        prompt::Helper,
    ),
    Lines(std::io::StdinLock<'static>),
}

impl Input {
    fn open() -> Input {
        if std::io::stdin().is_terminal() {
            let config = rustyline::Config::builder()
                .auto_add_history(true)
                .max_history_size(1000)
                .map(|b| b.build());
            if let Ok(c) = config
                && let Ok(mut editor) = rustyline::Editor::with_config(c)
            {
                let helper = prompt::Helper::default();
                editor.set_helper(Some(helper.clone()));
                return Input::Editor(Box::new(editor), helper);
            }
        }
        Input::Lines(std::io::stdin().lock())
    }

    /// The next line, or `None` at the end of input (Ctrl-D), on Ctrl-C or on an error.
    /// With a `clock`, the prompt is the clock's and it ticks while the line is typed.
    fn next(&mut self, prompt: &str, clock: Option<timing::ClockView>) -> Option<String> {
        match self {
            Input::Editor(editor, helper) => {
                let read = match clock {
                    Some(c) => helper.ticking(c, || editor.readline(&prompt::text(&c))),
                    None => editor.readline(prompt),
                };
                match read {
                    Ok(line) => Some(line),
                    Err(ReadlineError::Interrupted | ReadlineError::Eof) => None,
                    Err(e) => {
                        log::warn!("play: reading the terminal: {e}");
                        None
                    }
                }
            }
            Input::Lines(stdin) => {
                // Bytes, not `lines()`: a line that is not UTF-8 (a terminal in another
                // encoding, a stray paste) must be answered like any unreadable entry.
                let mut bytes = Vec::new();
                match stdin.read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&bytes);
                        Some(text.trim_end_matches(['\n', '\r']).to_string())
                    }
                }
            }
        }
    }
}

/// Entry point for `jiangjun [--game chess] play`.
pub fn run(args: &PlayArgs, game: GameKind) -> ExitCode {
    match game {
        GameKind::Xiangqi => run_game::<Xiangqi>(args),
        GameKind::Chess => run_game::<Chess>(args),
    }
}

/// Reads lines until `quit`, Ctrl-D, Ctrl-C or the end of input.
fn run_game<G: Playable + EngineGame>(args: &PlayArgs) -> ExitCode {
    let start = match crate::args::position_from::<G>(args.fen.text().as_deref()) {
        Ok(p) => p,
        Err(e) => return crate::args::usage_error(Some("play"), &e),
    };
    let tc = args
        .tc
        .or(args.movetime)
        .unwrap_or(TimeControl::Depth(args.depth.unwrap_or(7)));
    let evaluation = match args.eval.evaluation::<G>() {
        Ok(e) => e,
        Err(e) => return crate::args::usage_error(Some("play"), &e),
    };
    let mut session = PlaySession::new(start, args.side, tc, args.notation);
    session.set_evaluation(evaluation);
    session.strength = match (args.level, args.elo) {
        (Some(l), _) => Strength::from_level(f64::from(l)),
        (None, Some(e)) => Some(Strength::from_elo(e)),
        (None, None) => None,
    };
    if session.strength.is_some() && !args.engine.0.is_empty() {
        return crate::args::usage_error(
            Some("play"),
            "--level and --elo set jiangjun's own strength; give another engine its own \
             option (option.NAME=VALUE in --engine)",
        );
    }
    match args.engine.0.as_slice() {
        [] => {}
        [words] => {
            let spec = match crate::process::specs::engine_spec(words, G::DEFAULT_PROTO) {
                Ok(spec) => spec,
                Err(e) => return crate::args::usage_error(Some("play"), &e),
            };
            match opponent::Opponent::start(spec) {
                Ok(o) => session.opponent = Some(o),
                Err(e) => return crate::args::finish("play", Err(e)),
            }
        }
        _ => return crate::args::usage_error(Some("play"), "one --engine at most"),
    }
    let terminal = std::io::stdout().is_terminal();
    session.live = Some(live::Live {
        terminal,
        keys: terminal && std::io::stdin().is_terminal(),
        thinking: !args.hide_thinking,
    });
    let colour = terminal && std::env::var_os("NO_COLOR").is_none();
    session.style = board::Style {
        colour,
        ascii: args.ascii,
    };
    session.ctrl_c = Some(ctrl_c::CtrlC::install());
    let mut out = std::io::stdout();
    if let Some(s) = &session.strength {
        let _ = writeln!(out, "jiangjun plays at {}", s.describe());
    }
    // Said before the engine's first move, which may take a while (it opens when it plays
    // Red) and is shown live meanwhile.
    let _ = writeln!(out, "help lists the commands");
    let _ = out.flush();
    let _ = writeln!(out, "{}", session.engine_moves());
    let _ = out.flush();
    let mut input = Input::open();
    while !session.interrupted()
        && let Some(line) = input.next(&session.prompt(), session.prompt_clock())
    {
        match session.handle(&line) {
            Reply::Quit => break,
            Reply::Text(t) if t.is_empty() => {}
            Reply::Text(t) => {
                let _ = writeln!(out, "{t}");
            }
        }
        let _ = out.flush();
    }
    if session.interrupted() {
        let _ = writeln!(out, "interrupted: the engine's search was stopped");
    } else if let Input::Editor(..) = input {
        let _ = writeln!(out);
    }
    if let Some(message) = session.autosave() {
        let _ = writeln!(out, "{message}");
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests;
