//! Product safety information an offer must give (GPSR, Regulation (EU) 2023/988, Art. 19, in
//! force since 13 December 2024): the manufacturer's name with its postal and electronic
//! address, the responsible person in the EU where the manufacturer is outside it, and the
//! warnings and safety information the goods carry. The shop keeps its manufacturers once
//! (`ShopSettings::manufacturers`, as Germanized keeps its `product_manufacturer` terms) and a
//! product names one by its slug; a variation takes its product's.

use serde::{Deserialize, Serialize};

/// A manufacturer as the shop keeps it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(default)]
pub struct Manufacturer {
    /// Made from the name (`text::slugify`); what products name.
    pub slug: String,
    pub name: String,
    /// Postal and electronic address (e-mail or website), as lines of text.
    pub address: String,
    /// The responsible person in the EU (name and address), for a manufacturer outside it.
    pub eu_person: String,
}

/// Most manufacturers a shop may keep.
pub const MAX_MANUFACTURERS: usize = 500;
/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest address or responsible person, in characters.
pub const MAX_ADDRESS_CHARS: usize = 500;
/// The longest warnings and safety information of a product, in characters.
pub const MAX_SAFETY_CHARS: usize = 2000;

impl Manufacturer {
    /// A manufacturer as entered: trimmed, its slug made from its name.
    pub fn entered(name: &str, address: &str, eu_person: &str) -> Manufacturer {
        Manufacturer {
            slug: crate::text::slugify(name.trim()),
            name: name.trim().to_owned(),
            address: crate::text::lines(address),
            eu_person: crate::text::lines(eu_person),
        }
    }

    /// Keeps the slug the manufacturer had (`slug` as the settings list it), so products that
    /// name it still do after its name is corrected; an empty or unusable one leaves the new.
    pub fn keeping(mut self, slug: &str) -> Manufacturer {
        let kept = crate::text::slugify(slug.trim());
        if !kept.is_empty() {
            self.slug = kept;
        }
        self
    }
}

/// Checks a list of manufacturers; problems as (field path, English message id).
pub fn manufacturer_problems(list: &[Manufacturer]) -> Vec<(String, String)> {
    if list.len() > MAX_MANUFACTURERS {
        return vec![(
            String::new(),
            "At most 500 manufacturers are possible.".to_owned(),
        )];
    }
    let mut out = Vec::new();
    // Slugs and names (as slugs) already taken: one manufacturer each.
    let mut seen: Vec<String> = Vec::new();
    for (i, m) in list.iter().enumerate() {
        match crate::text::entry_name(&mut seen, &m.slug, &m.name, MAX_NAME_CHARS) {
            Ok(()) => {}
            Err(crate::text::NameProblem::Missing) => out.push((
                format!("{i}.name"),
                "Please name the manufacturer (at most 100 characters).".to_owned(),
            )),
            Err(crate::text::NameProblem::Taken) => out.push((
                format!("{i}.name"),
                "Another manufacturer has this name.".to_owned(),
            )),
        }
        if m.address.is_empty() || m.address.chars().count() > MAX_ADDRESS_CHARS {
            out.push((
                format!("{i}.address"),
                "Please give the manufacturer's postal and electronic address (at most 500 characters).".to_owned(),
            ));
        }
        if m.eu_person.chars().count() > MAX_ADDRESS_CHARS {
            out.push((
                format!("{i}.eu_person"),
                "At most 500 characters.".to_owned(),
            ));
        }
    }
    out
}

/// A product's warnings and safety information as kept: its lines trimmed; `Err` with the
/// English message id when too long.
pub fn clean_safety(text: &str) -> Result<String, &'static str> {
    let text = crate::text::lines(text);
    if text.chars().count() > MAX_SAFETY_CHARS {
        return Err("Warnings and safety information take at most 2,000 characters.");
    }
    Ok(text)
}

/// The manufacturer `slug` names among `list`.
pub fn find<'a>(list: &'a [Manufacturer], slug: &str) -> Option<&'a Manufacturer> {
    crate::text::by_slug(list, slug, |m| &m.slug)
}

/// The manufacturer a person names, by its slug or its name (in any case and spacing).
pub fn named<'a>(list: &'a [Manufacturer], text: &str) -> Option<&'a Manufacturer> {
    crate::text::named(list, text, |m| (&m.slug, &m.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manufacturer_is_kept_trimmed_with_its_slug() {
        let m = Manufacturer::entered(
            "  Kaffeemühlen Müller GmbH ",
            "Mühlenweg 3\r\n\r\n  04109 Leipzig \ninfo@mueller.example",
            " ",
        );
        assert_eq!(m.slug, "kaffeemuehlen-mueller-gmbh");
        assert_eq!(m.name, "Kaffeemühlen Müller GmbH");
        assert_eq!(
            m.address,
            "Mühlenweg 3\n04109 Leipzig\ninfo@mueller.example"
        );
        assert_eq!(m.eu_person, "");
    }

    #[test]
    fn problems_name_the_field() {
        let ok = Manufacturer::entered(
            "Acme Ltd",
            "1 Main St\nSpringfield\nacme.example",
            "Acme EU GmbH\nBerlin",
        );
        let cases: Vec<(Vec<Manufacturer>, Vec<&str>)> = vec![
            (vec![ok.clone()], vec![]),
            (vec![Manufacturer::entered(" ", "x", "")], vec!["0.name"]),
            (
                vec![Manufacturer::entered(&"a".repeat(101), "x", "")],
                vec!["0.name"],
            ),
            (vec![Manufacturer::entered("B", "", "")], vec!["0.address"]),
            (
                vec![Manufacturer::entered("B", &"x".repeat(501), "")],
                vec!["0.address"],
            ),
            (
                vec![Manufacturer::entered("B", "x", &"y".repeat(501))],
                vec!["0.eu_person"],
            ),
            // Two names that make one slug are one manufacturer twice.
            (
                vec![ok.clone(), Manufacturer::entered("ACME  ltd", "y", "")],
                vec!["1.name"],
            ),
        ];
        for (list, want) in cases {
            let got: Vec<String> = manufacturer_problems(&list)
                .into_iter()
                .map(|(p, _)| p)
                .collect();
            assert_eq!(got, want, "{list:?}");
        }
        let many = vec![ok; MAX_MANUFACTURERS + 1];
        assert_eq!(manufacturer_problems(&many).len(), 1);
    }

    #[test]
    fn a_renamed_manufacturer_keeps_its_slug() {
        let renamed = Manufacturer::entered("Acme Toys Limited", "x", "").keeping("acme-toys-ltd");
        assert_eq!(renamed.slug, "acme-toys-ltd");
        assert_eq!(renamed.name, "Acme Toys Limited");
        // None given (a new one), or nothing usable: made from the name.
        assert_eq!(
            Manufacturer::entered("Acme", "x", "").keeping(" ").slug,
            "acme"
        );
        // A kept slug and another's name that makes it are one manufacturer twice.
        let list = vec![renamed, Manufacturer::entered("Acme Toys Ltd", "y", "")];
        assert_eq!(manufacturer_problems(&list).len(), 1);
    }

    #[test]
    fn safety_information_is_kept_within_its_limit() {
        assert_eq!(
            clean_safety("  Nicht für Kinder unter 3 Jahren. \r\n\r\nErstickungsgefahr."),
            Ok("Nicht für Kinder unter 3 Jahren.\nErstickungsgefahr.".to_owned())
        );
        assert_eq!(clean_safety(""), Ok(String::new()));
        assert!(clean_safety(&"x".repeat(2001)).is_err());
        assert_eq!(clean_safety(&"x".repeat(2000)).map(|s| s.len()), Ok(2000));
    }

    #[test]
    fn a_slug_finds_its_manufacturer() {
        let list = vec![Manufacturer::entered("Acme", "x", "")];
        assert_eq!(find(&list, "acme").map(|m| m.name.as_str()), Some("Acme"));
        assert!(find(&list, "other").is_none());
        assert!(find(&list, "").is_none());
        // By name too, also once renamed with its slug kept.
        let renamed = vec![Manufacturer::entered("Acme Toys Limited", "x", "").keeping("acme-ltd")];
        for text in ["acme-ltd", "Acme Toys Limited", " acme toys  LIMITED "] {
            assert_eq!(
                named(&renamed, text).map(|m| m.slug.as_str()),
                Some("acme-ltd"),
                "{text}"
            );
        }
        assert!(named(&renamed, "Acme").is_none());
        assert!(named(&renamed, " ").is_none());
    }
}
