//! A moved shop's pictures: WooCommerce's export names each by its full address on the old site
//! (`https://alter-shop.de/wp-content/uploads/2024/05/bild.jpg`), and the owner has a copy of
//! that site's uploads folder. The picture is the file at the path after `uploads/`.

/// The path below the uploads folder that a picture's address names (`2024/05/bild.jpg`, its
/// `%XX` escapes decoded), or `None` when the address names no file below an uploads folder or
/// would leave it (`..`, an absolute or empty part, a NUL or backslash).
pub fn uploads_path(url: &str) -> Option<Vec<String>> {
    let url = url.trim();
    let path = url.split_once("://").map_or(url, |(_, rest)| rest);
    let path = path.split(['?', '#']).next().unwrap_or("");
    let below = path
        .rfind("/wp-content/uploads/")
        .map(|i| &path[i + "/wp-content/uploads/".len()..])
        .or_else(|| {
            path.rfind("/uploads/")
                .map(|i| &path[i + "/uploads/".len()..])
        })?;
    let parts: Option<Vec<String>> = below.split('/').map(percent_decoded).collect();
    let parts = parts?;
    let safe = !parts.is_empty()
        && parts
            .iter()
            .all(|p| !p.is_empty() && p != "." && p != ".." && !p.contains(['\\', '\0']));
    safe.then_some(parts)
}

/// `%XX` escapes decoded; `None` for a broken escape or bytes that are no UTF-8.
fn percent_decoded(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_path_below_uploads() {
        let cases: &[(&str, Option<&[&str]>)] = &[
            (
                "https://alter-shop.de/wp-content/uploads/2024/05/bild.jpg",
                Some(&["2024", "05", "bild.jpg"]),
            ),
            (
                "https://woocommercecore.mystagingwebsite.com/wp-content/uploads/2017/12/hoodie-2.jpg",
                Some(&["2017", "12", "hoodie-2.jpg"]),
            ),
            (
                "http://shop.example/blog/wp-content/uploads/2020/01/K%C3%A4se%20Bild.png?ver=2#x",
                Some(&["2020", "01", "Käse Bild.png"]),
            ),
            ("https://cdn.example/uploads/bild.webp", Some(&["bild.webp"])),
            ("https://alter-shop.de/wp-content/uploads/../../etc/passwd", None),
            ("https://alter-shop.de/wp-content/uploads/2024/%2e%2e/x.jpg", None),
            ("https://alter-shop.de/wp-content/uploads//x.jpg", None),
            ("https://alter-shop.de/wp-content/uploads/2024/a%5Cb.jpg", None),
            ("https://alter-shop.de/wp-content/uploads/", None),
            ("https://alter-shop.de/bilder/x.jpg", None),
            ("https://alter-shop.de/wp-content/uploads/x%zz.jpg", None),
        ];
        for (url, want) in cases {
            let want: Option<Vec<String>> =
                want.map(|w| w.iter().map(|s| (*s).to_owned()).collect());
            assert_eq!(uploads_path(url), want, "{url}");
        }
    }
}
