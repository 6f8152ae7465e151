//! The shop and category listings.

use super::*;
use crate::wire::page::{ListingFilterView, ListingView, Pagination};

/// The longest search taken (the web's `SEARCH_MAX_CHARS` limits the field alike).
const SEARCH_MAX_CHARS: usize = 100;

/// Which products a listing holds.
#[derive(Clone, Copy)]
pub(super) enum Listing<'a> {
    Shop,
    /// A category by its slug, with its descendants.
    Category(&'a str),
    /// A tag by its slug (`/produkt-schlagwort/{slug}/`).
    Tag(&'a str),
}

pub(super) async fn listing_doc(
    state: &AppState,
    of: Listing<'_>,
    page: i64,
    params: &BTreeMap<String, String>,
) -> Result<Doc, ApiError> {
    let categories = state.store.categories().await?;
    let slug = match of {
        Listing::Category(s) => Some(s),
        _ => None,
    };
    let tag = match of {
        Listing::Tag(s) => Some(state.store.tag_by_slug(s).await.map_err(map_missing)?),
        _ => None,
    };
    let category = match slug {
        Some(s) => Some(
            categories
                .iter()
                .find(|c| c.slug == s)
                .cloned()
                .ok_or(ApiError::ProductNotFound)?,
        ),
        None => None,
    };
    let (q, search, filter) =
        listing_query(page, params, &categories, category.as_ref(), tag.as_ref());
    // The counts first: the total they hold spares the page's own count.
    let counts = state.store.listing_counts(&q).await?;
    let total = counts.total;
    let products = state.store.product_page_rows(&q).await?;
    let filter_view = filter_view(&q, &filter, counts);
    let pages = (total + PER_PAGE - 1) / PER_PAGE;
    if page > 1 && page > pages {
        return Err(ApiError::ProductNotFound);
    }
    let cards = state.cards(&products, &categories).await?;
    let mut scopes = vec![Scope::Catalog];
    scopes.extend(products.iter().map(|p| Scope::Product(p.id)));
    if filter.in_stock {
        // A product sold out leaves an "in stock" list.
        scopes.extend(products.iter().map(|p| Scope::Stock(p.id)));
    }
    let base = match (&category, &tag) {
        (Some(c), _) => format!("/produkt-kategorie/{}/", c.slug),
        (_, Some(tag)) => format!("/produkt-schlagwort/{}/", tag.slug),
        _ => "/shop/".to_owned(),
    };
    let title = listing_title(category.as_ref(), tag.as_ref(), &search);
    let mut doc = Doc::new(
        View::NotFound,
        if page > 1 {
            format!("{title} – {}", tf("Page %d", &[&page]))
        } else {
            title.clone()
        },
    );
    doc.canonical = if page > 1 {
        format!("{base}page/{page}/")
    } else {
        base.clone()
    };
    doc.breadcrumbs = vec![(t("Home"), "/".into()), (t("Shop"), "/shop/".into())];
    if let Some(c) = &category {
        doc.feed = Some((
            c.name.clone(),
            format!("{}feed/", super::paths::category(&c.slug)),
        ));
        doc.description = if c.description.is_empty() {
            format!("{} – {}", c.name, t("Shop"))
        } else {
            plain(&c.description, 160)
        };
        for tc in category_trail(&categories, c.id) {
            doc.breadcrumbs
                .push((tc.name.clone(), format!("/produkt-kategorie/{}/", tc.slug)));
        }
    }
    let ids: Vec<i64> = category.iter().filter_map(|c| c.image_id).collect();
    let media = state.store.media_by_ids(&ids).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &categories);
    if let Some(tag) = &tag {
        doc.breadcrumbs.push((title.clone(), base.clone()));
        doc.description = if tag.description.is_empty() {
            format!("{title} – {}", t("Shop"))
        } else {
            plain(&tag.description, 160)
        };
    }
    // A tag's page shows as a category's, its heading saying which tag.
    let heading = tag.as_ref().map(|tg| {
        let mut c = cat.tag(tg);
        c.name = title.clone();
        c
    });
    let listing = ListingView {
        category: category.as_ref().map(|c| cat.category(c)).or(heading),
        products: cards,
        pagination: Pagination {
            page,
            total_pages: pages,
            total,
            base,
        },
        categories: category_tree(&categories, None, 0),
        orderby: params.get("orderby").cloned().unwrap_or_default(),
        search: search.clone(),
        filter: filter_view,
    };
    doc.view = if category.is_some() || tag.is_some() {
        View::Category(listing)
    } else {
        View::Shop(listing)
    };
    doc.scopes = scopes;
    if !search.is_empty() {
        // Any words make a page: not kept in the cache (a renamed product leaves or enters the
        // results without touching the listings), and not for search engines.
        doc.cacheable = false;
        doc.noindex = true;
    }
    Ok(doc)
}

/// The products a listing shows: its category or tag, the search (German stems, products named
/// by every word first), the shopper's filters (price in euros, only in stock, only on sale,
/// attribute terms) and the sort, all from the address; with the search words and filters read.
fn listing_query(
    page: i64,
    params: &BTreeMap<String, String>,
    categories: &[laden_store::Category],
    category: Option<&laden_store::Category>,
    tag: Option<&laden_store::Tag>,
) -> (ProductQuery, String, laden_domain::ListingFilter) {
    let mut q = ProductQuery {
        page,
        per_page: PER_PAGE,
        ..ProductQuery::default()
    };
    if let Some(c) = category {
        q = q.in_categories(categories, &[c.id]);
    }
    if let Some(tag) = tag {
        q.tags = vec![tag.id];
    }
    // WooCommerce's product search (`?s=`): German stems, products named by every word first.
    let search: String = params
        .get("s")
        .map(|s| s.trim().chars().take(SEARCH_MAX_CHARS).collect())
        .unwrap_or_default();
    if !search.is_empty() {
        q.search = Some(search.clone());
        q.by_relevance = !params.contains_key("orderby");
    }
    // The shopper's filters (price in euros, only in stock, only on sale), from the address.
    let filter = laden_domain::ListingFilter::from_query(|k| params.get(k).map(String::as_str));
    (q.min_price, q.max_price) = filter.cents();
    if filter.in_stock {
        q.stock_status = vec!["instock".to_owned()];
    }
    if filter.on_sale {
        q.on_sale = Some(true);
    }
    q.attributes = laden_domain::catalog::attribute_choices(
        params.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    );
    match params.get("orderby").map(String::as_str) {
        Some("price") => q.sort = laden_store::ProductSort::Price,
        Some("price-desc") => {
            q.sort = laden_store::ProductSort::Price;
            q.descending = true;
        }
        Some("date") => {
            q.sort = laden_store::ProductSort::Date;
            q.descending = true;
        }
        Some("rating") => {
            q.sort = laden_store::ProductSort::Rating;
            q.descending = true;
        }
        Some("popularity") => {
            q.sort = laden_store::ProductSort::Popularity;
            q.descending = true;
        }
        _ => {}
    }
    (q, search, filter)
}

/// The filters' view: what each checkbox and each attribute term would leave, the other
/// choices kept (a choice that would leave nothing is not offered). Counts only: no rows are read.
fn filter_view(
    q: &ProductQuery,
    filter: &laden_domain::ListingFilter,
    counts: laden_store::ListingCounts,
) -> ListingFilterView {
    // Each attribute's terms with what choosing them would leave; none that would leave nothing.
    let attributes = counts
        .facets
        .into_iter()
        .map(|f| {
            let chosen = q.attributes.iter().find(|c| c.attribute == f.attribute);
            crate::wire::page::AttributeFilterView {
                terms: f
                    .terms
                    .into_iter()
                    .map(|(slug, name, count)| crate::wire::page::AttributeTermView {
                        selected: chosen.is_some_and(|c| c.terms.contains(&slug)),
                        slug,
                        name,
                        count,
                    })
                    .collect(),
                slug: f.attribute,
                name: f.name,
            }
        })
        .collect();
    ListingFilterView {
        min_price: filter.min_euros,
        max_price: filter.max_euros,
        in_stock: filter.in_stock,
        on_sale: filter.on_sale,
        in_stock_count: counts.in_stock,
        on_sale_count: counts.on_sale,
        attributes,
    }
}

/// A listing's title: the tag's or the search's, else the category's name or "Shop".
fn listing_title(
    category: Option<&laden_store::Category>,
    tag: Option<&laden_store::Tag>,
    search: &str,
) -> String {
    if let Some(tag) = tag.filter(|_| search.is_empty()) {
        tf("Products tagged “%s”", &[&tag.name])
    } else if search.is_empty() {
        category.map_or_else(|| t("Shop"), |c| c.name.clone())
    } else {
        tf("Search results for “%s”", &[&search])
    }
}

/// A listing's first page.
async fn first_page(state: &AppState, headers: &HeaderMap, uri: &Uri, of: Listing<'_>) -> Response {
    let params = query_map(uri);
    respond(state, headers, uri, listing_doc(state, of, 1, &params)).await
}

/// A listing's page `n` (`/…/page/{n}/`): page 1 moves to the listing's own address, a number
/// that is none is a 404.
async fn numbered_page(
    state: &AppState,
    headers: &HeaderMap,
    uri: &Uri,
    of: Listing<'_>,
    n: &str,
) -> Response {
    let params = query_map(uri);
    match page_number(n) {
        Some(1) => moved(&match of {
            Listing::Shop => super::paths::SHOP.to_owned(),
            Listing::Category(slug) => super::paths::category(slug),
            Listing::Tag(slug) => super::paths::tag(slug),
        })
        .into_response(),
        Some(p) => respond(state, headers, uri, listing_doc(state, of, p, &params)).await,
        None => {
            respond(state, headers, uri, async {
                Err(ApiError::ProductNotFound)
            })
            .await
        }
    }
}

pub(super) async fn shop(State(state): State<AppState>, headers: HeaderMap, uri: Uri) -> Response {
    first_page(&state, &headers, &uri, Listing::Shop).await
}

pub(super) async fn shop_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(n): Path<String>,
) -> Response {
    numbered_page(&state, &headers, &uri, Listing::Shop, &n).await
}

pub(super) async fn category(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    first_page(&state, &headers, &uri, Listing::Category(&slug)).await
}

pub(super) async fn category_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path((slug, n)): Path<(String, String)>,
) -> Response {
    numbered_page(&state, &headers, &uri, Listing::Category(&slug), &n).await
}

pub(super) async fn tag(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path(slug): Path<String>,
) -> Response {
    first_page(&state, &headers, &uri, Listing::Tag(&slug)).await
}

pub(super) async fn tag_page(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Path((slug, n)): Path<(String, String)>,
) -> Response {
    numbered_page(&state, &headers, &uri, Listing::Tag(&slug), &n).await
}
