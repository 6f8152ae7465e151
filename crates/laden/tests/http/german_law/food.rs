//! Food information (LMIV, Regulation (EU) 1169/2011, Art. 14 (1) with Art. 9 and 30), over HTTP
//! on SQLite and PostgreSQL: a product states it in wc/v3 `meta_data` (Germanized's keys where
//! Germanized keeps the same value, `laden_allergens` and `laden_nutrient_*` for the rest) and in
//! the CSV's `Meta:` columns; the single product's Store API answer and its page, rendered on
//! the server, give the particulars and the nutrition table rounded as the Commission's
//! guidance asks. Bad input is refused at its key, in German, and changes nothing; a variation
//! takes its product's.

use crate::common;

use common::{body, both_databases, meta, refused, Backend, TestApp};
use laden_domain::TaxClass;
use serde_json::{json, Value};

/// Meta entries from pairs.
fn entries(pairs: &[(&str, &str)]) -> Value {
    Value::Array(
        pairs
            .iter()
            .map(|(k, v)| json!({ "key": k, "value": v }))
            .collect(),
    )
}

const CHOCOLATE: [(&str, &str); 16] = [
    ("_is_food", "yes"),
    ("_food_description", "Vollmilchschokolade mit Haselnüssen"),
    (
        "_ingredients",
        "Zucker, KAKAOBUTTER, VOLLMILCHPULVER, HASELNÜSSE (15 %), Kakaomasse, Emulgator: Lecithine (SOJA)",
    ),
    ("laden_allergens", "Milch, Schalenfrüchte, soybeans"),
    ("_net_filling_quantity", "100 g"),
    ("_food_distributor", "Laden Süßwaren GmbH\nMusterweg 1\n12345 Berlin"),
    ("_food_place_of_origin", "Deutschland"),
    ("laden_nutrient_energy_kj", "2252"),
    ("laden_nutrient_energy_kcal", "539"),
    ("laden_nutrient_fat", "31,5"),
    ("laden_nutrient_saturates", "19"),
    ("laden_nutrient_carbohydrate", "56"),
    ("laden_nutrient_sugars", "55.4"),
    ("laden_nutrient_fibre", "2.1"),
    ("laden_nutrient_protein", "6.3"),
    ("laden_nutrient_salt", "0.24"),
];

#[both_databases]
async fn a_foods_page_gives_what_the_lmiv_asks(db: Backend) {
    // Rendered pages: the particulars must be in the server's HTML.
    let app = TestApp::start_with(db, true).await;
    let manager = app.staff("shop_manager").await;
    let id = app
        .simple("Nussschokolade", "FOOD-1", 249, TaxClass::Reduced, Some(20))
        .await;
    let put = |meta: Value| app.put_meta(&manager, id, meta);

    // Bad values are refused at their key, in German, and nothing is saved.
    for (meta, field, message) in [
        (
            entries(&[("laden_nutrient_fat", "viel")]),
            "meta_data.laden_nutrient_fat",
            "Bitte eine Menge von 0 bis 100 g angeben (Brennwert bis 4.000 kJ oder 1.000 kcal), mit höchstens drei Nachkommastellen.",
        ),
        (
            entries(&[("laden_allergens", "Milch, Erdbeeren")]),
            "meta_data.laden_allergens",
            "Dieses Allergen gibt es nicht: Bitte die Allergene aus Anhang II der LMIV nennen.",
        ),
        (
            entries(&[("_alcohol_content", "12,55")]),
            "meta_data._alcohol_content",
            "Bitte den Alkoholgehalt in % vol angeben, von 0 bis 100 mit höchstens einer Nachkommastelle.",
        ),
        // A declaration is whole: fat alone is not one.
        (
            entries(&[("_is_food", "yes"), ("laden_nutrient_fat", "3")]),
            "meta_data.laden_nutrient_energy_kj",
            "Eine Nährwertdeklaration nennt Brennwert in kJ und kcal, Fett, gesättigte Fettsäuren, Kohlenhydrate, Zucker, Eiweiß und Salz.",
        ),
        // A part is no more than its whole.
        (
            entries(&[&CHOCOLATE[..], &[("laden_nutrient_saturates", "40")]].concat()),
            "meta_data.laden_nutrient_saturates",
            "Gesättigte Fettsäuren können nicht mehr sein als das Fett.",
        ),
    ] {
        let (status, v) = put(meta.clone()).await;
        assert_eq!(status, 400, "{meta}: {v}");
        assert_eq!(v["data"]["params"][field], message, "{v}");
    }
    let sp = app.store_product(id).await;
    assert!(sp["extensions"]["laden"].get("food").is_none(), "{sp}");

    // Stated whole, it is kept and read back as the CSV gives it.
    let (status, p) = put(entries(&CHOCOLATE)).await;
    assert_eq!(status, 200, "{p}");
    for (key, want) in [
        ("_is_food", "yes"),
        ("laden_allergens", "soybeans, milk, nuts"),
        ("_nutrient_reference_value", "100g"),
        ("laden_nutrient_fat", "31.5"),
        ("laden_nutrient_sugars", "55.4"),
        (
            "_food_distributor",
            "Laden Süßwaren GmbH\nMusterweg 1\n12345 Berlin",
        ),
    ] {
        assert_eq!(meta(&p, key), Some(json!(want)), "{key}");
    }
    assert_eq!(meta(&p, "_alcohol_content"), None);

    // A partial change changes only what it names; one that breaks the whole is refused.
    let (status, p) = put(entries(&[("_alcohol_content", "0,5")])).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_alcohol_content"), Some(json!("0.5")));
    assert_eq!(meta(&p, "laden_nutrient_fat"), Some(json!("31.5")));
    let (status, v) = put(entries(&[("laden_nutrient_salt", "")])).await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["meta_data.laden_nutrient_salt"].is_string(),
        "{v}"
    );

    // The product's Store API answer words and rounds it; the listing leaves it to the product.
    let sp = app.store_product(id).await;
    let food = &sp["extensions"]["laden"]["food"];
    let particulars: Vec<(&str, &str)> = food["particulars"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["label"].as_str().unwrap(), r["value"].as_str().unwrap()))
        .collect();
    assert_eq!(
        particulars,
        [
            (
                "Bezeichnung des Lebensmittels",
                "Vollmilchschokolade mit Haselnüssen"
            ),
            ("Zutaten", CHOCOLATE[2].1),
            (
                "Allergene",
                "Sojabohnen, Milch (einschließlich Laktose), Schalenfrüchte"
            ),
            ("Alkoholgehalt", "0,5 % vol"),
            ("Nettofüllmenge", "100 g"),
            ("Herkunftsort", "Deutschland"),
            (
                "Lebensmittelunternehmer",
                "Laden Süßwaren GmbH\nMusterweg 1\n12345 Berlin"
            ),
        ],
        "{food}"
    );
    assert_eq!(
        food["nutrition"]["caption"],
        "Durchschnittliche Nährwerte pro 100 g"
    );
    let rows: Vec<(&str, &str, bool)> = food["nutrition"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["label"].as_str().unwrap(),
                r["value"].as_str().unwrap(),
                r["part"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Brennwert", "2.252 kJ / 539 kcal", false),
            ("Fett", "32 g", false),
            ("davon gesättigte Fettsäuren", "19 g", true),
            ("Kohlenhydrate", "56 g", false),
            ("davon Zucker", "55 g", true),
            ("Ballaststoffe", "2,1 g", false),
            ("Eiweiß", "6,3 g", false),
            ("Salz", "0,24 g", false),
        ]
    );
    let list = body(app.get("/wp-json/wc/store/v1/products").await).await;
    assert!(
        list[0]["extensions"]["laden"].get("food").is_none(),
        "{list}"
    );

    // The page says it in the server's HTML, in a tab of its own with a captioned table.
    let page = format!("/produkt/{}/", sp["slug"].as_str().unwrap());
    let html = app.html(&page, None).await;
    for text in [
        r#"id="tab-food""#,
        ">Lebensmittelangaben<",
        "<dt>Allergene</dt>",
        "<caption>Durchschnittliche Nährwerte pro 100 g</caption>",
        r#"<tr class="nutrition__part"><th scope="row">davon Zucker</th><td>55 g</td></tr>"#,
        r#"<span class="product-safety__line">Musterweg 1</span>"#,
    ] {
        assert!(html.contains(text), "{text}");
    }

    // Not a food any more: the page and answer give none, the values are kept for later.
    let (status, p) = put(entries(&[("_is_food", "no")])).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_is_food"), None);
    assert_eq!(meta(&p, "laden_nutrient_fat"), Some(json!("31.5")));
    let sp = app.store_product(id).await;
    assert!(sp["extensions"]["laden"].get("food").is_none(), "{sp}");
    let html = app.html(&page, None).await;
    assert!(!html.contains(r#"id="tab-food""#));

    // A declaration left half is not refused while the product is no food (the admin's form
    // hides its fields and keeps their values); marked a food again, it is, at the key.
    let (status, p) = put(entries(&[("laden_nutrient_salt", "")])).await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "laden_nutrient_salt"), None);
    let (status, v) = put(entries(&[("_is_food", "yes")])).await;
    assert_eq!(status, 400, "{v}");
    assert!(
        v["data"]["params"]["meta_data.laden_nutrient_salt"].is_string(),
        "{v}"
    );
    let (status, p) = put(entries(&[
        ("_is_food", "yes"),
        ("laden_nutrient_salt", "0.24"),
    ]))
    .await;
    assert_eq!(status, 200, "{p}");
    assert_eq!(meta(&p, "_is_food"), Some(json!("yes")));
}

#[both_databases]
async fn food_information_goes_through_the_csv_and_stays_the_products(app: TestApp) {
    let manager = app.staff("shop_manager").await;
    let report = app
            .import_report(
                "Type,SKU,Name,Parent,Regular price,Attribute 1 name,Attribute 1 value(s),Attribute 1 visible,Attribute 1 global,Meta: _is_food,Meta: laden_allergens,Meta: _nutrient_reference_value,Meta: laden_nutrient_energy_kj,Meta: laden_nutrient_energy_kcal,Meta: laden_nutrient_fat,Meta: laden_nutrient_saturates,Meta: laden_nutrient_carbohydrate,Meta: laden_nutrient_sugars,Meta: laden_nutrient_protein,Meta: laden_nutrient_salt,Meta: _alcohol_content\n\
                 simple,WINE-1,Riesling,,9.90,,,,,yes,Sulfite,100 ml,290,69,0,0,2.6,0.9,0.1,0.01,\"11,5\"\n\
                 simple,JUICE-1,Apfelsaft,,2.90,,,,,yes,Äpfel,,,,,,,,,,\n\
                 simple,JUICE-2,Birnensaft,,2.90,,,,,yes,,,190,45,0.1,,,,,,\n\
                 variable,TEA-V,Teemischung,,,Größe,\"50 g, 100 g\",1,0,yes,,,,,,,,,,,\n\
                 variation,TEA-V-50,,TEA-V,4.90,Größe,50 g,,,,,,,,,,,,,,\n\
                 variation,TEA-V-100,,TEA-V,8.90,Größe,100 g,,,,Milch,,,,,,,,,,\n"
                    .as_bytes(),
            )
            .await;
    assert_eq!(report.created, 3, "{report:?}");
    assert_eq!(
            refused(&report),
            [
                (
                    3,
                    "laden_allergens: Dieses Allergen gibt es nicht: Bitte die Allergene aus Anhang II der LMIV nennen."
                ),
                (
                    4,
                    "laden_nutrient_saturates: Eine Nährwertdeklaration nennt Brennwert in kJ und kcal, Fett, gesättigte Fettsäuren, Kohlenhydrate, Zucker, Eiweiß und Salz."
                ),
                (
                    7,
                    "laden_allergens: Eine Variante übernimmt die Lebensmittelangaben ihres Produkts."
                ),
            ],
            "{report:?}"
        );

    // The wine: per 100 ml, with its alcohol; salt below 0,0125 g is „<0,01 g“.
    let wine = app.id_by_sku("WINE-1").await;
    let sp = app.store_product(wine).await;
    let food = &sp["extensions"]["laden"]["food"];
    assert_eq!(
        food["nutrition"]["caption"], "Durchschnittliche Nährwerte pro 100 ml",
        "{food}"
    );
    let rows = food["nutrition"]["rows"].as_array().unwrap();
    assert_eq!(rows[1]["value"], "0 g", "{food}");
    assert_eq!(rows[5]["value"], "<0,5 g", "{food}");
    assert_eq!(rows[6]["value"], "<0,01 g", "{food}");
    assert!(food["particulars"]
        .as_array()
        .unwrap()
        .contains(&json!({ "label": "Alkoholgehalt", "value": "11,5 % vol" })));

    // A variation answers its product's food information.
    let tea = app.id_by_sku("TEA-V-50").await;
    let sp = app.store_product(tea).await;
    assert!(sp["extensions"]["laden"]["food"].is_object(), "{sp}");
    // wc/v3 refuses food information on a variation.
    let parent = app.id_by_sku("TEA-V").await;
    let (status, v) = app
        .wc_put(
            &manager,
            &format!("/products/{parent}/variations/{tea}"),
            json!({ "meta_data": entries(&[("_ingredients", "Schwarzer Tee")]) }),
        )
        .await;
    assert_eq!(status, 400, "{v}");
    assert_eq!(
        v["data"]["params"]["meta_data._ingredients"],
        "Eine Variante übernimmt die Lebensmittelangaben ihres Produkts."
    );

    // The export gives every key a column, and imports again to the same.
    let csv = app.export_csv().await;
    let header = csv.lines().next().unwrap();
    assert!(
            header.contains(",Meta: _is_food,Meta: _food_description,Meta: _ingredients,Meta: laden_allergens,Meta: _nutrient_reference_value,Meta: laden_nutrient_energy_kj,"),
            "{header}"
        );
    let before = app.wc_get(&manager, &format!("/products/{wine}")).await.1;
    let report = app.import_report(csv.as_bytes()).await;
    assert!(report.errors.is_empty(), "{report:?}");
    let after = app.wc_get(&manager, &format!("/products/{wine}")).await.1;
    for key in [
        "laden_allergens",
        "_nutrient_reference_value",
        "laden_nutrient_salt",
        "_alcohol_content",
    ] {
        assert_eq!(meta(&before, key), meta(&after, key), "{key}");
        assert!(meta(&after, key).is_some(), "{key}");
    }
}
