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

#[cfg(test)]
mod tests {
    use super::*;

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
