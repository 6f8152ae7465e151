//! The product list with WooCommerce's filters, one product, and reviews.

use super::*;

pub(super) fn product_query(
    state_categories: &[laden_store::Category],
    tags: &[laden_store::Tag],
    params: &Params,
) -> ApiResult<(ProductQuery, Vec<TermIds>)> {
    let Paging { page, per_page } = params.pagination()?;
    let mut q = ProductQuery {
        page,
        per_page,
        ..ProductQuery::default()
    };
    if let Some(orderby) = params.get("orderby") {
        q.sort = ProductSort::parse(orderby).ok_or_else(|| {
            ApiError::param(
                "orderby",
                crate::extract::not_one_of(
                    "orderby",
                    "date, price, popularity, rating, menu_order, title, slug",
                ),
            )
        })?;
    }
    // A search without an asked-for order ranks products named by every word first.
    q.by_relevance = params.get("orderby").is_none();
    q.descending = match params.get("order") {
        None => matches!(
            q.sort,
            ProductSort::Date | ProductSort::Popularity | ProductSort::Rating
        ),
        Some("asc") => false,
        Some("desc") => true,
        Some(_) => {
            return Err(ApiError::param(
                "order",
                crate::extract::not_one_of("order", "asc, desc"),
            ))
        }
    };
    if let Some(cats) = params.get("category").filter(|s| !s.is_empty()) {
        let roots: Vec<i64> = cats
            .split(',')
            .map(str::trim)
            .map(|c| {
                c.parse::<i64>()
                    .ok()
                    .or_else(|| state_categories.iter().find(|x| x.slug == c).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
        q = q.in_categories(state_categories, &roots);
    }
    // Tags by id or slug, as categories; an unknown one matches nothing.
    if let Some(list) = params.get("tag").filter(|s| !s.trim().is_empty()) {
        q.tags = list
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .or_else(|| tags.iter().find(|x| x.slug == t).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
    }
    let mut problems: Vec<(String, String)> = Vec::new();
    let by_id = filter_params(params, &mut q, &mut problems);
    if !problems.is_empty() {
        return Err(ApiError::InvalidParams(problems));
    }
    q.search = params.get("search").map(str::to_owned);
    Ok((q, by_id))
}

/// The Store API's product filters (WooCommerce's `wc/store/v1/products` parameters), each
/// checked: a value that does not fit is a problem naming the parameter, never ignored.
pub(super) fn filter_params(
    params: &Params,
    q: &mut ProductQuery,
    problems: &mut Vec<(String, String)>,
) -> Vec<TermIds> {
    use laden_domain::catalog::{list_values, parse_bool, parse_ids, parse_minor_units};
    let given = |key: &str| params.get(key).filter(|v| !v.trim().is_empty());
    let not_of_type = |key: &str, msgid: &str| (key.to_owned(), tf(msgid, &[&key]));
    for (key, list) in [("include", &mut q.include), ("exclude", &mut q.exclude)] {
        if let Some(v) = given(key) {
            match parse_ids(v) {
                Some(ids) => *list = ids,
                None => problems.push(not_of_type(key, "%s is not of type integer.")),
            }
        }
    }
    for (key, flag) in [("on_sale", &mut q.on_sale), ("featured", &mut q.featured)] {
        if let Some(v) = given(key) {
            match parse_bool(v) {
                Some(b) => *flag = Some(b),
                None => problems.push(not_of_type(key, "%s is not of type boolean.")),
            }
        }
    }
    for (key, bound) in [
        ("min_price", &mut q.min_price),
        ("max_price", &mut q.max_price),
    ] {
        if let Some(v) = given(key) {
            match parse_minor_units(v) {
                Some(n) => *bound = Some(n),
                None => problems.push(not_of_type(key, "%s is not of type integer.")),
            }
        }
    }
    if let Some(v) = given("sku") {
        q.skus = list_values(v).into_iter().map(str::to_owned).collect();
    }
    if let Some(v) = given("stock_status") {
        let wanted = list_values(v);
        match wanted
            .iter()
            .find(|w| !laden_domain::catalog::STOCK_STATUSES.contains(w))
        {
            Some(_) => problems.push((
                "stock_status".into(),
                crate::extract::not_one_of(
                    "stock_status",
                    laden_domain::catalog::STOCK_STATUSES.join(", "),
                ),
            )),
            None => q.stock_status = wanted.into_iter().map(str::to_owned).collect(),
        }
    }
    let by_id = attribute_params(params, q, problems);
    if let Some(v) = given("catalog_visibility") {
        match laden_domain::VisibilityFilter::parse(v.trim()) {
            Some(f) => q.visibility = f,
            None => problems.push((
                "catalog_visibility".into(),
                crate::extract::not_one_of(
                    "catalog_visibility",
                    "any, visible, catalog, search, hidden",
                ),
            )),
        }
    }
    by_id
}

/// An attribute filter whose terms were named by id: the choice's place in the query, the
/// parameter and the ids (turned into slugs by [`resolve_term_ids`]).
pub(super) struct TermIds {
    choice: usize,
    key: String,
    ids: Vec<i64>,
}

/// WooCommerce's attribute filters: `attributes[0][attribute]=pa_farbe` with
/// `attributes[0][slug]=weiss,schwarz` (or `slug[]=…`) or `attributes[0][term_id]=12,13` (the
/// ids of `/products/attributes/{id}/terms`; they win over `slug`, as in WooCommerce) and
/// `attributes[0][operator]` (`in`, `and`, `not_in`), combined by `attribute_relation` (`and`,
/// or `in` for any). Filters by id are answered as `TermIds`, to be resolved.
pub(super) fn attribute_params(
    params: &Params,
    q: &mut ProductQuery,
    problems: &mut Vec<(String, String)>,
) -> Vec<TermIds> {
    use laden_domain::catalog::{term_slugs, AttributeChoice, TermOperator, MAX_ATTRIBUTE_FILTERS};
    let mut by_id = Vec::new();
    for n in 0..MAX_ATTRIBUTE_FILTERS {
        let key = |part: &str| format!("attributes[{n}][{part}]");
        let Some(attr) = params.get(&key("attribute")) else {
            if params.get(&key("slug")).is_some() {
                problems.push((
                    key("attribute"),
                    tf("%s is a required parameter.", &[&key("attribute")]),
                ));
            }
            continue;
        };
        let ids = match params.get(&key("term_id")).map(str::trim) {
            None | Some("") => None,
            Some(raw) => match laden_domain::catalog::parse_ids(raw) {
                Some(ids) if !ids.is_empty() => Some(ids),
                _ => {
                    problems.push((
                        key("term_id"),
                        tf("%s is not of type integer.", &[&key("term_id")]),
                    ));
                    continue;
                }
            },
        };
        let operator = match TermOperator::parse(params.get(&key("operator")).unwrap_or("in")) {
            Some(o) => o,
            None => {
                problems.push((
                    key("operator"),
                    crate::extract::not_one_of(key("operator"), "in, and, not_in"),
                ));
                continue;
            }
        };
        let attribute = laden_domain::text::slugify(attr.trim().trim_start_matches("pa_"));
        if let Some(ids) = ids.filter(|_| !attribute.is_empty()) {
            by_id.push(TermIds {
                choice: q.attributes.len(),
                key: key("term_id"),
                ids,
            });
            q.attributes.push(AttributeChoice {
                attribute,
                terms: Vec::new(),
                operator,
            });
            continue;
        }
        let terms = term_slugs(params.get(&key("slug")).unwrap_or(""));
        if attribute.is_empty() || terms.is_empty() {
            problems.push((
                key("slug"),
                tf("%s is a required parameter.", &[&key("slug")]),
            ));
            continue;
        }
        q.attributes.push(AttributeChoice {
            attribute,
            terms,
            operator,
        });
    }
    match params.get("attribute_relation").map(str::trim) {
        None | Some("") | Some("and") => q.any_attribute = false,
        Some("in" | "or") => q.any_attribute = true,
        Some(_) => problems.push((
            "attribute_relation".into(),
            crate::extract::not_one_of("attribute_relation", "and, in"),
        )),
    }
    by_id
}

/// Fills the attribute filters named by term id with their terms' slugs; an id that is not a
/// term of that attribute is a 400 naming the parameter.
pub(super) async fn resolve_term_ids(
    state: &AppState,
    q: &mut ProductQuery,
    by_id: Vec<TermIds>,
) -> ApiResult<()> {
    let mut problems = Vec::new();
    for t in by_id {
        let Some(choice) = q.attributes.get_mut(t.choice) else {
            continue;
        };
        match state
            .store
            .attribute_term_slugs(&choice.attribute, &t.ids)
            .await?
        {
            Ok(slugs) => choice.terms = slugs,
            Err(id) => problems.push((
                t.key.clone(),
                tf(
                    "%1$s: %2$s is not a term of this attribute.",
                    &[&t.key, &id],
                ),
            )),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(ApiError::InvalidParams(problems))
    }
}

/// The product list, from the cache when this query was answered since the products it shows
/// (or the listings) last changed. Searches and lists sorted by title are not cached: a renamed
/// product can enter or leave them.
pub(super) async fn list_products(
    State(state): State<AppState>,
    headers: HeaderMap,
    params: Params,
) -> ApiResult<Response> {
    let version = state.caches.sync(&state.store).await;
    let cacheable =
        params.get("search").is_none_or(str::is_empty) && params.get("orderby") != Some("title");
    let mut pairs: Vec<(&String, &String)> = params.0.iter().collect();
    pairs.sort();
    let key = format!(
        "products?{}",
        serde_urlencoded::to_string(&pairs).unwrap_or_default()
    );
    if cacheable {
        if let Some(hit) = cache_hit(&state, &headers, &key) {
            return Ok(hit);
        }
    }
    let categories = state.store.categories().await?;
    let tags = if params.get("tag").is_some_and(|t| !t.trim().is_empty()) {
        state.store.tags().await?
    } else {
        Vec::new()
    };
    let (mut q, by_id) = product_query(&categories, &tags, &params)?;
    resolve_term_ids(&state, &mut q, by_id).await?;
    let (products, total) = state.store.list_products(&q).await?;
    let body = state.products_json(&products, &categories).await?;
    let paging = Paging {
        page: q.page,
        per_page: q.per_page,
    };
    let extra = paging.headers(&state, "/wc/store/v1/products", &params, total);
    if !cacheable {
        return Ok(paging.answer(&state, "/wc/store/v1/products", &params, total, body));
    }
    let mut scopes = vec![Scope::Catalog];
    scopes.extend(
        products
            .iter()
            .flat_map(|p| [Scope::Product(p.id), Scope::Stock(p.id)]),
    );
    let entry = state
        .caches
        .api
        .put(version, &key, Value::Array(body).to_string(), extra, scopes);
    Ok(cached_json(&headers, &entry, false))
}

/// One product, from the cache when it was answered since the product, its variations or its
/// parent last changed (their stock included).
pub(super) async fn get_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let id: i64 = id.parse().map_err(|_| ApiError::ProductNotFound)?;
    let version = state.caches.sync(&state.store).await;
    let key = format!("product/{id}");
    if let Some(hit) = cache_hit(&state, &headers, &key) {
        return Ok(hit);
    }
    let product = state
        .store
        .product(id)
        .await
        .map_err(or_missing(ApiError::ProductNotFound))?;
    if product.status != "publish" {
        return Err(ApiError::ProductNotFound);
    }
    let categories = state.store.categories().await?;
    let variations = if product.kind == ProductKind::Variable {
        state.store.variations(id).await?
    } else {
        Vec::new()
    };
    let parent = match product.parent_id {
        Some(pid) => Some(state.store.product(pid).await?),
        None => None,
    };
    let media = state.store.media_by_ids(&product.picture_ids()).await?;
    let settings = state.store.settings().await?;
    let cat = Catalog {
        manufacturers: Some(&settings.shop.manufacturers),
        deposit_types: &settings.shop.deposit_types,
        price_labels: &settings.shop.price_labels,
        ..Catalog::plain(&state.config.site_url, &media, &categories)
    };
    let body = cat
        .product_json(&product, &variations, parent.as_ref())
        .to_string();
    let shown = std::iter::once(id)
        .chain(product.parent_id)
        .chain(variations.iter().map(|v| v.id));
    let scopes = shown
        .flat_map(|p| [Scope::Product(p), Scope::Stock(p)])
        .collect();
    let entry = state
        .caches
        .api
        .put(version, &key, body, Vec::new(), scopes);
    Ok(cached_json(&headers, &entry, false))
}

pub(super) async fn list_reviews(
    State(state): State<AppState>,
    params: Params,
) -> ApiResult<Response> {
    let paging @ Paging { page, per_page } = params.pagination()?;
    let product_id = match params.get("product_id") {
        None | Some("") => None,
        Some(raw) => Some(raw.parse::<i64>().map_err(|_| {
            ApiError::param(
                "product_id",
                tf("%s is not of type integer.", &[&"product_id"]),
            )
        })?),
    };
    let product = match product_id {
        Some(id) => Some(
            state
                .store
                .product(id)
                .await
                .map_err(or_missing(ApiError::ProductNotFound))?,
        ),
        None => None,
    };
    let (reviews, total) = state.store.reviews(product_id, page, per_page).await?;
    let media = state
        .store
        .media_by_ids(
            &product
                .as_ref()
                .and_then(|p| p.image_id)
                .into_iter()
                .collect::<Vec<_>>(),
        )
        .await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
    let body: Vec<Value> = reviews
        .iter()
        .map(|r| crate::wire::value(&cat.review(r, product.as_ref())))
        .collect();
    Ok(paging.answer(
        &state,
        "/wc/store/v1/products/reviews",
        &params,
        total,
        Value::Array(body),
    ))
}
