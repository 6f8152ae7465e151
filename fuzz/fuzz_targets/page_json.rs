//! Any JSON as page-builder content: refused with named problems or normalised; what was
//! normalised passes again unchanged.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(data) else { return };
    if let Ok(normal) = laden_store::pages::checked_content(&value) {
        let again = laden_store::pages::checked_content(&normal).expect("normalised content is valid");
        assert_eq!(again, normal, "normalising is stable");
    }
});
