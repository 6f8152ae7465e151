//! A listing's filter over the index's products, prepared once for many: what is read beside an
//! order ([`Filter::hot`]) and what of the product itself ([`Filter::cold`]), as `list_filter`
//! has them in SQL.

use super::{Entry, Hot, FEATURED, LISTED, NO_PRICE, ON_SALE};
use crate::catalog::listing::searching;
use crate::ProductQuery;
use laden_domain::catalog::{CatalogVisibility, STOCK_STATUSES};
use std::cmp::Ordering;

/// `q`'s filter, prepared for many entries.
pub(super) struct Filter<'q> {
    pub(super) q: &'q ProductQuery,
    pub(super) kinds: [bool; LISTED.len()],
    pub(super) visibility: [bool; CatalogVisibility::ALL.len()],
    pub(super) stock: [bool; STOCK_STATUSES.len()],
    pub(super) categories: Vec<i64>,
    pub(super) categories_excluded: Vec<i64>,
    pub(super) categories_all: Vec<Vec<i64>>,
    pub(super) include: Vec<i64>,
    pub(super) exclude: Vec<i64>,
    pub(super) tags: Vec<i64>,
    pub(super) tags_excluded: Vec<i64>,
    pub(super) tags_all: Vec<i64>,
    /// Whether any filter reads the product itself ([`Filter::cold`], or attributes).
    pub(super) cold_needed: bool,
}

fn sorted(ids: &[i64]) -> Vec<i64> {
    let mut v = ids.to_vec();
    v.sort_unstable();
    v.dedup();
    v
}

/// Whether the sorted lists share an id.
fn meet(a: &[i64], b: &[i64]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            Ordering::Less => i += 1,
            Ordering::Greater => j += 1,
            Ordering::Equal => return true,
        }
    }
    false
}

impl<'q> Filter<'q> {
    pub(super) fn of(q: &'q ProductQuery) -> Self {
        let admitted = q.visibility.admits(searching(q));
        Filter {
            q,
            kinds: LISTED.map(|k| q.kinds.is_empty() || q.kinds.contains(&k)),
            visibility: CatalogVisibility::ALL.map(|v| admitted.contains(&v)),
            stock: STOCK_STATUSES
                .map(|s| q.stock_status.is_empty() || q.stock_status.iter().any(|w| w == s)),
            categories: sorted(&q.categories),
            categories_excluded: sorted(&q.categories_excluded),
            categories_all: q.categories_all.iter().map(|g| sorted(g)).collect(),
            include: sorted(&q.include),
            exclude: sorted(&q.exclude),
            tags: sorted(&q.tags),
            tags_excluded: sorted(&q.tags_excluded),
            tags_all: sorted(&q.tags_all),
            cold_needed: !(q.include.is_empty()
                && q.exclude.is_empty()
                && q.categories.is_empty()
                && q.categories_excluded.is_empty()
                && q.categories_all.is_empty()
                && q.tags.is_empty()
                && q.tags_excluded.is_empty()
                && q.tags_all.is_empty()
                && q.ratings.is_empty()
                && q.attributes.is_empty()),
        }
    }

    /// Whether `e` passes every filter but the attributes', as `list_filter` has them.
    pub(super) fn holds(&self, e: &Entry) -> bool {
        self.hot(&Hot::of(0, e)) && self.cold(e)
    }

    /// The filters a walk reads beside the order: kind, visibility, stock, sale, featured, price.
    pub(super) fn hot(&self, h: &Hot) -> bool {
        let q = self.q;
        let flag = |mask: &[bool], i: u8| mask.get(usize::from(i)).copied().unwrap_or(false);
        flag(&self.kinds, h.kind)
            && flag(&self.visibility, h.visibility)
            && (q.stock_status.is_empty() || flag(&self.stock, h.stock))
            && q.on_sale
                .is_none_or(|want| want == (h.flags & ON_SALE != 0))
            && q.featured
                .is_none_or(|want| want == (h.flags & FEATURED != 0))
            && q.min_price
                .is_none_or(|min| h.top != NO_PRICE && h.top >= min)
            && q.max_price
                .is_none_or(|max| h.price != NO_PRICE && h.price <= max)
    }

    /// The filters read of the product itself: ids, categories, tags, ratings.
    pub(super) fn cold(&self, e: &Entry) -> bool {
        let q = self.q;
        (self.include.is_empty() || self.include.binary_search(&e.id).is_ok())
            && self.exclude.binary_search(&e.id).is_err()
            && (self.categories.is_empty() || meet(&self.categories, &e.categories))
            && !meet(&self.categories_excluded, &e.categories)
            && self.categories_all.iter().all(|g| meet(g, &e.categories))
            && (self.tags.is_empty() || meet(&self.tags, &e.tags))
            && !meet(&self.tags_excluded, &e.tags)
            && self
                .tags_all
                .iter()
                .all(|t| e.tags.binary_search(t).is_ok())
            && (q.ratings.is_empty()
                || e.rating_count > 0 && {
                    // PHP's round(), half up, of the average: WooCommerce's `rated-N` term.
                    let rounded = (2 * e.rating_sum + e.rating_count) / (2 * e.rating_count);
                    q.ratings.contains(&rounded)
                })
    }
}

/// The rows `q` skips and the most it shows.
pub(super) fn window(q: &ProductQuery) -> (usize, usize) {
    let per_page = usize::try_from(q.per_page.max(0)).unwrap_or(0);
    let skip = q
        .offset
        .unwrap_or_else(|| (q.page - 1).max(0).saturating_mul(q.per_page))
        .max(0);
    (usize::try_from(skip).unwrap_or(usize::MAX), per_page)
}
