//! Dates for JSON and German display, without a time-zone database (German time's rule is
//! fixed in `berlin_offset`): WordPress's `_gmt` fields are UTC, its local fields (`date`,
//! `date_created`, …) and every date a person reads are German time, as the site's
//! `Europe/Berlin` says.

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
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        s / 3600,
        (s % 3600) / 60,
        s % 60
    )
}

/// Now, as a Unix time.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

const MONTHS: [&str; 12] = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
];

/// The month of a moment in German time: `November 2026`.
pub fn german_month(unix: i64) -> String {
    let (y, m, _) = german_ymd(unix);
    format!("{} {y}", MONTHS[(m as usize).saturating_sub(1) % 12])
}

/// The days of a month (1–12).
pub fn days_in_month(y: i64, m: u32) -> u32 {
    let (ny, nm) = if m >= 12 { (y + 1, 1) } else { (y, m + 1) };
    u32::try_from(day_number(ny, nm, 1) - day_number(y, m, 1)).unwrap_or(30)
}

/// `21. November 2026`, the date of a day as given (callers pass German wall-clock seconds;
/// `german_local_date` takes a moment).
fn german_date(unix: i64) -> String {
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
        // German time: 31 December 23:30 UTC is already January in Berlin.
        assert_eq!(german_month(1_795_292_100), "November 2026");
        assert_eq!(german_month(1_798_759_800), "Januar 2027");
        for (y, m, days) in [
            (2026, 11, 30),
            (2026, 12, 31),
            (2024, 2, 29),
            (2026, 2, 28),
            (2000, 2, 29),
            (2100, 2, 28),
        ] {
            assert_eq!(days_in_month(y, m), days, "{y}-{m}");
        }
    }
}

/// A Unix time's (year, month, day), UTC.
pub fn ymd(unix: i64) -> (i64, u32, u32) {
    civil(unix.div_euclid(86_400))
}

/// The day number (days since 1970-01-01) of a calendar date.
pub fn day_number(y: i64, m: u32, d: u32) -> i64 {
    days_from_civil(y, m, d)
}

/// (year, month, day) → days since 1970-01-01, the inverse of `civil`.
fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A WordPress REST date (`2026-11-21T20:15:00`, optionally with `Z` or
/// `+00:00`; a date alone means its midnight) as a Unix time, UTC.
pub fn parse_iso(s: &str) -> Option<i64> {
    let s = s.trim();
    let s = s
        .strip_suffix('Z')
        .or_else(|| s.strip_suffix("+00:00"))
        .unwrap_or(s);
    let (date, time) = s.split_once('T').unwrap_or((s, "00:00:00"));
    let mut d = date.split('-').map(str::parse::<i64>);
    let (y, m, day) = (d.next()?.ok()?, d.next()?.ok()?, d.next()?.ok()?);
    let mut t = time.split(':').map(str::parse::<i64>);
    let (h, min, sec) = (
        t.next()?.ok()?,
        t.next().unwrap_or(Ok(0)).ok()?,
        t.next().unwrap_or(Ok(0)).ok()?,
    );
    let valid = (1..=12).contains(&m)
        && (1..=31).contains(&day)
        && (0..24).contains(&h)
        && (0..60).contains(&min)
        && (0..60).contains(&sec);
    if !valid || d.next().is_some() || t.next().is_some() {
        return None;
    }
    Some(days_from_civil(y, m as u32, day as u32) * 86_400 + h * 3600 + min * 60 + sec)
}

#[cfg(test)]
mod parse_tests {
    use super::*;

    #[test]
    fn parses_what_it_writes() {
        for unix in [0, 86_399, 1_700_000_000, 1_795_000_000, 951_782_400] {
            assert_eq!(parse_iso(&iso(unix)), Some(unix), "{}", iso(unix));
        }
        assert_eq!(parse_iso("2026-11-22"), parse_iso("2026-11-22T00:00:00"));
        assert_eq!(
            parse_iso("2026-11-22T10:00:00Z"),
            parse_iso("2026-11-22T10:00:00+00:00")
        );
        for bad in [
            "",
            "gestern",
            "2026-13-01T00:00:00",
            "2026-11-22T25:00:00",
            "2026-11-22T10:00:00:00",
            "2026-11",
        ] {
            assert_eq!(parse_iso(bad), None, "{bad}");
        }
    }
}

/// The offset of German time (CET/CEST) at a Unix time, in seconds: summer time from
/// 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.
pub fn berlin_offset(unix: i64) -> i64 {
    let (y, _, _) = ymd(unix);
    let last_sunday = |m: u32| {
        let last = days_from_civil(y, m, 31);
        // 1970-01-01 was a Thursday: (day + 4) mod 7 is the weekday with Sunday = 0.
        last - (last + 4).rem_euclid(7)
    };
    let start = last_sunday(3) * 86_400 + 3600;
    let end = last_sunday(10) * 86_400 + 3600;
    if (start..end).contains(&unix) {
        7200
    } else {
        3600
    }
}

/// A wall-clock time in Germany (`2026-12-01T00:00:00`, seconds as if UTC) as a Unix time.
pub fn german_local_to_unix(local: i64) -> i64 {
    // The offset at the UTC instant an hour before: right everywhere but inside the hour the
    // clocks skip or repeat.
    local - berlin_offset(local - 3600)
}

/// `23. November 2026, 02:30 Uhr` in German time.
pub fn german_datetime(unix: i64) -> String {
    let local = unix + berlin_offset(unix);
    let s = local.rem_euclid(86_400);
    format!(
        "{}, {:02}:{:02} Uhr",
        german_date(local),
        s / 3600,
        (s % 3600) / 60
    )
}

#[cfg(test)]
mod berlin_tests {
    use super::*;

    #[test]
    fn german_time_table() {
        for (iso_utc, want) in [
            ("2026-11-23T01:30:00", "23. November 2026, 02:30 Uhr"),
            ("2026-07-01T22:15:00", "2. Juli 2026, 00:15 Uhr"),
            // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
            ("2026-03-29T00:59:00", "29. März 2026, 01:59 Uhr"),
            ("2026-03-29T01:00:00", "29. März 2026, 03:00 Uhr"),
            ("2026-10-25T00:59:00", "25. Oktober 2026, 02:59 Uhr"),
            ("2026-10-25T01:00:00", "25. Oktober 2026, 02:00 Uhr"),
            ("2026-12-31T23:30:00", "1. Januar 2027, 00:30 Uhr"),
        ] {
            assert_eq!(
                parse_iso(iso_utc).map(german_datetime).as_deref(),
                Some(want),
                "{iso_utc}"
            );
        }
        // German midnight of 1 December (winter) is 23:00 UTC; of 1 July (summer) 22:00 UTC.
        for (local, utc) in [
            ("2026-12-01T00:00:00", "2026-11-30T23:00:00"),
            ("2026-07-01T00:00:00", "2026-06-30T22:00:00"),
        ] {
            assert_eq!(
                parse_iso(local).map(german_local_to_unix),
                parse_iso(utc),
                "{local}"
            );
            // And back.
            assert_eq!(parse_iso(utc).map(german_iso).as_deref(), Some(local));
        }
    }
}

/// `2026-12-01T00:00:00` in German time: WordPress's local field beside the UTC `_gmt` one.
pub fn german_iso(unix: i64) -> String {
    iso(unix + berlin_offset(unix))
}

/// `23. November 2026`, the date in German time.
pub fn german_local_date(unix: i64) -> String {
    german_date(unix + berlin_offset(unix))
}

/// The clock a REST date without a zone was read on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// The site's time, German time: WordPress's local fields (`date`, `date_expires`, `after`).
    German,
    /// UTC: the `_gmt` fields, and filters with `dates_are_gmt=true`.
    Utc,
}

/// A date as WordPress and WooCommerce take it over REST: `2026-12-01T10:00:00`, the `T` or
/// a space, optional fractional seconds, and an optional zone (`Z`, `+01:00`, `+0100`, `-05`);
/// a date alone is its midnight. With a zone it is that moment; without one, a wall-clock time
/// on `clock`. `None` for anything else.
pub fn parse_moment(s: &str, clock: Clock) -> Option<i64> {
    let s = s.trim();
    let (date, time) = match s.get(10..11) {
        Some("T" | "t" | " ") => (&s[..10], &s[11..]),
        _ if s.len() == 10 => (s, "00:00:00"),
        _ => return None,
    };
    let (time, offset) = match time.find(['Z', 'z', '+', '-']) {
        Some(at) => (&time[..at], Some(zone_offset(&time[at..])?)),
        None => (time, None),
    };
    // Fractions of a second are dropped (Laden keeps whole seconds).
    let time = match time.split_once('.') {
        Some((whole, fraction))
            if !fraction.is_empty() && fraction.bytes().all(|b| b.is_ascii_digit()) =>
        {
            whole
        }
        Some(_) => return None,
        None => time,
    };
    let naive = parse_iso(&format!("{date}T{time}"))?;
    Some(match (offset, clock) {
        (Some(offset), _) => naive - offset,
        (None, Clock::German) => german_local_to_unix(naive),
        (None, Clock::Utc) => naive,
    })
}

/// `Z`, `+01:00`, `+0100` or `-05` → the zone's offset east of UTC, in seconds.
fn zone_offset(zone: &str) -> Option<i64> {
    if zone.eq_ignore_ascii_case("z") {
        return Some(0);
    }
    let (sign, digits) = match zone.split_at_checked(1)? {
        ("+", rest) => (1, rest),
        ("-", rest) => (-1, rest),
        _ => return None,
    };
    let digits = digits.replacen(':', "", 1);
    if !matches!(digits.len(), 2 | 4) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hours: i64 = digits[..2].parse().ok()?;
    let minutes: i64 = digits
        .get(2..)
        .filter(|m| !m.is_empty())
        .map_or(Some(0), |m| m.parse().ok())?;
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 3600 + minutes * 60))
}

/// The site's current offset from UTC in hours, as WordPress's `gmt_offset` gives it (1 in
/// winter, 2 in summer).
pub fn gmt_offset_hours(unix: i64) -> i64 {
    berlin_offset(unix) / 3600
}

/// Today's day number in German time.
pub fn german_today() -> i64 {
    german_day(now())
}

/// A moment's (year, month, day) in German time.
pub fn german_ymd(unix: i64) -> (i64, u32, u32) {
    ymd(unix + berlin_offset(unix))
}

/// The day number of a moment in German time.
pub fn german_day(unix: i64) -> i64 {
    (unix + berlin_offset(unix)).div_euclid(86_400)
}

/// The moment German day `day` (a day number) begins.
pub fn german_day_start(day: i64) -> i64 {
    german_local_to_unix(day * 86_400)
}

#[cfg(test)]
mod moment_tests {
    use super::*;

    #[test]
    fn rest_dates_on_either_clock_or_with_their_zone() {
        let utc = |s: &str| parse_iso(s).unwrap_or(i64::MIN);
        for (input, clock, want) in [
            // No zone: German time (winter +1, summer +2) or UTC.
            (
                "2026-12-01T00:00:00",
                Clock::German,
                Some(utc("2026-11-30T23:00:00")),
            ),
            (
                "2026-07-01T00:00:00",
                Clock::German,
                Some(utc("2026-06-30T22:00:00")),
            ),
            (
                "2026-12-01T00:00:00",
                Clock::Utc,
                Some(utc("2026-12-01T00:00:00")),
            ),
            (
                "2026-12-01",
                Clock::German,
                Some(utc("2026-11-30T23:00:00")),
            ),
            (
                "2026-12-01 10:30:00",
                Clock::Utc,
                Some(utc("2026-12-01T10:30:00")),
            ),
            (
                "2026-12-01T10:30",
                Clock::Utc,
                Some(utc("2026-12-01T10:30:00")),
            ),
            // A zone names the moment, whatever the clock.
            (
                "2026-12-01T10:00:00Z",
                Clock::German,
                Some(utc("2026-12-01T10:00:00")),
            ),
            (
                "2026-12-01T10:00:00+00:00",
                Clock::German,
                Some(utc("2026-12-01T10:00:00")),
            ),
            (
                "2026-12-01T10:00:00+01:00",
                Clock::Utc,
                Some(utc("2026-12-01T09:00:00")),
            ),
            (
                "2026-12-01T10:00:00+0530",
                Clock::Utc,
                Some(utc("2026-12-01T04:30:00")),
            ),
            (
                "2026-12-01T10:00:00-05",
                Clock::German,
                Some(utc("2026-12-01T15:00:00")),
            ),
            (
                "2026-12-01T10:00:00.123Z",
                Clock::Utc,
                Some(utc("2026-12-01T10:00:00")),
            ),
            (
                "2026-12-01T10:00:00.5",
                Clock::Utc,
                Some(utc("2026-12-01T10:00:00")),
            ),
            // Not dates.
            ("", Clock::Utc, None),
            ("gestern", Clock::German, None),
            ("2026-12-01T10:00:00+1", Clock::Utc, None),
            ("2026-12-01T10:00:00+25:00", Clock::Utc, None),
            ("2026-12-01T10:00:00.", Clock::Utc, None),
            ("2026-12-01T10:00:00Zulu", Clock::Utc, None),
            ("2026-12-01X10:00:00", Clock::Utc, None),
            ("2026-13-01T10:00:00", Clock::Utc, None),
        ] {
            assert_eq!(parse_moment(input, clock), want, "{input} {clock:?}");
        }
        // What `german_iso` writes reads back on the German clock.
        for unix in [1_795_292_100, 1_782_864_000, 1_798_759_800] {
            assert_eq!(parse_moment(&german_iso(unix), Clock::German), Some(unix));
        }
    }

    #[test]
    fn german_days() {
        let utc = |s: &str| parse_iso(s).unwrap_or(i64::MIN);
        // 23:30 UTC on 30 November is 1 December in Germany; its day starts at 23:00 UTC.
        let late = utc("2026-11-30T23:30:00");
        let first = day_number(2026, 12, 1);
        assert_eq!(german_day(late), first);
        assert_eq!(german_day_start(first), utc("2026-11-30T23:00:00"));
        assert_eq!(german_day(german_day_start(first)), first);
        assert_eq!(german_day(german_day_start(first) - 1), first - 1);
        // A summer day starts at 22:00 UTC.
        assert_eq!(
            german_day_start(day_number(2026, 7, 1)),
            utc("2026-06-30T22:00:00")
        );
        assert_eq!(gmt_offset_hours(late), 1);
        assert_eq!(gmt_offset_hours(utc("2026-07-01T12:00:00")), 2);
    }
}
