use super::*;

fn eur(cents: i64) -> Money {
    Money::from_cents(cents)
}

static NO_CLASSES: BTreeSet<String> = BTreeSet::new();

fn parcel(goods: i64, grams: i64) -> Parcel<'static> {
    Parcel {
        goods: eur(goods),
        weight_grams: grams,
        classes: &NO_CLASSES,
        unclassed: false,
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
                class_costs: ClassCosts::default(),
            },
            Extra::LocalPickup {
                title: "Abholung im Laden".into(),
                hours: "Mo–Fr 10–18 Uhr".into(),
            },
        ],
        class_costs: ClassCosts::default(),
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
        class_costs: ClassCosts::default(),
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
    assert!(problems(&methods(), &[]).is_empty());
    let band = |up_to_grams, cost_cents| WeightBand {
        up_to_grams,
        cost_cents,
    };
    let flat = |title: &str, cost_cents| Extra::FlatRate {
        title: title.into(),
        cost_cents,
        class_costs: ClassCosts::default(),
    };
    for (m, want) in [
        (
            ZoneMethods {
                weight_bands: vec![band(2000, 490), band(2000, 690)],
                extra: Vec::new(),
                class_costs: ClassCosts::default(),
            },
            vec!["weight_bands.1.up_to_grams"],
        ),
        (
            ZoneMethods {
                weight_bands: vec![band(0, 490), band(5000, -1)],
                extra: Vec::new(),
                class_costs: ClassCosts::default(),
            },
            vec!["weight_bands.0.up_to_grams", "weight_bands.1.cost"],
        ),
        (
            ZoneMethods {
                weight_bands: Vec::new(),
                extra: vec![flat(" ", 100), flat("Express", -5), flat("express", 100)],
                class_costs: ClassCosts::default(),
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
                class_costs: ClassCosts::default(),
            },
            vec!["extra.0.hours"],
        ),
        (
            ZoneMethods {
                weight_bands: (1..=21).map(|i| band(i * 1000, 100)).collect(),
                extra: (0..11).map(|i| flat(&format!("M{i}"), 100)).collect(),
                class_costs: ClassCosts::default(),
            },
            vec!["weight_bands", "extra"],
        ),
    ] {
        let got: Vec<String> = problems(&m, &[])
            .into_iter()
            .map(|(path, _)| path)
            .collect();
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

fn classes() -> Vec<ShippingClass> {
    vec![
        ShippingClass::entered(1, "Sperrgut", "Sofas, Regale", ""),
        ShippingClass::entered(2, "Zerbrechlich", "", ""),
        ShippingClass::entered(3, "Klein", "", ""),
    ]
}

fn costs(per_order: bool, pairs: &[(&str, i64)]) -> ClassCosts {
    ClassCosts {
        costs: pairs.iter().map(|(s, c)| ((*s).to_owned(), *c)).collect(),
        none: None,
        per_order,
    }
}

/// A flat rate adds its cost for each shipping class in the parcel (WooCommerce's `type: class`)
/// or only the dearest one's (`type: order`); classes without a cost, and parcels without
/// classes, add nothing; free shipping and pickup stay free.
#[test]
fn flat_rates_charge_extra_for_shipping_classes() {
    let both = &[("sperrgut", 1500), ("zerbrechlich", 300)];
    let m = |per_order| ZoneMethods {
        weight_bands: vec![WeightBand {
            up_to_grams: 5000,
            cost_cents: 590,
        }],
        extra: vec![
            Extra::FlatRate {
                title: "Express".into(),
                cost_cents: 1290,
                class_costs: ClassCosts {
                    none: Some(200),
                    ..costs(per_order, &[("sperrgut", 2500)])
                },
            },
            Extra::LocalPickup {
                title: "Abholung".into(),
                hours: String::new(),
            },
        ],
        class_costs: costs(per_order, both),
    };
    let set =
        |slugs: &[&str]| -> BTreeSet<String> { slugs.iter().map(|s| (*s).to_owned()).collect() };
    /// (per order, classes in the parcel, goods of no class too, standard, free shipping,
    /// Express (2,00 € for goods of no class), pickup)
    type Case<'a> = (bool, &'a [&'a str], bool, i64, i64, i64, i64);
    let cases: &[Case] = &[
        (false, &[], false, 590, 0, 1290, 0),
        (false, &[], true, 590, 0, 1490, 0),
        (false, &["klein"], false, 590, 0, 1290, 0),
        (false, &["sperrgut"], false, 2090, 0, 3790, 0),
        (false, &["sperrgut"], true, 2090, 0, 3990, 0),
        (
            false,
            &["sperrgut", "zerbrechlich"],
            false,
            2390,
            0,
            3790,
            0,
        ),
        (false, &["zerbrechlich", "klein"], false, 890, 0, 1290, 0),
        (true, &["sperrgut", "zerbrechlich"], false, 2090, 0, 3790, 0),
        (true, &["sperrgut"], true, 2090, 0, 3790, 0),
        (true, &["zerbrechlich"], false, 890, 0, 1290, 0),
        (true, &["klein"], true, 590, 0, 1490, 0),
    ];
    for &(per_order, slugs, unclassed, standard, free, express, pickup) in cases {
        let methods = m(per_order);
        let zone = Zone {
            number: 1,
            flat: eur(490),
            free_from: Some(eur(5000)),
            methods: &methods,
        };
        let carried = set(slugs);
        let p = Parcel {
            classes: &carried,
            unclassed,
            ..parcel(6000, 1000)
        };
        let got: Vec<i64> = zone
            .rates(&p, own_title)
            .iter()
            .map(|r| r.cost.cents())
            .collect();
        assert_eq!(
            got,
            vec![standard, free, express, pickup],
            "{per_order} {slugs:?} {unclassed}"
        );
    }
    // Heavier than every band: the standard rate is not offered, classes or not.
    let methods = m(false);
    let zone = Zone {
        number: 1,
        flat: eur(490),
        free_from: None,
        methods: &methods,
    };
    let carried = set(&["sperrgut"]);
    let heavy = Parcel {
        classes: &carried,
        ..parcel(100, 9000)
    };
    assert_eq!(
        ids(&zone.rates(&heavy, own_title)),
        vec![
            ("flat_rate:103".to_owned(), 3790),
            ("local_pickup:104".to_owned(), 0)
        ]
    );
}

#[test]
fn a_load_sums_weight_and_collects_classes() {
    let mut load = Load::default();
    load.add(1200, 2, "sperrgut");
    load.add(300, 1, "");
    load.add(500, 3, "sperrgut");
    assert_eq!(load.grams, 4200);
    assert_eq!(load.classes.iter().collect::<Vec<_>>(), vec!["sperrgut"]);
    assert!(load.unclassed);
    let mut bulky = Load::default();
    bulky.add(1200, 1, "sperrgut");
    assert!(!bulky.unclassed);
}

#[test]
fn class_costs_name_known_classes_only() {
    let known = classes();
    let m = ZoneMethods {
        class_costs: ClassCosts {
            none: Some(-5),
            ..costs(false, &[("sperrgut", 1500), ("moebel", 100), ("klein", -1)])
        },
        extra: vec![Extra::FlatRate {
            title: "Express".into(),
            cost_cents: 1290,
            class_costs: costs(true, &[("gibt-es-nicht", 100)]),
        }],
        ..ZoneMethods::default()
    };
    let got: Vec<String> = problems(&m, &known).into_iter().map(|(p, _)| p).collect();
    assert_eq!(
        got,
        vec![
            "no_class_cost",
            "class_costs.klein",
            "class_costs.moebel",
            "extra.0.class_costs.gibt-es-nicht"
        ]
    );
    // A class the shop removed is dropped from every flat rate's costs.
    let mut kept = m.clone();
    kept.forget_unlisted_classes(&known[..1]);
    assert_eq!(
        kept.class_costs,
        ClassCosts {
            none: Some(-5),
            ..costs(false, &[("sperrgut", 1500)])
        },
        "the cost for goods of no class stays"
    );
    assert_eq!(
        kept.extra[0],
        Extra::FlatRate {
            title: "Express".into(),
            cost_cents: 1290,
            class_costs: costs(true, &[]),
        }
    );
}

#[test]
fn shipping_classes_are_named_once_and_numbered() {
    assert!(classes::problems(&classes()).is_empty());
    let mut list = vec![
        ShippingClass::entered(0, " Sperr  gut ", "", ""),
        ShippingClass::entered(4, "Paket", "", ""),
        ShippingClass::entered(0, "Brief", "", ""),
    ];
    assert_eq!(list[0].name, "Sperr gut");
    assert_eq!(list[0].slug, "sperr-gut");
    classes::number(&mut list, &classes());
    assert_eq!(list.iter().map(|c| c.id).collect::<Vec<_>>(), vec![5, 4, 6]);
    // A renamed class keeps its slug, so products naming it keep it.
    assert_eq!(
        ShippingClass::entered(1, "Übergröße", "", "sperrgut").slug,
        "sperrgut"
    );
    assert_eq!(
        classes::named(&classes(), "SPERRGUT").map(|c| c.id),
        Some(1)
    );
    assert_eq!(
        classes::named(&classes(), "zerbrechlich").map(|c| c.id),
        Some(2)
    );
    assert!(classes::named(&classes(), "Möbel").is_none());
    for (list, want) in [
        (
            vec![
                ShippingClass::entered(1, "", "", ""),
                ShippingClass::entered(2, "Sperrgut", "", ""),
                ShippingClass::entered(3, "sperrgut", "", ""),
                ShippingClass::entered(3, "Brief", &"x".repeat(201), ""),
            ],
            vec!["0.name", "2.name", "3.description", "3.id"],
        ),
        (
            (1..=51)
                .map(|i| ShippingClass::entered(i, &format!("K{i}"), "", ""))
                .collect(),
            vec![""],
        ),
    ] {
        let got: Vec<String> = classes::problems(&list)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        assert_eq!(got, want);
    }
}

fn goods(cents: i64, qty: u32, deposit: i64) -> crate::CartLine {
    crate::CartLine {
        unit_price: eur(cents),
        quantity: qty,
        tax_class: crate::TaxClass::Standard,
        vat_rate: crate::TaxClass::Standard.rate(),
        needs_shipping: true,
        taxed: true,
        shipping_taxed: true,
        deposit: eur(deposit),
    }
}

/// The threshold is measured on the goods after the cart's coupons, without deposits; the cart
/// then takes free shipping, and the totals charge what the chosen rate costs.
#[test]
fn free_shipping_is_measured_after_discounts_and_without_deposits() {
    use crate::coupon::Coupon;
    let m = ZoneMethods::default();
    let zone = Zone {
        number: 1,
        flat: eur(490),
        free_from: Some(eur(5000)),
        methods: &m,
    };
    let load = Load::default();
    let ten_off = Coupon {
        id: 1,
        code: "zehn".into(),
        discount_type: crate::coupon::CouponType::FixedCart,
        amount: 1000,
        description: String::new(),
        date_expires: None,
        usage_limit: None,
        usage_count: 0,
        minimum_amount: None,
        free_shipping: false,
        status: "publish".into(),
        created_at: 0,
        updated_at: 0,
    };
    /// (lines, coupons, the rate taken, what the totals charge)
    type Case<'a> = (Vec<crate::CartLine>, Vec<Coupon>, &'a str, i64);
    let cases: Vec<Case> = vec![
        (vec![goods(2500, 2, 0)], vec![], "free_shipping:102", 0),
        (vec![goods(2499, 2, 0)], vec![], "flat_rate:101", 490),
        // 55 € less 10 € is below 50 €.
        (
            vec![goods(5500, 1, 0)],
            vec![ten_off.clone()],
            "flat_rate:101",
            490,
        ),
        (
            vec![goods(6000, 1, 0)],
            vec![ten_off],
            "free_shipping:102",
            0,
        ),
        // 48 € of goods and 6 € of deposit: not free.
        (vec![goods(1200, 4, 150)], vec![], "flat_rate:101", 490),
    ];
    for (lines, coupons, taken, charged) in cases {
        let c = Choice::of(&zone, &lines, &coupons, &load, "", own_title);
        assert_eq!(
            (c.chosen.as_ref().map(|r| r.id.as_str()), c.cost().cents()),
            (Some(taken), charged),
            "{lines:?} {coupons:?}"
        );
        let t = crate::totals::compute(&lines, c.cost());
        assert_eq!(t.shipping.cents(), charged);
    }
}
