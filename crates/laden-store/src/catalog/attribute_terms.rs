//! The attribute terms each product offers (`product_attribute_terms`): written with every
//! product change, filled for older rows when the store opens, filtered by product lists and
//! counted for the listings' attribute filters.

use crate::db::{Store, Tx};
use crate::error::Result;
use crate::models::{Attribute, ProductKind};
use crate::row::Cols;
use crate::{on_db, on_tx};
use laden_domain::catalog::{AttributeChoice, TermOperator};
use laden_domain::text::slugify;

/// `(attribute slug, attribute name, term slug, term name)` of a product's attributes: the
/// visible ones and those its variations choose from.
pub(crate) fn terms_of(attributes: &[Attribute]) -> Vec<(String, String, String, String)> {
    let mut out: Vec<(String, String, String, String)> = Vec::new();
    for a in attributes.iter().filter(|a| a.visible || a.variation) {
        let attr = slugify(&a.name);
        if attr.is_empty() {
            continue;
        }
        for o in &a.options {
            let term = slugify(o);
            if !term.is_empty() && !out.iter().any(|(x, _, y, _)| *x == attr && *y == term) {
                out.push((attr.clone(), a.name.clone(), term, o.clone()));
            }
        }
    }
    out
}

/// Replaces product `id`'s terms (none for a variation: its product offers them).
pub(crate) async fn write(
    tx: &mut Tx,
    id: i64,
    kind: ProductKind,
    attributes: &[Attribute],
) -> Result<()> {
    let terms = if kind == ProductKind::Variation {
        Vec::new()
    } else {
        terms_of(attributes)
    };
    on_tx!(tx, c => {
        sqlx::query("DELETE FROM product_attribute_terms WHERE product_id = $1").bind(id).execute(&mut *c).await?;
        for (attr, attr_name, term, term_name) in &terms {
            sqlx::query("INSERT INTO product_attribute_terms (product_id, attribute, attribute_name, term, term_name) VALUES ($1, $2, $3, $4, $5)")
                .bind(id)
                .bind(attr)
                .bind(attr_name)
                .bind(term)
                .bind(term_name)
                .execute(&mut *c)
                .await?;
        }
        // A product written since migration 0019 is marked already (`product_row::write`): no
        // second version of its row, whose every index entry PostgreSQL would write again.
        sqlx::query("UPDATE products SET attributes_indexed = TRUE WHERE id = $1 AND NOT attributes_indexed").bind(id).execute(&mut *c).await?;
    });
    register(tx, &terms).await
}

/// Gives the shop's attribute list and term list (with their ids) what `terms` adds: made where
/// missing, never changed. In one order (by attribute, then term), so writers never wait on
/// each other in a circle.
async fn register(tx: &mut Tx, terms: &[(String, String, String, String)]) -> Result<()> {
    let mut sorted: Vec<&(String, String, String, String)> = terms.iter().collect();
    sorted.sort_by(|a, b| (&a.0, &a.2).cmp(&(&b.0, &b.2)));
    let mut last_attr: Option<&str> = None;
    on_tx!(tx, c => {
        for (attr, attr_name, term, term_name) in sorted.iter().map(|t| (&t.0, &t.1, &t.2, &t.3)) {
            if last_attr != Some(attr.as_str()) {
                sqlx::query("INSERT INTO attributes (slug, name) VALUES ($1, $2) ON CONFLICT (slug) DO NOTHING")
                    .bind(attr)
                    .bind(attr_name)
                    .execute(&mut *c)
                    .await?;
                last_attr = Some(attr.as_str());
            }
            sqlx::query(
                "INSERT INTO attribute_terms (attribute_id, slug, name) SELECT id, $2, $3 FROM attributes WHERE slug = $1 \
                 ON CONFLICT (attribute_id, slug) DO NOTHING",
            )
            .bind(attr)
            .bind(term)
            .bind(term_name)
            .execute(&mut *c)
            .await?;
        }
    });
    Ok(())
}

/// An attribute of the shop (WooCommerce's global attribute `pa_<slug>`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ShopAttribute {
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// How many terms it has.
    pub count: i64,
}

/// A term of an attribute with its published products' count.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ShopAttributeTerm {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub count: i64,
}

/// How an attribute's terms are listed (WooCommerce's `orderby` of the terms route).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TermOrder {
    Name,
    Slug,
    Count,
}

const SHOP_ATTRIBUTE_COLS: &str = "a.id, a.slug, a.name, \
    (SELECT COUNT(*) FROM attribute_terms t WHERE t.attribute_id = a.id) AS count";

fn shop_attribute(r: &impl Cols) -> Result<ShopAttribute> {
    Ok(ShopAttribute {
        id: r.i64("id")?,
        slug: r.text("slug")?,
        name: r.text("name")?,
        count: r.i64("count")?,
    })
}

/// The `WHERE` part of attribute filters (`AND` between attributes, or `OR` when `any`), their
/// values pushed onto `args`.
pub(crate) fn filter(choices: &[AttributeChoice], any: bool, args: &mut Vec<String>) -> String {
    let mut parts = Vec::new();
    for c in choices {
        args.push(c.attribute.clone());
        let attr = args.len();
        let marks: Vec<String> = c
            .terms
            .iter()
            .map(|t| {
                args.push(t.clone());
                format!("${}", args.len())
            })
            .collect();
        let select = format!(
            "SELECT product_id FROM product_attribute_terms WHERE attribute = ${attr} AND term IN ({})",
            marks.join(",")
        );
        parts.push(match c.operator {
            TermOperator::In => format!("id IN ({select})"),
            TermOperator::NotIn => format!("id NOT IN ({select})"),
            TermOperator::And => format!(
                "id IN ({select} GROUP BY product_id HAVING COUNT(*) = {})",
                c.terms.len()
            ),
        });
    }
    if parts.is_empty() {
        return String::new();
    }
    format!(" AND ({})", parts.join(if any { " OR " } else { " AND " }))
}

/// One attribute's terms among a list's products, with how many products each would leave.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct AttributeFacet {
    pub attribute: String,
    pub name: String,
    /// `(slug, name, count)`, by name.
    pub terms: Vec<(String, String, i64)>,
}

impl Store {
    /// The shop's attributes that some product offers, by name.
    pub async fn shop_attributes(&self) -> Result<Vec<ShopAttribute>> {
        let sql = format!(
            "SELECT {SHOP_ATTRIBUTE_COLS} FROM attributes a \
             WHERE EXISTS (SELECT 1 FROM product_attribute_terms p WHERE p.attribute = a.slug) ORDER BY a.name, a.id"
        );
        on_db!(&self.db, p => {
            sqlx::query(&sql).fetch_all(p).await?.iter().map(shop_attribute).collect()
        })
    }

    /// One attribute by id (`Missing` when there is none, or no product offers it).
    pub async fn shop_attribute(&self, id: i64) -> Result<ShopAttribute> {
        let sql = format!(
            "SELECT {SHOP_ATTRIBUTE_COLS} FROM attributes a WHERE a.id = $1 \
             AND EXISTS (SELECT 1 FROM product_attribute_terms p WHERE p.attribute = a.slug)"
        );
        let found = on_db!(&self.db, p => {
            sqlx::query(&sql).bind(id).fetch_optional(p).await?.map(|r| shop_attribute(&r)).transpose()?
        });
        found.ok_or(crate::error::StoreError::NotFound(
            crate::error::Missing::Attribute,
        ))
    }

    /// An attribute's name by its id, whether a product offers it now or not (`None`: no such
    /// attribute).
    pub async fn attribute_name(&self, id: i64) -> Result<Option<String>> {
        on_db!(&self.db, p => {
            sqlx::query("SELECT name FROM attributes WHERE id = $1")
                .bind(id)
                .fetch_optional(p)
                .await?
                .map(|r| r.text("name"))
                .transpose()
        })
    }

    /// An attribute's terms with their published products' counts; without the unused ones
    /// when `hide_empty`.
    pub async fn shop_attribute_terms(
        &self,
        attribute: &ShopAttribute,
        order: TermOrder,
        descending: bool,
        hide_empty: bool,
    ) -> Result<Vec<ShopAttributeTerm>> {
        let by = match order {
            TermOrder::Name => "t.name",
            TermOrder::Slug => "t.slug",
            TermOrder::Count => "count",
        };
        let dir = if descending { "DESC" } else { "ASC" };
        let sql = format!(
            "SELECT * FROM (SELECT t.id, t.slug, t.name, \
             (SELECT COUNT(*) FROM product_attribute_terms p JOIN products pr ON pr.id = p.product_id \
              WHERE p.attribute = $2 AND p.term = t.slug AND pr.status = 'publish') AS count \
             FROM attribute_terms t WHERE t.attribute_id = $1) t \
             WHERE count > 0 OR $3 = 0 ORDER BY {by} {dir}, t.id"
        );
        let rows = on_db!(&self.db, p => {
            sqlx::query(&sql)
                .bind(attribute.id)
                .bind(&attribute.slug)
                .bind(i64::from(hide_empty))
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok(ShopAttributeTerm { id: r.i64("id")?, slug: r.text("slug")?, name: r.text("name")?, count: r.i64("count")? }))
                .collect::<Result<Vec<_>>>()?
        });
        Ok(rows)
    }

    /// The slugs of an attribute's terms by their ids, in the ids' order; `Err` with the first
    /// id that is not one of its terms.
    pub async fn attribute_term_slugs(
        &self,
        attribute: &str,
        ids: &[i64],
    ) -> Result<std::result::Result<Vec<String>, i64>> {
        if ids.is_empty() {
            return Ok(Ok(Vec::new()));
        }
        // One query for all of them (ids are numbers: written into the list, not bound).
        let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
        let sql = format!(
            "SELECT t.id, t.slug FROM attribute_terms t JOIN attributes a ON a.id = t.attribute_id \
             WHERE a.slug = $1 AND t.id IN ({list})"
        );
        let found: std::collections::HashMap<i64, String> = on_db!(&self.db, p => {
            sqlx::query(&sql)
                .bind(attribute)
                .fetch_all(p)
                .await?
                .iter()
                .map(|r| Ok((r.i64("id")?, r.text("slug")?)))
                .collect::<Result<_>>()?
        });
        Ok(ids
            .iter()
            .map(|id| found.get(id).cloned().ok_or(*id))
            .collect())
    }

    /// Writes the attribute terms of products that have none yet (rows from before the table);
    /// safe on every instance at once.
    pub(crate) async fn index_attribute_terms(&self) -> Result<()> {
        loop {
            let rows: Vec<(i64, String, String)> = on_db!(&self.db, p => {
                sqlx::query("SELECT id, kind, attributes FROM products WHERE attributes_indexed = FALSE LIMIT 500")
                    .fetch_all(p)
                    .await?
                    .iter()
                    .map(|r| Ok((r.i64("id")?, r.text("kind")?, r.text("attributes")?)))
                    .collect::<Result<Vec<_>>>()?
            });
            if rows.is_empty() {
                return Ok(());
            }
            for (id, kind, raw) in rows {
                let attributes: Vec<Attribute> = serde_json::from_str(&raw)?;
                let kind = ProductKind::parse(&kind).unwrap_or_default();
                let mut tx = self.begin().await?;
                write(&mut tx, id, kind, &attributes).await?;
                tx.commit().await?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_product_offers_its_visible_and_variation_attributes_terms() {
        let attr = |name: &str, options: &[&str], variation: bool, visible: bool| Attribute {
            name: name.into(),
            options: options.iter().map(|o| (*o).to_owned()).collect(),
            variation,
            visible,
        };
        let terms = terms_of(&[
            attr("Farbe", &["Weiß", "Schwarz", "Weiß"], true, false),
            attr("Material", &["Porzellan"], false, true),
            attr("Intern", &["x"], false, false),
            attr("", &["y"], false, true),
        ]);
        let slugs: Vec<(&str, &str)> = terms
            .iter()
            .map(|(a, _, t, _)| (a.as_str(), t.as_str()))
            .collect();
        assert_eq!(
            slugs,
            [
                ("farbe", "weiss"),
                ("farbe", "schwarz"),
                ("material", "porzellan")
            ]
        );
        assert_eq!(terms[0].3, "Weiß");
    }

    #[test]
    fn filters_combine_terms_and_attributes() {
        let choice = |a: &str, t: &[&str], operator| AttributeChoice {
            attribute: a.into(),
            terms: t.iter().map(|x| (*x).to_owned()).collect(),
            operator,
        };
        let mut args = Vec::new();
        let sql = filter(
            &[
                choice("farbe", &["schwarz", "weiss"], TermOperator::In),
                choice("groesse", &["01", "02"], TermOperator::And),
            ],
            false,
            &mut args,
        );
        assert_eq!(args, ["farbe", "schwarz", "weiss", "groesse", "01", "02"]);
        assert!(sql.contains("attribute = $1 AND term IN ($2,$3))"), "{sql}");
        assert!(sql.contains(" AND id IN (SELECT product_id FROM product_attribute_terms WHERE attribute = $4 AND term IN ($5,$6) GROUP BY product_id HAVING COUNT(*) = 2)"), "{sql}");
        let mut args = Vec::new();
        assert!(filter(
            &[
                choice("farbe", &["weiss"], TermOperator::NotIn),
                choice("material", &["glas"], TermOperator::In)
            ],
            true,
            &mut args
        )
        .contains(") OR id IN"));
        assert_eq!(filter(&[], false, &mut Vec::new()), "");
    }
}
