//! Order attribution (spec §3 "Order attribution"; WooCommerce's contract):
//! the sixteen fields a checkout may carry, their cleaning, the device type
//! and the origin label shown to shop staff.

/// WooCommerce's field names, in its order.
pub const FIELDS: [&str; 16] = [
    "source_type",
    "referrer",
    "utm_campaign",
    "utm_source",
    "utm_medium",
    "utm_content",
    "utm_id",
    "utm_term",
    "utm_source_platform",
    "utm_creative_format",
    "utm_marketing_tactic",
    "session_entry",
    "session_start_time",
    "session_pages",
    "session_count",
    "user_agent",
];

/// The longest value kept per field.
pub const MAX_VALUE_CHARS: usize = 200;

/// A value as WooCommerce's `sanitize_text_field` leaves it: no tags, no
/// control characters, whitespace collapsed, at most [`MAX_VALUE_CHARS`];
/// `None` for empty values and for `(none)`, which is never stored.
pub fn clean_value(raw: &str) -> Option<String> {
    let clean: String = crate::text::sanitize_text_field(raw)
        .chars()
        .take(MAX_VALUE_CHARS)
        .collect();
    (!clean.is_empty() && clean != "(none)").then_some(clean)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceType {
    Mobile,
    Tablet,
    Desktop,
}

impl DeviceType {
    /// From a user agent, as MobileDetect decides the common cases: tablets
    /// first (iPad, Android without "Mobile", tablet keywords), then phones.
    pub fn from_user_agent(ua: &str) -> DeviceType {
        let ua = ua.to_ascii_lowercase();
        let tablet = ua.contains("ipad")
            || ua.contains("tablet")
            || ua.contains("kindle")
            || ua.contains("silk/")
            || ua.contains("playbook")
            || (ua.contains("android") && !ua.contains("mobile"));
        if tablet {
            return DeviceType::Tablet;
        }
        let mobile = [
            "mobile",
            "iphone",
            "ipod",
            "android",
            "blackberry",
            "opera mini",
            "iemobile",
            "windows phone",
            "webos",
        ]
        .iter()
        .any(|k| ua.contains(k));
        if mobile {
            DeviceType::Mobile
        } else {
            DeviceType::Desktop
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            DeviceType::Mobile => "Mobile",
            DeviceType::Tablet => "Tablet",
            DeviceType::Desktop => "Desktop",
        }
    }
}

/// The origin shown to shop staff, as WooCommerce's "Origin" column: an
/// English message id for the catalogue (`Source: %s`, `Organic: %s`,
/// `Referral: %s`, `Direct`, `Mobile app`, `Web admin`, else `Unknown`) and
/// the source filling `%s`, trimmed of `()` and starting upper-case.
pub fn origin(source_type: Option<&str>, utm_source: Option<&str>) -> (&'static str, String) {
    let source = {
        let s = utm_source
            .unwrap_or("")
            .trim_matches(|c| c == '(' || c == ')');
        let mut chars = s.chars();
        match chars.next() {
            Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
            None => String::new(),
        }
    };
    let msgid = match source_type.unwrap_or("") {
        "utm" => "Source: %s",
        "organic" => "Organic: %s",
        "referral" => "Referral: %s",
        "typein" => "Direct",
        "mobile_app" => "Mobile app",
        "admin" => "Web admin",
        _ => "Unknown",
    };
    (msgid, source)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_cleaned_like_sanitize_text_field() {
        let cases: [(&str, Option<&str>); 7] = [
            ("google", Some("google")),
            ("  two   words\n", Some("two words")),
            ("<script>alert(1)</script>x", Some("alert(1)x")),
            ("a\u{0}b", Some("ab")),
            ("(none)", None),
            ("   ", None),
            ("<b></b>", None),
        ];
        for (raw, want) in cases {
            assert_eq!(clean_value(raw).as_deref(), want, "{raw:?}");
        }
        assert_eq!(
            clean_value(&"x".repeat(500)).map(|s| s.len()),
            Some(MAX_VALUE_CHARS)
        );
    }

    #[test]
    fn device_types() {
        let cases = [
            ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148", DeviceType::Mobile),
            ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36", DeviceType::Mobile),
            ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15", DeviceType::Tablet),
            ("Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/120 Safari/537.36", DeviceType::Tablet),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36", DeviceType::Desktop),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15", DeviceType::Desktop),
            ("", DeviceType::Desktop),
        ];
        for (ua, want) in cases {
            assert_eq!(DeviceType::from_user_agent(ua), want, "{ua}");
        }
    }

    #[test]
    fn origin_labels_follow_woocommerce() {
        let cases = [
            (
                Some("utm"),
                Some("newsletter"),
                ("Source: %s", "Newsletter"),
            ),
            (Some("organic"), Some("google"), ("Organic: %s", "Google")),
            (
                Some("referral"),
                Some("kaffee-blog.de"),
                ("Referral: %s", "Kaffee-blog.de"),
            ),
            (Some("typein"), Some("(direct)"), ("Direct", "Direct")),
            (Some("admin"), None, ("Web admin", "")),
            (Some("mobile_app"), None, ("Mobile app", "")),
            (Some("utm"), Some("(none)"), ("Source: %s", "None")),
            (None, None, ("Unknown", "")),
            (Some("weird"), Some("x"), ("Unknown", "X")),
        ];
        for (typ, src, (msgid, source)) in cases {
            assert_eq!(
                origin(typ, src),
                (msgid, source.to_owned()),
                "{typ:?} {src:?}"
            );
        }
    }
}
