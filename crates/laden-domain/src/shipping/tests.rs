use super::*;

fn eur(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn parcel(goods: i64, grams: i64) -> Parcel {
    Parcel {
        goods: eur(goods),
        weight_grams: grams,
        ships: true,
        free_by_coupon: false,
    }
}

fn methods() -> ZoneMethods {
    ZoneMethods {
        weight_bands: Vec::new(),
        extra: vec![
            Extra::FlatRate {
                title: "Express".into(),
                cost_cents: 1290,
            },
            Extra::LocalPickup {
                title: "Abholung im Laden".into(),
                hours: "Mo–Fr 10–18 Uhr".into(),
            },
        ],
    }
}

fn ids(rates: &[Rate]) -> Vec<(String, i64)> {
    rates
        .iter()
        .map(|r| (r.id.clone(), r.cost.cents()))
        .collect()
}

fn own_title(m: &Method<'_>) -> String {
    m.title.to_owned()
}

#[test]
fn a_zone_offers_its_methods_in_order_with_their_costs() {
    let m = methods();
    let zone = Zone {
        number: 1,
        flat: eur(490),
        free_from: Some(eur(5000)),
        methods: &m,
    };
    let pair = |id: &str, cost| (id.to_owned(), cost);
    for (goods, want) in [
        // Below the threshold: no free shipping.
        (
            4999,
            vec![
                pair("flat_rate:101", 490),
                pair("flat_rate:103", 1290),
                pair("local_pickup:104", 0),
            ],
        ),
        // From it on: free shipping beside the others.
        (
            5000,
            vec![
                pair("flat_rate:101", 490),
                pair("free_shipping:102", 0),
                pair("flat_rate:103", 1290),
                pair("local_pickup:104", 0),
            ],
        ),
    ] {
        assert_eq!(
            ids(&zone.rates(&parcel(goods, 500), own_title)),
            want,
            "{goods}"
        );
    }
    // Nothing to ship: nothing offered.
    let digital = Parcel {
        ships: false,
        ..parcel(9000, 0)
    };
    assert!(zone.rates(&digital, own_title).is_empty());
    // Zone 0 (every other country) numbers from 1, without a threshold there is no free method.
    let rest = Zone {
        number: 0,
        flat: eur(1490),
        free_from: None,
        methods: &ZoneMethods::default(),
    };
    assert_eq!(
        ids(&rest.rates(&parcel(90000, 500), own_title)),
        vec![pair("flat_rate:1", 1490)]
    );
}

#[test]
fn weight_bands_price_the_standard_rate_and_bound_it() {
    let m = ZoneMethods {
        weight_bands: vec![
            WeightBand {
                up_to_grams: 2000,
                cost_cents: 490,
            },
            WeightBand {
                up_to_grams: 10000,
                cost_cents: 690,
            },
            WeightBand {
                up_to_grams: 31500,
                cost_cents: 1290,
            },
        ],
        extra: vec![Extra::LocalPickup {
            title: "Abholung".into(),
            hours: String::new(),
        }],
    };
    let zone = Zone {
        number: 2,
        flat: eur(999),
        free_from: None,
        methods: &m,
    };
    for (grams, want) in [
        (0, Some(490)),
        (2000, Some(490)),
        (2001, Some(690)),
        (31500, Some(1290)),
        // Heavier than any band: the standard rate is not offered, pickup still is.
        (31501, None),
    ] {
        assert_eq!(zone.standard_cost(grams).map(Money::cents), want, "{grams}");
        let rates = zone.rates(&parcel(1000, grams), own_title);
        assert_eq!(
            rates.iter().any(|r| r.id == "flat_rate:201"),
            want.is_some(),
            "{grams}"
        );
        assert_eq!(
            rates.last().map(|r| r.id.as_str()),
            Some("local_pickup:203")
        );
    }
    // Without bands the flat cost holds at any weight.
    let flat = Zone {
        methods: &ZoneMethods::default(),
        ..zone
    };
    assert_eq!(flat.standard_cost(80_000), Some(eur(999)));
}

#[test]
fn the_cart_takes_the_chosen_rate_while_offered_else_the_cheapest() {
    let m = methods();
    let zone = Zone {
        number: 1,
        flat: eur(490),
        free_from: Some(eur(5000)),
        methods: &m,
    };
    let below = zone.rates(&parcel(1000, 0), own_title);
    let above = zone.rates(&parcel(6000, 0), own_title);
    for (rates, chosen, want) in [
        // Nothing chosen: the cheapest delivery (pickup costs nothing, but asks the shopper
        // to come), the first of equals.
        (&below, "", Some("flat_rate:101")),
        (&above, "", Some("free_shipping:102")),
        (&below, "flat_rate:103", Some("flat_rate:103")),
        // Free shipping chosen, then the cart fell below the threshold: the cheapest again.
        (&below, "free_shipping:102", Some("flat_rate:101")),
        (&below, "local_pickup:104", Some("local_pickup:104")),
        // A rate of another zone (the country changed).
        (&above, "flat_rate:203", Some("free_shipping:102")),
        (&Vec::new(), "flat_rate:101", None),
    ] {
        assert_eq!(
            choose(rates, chosen).map(|r| r.id.as_str()),
            want,
            "{chosen}"
        );
    }
    assert!(choose(&below, "local_pickup:104").is_some_and(Rate::pickup));
    // Only pickup offered (too heavy to send): pickup.
    let heavy = ZoneMethods {
        weight_bands: vec![WeightBand {
            up_to_grams: 1000,
            cost_cents: 490,
        }],
        ..methods()
    };
    let zone = Zone {
        methods: &heavy,
        ..zone
    };
    let rates = zone.rates(&parcel(1000, 5000), own_title);
    assert_eq!(
        choose(&rates, "").map(|r| r.id.as_str()),
        Some("flat_rate:103")
    );
    let only_pickup: Vec<Rate> = rates.into_iter().filter(Rate::pickup).collect();
    assert_eq!(
        choose(&only_pickup, "").map(|r| r.id.as_str()),
        Some("local_pickup:104")
    );
}

#[test]
fn bad_methods_are_named() {
    assert!(problems(&methods()).is_empty());
    let band = |up_to_grams, cost_cents| WeightBand {
        up_to_grams,
        cost_cents,
    };
    let flat = |title: &str, cost_cents| Extra::FlatRate {
        title: title.into(),
        cost_cents,
    };
    for (m, want) in [
        (
            ZoneMethods {
                weight_bands: vec![band(2000, 490), band(2000, 690)],
                extra: Vec::new(),
            },
            vec!["weight_bands.1"],
        ),
        (
            ZoneMethods {
                weight_bands: vec![band(0, 490), band(5000, -1)],
                extra: Vec::new(),
            },
            vec!["weight_bands.0", "weight_bands.1"],
        ),
        (
            ZoneMethods {
                weight_bands: Vec::new(),
                extra: vec![flat(" ", 100), flat("Express", -5), flat("express", 100)],
            },
            vec!["extra.0.title", "extra.1.cost", "extra.2.title"],
        ),
        (
            ZoneMethods {
                weight_bands: Vec::new(),
                extra: vec![Extra::LocalPickup {
                    title: "Abholung".into(),
                    hours: "x".repeat(201),
                }],
            },
            vec!["extra.0.hours"],
        ),
        (
            ZoneMethods {
                weight_bands: (1..=21).map(|i| band(i * 1000, 100)).collect(),
                extra: (0..11).map(|i| flat(&format!("M{i}"), 100)).collect(),
            },
            vec!["weight_bands", "extra"],
        ),
    ] {
        let got: Vec<String> = problems(&m).into_iter().map(|(path, _)| path).collect();
        assert_eq!(got, want, "{m:?}");
    }
}

/// A coupon allowing free shipping offers the zone's free shipping whatever the goods cost, also
/// in a zone without a threshold; the cheapest delivery is then free.
#[test]
fn a_free_shipping_coupon_offers_free_shipping() {
    let m = methods();
    let zone = |free_from: Option<i64>| Zone {
        number: 1,
        flat: eur(490),
        free_from: free_from.map(eur),
        methods: &m,
    };
    let pair = |id: &str, cost| (id.to_owned(), cost);
    let coupon = |goods| Parcel {
        free_by_coupon: true,
        ..parcel(goods, 500)
    };
    let all = vec![
        pair("flat_rate:101", 490),
        pair("free_shipping:102", 0),
        pair("flat_rate:103", 1290),
        pair("local_pickup:104", 0),
    ];
    for (free_from, parcel) in [
        (Some(5000), coupon(1000)),
        (None, coupon(1000)),
        (None, coupon(0)),
    ] {
        let rates = zone(free_from).rates(&parcel, own_title);
        assert_eq!(ids(&rates), all, "{free_from:?} {parcel:?}");
        assert_eq!(
            choose(&rates, "").map(|r| r.id.as_str()),
            Some("free_shipping:102")
        );
    }
    // Without the coupon and below the threshold, or without one: not offered.
    for free_from in [Some(5000), None] {
        let rates = zone(free_from).rates(&parcel(1000, 500), own_title);
        assert!(
            rates.iter().all(|r| r.kind != Kind::FreeShipping),
            "{free_from:?}"
        );
    }
    // Nothing shipped: nothing offered, coupon or not.
    let digital = Parcel {
        ships: false,
        ..coupon(1000)
    };
    assert!(zone(None).rates(&digital, own_title).is_empty());
    // The zone's list of methods (wc/v3) is the shop's, not a cart's.
    assert_eq!(zone(None).methods().len(), 3);
}
