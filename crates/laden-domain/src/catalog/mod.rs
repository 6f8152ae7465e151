//! Where a product shows (WooCommerce's catalogue visibility) and the Store API's product
//! filters as values: parsed from query text, each refusal naming the accepted values. Rooms:
//! the German search (`search.rs`) and the term lists of categories, tags and attribute terms
//! (`term_list.rs`).

pub mod facets;
pub mod search;
pub mod term_list;

use serde::{Deserialize, Serialize};

/// WooCommerce's `catalog_visibility`: in the shop's listings, in search results, both, neither.
/// A product's own page stays reachable by its address whatever this says (as in WooCommerce).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CatalogVisibility {
    /// Shop and search results.
    #[default]
    Visible,
    /// Shop only.
    Catalog,
    /// Search results only.
    Search,
    /// Neither.
    Hidden,
}

impl CatalogVisibility {
    pub const ALL: [CatalogVisibility; 4] = [
        CatalogVisibility::Visible,
        CatalogVisibility::Catalog,
        CatalogVisibility::Search,
        CatalogVisibility::Hidden,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CatalogVisibility::Visible => "visible",
            CatalogVisibility::Catalog => "catalog",
            CatalogVisibility::Search => "search",
            CatalogVisibility::Hidden => "hidden",
        }
    }

    /// WooCommerce's value, or its CSV export's words ("Shop and search results", …, and the
    /// German export's "Shop und Suchergebnisse", …).
    pub fn parse(s: &str) -> Option<CatalogVisibility> {
        let s = s.trim().to_lowercase();
        Some(match s.as_str() {
            "visible" | "shop and search results" | "shop und suchergebnisse" => {
                CatalogVisibility::Visible
            }
            "catalog" | "shop only" | "nur shop" => CatalogVisibility::Catalog,
            "search" | "search results only" | "nur suchergebnisse" => CatalogVisibility::Search,
            "hidden" | "versteckt" => CatalogVisibility::Hidden,
            _ => return None,
        })
    }

    /// Shown in the shop's listings (category pages, the shop page, product widgets).
    pub fn in_listings(self) -> bool {
        matches!(
            self,
            CatalogVisibility::Visible | CatalogVisibility::Catalog
        )
    }

    /// Found by a search.
    pub fn in_search(self) -> bool {
        matches!(self, CatalogVisibility::Visible | CatalogVisibility::Search)
    }
}

/// Which visibilities a product list admits.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum VisibilityFilter {
    /// As the shop shows them: listings without a search term, search results with one.
    #[default]
    Shop,
    /// Every product (`catalog_visibility=any`).
    Any,
    /// WooCommerce's `catalog_visibility=<value>`: `visible` only those in both, `catalog` those in
    /// the listings, `search` those found by search, `hidden` those in neither.
    Only(CatalogVisibility),
}

impl VisibilityFilter {
    /// The Store API's `catalog_visibility` parameter.
    pub fn parse(s: &str) -> Option<VisibilityFilter> {
        if s == "any" {
            return Some(VisibilityFilter::Any);
        }
        CatalogVisibility::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .map(VisibilityFilter::Only)
    }

    /// The visibilities admitted, for a list searched (`searching`) or not.
    pub fn admits(self, searching: bool) -> Vec<CatalogVisibility> {
        CatalogVisibility::ALL
            .into_iter()
            .filter(|v| match self {
                VisibilityFilter::Shop if searching => v.in_search(),
                VisibilityFilter::Shop => v.in_listings(),
                VisibilityFilter::Any => true,
                VisibilityFilter::Only(CatalogVisibility::Visible) => {
                    *v == CatalogVisibility::Visible
                }
                VisibilityFilter::Only(CatalogVisibility::Catalog) => v.in_listings(),
                VisibilityFilter::Only(CatalogVisibility::Search) => v.in_search(),
                VisibilityFilter::Only(CatalogVisibility::Hidden) => {
                    *v == CatalogVisibility::Hidden
                }
            })
            .collect()
    }
}

/// WooCommerce's stock statuses.
pub const STOCK_STATUSES: [&str; 3] = ["instock", "outofstock", "onbackorder"];

/// A list parameter's values (`a,b, c`), empty ones dropped.
pub fn list_values(s: &str) -> Vec<&str> {
    s.split(',')
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .collect()
}

/// `true`/`false` (and `1`/`0`), as WordPress reads a boolean parameter.
pub fn parse_bool(s: &str) -> Option<bool> {
    match s.trim() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// Comma-separated ids (`1,2, 3`); `None` when one is not a whole number ≥ 0.
pub fn parse_ids(s: &str) -> Option<Vec<i64>> {
    list_values(s)
        .into_iter()
        .map(|v| v.parse::<i64>().ok().filter(|n| *n >= 0))
        .collect()
}

/// A price in the currency's smallest unit, as the Store API takes `min_price`/`max_price`.
pub fn parse_minor_units(s: &str) -> Option<i64> {
    s.trim().parse::<i64>().ok().filter(|n| *n >= 0)
}

/// The shop's listing filters as the URL carries them (`?min_price=10&max_price=50&stock=instock&sale=1`,
/// prices in whole euros as WooCommerce's price filter writes them). A shopper's address is never
/// an error: a value that does not fit is left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ListingFilter {
    /// Whole euros.
    pub min_euros: Option<i64>,
    pub max_euros: Option<i64>,
    /// Only products in stock ("nur vorrätige").
    pub in_stock: bool,
    /// Only products on sale ("nur Angebote").
    pub on_sale: bool,
}

impl ListingFilter {
    /// Read from the query's parameters.
    pub fn from_query<'a>(get: impl Fn(&str) -> Option<&'a str>) -> ListingFilter {
        let euros = |key: &str| {
            get(key)
                .and_then(|v| v.trim().parse::<i64>().ok())
                .filter(|n| (0..=1_000_000).contains(n))
        };
        let (mut min, mut max) = (euros("min_price"), euros("max_price"));
        if let (Some(a), Some(b)) = (min, max) {
            if a > b {
                (min, max) = (Some(b), Some(a));
            }
        }
        ListingFilter {
            min_euros: min,
            max_euros: max,
            in_stock: get("stock") == Some("instock"),
            on_sale: get("sale") == Some("1"),
        }
    }

    pub fn is_empty(&self) -> bool {
        *self == ListingFilter::default()
    }

    /// The bounds in cents: from the first cent of `min`, to the last of `max`.
    pub fn cents(&self) -> (Option<i64>, Option<i64>) {
        (
            self.min_euros.map(|e| e * 100),
            self.max_euros.map(|e| e * 100 + 99),
        )
    }

    /// The parameters that carry this filter, in a stable order (for links and cache keys).
    pub fn query_pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        if let Some(m) = self.min_euros {
            out.push(("min_price", m.to_string()));
        }
        if let Some(m) = self.max_euros {
            out.push(("max_price", m.to_string()));
        }
        if self.in_stock {
            out.push(("stock", "instock".to_owned()));
        }
        if self.on_sale {
            out.push(("sale", "1".to_owned()));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use CatalogVisibility::*;

    #[test]
    fn visibility_reads_woocommerce_values_and_export_words() {
        for (input, want) in [
            ("visible", Some(Visible)),
            ("Shop and search results", Some(Visible)),
            ("catalog", Some(Catalog)),
            ("Shop only", Some(Catalog)),
            ("Nur Shop", Some(Catalog)),
            ("search", Some(Search)),
            ("Search results only", Some(Search)),
            ("hidden", Some(Hidden)),
            ("Versteckt", Some(Hidden)),
            ("", None),
            ("public", None),
        ] {
            assert_eq!(CatalogVisibility::parse(input), want, "{input}");
        }
    }

    #[test]
    fn where_each_visibility_shows() {
        for (v, listings, search) in [
            (Visible, true, true),
            (Catalog, true, false),
            (Search, false, true),
            (Hidden, false, false),
        ] {
            assert_eq!(
                (v.in_listings(), v.in_search()),
                (listings, search),
                "{v:?}"
            );
        }
    }

    #[test]
    fn filters_admit_as_woocommerce_does() {
        let table: &[(&str, bool, &[CatalogVisibility])] = &[
            ("any", false, &[Visible, Catalog, Search, Hidden]),
            ("visible", false, &[Visible]),
            ("catalog", true, &[Visible, Catalog]),
            ("search", false, &[Visible, Search]),
            ("hidden", false, &[Hidden]),
        ];
        for (param, searching, want) in table {
            let f = VisibilityFilter::parse(param).expect("a valid value");
            assert_eq!(f.admits(*searching), *want, "{param}");
        }
        assert_eq!(VisibilityFilter::Shop.admits(false), [Visible, Catalog]);
        assert_eq!(VisibilityFilter::Shop.admits(true), [Visible, Search]);
        assert_eq!(VisibilityFilter::parse("Visible"), None);
        assert_eq!(VisibilityFilter::parse(""), None);
    }

    #[test]
    fn parameter_values() {
        assert_eq!(parse_bool("true"), Some(true));
        assert_eq!(parse_bool("0"), Some(false));
        assert_eq!(parse_bool("yes"), None);
        assert_eq!(parse_ids("1, 2,,3"), Some(vec![1, 2, 3]));
        assert_eq!(parse_ids("1,x"), None);
        assert_eq!(parse_ids("-1"), None);
        assert_eq!(parse_minor_units("1290"), Some(1290));
        assert_eq!(parse_minor_units("12.90"), None);
        assert_eq!(parse_minor_units("-5"), None);
        assert_eq!(list_values(" a, ,b "), ["a", "b"]);
    }

    #[test]
    fn listing_filters_from_the_address() {
        let read = |q: &'static [(&'static str, &'static str)]| {
            ListingFilter::from_query(|k| q.iter().find(|(key, _)| *key == k).map(|(_, v)| *v))
        };
        assert!(read(&[]).is_empty());
        let f = read(&[
            ("min_price", "10"),
            ("max_price", "50"),
            ("stock", "instock"),
            ("sale", "1"),
        ]);
        assert_eq!(f.cents(), (Some(1000), Some(5099)));
        assert!(f.in_stock && f.on_sale);
        assert_eq!(
            f.query_pairs(),
            [
                ("min_price", "10".to_owned()),
                ("max_price", "50".to_owned()),
                ("stock", "instock".to_owned()),
                ("sale", "1".to_owned())
            ]
        );
        // Swapped bounds are put right; nonsense is left out.
        assert_eq!(
            read(&[("min_price", "50"), ("max_price", "10")]).cents(),
            (Some(1000), Some(5099))
        );
        for q in [
            &[("min_price", "zehn")][..],
            &[("max_price", "-5")][..],
            &[("stock", "yes")][..],
            &[("sale", "true")][..],
        ] {
            assert!(read(q).is_empty(), "{q:?}");
        }
    }
}

/// How an attribute filter's terms combine (WooCommerce's `operator`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TermOperator {
    /// Any of the terms.
    #[default]
    In,
    /// All of them.
    And,
    /// None of them.
    NotIn,
}

impl TermOperator {
    pub fn parse(s: &str) -> Option<TermOperator> {
        match s.trim() {
            "in" | "" => Some(TermOperator::In),
            "and" => Some(TermOperator::And),
            "not_in" => Some(TermOperator::NotIn),
            _ => None,
        }
    }
}

/// One attribute's filter: its slug and the terms' slugs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeChoice {
    pub attribute: String,
    pub terms: Vec<String>,
    pub operator: TermOperator,
}

/// The most attribute filters one list takes, and terms per attribute (a longer address is cut).
pub const MAX_ATTRIBUTE_FILTERS: usize = 10;
pub const MAX_FILTER_TERMS: usize = 30;

/// The term slugs of a list such as `weiss,schwarz`: slugified, deduplicated, sorted (one
/// cache key for one choice), empty ones left out.
pub fn term_slugs(list: &str) -> Vec<String> {
    let mut terms: Vec<String> = list
        .split(',')
        .map(crate::text::slugify)
        .filter(|s| !s.is_empty())
        .take(MAX_FILTER_TERMS)
        .collect();
    terms.sort();
    terms.dedup();
    terms
}

/// A listing's attribute filters from its address (WooCommerce's layered navigation:
/// `filter_farbe=weiss,schwarz`, any of the terms; `query_type_farbe=and` for all of them),
/// sorted by attribute. A shopper's address is never an error: what does not fit is left out.
pub fn attribute_choices<'a>(
    pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
) -> Vec<AttributeChoice> {
    let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
    let mut out: Vec<AttributeChoice> = Vec::new();
    for (key, value) in &pairs {
        let Some(attr) = key.strip_prefix("filter_") else {
            continue;
        };
        let attribute = crate::text::slugify(attr);
        let terms = term_slugs(value);
        if attribute.is_empty() || terms.is_empty() || out.len() >= MAX_ATTRIBUTE_FILTERS {
            continue;
        }
        let all = pairs
            .iter()
            .any(|(k, v)| k.strip_prefix("query_type_") == Some(attr) && *v == "and");
        match out.iter_mut().find(|c| c.attribute == attribute) {
            Some(c) => {
                c.terms.extend(terms);
                c.terms.sort();
                c.terms.dedup();
            }
            None => out.push(AttributeChoice {
                attribute,
                terms,
                operator: if all {
                    TermOperator::And
                } else {
                    TermOperator::In
                },
            }),
        }
    }
    out.sort_by(|a, b| a.attribute.cmp(&b.attribute));
    out
}

#[cfg(test)]
mod attribute_tests {
    use super::*;

    #[test]
    fn attribute_filters_come_from_the_address() {
        let choice = |attribute: &str, terms: &[&str], operator| AttributeChoice {
            attribute: attribute.into(),
            terms: terms.iter().map(|t| (*t).to_owned()).collect(),
            operator,
        };
        type Case<'a> = (Vec<(&'a str, &'a str)>, Vec<AttributeChoice>);
        let cases: Vec<Case> = vec![
            (
                vec![("filter_farbe", "weiss,schwarz")],
                vec![choice("farbe", &["schwarz", "weiss"], TermOperator::In)],
            ),
            (
                vec![
                    ("filter_groesse", "250 g"),
                    ("filter_farbe", "Weiß"),
                    ("stock", "instock"),
                ],
                vec![
                    choice("farbe", &["weiss"], TermOperator::In),
                    choice("groesse", &["250-g"], TermOperator::In),
                ],
            ),
            (
                vec![
                    ("filter_farbe", "weiss"),
                    ("query_type_farbe", "and"),
                    ("filter_farbe", "sand"),
                ],
                vec![choice("farbe", &["sand", "weiss"], TermOperator::And)],
            ),
            (vec![("filter_farbe", ", ,"), ("filter_", "x")], vec![]),
        ];
        for (pairs, want) in cases {
            assert_eq!(attribute_choices(pairs.clone()), want, "{pairs:?}");
        }
        assert_eq!(TermOperator::parse("not_in"), Some(TermOperator::NotIn));
        assert_eq!(TermOperator::parse("or"), None);
    }
}
