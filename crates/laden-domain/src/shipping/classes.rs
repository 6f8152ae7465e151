//! Shipping classes (WooCommerce's `product_shipping_class` terms): groups of products that cost
//! more (or less) to send, such as „Sperrgut“ for bulky goods. The shop keeps its classes once
//! (`ShopSettings::shipping_classes`); a product names its class by slug, a variation its own or
//! its product's. Each flat rate may add a cost per class found in the parcel, as WooCommerce's
//! flat rate does with its `class_cost_{id}` settings: for each class (`type: class`) or only the
//! dearest class's (`type: order`).

use crate::text::NameProblem;
use crate::Money;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

/// Most shipping classes a shop may keep.
pub const MAX_CLASSES: usize = 50;
/// The longest class name, in characters.
pub const MAX_NAME_CHARS: usize = 60;
/// The longest description, in characters.
pub const MAX_DESCRIPTION_CHARS: usize = 200;
/// The refusal of a class the shop does not keep (a catalogue id).
pub const UNKNOWN_CLASS: &str =
    "There is no such shipping class: add it in the shop's shipping settings first.";

/// A shipping class as the shop keeps it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct ShippingClass {
    /// WooCommerce's term id (`shipping_class_id`), given when the class is added.
    pub id: i64,
    /// Made from the name and kept when it is renamed: what products and class costs name.
    pub slug: String,
    pub name: String,
    pub description: String,
}

impl ShippingClass {
    /// A class as entered: name and description on one line each, its slug made from the name
    /// or `keep` where it had one, its id `id` (0: a new one, given one by [`number`]).
    pub fn entered(id: i64, name: &str, description: &str, keep: &str) -> ShippingClass {
        let name = crate::text::one_line(name, usize::MAX).unwrap_or_default();
        let kept = crate::text::slugify(keep);
        ShippingClass {
            id,
            slug: if kept.is_empty() {
                crate::text::slugify(&name)
            } else {
                kept
            },
            name,
            description: crate::text::one_line(description, usize::MAX).unwrap_or_default(),
        }
    }
}

/// The class a person names by its slug or name (in any case and spacing).
pub fn named<'a>(classes: &'a [ShippingClass], text: &str) -> Option<&'a ShippingClass> {
    crate::text::named(classes, text, |c| (&c.slug, &c.name))
}

/// The class of a slug the shop keeps (none for an empty or unknown slug).
pub fn find<'a>(classes: &'a [ShippingClass], slug: &str) -> Option<&'a ShippingClass> {
    crate::text::by_slug(classes, slug, |c| &c.slug)
}

/// Gives each new class (id 0) an id after the highest one `before` and the list had, so an
/// id never names two classes at once.
pub fn number(classes: &mut [ShippingClass], before: &[ShippingClass]) {
    let mut last = before
        .iter()
        .chain(classes.iter())
        .map(|c| c.id)
        .max()
        .unwrap_or(0);
    for c in classes.iter_mut().filter(|c| c.id <= 0) {
        last += 1;
        c.id = last;
    }
}

/// The shop's list as entered, measured against the one `before`: a listed class (by id) keeps
/// its slug, whatever slug was sent; new ones (id 0) are numbered ([`number`]). `Err`: the
/// [`problems`].
pub fn settle(
    mut list: Vec<ShippingClass>,
    before: &[ShippingClass],
) -> Result<Vec<ShippingClass>, Vec<(String, &'static str)>> {
    for c in &mut list {
        if let Some(b) = before.iter().find(|b| c.id > 0 && b.id == c.id) {
            c.slug.clone_from(&b.slug);
        }
        c.id = c.id.max(0);
    }
    number(&mut list, before);
    match problems(&list) {
        p if p.is_empty() => Ok(list),
        p => Err(p),
    }
}

/// The slugs of `classes`.
pub fn slugs(classes: &[ShippingClass]) -> Vec<String> {
    classes.iter().map(|c| c.slug.clone()).collect()
}

/// Checks the classes; problems as (path in the list, English message id).
pub fn problems(classes: &[ShippingClass]) -> Vec<(String, &'static str)> {
    if classes.len() > MAX_CLASSES {
        return vec![(String::new(), "At most 50 shipping classes are possible.")];
    }
    let mut out = Vec::new();
    let mut seen = Vec::new();
    let mut ids = BTreeSet::new();
    for (i, c) in classes.iter().enumerate() {
        match crate::text::entry_name(&mut seen, &c.slug, &c.name, MAX_NAME_CHARS) {
            Ok(()) => {}
            Err(NameProblem::Missing) => out.push((
                format!("{i}.name"),
                "Please name the shipping class (at most 60 characters).",
            )),
            Err(NameProblem::Taken) => {
                out.push((format!("{i}.name"), "Another shipping class has this name."))
            }
        }
        if c.description.chars().count() > MAX_DESCRIPTION_CHARS {
            out.push((
                format!("{i}.description"),
                "Description: at most 200 characters.",
            ));
        }
        if !ids.insert(c.id) {
            out.push((format!("{i}.id"), "Another shipping class has this id."));
        }
    }
    out
}

/// What a flat rate adds for the shipping classes in a parcel (gross cents by class slug, and
/// `none` for goods of no class, WooCommerce's `no_class_cost`), and how: for each class found
/// (`per_order: false`, WooCommerce's `type: class`), or only the dearest class found (`type:
/// order`). A parcel of classes without a cost adds nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ClassCosts {
    pub costs: BTreeMap<String, i64>,
    /// What goods of no shipping class add (as a class of their own would).
    pub none: Option<i64>,
    pub per_order: bool,
}

impl ClassCosts {
    pub fn is_empty(&self) -> bool {
        self.costs.is_empty() && self.none.is_none() && !self.per_order
    }

    /// What it adds for a parcel carrying `classes` (slugs), and goods of no class where
    /// `unclassed`.
    pub fn extra(&self, classes: &BTreeSet<String>, unclassed: bool) -> Money {
        let found = classes
            .iter()
            .filter_map(|c| self.costs.get(c).copied())
            .chain(self.none.filter(|_| unclassed));
        Money::from_cents(if self.per_order {
            found.max().unwrap_or(0)
        } else {
            found.sum()
        })
    }

    /// Its costs without the classes the shop no longer keeps.
    pub fn kept(&self, classes: &[ShippingClass]) -> ClassCosts {
        ClassCosts {
            costs: self
                .costs
                .iter()
                .filter(|(slug, _)| find(classes, slug).is_some())
                .map(|(slug, cents)| (slug.clone(), *cents))
                .collect(),
            none: self.none,
            per_order: self.per_order,
        }
    }

    /// Problems as (path under the method, English message id): a cost below 0, a class the
    /// shop does not keep.
    pub fn problems(&self, classes: &[ShippingClass]) -> Vec<(String, &'static str)> {
        let mut out = Vec::new();
        if self.none.is_some_and(|c| c < 0) {
            out.push((
                "no_class_cost".to_owned(),
                "Please enter an amount of 0 or more.",
            ));
        }
        for (slug, cents) in &self.costs {
            if find(classes, slug).is_none() {
                out.push((format!("class_costs.{slug}"), UNKNOWN_CLASS));
            } else if *cents < 0 {
                out.push((
                    format!("class_costs.{slug}"),
                    "Please enter an amount of 0 or more.",
                ));
            }
        }
        out
    }
}
