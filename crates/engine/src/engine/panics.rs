//! Panics in the search thread: their message for the user, and the debug aid that injects
//! one. A panic there must not leave the protocol without its `bestmove` (the engine would
//! stay busy for good), so the engine catches it; this is how the recovery is tested.

use std::any::Any;

/// The environment variable that makes every search panic once it completes this depth.
/// A debug aid for testing the recovery; unset in normal use.
pub const PANIC_AT_DEPTH: &str = "JIANGJUN_PANIC_AT_DEPTH";

/// The depth from `JIANGJUN_PANIC_AT_DEPTH`, if set to a number.
pub fn injected_depth() -> Option<u32> {
    let value = std::env::var(PANIC_AT_DEPTH).ok()?;
    match value.trim().parse() {
        Ok(d) => {
            log::warn!("{PANIC_AT_DEPTH}={d}: every search will panic at depth {d} (debug aid)");
            Some(d)
        }
        Err(_) => {
            log::warn!("{PANIC_AT_DEPTH}='{value}' is not a depth; ignored");
            None
        }
    }
}

/// Panics if `depth` has reached the injected depth.
pub fn inject_at(at: Option<u32>, depth: u32) {
    if at.is_some_and(|d| depth >= d) {
        panic!("{PANIC_AT_DEPTH}: injected panic at depth {depth}");
    }
}

/// The message a panic carried (`panic!` gives a `&str` or a `String`).
pub fn text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "no message".to_string()
    }
}
