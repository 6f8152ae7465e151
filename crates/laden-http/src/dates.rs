//! Dates for JSON and German display, without a time-zone database:
//! WordPress's `_gmt` fields are UTC, and display dates are UTC too.

/// Days since 1970-01-01 → (year, month, day), proleptic Gregorian.
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `2026-11-21T20:15:00` (WordPress's REST date format, no zone suffix).
pub fn iso(unix: i64) -> String {
    let (y, m, d) = civil(unix.div_euclid(86_400));
    let s = unix.rem_euclid(86_400);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}", s / 3600, (s % 3600) / 60, s % 60)
}

/// `21. November 2026`.
pub fn german_date(unix: i64) -> String {
    const MONTHS: [&str; 12] =
        ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"];
    let (y, m, d) = civil(unix.div_euclid(86_400));
    format!("{d}. {} {y}", MONTHS[(m as usize).saturating_sub(1) % 12])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        assert_eq!(iso(0), "1970-01-01T00:00:00");
        assert_eq!(iso(1_795_292_100), "2026-11-21T20:15:00");
        assert_eq!(german_date(1_795_292_100), "21. November 2026");
        assert_eq!(german_date(951_782_400), "29. Februar 2000");
    }
}
