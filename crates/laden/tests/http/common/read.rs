//! Reading what the server answered: bodies, WordPress errors, page data and JSON-LD,
//! compressed bodies, CSV rows, and a few test inputs (a JPEG, a folder's files).

/// A JPEG of `w`×`h` pixels (a gradient, so it compresses like a photo).
pub fn jpeg(w: u32, h: u32) -> Vec<u8> {
    let mut rgb = Vec::with_capacity((w * h * 3) as usize);
    for y in 0..h {
        for x in 0..w {
            rgb.extend([(x * 255 / w.max(1)) as u8, (y * 255 / h.max(1)) as u8, 128]);
        }
    }
    laden_store::media::encode_jpeg(&rgb, w, h, 80).unwrap()
}

/// Every file below `dir`, as paths relative to it.
pub fn files_below(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    out.sort();
    out
}

/// The value of `key` among a REST answer's `meta_data`, if it is there.
pub fn meta(v: &serde_json::Value, key: &str) -> Option<serde_json::Value> {
    v["meta_data"]
        .as_array()?
        .iter()
        .find(|m| m["key"] == key)
        .map(|m| m["value"].clone())
}

/// An answer's status and JSON body.
pub async fn answered(res: reqwest::Response) -> (u16, serde_json::Value) {
    (res.status().as_u16(), body(res).await)
}

/// The page data a server-rendered page inlines (`<script id="__LADEN_DATA__">`).
pub fn page_data(html: &str) -> serde_json::Value {
    let data = html
        .split(r#"<script id="__LADEN_DATA__" type="application/json">"#)
        .nth(1)
        .and_then(|rest| rest.split("</script>").next())
        .expect("the page inlines its data");
    serde_json::from_str(data).unwrap()
}

/// The page's schema.org `Product` (JSON-LD).
pub fn product_ld(html: &str) -> serde_json::Value {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .filter_map(|rest| {
            serde_json::from_str::<serde_json::Value>(rest.split("</script>").next()?).ok()
        })
        .find(|v| v["@type"] == "Product")
        .expect("the page has a Product in JSON-LD")
}

/// A body sent with `Content-Encoding` `br` or `gzip`, decoded.
pub fn decoded(coding: &str, raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    if coding == "br" {
        brotli::BrotliDecompress(&mut std::io::Cursor::new(raw), &mut out).unwrap();
    } else {
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(raw), &mut out).unwrap();
    }
    out
}

/// The JSON body of an answer.
/// The row of a product CSV holding `sku`.
pub fn csv_row<'a>(csv: &'a str, sku: &str) -> &'a str {
    csv.lines()
        .find(|l| l.contains(&format!(",{sku},")))
        .unwrap_or_else(|| panic!("no row of {sku}"))
}

pub async fn body(res: reqwest::Response) -> serde_json::Value {
    res.json::<serde_json::Value>().await.unwrap()
}

/// The cookie an answer sets, as a request sends it back (`name=value`).
pub fn cookie_of(res: &reqwest::Response) -> String {
    res.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned()
}

/// A WordPress-shaped error: `{code, message, data: {status}}` with a message.
pub fn assert_wp_error(v: &serde_json::Value, code: &str, status: u64) {
    assert_eq!(v["code"], code, "{v}");
    assert_eq!(v["data"]["status"], status, "{v}");
    assert!(v["message"].as_str().is_some_and(|m| !m.is_empty()), "{v}");
}

/// The one number a query answers (a `COUNT(*)`) on `store`'s database.
pub async fn count(store: &laden_store::Store, q: &str) -> i64 {
    match &store.db {
        laden_store::Db::Sqlite(p) => sqlx::query_scalar::<_, i64>(q).fetch_one(p).await.unwrap(),
        laden_store::Db::Postgres(p) => sqlx::query_scalar::<_, i64>(q).fetch_one(p).await.unwrap(),
    }
}

/// Makes account `id` a day older than its confirmation link lasts: the link has run out.
pub async fn age_account(store: &laden_store::Store, id: i64) {
    let age = laden_store::UNCONFIRMED_LIFETIME + 86_400;
    let q = format!("UPDATE users SET created_at = created_at - {age} WHERE id = {id}");
    execute(store, &q).await;
}

/// Runs one statement on `store`'s database (a test breaking the database on purpose).
pub async fn execute(store: &laden_store::Store, q: &str) {
    match &store.db {
        laden_store::Db::Sqlite(p) => sqlx::query(q).execute(p).await.map(drop).unwrap(),
        laden_store::Db::Postgres(p) => sqlx::query(q).execute(p).await.map(drop).unwrap(),
    }
}
