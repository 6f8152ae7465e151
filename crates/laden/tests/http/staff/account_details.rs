//! The account's details and addresses, over HTTP on SQLite and PostgreSQL: the display name and
//! a new password given with the current one; the addresses the checkout starts with. Refused
//! entries change nothing; a wrong current password counts as a failed login; a new password ends
//! the account's other sessions and is told to its address.

use crate::common;

use common::{both_databases, TestApp, PASSWORD};
use laden_http::mail::preview;
use laden_store::{MailKind, Throttle};

const PATH: &str = "/mein-konto/konto-details/";

/// The form's nonce on the page `path` as `cookie` sees it.
async fn nonce(app: &TestApp, cookie: &str, path: &str) -> String {
    let (status, html) = app.page_as(Some(cookie), path).await;
    assert_eq!(status, 200, "{html}");
    let start = html.find("name=\"_wpnonce\" value=\"").expect("a nonce") + 23;
    html[start..start + html[start..].find('"').unwrap()].to_owned()
}

/// The form of page `path` posted as `cookie` with the nonce it was shown: the status and page.
async fn post_to(
    app: &TestApp,
    path: &str,
    cookie: &str,
    fields: &[(&str, &str)],
) -> (u16, String) {
    let mut all = vec![("_wpnonce", nonce(app, cookie, path).await)];
    all.extend(fields.iter().map(|(k, v)| (*k, (*v).to_owned())));
    let pairs: Vec<(&str, &str)> = all.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let (status, html, _) = app.post_form_as(Some(cookie), path, &pairs).await;
    (status, html)
}

/// The details form posted as `cookie`.
async fn save(app: &TestApp, cookie: &str, fields: &[(&str, &str)]) -> (u16, String) {
    post_to(app, PATH, cookie, fields).await
}

/// Whether `pwd` opens the account `log`.
async fn opens(app: &TestApp, log: &str, pwd: &str) -> bool {
    app.store.authenticate(log, pwd).await.unwrap().is_some()
}

/// The display name of account `id`.
async fn name_of(app: &TestApp, id: i64) -> String {
    app.store.user(id).await.unwrap().display_name
}

#[both_databases]
async fn the_account_changes_its_name_and_password(app: TestApp) {
    let me = app.staff("customer").await;
    let email = format!("{}@example.de", me.login);
    // The same account logged in on another device.
    let elsewhere = app.login(&me.login, PASSWORD).await;

    // A visitor gets the login form, which leads back here; the account's menu links here.
    let (status, html) = app.page_as(None, PATH).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&format!("name=\"redirect_to\" value=\"{PATH}\"")),
        "{html}"
    );
    let account = app.html("/mein-konto/", Some(&me.cookie)).await;
    assert!(
        account.contains(&format!("<a href=\"{PATH}\">Kontodetails</a>")),
        "{account}"
    );

    // A form this session was not shown (a forged one) saves nothing.
    let (status, html, _) = app
        .post_form_as(
            Some(&me.cookie),
            PATH,
            &[
                ("_wpnonce", "0123456789"),
                ("account_display_name", "Fremd"),
            ],
        )
        .await;
    assert_eq!(status, 403, "{html}");
    assert!(html.contains("Dieses Formular ist abgelaufen."), "{html}");
    assert_eq!(name_of(&app, me.user_id).await, me.login);

    // The name alone: saved, shown, no mail.
    let (status, html) = save(&app, &me.cookie, &[("account_display_name", " ")]).await;
    assert_eq!(status, 400);
    assert!(
        html.contains("id=\"account_display_name\" autocomplete=\"nickname\" maxlength=\"100\" value=\"\" required aria-invalid=\"true\" aria-describedby=\"account_notice\" autofocus"),
        "{html}"
    );
    let (status, _) = save(&app, &me.cookie, &[("account_display_name", " Anna K. ")]).await;
    assert_eq!(status, 303);
    assert_eq!(name_of(&app, me.user_id).await, "Anna K.");
    let html = app
        .html(&format!("{PATH}?gespeichert=1"), Some(&me.cookie))
        .await;
    assert!(
        html.contains("Ihre Kontodetails wurden gespeichert."),
        "{html}"
    );
    assert!(html.contains("value=\"Anna K.\""), "{html}");
    let account = app.html("/mein-konto/", Some(&me.cookie)).await;
    assert!(account.contains("Hallo Anna K.!"), "{account}");
    assert!(app.store.user_mails(me.user_id).await.unwrap().is_empty());

    // Refused password changes change nothing, the name with them; a wrong current password
    // counts as a failed login.
    let name = ("account_display_name", "Anna Neu");
    for (fields, field, text) in [
        (
            vec![
                name,
                ("password_1", "neues-Passwort-1"),
                ("password_2", "neues-Passwort-1"),
            ],
            "password_current",
            "Bitte geben Sie Ihr aktuelles Passwort ein.",
        ),
        (
            vec![
                name,
                ("password_current", "falsch-geraten"),
                ("password_1", "neues-Passwort-1"),
                ("password_2", "neues-Passwort-1"),
            ],
            "password_current",
            "Ihr aktuelles Passwort ist nicht richtig.",
        ),
        (
            vec![
                name,
                ("password_current", PASSWORD),
                ("password_1", "kurz"),
                ("password_2", "kurz"),
            ],
            "password_1",
            "mindestens 8 Zeichen",
        ),
        (
            vec![
                name,
                ("password_current", PASSWORD),
                ("password_1", "neues-Passwort-1"),
                ("password_2", "neues-Passwort-2"),
            ],
            "password_1",
            "Die beiden Passwörter stimmen nicht überein.",
        ),
    ] {
        let (status, html) = save(&app, &me.cookie, &fields).await;
        assert_eq!(status, 400, "{text}: {html}");
        assert!(html.contains(text), "{text}: {html}");
        let marked = format!("id=\"{field}\"");
        let at = html.find(&marked).unwrap();
        assert!(
            html[at..at + html[at..].find('>').unwrap()].contains("aria-invalid=\"true\""),
            "{text}: {html}"
        );
    }
    assert_eq!(name_of(&app, me.user_id).await, "Anna K.");
    assert!(opens(&app, &me.login, PASSWORD).await);
    assert_eq!(
        app.count(&format!(
            "SELECT COUNT(*) AS n FROM login_failures WHERE login = '{}'",
            me.login.to_lowercase()
        ))
        .await,
        1
    );

    // The new password: this session stays, the other one ends, failed logins are forgotten,
    // and the address is told, with the way back in.
    let (status, _) = save(
        &app,
        &me.cookie,
        &[
            name,
            ("password_current", PASSWORD),
            ("password_1", "neues-Passwort-1"),
            ("password_2", "neues-Passwort-1"),
        ],
    )
    .await;
    assert_eq!(status, 303);
    assert!(!opens(&app, &me.login, PASSWORD).await);
    assert!(opens(&app, &email, "neues-Passwort-1").await);
    assert_eq!(name_of(&app, me.user_id).await, "Anna Neu");
    assert!(app
        .html("/mein-konto/", Some(&me.cookie))
        .await
        .contains("Hallo Anna Neu!"));
    let other = app.html("/mein-konto/", Some(&elsewhere.cookie)).await;
    assert!(other.contains("name=\"pwd\""), "{other}");
    assert_eq!(
        app.store.login_throttle(&me.login).await.unwrap(),
        Throttle::Open
    );
    let mails = app.store.user_mails(me.user_id).await.unwrap();
    assert_eq!(mails.len(), 1);
    assert_eq!(
        (mails[0].kind, mails[0].recipient.as_str()),
        (MailKind::PasswordChanged, email.as_str())
    );
    let p = preview(&app.state, &mails[0]).await.unwrap();
    assert!(p.subject.starts_with("Ihr Passwort bei "), "{}", p.subject);
    for part in [
        format!("Das Passwort Ihres Kontos {email} bei "),
        "Neues Passwort festlegen: https://shop.example.de/mein-konto/passwort-vergessen/"
            .to_owned(),
    ] {
        assert!(p.text.contains(&part), "{part}: {}", p.text);
    }

    // WooCommerce's address for the form leads here.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client
        .get(app.url("/my-account/edit-account/"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], PATH);
}

#[both_databases]
async fn guessing_the_current_password_locks_the_form_as_the_login(app: TestApp) {
    let me = app.staff("customer").await;
    let mut refused = None;
    for _ in 0..10 {
        let (status, html) = save(
            &app,
            &me.cookie,
            &[
                ("account_display_name", "Anna"),
                ("password_current", "falsch-geraten"),
                ("password_1", "neues-Passwort-1"),
                ("password_2", "neues-Passwort-1"),
            ],
        )
        .await;
        if status == 429 {
            refused = Some(html);
            break;
        }
        assert_eq!(status, 400, "{html}");
    }
    assert!(refused.is_some(), "never locked");
    // Locked: even the right password is refused now, and nothing changed.
    let (status, _) = save(
        &app,
        &me.cookie,
        &[
            ("account_display_name", "Anna"),
            ("password_current", PASSWORD),
            ("password_1", "neues-Passwort-1"),
            ("password_2", "neues-Passwort-1"),
        ],
    )
    .await;
    assert_eq!(status, 429);
    assert_eq!(name_of(&app, me.user_id).await, me.login);
    assert!(opens(&app, &me.login, PASSWORD).await);
}

const ADDRESSES: &str = "/mein-konto/adressen/";

/// The addresses the checkout is given for the session of `cookie`.
async fn checkout_addresses(app: &TestApp, cookie: &str) -> serde_json::Value {
    let res = app
        .client
        .get(app.url("/wp-json/laden/v1/session"))
        .header("cookie", cookie)
        .send()
        .await
        .unwrap();
    let v: serde_json::Value = res.json().await.unwrap();
    serde_json::json!({ "billing": v["billing"], "shipping": v["shipping"] })
}

/// Whether the field `id` on `html` is marked refused.
fn refused_field(html: &str, id: &str) -> bool {
    let at = html
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("{id}: {html}"));
    html[at..at + html[at..].find('>').unwrap()].contains("aria-invalid=\"true\"")
}

#[both_databases]
async fn the_account_keeps_the_addresses_its_checkout_starts_with(app: TestApp) {
    let me = app.staff("customer").await;
    let email = format!("{}@example.de", me.login);
    let (status, html) = app.page_as(None, ADDRESSES).await;
    assert_eq!(status, 200);
    assert!(
        html.contains(&format!("name=\"redirect_to\" value=\"{ADDRESSES}\"")),
        "{html}"
    );
    let account = app.html("/mein-konto/", Some(&me.cookie)).await;
    assert!(
        account.contains(&format!("<a href=\"{ADDRESSES}\">Adressen</a>")),
        "{account}"
    );
    let (status, html) = app.page_as(Some(&me.cookie), ADDRESSES).await;
    assert_eq!(status, 200);
    assert!(
        html.contains("<option value=\"DE\" selected>Deutschland</option>"),
        "{html}"
    );
    assert!(
        html.contains("autocomplete=\"billing postal-code\""),
        "{html}"
    );

    // A forged form and refused fields save nothing; each refused field says why, the first has
    // the focus. A shipping address begun must be whole.
    let (status, _, _) = app
        .post_form_as(
            Some(&me.cookie),
            ADDRESSES,
            &[("_wpnonce", "0123456789"), ("billing.first_name", "Fremd")],
        )
        .await;
    assert_eq!(status, 403);
    let billing = [
        ("billing.first_name", "Anna"),
        ("billing.last_name", "Berg"),
        ("billing.address_1", "Hauptstraße 1"),
        ("billing.city", "Wien"),
        ("billing.country", "AT"),
    ];
    // The city left out too: checked before the postcode, but shown after it.
    let mut fields: Vec<_> = billing
        .iter()
        .filter(|(k, _)| *k != "billing.city")
        .copied()
        .collect();
    fields.push(("billing.postcode", "123456"));
    fields.push(("shipping.first_name", "Bernd"));
    let (status, html) = post_to(&app, ADDRESSES, &me.cookie, &fields).await;
    assert_eq!(status, 400, "{html}");
    assert!(
        html.contains("Bitte korrigieren Sie die markierten Felder."),
        "{html}"
    );
    for (id, refused) in [
        ("billing_postcode", true),
        ("shipping_last_name", true),
        ("shipping_address_1", true),
        ("billing_city", true),
        ("billing_address_1", false),
        ("shipping_first_name", false),
    ] {
        assert_eq!(refused_field(&html, id), refused, "{id}: {html}");
    }
    assert!(
        html.contains("aria-describedby=\"billing_postcode-error\" autofocus"),
        "{html}"
    );
    assert_eq!(html.matches(" autofocus").count(), 1, "{html}");
    assert!(
        html.contains("value=\"123456\""),
        "the typed value is kept: {html}"
    );
    assert_eq!(app.count("SELECT COUNT(*) AS n FROM customers").await, 0);

    // Saved without a shipping address: the checkout gets the billing address with the
    // account's e-mail address, and no shipping address.
    let mut fields = billing.to_vec();
    fields.push(("billing.postcode", "1010"));
    fields.push(("billing.phone", "+43 1 234567"));
    let (status, _) = post_to(&app, ADDRESSES, &me.cookie, &fields).await;
    assert_eq!(status, 303);
    let saved = checkout_addresses(&app, &me.cookie).await;
    for (field, want) in [
        ("first_name", "Anna"),
        ("postcode", "1010"),
        ("country", "AT"),
        ("phone", "+43 1 234567"),
    ] {
        assert_eq!(saved["billing"][field], want, "{field}: {saved}");
    }
    assert_eq!(saved["billing"]["email"], email.as_str());
    assert_eq!(saved["shipping"], serde_json::Value::Null);
    let html = app
        .html(&format!("{ADDRESSES}?gespeichert=1"), Some(&me.cookie))
        .await;
    assert!(html.contains("Ihre Adressen wurden gespeichert."), "{html}");
    assert!(html.contains("<option value=\"AT\" selected>"), "{html}");

    // With a shipping address.
    fields.extend([
        ("shipping.first_name", "Bernd"),
        ("shipping.last_name", "Berg"),
        ("shipping.address_1", "Ringstraße 3"),
        ("shipping.postcode", "04109"),
        ("shipping.city", "Leipzig"),
        ("shipping.country", "DE"),
    ]);
    let (status, _) = post_to(&app, ADDRESSES, &me.cookie, &fields).await;
    assert_eq!(status, 303);
    let saved = checkout_addresses(&app, &me.cookie).await;
    assert_eq!(saved["shipping"]["address_1"], "Ringstraße 3", "{saved}");
    assert_eq!(app.count("SELECT COUNT(*) AS n FROM customers").await, 1);

    // WooCommerce's addresses lead here.
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = client
        .get(app.url("/my-account/edit-address/billing/"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], ADDRESSES);
}
