//! WordPress's RSS 2.0 feeds (`/feed/`, WooCommerce's product feed `/shop/feed/` and a category's
//! `/produkt-kategorie/{slug}/feed/`), so the readers, newsletter tools and aggregators a moved
//! shop's visitors subscribed to keep receiving its new products. Written as WordPress's
//! `feed-rss2.php` writes them: the channel with its own address (`atom:link rel="self"`), and an
//! item per product with its link, a `guid` of WordPress's `?post_type=product&p={id}` form, the
//! date it was published, its categories and its short description.

use crate::text::escape_markup as escape;

/// How many items a feed lists (WordPress's `posts_per_rss` default).
pub const ITEMS: i64 = 10;

/// The feed itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Channel {
    pub title: String,
    /// The page the feed follows (the shop, a category).
    pub link: String,
    /// The feed's own address.
    pub self_link: String,
    pub description: String,
    /// When its newest item last changed (none for no items).
    pub last_build: Option<i64>,
}

/// One product in a feed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub title: String,
    pub link: String,
    /// WordPress's permanent id of the post (`{site}/?post_type=product&p=42`), not a link.
    pub guid: String,
    pub published: i64,
    pub categories: Vec<String>,
    /// Safe HTML, as the shop shows it (escaped into the element as WordPress's excerpt is).
    pub description: String,
}

/// The feed's document: RSS 2.0, German.
pub fn rss_xml(channel: &Channel, items: &[Item]) -> String {
    let mut out = String::with_capacity(512 + items.len() * 512);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel>");
    element(&mut out, "title", &channel.title);
    out.push_str(&format!(
        "<atom:link href=\"{}\" rel=\"self\" type=\"application/rss+xml\"/>",
        escape(&channel.self_link)
    ));
    element(&mut out, "link", &channel.link);
    element(&mut out, "description", &channel.description);
    if let Some(t) = channel.last_build {
        element(&mut out, "lastBuildDate", &rfc822(t));
    }
    out.push_str("<language>de-DE</language>");
    for item in items {
        out.push_str("<item>");
        element(&mut out, "title", &item.title);
        element(&mut out, "link", &item.link);
        element(&mut out, "pubDate", &rfc822(item.published));
        for c in &item.categories {
            element(&mut out, "category", c);
        }
        out.push_str(&format!(
            "<guid isPermaLink=\"false\">{}</guid>",
            escape(&item.guid)
        ));
        element(&mut out, "description", &item.description);
        out.push_str("</item>");
    }
    out.push_str("</channel></rss>\n");
    out
}

/// An RFC 822 date as RSS 2.0 writes it, in UTC: `Tue, 01 Dec 2026 18:24:47 +0000`.
pub fn rfc822(unix: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let day = unix.div_euclid(86_400);
    let (y, m, d) = crate::dates::ymd(unix);
    let s = unix.rem_euclid(86_400);
    format!(
        "{}, {d:02} {} {y:04} {:02}:{:02}:{:02} +0000",
        DAYS[day.rem_euclid(7) as usize],
        MONTHS[(m as usize).saturating_sub(1) % 12],
        s / 3600,
        (s % 3600) / 60,
        s % 60
    )
}

fn element(out: &mut String, name: &str, text: &str) {
    out.push_str(&format!("<{name}>{}</{name}>", escape(text)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_rfc_822_in_utc() {
        for (unix, want) in [
            (0, "Thu, 01 Jan 1970 00:00:00 +0000"),
            (1_796_149_487, "Tue, 01 Dec 2026 18:24:47 +0000"),
            (951_782_400, "Tue, 29 Feb 2000 00:00:00 +0000"),
            (-1, "Wed, 31 Dec 1969 23:59:59 +0000"),
        ] {
            assert_eq!(rfc822(unix), want, "{unix}");
        }
    }

    #[test]
    fn a_feed_as_wordpress_writes_it() {
        let channel = Channel {
            title: "Rösterei & Söhne".into(),
            link: "https://shop.example.de/shop/".into(),
            self_link: "https://shop.example.de/shop/feed/".into(),
            description: "Frisch geröstet".into(),
            last_build: Some(0),
        };
        let items = [Item {
            title: "Espresso <Casa>".into(),
            link: "https://shop.example.de/produkt/espresso-casa/".into(),
            guid: "https://shop.example.de/?post_type=product&p=7".into(),
            published: 0,
            categories: vec!["Kaffee".into(), "Espresso".into()],
            description: "<p>Kräftig\u{7}</p>".into(),
        }];
        assert_eq!(
            rss_xml(&channel, &items),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\"><channel>\
             <title>Rösterei &amp; Söhne</title>\
             <atom:link href=\"https://shop.example.de/shop/feed/\" rel=\"self\" type=\"application/rss+xml\"/>\
             <link>https://shop.example.de/shop/</link><description>Frisch geröstet</description>\
             <lastBuildDate>Thu, 01 Jan 1970 00:00:00 +0000</lastBuildDate><language>de-DE</language>\
             <item><title>Espresso &lt;Casa&gt;</title><link>https://shop.example.de/produkt/espresso-casa/</link>\
             <pubDate>Thu, 01 Jan 1970 00:00:00 +0000</pubDate><category>Kaffee</category><category>Espresso</category>\
             <guid isPermaLink=\"false\">https://shop.example.de/?post_type=product&amp;p=7</guid>\
             <description>&lt;p&gt;Kräftig&lt;/p&gt;</description></item>\
             </channel></rss>\n"
        );
        let empty = Channel {
            last_build: None,
            ..channel
        };
        assert!(!rss_xml(&empty, &[]).contains("lastBuildDate"));
    }
}
