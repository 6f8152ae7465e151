//! Staff and customer sessions: accounts made for a test, logged in through
//! `/wp-login.php` with a REST nonce as the admin's client fetches one, and
//! REST requests sent as them.

use super::TestApp;

/// A logged-in session: the cookie to send and a `wp_rest` nonce for it.
#[derive(Clone, Debug)]
pub struct Login {
    pub cookie: String,
    pub nonce: String,
    /// The login name (as typed at `/wp-login.php`).
    pub login: String,
    pub user_id: i64,
}

pub const PASSWORD: &str = "Kaffee-und-Kuchen-7";

impl TestApp {
    /// A new account with `role`; returns its login name.
    pub async fn user(&self, role: &str) -> String {
        let login = format!(
            "{role}-{}",
            laden_store::random_token(4)
                .to_lowercase()
                .replace(['-', '_'], "x")
        );
        self.store
            .create_user(&login, &format!("{login}@example.de"), PASSWORD, role)
            .await
            .unwrap();
        login
    }

    /// Logs in through `/wp-login.php` and fetches a nonce as the REST client does.
    pub async fn login(&self, log: &str, pwd: &str) -> Login {
        let res = self
            .client
            .post(self.url("/wp-login.php"))
            .form(&[("log", log), ("pwd", pwd)])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 302, "login of {log} failed");
        let set = res.headers()["set-cookie"].to_str().unwrap().to_owned();
        let cookie = set.split(';').next().unwrap().to_owned();
        let res = self
            .client
            .get(self.url("/wp-admin/admin-ajax.php?action=rest-nonce"))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        let nonce = res.text().await.unwrap();
        let me: serde_json::Value = self
            .client
            .get(self.url("/wp-json/wp/v2/users/me"))
            .header("cookie", &cookie)
            .header("x-wp-nonce", &nonce)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        Login {
            cookie,
            nonce,
            login: log.to_owned(),
            user_id: me["id"].as_i64().unwrap(),
        }
    }

    /// A new account with `role`, logged in.
    pub async fn staff(&self, role: &str) -> Login {
        let login = self.user(role).await;
        self.login(&login, PASSWORD).await
    }

    /// A REST request below `/wp-json`, as `who` (cookie and nonce) or as a visitor.
    pub fn rest(
        &self,
        method: reqwest::Method,
        path: &str,
        who: Option<&Login>,
    ) -> reqwest::RequestBuilder {
        let mut req = self
            .client
            .request(method, self.url(&format!("/wp-json{path}")));
        if let Some(l) = who {
            req = req
                .header("cookie", &l.cookie)
                .header("x-wp-nonce", &l.nonce);
        }
        req
    }
}
