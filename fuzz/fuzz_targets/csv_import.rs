//! Any bytes as a WooCommerce product CSV: a report or a clear refusal, never a panic.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let shop = common::shop();
    let dir = std::env::temp_dir().join(format!("laden-fuzz-{}", std::process::id()));
    let mut importer = laden_store::import::Importer::new(&shop.store, dir.clone(), dir.join("uploads"), "fuzz");
    importer.local_files = false;
    let result = shop.runtime.block_on(importer.import_bytes(data, &mut |_, _| {}));
    match result {
        Ok(report) => assert!(report.created + report.updated + report.errors.len() <= report.rows.max(1) * 2),
        Err(laden_store::StoreError::Invalid(_) | laden_store::StoreError::Data(_)) => {}
        Err(other) => panic!("unexpected failure: {other}"),
    }
});
