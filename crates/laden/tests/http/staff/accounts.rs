//! Accounts over HTTP: login, sessions, nonces, logout and throttling.

use crate::common;

use common::{
    assert_wp_error, body, both_databases, cookie_of, Backend, Fetch, Login, TestApp, PASSWORD,
};
use reqwest::Method;

#[both_databases]
async fn login_starts_a_safe_session(app: TestApp) {
    let login = app.user("editor").await;

    // The German login page.
    let res = app.get("/wp-login.php").await;
    assert_eq!(res.status(), 200);
    let html = res.text().await.unwrap();
    assert!(
        html.contains("name=\"log\"") && html.contains("name=\"pwd\"") && html.contains("Anmelden"),
        "{html}"
    );
    let html = app.html("/mein-konto/", None).await;
    assert!(html.contains("Benutzername oder E-Mail-Adresse"));

    // A wrong password: the form again, with a German error and no cookie.
    let res = app
        .send_form(
            "/wp-login.php",
            &[("log", login.as_str()), ("pwd", "falsch")],
        )
        .await;
    assert_eq!(res.status(), 200);
    assert!(res.headers().get("set-cookie").is_none());
    let html = res.text().await.unwrap();
    assert!(html.contains("Benutzername oder Passwort ist falsch."));
    // Both fields carry the error; the password, to be typed again, has the focus.
    let fields: Vec<&str> = html
        .split("<input ")
        .filter(|i| i.contains(r#"aria-describedby="login_error""#))
        .collect();
    assert_eq!(fields.len(), 2, "{html}");
    assert!(
        fields.iter().all(|i| i.contains(r#"aria-invalid="true""#)
            && i.contains("autofocus") == i.contains(r#"id="user_pass""#)),
        "{html}"
    );
    assert!(html.contains(r#"role="alert" id="login_error""#), "{html}");

    // The right one: a cookie as the rules want it, and a redirect on the site only.
    let res = app
        .send_form(
            "/wp-login.php",
            &[
                ("log", login.as_str()),
                ("pwd", PASSWORD),
                ("redirect_to", "https://evil.example/"),
            ],
        )
        .await;
    assert_eq!(res.status(), 302);
    assert_eq!(res.headers()["location"], "/mein-konto/");
    let set = res.headers()["set-cookie"].to_str().unwrap().to_owned();
    for part in ["HttpOnly", "SameSite=Lax", "Secure", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    let first = cookie_of(&res);
    // Staff also get the script-readable hint that fetches the admin bar; it carries no secret.
    let hint = res
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|c| c.starts_with("laden_staff="))
        .unwrap();
    assert!(
        hint.starts_with("laden_staff=1;") && !hint.contains("HttpOnly"),
        "{hint}"
    );
    let customer = app.user("customer").await;
    let res = app
        .send_form(
            "/wp-login.php",
            &[("log", customer.as_str()), ("pwd", PASSWORD)],
        )
        .await;
    assert!(
        res.headers()
            .get_all("set-cookie")
            .iter()
            .any(|c| c.to_str().unwrap().starts_with("laden_staff=; ")),
        "a customer gets no staff hint"
    );
    for (target, expected) in [
        ("/kasse/", "/kasse/"),
        ("https://shop.example.de/shop/", "/shop/"),
        ("//evil.example/x", "/mein-konto/"),
        ("/\\evil.example", "/mein-konto/"),
    ] {
        let res = app
            .send_form(
                "/wp-login.php",
                &[
                    ("log", login.as_str()),
                    ("pwd", PASSWORD),
                    ("redirect_to", target),
                ],
            )
            .await;
        assert_eq!(res.headers()["location"], expected, "{target}");
    }
    // The e-mail address works as well, in any case.
    let res = app
        .send_form(
            "/wp-login.php",
            &[
                (
                    "log",
                    format!("{}@EXAMPLE.de", login.to_uppercase()).as_str(),
                ),
                ("pwd", PASSWORD),
            ],
        )
        .await;
    assert_eq!(res.status(), 302);

    let html = app.html("/mein-konto/", Some(&first)).await;
    assert!(html.contains(&format!("Hallo {login}!")), "{html}");

    // Logging in again with a session cookie starts a new session and ends the old one.
    let res = app
        .client
        .post(app.url("/wp-login.php"))
        .header("cookie", &first)
        .form(&[("log", login.as_str()), ("pwd", PASSWORD)])
        .go()
        .await;
    let second = cookie_of(&res);
    assert_ne!(first, second);
    let nonce = |cookie: &str| {
        app.client
            .get(app.url("/wp-admin/admin-ajax.php?action=rest-nonce"))
            .header("cookie", cookie)
            .go()
    };
    let old = nonce(&first).await;
    assert_eq!(old.status(), 400);
    assert_eq!(old.text().await.unwrap(), "0");
    let fresh = nonce(&second).await;
    assert_eq!(fresh.status(), 200);
    assert_eq!(fresh.headers()["content-type"], "text/plain; charset=utf-8");
    assert_eq!(fresh.text().await.unwrap().len(), 10);

    // Logout needs the log-out nonce from the account page; a bare link only asks.
    let res = app
        .get_with("/wp-login.php?action=logout", &[("cookie", &second)])
        .await;
    assert_eq!(res.status(), 403);
    let html = app.html("/mein-konto/", Some(&second)).await;
    let link = html
        .split("href=\"/wp-login.php?action=logout&amp;_wpnonce=")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_owned();
    let res = app
        .get_with(
            &format!("/wp-login.php?action=logout&_wpnonce={link}"),
            &[("cookie", &second)],
        )
        .await;
    assert_eq!(res.status(), 302);
    assert!(res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .contains("Max-Age=0"));
    assert!(res.headers().get_all("set-cookie").iter().any(|c| c
        .to_str()
        .unwrap()
        .starts_with("laden_staff=; ")
        && c.to_str().unwrap().contains("Max-Age=0")));
    let after = app
        .get_with(
            "/wp-admin/admin-ajax.php?action=rest-nonce",
            &[("cookie", &second)],
        )
        .await;
    assert_eq!(
        after.status(),
        400,
        "the session must be over on the server, not only in the browser"
    );
}

#[both_databases]
async fn nonces_decide_rest_rights(app: TestApp) {
    let editor = app.staff("editor").await;

    // Visitors: admin-ajax answers 0 / 400, users/me is 401.
    let res = app.get("/wp-admin/admin-ajax.php?action=rest-nonce").await;
    assert_eq!(
        (res.status().as_u16(), res.text().await.unwrap()),
        (400, "0".to_owned())
    );
    let v = app.call(Method::GET, "/wp/v2/users/me", None, None).await.1;
    assert_eq!(v["code"], "rest_not_logged_in");
    assert_eq!(v["message"], "Sie sind derzeit nicht angemeldet.");

    // Cookie without a nonce: a visitor, never the user.
    let res = app
        .rest(Method::GET, "/wp/v2/users/me", None)
        .header("cookie", &editor.cookie)
        .go()
        .await;
    assert_eq!(res.status(), 401);

    // Cookie and nonce (header or _wpnonce): the user, with roles and capabilities in the edit context.
    let res = app
        .fetch_as(&editor, "/wp/v2/users/me?context=edit&_locale=user")
        .await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["cache-control"]
        .to_str()
        .unwrap()
        .contains("no-store"));
    let me = body(res).await;
    assert_eq!(me["roles"], serde_json::json!(["editor"]));
    assert_eq!(me["capabilities"]["edit_pages"], true);
    assert!(me["capabilities"].get("manage_options").is_none());
    assert!(me["username"].is_string() && me["email"].is_string());
    let view = app.get_as(&editor, "/wp/v2/users/me").await;
    assert!(
        view.get("roles").is_none() && view.get("email").is_none(),
        "{view}"
    );
    let res = app
        .client
        .get(app.url(&format!(
            "/wp-json/wp/v2/users/me?_wpnonce={}",
            editor.nonce
        )))
        .header("cookie", &editor.cookie)
        .go()
        .await;
    assert_eq!(res.status(), 200);

    // A wrong nonce, or one made for another session, or another action: 403, not cached.
    let other = app.staff("editor").await;
    for bad in ["0000000000", other.nonce.as_str(), ""] {
        let res = app
            .rest(Method::GET, "/wp/v2/users/me", None)
            .header("cookie", &editor.cookie)
            .header("x-wp-nonce", bad)
            .go()
            .await;
        assert_eq!(res.status(), 403, "nonce {bad:?}");
        assert_eq!(res.headers()["cache-control"], "no-store");
        let v = body(res).await;
        assert_eq!(v["code"], "rest_cookie_invalid_nonce");
        assert_eq!(v["data"]["status"], 403);
    }
    // The same rule through ?rest_route= and through a method override.
    let res = app
        .get_with(
            "/?rest_route=/wp/v2/users/me",
            &[("cookie", &editor.cookie), ("x-wp-nonce", &editor.nonce)],
        )
        .await;
    assert_eq!(res.status(), 200);
    let res = app
        .client
        .post(app.url("/wp-json/wp/v2/pages/1"))
        .header("cookie", &editor.cookie)
        .header("x-wp-nonce", "0000000000")
        .header("x-http-method-override", "DELETE")
        .go()
        .await;
    assert_eq!(res.status(), 403);

    // A visitor's nonce ("no session") is not a logged-in nonce.
    let visitor_nonce = app.state.nonce("wp_rest", None);
    let res = app
        .rest(Method::GET, "/wp/v2/users/me", None)
        .header("cookie", &editor.cookie)
        .header("x-wp-nonce", visitor_nonce)
        .go()
        .await;
    assert_eq!(res.status(), 403);
}

#[both_databases]
async fn failed_logins_are_slowed_then_refused(app: TestApp) {
    let login = app.user("customer").await;
    let attempt = |pwd: &'static str| {
        let app = &app;
        let login = login.clone();
        async move {
            app.client
                .post(app.url("/wp-login.php"))
                .form(&[("log", login.as_str()), ("pwd", pwd)])
                .go()
                .await
        }
    };
    let mut last = None;
    let mut slow = std::time::Duration::ZERO;
    for _ in 0..laden_store::users_throttle::LOCK_AFTER {
        let started = std::time::Instant::now();
        last = Some(attempt("falsch").await);
        slow = started.elapsed();
    }
    let res = last.unwrap();
    assert_eq!(res.status(), 429);
    let retry: i64 = res.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        retry > 60 && retry <= laden_store::users_throttle::FAILURE_WINDOW,
        "{retry}"
    );
    assert!(res
        .text()
        .await
        .unwrap()
        .contains("Zu viele fehlgeschlagene Anmeldeversuche"));
    assert!(
        slow >= std::time::Duration::from_millis(250),
        "attempts after the third are slowed: {slow:?}"
    );
    // Locked: even the right password is refused until the lock ends.
    let res = attempt(PASSWORD).await;
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
    // Another account is not affected.
    let other = app.user("customer").await;
    let Login { .. } = app.login(&other, PASSWORD).await;
}

#[both_databases]
async fn application_passwords_sign_tool_requests(db: Backend) {
    use base64::Engine;
    let app = TestApp::start(db).await;
    let manager = app.staff("shop_manager").await;
    let basic = |login: &str, password: &str| {
        format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{login}:{password}"))
        )
    };

    // Created through the cookie session; the password is shown once, in groups of four.
    let res = app
        .send_as(
            &manager,
            Method::POST,
            "/wp/v2/users/me/application-passwords",
            &serde_json::json!({ "name": "ERP-Anbindung", "unknown": 1 }),
        )
        .await;
    assert_eq!(res.status(), 201);
    let created = body(res).await;
    let password = created["password"].as_str().unwrap().to_owned();
    assert!(regex_like_groups(&password), "{password}");
    let uuid = created["uuid"].as_str().unwrap().to_owned();
    let listed = app
        .get_as(&manager, "/wp/v2/users/me/application-passwords")
        .await;
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert!(
        listed[0].get("password").is_none(),
        "never shown again: {listed}"
    );
    assert_eq!(listed[0]["last_used"], serde_json::Value::Null);

    // A tool signs with HTTP Basic (spaces in the password do not matter), no cookie, no nonce.
    let who = |auth: String| {
        app.client
            .get(app.url("/wp-json/wp/v2/users/me?context=edit"))
            .header("authorization", auth)
            .send()
    };
    let me = body(who(basic(&manager.login, &password)).await.unwrap()).await;
    assert_eq!(me["roles"], serde_json::json!(["shop_manager"]));
    let me = body(
        who(basic(
            &manager.login.to_uppercase(),
            &password.replace(' ', ""),
        ))
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(me["roles"], serde_json::json!(["shop_manager"]));
    let intro = app
        .client
        .get(app.url("/wp-json/wp/v2/users/me/application-passwords/introspect"))
        .header("authorization", basic(&manager.login, &password))
        .json_of()
        .await;
    assert_eq!(intro["uuid"], uuid.as_str());
    assert!(intro["last_used"].is_string(), "the use is noted: {intro}");

    // The account password, a wrong one or another user's login is refused outright (not a visitor).
    for auth in [
        basic(&manager.login, PASSWORD),
        basic(&manager.login, "abcd efgh ijkl mnop qrst uvwx"),
        basic("admin", &password),
    ] {
        let res = who(auth).await.unwrap();
        assert_eq!(
            res.headers()["www-authenticate"],
            "Basic realm=\"WordPress\""
        );
        assert_wp_error(&body(res).await, "incorrect_password", 401);
    }

    // Others' passwords: only for those who may edit users.
    let editor = app.staff("editor").await;
    let path = format!("/wp/v2/users/{}/application-passwords", manager.user_id);
    assert_wp_error(
        &app.get_as(&editor, &path).await,
        "rest_cannot_manage_application_passwords",
        403,
    );
    assert_wp_error(
        &app.call(
            Method::GET,
            "/wp/v2/users/me/application-passwords",
            None,
            None,
        )
        .await
        .1,
        "rest_cannot_manage_application_passwords",
        401,
    );
    let admin = app.staff("administrator").await;
    assert_eq!(app.get_as(&admin, &path).await.as_array().unwrap().len(), 1);

    // Renamed, then revoked: the password stops working at once.
    let renamed = app
        .call(
            Method::PATCH,
            &format!("/wp/v2/users/me/application-passwords/{uuid}"),
            Some(&manager),
            Some(serde_json::json!({ "name": "ERP" }).clone()),
        )
        .await
        .1;
    assert_eq!(renamed["name"], "ERP");
    let gone = app
        .delete_as(
            &manager,
            &format!("/wp/v2/users/me/application-passwords/{uuid}"),
        )
        .await;
    assert_eq!(
        (gone["deleted"].as_bool(), gone["previous"]["uuid"].as_str()),
        (Some(true), Some(uuid.as_str()))
    );
    assert_wp_error(
        &body(who(basic(&manager.login, &password)).await.unwrap()).await,
        "incorrect_password",
        401,
    );
    let all = app
        .delete_as(&manager, "/wp/v2/users/me/application-passwords")
        .await;
    assert_eq!(all["count"], 0);
    let bad = app
        .post_as(
            &manager,
            "/wp/v2/users/me/application-passwords",
            serde_json::json!({ "name": "" }).clone(),
        )
        .await;
    assert_wp_error(&bad, "rest_invalid_param", 400);
}

/// `abcd efgh ijkl mnop qrst uvwx`: six groups of four letters or digits.
fn regex_like_groups(p: &str) -> bool {
    let groups: Vec<&str> = p.split(' ').collect();
    groups.len() == 6
        && groups
            .iter()
            .all(|g| g.len() == 4 && g.chars().all(|c| c.is_ascii_alphanumeric()))
}

#[both_databases]
async fn administrators_create_staff_accounts(app: TestApp) {
    let admin = app.staff("administrator").await;
    let manager = app.staff("shop_manager").await;
    let new = serde_json::json!({ "username": "lena", "email": "lena@example.de", "password": "Filterkaffee-2026", "roles": ["shop_manager"] });
    let res = app
        .send_as(&manager, Method::POST, "/wp/v2/users", &new)
        .await;
    assert_eq!(res.status(), 403);
    assert_wp_error(&body(res).await, "rest_cannot_create_user", 403);
    let res = app
        .send_as(&admin, Method::POST, "/wp/v2/users", &new)
        .await;
    assert_eq!(res.status(), 201);
    let user = body(res).await;
    assert_eq!(user["roles"], serde_json::json!(["shop_manager"]));
    assert!(user.get("password").is_none());
    let lena = app.login("lena", "Filterkaffee-2026").await;
    let res = app.fetch_as(&lena, "/wc/v3/orders").await;
    assert_eq!(res.status(), 200, "the new shop manager may run the shop");
    let res = app
        .send_as(&admin, Method::POST, "/wp/v2/users", &new)
        .await;
    assert_wp_error(&body(res).await, "existing_user_login", 400);
    let bad = serde_json::json!({ "username": "", "email": "kein", "password": "kurz", "roles": ["king"] });
    let v = app.post_as(&admin, "/wp/v2/users", bad.clone()).await;
    assert_wp_error(&v, "rest_invalid_param", 400);
    for field in ["username", "email", "password", "roles"] {
        assert!(v["data"]["params"].get(field).is_some(), "{field}: {v}");
    }
}
