//! Which variation of a variable product a shopper's choices name (WooCommerce's rule): every
//! attribute of the variation must be chosen; a variation's empty value means "any value".

/// An attribute's name as compared: lower case, without `attribute_` and `pa_`, umlauts spelt
/// out, everything else but letters and digits a dash (`attribute_pa_größe` → `groesse`).
pub fn normalise_attr(name: &str) -> String {
    let n = name.trim().to_lowercase();
    let n = n.strip_prefix("attribute_").unwrap_or(&n);
    let n = n.strip_prefix("pa_").unwrap_or(n);
    n.chars()
        .map(|c| match c {
            'ä' => "ae".to_owned(),
            'ö' => "oe".to_owned(),
            'ü' => "ue".to_owned(),
            'ß' => "ss".to_owned(),
            c if c.is_alphanumeric() => c.to_string(),
            _ => "-".to_owned(),
        })
        .collect()
}

/// Whether a variation with `attributes` (name, its value or `None` for "any") is the one the
/// `choices` (attribute, value) name.
pub fn matches<'a>(
    attributes: impl IntoIterator<Item = (&'a str, Option<&'a str>)>,
    choices: &[(&str, &str)],
) -> bool {
    attributes.into_iter().all(|(name, own)| {
        let wanted = choices
            .iter()
            .find(|(attribute, _)| normalise_attr(attribute) == normalise_attr(name));
        match (own, wanted) {
            (None, Some((_, value))) => !value.trim().is_empty(),
            (Some(own), Some((_, value))) => {
                own.eq_ignore_ascii_case(value.trim())
                    || normalise_attr(own) == normalise_attr(value)
            }
            (_, None) => false,
        }
    })
}

/// The values a shopper chose for a variation's "any" attributes (those `own` gives no value,
/// `None`), each as `(attribute, value)` spelt as the product offers it in `offered` (attribute,
/// its options); in the variation's attribute order. `None` when one of them is not chosen, or
/// chosen with a value the product does not offer (WooCommerce refuses both). A variation
/// without "any" attributes has none.
pub fn any_choices(
    own: &[(&str, Option<&str>)],
    offered: &[(&str, &[String])],
    choices: &[(&str, &str)],
) -> Option<Vec<(String, String)>> {
    own.iter()
        .filter(|(_, value)| value.is_none())
        .map(|(name, _)| {
            let key = normalise_attr(name);
            let (_, value) = choices
                .iter()
                .find(|(attribute, _)| normalise_attr(attribute) == key)?;
            let value = value.trim();
            if value.is_empty() {
                return None;
            }
            let options = offered
                .iter()
                .find(|(attribute, _)| normalise_attr(attribute) == key)
                .map_or(&[][..], |(_, options)| *options);
            let spelt = if options.is_empty() {
                value.to_owned()
            } else {
                options
                    .iter()
                    .find(|o| {
                        o.eq_ignore_ascii_case(value) || normalise_attr(o) == normalise_attr(value)
                    })?
                    .clone()
            };
            Some(((*name).to_owned(), spelt))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A variation's attributes (`None`: any), the shopper's choices, what is kept.
    type Case<'a> = (
        &'a [(&'a str, Option<&'a str>)],
        &'a [(&'a str, &'a str)],
        Option<Vec<(String, String)>>,
    );

    #[test]
    fn a_variations_any_attributes_take_the_shoppers_choice_as_the_product_spells_it() {
        let sizes = ["Small".to_owned(), "Medium".to_owned(), "Large".to_owned()];
        let colours = ["Red".to_owned(), "Blue".to_owned()];
        let offered: [(&str, &[String]); 2] = [("Color", &colours), ("Size", &sizes)];
        let red_any_size = [("Color", Some("Red")), ("Size", None)];
        let pairs = |list: &[(&str, &str)]| -> Option<Vec<(String, String)>> {
            Some(
                list.iter()
                    .map(|(a, v)| ((*a).to_owned(), (*v).to_owned()))
                    .collect(),
            )
        };
        let cases: [Case; 8] = [
            (
                &red_any_size,
                &[("Color", "Red"), ("Size", "Large")],
                pairs(&[("Size", "Large")]),
            ),
            // Names and values as WooCommerce's clients send them.
            (
                &red_any_size,
                &[("attribute_color", "red"), ("attribute_size", "large")],
                pairs(&[("Size", "Large")]),
            ),
            (
                &red_any_size,
                &[("pa_size", " medium ")],
                pairs(&[("Size", "Medium")]),
            ),
            // Not chosen, empty, or not offered: refused.
            (&red_any_size, &[("Color", "Red")], None),
            (&red_any_size, &[("Size", "  ")], None),
            (&red_any_size, &[("Size", "XXL")], None),
            // No "any" attribute: nothing to keep.
            (
                &[("Color", Some("Red")), ("Size", Some("Large"))],
                &[("Size", "Small")],
                pairs(&[]),
            ),
            // An attribute the product lists no options for takes the value as given.
            (
                &[("Gravur", None)],
                &[("Gravur", " Für Anna ")],
                pairs(&[("Gravur", "Für Anna")]),
            ),
        ];
        for (own, choices, want) in cases {
            assert_eq!(
                any_choices(own, &offered, choices),
                want,
                "{own:?} {choices:?}"
            );
        }
    }

    #[test]
    fn attribute_names_compare_as_woocommerce_sends_them() {
        for (raw, want) in [
            ("Größe", "groesse"),
            ("attribute_pa_groesse", "groesse"),
            ("pa_Mahlgrad", "mahlgrad"),
            (" Farbe/Ton ", "farbe-ton"),
        ] {
            assert_eq!(normalise_attr(raw), want, "{raw}");
        }
    }

    #[test]
    fn a_variation_matches_when_every_attribute_is_chosen() {
        type Own<'a> = &'a [(&'a str, Option<&'a str>)];
        type Chosen<'a> = &'a [(&'a str, &'a str)];
        let espresso_250 = [("Größe", Some("250 g")), ("Mahlgrad", Some("Espresso"))];
        let any_grind = [("Größe", Some("1 kg")), ("Mahlgrad", None)];
        let cases: [(Own, Chosen, bool); 7] = [
            (
                &espresso_250,
                &[("Größe", "250 g"), ("Mahlgrad", "Espresso")],
                true,
            ),
            (
                &espresso_250,
                &[
                    ("attribute_pa_groesse", "250 G"),
                    ("pa_mahlgrad", "espresso"),
                ],
                true,
            ),
            (&espresso_250, &[("Größe", "250 g")], false),
            (
                &espresso_250,
                &[("Größe", "500 g"), ("Mahlgrad", "Espresso")],
                false,
            ),
            (
                &any_grind,
                &[("Größe", "1 kg"), ("Mahlgrad", "French Press")],
                true,
            ),
            (&any_grind, &[("Größe", "1 kg"), ("Mahlgrad", " ")], false),
            (&any_grind, &[("Größe", "1 kg")], false),
        ];
        for (attributes, choices, want) in cases {
            assert_eq!(
                matches(attributes.iter().copied(), choices),
                want,
                "{attributes:?} {choices:?}"
            );
        }
    }
}
