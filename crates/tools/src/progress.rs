//! How the long-running tools (datagen, selfplay, train) write times in their progress
//! lines: a run of hours reads better as `2 h 03 min` than as `7380 s`.

/// Seconds as people read a wait: `42 s`, `7 min 05 s`, `2 h 03 min`.
pub fn duration(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{} min {:02} s", s / 60, s % 60),
        _ => format!("{} h {:02} min", s / 3600, s % 3600 / 60),
    }
}

#[cfg(test)]
mod tests {
    use super::duration;

    #[test]
    fn a_duration_reads_in_the_largest_two_units() {
        assert_eq!(duration(0.2), "0 s");
        assert_eq!(duration(59.4), "59 s");
        assert_eq!(duration(59.6), "1 min 00 s");
        assert_eq!(duration(425.0), "7 min 05 s");
        assert_eq!(duration(7380.0), "2 h 03 min");
        assert_eq!(duration(-3.0), "0 s");
        assert_eq!(
            duration(f64::INFINITY),
            format!("{} h 00 min", u64::MAX / 3600)
        );
    }
}
