//! The WooCommerce CSV importer on a real database (SQLite and PostgreSQL).

#![allow(clippy::unwrap_used)]

mod common;

use laden_store::import::Importer;
use laden_store::Store;

const GERMAN_CSV: &str = "\u{feff}ID,Typ,Artikelnummer,Name,Veröffentlicht,Kurzbeschreibung,Beschreibung,Steuerklasse,Vorrätig?,Lager,Angebotspreis,Regulärer Preis,Kategorien,Bilder,Übergeordnetes Produkt,Attribut 1 Name,Attribut 1 Wert(e),Attribut 1 Sichtbar,Attribut 1 Global
10,variable,T-1,Grüntee Sencha,1,Frisch,\"Lang\\n\\nText\",ermäßigter Steuersatz,1,,,,\"Tee > Grüntee > Japan\",bild.png,,Größe,\"50 g, 100 g\",1,1
11,variation,T-1-50,,1,,,parent,1,5,,\"8,90\",,,id:10,Größe,50 g,,
12,variation,T-1-100,,1,,,parent,1,0,,15.90,,,T-1,Größe,100 g,,
13,simple,K-1,Espresso <script>x</script>,1,,,,1,3,9.90,12.90,\"Kaffee > Espresso\",https://example.com/x.jpg,,,,,
14,simple,K-2,Ohne Preis,1,,,,1,,,,Kaffee,,,,,,
15,variation,T-9,,1,,,,1,,,1.00,,,UNBEKANNT,Größe,1 kg,,
16,simple,K-3,Kaputter Preis,1,,,,1,,,zwölf,Kaffee,,,,,,
";

async fn store_for(backend: &str) -> Store {
    Store::open(&common::fresh_url(backend).await)
        .await
        .unwrap()
}

async fn imports_german_csv(backend: &str) {
    let store = store_for(backend).await;
    let dir = std::env::temp_dir().join(format!(
        "laden-import-media-{}",
        laden_store::random_token(6)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    image::RgbImage::from_pixel(400, 300, image::Rgb([120, 80, 40]))
        .save(dir.join("bild.png"))
        .unwrap();
    let mut importer = Importer::new(&store, dir.clone(), dir.join("uploads"), "import");
    let mut seen = Vec::new();
    let report = importer
        .import_bytes(GERMAN_CSV.as_bytes(), &mut |done, total| {
            seen.push((done, total))
        })
        .await
        .unwrap();
    assert_eq!(report.rows, 7);
    assert_eq!(report.created, 4, "{report:?}");
    let mut lines: Vec<usize> = report.errors.iter().map(|e| e.line).collect();
    lines.sort_unstable();
    assert_eq!(
        lines,
        vec![6, 7, 8],
        "no price, unknown parent, bad price: {report:?}"
    );
    assert!(
        report
            .warnings
            .iter()
            .any(|w| w.line == 5 && w.message.contains("Downloads erlauben")),
        "URLs are not downloaded: {report:?}"
    );
    assert_eq!(seen.last(), Some(&(7, 7)), "progress is reported");

    let tea = store
        .product(store.product_id_by_sku("T-1").await.unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!(tea.name, "Grüntee Sencha");
    assert_eq!(tea.tax_class, laden_domain::TaxClass::Reduced);
    assert_eq!(tea.price.map(|m| m.cents()), Some(890));
    assert_eq!(tea.max_price.map(|m| m.cents()), Some(1590));
    assert_eq!(tea.description, "<p>Lang</p><p>Text</p>");
    let image = tea.image_id.expect("image imported");
    let media = store.media_by_ids(&[image]).await.unwrap();
    let m = &media[&image];
    assert_eq!(
        (m.width, m.height, m.mime.as_str()),
        (400, 300, "image/png")
    );
    assert!(m.sizes.contains_key("thumbnail") && m.sizes.contains_key("medium"));
    assert!(!m.sizes.contains_key("large"), "no upscaling");
    assert!(dir.join("uploads").join(&m.file).exists());
    let variations = store.variations(tea.id).await.unwrap();
    assert_eq!(variations.len(), 2);
    assert_eq!(variations[0].name, "Grüntee Sencha – 50 g");
    assert_eq!(variations[1].stock_status, "outofstock");

    let cats = store.categories().await.unwrap();
    let japan = cats.iter().find(|c| c.name == "Japan").unwrap();
    let gruen = cats.iter().find(|c| c.name == "Grüntee").unwrap();
    assert_eq!(japan.parent_id, Some(gruen.id));
    assert_eq!(gruen.slug, "gruentee");

    let espresso = store
        .product(store.product_id_by_sku("K-1").await.unwrap().unwrap())
        .await
        .unwrap();
    assert_eq!(espresso.price.map(|m| m.cents()), Some(990));
    assert!(espresso.on_sale());
    assert_eq!(
        store.product_id_by_sku("K-2").await.unwrap(),
        None,
        "a bad row writes nothing"
    );

    // Staff give the espresso SEO texts; importing again updates by SKU instead of
    // duplicating, and keeps what the CSV has no column for.
    let seo = laden_store::ProductChanges {
        seo_title: Some("Espresso frisch geröstet".into()),
        seo_description: Some("Aus Leipzig".into()),
        ..Default::default()
    };
    store.update_product(espresso.id, None, &seo).await.unwrap();
    let report = importer
        .import_bytes(GERMAN_CSV.as_bytes(), &mut |_, _| {})
        .await
        .unwrap();
    assert_eq!((report.created, report.updated), (0, 4));
    let (_, total) = store
        .list_products(&laden_store::ProductQuery::default())
        .await
        .unwrap();
    assert_eq!(total, 2);
    let again = store.product(espresso.id).await.unwrap();
    assert_eq!(
        (again.seo_title.as_str(), again.seo_description.as_str()),
        ("Espresso frisch geröstet", "Aus Leipzig")
    );
    assert_eq!(again.category_ids, espresso.category_ids);
    assert_eq!(again.price.map(|m| m.cents()), Some(990));
    let found = laden_store::ProductQuery {
        search: Some("espresso".into()),
        ..Default::default()
    };
    assert_eq!(store.list_products(&found).await.unwrap().1, 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn imports_german_csv_sqlite() {
    imports_german_csv("sqlite").await;
}

#[tokio::test]
async fn imports_german_csv_postgres() {
    imports_german_csv("postgres").await;
}

/// A large file is written many rows to a transaction; a row the database refuses in the middle
/// of writing (here a trigger refuses its name, after its new category and tag were made) is
/// undone alone: the rows before and after it in the same transaction stay, and nothing of it
/// does.
async fn refused_row_is_undone_alone(backend: &str) {
    let store = store_for(backend).await;
    match &store.db {
        laden_store::Db::Sqlite(p) => {
            sqlx::query("CREATE TRIGGER refuse BEFORE INSERT ON products WHEN NEW.name = 'Kaputt' BEGIN SELECT RAISE(ABORT, 'refused'); END")
                .execute(p)
                .await
                .unwrap();
        }
        laden_store::Db::Postgres(p) => {
            sqlx::query("CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.name = 'Kaputt' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$")
                .execute(p)
                .await
                .unwrap();
            sqlx::query("CREATE TRIGGER refuse BEFORE INSERT ON products FOR EACH ROW EXECUTE FUNCTION refuse()")
                .execute(p)
                .await
                .unwrap();
        }
    }
    // A picture is added to the media library in a transaction of its own: the batch before it
    // is committed first (on SQLite it would otherwise wait for the batch's turn to write).
    let dir = std::env::temp_dir().join(format!("laden-batch-{}", laden_store::random_token(6)));
    std::fs::create_dir_all(&dir).unwrap();
    image::RgbImage::from_pixel(40, 30, image::Rgb([10, 20, 30]))
        .save(dir.join("bild.png"))
        .unwrap();
    let mut csv = String::from("Type,SKU,Name,Regular price,Categories,Tags,Images\n");
    for i in 0..600 {
        match i {
            100 => csv.push_str("simple,S-100,Artikel 100,3.50,Alt > Teil,Bio,bild.png\n"),
            // Refused by the database while written, after its category and tag were made.
            300 => csv.push_str("simple,BAD-1,Kaputt,1.00,Nur hier > Darunter,Einmalig,\n"),
            // Refused by the importer before anything is written.
            450 => csv.push_str("simple,BAD-2,Ohne Preis,,Alt,,\n"),
            _ => csv.push_str(&format!(
                "simple,S-{i},Artikel {i},{}.50,Alt > Teil,Bio\n",
                i % 50 + 1
            )),
        }
    }
    let mut importer = Importer::new(&store, dir.clone(), dir.join("uploads"), "import");
    let before = store.content_version().await.unwrap();
    let report = tokio::time::timeout(
        std::time::Duration::from_secs(120),
        importer.import_bytes(csv.as_bytes(), &mut |_, _| {}),
    )
    .await
    .expect("the import ends: nothing waits for the batch's own turn to write")
    .unwrap();
    let mut lines: Vec<usize> = report.errors.iter().map(|e| e.line).collect();
    lines.sort_unstable();
    assert_eq!(lines, vec![302, 452], "{:?}", report.errors);
    assert_eq!(report.created, 598);
    let (_, total) = store
        .list_products(&laden_store::ProductQuery {
            per_page: 1,
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(total, 598, "every row but the two, from every batch");
    for sku in ["S-0", "S-299", "S-301", "S-599"] {
        assert!(
            store.product_id_by_sku(sku).await.unwrap().is_some(),
            "{sku}"
        );
    }
    assert_eq!(store.product_id_by_sku("BAD-1").await.unwrap(), None);
    let pictured = store
        .product(store.product_id_by_sku("S-100").await.unwrap().unwrap())
        .await
        .unwrap();
    assert!(
        pictured.image_id.is_some(),
        "a picture after rows still in the batch is stored: {:?}",
        report.warnings
    );
    let categories = store.categories().await.unwrap();
    let names: Vec<&str> = categories.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), 2, "only the good rows' categories: {names:?}");
    assert!(
        names.contains(&"Alt") && names.contains(&"Teil"),
        "{names:?}"
    );
    let tags = store.tags().await.unwrap();
    assert_eq!(
        tags.iter()
            .map(|t| (t.name.as_str(), t.count))
            .collect::<Vec<_>>(),
        vec![("Bio", 598)],
        "the refused row's tag is gone with it"
    );
    // The search's index holds the rows written in batches too.
    let found = laden_store::ProductQuery {
        search: Some("artikel".into()),
        per_page: 1,
        ..Default::default()
    };
    assert_eq!(store.list_products(&found).await.unwrap().1, 598);
    assert!(
        store.content_version().await.unwrap() > before,
        "the batches record their changes"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn refused_row_is_undone_alone_sqlite() {
    refused_row_is_undone_alone("sqlite").await;
}

#[tokio::test]
async fn refused_row_is_undone_alone_postgres() {
    refused_row_is_undone_alone("postgres").await;
}
