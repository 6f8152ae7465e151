//! A listing's counts: how many products it holds, how many the "only in stock" and "only on
//! sale" checkboxes would leave, and each attribute term with the products choosing it would
//! leave (its facets). The products the filter holds without those choices are found once (in
//! the listing index kept in memory, `listing_index`, or for a filter it does not hold, such as
//! a search, by the database) and the choices are counted in memory over them, with their
//! attribute terms from the index. The answer is kept per filter until the catalogue changes,
//! so a listing asked for again (another page, another order, another shopper) counts nothing.

use crate::attribute_terms::AttributeFacet;
use crate::catalog::listing::{list_filter, searching, ON_SALE};
use crate::catalog::listing_index::{ListingIndex, Product};
use crate::db::Store;
use crate::error::Result;
use crate::on_db;
use crate::row::Cols;
use crate::ProductQuery;
use futures::TryStreamExt;
use laden_domain::catalog::facets::passes;

/// What a listing's filters show beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListingCounts {
    /// The products the listing holds.
    pub total: i64,
    /// What "only in stock" and "only on sale" would leave, the other choices kept.
    pub in_stock: i64,
    pub on_sale: i64,
    /// Each attribute's terms with what choosing them would leave (its own choice aside);
    /// none that would leave nothing. Attributes and terms by name.
    pub facets: Vec<AttributeFacet>,
}

impl Store {
    /// The counts beside the listing `q` (its page and order aside).
    pub async fn listing_counts(&self, q: &ProductQuery) -> Result<ListingCounts> {
        let version = self.catalog_version().await?;
        let mut key_query = q.clone();
        key_query.page = 1;
        key_query.per_page = 1;
        key_query.offset = None;
        key_query.sort = crate::ProductSort::Id;
        key_query.descending = false;
        key_query.by_relevance = false;
        let key = format!("{key_query:?}");
        if let Some(counts) = self.kept.listing_counts.get(version, &key) {
            return Ok(counts);
        }
        let mut base = q.clone();
        base.stock_status.clear();
        base.on_sale = None;
        base.attributes.clear();
        base.any_attribute = false;
        base.sort = crate::ProductSort::Id;
        base.by_relevance = false;
        // A shop, category or tag listing with its price range is counted from memory; a
        // search, from the products the database's text index finds.
        let found = if searching(&base) && ListingIndex::answers_found(&base) {
            Some(self.search_found(&base).await?)
        } else {
            None
        };
        let counts = if ListingIndex::answers(&base) || found.is_some() {
            self.with_listing_index(|index| {
                let found = found
                    .as_ref()
                    .map(|(search, found)| index.found(search, found, false));
                let mut counter = Counter::new(q, index);
                index.each(&base, found.as_deref(), |p| counter.add(&p));
                counter.finish()
            })
            .await?
        } else {
            let found = self.found_in_database(&base).await?;
            self.with_listing_index(|index| {
                let mut counter = Counter::new(q, index);
                for (id, stock, on_sale) in &found {
                    index.with_product(*id, stock, *on_sale, |p| counter.add(&p));
                }
                counter.finish()
            })
            .await?
        };
        self.kept.listing_counts.put(version, key, counts.clone());
        Ok(counts)
    }

    /// Each product `base` holds as the database finds it: its id, stock status and whether on
    /// sale.
    async fn found_in_database(&self, base: &ProductQuery) -> Result<Vec<(i64, String, bool)>> {
        let search = self.search_terms(base.search.as_deref()).await?;
        let (filter, args, _) = list_filter(base, &search);
        let sql =
            format!("SELECT id, stock_status, {ON_SALE} AS on_sale FROM products WHERE {filter}");
        let mut found = Vec::new();
        on_db!(&self.db, p => {
            let mut query = sqlx::query(&sql);
            for a in &args {
                query = query.bind(a);
            }
            let mut rows = query.fetch(p);
            while let Some(r) = rows.try_next().await? {
                found.push((r.i64("id")?, r.text("stock_status")?, r.flag("on_sale")?));
            }
        });
        Ok(found)
    }
}

/// The counts of `q` over the products its filter holds without its stock, sale and attribute
/// choices, added one by one.
struct Counter<'a> {
    q: &'a ProductQuery,
    index: &'a ListingIndex,
    counts: ListingCounts,
    /// By the term's pair (attribute and term by slug, [`ListingIndex::pair_of`]).
    per_term: Vec<i64>,
}

impl<'a> Counter<'a> {
    fn new(q: &'a ProductQuery, index: &'a ListingIndex) -> Self {
        Counter {
            q,
            index,
            counts: ListingCounts {
                total: 0,
                in_stock: 0,
                on_sale: 0,
                facets: Vec::new(),
            },
            per_term: vec![0; index.pairs()],
        }
    }

    /// A product the listing holds, its stock, sale and attribute choices aside.
    fn add(&mut self, p: &Product<'_>) {
        let q = self.q;
        let stock_ok = q.stock_status.is_empty() || q.stock_status.iter().any(|w| w == p.stock);
        let sale_ok = q.on_sale.is_none_or(|want| want == p.on_sale);
        let all = passes(&q.attributes, q.any_attribute, None, p.pairs);
        if all {
            self.counts.total += i64::from(stock_ok && sale_ok);
            self.counts.in_stock += i64::from(p.stock == "instock" && sale_ok);
            self.counts.on_sale += i64::from(stock_ok && p.on_sale);
        }
        if !(stock_ok && sale_ok) {
            return;
        }
        for (i, (attribute, _)) in p.terms.iter().zip(p.pairs) {
            let chosen = q.attributes.iter().any(|c| c.attribute == *attribute);
            let counted = if chosen {
                passes(&q.attributes, q.any_attribute, Some(attribute), p.pairs)
            } else {
                all
            };
            if counted {
                if let Some(n) = self.per_term.get_mut(self.index.pair_of(*i) as usize) {
                    *n += 1;
                }
            }
        }
    }

    fn finish(self) -> ListingCounts {
        let mut counts = self.counts;
        for (pair, n) in self.per_term.into_iter().enumerate() {
            if n == 0 {
                continue;
            }
            let (attribute, attribute_name, term, term_name) = self.index.pair_names(pair as u32);
            let term = (term.to_owned(), term_name.to_owned(), n);
            match counts.facets.iter_mut().find(|f| f.attribute == attribute) {
                Some(f) => {
                    // Products may name an attribute differently: the first name in order.
                    if attribute_name < f.name.as_str() {
                        f.name = attribute_name.to_owned();
                    }
                    f.terms.push(term);
                }
                None => counts.facets.push(AttributeFacet {
                    attribute: attribute.to_owned(),
                    name: attribute_name.to_owned(),
                    terms: vec![term],
                }),
            }
        }
        for f in &mut counts.facets {
            f.terms
                .sort_by(|a, b| a.1.cmp(&b.1).then_with(|| a.0.cmp(&b.0)));
        }
        counts.facets.sort_by(|a, b| {
            a.name
                .cmp(&b.name)
                .then_with(|| a.attribute.cmp(&b.attribute))
        });
        counts
    }
}
