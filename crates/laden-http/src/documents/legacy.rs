//! A moved shop's old links (`laden_domain::links::permalinks`): where one would 404, the thing it
//! names, if the shop has it, answers with a 301 to its link here, the query kept.

use super::paths;
use crate::error::ApiError;
use crate::AppState;
use laden_domain::links::permalinks::{legacy_path, legacy_query, Legacy};
use laden_store::{Product, ProductKind, SlugOf, StoreError};

/// Where an old link (`path` and `query` as asked) now is, if it names something the shop has.
pub(super) async fn target(
    state: &AppState,
    path: &str,
    query: Option<&str>,
) -> Result<Option<String>, ApiError> {
    let Some(legacy) = legacy_path(path) else {
        return Ok(None);
    };
    let Some(found) = link(state, &legacy).await? else {
        return Ok(None);
    };
    Ok(Some(match query.filter(|q| !q.is_empty()) {
        Some(q) => format!("{found}?{q}"),
        None => found,
    }))
}

/// The home page asked with WordPress's plain link (`/?p=42`, `/?product=…`): where it now is.
/// `None` when the query names nothing of the kind; `Some(None)` when it names a thing the shop
/// does not have (a 404, as WordPress answers).
pub(super) async fn plain_link(
    state: &AppState,
    query: Option<&str>,
) -> Result<Option<Option<String>>, ApiError> {
    let Some(query) = query else { return Ok(None) };
    let Ok(pairs) = serde_urlencoded::from_str::<Vec<(String, String)>>(query) else {
        return Ok(None);
    };
    let Some((legacy, kept)) = legacy_query(&pairs) else {
        return Ok(None);
    };
    let Some(found) = link(state, &legacy).await? else {
        return Ok(Some(None));
    };
    let rest = serde_urlencoded::to_string(&kept).unwrap_or_default();
    let joint = if found.contains('?') { '&' } else { '?' };
    Ok(Some(Some(if rest.is_empty() {
        found
    } else {
        format!("{found}{joint}{rest}")
    })))
}

/// The link of what `legacy` names, if the shop shows it.
async fn link(state: &AppState, legacy: &Legacy) -> Result<Option<String>, ApiError> {
    let store = &state.store;
    Ok(match legacy {
        Legacy::Cart => Some(super::CART_PATH.to_owned()),
        Legacy::Checkout => Some("/kasse/".to_owned()),
        Legacy::Account => Some("/mein-konto/".to_owned()),
        Legacy::LostPassword => Some(crate::account::LOST_PASSWORD_PATH.to_owned()),
        Legacy::Orders => Some(crate::account::ORDERS_PATH.to_owned()),
        Legacy::EditAccount => Some(crate::account::DETAILS_PATH.to_owned()),
        Legacy::EditAddress => Some(crate::account::ADDRESSES_PATH.to_owned()),
        // Whose order it is, the account page finds out.
        Legacy::ViewOrder(id) => Some(crate::account::order_path(*id)),
        Legacy::Product(slug) => match found(store.product_by_slug(slug).await)? {
            Some(_) => Some(paths::product(slug)),
            // A slug it had before staff changed it.
            None => match store.renamed(SlugOf::Product, slug).await? {
                Some(id) => found(store.product(id).await)?.and_then(product_link),
                None => None,
            },
        },
        Legacy::Category(slug, page) => {
            let categories = store.categories().await?;
            let id = match categories.iter().find(|c| c.slug == *slug) {
                Some(c) => Some(c.id),
                None => store.renamed(SlugOf::Category, slug).await?,
            };
            categories
                .iter()
                .find(|c| Some(c.id) == id)
                .map(|c| paths::page_of(&paths::category(&c.slug), *page))
        }
        Legacy::Page(slug) => match store.renamed(SlugOf::Page, slug).await? {
            Some(id) => page_link(state, id).await?,
            None => None,
        },
        Legacy::Tag(slug, page) => found(store.tag_by_slug(slug).await)?
            .map(|t| paths::page_of(&paths::tag(&t.slug), *page)),
        Legacy::PostId(id) => {
            // Laden writes no `?p=` links: one names a product by the ID it had in the shop
            // its CSV came from, where the import noted one, else a product or page here.
            let imported = store.renamed(SlugOf::ImportedId, &id.to_string()).await?;
            match found(store.product(imported.unwrap_or(*id)).await)? {
                Some(p) => post_link(state, p).await?,
                None if imported.is_some() => None,
                None => page_link(state, *id).await?,
            }
        }
        Legacy::PageId(id) => page_link(state, *id).await?,
        Legacy::Feed(None) => Some(paths::FEED.to_owned()),
        Legacy::Feed(Some(slug)) => {
            let category = Legacy::Category(slug.clone(), None);
            Box::pin(link(state, &category))
                .await?
                .map(|page| format!("{page}feed/"))
        }
        // The shop's search (products only: the pages have none of their own).
        Legacy::Search(words) => Some(format!(
            "{}?{}",
            paths::SHOP,
            serde_urlencoded::to_string([("s", words)]).unwrap_or_default()
        )),
    })
}

/// A product's page; a variation's is its product's.
async fn post_link(state: &AppState, p: Product) -> Result<Option<String>, ApiError> {
    Ok(match (p.kind, p.parent_id) {
        (ProductKind::Variation, Some(parent)) => {
            found(state.store.product(parent).await)?.and_then(product_link)
        }
        _ => product_link(p),
    })
}

/// A product's page, if the shop shows it.
fn product_link(p: Product) -> Option<String> {
    let shown = p.status == "publish" && p.kind != ProductKind::Variation;
    p.slug.filter(|_| shown).map(|slug| paths::product(&slug))
}

/// A published page's link (the front page's is `/`).
async fn page_link(state: &AppState, id: i64) -> Result<Option<String>, ApiError> {
    let Some(page) = found(state.store.page(id).await)? else {
        return Ok(None);
    };
    if page.status != "publish" {
        return Ok(None);
    }
    let front = state.store.settings().await?.site.front_page;
    Ok(Some(if page.slug == front {
        "/".to_owned()
    } else {
        format!("/{}/", page.slug)
    }))
}

/// A found thing, `None` when there is none; a database failure stays an error.
fn found<T>(r: Result<T, StoreError>) -> Result<Option<T>, ApiError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(StoreError::NotFound(_)) => Ok(None),
        Err(e) => Err(e.into()),
    }
}
