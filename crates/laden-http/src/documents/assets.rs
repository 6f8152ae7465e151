//! The client bundle as pages load it: the entry script and styles from Vite's manifest, each
//! route's own chunk, and the small stylesheets carried inline.

use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path as FsPath;

/// The client bundle's entry files, from Vite's manifest.
#[derive(Debug, Default)]
pub struct Assets {
    pub script: Option<String>,
    pub styles: Vec<String>,
    /// The entry's stylesheets as `<style>` elements when small (see [`INLINE_CSS_MAX`]): the
    /// first paint, and the scripts, then wait for no stylesheet round trip.
    pub inline_styles: String,
    pub preloads: Vec<String>,
    /// Each route's own chunk (`web/src/app/views/<route>.tsx`) and what it imports beyond the
    /// entry: preloaded and styled in the head, so the page neither waits for a second round
    /// trip before hydrating nor shifts when its CSS arrives.
    pub routes: BTreeMap<String, Part>,
}

/// The largest entry stylesheet that pages carry inline instead of linking (bytes).
pub const INLINE_CSS_MAX: usize = 32 * 1024;

/// The scripts and styles of one route's chunk.
#[derive(Debug, Default)]
pub struct Part {
    pub scripts: Vec<String>,
    pub styles: Vec<String>,
}

/// A chunk and everything it imports statically (manifest keys), in load order.
fn closure<'a>(manifest: &'a BTreeMap<String, Value>, key: &'a str, out: &mut Vec<&'a str>) {
    if out.contains(&key) {
        return;
    }
    out.push(key);
    for dep in manifest
        .get(key)
        .and_then(|c| c["imports"].as_array())
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        closure(manifest, dep, out);
    }
}

impl Assets {
    pub fn load(web_dir: &FsPath) -> Assets {
        let path = web_dir.join("client/.vite/manifest.json");
        let Ok(text) = std::fs::read_to_string(&path) else {
            tracing::warn!(path = %path.display(), "no client build found: pages will have no scripts");
            return Assets::default();
        };
        let Ok(manifest) = serde_json::from_str::<BTreeMap<String, Value>>(&text) else {
            return Assets::default();
        };
        let Some((entry_key, entry)) = manifest.iter().find(|(_, v)| v["isEntry"] == json!(true))
        else {
            return Assets::default();
        };
        let list = |v: &Value| -> Vec<String> {
            v.as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(|s| format!("/{s}")))
                        .collect()
                })
                .unwrap_or_default()
        };
        let file = |key: &str| {
            manifest
                .get(key)
                .and_then(|c| c["file"].as_str())
                .map(|f| format!("/{f}"))
        };
        let mut first = Vec::new();
        closure(&manifest, entry_key, &mut first);
        let preloads = first.iter().skip(1).filter_map(|k| file(k)).collect();
        let mut routes = BTreeMap::new();
        for key in manifest.keys() {
            let Some(route) = key
                .strip_prefix("src/app/views/")
                .and_then(|k| k.strip_suffix(".tsx"))
            else {
                continue;
            };
            let mut own = Vec::new();
            closure(&manifest, key, &mut own);
            own.retain(|k| !first.contains(k));
            let part = Part {
                scripts: own.iter().filter_map(|k| file(k)).collect(),
                styles: own
                    .iter()
                    .flat_map(|k| list(&manifest[*k]["css"]))
                    .collect(),
            };
            routes.insert(route.to_owned(), part);
        }
        // Small stylesheets go inline; a larger one stays a (cacheable) link.
        let mut styles = Vec::new();
        let mut inline_styles = String::new();
        for href in list(&entry["css"]) {
            match std::fs::read_to_string(web_dir.join("client").join(href.trim_start_matches('/')))
            {
                Ok(css) if css.len() <= INLINE_CSS_MAX => {
                    inline_styles
                        .push_str(&format!("<style>{}</style>", css.replace("</", "<\\/")));
                }
                _ => styles.push(href),
            }
        }
        Assets {
            script: entry["file"].as_str().map(|f| format!("/{f}")),
            styles,
            inline_styles,
            preloads,
            routes,
        }
    }
}
