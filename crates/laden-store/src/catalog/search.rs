//! The products' German search terms (see `laden_domain::search`): written with every product
//! change, filled for rows from before when the store opens, and matched by product lists.

use crate::db::Store;
use crate::error::Result;
use crate::row::Cols;
use crate::{on_db, Product};
use laden_domain::search::{index_terms, like_term, query_terms};

/// `(search_name, search_body)` for a product's texts.
pub(crate) fn terms(
    name: &str,
    short: &str,
    description: &str,
    sku: Option<&str>,
) -> (String, String) {
    let body = format!("{short} {description} {}", sku.unwrap_or_default());
    (index_terms(name), index_terms(&body))
}

pub(crate) fn product_terms(p: &Product) -> (String, String) {
    terms(
        &p.name,
        &p.short_description,
        &p.description,
        p.sku.as_deref(),
    )
}

/// A list's search: its `WHERE` part (every term in the name or the rest) with the `LIKE`
/// patterns pushed onto `args`, and an `ORDER BY` part that puts products whose name holds
/// every term first. A query without a word matches nothing.
pub(crate) fn filter(query: &str, args: &mut Vec<String>) -> (String, String) {
    let terms = query_terms(query);
    if terms.is_empty() {
        return (" AND 1 = 0".to_owned(), String::new());
    }
    let mut filter = String::new();
    let mut in_name = Vec::new();
    for t in terms {
        args.push(like_term(&t));
        let n = args.len();
        filter.push_str(&format!(
            " AND (search_name LIKE ${n} ESCAPE '\\' OR search_body LIKE ${n} ESCAPE '\\')"
        ));
        in_name.push(format!("search_name LIKE ${n} ESCAPE '\\'"));
    }
    let rank = format!("CASE WHEN {} THEN 0 ELSE 1 END, ", in_name.join(" AND "));
    (filter, rank)
}

impl Store {
    /// Writes the search terms of products that have none yet (rows from before the search
    /// columns); safe on every instance at once.
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
            for (id, name, short, description, sku) in rows {
                let (n, b) = terms(&name, &short, &description, sku.as_deref());
                on_db!(&self.db, p => {
                    sqlx::query("UPDATE products SET search_name = $1, search_body = $2, search_indexed = TRUE WHERE id = $3")
                        .bind(&n)
                        .bind(&b)
                        .bind(id)
                        .execute(p)
                        .await?;
                });
            }
        }
    }
}
