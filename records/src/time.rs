//! Time controls (持ち時間): KIF's Japanese text, CSA V2.2's `$TIME_LIMIT` and CSA V3.0's `$TIME`,
//! read into one type and written in each format's form.

use std::fmt::Write as _;

/// A time control: the main time, the byoyomi (秒読み: the time each move may take once the main
/// time is spent) and the Fischer increment (加算: added after each move), in milliseconds.
///
/// ```
/// use hayanagi_records::TimeControl;
/// let tc = TimeControl::parse("10分+30秒").unwrap();
/// assert_eq!(tc, TimeControl { main_ms: 600_000, byoyomi_ms: 30_000, increment_ms: 0 });
/// assert_eq!(TimeControl::parse("00:10+30"), Some(tc)); // CSA V2.2 $TIME_LIMIT
/// assert_eq!(TimeControl::parse("600+30+0"), Some(tc)); // CSA V3.0 $TIME
/// assert_eq!((tc.kif(), tc.csa_time_limit(), tc.csa_time()), ("10分+30秒".into(), Some("00:10+30".into()), "600+30+0".into()));
/// let fischer = TimeControl::parse("5分+10秒加算").unwrap();
/// assert_eq!((fischer.increment_ms, fischer.csa_time_limit(), fischer.csa_time()), (10_000, None, "300+0+10".into()));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// The main time (持ち時間), per side.
    pub main_ms: u64,
    /// The byoyomi (秒読み), 0 for none.
    pub byoyomi_ms: u64,
    /// The Fischer increment (加算), 0 for none.
    pub increment_ms: u64,
}

/// Seconds with an optional fraction of up to 3 digits (`600`, `1.5`), in milliseconds.
fn seconds(text: &str) -> Option<u64> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() || whole.len() > 12 || fraction.len() > 3 || text.ends_with('.') {
        return None;
    }
    if !whole.bytes().chain(fraction.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms = if fraction.is_empty() { 0 } else { format!("{fraction:0<3}").parse::<u64>().ok()? };
    whole.parse::<u64>().ok()?.checked_mul(1000)?.checked_add(ms)
}

/// ASCII digits for full-width ones, and the ＋ sign.
fn ascii(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
            '＋' => '+',
            '：' => ':',
            c => c,
        })
        .collect()
}

/// A duration in Japanese units (`1時間30分`, `30秒`, `10分`); the rest of the text after it.
fn japanese(text: &str) -> Option<(u64, &str)> {
    let mut rest = text;
    let mut total: u64 = 0;
    let mut any = false;
    loop {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits > 9 {
            break;
        }
        let n: u64 = rest[..digits].parse().ok()?;
        let after = &rest[digits..];
        let (unit, len) = if let Some(r) = after.strip_prefix("時間") {
            (3_600_000, after.len() - r.len())
        } else if let Some(r) = after.strip_prefix('分') {
            (60_000, after.len() - r.len())
        } else if let Some(r) = after.strip_prefix('秒') {
            (1000, after.len() - r.len())
        } else {
            return None;
        };
        total = total.checked_add(n.checked_mul(unit)?)?;
        rest = &after[len..];
        any = true;
    }
    any.then_some((total, rest))
}

impl TimeControl {
    /// Reads a time control in any of the forms records use: KIF's Japanese text (`10分+30秒`,
    /// `各1時間`, `5分+10秒加算`, `10分切れ負け`, `10分秒読み30秒`), CSA V2.2's `$TIME_LIMIT` value
    /// (`00:25+00`: hours:minutes + byoyomi seconds) or CSA V3.0's `$TIME` value (`600+10+0`:
    /// seconds of main time, byoyomi and increment, fractions allowed). `None` for other text.
    #[must_use]
    pub fn parse(text: &str) -> Option<TimeControl> {
        let text = ascii(text);
        let text = text.trim_matches([' ', '\u{3000}', '\t']);
        let text = text.strip_prefix('各').unwrap_or(text);
        let parts: Vec<&str> = text.split('+').collect();
        // CSA V3.0: three numbers of seconds.
        if let [main, byoyomi, increment] = parts[..]
            && let (Some(main_ms), Some(byoyomi_ms), Some(increment_ms)) =
                (seconds(main), seconds(byoyomi), seconds(increment))
        {
            return Some(TimeControl { main_ms, byoyomi_ms, increment_ms });
        }
        // CSA V2.2: HH:MM+SS.
        if let [main, byoyomi] = parts[..]
            && let Some((h, m)) = main.split_once(':')
        {
            let number = |s: &str| {
                (!s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit()))
                    .then(|| s.parse::<u64>().ok())
                    .flatten()
            };
            let (h, m, s) = (number(h)?, number(m)?, number(byoyomi)?);
            return Some(TimeControl { main_ms: (h * 60 + m) * 60_000, byoyomi_ms: s * 1000, increment_ms: 0 });
        }
        // Japanese.
        let (main_ms, rest) = japanese(text)?;
        let mut tc = TimeControl { main_ms, ..TimeControl::default() };
        let rest = rest.trim_start_matches(['、', ' ', '\u{3000}']);
        if rest.is_empty() || rest == "切れ負け" {
            return Some(tc);
        }
        let (extra, increment) = if let Some(r) = rest.strip_prefix("秒読み") {
            (r, false)
        } else if let Some(r) = rest.strip_prefix("フィッシャー") {
            (r, true)
        } else {
            (rest.strip_prefix('+')?, false)
        };
        let (ms, rest) = japanese(extra)?;
        match rest {
            "" if !increment => tc.byoyomi_ms = ms,
            "" | "加算" => tc.increment_ms = ms,
            _ => return None,
        }
        Some(tc)
    }

    /// The KIF text (`10分+30秒`, `1時間+0秒`, `5分+10秒加算` for an increment).
    #[must_use]
    pub fn kif(&self) -> String {
        let mut out = duration(self.main_ms);
        if self.increment_ms > 0 {
            let _ = write!(out, "+{}加算", duration(self.increment_ms));
        } else {
            let _ = write!(out, "+{}", duration(self.byoyomi_ms));
        }
        out
    }

    /// The CSA V2.2 `$TIME_LIMIT` value (`00:25+00`), when this control has one: whole minutes,
    /// whole seconds of byoyomi and no increment.
    #[must_use]
    pub fn csa_time_limit(&self) -> Option<String> {
        if self.increment_ms > 0 || !self.main_ms.is_multiple_of(60_000) || !self.byoyomi_ms.is_multiple_of(1000) {
            return None;
        }
        let minutes = self.main_ms / 60_000;
        Some(format!("{:02}:{:02}+{:02}", minutes / 60, minutes % 60, self.byoyomi_ms / 1000))
    }

    /// The CSA V3.0 `$TIME` value: seconds of main time, byoyomi and increment (`600+30+0`).
    #[must_use]
    pub fn csa_time(&self) -> String {
        format!(
            "{}+{}+{}",
            crate::csa::time(self.main_ms),
            crate::csa::time(self.byoyomi_ms),
            crate::csa::time(self.increment_ms)
        )
    }
}

/// `1時間30分`, `10分`, `30秒`, `0秒`; a fraction of a second in seconds with 3 digits.
fn duration(ms: u64) -> String {
    let (h, m) = (ms / 3_600_000, ms / 60_000 % 60);
    let rest = ms % 60_000;
    let mut out = String::new();
    if h > 0 {
        let _ = write!(out, "{h}時間");
    }
    if m > 0 {
        let _ = write!(out, "{m}分");
    }
    if rest > 0 || out.is_empty() {
        let _ = write!(out, "{}秒", crate::csa::time(rest));
    }
    out
}
