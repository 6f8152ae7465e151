//! A forgotten password, over HTTP on SQLite and PostgreSQL: the link is mailed to the account's
//! address (the same answer for any name), works once and for a day, and ends every session.

use crate::common;

use common::{both_databases, execute, TestApp, PASSWORD};
use laden_http::mail::preview;
use laden_store::{MailKind, Throttle};

const PATH: &str = "/mein-konto/passwort-vergessen/";

/// The newest reset mail of account `id`, and the link it carries (its path).
async fn reset_link(app: &TestApp, id: i64) -> (usize, String) {
    let mails: Vec<_> = app
        .store
        .user_mails(id)
        .await
        .unwrap()
        .into_iter()
        .filter(|m| m.kind == MailKind::PasswordReset)
        .collect();
    let last = mails.last().expect("a reset mail");
    let p = preview(&app.state, last).await.unwrap();
    let link = p
        .text
        .lines()
        .find_map(|l| l.strip_prefix("Neues Passwort festlegen: "))
        .unwrap_or_else(|| panic!("{}", p.text));
    let path = link.strip_prefix("https://shop.example.de").unwrap();
    (mails.len(), path.to_owned())
}

/// The form fields a link's path carries (`user`, `time`, `key`).
fn link_fields(path: &str) -> Vec<(String, String)> {
    let url = reqwest::Url::parse(&format!("https://shop.example.de{path}")).unwrap();
    url.query_pairs()
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect()
}

async fn set_password(app: &TestApp, path: &str, one: &str, two: &str) -> (u16, String) {
    let mut fields = link_fields(path);
    fields.push(("password_1".into(), one.into()));
    fields.push(("password_2".into(), two.into()));
    let pairs: Vec<(&str, &str)> = fields
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (status, html, _) = app.post_form(PATH, &pairs).await;
    (status, html)
}

#[both_databases]
async fn a_forgotten_password_is_set_anew_through_a_mailed_link(app: TestApp) {
    let login = app.user("customer").await;
    let email = format!("{login}@example.de");
    let id = app
        .store
        .authenticate(&login, PASSWORD)
        .await
        .unwrap()
        .unwrap()
        .id;
    let session = app.login(&login, PASSWORD).await;
    // Locked out by failed logins, as someone who forgot the password may be.
    for _ in 0..20 {
        if let Throttle::Locked(_) = app.store.record_login_failure(&login).await.unwrap() {
            break;
        }
    }
    assert!(matches!(
        app.store.login_throttle(&login).await.unwrap(),
        Throttle::Locked(_)
    ));

    // The login form links to it; WordPress's own address leads there.
    let page = app.html("/wp-login.php", None).await;
    assert!(
        page.contains(&format!(r#"href="{PATH}">Passwort vergessen?</a>"#)),
        "{page}"
    );
    for action in ["lostpassword", "retrievepassword"] {
        let res = app.get(&format!("/wp-login.php?action={action}")).await;
        assert_eq!(
            (
                res.status().as_u16(),
                res.headers()["location"].to_str().unwrap()
            ),
            (303, PATH),
            "{action}"
        );
    }
    let page = app.html(PATH, None).await;
    assert!(
        page.contains(r#"name="user_login""#) && page.contains("Passwort zurücksetzen"),
        "{page}"
    );

    // Nothing named: said, and nothing sent.
    let (status, html, _) = app.post_form(PATH, &[("user_login", " ")]).await;
    assert_eq!(status, 400);
    assert!(html.contains("Bitte geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein."));
    assert!(html.contains(r#"aria-invalid="true" aria-describedby="reset_notice" autofocus"#));

    // An unknown address and a known one get the same answer; only the known one a mail.
    let (status, unknown, _) = app
        .post_form(PATH, &[("user_login", "niemand@example.de")])
        .await;
    let (status_known, known, _) = app
        .post_form(PATH, &[("user_login", &email.to_uppercase())])
        .await;
    assert_eq!((status, status_known), (200, 200));
    assert_eq!(unknown, known);
    assert!(known.contains("Der Link ist 24 Stunden gültig."), "{known}");
    let (count, path) = reset_link(&app, id).await;
    assert_eq!(count, 1);
    let mail = app.store.user_mails(id).await.unwrap().pop().unwrap();
    assert_eq!(mail.recipient, email);
    let p = preview(&app.state, &mail).await.unwrap();
    assert!(
        p.subject.starts_with("Neues Passwort für Ihr Konto bei")
            && p.text
                .contains("Er ist 24 Stunden gültig und funktioniert einmal."),
        "{}",
        p.subject
    );
    // Asked again at once (by login name): no second mail.
    app.post_form(PATH, &[("user_login", &login)]).await;
    assert_eq!(reset_link(&app, id).await.0, 1);

    // The link opens the form; a changed key is refused.
    let page = app.html(&path, None).await;
    assert!(
        page.contains(r#"name="password_1""#) && page.contains(r#"autocomplete="new-password""#),
        "{page}"
    );
    let wrong = format!(
        "{}{}",
        &path[..path.len() - 1],
        if path.ends_with('0') { '1' } else { '0' }
    );
    assert_eq!(app.get(&wrong).await.status(), 404);
    let (status, html) = set_password(&app, &wrong, "neues-passwort-1", "neues-passwort-1").await;
    assert_eq!(status, 404);
    assert!(html.contains("Neuen Link anfordern"), "{html}");

    // Refused passwords change nothing.
    for (one, two, message) in [
        (
            "kurz",
            "kurz",
            "Bitte wählen Sie ein Passwort mit mindestens 8 Zeichen.",
        ),
        (
            "neues-passwort-1",
            "neues-passwort-2",
            "Die beiden Passwörter stimmen nicht überein.",
        ),
    ] {
        let (status, html) = set_password(&app, &path, one, two).await;
        assert_eq!(status, 400);
        assert!(html.contains(message), "{html}");
        assert!(html.contains(r#"id="password_1" autocomplete="new-password" minlength="8" required aria-invalid="true""#), "{html}");
    }
    assert!(app
        .store
        .authenticate(&login, PASSWORD)
        .await
        .unwrap()
        .is_some());

    // The new password: the old one and every session end; the login form says so.
    let (status, html) = set_password(&app, &path, "neues-passwort-1", "neues-passwort-1").await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Ihr Passwort wurde geändert. Sie können sich jetzt anmelden."),
        "{html}"
    );
    assert!(app
        .store
        .authenticate(&login, PASSWORD)
        .await
        .unwrap()
        .is_none());
    let nonce = app
        .get_with(
            "/wp-admin/admin-ajax.php?action=rest-nonce",
            &[("cookie", &session.cookie)],
        )
        .await;
    assert_eq!(nonce.status(), 400, "the old session has ended");
    app.login(&email, "neues-passwort-1").await;
    assert_eq!(
        app.store.login_throttle(&login).await.unwrap(),
        Throttle::Open,
        "the failed logins before the reset are forgotten"
    );
    app.login(&login, "neues-passwort-1").await;

    // The link works once: with the password changed it is no longer valid.
    assert_eq!(app.get(&path).await.status(), 404);
    let (status, _) = set_password(&app, &path, "drittes-passwort", "drittes-passwort").await;
    assert_eq!(status, 404);
    assert!(app
        .store
        .authenticate(&login, "neues-passwort-1")
        .await
        .unwrap()
        .is_some());

    // A link older than a day has run out.
    execute(&app.store, "UPDATE mails SET created_at = created_at - 600").await;
    app.post_form(PATH, &[("user_login", &login)]).await;
    let (_, fresh) = reset_link(&app, id).await;
    execute(
        &app.store,
        &format!("UPDATE mails SET created_at = created_at - 86500 WHERE user_id = {id}"),
    )
    .await;
    let (_, old) = reset_link(&app, id).await;
    assert_ne!(fresh, old);
    let res = app.get(&old).await;
    assert_eq!(res.status(), 410);
    assert!(res.text().await.unwrap().contains("ist abgelaufen"));

    // WooCommerce's address for the form leads here.
    for old in ["/my-account/lost-password/", "/mein-konto/lost-password/"] {
        let res = app.get(old).await;
        assert_eq!(res.status(), 301, "{old}");
        assert_eq!(res.headers()["location"], PATH);
    }
}

#[both_databases]
async fn a_forgotten_password_confirms_an_unconfirmed_address_and_is_throttled(app: TestApp) {
    // Registered, never confirmed, password forgotten: the link came to the address, so setting
    // a password through it confirms the account too.
    let user = app
        .store
        .register_customer("neu@example.de", "lang-genug-1")
        .await
        .unwrap();
    assert_eq!(user.confirmed_at, None);
    app.post_form(PATH, &[("user_login", "neu@example.de")])
        .await;
    let (_, path) = reset_link(&app, user.id).await;
    let (status, _) = set_password(&app, &path, "neues-passwort-1", "neues-passwort-1").await;
    assert_eq!(status, 200);
    app.login("neu@example.de", "neues-passwort-1").await;

    // Ten requests an hour from one address (one above); the eleventh is refused.
    for i in 1..10 {
        let (status, _, _) = app
            .post_form(PATH, &[("user_login", &format!("x{i}@example.de"))])
            .await;
        assert_eq!(status, 200);
    }
    let res = app
        .send_form(PATH, &[("user_login", "neu@example.de")])
        .await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    assert!(res.text().await.unwrap().contains("Zu viele Versuche."));
}
