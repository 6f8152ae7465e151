//! What a content change touches. Every cached page and API answer names the scopes it shows;
//! a change drops exactly the entries that show what it changed.

use std::fmt;

/// One thing a change can touch, or a cached entry can show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// Everything: settings, menus, pages, media, categories, the theme.
    All,
    /// Which products a listing holds, and in what order: a product was added, removed, published,
    /// moved to another category, or changed its price or order.
    Catalog,
    /// One product's (or variation's) own fields as shown: name, prices, images, stock status …
    Product(i64),
    /// One product's stock count only (a sale). Cached HTML does not show live stock (the page
    /// reads it after hydration); cached API answers do.
    Stock(i64),
}

impl Scope {
    /// Whether an entry showing `self` must go when `change` happens.
    pub fn touched_by(self, change: Scope) -> bool {
        match (self, change) {
            (_, Scope::All) => true,
            // A product's entries show its stock too.
            (Scope::Stock(a), Scope::Product(b)) => a == b,
            _ => self == change,
        }
    }

    /// Parses the stored form (`all`, `catalog`, `product:12`).
    pub fn parse(text: &str) -> Option<Scope> {
        match text {
            "all" => Some(Scope::All),
            "catalog" => Some(Scope::Catalog),
            _ => {
                let (kind, id) = text.split_once(':')?;
                let id: i64 = id.parse().ok().filter(|id| *id > 0)?;
                match kind {
                    "product" => Some(Scope::Product(id)),
                    "stock" => Some(Scope::Stock(id)),
                    _ => None,
                }
            }
        }
    }
}

impl fmt::Display for Scope {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Scope::All => f.write_str("all"),
            Scope::Catalog => f.write_str("catalog"),
            Scope::Product(id) => write!(f, "product:{id}"),
            Scope::Stock(id) => write!(f, "stock:{id}"),
        }
    }
}

/// What an edit of a product changes in the caches: always the product itself (and its parent,
/// whose page lists its variations); the listings too when the edit can change which products
/// a listing holds or their order.
pub fn product_edit_scopes(id: i64, parent: Option<i64>, membership_changed: bool) -> Vec<Scope> {
    let mut scopes = vec![Scope::Product(id)];
    scopes.extend(parent.map(Scope::Product));
    if membership_changed {
        scopes.push(Scope::Catalog);
    }
    scopes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_form_round_trips() {
        let table = [
            ("all", Some(Scope::All)),
            ("catalog", Some(Scope::Catalog)),
            ("product:12", Some(Scope::Product(12))),
            ("stock:7", Some(Scope::Stock(7))),
        ];
        for (text, scope) in table {
            assert_eq!(Scope::parse(text), scope, "{text}");
            assert_eq!(scope.map(|s| s.to_string()).as_deref(), Some(text));
        }
        for bad in [
            "",
            "product:",
            "product:x",
            "product:-1",
            "product:0",
            "Product:1",
            "alles",
            "stock:",
            "price:3",
            "product:1:2",
        ] {
            assert_eq!(Scope::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn which_entries_a_change_touches() {
        use Scope::*;
        // (entry shows, change, dropped)
        let table = [
            (Product(1), All, true),
            (Catalog, All, true),
            (Product(1), Product(1), true),
            (Product(1), Product(2), false),
            (Product(1), Catalog, false),
            (Catalog, Product(1), false),
            (Catalog, Catalog, true),
            (All, Product(1), false),
            (Stock(1), Stock(1), true),
            (Stock(1), Product(1), true),
            (Product(1), Stock(1), false),
            (Stock(1), Stock(2), false),
            (Stock(1), Catalog, false),
        ];
        for (shows, change, dropped) in table {
            assert_eq!(shows.touched_by(change), dropped, "{shows} by {change}");
        }
    }

    #[test]
    fn product_edits() {
        use Scope::*;
        assert_eq!(product_edit_scopes(5, None, false), vec![Product(5)]);
        assert_eq!(
            product_edit_scopes(6, Some(5), false),
            vec![Product(6), Product(5)]
        );
        assert_eq!(
            product_edit_scopes(5, None, true),
            vec![Product(5), Catalog]
        );
    }
}
