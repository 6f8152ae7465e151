//! The links a shop had on WooCommerce, which Laden answers with a 301 to its own (so a moved
//! shop keeps its visitors' bookmarks and its place in search engines): WooCommerce's English
//! and German permalink bases, nested category paths, a product under a shop base with its
//! categories, WordPress's plain links (`?p=`, `?page_id=`, `?product=`, `?s=`, …), and a slug a
//! product, category or page had before staff changed it.
//!
//! This module only reads a path or query; whether the thing exists, and its canonical link,
//! is the caller's to find.

/// What an old link names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Legacy {
    /// A product by its slug.
    Product(String),
    /// A product category by its slug, and the listing's page (`None`: the first).
    Category(String, Option<u32>),
    /// A product tag by its slug, and the listing's page.
    Tag(String, Option<u32>),
    /// A page by a slug it may have had (`/ueber-uns/`).
    Page(String),
    /// WooCommerce's pages under their English slugs.
    Cart,
    Checkout,
    Account,
    /// The account's "lost password" endpoint (`/my-account/lost-password/`).
    LostPassword,
    /// The account's orders (`/my-account/orders/`), and one of them by number
    /// (`/my-account/view-order/42/`).
    Orders,
    ViewOrder(i64),
    /// The account's details (`/my-account/edit-account/`).
    EditAccount,
    /// The account's addresses (`/my-account/edit-address/`, `…/billing/`, `…/shipping/`).
    EditAddress,
    /// A post or product by id (`?p=`), as WordPress's short links give it.
    PostId(i64),
    /// A page by id (`?page_id=`).
    PageId(i64),
    /// WordPress's search (`?s=`, with `post_type=product` WooCommerce's): the words.
    Search(String),
    /// A feed asked the old way (`/product-category/kaffee/feed/`, `/?feed=rss2`,
    /// `/?product_cat=kaffee&feed=rss2`): a category's by its slug, else the shop's.
    Feed(Option<String>),
}

/// Bases under which WooCommerce puts products (English and German defaults, and the shop page
/// as base, with or without categories before the product).
const PRODUCT_BASES: &[&str] = &["product", "produkt", "shop"];
const CATEGORY_BASES: &[&str] = &["product-category", "produkt-kategorie"];
const TAG_BASES: &[&str] = &["product-tag", "produkt-schlagwort"];

/// What an old path (`/product/kaffee/`, `/produkt-kategorie/kaffee/espresso/page/2/`) names,
/// or `None` for a path WooCommerce did not make.
pub fn legacy_path(path: &str) -> Option<Legacy> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let (base, rest) = segments.split_first()?;
    match (*base, rest) {
        ("cart", []) => return Some(Legacy::Cart),
        ("checkout", []) => return Some(Legacy::Checkout),
        ("my-account", []) => return Some(Legacy::Account),
        ("my-account" | "mein-konto", ["lost-password"]) => return Some(Legacy::LostPassword),
        ("my-account" | "mein-konto", ["orders"]) => return Some(Legacy::Orders),
        ("my-account" | "mein-konto", ["edit-account"]) => return Some(Legacy::EditAccount),
        (
            "my-account" | "mein-konto",
            ["edit-address"] | ["edit-address", "billing" | "shipping"],
        ) => return Some(Legacy::EditAddress),
        ("my-account" | "mein-konto", ["view-order", n]) => {
            return n.parse().ok().filter(|n| *n > 0).map(Legacy::ViewOrder)
        }
        (slug, []) if slug_like(slug) => return Some(Legacy::Page((*slug).to_owned())),
        _ => {}
    }
    // A category's feed: `…/kaffee/feed/`, `…/kaffee/feed/rss2/`.
    if let [head @ .., "feed"] | [head @ .., "feed", "rss2"] = rest {
        let slug = head.last().filter(|s| slug_like(s))?;
        return CATEGORY_BASES
            .contains(base)
            .then(|| Legacy::Feed(Some((*slug).to_owned())));
    }
    // A listing's page: `…/page/2/`.
    let (rest, page) = match rest {
        [head @ .., "page", n] if !head.is_empty() => (head, Some(n.parse::<u32>().ok()?)),
        _ => (rest, None),
    };
    let last = rest.last().filter(|s| slug_like(s))?.to_string();
    if CATEGORY_BASES.contains(base) {
        Some(Legacy::Category(last, page))
    } else if TAG_BASES.contains(base) {
        (rest.len() == 1).then_some(Legacy::Tag(last, page))
    } else if PRODUCT_BASES.contains(base) && page.is_none() {
        Some(Legacy::Product(last))
    } else {
        None
    }
}

/// What WordPress's plain link (the home page with `p`, `page_id`, `product`, `product_cat`,
/// `product_tag`, `s` or `feed`, decoded) names, with the pairs it did not use (kept on the
/// redirect).
pub fn legacy_query(pairs: &[(String, String)]) -> Option<(Legacy, Vec<(String, String)>)> {
    let id = |v: &str| v.trim().parse::<i64>().ok().filter(|n| *n > 0);
    // WordPress's RSS feeds (`feed=rss2`, and its older names); alone the shop's, with
    // `product_cat` the category's.
    let feed = pairs
        .iter()
        .any(|(k, v)| k == "feed" && matches!(v.as_str(), "rss2" | "rss" | "feed"));
    let found = pairs.iter().find_map(|(k, v)| match k.as_str() {
        "p" => id(v).map(Legacy::PostId),
        "page_id" => id(v).map(Legacy::PageId),
        "product" if slug_like(v) => Some(Legacy::Product(v.clone())),
        "product_cat" if slug_like(v) => Some(Legacy::Category(v.clone(), None)),
        "product_tag" if slug_like(v) => Some(Legacy::Tag(v.clone(), None)),
        "s" if !v.trim().is_empty() => Some(Legacy::Search(v.trim().to_owned())),
        _ => None,
    });
    let found = match found {
        Some(Legacy::Category(slug, None)) if feed => Legacy::Feed(Some(slug)),
        None if feed => Legacy::Feed(None),
        other => other?,
    };
    // `post_type` goes with `p`; `paged` is the listing's page, read here.
    let used = [
        "p",
        "page_id",
        "product",
        "product_cat",
        "product_tag",
        "post_type",
        "paged",
        "s",
        "feed",
    ];
    let page = pairs
        .iter()
        .find(|(k, _)| k == "paged")
        .and_then(|(_, v)| v.parse::<u32>().ok())
        .filter(|n| *n > 1);
    let found = match found {
        Legacy::Category(slug, None) => Legacy::Category(slug, page),
        Legacy::Tag(slug, None) => Legacy::Tag(slug, page),
        other => other,
    };
    let rest = pairs
        .iter()
        .filter(|(k, _)| !used.contains(&k.as_str()))
        .cloned()
        .collect();
    Some((found, rest))
}

/// Whether a query is WooCommerce's add-to-cart link (`add-to-cart=42`): the cart page adds it.
pub fn adds_to_cart(query: &str) -> bool {
    query.split('&').any(|pair| {
        pair.strip_prefix("add-to-cart=")
            .is_some_and(|v| !v.is_empty())
    })
}

/// A slug as WordPress makes them: lower-case letters, digits and dashes (percent-encoded
/// letters allowed, as WordPress keeps non-ASCII slugs).
fn slug_like(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 200
        && s.bytes().all(|b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || matches!(b, b'-' | b'_' | b'%')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(s: &str) -> Option<Legacy> {
        Some(Legacy::Product(s.to_owned()))
    }

    #[test]
    fn old_paths() {
        let category = |s: &str, page| Some(Legacy::Category(s.to_owned(), page));
        let tag = |s: &str, page| Some(Legacy::Tag(s.to_owned(), page));
        for (path, want) in [
            ("/product/espresso-bohne/", product("espresso-bohne")),
            ("/product/espresso-bohne", product("espresso-bohne")),
            (
                "/shop/kaffee/espresso/espresso-bohne/",
                product("espresso-bohne"),
            ),
            ("/produkt/kaffee/espresso-bohne/", product("espresso-bohne")),
            ("/product-category/kaffee/", category("kaffee", None)),
            (
                "/product-category/kaffee/espresso/",
                category("espresso", None),
            ),
            (
                "/produkt-kategorie/kaffee/espresso/",
                category("espresso", None),
            ),
            (
                "/produkt-kategorie/kaffee/espresso/page/3/",
                category("espresso", Some(3)),
            ),
            (
                "/product-category/kaffee/page/2/",
                category("kaffee", Some(2)),
            ),
            ("/product-tag/bio/", tag("bio", None)),
            ("/product-tag/bio/page/2/", tag("bio", Some(2))),
            ("/cart/", Some(Legacy::Cart)),
            ("/checkout/", Some(Legacy::Checkout)),
            ("/my-account/", Some(Legacy::Account)),
            ("/my-account/lost-password/", Some(Legacy::LostPassword)),
            ("/mein-konto/lost-password/", Some(Legacy::LostPassword)),
            ("/my-account/orders/", Some(Legacy::Orders)),
            ("/mein-konto/orders/", Some(Legacy::Orders)),
            ("/my-account/view-order/42/", Some(Legacy::ViewOrder(42))),
            ("/mein-konto/view-order/7", Some(Legacy::ViewOrder(7))),
            ("/my-account/view-order/x/", None),
            ("/my-account/view-order/0/", None),
            ("/my-account/edit-account/", Some(Legacy::EditAccount)),
            ("/mein-konto/edit-account/", Some(Legacy::EditAccount)),
            ("/my-account/edit-address/", Some(Legacy::EditAddress)),
            (
                "/my-account/edit-address/shipping/",
                Some(Legacy::EditAddress),
            ),
            (
                "/mein-konto/edit-address/billing/",
                Some(Legacy::EditAddress),
            ),
            ("/my-account/edit-address/elsewhere/", None),
            (
                "/product-category/kaffee/feed/",
                Some(Legacy::Feed(Some("kaffee".into()))),
            ),
            (
                "/produkt-kategorie/kaffee/espresso/feed/rss2/",
                Some(Legacy::Feed(Some("espresso".into()))),
            ),
            ("/product-tag/bio/feed/", None),
            ("/product-category/feed/", None),
            // Not WooCommerce's, or not a slug.
            ("/", None),
            ("/ueber-uns/", Some(Legacy::Page("ueber-uns".into()))),
            ("/product/", Some(Legacy::Page("product".into()))),
            ("/blog/2026/hallo/", None),
            (
                "/product-category/",
                Some(Legacy::Page("product-category".into())),
            ),
            ("/product/Espresso/", None),
            ("/product/a.php/", None),
            ("/product-tag/a/b/", None),
            ("/product-category/kaffee/page/zwei/", None),
            ("/shop/kaffee/page/2/", None),
            ("/checkout/order-received/42/", None),
            ("/cart/extra/", None),
        ] {
            assert_eq!(legacy_path(path), want, "{path}");
        }
    }

    #[test]
    fn add_to_cart_links() {
        for (query, want) in [
            ("add-to-cart=42", true),
            ("utm_source=x&add-to-cart=42&quantity=2", true),
            ("add-to-cart=", false),
            ("no-add-to-cart=42", false),
            ("x=add-to-cart=42", false),
            ("", false),
        ] {
            assert_eq!(adds_to_cart(query), want, "{query}");
        }
    }

    #[test]
    fn plain_links() {
        let pairs = |q: &[(&str, &str)]| -> Vec<(String, String)> {
            q.iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        let kept = |q: &[(&str, &str)]| pairs(q);
        for (query, want) in [
            (pairs(&[("p", "42")]), Some((Legacy::PostId(42), kept(&[])))),
            (
                pairs(&[("post_type", "product"), ("p", "42"), ("utm_source", "x")]),
                Some((Legacy::PostId(42), kept(&[("utm_source", "x")]))),
            ),
            (
                pairs(&[("page_id", "7")]),
                Some((Legacy::PageId(7), kept(&[]))),
            ),
            (
                pairs(&[("product", "espresso-bohne")]),
                Some((Legacy::Product("espresso-bohne".into()), kept(&[]))),
            ),
            (
                pairs(&[("product_cat", "kaffee"), ("paged", "2")]),
                Some((Legacy::Category("kaffee".into(), Some(2)), kept(&[]))),
            ),
            (
                pairs(&[("product_tag", "bio")]),
                Some((Legacy::Tag("bio".into(), None), kept(&[]))),
            ),
            (
                pairs(&[
                    ("s", " Espresso Bohne "),
                    ("post_type", "product"),
                    ("utm_source", "google"),
                ]),
                Some((
                    Legacy::Search("Espresso Bohne".into()),
                    kept(&[("utm_source", "google")]),
                )),
            ),
            (
                pairs(&[("feed", "rss2"), ("utm_source", "reader")]),
                Some((Legacy::Feed(None), kept(&[("utm_source", "reader")]))),
            ),
            (
                pairs(&[("post_type", "product"), ("feed", "rss")]),
                Some((Legacy::Feed(None), kept(&[]))),
            ),
            (
                pairs(&[("product_cat", "kaffee"), ("feed", "rss2")]),
                Some((Legacy::Feed(Some("kaffee".into())), kept(&[]))),
            ),
            (pairs(&[("feed", "atom")]), None),
            (pairs(&[("s", "  ")]), None),
            (pairs(&[("p", "null")]), None),
            (pairs(&[("p", "-3")]), None),
            (pairs(&[("product", "<script>")]), None),
            (pairs(&[("utm_source", "newsletter")]), None),
            (pairs(&[]), None),
        ] {
            assert_eq!(legacy_query(&query), want, "{query:?}");
        }
    }
}
