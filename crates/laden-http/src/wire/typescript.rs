//! The browser's wire types, generated from [`super::store`] with ts-rs: `web/src/generated/wire.ts`
//! is checked in, and this test fails when it no longer matches the Rust types. Write it anew
//! with `LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript`.

use super::store::*;
use ts_rs::{Config, TS};

const FILE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../web/src/generated/wire.ts"
);

/// Every shape, once, in a stable order (those a shape names come before it).
fn declarations() -> String {
    // Laden's numbers (ids, cents, counts) fit JavaScript's numbers.
    let cfg = Config::new().with_large_int("number");
    let decls = [
        serde_json::Value::decl(&cfg),
        ImageSize::decl(&cfg),
        Image::decl(&cfg),
        CardImage::decl(&cfg),
        Currency::decl(&cfg),
        PriceRange::decl(&cfg),
        Prices::decl(&cfg),
        UnitPrice::decl(&cfg),
        CategoryRef::decl(&cfg),
        Term::decl(&cfg),
        ProductAttribute::decl(&cfg),
        AttributeValue::decl(&cfg),
        VariationRef::decl(&cfg),
        StockAvailability::decl(&cfg),
        AddToCart::decl(&cfg),
        LadenProduct::decl(&cfg),
        ProductExtensions::decl(&cfg),
        StoreProduct::decl(&cfg),
        Card::decl(&cfg),
        GallerySlide::decl(&cfg),
        VariationDetail::decl(&cfg),
        StoreReview::decl(&cfg),
    ];
    let mut out = String::from(
        "// Generated from crates/laden-http/src/wire (ts-rs); do not edit.\n\
         // Write anew: LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript\n\n",
    );
    for d in decls {
        out.push_str("export ");
        out.push_str(d.trim());
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[test]
fn generated_typescript_matches_the_rust_types() {
    let fresh = declarations();
    if std::env::var_os("LADEN_WRITE_WIRE").is_some() {
        std::fs::write(FILE, &fresh).expect("write web/src/generated/wire.ts");
        return;
    }
    let checked_in = std::fs::read_to_string(FILE).unwrap_or_default();
    assert!(
        checked_in == fresh,
        "web/src/generated/wire.ts is stale: run `LADEN_WRITE_WIRE=1 cargo test -p laden-http wire::typescript` and commit it"
    );
}
