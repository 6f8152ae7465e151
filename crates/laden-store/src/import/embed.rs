//! Attached media HTML and gallery media URLs: only `<video>`, `<source>` and allow-listed iframes.

/// Video embeds the gallery may show in an iframe.
const EMBED_ALLOW_LIST: [&str; 3] = [
    "https://www.youtube-nocookie.com/embed/",
    "https://www.youtube.com/embed/",
    "https://player.vimeo.com/video/",
];

/// Attached media HTML keeps only `<video>`, `<source>` and allow-listed
/// `<iframe>`s. A bare URL (the gallery uses it as the video's or iframe's
/// source) stays only when it is a path on this site, an allow-listed embed
/// or an http(s) video file; anything else becomes empty.
pub fn sanitize_embed(html: &str) -> String {
    let trimmed = html.trim();
    if !trimmed.is_empty() && !trimmed.starts_with('<') {
        let plain = !trimmed.chars().any(|c| {
            c.is_whitespace() || c.is_control() || matches!(c, '"' | '\'' | '<' | '>' | '\\')
        });
        let local = trimmed.starts_with('/') && !trimmed.starts_with("//");
        let lower = trimmed.to_ascii_lowercase();
        let video_file = (lower.starts_with("https://") || lower.starts_with("http://"))
            && [".mp4", ".webm", ".ogg", ".ogv", ".mov", ".m4v"]
                .iter()
                .any(|ext| {
                    lower
                        .split(['?', '#'])
                        .next()
                        .is_some_and(|p| p.ends_with(ext))
                });
        let embed = EMBED_ALLOW_LIST.iter().any(|p| trimmed.starts_with(p));
        return if plain && (local || video_file || embed) {
            trimmed.to_owned()
        } else {
            String::new()
        };
    }
    let mut b = ammonia::Builder::default();
    b.add_tags(["iframe", "video", "source"])
        .add_tag_attributes(
            "iframe",
            [
                "src",
                "width",
                "height",
                "allow",
                "allowfullscreen",
                "title",
                "loading",
            ],
        )
        .add_tag_attributes(
            "video",
            [
                "src",
                "poster",
                "controls",
                "muted",
                "loop",
                "playsinline",
                "autoplay",
                "width",
                "height",
                "preload",
            ],
        )
        .add_tag_attributes("source", ["src", "type"])
        .attribute_filter(|el, attr, value| {
            if el == "iframe" && attr == "src" {
                if EMBED_ALLOW_LIST.iter().any(|p| value.starts_with(p))
                    || (value.starts_with('/') && !value.starts_with("//"))
                {
                    return Some(value.into());
                }
                return None;
            }
            Some(value.into())
        });
    b.clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embeds_only_from_allowed_hosts() {
        let ok =
            sanitize_embed(r#"<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>"#);
        assert!(ok.contains("youtube-nocookie.com/embed/abc"), "{ok}");
        let bad = sanitize_embed(
            r#"<iframe src="https://evil.example/x"></iframe><script>alert(1)</script>"#,
        );
        assert!(
            !bad.contains("evil.example") && !bad.contains("script"),
            "{bad}"
        );
    }

    #[test]
    fn bare_media_urls_are_kept_only_when_safe() {
        let cases = [
            ("/uploads/2026/11/roestung.mp4", true),
            ("https://cdn.example.de/film.webm?v=2", true),
            ("https://www.youtube-nocookie.com/embed/abc", true),
            ("  https://player.vimeo.com/video/42 ", true),
            ("javascript:alert(1)", false),
            ("JaVaScRiPt:alert(1)//.mp4", false),
            ("data:text/html,<b>x</b>", false),
            ("//evil.example/x.mp4", false),
            ("https://evil.example/page", false),
            ("https://evil.example/x.mp4\" onerror=\"alert(1)", false),
        ];
        for (input, kept) in cases {
            let out = sanitize_embed(input);
            assert_eq!(!out.is_empty(), kept, "{input} -> {out}");
        }
    }
}
