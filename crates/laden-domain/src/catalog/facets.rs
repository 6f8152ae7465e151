//! Which products a listing's attribute choices leave, decided in memory from each product's
//! terms: the listing's counts (how many products each checkbox and each term would leave) are
//! counted over the products a filter finds, product by product, without asking the database
//! once per term. The same rule as the list's SQL (`attribute_terms::filter` in the store):
//! a choice `in` keeps a product with one of its terms, `not_in` one with none, `and` one with
//! all; the choices all hold, or (with `any`) one of them.

use super::{AttributeChoice, TermOperator};

/// Whether a product with `terms` (attribute slug, term slug) passes `choices`, leaving out
/// the choice of the attribute `except` (a facet is counted without its own choice, so a
/// second colour can be added to the first). No choice left passes every product.
pub fn passes(
    choices: &[AttributeChoice],
    any: bool,
    except: Option<&str>,
    terms: &[(&str, &str)],
) -> bool {
    let mut considered = choices
        .iter()
        .filter(|c| except != Some(c.attribute.as_str()))
        .peekable();
    if considered.peek().is_none() {
        return true;
    }
    let holds = |c: &AttributeChoice| {
        let has = |term: &str| terms.iter().any(|(a, t)| *a == c.attribute && *t == term);
        match c.operator {
            TermOperator::In => c.terms.iter().any(|t| has(t)),
            TermOperator::NotIn => !c.terms.iter().any(|t| has(t)),
            TermOperator::And => c.terms.iter().all(|t| has(t)),
        }
    };
    if any {
        considered.any(holds)
    } else {
        considered.all(holds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choice(attribute: &str, terms: &[&str], operator: TermOperator) -> AttributeChoice {
        AttributeChoice {
            attribute: attribute.to_owned(),
            terms: terms.iter().map(|t| (*t).to_owned()).collect(),
            operator,
        }
    }

    /// Choices, any of them, the attribute left out, the product's terms, whether it passes.
    type Case<'a> = (
        Vec<AttributeChoice>,
        bool,
        Option<&'a str>,
        &'a [(&'a str, &'a str)],
        bool,
    );

    #[test]
    fn choices_keep_what_the_lists_sql_keeps() {
        use TermOperator::{And, In, NotIn};
        let white_mug = [("farbe", "weiss"), ("material", "porzellan")];
        let sand_glass = [("farbe", "sand"), ("farbe", "weiss"), ("material", "glas")];
        let plain: [(&str, &str); 0] = [];
        let colour = |terms: &[&str], op| vec![choice("farbe", terms, op)];
        let table: Vec<Case> = vec![
            (vec![], false, None, &plain, true),
            (colour(&["weiss"], In), false, None, &white_mug, true),
            (
                colour(&["schwarz", "weiss"], In),
                false,
                None,
                &white_mug,
                true,
            ),
            (colour(&["schwarz"], In), false, None, &white_mug, false),
            (colour(&["weiss"], In), false, None, &plain, false),
            (colour(&["weiss"], NotIn), false, None, &white_mug, false),
            (colour(&["weiss"], NotIn), false, None, &plain, true),
            (
                colour(&["sand", "weiss"], And),
                false,
                None,
                &sand_glass,
                true,
            ),
            (
                colour(&["sand", "weiss"], And),
                false,
                None,
                &white_mug,
                false,
            ),
            // A facet's own choice is left out: every colour stays countable.
            (
                colour(&["schwarz"], In),
                false,
                Some("farbe"),
                &white_mug,
                true,
            ),
            (
                vec![
                    choice("farbe", &["weiss"], In),
                    choice("material", &["glas"], In),
                ],
                false,
                None,
                &white_mug,
                false,
            ),
            (
                vec![
                    choice("farbe", &["weiss"], In),
                    choice("material", &["glas"], In),
                ],
                true,
                None,
                &white_mug,
                true,
            ),
            (
                vec![
                    choice("farbe", &["weiss"], In),
                    choice("material", &["glas"], In),
                ],
                false,
                Some("material"),
                &white_mug,
                true,
            ),
            (
                vec![
                    choice("farbe", &["schwarz"], In),
                    choice("material", &["glas"], In),
                ],
                true,
                Some("material"),
                &white_mug,
                false,
            ),
        ];
        for (choices, any, except, product, want) in table {
            assert_eq!(
                passes(&choices, any, except, product),
                want,
                "{choices:?} any={any} except={except:?} on {product:?}"
            );
        }
    }
}
