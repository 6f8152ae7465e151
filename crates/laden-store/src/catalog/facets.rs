//! A listing's counts: how many products it holds, how many the "only in stock" and "only on
//! sale" checkboxes would leave, and each attribute term with the products choosing it would
//! leave (its facets). One read finds the products the filter holds without those choices
//! (their ids, stock status and whether on sale, from the listing index), and the choices are
//! counted in memory over them, with every product's attribute terms kept per catalogue version
//! (`TermIndex`). A shop or category listing finds its products in the listing index kept in
//! memory per catalogue version (`listing_index.rs`), other listings (a search, a tag) in the
//! database. The answer is kept per filter until the catalogue changes, so a listing asked
//! for again (another page, another order, another shopper) counts nothing.

use crate::attribute_terms::AttributeFacet;
use crate::catalog::listing::{list_filter, ON_SALE};
use crate::catalog::listing_index::ListingIndex;
use crate::db::Store;
use crate::error::Result;
use crate::on_db;
use crate::row::Cols;
use crate::ProductQuery;
use futures::TryStreamExt;
use laden_domain::catalog::facets::passes;
use std::collections::HashMap;
use std::sync::Arc;

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

/// Every product's attribute terms: the terms' names once, each product's as indexes into them.
#[derive(Debug, Default)]
pub(crate) struct TermIndex {
    /// (attribute slug, attribute name, term slug, term name).
    names: Vec<(String, String, String, String)>,
    by_product: HashMap<i64, Vec<u32>>,
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
        let terms = self.term_index(version).await?;
        let mut base = q.clone();
        base.stock_status.clear();
        base.on_sale = None;
        base.attributes.clear();
        base.any_attribute = false;
        let mut counter = Counter::new(q, &terms);
        if ListingIndex::answers(&base) {
            // A shop or category listing with its price range: counted from memory.
            let index = self.listing_index(version).await?;
            index.each(&base, |id, stock, on_sale| counter.add(id, stock, on_sale));
        } else {
            self.count_in_database(&base, &mut counter).await?;
        }
        let counts = counter.finish();
        self.kept.listing_counts.put(version, key, counts.clone());
        Ok(counts)
    }

    /// Adds to `counter` each product `base` holds, read from the database a row at a time
    /// (memory for the counts, not for the products).
    async fn count_in_database(
        &self,
        base: &ProductQuery,
        counter: &mut Counter<'_>,
    ) -> Result<()> {
        let search = self.search_terms(base.search.as_deref()).await?;
        let (filter, args, _) = list_filter(base, &search);
        let sql =
            format!("SELECT id, stock_status, {ON_SALE} AS on_sale FROM products WHERE {filter}");
        on_db!(&self.db, p => {
            let mut query = sqlx::query(&sql);
            for a in &args {
                query = query.bind(a);
            }
            let mut rows = query.fetch(p);
            while let Some(r) = rows.try_next().await? {
                counter.add(r.i64("id")?, &r.text("stock_status")?, r.flag("on_sale")?);
            }
        });
        Ok(())
    }

    /// Every product's attribute terms, read once per catalogue version, a row at a time.
    async fn term_index(&self, version: i64) -> Result<Arc<TermIndex>> {
        if let Some(index) = self.kept.terms.get(version, &()) {
            return Ok(index);
        }
        let mut index = TermIndex::default();
        let mut at: HashMap<(String, String), u32> = HashMap::new();
        on_db!(&self.db, p => {
            let mut rows = sqlx::query(
                "SELECT product_id, attribute, attribute_name, term, term_name FROM product_attribute_terms",
            )
            .fetch(p);
            while let Some(r) = rows.try_next().await? {
                index.add(
                    &mut at,
                    r.i64("product_id")?,
                    r.text("attribute")?,
                    r.text("attribute_name")?,
                    r.text("term")?,
                    r.text("term_name")?,
                );
            }
        });
        index.by_product.shrink_to_fit();
        let index = Arc::new(index);
        self.kept.terms.put(version, (), index.clone());
        Ok(index)
    }
}

impl TermIndex {
    /// One product's term; `at` finds the terms' indexes by their slugs.
    fn add(
        &mut self,
        at: &mut HashMap<(String, String), u32>,
        product: i64,
        attribute: String,
        attribute_name: String,
        term: String,
        term_name: String,
    ) {
        let i = match at.get(&(attribute.clone(), term.clone())) {
            Some(i) => {
                // Products may name a term differently: the first name in order counts.
                let named = &mut self.names[*i as usize];
                if attribute_name < named.1 {
                    named.1 = attribute_name;
                }
                if term_name < named.3 {
                    named.3 = term_name;
                }
                *i
            }
            None => {
                let i = self.names.len() as u32;
                at.insert((attribute.clone(), term.clone()), i);
                self.names
                    .push((attribute, attribute_name, term, term_name));
                i
            }
        };
        self.by_product.entry(product).or_default().push(i);
    }
}

/// The counts of `q` over the products its filter holds without its stock, sale and attribute
/// choices, added one by one.
struct Counter<'a> {
    q: &'a ProductQuery,
    terms: &'a TermIndex,
    counts: ListingCounts,
    per_term: HashMap<u32, i64>,
}

impl<'a> Counter<'a> {
    fn new(q: &'a ProductQuery, terms: &'a TermIndex) -> Self {
        Counter {
            q,
            terms,
            counts: ListingCounts {
                total: 0,
                in_stock: 0,
                on_sale: 0,
                facets: Vec::new(),
            },
            per_term: HashMap::new(),
        }
    }

    /// A product: its id, stock status and whether it is on sale.
    fn add(&mut self, id: i64, stock: &str, on_sale: bool) {
        let q = self.q;
        let stock_ok = q.stock_status.is_empty() || q.stock_status.iter().any(|w| w == stock);
        let sale_ok = q.on_sale.is_none_or(|want| want == on_sale);
        let own: &[u32] = self.terms.by_product.get(&id).map_or(&[], Vec::as_slice);
        let pairs: Vec<(&str, &str)> = own
            .iter()
            .map(|i| {
                let n = &self.terms.names[*i as usize];
                (n.0.as_str(), n.2.as_str())
            })
            .collect();
        let all = passes(&q.attributes, q.any_attribute, None, &pairs);
        if all {
            self.counts.total += i64::from(stock_ok && sale_ok);
            self.counts.in_stock += i64::from(stock == "instock" && sale_ok);
            self.counts.on_sale += i64::from(stock_ok && on_sale);
        }
        if !(stock_ok && sale_ok) {
            return;
        }
        for (i, (attribute, _)) in own.iter().zip(&pairs) {
            let chosen = q.attributes.iter().any(|c| c.attribute == *attribute);
            let counted = if chosen {
                passes(&q.attributes, q.any_attribute, Some(attribute), &pairs)
            } else {
                all
            };
            if counted {
                *self.per_term.entry(*i).or_default() += 1;
            }
        }
    }

    fn finish(self) -> ListingCounts {
        let mut counts = self.counts;
        for (i, n) in self.per_term {
            let (attribute, attribute_name, term, term_name) = &self.terms.names[i as usize];
            let term = (term.clone(), term_name.clone(), n);
            match counts.facets.iter_mut().find(|f| &f.attribute == attribute) {
                Some(f) => f.terms.push(term),
                None => counts.facets.push(AttributeFacet {
                    attribute: attribute.clone(),
                    name: attribute_name.clone(),
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
