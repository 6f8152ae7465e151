//! Request extractors that answer bad input with WordPress-shaped errors.

use crate::error::ApiError;
use crate::unread_body::Unread;
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use laden_domain::i18n::{t, tf};
use std::collections::HashMap;

/// How long a request body may be where no route says otherwise (1 MiB).
pub const REQUEST_LIMIT: usize = 1024 * 1024;

/// The request's body, at most `MAX` bytes: a longer one is `rest_request_too_large` (413), its
/// rest drained so that the answer reaches the client (see `unread_body`); one broken off is a
/// 400 naming the body.
pub struct BodyBytes<const MAX: usize>(pub Bytes);

impl<const MAX: usize> BodyBytes<MAX> {
    async fn read(req: Request) -> Result<Bytes, Unread> {
        if crate::unread_body::declared_over(req.headers(), MAX) {
            return Err(Unread::TooLong);
        }
        crate::unread_body::read_at_most(req.into_body(), MAX).await
    }
}

impl<S: Send + Sync, const MAX: usize> FromRequest<S> for BodyBytes<MAX> {
    type Rejection = ApiError;

    async fn from_request(req: Request, _: &S) -> Result<Self, Self::Rejection> {
        match Self::read(req).await {
            Ok(bytes) => Ok(BodyBytes(bytes)),
            Err(Unread::TooLong) => Err(ApiError::TooLarge),
            Err(Unread::Broken) => Err(ApiError::param(
                "body",
                t("The request body cannot be read."),
            )),
        }
    }
}

/// A JSON body as a value; malformed JSON is `rest_invalid_json`.
pub struct JsonBody(pub serde_json::Value);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, _: &S) -> Result<Self, Self::Rejection> {
        let bytes = BodyBytes::<REQUEST_LIMIT>::read(req)
            .await
            .map_err(|unread| match unread {
                Unread::TooLong => ApiError::TooLarge,
                Unread::Broken => ApiError::InvalidJson,
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(JsonBody(serde_json::Value::Object(serde_json::Map::new())));
        }
        let value: serde_json::Value =
            serde_json::from_slice(&bytes).map_err(|_| ApiError::InvalidJson)?;
        if !value.is_object() {
            return Err(ApiError::InvalidJson);
        }
        Ok(JsonBody(value))
    }
}

/// The request's cart (`Cart-Token`: 20 to 128 letters, digits, `-` or `_`), or a new token
/// when it names none or a malformed one (`is_new`: nothing is stored under it yet).
pub struct CartToken {
    pub token: String,
    pub is_new: bool,
}

impl<S: Send + Sync> FromRequestParts<S> for CartToken {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let given = parts
            .headers
            .get("cart-token")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|t| {
                (20..=128).contains(&t.len())
                    && t.bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            });
        Ok(match given {
            Some(t) => CartToken {
                token: t.to_owned(),
                is_new: false,
            },
            None => CartToken {
                token: laden_store::random_token(24),
                is_new: true,
            },
        })
    }
}

/// The route's path parameters in order (none for a route without any).
pub struct PathParts(pub Vec<String>);

impl<S: Send + Sync> FromRequestParts<S> for PathParts {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        use axum::extract::rejection::RawPathParamsRejection;
        match axum::extract::RawPathParams::from_request_parts(parts, state).await {
            Ok(params) => Ok(PathParts(
                params.iter().map(|(_, v)| v.to_owned()).collect(),
            )),
            Err(RawPathParamsRejection::MissingPathParams(_)) => Ok(PathParts(Vec::new())),
            Err(_) => Err(ApiError::NoRoute),
        }
    }
}

/// Query parameters; a repeated name keeps its last value, as PHP does.
pub struct Params(pub HashMap<String, String>);

impl<S: Send + Sync> FromRequestParts<S> for Params {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let q = parts.uri.query().unwrap_or("");
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(q)
            .map_err(|_| ApiError::param("query", t("The query string cannot be read.")))?;
        // PHP's arrays (`slug[]=a&slug[]=b`) as WordPress reads them: one comma list under `slug`.
        let mut map: HashMap<String, String> = HashMap::new();
        for (k, v) in pairs {
            match k.strip_suffix("[]") {
                Some(base) => {
                    let entry = map.entry(base.to_owned()).or_default();
                    if !entry.is_empty() {
                        entry.push(',');
                    }
                    entry.push_str(&v);
                }
                None => {
                    map.insert(k, v);
                }
            }
        }
        Ok(Params(map))
    }
}

/// Which page of a list is asked for, and how long a page is.
#[derive(Debug, Clone, Copy)]
pub struct Paging {
    pub page: i64,
    pub per_page: i64,
}

impl Params {
    pub fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }

    /// An integer parameter within bounds, or `rest_invalid_param` naming it.
    pub fn int(&self, key: &str, default: i64, min: i64, max: i64) -> Result<i64, ApiError> {
        match self.get(key) {
            None => Ok(default),
            Some(raw) => match raw.trim().parse::<i64>() {
                Ok(n) if (min..=max).contains(&n) => Ok(n),
                _ => Err(ApiError::param(
                    key,
                    if max == i64::MAX {
                        tf(
                            "%1$s must be a whole number of at least %2$d.",
                            &[&key, &min],
                        )
                    } else {
                        tf(
                            "%1$s must be between %2$d and %3$d (inclusive).",
                            &[&key, &min, &max],
                        )
                    },
                )),
            },
        }
    }

    /// WordPress pagination: `page` ≥ 1, `per_page` 1–100 (default 10).
    pub fn pagination(&self) -> Result<Paging, ApiError> {
        let page = self.int("page", 1, 1, i64::MAX);
        let per_page = self.int("per_page", 10, 1, 100);
        match (page, per_page) {
            (Ok(page), Ok(per_page)) => Ok(Paging { page, per_page }),
            (Err(ApiError::InvalidParams(mut a)), Err(ApiError::InvalidParams(b))) => {
                a.extend(b);
                Err(ApiError::InvalidParams(a))
            }
            (Err(e), _) | (_, Err(e)) => Err(e),
        }
    }
}

/// WordPress's message for a value outside a parameter's choices (`allowed` comma-separated).
pub fn not_one_of(name: impl std::fmt::Display, allowed: impl std::fmt::Display) -> String {
    tf("%1$s is not one of %2$s.", &[&name, &allowed])
}

/// Reads a list's query parameters and collects everything wrong with them, each named with its
/// German message, so one `rest_invalid_param` answer lists every bad parameter (as WordPress).
/// An empty parameter counts as not given.
pub struct ParamCheck<'a> {
    params: &'a Params,
    problems: Vec<(String, String)>,
}

impl<'a> ParamCheck<'a> {
    pub fn new(params: &'a Params) -> Self {
        ParamCheck {
            params,
            problems: Vec::new(),
        }
    }

    /// A parameter's value, when given and not empty.
    pub fn text(&self, key: &str) -> Option<&'a str> {
        self.params.get(key).filter(|v| !v.is_empty())
    }

    /// Notes a problem with `key`.
    pub fn problem(&mut self, key: &str, message: String) {
        self.problems.push((key.to_owned(), message));
    }

    /// A value among `allowed`.
    pub fn one_of(&mut self, key: &str, allowed: &[&str]) -> Option<String> {
        let v = self.text(key)?;
        if allowed.contains(&v) {
            return Some(v.to_owned());
        }
        self.problem(key, not_one_of(key, allowed.join(", ")));
        None
    }

    /// A date and time (ISO 8601, as WordPress takes it; without a zone, a time on `clock`):
    /// unix seconds.
    pub fn date(&mut self, key: &str, clock: crate::dates::Clock) -> Option<i64> {
        let v = self.text(key)?;
        let at = crate::dates::parse_moment(v, clock);
        if at.is_none() {
            self.problem(key, tf("Invalid date for %s.", &[&key]));
        }
        at
    }

    /// `wc/v3`'s time filters: `after`, `before`, `modified_after`, `modified_before`, in the
    /// site's (German) time unless `dates_are_gmt=true` or the date names its zone.
    pub fn date_range(&mut self) -> laden_store::DateRange {
        let clock = match self.boolean("dates_are_gmt") {
            Some(true) => crate::dates::Clock::Utc,
            _ => crate::dates::Clock::German,
        };
        laden_store::DateRange {
            after: self.date("after", clock),
            before: self.date("before", clock),
            modified_after: self.date("modified_after", clock),
            modified_before: self.date("modified_before", clock),
        }
    }

    /// An integer.
    pub fn integer(&mut self, key: &str) -> Option<i64> {
        let v = self.text(key)?;
        let n = v.trim().parse::<i64>().ok();
        if n.is_none() {
            self.problem(key, tf("%s is not of type integer.", &[&key]));
        }
        n
    }

    /// A boolean (`true`/`1` or `false`/`0`, as WordPress takes them).
    pub fn boolean(&mut self, key: &str) -> Option<bool> {
        match self.text(key)?.trim() {
            "true" | "1" => Some(true),
            "false" | "0" => Some(false),
            _ => {
                self.problem(key, tf("%s is not of type boolean.", &[&key]));
                None
            }
        }
    }

    /// A comma-separated list of integers (empty when not given).
    pub fn integers(&mut self, key: &str) -> Vec<i64> {
        let Some(v) = self.text(key) else {
            return Vec::new();
        };
        match v.split(',').map(|x| x.trim().parse::<i64>()).collect() {
            Ok(ids) => ids,
            Err(_) => {
                self.problem(key, tf("%s is not of type integer.", &[&key]));
                Vec::new()
            }
        }
    }

    /// Everything read, or every problem found.
    pub fn finish(self) -> Result<(), ApiError> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(ApiError::InvalidParams(self.problems))
        }
    }
}

/// A JSON body parsed into `T`; malformed JSON is `rest_invalid_json`, a field `T` cannot take is
/// `rest_invalid_param` naming it by its path (`billing_address.country`) with a German message.
/// Field types that check their input report their own message through [`Problem`].
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: serde::de::DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let JsonBody(value) = JsonBody::from_request(req, state).await?;
        parse(value).map(Body)
    }
}

/// Parses a JSON value into `T`, naming the field that does not fit.
pub fn parse<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, ApiError> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let (field, message) = field_problem(&path, &e.inner().to_string());
        ApiError::param(&field, message)
    })
}

/// What a field type says when it refuses its input: a gettext id (its `%s`, if any, is the
/// field's name) and, for a field with parts, the part it refuses (`country`). Such a type reads
/// its input as a `serde_json::Value` first (`Value::deserialize(d)?`), so that serde's own
/// errors (a missing field) keep their place and meaning.
pub struct Problem {
    pub msgid: &'static str,
    pub part: Option<String>,
}

impl Problem {
    pub fn new(msgid: &'static str) -> Problem {
        Problem { msgid, part: None }
    }

    pub fn at(msgid: &'static str, part: &str) -> Problem {
        Problem {
            msgid,
            part: Some(part.to_owned()),
        }
    }

    /// As a serde error of any deserializer (read back by [`parse`]).
    pub fn into_error<E: serde::de::Error>(self) -> E {
        E::custom(format!(
            "{PROBLEM}{}{PROBLEM}{}",
            self.part.unwrap_or_default(),
            self.msgid
        ))
    }
}

/// Marks a [`Problem`] inside serde's error text.
const PROBLEM: char = '\u{1}';

/// The field and the German message for a serde error at `path`.
fn field_problem(path: &str, error: &str) -> (String, String) {
    let field = |name: &str| {
        if path.is_empty() || path == "." {
            name.to_owned()
        } else if name.is_empty() {
            path.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(rest) = error.strip_prefix(PROBLEM) {
        let (part, msgid) = rest.split_once(PROBLEM).unwrap_or(("", rest));
        let field = field(part);
        let message = if msgid.contains("%s") {
            tf(msgid, &[&field])
        } else {
            t(msgid)
        };
        return (field, message);
    }
    if let Some(missing) = error
        .strip_prefix("missing field `")
        .and_then(|r| r.split('`').next())
    {
        let field = field(missing);
        return (field.clone(), tf("%s is a required parameter.", &[&field]));
    }
    let field = field("");
    // serde's "invalid type: …, expected a string", in WordPress's words.
    let expected = error.rsplit("expected ").next().unwrap_or("");
    let msgid = if expected.contains("string") || expected.contains("char") {
        "%s is not of type string."
    } else if expected.contains("bool") {
        "%s is not of type boolean."
    } else if expected.contains("sequence") || expected.contains("tuple") {
        "%s is not of type array."
    } else if expected.contains("map") || expected.contains("struct") {
        "%s is not of type object."
    } else if expected.contains("i64")
        || expected.contains("u32")
        || expected.contains("u64")
        || expected.contains("integer")
    {
        "%s is not of type integer."
    } else {
        return (field, t("Invalid value."));
    };
    (field.clone(), tf(msgid, &[&field]))
}

/// A terms list's `orderby` (`name`, `slug`, `count`), `order` and `hide_empty`, each checked
/// (the Store API's and `wc/v3`'s attribute terms).
pub fn term_params(check: &mut ParamCheck) -> (laden_store::TermOrder, bool, bool) {
    let order = match check
        .one_of("orderby", &["name", "slug", "count"])
        .as_deref()
    {
        Some("slug") => laden_store::TermOrder::Slug,
        Some("count") => laden_store::TermOrder::Count,
        _ => laden_store::TermOrder::Name,
    };
    let descending = check.one_of("order", &["asc", "desc"]).as_deref() == Some("desc");
    let hide_empty = check.boolean("hide_empty").unwrap_or(false);
    (order, descending, hide_empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use serde_json::json;

    fn params(pairs: &[(&str, &str)]) -> Params {
        Params(
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        )
    }

    #[test]
    fn a_param_check_names_every_bad_parameter_at_once() {
        let p = params(&[
            ("status", "maybe"),
            ("category", "x"),
            ("include", "1, 2"),
            ("exclude", "1,zwei"),
            ("type", ""),
        ]);
        let mut check = ParamCheck::new(&p);
        assert_eq!(check.one_of("status", &["publish", "draft"]), None);
        assert_eq!(check.integer("category"), None);
        assert_eq!(check.integers("include"), vec![1, 2]);
        assert_eq!(check.integers("exclude"), Vec::<i64>::new());
        // Empty counts as not given: no value, no problem.
        assert_eq!(check.one_of("type", &["simple"]), None);
        assert_eq!(check.integer("missing"), None);
        match check.finish() {
            Err(ApiError::InvalidParams(list)) => {
                let names: Vec<&str> = list.iter().map(|(k, _)| k.as_str()).collect();
                assert_eq!(names, ["status", "category", "exclude"]);
                assert!(list.iter().all(|(_, m)| !m.is_empty()));
            }
            other => panic!("{other:?}"),
        }
        let ok = params(&[("status", "draft"), ("category", " 5 ")]);
        let mut check = ParamCheck::new(&ok);
        assert_eq!(
            check.one_of("status", &["publish", "draft"]).as_deref(),
            Some("draft")
        );
        assert_eq!(check.integer("category"), Some(5));
        assert!(check.finish().is_ok());
    }

    /// A positive number, refused with its own message.
    struct Positive;
    impl<'de> Deserialize<'de> for Positive {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            // Read as any value first, so a missing field stays serde's "missing field".
            match serde_json::Value::deserialize(d)?.as_i64() {
                Some(n) if n > 0 => Ok(Positive),
                _ => Err(Problem::new("%s must be a positive whole number.").into_error()),
            }
        }
    }

    #[derive(Deserialize)]
    #[expect(dead_code, reason = "only the parsing is tested")]
    struct Inner {
        country: String,
    }

    #[derive(Deserialize)]
    #[expect(dead_code, reason = "only the parsing is tested")]
    struct Shape {
        id: Positive,
        #[serde(default)]
        flag: bool,
        #[serde(default)]
        address: Option<Inner>,
        #[serde(default)]
        list: Vec<String>,
    }

    fn problem(v: serde_json::Value) -> Option<(String, String)> {
        match parse::<Shape>(v) {
            Err(ApiError::InvalidParams(mut list)) if list.len() == 1 => list.pop(),
            Err(other) => Some(("?".into(), format!("{other:?}"))),
            Ok(_) => None,
        }
    }

    #[test]
    fn names_the_field_in_german() {
        let cases = [
            (json!({ "id": 3 }), None),
            (json!({}), Some(("id", "id ist ein Pflichtparameter."))),
            (
                json!({ "id": 0 }),
                Some(("id", "id muss eine positive ganze Zahl sein.")),
            ),
            (
                json!({ "id": 1, "flag": "ja" }),
                Some(("flag", "flag ist nicht vom Typ boolescher Wert.")),
            ),
            (
                json!({ "id": 1, "address": { "country": 5 } }),
                Some((
                    "address.country",
                    "address.country ist nicht vom Typ Zeichenkette.",
                )),
            ),
            (
                json!({ "id": 1, "address": {} }),
                Some((
                    "address.country",
                    "address.country ist ein Pflichtparameter.",
                )),
            ),
            (
                json!({ "id": 1, "list": "a" }),
                Some(("list", "list ist keine Liste.")),
            ),
            (
                json!({ "id": 1, "list": ["a", 2] }),
                Some(("list[1]", "list[1] ist nicht vom Typ Zeichenkette.")),
            ),
        ];
        for (input, want) in cases {
            let got = problem(input.clone());
            assert_eq!(
                got.as_ref().map(|(f, m)| (f.as_str(), m.as_str())),
                want,
                "{input}"
            );
        }
    }

    /// A request whose body sends `chunks` of 4 bytes, then breaks off when `broken`.
    fn sent(chunks: usize, broken: bool) -> Request {
        let mut items: Vec<Result<Bytes, std::io::Error>> = (0..chunks)
            .map(|_| Ok(Bytes::from_static(b"{}  ")))
            .collect();
        if broken {
            items.push(Err(std::io::Error::other("cut off")));
        }
        Request::new(axum::body::Body::from_stream(futures::stream::iter(items)))
    }

    /// The answer an extraction gives: status and code, or "ok".
    fn answer<T>(got: Result<T, ApiError>) -> (u16, String) {
        match got {
            Ok(_) => (200, "ok".into()),
            Err(e) => (
                e.status().as_u16(),
                e.to_body()["code"].as_str().unwrap_or("").to_owned(),
            ),
        }
    }

    #[tokio::test]
    async fn a_body_too_long_or_broken_off_is_told_apart() {
        for (chunks, broken, want) in [
            (2, false, (200, "ok")),
            (3, false, (413, "rest_request_too_large")),
            (1, true, (400, "rest_invalid_param")),
        ] {
            let got = answer(BodyBytes::<8>::from_request(sent(chunks, broken), &()).await);
            assert_eq!(
                got,
                (want.0, want.1.to_owned()),
                "bytes: {chunks} chunks, broken {broken}"
            );
        }
        let broken = BodyBytes::<8>::from_request(sent(1, true), &()).await;
        let body = broken.err().map(|e| e.to_body()).unwrap_or_default();
        assert_eq!(
            body["data"]["params"]["body"],
            "Der Inhalt der Anfrage ist nicht lesbar."
        );
        for (chunks, broken, want) in [
            (1, false, (200, "ok")),
            (1, true, (400, "rest_invalid_json")),
            (
                REQUEST_LIMIT / 4 + 1,
                false,
                (413, "rest_request_too_large"),
            ),
        ] {
            let got = answer(JsonBody::from_request(sent(chunks, broken), &()).await);
            assert_eq!(
                got,
                (want.0, want.1.to_owned()),
                "JSON: {chunks} chunks, broken {broken}"
            );
        }
    }
}
