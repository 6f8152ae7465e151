//! The listed products in memory: what a listing filters, sorts and counts by, for every
//! published product a listing may hold (its kind, visibility, stock status, whether on sale or
//! featured, its price range, sort keys, categories, tags and attribute terms), with the
//! products in each sort order. A shop, category or tag listing and the Store API's filtered
//! lists find their page's ids and their total here, walking the chosen order, and read only the
//! page's rows from the database; the listings' counts and facets are counted here too. A
//! filter the index does not hold (a search, slugs, SKUs, dates, parents, related products, a
//! sort by title or slug) goes to the database as before ([`ListingIndex::answers`]).
//!
//! The index follows the content-change log (`read.rs`): a change that names products (an edit,
//! a sale, a review) re-reads those products alone and moves them within each order, so a busy
//! shop's sales cost a few rows each, not the catalogue; a change of everything (settings,
//! categories, an import's end) or a gap in the log reads it afresh.

mod filter;
mod read;
mod terms;

use filter::{window, Filter};
use terms::{Spelling, Terms};

pub(crate) use read::KeptIndex;

use crate::catalog::listing::{searching, ProductSort};
use crate::catalog::search::{Search, TextFound};
use crate::models::ProductKind;
use crate::ProductQuery;
use laden_domain::catalog::facets::passes;
use laden_domain::catalog::search::Named;
use laden_domain::catalog::STOCK_STATUSES;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The kinds a listing holds unless it names others, in the order of `Entry::kind`.
const LISTED: [ProductKind; 4] = [
    ProductKind::Simple,
    ProductKind::Variable,
    ProductKind::Grouped,
    ProductKind::External,
];

/// The orders kept, in the order of `ListingIndex::orders`.
const SORTS: [ProductSort; 8] = [
    ProductSort::MenuOrder,
    ProductSort::Price,
    ProductSort::Date,
    ProductSort::Modified,
    ProductSort::Popularity,
    ProductSort::Rating,
    ProductSort::CommentCount,
    ProductSort::Id,
];

/// Above this many products changed at once, the orders are sorted afresh instead of each
/// product being moved within them.
const RESORT_ABOVE: usize = 256;

/// One listed product, as read (`read.rs`).
#[derive(Debug, Clone)]
pub(crate) struct Entry {
    id: i64,
    /// Index into [`LISTED`].
    kind: u8,
    /// Index into `CatalogVisibility::ALL`, `u8::MAX` for a value outside it.
    visibility: u8,
    /// Index into `STOCK_STATUSES`, `u8::MAX` for a value outside them.
    stock: u8,
    on_sale: bool,
    featured: bool,
    /// Its price and the top of its range (`COALESCE(max_price, price)`), as the filter compares.
    price: Option<i64>,
    top: Option<i64>,
    menu_order: i64,
    total_sales: i64,
    rating_sum: i64,
    rating_count: i64,
    created_at: i64,
    updated_at: i64,
    /// Sorted ids.
    categories: Box<[i64]>,
    tags: Box<[i64]>,
    /// Its attribute terms: indexes into `Terms::names`.
    terms: Box<[u32]>,
    /// Its name's kept search terms and compound parts, which a search ranks it by.
    name: Named,
}

/// The listed products with their orders, at a content version.
#[derive(Debug)]
pub(crate) struct ListingIndex {
    /// The content version the index shows.
    version: i64,
    /// Where a price is NULL: PostgreSQL sorts it last, SQLite first (as the database would).
    nulls_last: bool,
    slots: Vec<Option<Entry>>,
    free: Vec<u32>,
    by_id: HashMap<i64, u32>,
    /// The products in each of [`SORTS`]' order, ascending by (key, id).
    orders: Vec<Vec<Hot>>,
    /// The slots of each category's and each tag's products, in no order: a listing of one
    /// category or tag looks at its products alone.
    by_category: Postings,
    by_tag: Postings,
    /// The widest price range of a product (`top - price`; unbounded for a range without a
    /// price), so a walk by price may start at `min_price - spread`. Grows as products do, is
    /// measured afresh when the orders are sorted.
    spread: i64,
    terms: Terms,
}

/// The slots of each category's (or tag's) products.
type Postings = HashMap<i64, Vec<u32>>;

/// What a walk over an order reads of each product before it looks at the product itself (the
/// filters most listings use), side by side in the order's memory rather than one product's
/// row away.
#[derive(Debug, Clone, Copy)]
struct Hot {
    slot: u32,
    kind: u8,
    visibility: u8,
    stock: u8,
    /// [`ON_SALE`] and [`FEATURED`].
    flags: u8,
    /// `NO_PRICE` for none.
    price: i64,
    top: i64,
}

const ON_SALE: u8 = 1;
const FEATURED: u8 = 2;
const NO_PRICE: i64 = i64::MIN;

impl Hot {
    fn of(slot: u32, e: &Entry) -> Hot {
        Hot {
            slot,
            kind: e.kind,
            visibility: e.visibility,
            stock: e.stock,
            flags: if e.on_sale { ON_SALE } else { 0 } | if e.featured { FEATURED } else { 0 },
            price: e.price.unwrap_or(NO_PRICE),
            top: e.top.unwrap_or(NO_PRICE),
        }
    }
}

/// The order by id, and by price (where a price range starts and ends).
const BY_ID: usize = SORTS.len() - 1;
const BY_PRICE: usize = 1;

/// A listing of one category or tag with fewer products than one in this many of the
/// catalogue's looks at those alone (and sorts them), instead of walking an order.
const FEW: usize = 4;

/// What a product is read with: its row, and its attribute terms as spelled.
pub(crate) struct Read {
    pub(crate) entry: Entry,
    pub(crate) terms: Vec<Spelling>,
}

/// A page of a listing: its products' ids in order, and how many it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Page {
    pub(crate) ids: Vec<i64>,
    pub(crate) total: i64,
}

impl ListingIndex {
    fn new(version: i64, nulls_last: bool, read: Vec<Read>) -> Self {
        let mut index = ListingIndex {
            version,
            nulls_last,
            slots: Vec::with_capacity(read.len()),
            free: Vec::new(),
            by_id: HashMap::with_capacity_and_hasher(read.len(), Default::default()),
            orders: vec![Vec::new(); SORTS.len()],
            by_category: HashMap::default(),
            by_tag: HashMap::default(),
            spread: 0,
            terms: Terms::default(),
        };
        for r in read {
            index.put(r);
        }
        index.sort_all();
        index
    }

    /// Places a product in a slot (not in the orders).
    fn put(&mut self, r: Read) -> u32 {
        let mut entry = r.entry;
        entry.terms = r.terms.into_iter().map(|t| self.terms.take(&t)).collect();
        let id = entry.id;
        let slot = match self.free.pop() {
            Some(s) => s,
            None => {
                self.slots.push(None);
                (self.slots.len() - 1) as u32
            }
        };
        for c in &entry.categories {
            self.by_category.entry(*c).or_default().push(slot);
        }
        for t in &entry.tags {
            self.by_tag.entry(*t).or_default().push(slot);
        }
        self.spread = self.spread.max(spread(&entry));
        self.slots[slot as usize] = Some(entry);
        self.by_id.insert(id, slot);
        slot
    }

    /// Empties a product's slot (it stays in the orders).
    fn take(&mut self, slot: u32) {
        let Some(old) = self.slots[slot as usize].take() else {
            return;
        };
        self.terms.release(&old.terms);
        for (map, ids) in [
            (&mut self.by_category, &old.categories),
            (&mut self.by_tag, &old.tags),
        ] {
            for id in ids.iter() {
                if let Some(list) = map.get_mut(id) {
                    if let Some(at) = list.iter().position(|s| *s == slot) {
                        list.swap_remove(at);
                    }
                    if list.is_empty() {
                        map.remove(id);
                    }
                }
            }
        }
        self.free.push(slot);
    }

    fn entry(&self, slot: u32) -> &Entry {
        self.slots[slot as usize]
            .as_ref()
            .expect("an order names only filled slots")
    }

    /// The key of `e` in the order `sort` (then its id), as the database's `ORDER BY` has it.
    fn key(&self, sort: usize, e: &Entry) -> (i64, i64) {
        let key = match SORTS[sort] {
            ProductSort::Price => {
                e.price
                    .unwrap_or(if self.nulls_last { i64::MAX } else { i64::MIN })
            }
            ProductSort::Date => e.created_at,
            ProductSort::Modified => e.updated_at,
            ProductSort::Popularity => e.total_sales,
            ProductSort::Rating => {
                if e.rating_count == 0 {
                    0
                } else {
                    e.rating_sum.saturating_mul(1000) / e.rating_count
                }
            }
            ProductSort::CommentCount => e.rating_count,
            ProductSort::MenuOrder => e.menu_order,
            _ => e.id,
        };
        (key, e.id)
    }

    fn sort_all(&mut self) {
        debug_assert_eq!(SORTS[BY_PRICE], ProductSort::Price);
        let filled: Vec<u32> = (0..self.slots.len() as u32)
            .filter(|s| self.slots[*s as usize].is_some())
            .collect();
        self.spread = filled
            .iter()
            .map(|s| spread(self.entry(*s)))
            .max()
            .unwrap_or(0);
        for sort in 0..SORTS.len() {
            let mut order: Vec<Hot> = filled.iter().map(|s| Hot::of(*s, self.entry(*s))).collect();
            order.sort_unstable_by_key(|h| self.key(sort, self.entry(h.slot)));
            self.orders[sort] = order;
        }
    }

    /// Where `key` stands (or would) in the order `sort`.
    fn position(&self, sort: usize, key: (i64, i64)) -> std::result::Result<usize, usize> {
        self.orders[sort].binary_search_by(|h| self.key(sort, self.entry(h.slot)).cmp(&key))
    }

    /// Replaces what the index holds of `ids` by `read` (their rows as they stand now; an id
    /// not read is no longer listed), now at `version`.
    fn update(&mut self, version: i64, ids: &[i64], read: Vec<Read>) {
        let resort = ids.len() > RESORT_ABOVE;
        for id in ids {
            let Some(slot) = self.by_id.remove(id) else {
                continue;
            };
            if !resort {
                for sort in 0..SORTS.len() {
                    let key = self.key(sort, self.entry(slot));
                    if let Ok(at) = self.position(sort, key) {
                        self.orders[sort].remove(at);
                    }
                }
            }
            self.take(slot);
        }
        for r in read {
            let slot = self.put(r);
            if !resort {
                let hot = Hot::of(slot, self.entry(slot));
                for sort in 0..SORTS.len() {
                    let key = self.key(sort, self.entry(slot));
                    let at = self.position(sort, key).unwrap_or_else(|at| at);
                    self.orders[sort].insert(at, hot);
                }
            }
        }
        if resort {
            self.sort_all();
        }
        self.version = version;
    }

    /// Whether `q` asks for nothing but what the index holds (no search, and see
    /// [`ListingIndex::answers_found`]).
    pub(crate) fn answers(q: &ProductQuery) -> bool {
        Self::answers_found(q) && !searching(q)
    }

    /// Whether the index answers `q` once a search (if any) has found its products: slugs,
    /// SKUs, dates, parents and related products empty, the listed kinds, an order it keeps.
    /// Every field is named, so that a filter added to `ProductQuery` must be placed here
    /// before it compiles, instead of being ignored.
    pub(crate) fn answers_found(q: &ProductQuery) -> bool {
        let ProductQuery {
            // The page, and what the index holds.
            page: _,
            per_page: _,
            offset: _,
            descending: _,
            categories: _,
            categories_excluded: _,
            categories_all: _,
            visibility: _,
            min_price: _,
            max_price: _,
            include: _,
            exclude: _,
            on_sale: _,
            featured: _,
            stock_status: _,
            tags: _,
            tags_excluded: _,
            tags_all: _,
            ratings: _,
            attributes: _,
            any_attribute: _,
            // The search is found by the database (`page_found`), then ordered here.
            search: _,
            by_relevance: _,
            // What it holds in part.
            sort,
            kinds,
            // What it does not.
            slugs,
            parents,
            parents_excluded,
            dates,
            skus,
            related_to,
        } = q;
        let kept_order = match sort {
            ProductSort::Title | ProductSort::Slug => false,
            ProductSort::Include => q.include.is_empty(),
            _ => true,
        };
        kept_order
            && kinds.iter().all(|k| LISTED.contains(k))
            && slugs.is_empty()
            && skus.is_empty()
            && parents.is_empty()
            && parents_excluded.is_empty()
            && *dates == crate::db::DateRange::default()
            && related_to.is_none()
    }

    /// The page of `q` (one the index [`answers`](Self::answers)): its ids, and its total
    /// where `total` asks for it (without, the walk ends with the page, and the total is what
    /// it counted until then).
    pub(crate) fn page(&self, q: &ProductQuery, total: bool) -> Page {
        let filter = Filter::of(q);
        let sort = SORTS.iter().position(|s| *s == q.sort).unwrap_or(BY_ID);
        let (skip, per_page) = window(q);
        let mut ids = Vec::with_capacity(per_page.min(100));
        let mut counted = 0usize;
        self.walk(&filter, Some(sort), q.descending, |e| {
            if counted >= skip && ids.len() < per_page {
                ids.push(e.id);
            }
            counted += 1;
            total || ids.len() < per_page
        });
        Page {
            ids,
            total: i64::try_from(counted).unwrap_or(i64::MAX),
        }
    }

    /// Gives `visit` each product `filter` holds, in the order `sort` (backwards with
    /// `descending`), until it answers false. A listing of one category or tag with few
    /// products looks at those alone; any other walks the order, its filters on stock, sale and
    /// price read beside it ([`Hot`]) and the product itself only where they pass.
    fn walk(
        &self,
        filter: &Filter<'_>,
        sort: Option<usize>,
        descending: bool,
        mut visit: impl FnMut(&Entry) -> bool,
    ) {
        // In no particular order: by price where a price range can cut the walk short.
        let priced = filter.q.min_price.is_some() || filter.q.max_price.is_some();
        let sort = sort.unwrap_or(if priced { BY_PRICE } else { BY_ID });
        let mut pairs = Vec::new();
        if let Some(mut few) = self.few(filter) {
            few.retain(|s| {
                let e = self.entry(*s);
                filter.holds(e) && self.attributes_pass(filter, e, &mut pairs)
            });
            few.sort_unstable_by_key(|s| self.key(sort, self.entry(*s)));
            if descending {
                few.reverse();
            }
            for s in few {
                if !visit(self.entry(s)) {
                    return;
                }
            }
            return;
        }
        let mut step = |h: &Hot| -> bool {
            if !filter.hot(h) {
                return true;
            }
            let e = self.entry(h.slot);
            if filter.cold_needed
                && !(filter.cold(e) && self.attributes_pass(filter, e, &mut pairs))
            {
                return true;
            }
            visit(e)
        };
        let order = &self.orders[sort];
        let order = if sort == BY_PRICE {
            &order[self.price_range(filter)]
        } else {
            &order[..]
        };
        if descending {
            for h in order.iter().rev() {
                if !step(h) {
                    return;
                }
            }
        } else {
            for h in order {
                if !step(h) {
                    return;
                }
            }
        }
    }

    /// The part of the order by price a price range may hold: from `min_price - spread` (a
    /// product priced lower tops out below the range) to `max_price`.
    fn price_range(&self, filter: &Filter<'_>) -> std::ops::Range<usize> {
        let order = &self.orders[BY_PRICE];
        let key = |h: &Hot| {
            if h.price != NO_PRICE {
                h.price
            } else if self.nulls_last {
                i64::MAX
            } else {
                i64::MIN
            }
        };
        // A range without a price may stand anywhere by price: the walk then starts at the
        // beginning.
        let lo = match filter.q.min_price {
            Some(min) if self.spread < i64::MAX => {
                let from = min.saturating_sub(self.spread);
                order.partition_point(|h| key(h) < from)
            }
            _ => 0,
        };
        let hi = filter
            .q
            .max_price
            .map_or(order.len(), |max| order.partition_point(|h| key(h) <= max));
        lo..hi.max(lo)
    }

    /// The slots of the products of the categories or tags `filter` asks for, where that is
    /// fewer than one in [`FEW`] of the catalogue's (the smallest such set; each product once).
    fn few(&self, filter: &Filter<'_>) -> Option<Vec<u32>> {
        let size = |map: &Postings, ids: &[i64]| -> usize {
            ids.iter().map(|id| map.get(id).map_or(0, Vec::len)).sum()
        };
        let mut sets: Vec<(&Postings, &[i64])> = Vec::new();
        if !filter.categories.is_empty() {
            sets.push((&self.by_category, &filter.categories));
        }
        for group in &filter.categories_all {
            sets.push((&self.by_category, group));
        }
        if !filter.tags.is_empty() {
            sets.push((&self.by_tag, &filter.tags));
        }
        for tag in &filter.tags_all {
            sets.push((&self.by_tag, std::slice::from_ref(tag)));
        }
        let (map, ids) = sets.into_iter().min_by_key(|(map, ids)| size(map, ids))?;
        if size(map, ids).saturating_mul(FEW) > self.by_id.len() {
            return None;
        }
        let mut slots: Vec<u32> = ids
            .iter()
            .filter_map(|id| map.get(id))
            .flatten()
            .copied()
            .collect();
        slots.sort_unstable();
        slots.dedup();
        Some(slots)
    }

    /// The page of `q` (one the index [`answers_found`](Self::answers_found)) among the
    /// products its search `found` (id, and its rank where `q` orders by relevance: lowest
    /// first, then `q`'s order): its ids and total.
    pub(crate) fn page_found(&self, q: &ProductQuery, found: &[(i64, i64)]) -> Page {
        let filter = Filter::of(q);
        let sort = SORTS
            .iter()
            .position(|s| *s == q.sort)
            .unwrap_or(SORTS.len() - 1);
        let mut pairs = Vec::new();
        let mut held: Vec<(i64, (i64, i64))> = Vec::with_capacity(found.len());
        for (id, rank) in found {
            let Some(slot) = self.by_id.get(id) else {
                continue;
            };
            let e = self.entry(*slot);
            if filter.holds(e) && self.attributes_pass(&filter, e, &mut pairs) {
                held.push((if q.by_relevance { *rank } else { 0 }, self.key(sort, e)));
            }
        }
        held.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0).then_with(|| {
                if q.descending {
                    b.1.cmp(&a.1)
                } else {
                    a.1.cmp(&b.1)
                }
            })
        });
        let (skip, per_page) = window(q);
        Page {
            ids: held
                .iter()
                .skip(skip)
                .take(per_page)
                .map(|(_, (_, id))| *id)
                .collect(),
            total: i64::try_from(held.len()).unwrap_or(i64::MAX),
        }
    }

    fn attributes_pass<'a>(
        &'a self,
        filter: &Filter<'_>,
        e: &Entry,
        pairs: &mut Vec<(&'a str, &'a str)>,
    ) -> bool {
        if filter.q.attributes.is_empty() {
            return true;
        }
        self.pairs_of(e, pairs);
        passes(&filter.q.attributes, filter.q.any_attribute, None, pairs)
    }

    /// `e`'s attribute terms as (attribute slug, term slug), into `out`.
    fn pairs_of<'a>(&'a self, e: &Entry, out: &mut Vec<(&'a str, &'a str)>) {
        out.clear();
        out.extend(e.terms.iter().map(|i| {
            let n = &self.terms.names[*i as usize];
            (n.attribute.as_str(), n.term.as_str())
        }));
    }

    /// Each product `q` holds (its attribute, stock and sale choices left to `each`), with its
    /// stock status, whether it is on sale and its attribute terms.
    /// With `found`, only those of them (the products a search found).
    pub(crate) fn each(
        &self,
        q: &ProductQuery,
        found: Option<&[(i64, i64)]>,
        mut each: impl FnMut(Product<'_>),
    ) {
        let filter = Filter::of(q);
        let mut pairs = Vec::new();
        let mut give = |e: &Entry, pairs: &mut Vec<(&'_ str, &'_ str)>| {
            each(Product {
                stock: stock_name(e.stock),
                on_sale: e.on_sale,
                terms: &e.terms,
                pairs,
            });
        };
        match found {
            Some(found) => {
                for (id, _) in found {
                    let Some(slot) = self.by_id.get(id) else {
                        continue;
                    };
                    let e = self.entry(*slot);
                    if filter.holds(e) && self.attributes_pass(&filter, e, &mut pairs) {
                        self.pairs_of(e, &mut pairs);
                        give(e, &mut pairs);
                    }
                }
            }
            None => self.walk(&filter, None, false, |e| {
                self.pairs_of(e, &mut pairs);
                give(e, &mut pairs);
                true
            }),
        }
    }

    /// The product `id` as [`ListingIndex::each`] gives it (a product the index does not list
    /// gives none), with the stock and sale the database read.
    pub(crate) fn with_product<R>(
        &self,
        id: i64,
        stock: &str,
        on_sale: bool,
        f: impl FnOnce(Product<'_>) -> R,
    ) -> R {
        let mut pairs = Vec::new();
        let terms: &[u32] = match self.by_id.get(&id) {
            Some(slot) => {
                let e = self.entry(*slot);
                self.pairs_of(e, &mut pairs);
                &e.terms
            }
            None => &[],
        };
        f(Product {
            stock,
            on_sale,
            terms,
            pairs: &pairs,
        })
    }

    /// A pair's (attribute slug, attribute name, term slug, term name).
    pub(crate) fn pair_names(&self, pair: u32) -> (&str, &str, &str, &str) {
        let (slug, term, _) = &self.terms.pairs[pair as usize];
        let (attribute_name, term_name) = self.terms.names_of(pair);
        (slug, attribute_name, term, term_name)
    }

    /// How many pairs of attribute and term (by slug) the listed products name, or named.
    pub(crate) fn pairs(&self) -> usize {
        self.terms.pairs.len()
    }

    /// The listed products `search` finds, from what the text index found for each of its
    /// lookups (`found`): those every lookup holds, by id or by one of its categories or tags.
    /// Each with its rank ([`Search::rank`], by its name as kept here) where `ranked`, else 0.
    /// A search without a word has no lookup and finds nothing.
    pub(crate) fn found(
        &self,
        search: &Search,
        found: &[TextFound],
        ranked: bool,
    ) -> Vec<(i64, i64)> {
        if found.is_empty() {
            return Vec::new();
        }
        let slots_of = |lookup: &TextFound| -> HashSet<u32> {
            let mut slots: HashSet<u32> = lookup
                .ids
                .iter()
                .filter_map(|id| self.by_id.get(id).copied())
                .collect();
            for (postings, ids) in [
                (&self.by_category, &lookup.categories),
                (&self.by_tag, &lookup.tags),
            ] {
                for id in ids {
                    slots.extend(postings.get(id).into_iter().flatten().copied());
                }
            }
            slots
        };
        let mut sets: Vec<HashSet<u32>> = found.iter().map(slots_of).collect();
        sets.sort_unstable_by_key(HashSet::len);
        let (first, rest) = sets.split_first().expect("a lookup at least");
        first
            .iter()
            .filter(|slot| rest.iter().all(|set| set.contains(slot)))
            .map(|slot| {
                let e = self.entry(*slot);
                let rank = if ranked {
                    search.rank(&e.name, &e.categories, &e.tags)
                } else {
                    0
                };
                (e.id, rank)
            })
            .collect()
    }

    /// The pair of a term (an index of `Product::terms`).
    pub(crate) fn pair_of(&self, term: u32) -> u32 {
        self.terms.names[term as usize].pair
    }
}

/// A product as a listing's counts see it.
pub(crate) struct Product<'a> {
    pub(crate) stock: &'a str,
    pub(crate) on_sale: bool,
    /// Its terms (see [`ListingIndex::pair_of`]) and, in the same order, their
    /// (attribute slug, term slug).
    pub(crate) terms: &'a [u32],
    pub(crate) pairs: &'a [(&'a str, &'a str)],
}

/// How far a product's price range reaches above its price (unbounded without a price).
fn spread(e: &Entry) -> i64 {
    match (e.price, e.top) {
        (Some(price), Some(top)) => top.saturating_sub(price).max(0),
        (None, Some(_)) => i64::MAX,
        _ => 0,
    }
}

fn stock_name(stock: u8) -> &'static str {
    STOCK_STATUSES
        .get(usize::from(stock))
        .copied()
        .unwrap_or("")
}

#[cfg(test)]
mod tests;
