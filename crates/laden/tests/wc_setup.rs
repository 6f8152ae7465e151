//! What a WooCommerce tool reads when it is set up against the shop, over HTTP on SQLite and
//! PostgreSQL: `wc/v3/payment_gateways`, `taxes/classes` and `data/currencies/current`, each
//! answering as the shop's settings say, staff only.

#![allow(clippy::unwrap_used)]

mod common;

use common::{assert_wp_error, Backend, TestApp};
use reqwest::Method;
use serde_json::json;

both_databases!(
    payment_gateways_tax_classes_and_currency_as_the_settings_say,
    |db: Backend| async move {
        let app = TestApp::start(db).await;
        let m = app.staff("shop_manager").await;
        app.set(|s| s.shop.payment_methods = vec!["invoice".into(), "bacs".into()])
            .await;

        // Every method Laden has: the checkout's, in its order, then the one switched off.
        let (status, list) = app.wc(&m, Method::GET, "/payment_gateways", None).await;
        assert_eq!(status, 200, "{list}");
        let summary: Vec<(&str, i64, bool)> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                let id = g["id"].as_str().unwrap();
                (
                    id,
                    g["order"].as_i64().unwrap(),
                    g["enabled"].as_bool().unwrap(),
                )
            })
            .collect();
        assert_eq!(
            summary,
            [("invoice", 0, true), ("bacs", 1, true), ("cod", 2, false)]
        );
        assert_eq!(list[1]["title"], "Vorkasse (Überweisung)", "{list}");
        assert_eq!(list[1]["method_supports"], json!(["products"]));
        let (status, one) = app.wc(&m, Method::GET, "/payment_gateways/cod", None).await;
        assert_eq!((status, &one), (200, &list[2]));
        let (status, e) = app
            .wc(&m, Method::GET, "/payment_gateways/paypal", None)
            .await;
        assert_eq!(status, 404);
        assert_wp_error(&e, "woocommerce_rest_payment_gateway_invalid", 404);

        let (status, classes) = app.wc(&m, Method::GET, "/taxes/classes", None).await;
        assert_eq!(status, 200);
        assert_eq!(
            classes,
            json!([
                { "slug": "standard", "name": "Regelsteuersatz" },
                { "slug": "reduced-rate", "name": "Ermäßigter Steuersatz" }
            ])
        );
        let (status, eur) = app
            .wc(&m, Method::GET, "/data/currencies/current", None)
            .await;
        assert_eq!(
            (status, eur),
            (200, json!({ "code": "EUR", "name": "Euro", "symbol": "€" }))
        );

        // Staff only.
        let customer = app.staff("customer").await;
        for path in [
            "/payment_gateways",
            "/taxes/classes",
            "/data/currencies/current",
        ] {
            let (status, e) = app
                .call(Method::GET, &format!("/wc/v3{path}"), None, None)
                .await;
            assert_eq!(status, 401, "{path}");
            assert_wp_error(&e, "woocommerce_rest_cannot_view", 401);
            let (status, _) = app.wc(&customer, Method::GET, path, None).await;
            assert_eq!(status, 403, "{path}");
        }
    }
);
