//! The products' German search terms (see `laden_domain::catalog::search`): written with every product
//! change, filled for rows from before (or written by an older rule) when the store opens, and
//! matched by product lists, with the categories and tags whose names hold a query's word.

use crate::db::Store;
use crate::error::Result;
use crate::row::Cols;
use crate::{on_db, on_tx, Product};
use laden_domain::catalog::search::{
    compound_parts, finds_parts, index_terms, query_terms, Found, Named,
};
use laden_domain::content::Scope;
use std::collections::HashMap;

/// What a product keeps to be found: its name's terms and compound parts, and the rest's terms
/// (descriptions, SKU).
pub(crate) struct Kept {
    pub name: String,
    pub parts: String,
    pub body: String,
}

pub(crate) fn terms(name: &str, short: &str, description: &str, sku: Option<&str>) -> Kept {
    let body = format!("{short} {description} {}", sku.unwrap_or_default());
    Kept {
        name: index_terms(name),
        parts: compound_parts(name),
        body: index_terms(&body),
    }
}

pub(crate) fn product_terms(p: &Product) -> Kept {
    terms(
        &p.name,
        &p.short_description,
        &p.description,
        p.sku.as_deref(),
    )
}

/// One word of a search: its stem, and the categories (with everything below them) and tags
/// whose names hold it.
#[derive(Debug, Clone, Default)]
pub(crate) struct SearchTerm {
    term: String,
    categories: Vec<i64>,
    tags: Vec<i64>,
}

/// A query's words, resolved, and which database's text index will look them up.
#[derive(Debug, Clone, Default)]
pub(crate) struct Search {
    terms: Vec<SearchTerm>,
    postgres: bool,
}

impl Store {
    /// The words of `query` with the categories and tags each finds (none for a query without a
    /// word).
    pub(crate) async fn search_terms(&self, query: Option<&str>) -> Result<Search> {
        let postgres = matches!(self.db, crate::db::Db::Postgres(_));
        let terms = query.map(query_terms).unwrap_or_default();
        if terms.is_empty() {
            return Ok(Search {
                terms: Vec::new(),
                postgres,
            });
        }
        // The categories as kept per catalogue version (`Store::categories`), not read again.
        let categories: Vec<(i64, Option<i64>, Named)> = self
            .categories()
            .await?
            .iter()
            .map(|c| (c.id, c.parent_id, Named::of(&c.name)))
            .collect();
        let tags = on_db!(&self.db, p => {
            sqlx::query("SELECT id, name FROM tags")
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("id")?, Named::of(&r.text("name")?))))
                .collect::<Result<Vec<_>>>()?
        });
        let mut children: HashMap<i64, Vec<i64>> = HashMap::new();
        for (id, parent, _) in &categories {
            if let Some(parent) = parent {
                children.entry(*parent).or_default().push(*id);
            }
        }
        let terms = terms
            .into_iter()
            .map(|term| {
                let mut found: Vec<i64> = categories
                    .iter()
                    .filter(|(_, _, name)| name.finds(&term).is_some())
                    .map(|(id, _, _)| *id)
                    .collect();
                // A category's products are those of everything below it too.
                let mut next = 0;
                while next < found.len() {
                    for child in children.get(&found[next]).into_iter().flatten() {
                        if !found.contains(child) {
                            found.push(*child);
                        }
                    }
                    next += 1;
                }
                let tags = tags
                    .iter()
                    .filter(|(_, name)| name.finds(&term).is_some())
                    .map(|(id, _)| *id)
                    .collect();
                SearchTerm {
                    term,
                    categories: found,
                    tags,
                }
            })
            .collect();
        Ok(Search { terms, postgres })
    }
}

/// One lookup of a search in the text index, as the listing index joins them: the products
/// the text index finds for it, and the categories and tags whose products it finds as well (a
/// word their names hold). The words no category or tag name holds are one lookup together;
/// every other word is one alone.
#[derive(Debug, Clone, Default)]
pub(crate) struct TextFound {
    pub ids: Vec<i64>,
    pub categories: Vec<i64>,
    pub tags: Vec<i64>,
}

impl Store {
    /// What the text index finds for each lookup of `search` (none for a search without a
    /// word, which finds nothing): the ids alone, in one row a lookup, so that reading a
    /// thousand products found costs one answer rather than a thousand rows.
    pub(crate) async fn text_found(&self, search: &Search) -> Result<Vec<TextFound>> {
        let lookups = search.lookups();
        let mut found = Vec::with_capacity(lookups.len());
        for (query, term) in lookups {
            let ids = match &self.db {
                crate::db::Db::Sqlite(p) => {
                    let ids: Option<String> = sqlx::query_scalar(
                        "SELECT group_concat(rowid) FROM product_search WHERE product_search MATCH $1",
                    )
                    .bind(&query)
                    .fetch_one(p)
                    .await?;
                    ids.unwrap_or_default()
                        .split(',')
                        .filter(|id| !id.is_empty())
                        .map(|id| {
                            id.parse::<i64>().map_err(|_| {
                                crate::error::StoreError::Data(format!("a product id: {id}"))
                            })
                        })
                        .collect::<Result<Vec<_>>>()?
                }
                crate::db::Db::Postgres(p) => {
                    let ids: Option<Vec<i64>> = sqlx::query_scalar(
                        "SELECT array_agg(id) FROM products WHERE search_vector @@ $1::tsquery",
                    )
                    .bind(&query)
                    .fetch_one(p)
                    .await?;
                    ids.unwrap_or_default()
                }
            };
            found.push(TextFound {
                ids,
                categories: term.map(|t| t.categories.clone()).unwrap_or_default(),
                tags: term.map(|t| t.tags.clone()).unwrap_or_default(),
            });
        }
        Ok(found)
    }
}

impl Search {
    /// The rank of a product the search found (its name's kept terms and parts, its categories
    /// and tags): each word's place (a whole word of the name 0, the beginning of one or of a
    /// part 1, a category or tag 2, the rest 3), summed, as [`filter`]'s ranking has it.
    pub(crate) fn rank(&self, name: &Named, categories: &[i64], tags: &[i64]) -> i64 {
        self.terms
            .iter()
            .map(|t| {
                let found = name.finds(&t.term).unwrap_or_else(|| {
                    if t.categories.iter().any(|c| categories.contains(c))
                        || t.tags.iter().any(|x| tags.contains(x))
                    {
                        Found::Taxonomy
                    } else {
                        Found::Body
                    }
                });
                found as i64
            })
            .sum()
    }
}

/// Where a query term is looked for in the text index: the name (whole terms, or terms it
/// begins), with the name's compound parts, or anywhere (the rest too).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Looked {
    WholeName,
    Name,
    Anywhere,
}

impl Search {
    /// The text index's query for `term` where `looked` says: an FTS5 `MATCH` on SQLite, a
    /// `tsquery` on PostgreSQL (weights A name, B parts, D the rest). Terms hold only letters
    /// and digits (`query_terms`), so they need no quoting beyond the syntax's own.
    fn query(&self, term: &str, looked: Looked) -> String {
        let parts = finds_parts(term);
        if self.postgres {
            match looked {
                Looked::WholeName => format!("'{term}':A"),
                Looked::Name if parts => format!("'{term}':*AB"),
                Looked::Name => format!("'{term}':*A"),
                // Every weight the vector holds (A, B, D): no weight to check on the rows.
                Looked::Anywhere if parts => format!("'{term}':*"),
                Looked::Anywhere => format!("'{term}':*AD"),
            }
        } else {
            match looked {
                Looked::WholeName => format!("search_name : \"{term}\""),
                Looked::Name if parts => format!("{{search_name search_parts}} : \"{term}\"*"),
                Looked::Name => format!("search_name : \"{term}\"*"),
                Looked::Anywhere if parts => format!("\"{term}\"*"),
                Looked::Anywhere => format!("{{search_name search_body}} : \"{term}\"*"),
            }
        }
    }

    /// The text index's lookups of the search: the words no category or tag name holds in
    /// one (each word's products intersected inside the index, rather than one lookup a word),
    /// then each other word alone with its term (whose categories and tags find products too).
    /// None for a search without a word.
    fn lookups(&self) -> Vec<(String, Option<&SearchTerm>)> {
        let (plain, named): (Vec<&SearchTerm>, Vec<&SearchTerm>) = self
            .terms
            .iter()
            .partition(|t| t.categories.is_empty() && t.tags.is_empty());
        let mut lookups = Vec::with_capacity(named.len() + 1);
        if !plain.is_empty() {
            let queries: Vec<String> = plain
                .iter()
                .map(|t| format!("({})", self.query(&t.term, Looked::Anywhere)))
                .collect();
            lookups.push((
                queries.join(if self.postgres { " & " } else { " AND " }),
                None,
            ));
        }
        for t in named {
            lookups.push((self.query(&t.term, Looked::Anywhere), Some(t)));
        }
        lookups
    }

    /// `products.id`'s row found by the text index query bound at `mark`.
    fn found(&self, mark: &str) -> String {
        if self.postgres {
            format!("search_vector @@ {mark}::tsquery")
        } else {
            format!("id IN (SELECT rowid FROM product_search WHERE product_search MATCH {mark})")
        }
    }
}

/// A search's order: the `ORDER BY` part that ranks the products found, and the values it
/// binds, numbered after the filter's (so a count, which has no order, binds only the filter's).
#[derive(Debug, Clone, Default)]
pub(crate) struct Ranking {
    pub order: String,
    pub args: Vec<String>,
}

/// A list's search: its `WHERE` part (every word found somewhere) with the words' index queries
/// pushed onto `args`, and the ranking of each product by where its words were found
/// (`laden_domain::catalog::search::Found`: a whole word of the name, a part of it, a category
/// or tag, the rest; summed over the words). A query without a word matches nothing. Each word
/// is looked up in the database's text index (`product_search` on SQLite, `search_vector` on
/// PostgreSQL, both holding exactly the kept terms): the search costs the products it finds,
/// not the catalogue.
pub(crate) fn filter(search: &Search, args: &mut Vec<String>) -> (String, Ranking) {
    if search.terms.is_empty() {
        return (" AND 1 = 0".to_owned(), Ranking::default());
    }
    let ids = |list: &[i64]| {
        list.iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(",")
    };
    // The products of the categories (with those below them) and tags whose names hold a word.
    let taxonomy = |t: &SearchTerm| {
        let mut taxonomy = Vec::new();
        if !t.categories.is_empty() {
            taxonomy.push(format!(
                "id IN (SELECT product_id FROM product_categories WHERE category_id IN ({}))",
                ids(&t.categories)
            ));
        }
        if !t.tags.is_empty() {
            taxonomy.push(format!(
                "id IN (SELECT product_id FROM product_tags WHERE tag_id IN ({}))",
                ids(&t.tags)
            ));
        }
        if taxonomy.is_empty() {
            None
        } else {
            Some(taxonomy.join(" OR "))
        }
    };
    let mut filter = String::new();
    for (query, term) in search.lookups() {
        args.push(query);
        let found = search.found(&format!("${}", args.len()));
        match term.and_then(taxonomy) {
            Some(taxonomy) => filter.push_str(&format!(" AND ({found} OR {taxonomy})")),
            None => filter.push_str(&format!(" AND {found}")),
        }
    }
    let mut ranking = Ranking::default();
    let first = args.len();
    let mut ranks = Vec::new();
    for t in &search.terms {
        let mut mark = |looked: Looked| {
            ranking.args.push(search.query(&t.term, looked));
            search.found(&format!("${}", first + ranking.args.len()))
        };
        let name = mark(Looked::Name);
        let whole = mark(Looked::WholeName);
        let taxonomy = taxonomy(t).unwrap_or_else(|| "1 = 0".to_owned());
        ranks.push(format!(
            "(CASE WHEN {whole} THEN 0 WHEN {name} THEN 1 WHEN {taxonomy} THEN 2 ELSE 3 END)"
        ));
    }
    ranking.order = format!("{}, ", ranks.join(" + "));
    (filter, ranking)
}

impl Store {
    /// Writes the search terms of products that have none yet (rows from before the search
    /// columns, or from before a change of the rule, which sets `search_indexed` back);
    /// safe on every instance at once.
    pub(crate) async fn index_search(&self) -> Result<()> {
        loop {
            let rows: Vec<(i64, String, String, String, Option<String>)> = on_db!(&self.db, p => {
                sqlx::query("SELECT id, name, short_description, description, sku FROM products WHERE search_indexed = FALSE LIMIT 500")
                    .fetch_all(p)
                    .await?
                    .iter()
                    .map(|r| Ok((r.i64("id")?, r.text("name")?, r.text("short_description")?, r.text("description")?, r.opt_text("sku")?)))
                    .collect::<Result<Vec<_>>>()?
            });
            if rows.is_empty() {
                return Ok(());
            }
            // One transaction a batch: a whole catalogue written again after an upgrade is one
            // commit per 500 products, not one each.
            let mut tx = self.begin().await?;
            // The listing index keeps the names' terms (which a search ranks by): the products
            // written are changes it follows, on every instance.
            let changed: Vec<Scope> = rows.iter().map(|r| Scope::Product(r.0)).collect();
            crate::changes::record(&mut tx, &changed).await?;
            for (id, name, short, description, sku) in rows {
                let kept = terms(&name, &short, &description, sku.as_deref());
                on_tx!(tx, c => {
                    sqlx::query("UPDATE products SET search_name = $1, search_parts = $2, search_body = $3, search_indexed = TRUE WHERE id = $4")
                        .bind(&kept.name)
                        .bind(&kept.parts)
                        .bind(&kept.body)
                        .bind(id)
                        .execute(&mut *c)
                        .await?;
                });
            }
            tx.commit().await?;
        }
    }
}
