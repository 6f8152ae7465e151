//! The attribute terms the listed products name: each spelling once, with how many products
//! name it, so a facet shows the first spelling a listed product still names.

use std::collections::HashMap;
use std::sync::Arc;

/// A term as a product spells it: (attribute slug, attribute name, term slug, term name), shared
/// by the products that spell it alike while they are read.
pub(crate) type Spelling = Arc<(String, String, String, String)>;

/// Every attribute term the listed products name, each spelling once.
#[derive(Debug, Default)]
pub(super) struct Terms {
    /// (attribute slug, attribute name, term slug, term name), the products naming it, and
    /// its pair (the attribute and term by slug: index into `pairs`).
    pub(super) names: Vec<Named>,
    by_name: HashMap<(String, String, String, String), u32>,
    /// (attribute slug, term slug) and the spellings of it.
    pub(super) pairs: Vec<(String, String, Vec<u32>)>,
    by_pair: HashMap<(String, String), u32>,
}

#[derive(Debug)]
pub(super) struct Named {
    pub(super) attribute: String,
    attribute_name: String,
    pub(super) term: String,
    term_name: String,
    products: u32,
    pub(super) pair: u32,
}

impl Terms {
    /// The index of a spelling, made where new, one more product naming it.
    pub(super) fn take(&mut self, t: &Spelling) -> u32 {
        if let Some(&i) = self.by_name.get(&**t) {
            self.names[i as usize].products += 1;
            return i;
        }
        let pair_key = (t.0.clone(), t.2.clone());
        let pair = match self.by_pair.get(&pair_key) {
            Some(&p) => p,
            None => {
                let p = self.pairs.len() as u32;
                self.pairs.push((t.0.clone(), t.2.clone(), Vec::new()));
                self.by_pair.insert(pair_key, p);
                p
            }
        };
        let i = self.names.len() as u32;
        self.pairs[pair as usize].2.push(i);
        self.names.push(Named {
            attribute: t.0.clone(),
            attribute_name: t.1.clone(),
            term: t.2.clone(),
            term_name: t.3.clone(),
            products: 1,
            pair,
        });
        self.by_name.insert((**t).clone(), i);
        i
    }

    /// One product fewer naming these spellings.
    pub(super) fn release(&mut self, terms: &[u32]) {
        for &i in terms {
            let n = &mut self.names[i as usize];
            n.products = n.products.saturating_sub(1);
        }
    }

    /// The attribute's and term's names of a pair: the first of the spellings still named (as
    /// products may name a term differently).
    pub(super) fn names_of(&self, pair: u32) -> (&str, &str) {
        let mut attribute: Option<&str> = None;
        let mut term: Option<&str> = None;
        for &i in &self.pairs[pair as usize].2 {
            let n = &self.names[i as usize];
            if n.products == 0 {
                continue;
            }
            if attribute.is_none_or(|a| n.attribute_name.as_str() < a) {
                attribute = Some(&n.attribute_name);
            }
            if term.is_none_or(|t| n.term_name.as_str() < t) {
                term = Some(&n.term_name);
            }
        }
        (attribute.unwrap_or_default(), term.unwrap_or_default())
    }
}
