//! WordPress's XML sitemaps (`/wp-sitemap.xml`, since WordPress 5.5) and its virtual
//! `robots.txt`, so a shop moved from WordPress keeps the sitemap its search consoles know:
//! the index names one file per kind and page (`/wp-sitemap-posts-product-1.xml`), each with at
//! most [`MAX_URLS`] links.

use crate::text::escape_markup as escape;

/// Links per sitemap file (WordPress's `wp_sitemaps_get_max_urls`).
pub const MAX_URLS: i64 = 2000;

/// What a sitemap file lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Pages,
    Products,
    Categories,
    Tags,
}

impl Part {
    /// In the index's order.
    pub const ALL: [Part; 4] = [Part::Pages, Part::Products, Part::Categories, Part::Tags];

    /// WordPress's name: the provider and the object's subtype.
    fn name(self) -> &'static str {
        match self {
            Part::Pages => "posts-page",
            Part::Products => "posts-product",
            Part::Categories => "taxonomies-product_cat",
            Part::Tags => "taxonomies-product_tag",
        }
    }

    /// The file's path: `/wp-sitemap-posts-product-2.xml`.
    pub fn path(self, page: i64) -> String {
        format!("/wp-sitemap-{}-{page}.xml", self.name())
    }
}

/// The part and page a sitemap file's path names (`/wp-sitemap-posts-product-2.xml`).
pub fn parse_path(path: &str) -> Option<(Part, i64)> {
    let name = path.strip_prefix("/wp-sitemap-")?.strip_suffix(".xml")?;
    let (kind, page) = name.rsplit_once('-')?;
    let page: i64 = page
        .parse()
        .ok()
        .filter(|n| *n >= 1 && page.bytes().all(|b| b.is_ascii_digit()))?;
    Part::ALL
        .into_iter()
        .find(|p| p.name() == kind)
        .map(|p| (p, page))
}

/// Which rows of a part file `page` lists: `(offset, limit)`. The pages' first file starts with
/// the shop page, so their rows run one behind.
pub fn rows(part: Part, page: i64) -> (i64, i64) {
    let start = (page.max(1) - 1) * MAX_URLS;
    match part {
        Part::Pages if page <= 1 => (0, MAX_URLS - 1),
        Part::Pages => (start - 1, MAX_URLS),
        _ => (start, MAX_URLS),
    }
}

/// How many files `count` links take (none for none).
pub fn pages_for(count: i64) -> i64 {
    (count.max(0) + MAX_URLS - 1) / MAX_URLS
}

/// A link and when what it shows last changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Url {
    pub loc: String,
    pub lastmod: Option<i64>,
}

/// The index: one `<sitemap>` per file of each part (`site` without its trailing slash).
pub fn index_xml(site: &str, parts: &[(Part, i64)]) -> String {
    let mut out = String::from(HEAD);
    out.push_str("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
    for (part, pages) in parts {
        for page in 1..=*pages {
            out.push_str("<sitemap><loc>");
            out.push_str(&escape(&format!("{site}{}", part.path(page))));
            out.push_str("</loc></sitemap>");
        }
    }
    out.push_str("</sitemapindex>\n");
    out
}

/// One file's links.
pub fn urlset_xml(urls: &[Url]) -> String {
    let mut out = String::from(HEAD);
    out.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">");
    for u in urls {
        out.push_str("<url><loc>");
        out.push_str(&escape(&u.loc));
        out.push_str("</loc>");
        if let Some(t) = u.lastmod {
            // W3C datetime, UTC.
            out.push_str(&format!(
                "<lastmod>{}+00:00</lastmod>",
                crate::dates::iso(t)
            ));
        }
        out.push_str("</url>");
    }
    out.push_str("</urlset>\n");
    out
}

/// WordPress's virtual `robots.txt`: for a public site with its sitemap; for one that
/// discourages search engines (`public` false), everything disallowed and no sitemap.
pub fn robots_txt(site: &str, public: bool) -> String {
    if !public {
        return "User-agent: *\nDisallow: /\n".to_owned();
    }
    format!(
        "User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: {site}/wp-sitemap.xml\n"
    )
}

const HEAD: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names() {
        for (path, want) in [
            ("/wp-sitemap-posts-page-1.xml", Some((Part::Pages, 1))),
            (
                "/wp-sitemap-posts-product-12.xml",
                Some((Part::Products, 12)),
            ),
            (
                "/wp-sitemap-taxonomies-product_cat-1.xml",
                Some((Part::Categories, 1)),
            ),
            (
                "/wp-sitemap-taxonomies-product_tag-2.xml",
                Some((Part::Tags, 2)),
            ),
            ("/wp-sitemap-posts-product-0.xml", None),
            ("/wp-sitemap-posts-product-+1.xml", None),
            ("/wp-sitemap-posts-post-1.xml", None),
            ("/wp-sitemap-users-1.xml", None),
            ("/wp-sitemap.xml", None),
            ("/wp-sitemap-posts-product-1.xml.gz", None),
        ] {
            assert_eq!(parse_path(path), want, "{path}");
        }
        for part in Part::ALL {
            assert_eq!(parse_path(&part.path(3)), Some((part, 3)));
        }
        // Every row once: the pages' first file holds the shop page and 1,999 rows.
        for (part, page, want) in [
            (Part::Products, 1, (0, 2000)),
            (Part::Products, 3, (4000, 2000)),
            (Part::Pages, 1, (0, 1999)),
            (Part::Pages, 2, (1999, 2000)),
            (Part::Pages, 3, (3999, 2000)),
        ] {
            assert_eq!(rows(part, page), want, "{part:?} {page}");
        }
        for (count, pages) in [(0, 0), (1, 1), (2000, 1), (2001, 2), (10_000, 5)] {
            assert_eq!(pages_for(count), pages, "{count}");
        }
    }

    #[test]
    fn xml() {
        assert_eq!(
            index_xml("https://shop.example.de", &[(Part::Pages, 1), (Part::Products, 2), (Part::Tags, 0)]),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
             <sitemap><loc>https://shop.example.de/wp-sitemap-posts-page-1.xml</loc></sitemap>\
             <sitemap><loc>https://shop.example.de/wp-sitemap-posts-product-1.xml</loc></sitemap>\
             <sitemap><loc>https://shop.example.de/wp-sitemap-posts-product-2.xml</loc></sitemap>\
             </sitemapindex>\n"
        );
        assert_eq!(
            urlset_xml(&[
                Url { loc: "https://shop.example.de/produkt/a&b/".into(), lastmod: Some(1_795_292_100) },
                Url { loc: "https://shop.example.de/".into(), lastmod: None },
            ]),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\
             <url><loc>https://shop.example.de/produkt/a&amp;b/</loc><lastmod>2026-11-21T20:15:00+00:00</lastmod></url>\
             <url><loc>https://shop.example.de/</loc></url>\
             </urlset>\n"
        );
        assert!(robots_txt("https://shop.example.de", true)
            .ends_with("\nSitemap: https://shop.example.de/wp-sitemap.xml\n"));
        assert_eq!(
            robots_txt("https://shop.example.de", false),
            "User-agent: *\nDisallow: /\n"
        );
    }
}
