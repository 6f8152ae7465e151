//! WordPress's term lists (`WP_Term_Query`) as WooCommerce's Store API reads them for product
//! categories, tags and an attribute's terms: `include`, `exclude`, `search` (in the name or the
//! slug, any case and umlaut spelling), `hide_empty` (on by default), `parent` (hierarchical
//! taxonomies only), ordered by `name`, `slug`, `count` (or `menu_order` for attribute terms) and
//! cut to `per_page` (0: all) from `page`. A shop's terms are few, so they are chosen in memory
//! from the whole list the store reads.

/// One term as the list reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermRow<'a> {
    pub id: i64,
    pub name: &'a str,
    pub slug: &'a str,
    /// Published products (a category's including those below it, as WooCommerce counts).
    pub count: i64,
    /// The parent term's id, 0 for none.
    pub parent: i64,
    pub menu_order: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TermSort {
    #[default]
    Name,
    Slug,
    Count,
    MenuOrder,
}

impl TermSort {
    pub fn parse(s: &str) -> Option<TermSort> {
        match s {
            "name" => Some(TermSort::Name),
            "slug" => Some(TermSort::Slug),
            "count" => Some(TermSort::Count),
            "menu_order" => Some(TermSort::MenuOrder),
            _ => None,
        }
    }
}

/// A term list's parameters (WooCommerce's defaults: all, by name ascending, empty ones hidden).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermQuery {
    pub page: i64,
    /// 0: every term (no pages).
    pub per_page: i64,
    pub search: Option<String>,
    pub include: Vec<i64>,
    pub exclude: Vec<i64>,
    pub sort: TermSort,
    pub descending: bool,
    pub hide_empty: bool,
    /// Only the children of this term (0: top-level terms); `None`: any.
    pub parent: Option<i64>,
}

impl Default for TermQuery {
    fn default() -> Self {
        TermQuery {
            page: 1,
            per_page: 0,
            search: None,
            include: Vec::new(),
            exclude: Vec::new(),
            sort: TermSort::Name,
            descending: false,
            hide_empty: true,
            parent: None,
        }
    }
}

impl TermQuery {
    /// The positions in `rows` of this page's terms, in order, and how many terms match in all.
    pub fn select(&self, rows: &[TermRow]) -> (Vec<usize>, usize) {
        let needle = self
            .search
            .as_deref()
            .map(|s| super::search::fold(s.trim()))
            .filter(|s| !s.is_empty());
        let mut chosen: Vec<usize> = rows
            .iter()
            .enumerate()
            .filter(|(_, r)| self.include.is_empty() || self.include.contains(&r.id))
            .filter(|(_, r)| !self.exclude.contains(&r.id))
            .filter(|(_, r)| !self.hide_empty || r.count > 0)
            .filter(|(_, r)| self.parent.is_none_or(|p| r.parent == p))
            .filter(|(_, r)| {
                needle.as_deref().is_none_or(|n| {
                    super::search::fold(r.name).contains(n)
                        || super::search::fold(r.slug).contains(n)
                })
            })
            .map(|(i, _)| i)
            .collect();
        chosen.sort_by(|&a, &b| {
            let (x, y) = (&rows[a], &rows[b]);
            let by = match self.sort {
                TermSort::Name => super::search::fold(x.name).cmp(&super::search::fold(y.name)),
                TermSort::Slug => x.slug.cmp(y.slug),
                TermSort::Count => x.count.cmp(&y.count),
                TermSort::MenuOrder => x.menu_order.cmp(&y.menu_order),
            };
            let by = if self.descending { by.reverse() } else { by };
            by.then(x.id.cmp(&y.id))
        });
        let total = chosen.len();
        if self.per_page > 0 {
            let start = usize::try_from((self.page - 1).max(0).saturating_mul(self.per_page))
                .unwrap_or(usize::MAX)
                .min(total);
            let end = start
                .saturating_add(usize::try_from(self.per_page).unwrap_or(usize::MAX))
                .min(total);
            chosen = chosen[start..end].to_vec();
        }
        (chosen, total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, name: &'static str, count: i64, parent: i64) -> TermRow<'static> {
        TermRow {
            id,
            name,
            slug: Box::leak(crate::text::slugify(name).into_boxed_str()),
            count,
            parent,
            menu_order: 10 - id,
        }
    }

    #[test]
    fn term_lists_as_wordpress_reads_them() {
        let rows = [
            row(1, "Kaffee", 12, 0),
            row(2, "Espresso", 5, 1),
            row(3, "Tee", 7, 0),
            row(4, "Grüntee", 0, 3),
            row(5, "Zubehör", 3, 0),
            row(6, "Mühlen", 2, 5),
        ];
        let names = |q: TermQuery| {
            let (ids, total) = q.select(&rows);
            (ids.iter().map(|&i| rows[i].name).collect::<Vec<_>>(), total)
        };
        let all = TermQuery::default();
        for (query, want, total) in [
            (
                all.clone(),
                &["Espresso", "Kaffee", "Mühlen", "Tee", "Zubehör"][..],
                5,
            ),
            (
                TermQuery {
                    hide_empty: false,
                    ..all.clone()
                },
                &["Espresso", "Grüntee", "Kaffee", "Mühlen", "Tee", "Zubehör"],
                6,
            ),
            (
                TermQuery {
                    parent: Some(0),
                    ..all.clone()
                },
                &["Kaffee", "Tee", "Zubehör"],
                3,
            ),
            (
                TermQuery {
                    parent: Some(1),
                    ..all.clone()
                },
                &["Espresso"],
                1,
            ),
            (
                TermQuery {
                    include: vec![3, 5, 4],
                    ..all.clone()
                },
                &["Tee", "Zubehör"],
                2,
            ),
            (
                TermQuery {
                    exclude: vec![2, 6],
                    ..all.clone()
                },
                &["Kaffee", "Tee", "Zubehör"],
                3,
            ),
            // In the name or the slug, any case, umlauts typed as they may be.
            (
                TermQuery {
                    search: Some("muehl".into()),
                    ..all.clone()
                },
                &["Mühlen"],
                1,
            ),
            (
                TermQuery {
                    search: Some("TEE".into()),
                    hide_empty: false,
                    ..all.clone()
                },
                &["Grüntee", "Tee"],
                2,
            ),
            (
                TermQuery {
                    sort: TermSort::Count,
                    descending: true,
                    ..all.clone()
                },
                &["Kaffee", "Tee", "Espresso", "Zubehör", "Mühlen"],
                5,
            ),
            (
                TermQuery {
                    sort: TermSort::Slug,
                    ..all.clone()
                },
                &["Espresso", "Kaffee", "Mühlen", "Tee", "Zubehör"],
                5,
            ),
            (
                TermQuery {
                    sort: TermSort::MenuOrder,
                    ..all.clone()
                },
                &["Mühlen", "Zubehör", "Tee", "Espresso", "Kaffee"],
                5,
            ),
            // Pages of two; past the end nothing, the total kept.
            (
                TermQuery {
                    per_page: 2,
                    page: 2,
                    ..all.clone()
                },
                &["Mühlen", "Tee"],
                5,
            ),
            (
                TermQuery {
                    per_page: 2,
                    page: 9,
                    ..all.clone()
                },
                &[],
                5,
            ),
        ] {
            assert_eq!(names(query.clone()), (want.to_vec(), total), "{query:?}");
        }
        assert_eq!(TermSort::parse("menu_order"), Some(TermSort::MenuOrder));
        assert_eq!(TermSort::parse("id"), None);
    }
}
