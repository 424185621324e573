//! What the command-line tools (`selfplay`, `tune`) share: `--help`, reading a number in a
//! range from a flag's value, and the exit codes (2 for a bad command line, 1 for a failure).

use std::process::ExitCode;

/// A flag's value as a number in `lo..=hi`, or a message naming the flag.
pub fn number<T: std::str::FromStr + PartialOrd>(
    flag: &str,
    v: &str,
    lo: T,
    hi: T,
) -> Result<T, String> {
    match v.parse::<T>() {
        Ok(n) if n >= lo && n <= hi => Ok(n),
        _ => Err(format!("{flag}: '{v}' is not a number in range")),
    }
}

/// Runs a tool: prints `help` for `--help`, parses the arguments, then does the work; errors
/// go to stderr prefixed with `jiangjun NAME`.
pub fn run_tool<C>(
    name: &str,
    help: &str,
    args: &[String],
    parse: impl FnOnce(&[String]) -> Result<C, String>,
    work: impl FnOnce(C) -> Result<(), String>,
) -> ExitCode {
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{help}");
        return ExitCode::SUCCESS;
    }
    let config = match parse(args) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("jiangjun {name}: {e}\n{help}");
            return ExitCode::from(2);
        }
    };
    match work(config) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("jiangjun {name}: {e}");
            ExitCode::from(1)
        }
    }
}
