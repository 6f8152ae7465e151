use super::*;

fn finds(product_text: &str, query: &str) -> bool {
    matches(&index_terms(product_text), &query_terms(query))
}

/// Where a product of this name (in these categories, with this description) is found for the
/// query's one word.
fn found_in(name: &str, taxonomy: &[&str], body: &str, query: &str) -> Option<Found> {
    let terms = query_terms(query);
    assert_eq!(terms.len(), 1, "{query}");
    let taxonomy: Vec<Named> = taxonomy.iter().map(|t| Named::of(t)).collect();
    found(&Named::of(name), &taxonomy, &index_terms(body), &terms[0])
}

#[test]
fn folding() {
    for (input, want) in [
        ("Straße", "strasse"),
        ("Kaffeemühle", "kaffeemuhle"),
        ("ÖL Äpfel Übel", "ol apfel ubel"),
        ("Café crème", "cafe creme"),
        // Foreign keyboards: ue, oe, ae for the umlauts, but not the u of qu.
        ("Kaffeemuehle", "kaffeemuhle"),
        ("Kaese Oel", "kase ol"),
        ("Suessigkeiten", "sussigkeiten"),
        ("Quelle", "quelle"),
    ] {
        assert_eq!(fold(input), want, "{input}");
    }
}

#[test]
fn german_words_find_each_other() {
    for (product, query, found) in [
        ("Tasse aus Porzellan", "Tassen", true),
        ("Tassen-Set", "Tasse", true),
        ("Kaffeemühle Handbetrieb", "Kaffeemuhle", true),
        ("Kaffeemuhle", "Kaffeemühle", true),
        ("Kaffeemühle", "Kaffeemuehle", true),
        ("Bergkäse", "bergkaese", true),
        ("Süßigkeiten", "Suessigkeiten", true),
        ("Lieferung frei Haus an jede Straße", "Strasse", true),
        ("Strasse", "Straße", true),
        ("Espresso Bohnen", "bohne", true),
        ("Espresso Bohnen", "espr", true),
        ("Espresso Bohnen", "espresso tee", false),
        ("Grüner Tee", "Kaffee", false),
        ("<p>Mit <strong>Zimt</strong></p>", "zimt", true),
        ("<p class=\"zimt\">Nelken</p>", "zimt", false),
        ("Earl Grey", "", false),
    ] {
        assert_eq!(finds(product, query), found, "{product} ~ {query}");
    }
}

/// German names goods in compounds: a word finds the names it ends or stands in, never the
/// middle of a syllable; a whole word ranks above a part, a part above a category, a category
/// above the description. Words the demo shop has and words it has not.
#[test]
fn compounds_and_their_ranking() {
    use Found::*;
    let none: &[&str] = &[];
    for (name, taxonomy, body, query, want) in [
        ("Handmühle Classic", none, "", "Mühle", Some(NamePart)),
        ("Elektrische Kegelmühle", none, "", "Mühle", Some(NamePart)),
        ("Elektrische Kegelmühle", none, "", "Muehle", Some(NamePart)),
        ("Pinsel für Mühlen", none, "", "Mühle", Some(Name)),
        ("Mühlenbürste", none, "", "Mühle", Some(NamePart)),
        ("Mühlenbürste", none, "", "Bürste", Some(NamePart)),
        ("Trinkschokolade", none, "", "Schokolade", Some(NamePart)),
        ("Vollmilch Karamell", none, "", "Milch", Some(NamePart)),
        ("Teekanne Gusseisen", none, "", "Kanne", Some(NamePart)),
        ("Teekanne Gusseisen", none, "", "Eisen", Some(NamePart)),
        ("Espressotasse Steingut", none, "", "Tassen", Some(NamePart)),
        ("Kegelmahlwerk", none, "", "Mahlwerk", Some(NamePart)),
        ("Kegelmahlwerk", none, "", "mahl", Some(NamePart)),
        ("Pfefferminztee", none, "", "Tee", Some(NamePart)),
        ("Puderzucker", none, "", "Zucker", Some(NamePart)),
        ("Bergkäse", none, "", "Käse", Some(NamePart)),
        ("Speiseeis Vanille", none, "", "Eis", Some(NamePart)),
        ("Kaffeefilter", none, "", "Filter", Some(NamePart)),
        ("Filterpapier 100 Stück", none, "", "Filter", Some(NamePart)),
        ("Filter Kenia Nyeri", none, "", "Filter", Some(Name)),
        ("Waschbecken", none, "", "Becken", Some(NamePart)),
        // Not in the middle of a syllable, nor a lone letter's worth of head.
        ("Handmühle Reise", none, "", "Eis", None),
        ("Preisliste", none, "", "Eis", None),
        ("Kreisel", none, "", "Eis", None),
        ("Kaffeetasse", none, "", "Tee", None),
        ("Sortiment", none, "", "Rum", None),
        // Two letters find the words they begin, no parts.
        ("Leinöl", none, "", "Öl", None),
        ("Öl aus Leinsamen", none, "", "Oel", Some(Name)),
        // Categories and tags, whole or part, below the name.
        (
            "Sencha Fukamushi",
            &["Tee", "Grüntee"],
            "",
            "Tee",
            Some(Taxonomy),
        ),
        ("Gyokuro", &["Grüntee"], "", "Tee", Some(Taxonomy)),
        (
            "Zartbitter 70 %",
            &["Süßes", "Schokolade"],
            "",
            "Schokolade",
            Some(Taxonomy),
        ),
        ("Cantuccini", &["Bio"], "", "bio", Some(Taxonomy)),
        // The rest: only a word's beginning.
        ("Geschenkbox", none, "Mit einer Tasse.", "Tasse", Some(Body)),
        (
            "Reinigungstabletten",
            none,
            "Für jede Kaffeemühle.",
            "Mühle",
            None,
        ),
        (
            "Reinigungstabletten",
            none,
            "Für Mühlen und Maschinen.",
            "Mühle",
            Some(Body),
        ),
        (
            "Geschenkbox",
            &["Grüntee"],
            "Mit Tee.",
            "Tee",
            Some(Taxonomy),
        ),
    ] {
        assert_eq!(
            found_in(name, taxonomy, body, query),
            want,
            "{name} ({taxonomy:?}; {body}) ~ {query}"
        );
    }
    assert!(Name < NamePart && NamePart < Taxonomy && Taxonomy < Body);
}

#[test]
fn compound_parts_follow_a_syllable() {
    assert_eq!(
        compound_parts("Handmühle"),
        " ndmuhle dmuhle muhle uhle hle "
    );
    assert_eq!(
        compound_parts("Reise"),
        " ise ",
        "a lone consonant is no syllable"
    );
    assert_eq!(compound_parts("Tee Öl"), "", "too short to hold two parts");
    assert_eq!(compound_parts(&"a".repeat(41)), "", "no word that long");
}

#[test]
fn terms_are_unique_and_padded() {
    let t = index_terms("Tasse Tasse TASSEN");
    assert!(t.starts_with(' ') && t.ends_with(' '), "{t:?}");
    assert_eq!(t.matches(" tass ").count(), 1, "{t:?}");
    assert_eq!(index_terms("  "), "");
    assert_eq!(query_terms("a b c d e f g h i j").len(), 8);
    assert!(query_terms("%_'").is_empty(), "punctuation is no term");
    // A run longer than a query word is kept by its beginning, which the query still finds.
    let long = "x".repeat(150);
    assert_eq!(index_terms(&long), format!(" {} ", "x".repeat(100)));
    assert!(finds(&long, &"x".repeat(60)));
}
