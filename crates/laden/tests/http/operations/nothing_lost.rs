//! Nothing lost, nothing twice: idempotent checkouts, limits per address shared through
//! the database, and the clean-up of what expires. Over HTTP, on SQLite and PostgreSQL.

use crate::common;

use common::{assert_wp_error, billing, body, both_databases, Backend, Fetch, TestApp};
use laden_domain::TaxClass;
use serde_json::json;

async fn checkout(app: &TestApp, token: &str, key: Option<&str>) -> reqwest::Response {
    let mut req = app
        .client
        .post(app.url("/wp-json/wc/store/v1/checkout"))
        .header("Cart-Token", token)
        .json(&common::checkout_body());
    if let Some(k) = key {
        req = req.header("Idempotency-Key", k);
    }
    req.go().await
}

#[both_databases]
async fn one_checkout_one_order(app: TestApp) {
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Reduced, Some(50))
        .await;

    // The same cart submitted twice at once, and again later: one order.
    let token = app.cart_with(id, 2).await;
    let (a, b) = tokio::join!(checkout(&app, &token, None), checkout(&app, &token, None));
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(
        statuses,
        [200, 201],
        "the second answer repeats the first order"
    );
    let (a, b) = (body(a).await, body(b).await);
    assert_eq!(a["order_id"], b["order_id"]);
    let later = checkout(&app, &token, None).await;
    assert_eq!(later.status(), 200);
    assert_eq!(body(later).await["order_id"], a["order_id"]);
    assert_eq!(app.store.order_count().await.unwrap(), 1);
    assert_eq!(app.stock(id).await, Some(48));

    // With an Idempotency-Key: twice at once and later, one order.
    let token = app.cart_with(id, 1).await;
    let (a, b) = tokio::join!(
        checkout(&app, &token, Some("bestellung-7f3a")),
        checkout(&app, &token, Some("bestellung-7f3a"))
    );
    let (a, b) = (body(a).await, body(b).await);
    assert_eq!(a["order_id"], b["order_id"]);
    let again = checkout(&app, &token, Some("bestellung-7f3a")).await;
    assert_eq!(again.status(), 200);
    assert_eq!(body(again).await["order_id"], a["order_id"]);
    assert_eq!(app.store.order_count().await.unwrap(), 2);
    assert_eq!(app.stock(id).await, Some(47));

    // The key sent with another cart is refused, and that cart is not ordered.
    let other = app.cart_with(id, 3).await;
    let res = checkout(&app, &other, Some("bestellung-7f3a")).await;
    let v = body(res).await;
    assert_wp_error(&v, "laden_idempotency_key_reused", 422);
    assert_eq!(
        v["message"],
        "Dieser Idempotency-Key wurde bereits für eine andere Bestellung verwendet."
    );
    assert_eq!(app.store.order_count().await.unwrap(), 2);
    assert_eq!(app.stock(id).await, Some(47));
    // Two carts racing with one key: one order, the other refused.
    let (x, y) = (app.cart_with(id, 1).await, app.cart_with(id, 1).await);
    let (a, b) = tokio::join!(
        checkout(&app, &x, Some("rennen")),
        checkout(&app, &y, Some("rennen"))
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 422]);
    assert_eq!(app.store.order_count().await.unwrap(), 3);
    assert_eq!(app.stock(id).await, Some(46));
    // The other cart still orders without the key.
    assert_eq!(checkout(&app, &other, None).await.status(), 201);
    assert_eq!(app.stock(id).await, Some(43));

    // A key that is not a key: 400, nothing ordered.
    let token = app.cart_with(id, 1).await;
    for bad in ["", &"k".repeat(256), "mit leerzeichen"] {
        let res = checkout(&app, &token, Some(bad)).await;
        let v = body(res).await;
        assert_wp_error(&v, "rest_invalid_param", 400);
        assert!(
            v["data"]["params"]["Idempotency-Key"]
                .as_str()
                .unwrap()
                .contains("ASCII"),
            "{v}"
        );
    }
    assert_eq!(app.store.order_count().await.unwrap(), 4);
}

async fn login_from(app: &TestApp, address: &str, log: &str, pwd: &str) -> reqwest::Response {
    app.client
        .post(app.url("/wp-login.php"))
        .header("X-Forwarded-For", address)
        .form(&[("log", log), ("pwd", pwd)])
        .go()
        .await
}

#[both_databases]
async fn one_address_may_not_guess_on(app: TestApp) {
    let staff = app.user("editor").await;

    // 100 attempts a minute from one address, each at another login: refused after 20 failures.
    let mut refused_at = None;
    for i in 0..100 {
        let res = login_from(
            &app,
            "198.51.100.7",
            &format!("kunde{i}@example.de"),
            "geraten",
        )
        .await;
        if res.status() == 429 {
            let wait: i64 = res.headers()["retry-after"]
                .to_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((1..=15 * 60).contains(&wait), "{wait}");
            assert!(res
                .text()
                .await
                .unwrap()
                .contains("Bitte versuchen Sie es in 15 Minuten erneut"));
            refused_at.get_or_insert(i);
        } else {
            assert_eq!(res.status(), 200);
            assert!(
                refused_at.is_none(),
                "once refused, refused until the window ends"
            );
        }
    }
    assert_eq!(refused_at, Some(20));
    // The right password from that address is refused too; from another address it works.
    assert_eq!(
        login_from(&app, "198.51.100.7", &staff, common::PASSWORD)
            .await
            .status(),
        429
    );
    let res = login_from(&app, "203.0.113.4", &staff, common::PASSWORD).await;
    assert_eq!(res.status(), 302);
    // An address the client writes itself, left of the proxy's, is not believed.
    assert_eq!(
        login_from(&app, "203.0.113.99, 198.51.100.7", &staff, common::PASSWORD)
            .await
            .status(),
        429
    );

    // Registrations: 10 an hour per address.
    for i in 0..10 {
        let res = app
            .client
            .post(app.url("/mein-konto/registrieren/"))
            .header("X-Forwarded-For", "192.0.2.5")
            .form(&[
                ("email", format!("neu{i}@example.de").as_str()),
                ("password", "lang-genug-1"),
                ("privacy", "1"),
            ])
            .go()
            .await;
        assert_eq!(res.status(), 200);
    }
    let users = app.store.user_count().await.unwrap();
    let res = app
        .client
        .post(app.url("/mein-konto/registrieren/"))
        .header("X-Forwarded-For", "192.0.2.5")
        .form(&[
            ("email", "elf@example.de"),
            ("password", "lang-genug-1"),
            ("privacy", "1"),
        ])
        .go()
        .await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    assert!(res.text().await.unwrap().contains("Zu viele Versuche"));
    assert_eq!(
        app.store.user_count().await.unwrap(),
        users,
        "nothing registered"
    );
    // Re-sending the link: 10 an hour per address.
    let resend = || {
        app.client
            .post(app.url("/mein-konto/bestaetigen/"))
            .header("X-Forwarded-For", "192.0.2.6")
            .form(&[("email", "neu1@example.de")])
            .go()
    };
    for _ in 0..10 {
        assert_eq!(resend().await.status(), 200);
    }
    assert_eq!(resend().await.status(), 429);

    // Withdrawal lookups naming no order: 10 in 15 minutes, then 429 even for a real order.
    let id = app
        .simple("Espresso", "E-1", 1190, TaxClass::Reduced, Some(5))
        .await;
    let token = app.cart_with(id, 1).await;
    let order = body(checkout(&app, &token, None).await).await;
    let lookup = |number: String, address: &'static str| {
        let app = &app;
        async move {
            app.client
                .post(app.url("/wp-json/laden/v1/withdrawal/lookup"))
                .header("X-Forwarded-For", address)
                .json(&json!({ "order": number, "email": billing()["email"] }))
                .go()
                .await
        }
    };
    for n in 0..10 {
        assert_eq!(
            lookup(format!("{}", 9000 + n), "192.0.2.8").await.status(),
            404
        );
    }
    let res = lookup(format!("{}", 9999), "192.0.2.8").await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    assert_wp_error(&body(res).await, "laden_too_many_requests", 429);
    assert_eq!(
        lookup(order["order_id"].to_string(), "192.0.2.8")
            .await
            .status(),
        429
    );
    assert_eq!(
        lookup(order["order_id"].to_string(), "192.0.2.9")
            .await
            .status(),
        200
    );
}

#[both_databases]
async fn limits_are_shared_by_instances(db: Backend) {
    // Two stores on one database count into the same window, as two instances would.
    let app = TestApp::start(db).await;
    let other = laden_store::Store::open(&app.db_url).await.unwrap();
    shared_window(&app.store, &other).await;
}

async fn shared_window(a: &laden_store::Store, b: &laden_store::Store) {
    use laden_store::{Limit, Rate};
    let limit = Limit { max: 4, window: 60 };
    let hits = futures::future::join_all((0..6).map(|i| {
        if i % 2 == 0 {
            a.hit("test:1", limit)
        } else {
            b.hit("test:1", limit)
        }
    }))
    .await;
    let allowed = hits
        .iter()
        .filter(|r| matches!(r, Ok(Rate::Allowed)))
        .count();
    assert_eq!(allowed, 4, "{hits:?}");
    assert!(matches!(
        a.at_limit("test:1", limit).await.unwrap(),
        Rate::Limited { .. }
    ));
    assert_eq!(b.at_limit("test:2", limit).await.unwrap(), Rate::Allowed);
}

#[both_databases]
async fn expired_registrations_are_cleaned_up(app: TestApp) {
    let register = |email: &'static str| {
        let app = &app;
        async move {
            app.client
                .post(app.url("/mein-konto/registrieren/"))
                .form(&[
                    ("email", email),
                    ("password", "lang-genug-1"),
                    ("privacy", "1"),
                ])
                .go()
                .await
        }
    };
    assert_eq!(register("alt@example.de").await.status(), 200);
    assert_eq!(register("frisch@example.de").await.status(), 200);
    let old = app
        .store
        .authenticate("alt@example.de", "lang-genug-1")
        .await
        .unwrap()
        .unwrap();
    common::age_account(&app.store, old.id).await;
    common::execute(
        &app.store,
        "INSERT INTO rate_limits (bucket, hits, window_start) VALUES ('login:192.0.2.1', 3, 1000)",
    )
    .await;
    let users = app.store.user_count().await.unwrap();

    // Registering the expired address again starts afresh (a new account, a new link).
    assert_eq!(register("alt@example.de").await.status(), 200);
    let renewed = app
        .store
        .authenticate("alt@example.de", "lang-genug-1")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(renewed.id, old.id);
    assert!(app.store.user(old.id).await.is_err());
    assert_eq!(app.store.user_count().await.unwrap(), users);

    // Housekeeping removes accounts whose link expired and counters whose window is over.
    common::age_account(&app.store, renewed.id).await;
    app.store.housekeeping().await.unwrap();
    assert!(app.store.user(renewed.id).await.is_err());
    assert_eq!(app.store.user_count().await.unwrap(), users - 1);
    assert!(
        app.store
            .authenticate("frisch@example.de", "lang-genug-1")
            .await
            .unwrap()
            .is_some(),
        "a fresh registration stays"
    );
    assert_eq!(
        app.store
            .at_limit("login:192.0.2.1", laden_store::Limit { max: 1, window: 60 })
            .await
            .unwrap(),
        laden_store::Rate::Allowed
    );
}
