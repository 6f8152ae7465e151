//! The index moved product by product equals the index read afresh: the same orders, and every
//! page and total a brute-force filter over the products finds.

use super::*;
use laden_domain::catalog::TermOperator;
use laden_domain::AttributeChoice;

/// A small deterministic generator (no dependency for a test's numbers).
struct Dice(u64);

impl Dice {
    fn roll(&mut self, n: u64) -> i64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n) as i64
    }
}

/// A product; with `priceless`, now and then one with a range but no price of its own.
fn product(id: i64, dice: &mut Dice, priceless: bool) -> Read {
    let price = (dice.roll(10) > 0).then(|| 100 + dice.roll(50) * 10);
    let colours = ["rot", "blau", "gruen"];
    let colour = colours[dice.roll(3) as usize];
    Read {
        entry: Entry {
            id,
            kind: dice.roll(4) as u8,
            visibility: dice.roll(4) as u8,
            stock: dice.roll(3) as u8,
            on_sale: dice.roll(3) == 0,
            featured: dice.roll(5) == 0,
            price,
            top: match price {
                None if priceless && dice.roll(2) == 0 => Some(450),
                _ => price.map(|p| p + dice.roll(3) * 100),
            },
            menu_order: dice.roll(4),
            total_sales: dice.roll(20),
            rating_sum: dice.roll(30),
            rating_count: dice.roll(6),
            created_at: dice.roll(1000),
            updated_at: dice.roll(1000),
            categories: (0..dice.roll(3))
                .map(|_| 1 + dice.roll(6))
                .collect::<BTreeSet>()
                .into_boxed(),
            tags: (0..dice.roll(3))
                .map(|_| 10 + dice.roll(4))
                .collect::<BTreeSet>()
                .into_boxed(),
            terms: Box::default(),
            name: laden_domain::catalog::search::Named::default(),
        },
        terms: vec![Spelling::new((
            "farbe".into(),
            if dice.roll(2) == 0 { "Farbe" } else { "Colour" }.into(),
            colour.into(),
            colour.to_uppercase(),
        ))],
    }
}

/// Sorted ids, as `Read` wants them.
type BTreeSet = std::collections::BTreeSet<i64>;

trait Boxed {
    fn into_boxed(self) -> Box<[i64]>;
}

impl Boxed for BTreeSet {
    fn into_boxed(self) -> Box<[i64]> {
        self.into_iter().collect()
    }
}

/// Every query the index answers that the cases below try.
fn queries() -> Vec<ProductQuery> {
    let mut out = Vec::new();
    for sort in SORTS {
        for descending in [false, true] {
            out.push(ProductQuery {
                sort,
                descending,
                per_page: 7,
                page: 2,
                ..Default::default()
            });
        }
    }
    let base = ProductQuery {
        sort: ProductSort::Price,
        per_page: 5,
        visibility: laden_domain::VisibilityFilter::Any,
        ..Default::default()
    };
    out.extend([
        ProductQuery {
            min_price: Some(300),
            max_price: Some(400),
            ..base.clone()
        },
        ProductQuery {
            min_price: Some(350),
            descending: true,
            ..base.clone()
        },
        ProductQuery {
            max_price: Some(300),
            sort: ProductSort::Id,
            ..base.clone()
        },
        ProductQuery {
            min_price: Some(400),
            sort: ProductSort::Date,
            ..base.clone()
        },
        ProductQuery {
            on_sale: Some(true),
            stock_status: vec!["instock".into()],
            ..base.clone()
        },
        ProductQuery {
            stock_status: vec!["nichts".into()],
            ..base.clone()
        },
        ProductQuery {
            featured: Some(false),
            kinds: vec![ProductKind::Variable],
            ..base.clone()
        },
        ProductQuery {
            categories: vec![2, 3],
            categories_excluded: vec![4],
            ..base.clone()
        },
        ProductQuery {
            categories_all: vec![vec![1, 2], vec![5]],
            ..base.clone()
        },
        ProductQuery {
            tags: vec![11],
            tags_excluded: vec![12],
            ..base.clone()
        },
        ProductQuery {
            tags_all: vec![10, 13],
            ..base.clone()
        },
        ProductQuery {
            include: vec![3, 5, 8, 21],
            exclude: vec![5],
            ..base.clone()
        },
        ProductQuery {
            ratings: vec![3, 4],
            offset: Some(1),
            ..base.clone()
        },
        ProductQuery {
            attributes: vec![AttributeChoice {
                attribute: "farbe".into(),
                terms: vec!["rot".into(), "blau".into()],
                operator: TermOperator::In,
            }],
            ..base
        },
    ]);
    out
}

/// What `q` holds of `products`, by brute force: in its order, the page, and the total.
fn brute(products: &[&Read], q: &ProductQuery, nulls_last: bool) -> Page {
    let filter = Filter::of(q);
    let mut held: Vec<&Read> = products
        .iter()
        .copied()
        .filter(|r| {
            let e = &r.entry;
            let terms: Vec<(&str, &str)> = r
                .terms
                .iter()
                .map(|t| (t.0.as_str(), t.2.as_str()))
                .collect();
            filter.holds(e) && passes(&q.attributes, q.any_attribute, None, &terms)
        })
        .collect();
    let index = ListingIndex::new(0, nulls_last, Vec::new());
    let sort = SORTS
        .iter()
        .position(|s| *s == q.sort)
        .unwrap_or(SORTS.len() - 1);
    held.sort_by_key(|r| index.key(sort, &r.entry));
    if q.descending {
        held.reverse();
    }
    let skip = q.offset.unwrap_or((q.page - 1) * q.per_page) as usize;
    Page {
        ids: held
            .iter()
            .skip(skip)
            .take(q.per_page as usize)
            .map(|r| r.entry.id)
            .collect(),
        total: held.len() as i64,
    }
}

fn copy(r: &Read) -> Read {
    Read {
        entry: r.entry.clone(),
        terms: r.terms.clone(),
    }
}

#[test]
fn moved_product_by_product_the_index_equals_one_read_afresh() {
    for (nulls_last, priceless) in [(false, false), (true, false), (false, true), (true, true)] {
        let mut dice = Dice(65);
        let mut products: std::collections::BTreeMap<i64, Read> = (1..=60)
            .map(|id| (id, product(id, &mut dice, priceless)))
            .collect();
        let mut index = ListingIndex::new(1, nulls_last, products.values().map(copy).collect());
        for round in 0..40 {
            // Some products change, some go, some come; a large round sorts afresh.
            let n = if round == 20 {
                RESORT_ABOVE as i64 + 10
            } else {
                1 + dice.roll(6)
            };
            let mut ids = Vec::new();
            for _ in 0..n {
                let id = 1 + dice.roll(80);
                ids.push(id);
                if dice.roll(4) == 0 {
                    products.remove(&id);
                } else {
                    products.insert(id, product(id, &mut dice, priceless));
                }
            }
            ids.sort_unstable();
            ids.dedup();
            let read = ids
                .iter()
                .filter_map(|id| products.get(id))
                .map(copy)
                .collect();
            index.update(round + 2, &ids, read);
            let fresh =
                ListingIndex::new(round + 2, nulls_last, products.values().map(copy).collect());
            let all: Vec<&Read> = products.values().collect();
            for q in queries() {
                let want = brute(&all, &q, nulls_last);
                assert_eq!(index.page(&q, true), want, "round {round}: {q:?}");
                assert_eq!(
                    index.page(&q, false).ids,
                    want.ids,
                    "without the total: {q:?}"
                );
                assert_eq!(fresh.page(&q, true), want, "afresh, round {round}: {q:?}");
            }
            for (sort, name) in SORTS.iter().enumerate() {
                let ids = |ix: &ListingIndex| -> Vec<i64> {
                    ix.orders[sort]
                        .iter()
                        .map(|h| ix.entry(h.slot).id)
                        .collect()
                };
                assert_eq!(ids(&index), ids(&fresh), "round {round}: order {name:?}");
            }
        }
        // The facet names: the first spelling still named by a product.
        let mut names = Vec::new();
        index.each(
            &ProductQuery {
                visibility: laden_domain::VisibilityFilter::Any,
                ..Default::default()
            },
            None,
            |p| {
                names.extend(p.terms.iter().map(|t| index.pair_names(index.pair_of(*t))));
            },
        );
        for (slug, attribute, _, _) in names {
            let spelled: Vec<&str> = products
                .values()
                .flat_map(|r| r.terms.iter().filter(|t| t.0 == slug).map(|t| t.1.as_str()))
                .collect();
            assert_eq!(
                Some(&attribute),
                spelled.iter().min(),
                "the attribute's name"
            );
        }
    }
}

#[test]
fn the_index_answers_only_what_it_holds() {
    assert!(ListingIndex::answers(&ProductQuery::default()));
    for q in [
        ProductQuery {
            search: Some("tasse".into()),
            ..Default::default()
        },
        ProductQuery {
            slugs: vec!["a".into()],
            ..Default::default()
        },
        ProductQuery {
            skus: vec!["a".into()],
            ..Default::default()
        },
        ProductQuery {
            parents: vec![0],
            ..Default::default()
        },
        ProductQuery {
            related_to: Some(3),
            ..Default::default()
        },
        ProductQuery {
            kinds: vec![ProductKind::Variation],
            ..Default::default()
        },
        ProductQuery {
            sort: ProductSort::Title,
            ..Default::default()
        },
        ProductQuery {
            sort: ProductSort::Include,
            include: vec![3, 1],
            ..Default::default()
        },
    ] {
        assert!(!ListingIndex::answers(&q), "{q:?}");
    }
    assert!(ListingIndex::answers(&ProductQuery {
        search: Some("  ".into()),
        ..Default::default()
    }));
}
