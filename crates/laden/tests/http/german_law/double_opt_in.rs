//! Customer accounts over HTTP, on SQLite and PostgreSQL: double opt-in before an account counts.

use crate::common;

use common::{both_databases, TestApp};
use laden_http::mail::{deliver_due, preview};
use laden_store::MailKind;

#[both_databases]
async fn customer_accounts_need_double_opt_in(app: TestApp) {
    let page = app.html("/mein-konto/", None).await;
    assert!(
        page.contains(r#"action="/mein-konto/registrieren/""#)
            && page.contains("Kundenkonto anlegen")
            && page.contains(r#"href="/datenschutz/""#),
        "{page}"
    );

    // Refused input changes nothing and is named in German.
    let users = app.store.user_count().await.unwrap();
    // The refused field carries the error (aria-invalid, aria-describedby) and has the focus.
    for (fields, message, field) in [
        (
            vec![("email", "neu@example.de"), ("password", "lang-genug-1")],
            "Bitte bestätigen Sie, dass Sie die Datenschutzerklärung gelesen haben.",
            r#"name="privacy""#,
        ),
        (
            vec![
                ("email", "neu@example.de"),
                ("password", "kurz"),
                ("privacy", "1"),
            ],
            "Bitte wählen Sie ein Passwort mit mindestens 8 Zeichen.",
            r#"id="reg_password""#,
        ),
        (
            vec![
                ("email", "kein-at"),
                ("password", "lang-genug-1"),
                ("privacy", "1"),
            ],
            "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
            r#"id="reg_email""#,
        ),
    ] {
        let (status, html, _) = app.post_form("/mein-konto/registrieren/", &fields).await;
        assert_eq!(status, 400);
        assert!(
            html.contains(&format!(r#"id="reg_error">{message}</p>"#)),
            "{message}: {html}"
        );
        let marked: Vec<&str> = html
            .split("<input ")
            .filter(|i| i.contains(r#"aria-describedby="reg_error""#))
            .collect();
        assert_eq!(marked.len(), 1, "{html}");
        assert!(
            marked[0].contains(field)
                && marked[0].contains(r#"aria-invalid="true""#)
                && marked[0].contains("autofocus"),
            "{field}: {html}"
        );
    }
    assert_eq!(app.store.user_count().await.unwrap(), users);

    let (status, html, cookie) = app
        .post_form(
            "/mein-konto/registrieren/",
            &[
                ("email", "Neu@Example.de"),
                ("password", "lang-genug-1"),
                ("privacy", "1"),
            ],
        )
        .await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Wir haben einen Bestätigungslink an Neu@Example.de geschickt."),
        "{html}"
    );
    assert!(cookie.is_none(), "no session before confirmation");
    let user = app
        .store
        .authenticate("neu@example.de", "lang-genug-1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!((user.role.as_str(), user.confirmed_at), ("customer", None));

    // No login before the address is confirmed.
    let (status, html, cookie) = app
        .post_form(
            "/wp-login.php",
            &[("log", "neu@example.de"), ("pwd", "lang-genug-1")],
        )
        .await;
    assert_eq!(status, 200);
    assert!(
        html.contains("Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse")
            && html.contains("Bestätigungslink erneut senden"),
        "{html}"
    );
    assert!(cookie.is_none());

    // The mail carries the link; a wrong key is refused, the right one confirms.
    let queued = app.store.user_mails(user.id).await.unwrap();
    assert_eq!(queued.len(), 1);
    assert_eq!(
        (queued[0].kind, queued[0].recipient.as_str()),
        (MailKind::AccountConfirmation, "neu@example.de")
    );
    let p = preview(&app.state, &queued[0]).await.unwrap();
    assert!(
        p.subject
            .starts_with("Bitte bestätigen Sie Ihr Kundenkonto bei"),
        "{}",
        p.subject
    );
    let link = p
        .text
        .lines()
        .find_map(|l| l.strip_prefix("E-Mail-Adresse bestätigen: "))
        .unwrap_or_else(|| panic!("{}", p.text))
        .to_owned();
    let path = link.strip_prefix("https://shop.example.de").unwrap();
    assert!(path.starts_with(&format!("/mein-konto/bestaetigen/?user={}&key=", user.id)));
    let wrong = format!("{}0", &path[..path.len() - 1]);
    let wrong = if wrong == path {
        format!("{}1", &path[..path.len() - 1])
    } else {
        wrong
    };
    assert_eq!(app.get(&wrong).await.status(), 404);
    assert_eq!(deliver_due(&app.state).await, 1);
    let res = app.get(path).await;
    assert_eq!(res.status(), 200);
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Ihre E-Mail-Adresse ist bestätigt"));
    let (status, _, cookie) = app
        .post_form(
            "/wp-login.php",
            &[("log", "neu@example.de"), ("pwd", "lang-genug-1")],
        )
        .await;
    assert_eq!(status, 302);
    assert!(cookie.is_some());

    // Registering the address again says the same and sends nothing new.
    let (status, html, _) = app
        .post_form(
            "/mein-konto/registrieren/",
            &[
                ("email", "neu@example.de"),
                ("password", "anderes-passwort"),
                ("privacy", "1"),
            ],
        )
        .await;
    assert_eq!(status, 200);
    assert!(html.contains("Wir haben einen Bestätigungslink"));
    assert_eq!(app.store.user_mails(user.id).await.unwrap().len(), 1);

    // "Send again" for an unconfirmed account, at most every 10 minutes; an expired link asks to register again.
    app.post_form(
        "/mein-konto/registrieren/",
        &[
            ("email", "spaet@example.de"),
            ("password", "lang-genug-1"),
            ("privacy", "1"),
        ],
    )
    .await;
    let late = app
        .store
        .authenticate("spaet@example.de", "lang-genug-1")
        .await
        .unwrap()
        .unwrap();
    let (status, _, _) = app
        .post_form("/mein-konto/bestaetigen/", &[("email", "spaet@example.de")])
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        app.store.user_mails(late.id).await.unwrap().len(),
        1,
        "not again within 10 minutes"
    );
    common::age_account(&app.store, late.id).await;
    let p = preview(&app.state, &app.store.user_mails(late.id).await.unwrap()[0])
        .await
        .unwrap();
    let link = p
        .text
        .lines()
        .find_map(|l| l.strip_prefix("E-Mail-Adresse bestätigen: "))
        .unwrap()
        .to_owned();
    let res = app
        .get(link.strip_prefix("https://shop.example.de").unwrap())
        .await;
    assert_eq!(res.status(), 410);
    let html = res.text().await.unwrap();
    assert!(
        html.contains("abgelaufen") && html.contains("Bitte registrieren Sie sich erneut"),
        "{html}"
    );
    assert!(app
        .store
        .user(late.id)
        .await
        .unwrap()
        .confirmed_at
        .is_none());
}
