//! The product list with WooCommerce's filters, one product, and reviews.

use super::*;
use crate::extract::{not_one_of, ParamCheck};

/// WooCommerce's Store API product parameters that name something Laden does not keep (brands,
/// the unstable taxonomy filters): refused, never ignored.
fn unsupported(key: &str) -> bool {
    matches!(key, "brand" | "brand_operator") || key.starts_with("_unstable_tax_")
}

/// The product list's query from every parameter of WooCommerce's `wc/store/v1/products`, each
/// checked; everything wrong is one `rest_invalid_param` naming each parameter.
pub(super) fn product_query(
    state_categories: &[laden_store::Category],
    tags: &[laden_store::Tag],
    params: &Params,
) -> ApiResult<(ProductQuery, Vec<TermIds>)> {
    use laden_domain::catalog::TermOperator;
    let Paging { page, per_page } = params.pagination()?;
    let mut q = ProductQuery {
        page,
        per_page,
        ..ProductQuery::default()
    };
    let mut check = ParamCheck::new(params);
    check.one_of("context", &["view", "edit"]);
    let mut refused: Vec<&String> = params
        .0
        .iter()
        .filter(|(k, v)| unsupported(k) && !v.is_empty())
        .map(|(k, _)| k)
        .collect();
    refused.sort();
    for key in refused {
        check.problem(key, tf("%s is not supported by this shop.", &[key]));
    }
    if let Some(offset) = check.integer("offset") {
        if offset < 0 {
            check.problem(
                "offset",
                tf(
                    "%1$s must be a whole number of at least %2$d.",
                    &[&"offset", &0],
                ),
            );
        } else {
            q.offset = Some(offset);
        }
    }
    if let Some(orderby) = check.one_of("orderby", ProductSort::NAMES) {
        q.sort = ProductSort::parse(&orderby).unwrap_or(q.sort);
    }
    // A search without an asked-for order ranks products by where its words were found.
    q.by_relevance = check.text("orderby").is_none();
    q.descending = match check.one_of("order", &["asc", "desc"]).as_deref() {
        Some(order) => order == "desc",
        None => matches!(
            q.sort,
            ProductSort::Date
                | ProductSort::Modified
                | ProductSort::Popularity
                | ProductSort::Rating
                | ProductSort::CommentCount
        ),
    };
    let operator = |check: &mut ParamCheck, key: &str| {
        check
            .one_of(key, &["in", "not_in", "and"])
            .and_then(|o| TermOperator::parse(&o))
            .unwrap_or_default()
    };
    // `taxonomy_include_children[product_cat]=false`: a category without what lies below it.
    let mut children = true;
    for (key, value) in &params.0 {
        if let Some(taxonomy) = key
            .strip_prefix("taxonomy_include_children[")
            .and_then(|k| k.strip_suffix(']'))
        {
            match laden_domain::catalog::parse_bool(value) {
                Some(include) if taxonomy == "product_cat" => children = include,
                Some(_) => {}
                None => check.problem(key, tf("%s is not of type boolean.", &[key])),
            }
        }
    }
    let category_operator = operator(&mut check, "category_operator");
    if let Some(cats) = check.text("category") {
        let roots: Vec<i64> = laden_domain::catalog::list_values(cats)
            .into_iter()
            .map(|c| {
                c.parse::<i64>()
                    .ok()
                    .or_else(|| state_categories.iter().find(|x| x.slug == c).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
        q = q.with_categories(state_categories, &roots, category_operator, children);
    }
    // Tags by id or slug, as categories; an unknown one matches nothing.
    let tag_operator = operator(&mut check, "tag_operator");
    if let Some(list) = check.text("tag") {
        let ids = laden_domain::catalog::list_values(list)
            .into_iter()
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .or_else(|| tags.iter().find(|x| x.slug == t).map(|x| x.id))
                    .unwrap_or(0)
            })
            .collect();
        q = q.with_tags(ids, tag_operator);
    }
    if let Some(slugs) = check.text("slug") {
        q.slugs = laden_domain::catalog::list_values(slugs)
            .into_iter()
            .map(str::to_owned)
            .collect();
    }
    if let Some(kind) = check.one_of(
        "type",
        &["simple", "grouped", "external", "variable", "variation"],
    ) {
        q.kinds = ProductKind::parse(&kind).into_iter().collect();
    }
    q.parents = check.integers("parent");
    q.parents_excluded = check.integers("parent_exclude");
    let column = check
        .one_of(
            "date_column",
            &["date", "date_gmt", "modified", "modified_gmt"],
        )
        .unwrap_or_else(|| "date".to_owned());
    let clock = if column.ends_with("_gmt") {
        crate::dates::Clock::Utc
    } else {
        crate::dates::Clock::German
    };
    let (after, before) = (check.date("after", clock), check.date("before", clock));
    if column.starts_with("modified") {
        (q.dates.modified_after, q.dates.modified_before) = (after, before);
    } else {
        (q.dates.after, q.dates.before) = (after, before);
    }
    for rating in check.integers("rating") {
        if (1..=5).contains(&rating) {
            q.ratings.push(rating);
        } else {
            check.problem("rating", not_one_of("rating", "1, 2, 3, 4, 5"));
        }
    }
    match check.integer("related") {
        Some(id) if id > 0 => q.related_to = Some(id),
        Some(0) | None => {}
        Some(_) => check.problem(
            "related",
            tf(
                "%1$s must be a whole number of at least %2$d.",
                &[&"related", &0],
            ),
        ),
    }
    let mut problems: Vec<(String, String)> = Vec::new();
    let by_id = filter_params(params, &mut q, &mut problems);
    for (key, message) in problems {
        check.problem(&key, message);
    }
    check.finish()?;
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
    if let Some(id) = q.related_to {
        related_visible(&state, id).await?;
    }
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

/// WooCommerce's check of `related`: the product exists and the shop shows it.
async fn related_visible(state: &AppState, id: i64) -> ApiResult<()> {
    let refused = || ApiError::Coded {
        status: StatusCode::NOT_FOUND,
        code: "woocommerce_rest_product_not_found",
        message: t("The related product ID is invalid or the product is not visible."),
    };
    let product = state
        .store
        .product(id)
        .await
        .map_err(or_missing(refused()))?;
    let listed = product.status == "publish"
        && product.kind != ProductKind::Variation
        && laden_domain::VisibilityFilter::Shop
            .admits(false)
            .contains(&product.catalog_visibility);
    if listed {
        Ok(())
    } else {
        Err(refused())
    }
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

/// Approved reviews with the parameters of WooCommerce's `products/reviews`: `product_id` and
/// `category_id` (lists, together: the reviews of either), `orderby` (`date`, `date_gmt`, `id`,
/// `rating`, `product`), `order` (newest first by default), `offset`, `page`, `per_page`.
pub(super) async fn list_reviews(
    State(state): State<AppState>,
    params: Params,
) -> ApiResult<Response> {
    use laden_store::{ReviewQuery, ReviewSort};
    let paging @ Paging { page, per_page } = params.pagination()?;
    let mut check = ParamCheck::new(&params);
    check.one_of("context", &["view", "edit"]);
    let offset = match check.integer("offset") {
        Some(n) if n < 0 => {
            check.problem(
                "offset",
                tf(
                    "%1$s must be a whole number of at least %2$d.",
                    &[&"offset", &0],
                ),
            );
            None
        }
        n => n,
    };
    let sort = match check
        .one_of("orderby", &["date", "date_gmt", "id", "rating", "product"])
        .as_deref()
    {
        Some("id") => ReviewSort::Id,
        Some("rating") => ReviewSort::Rating,
        Some("product") => ReviewSort::Product,
        _ => ReviewSort::Date,
    };
    let descending = check.one_of("order", &["asc", "desc"]).as_deref() != Some("asc");
    let products = check.integers("product_id");
    let categories = check.integers("category_id");
    check.finish()?;
    let mut q = ReviewQuery {
        products,
        page,
        per_page,
        offset,
        sort,
        descending,
        ..ReviewQuery::default()
    };
    if !categories.is_empty() {
        q = q.in_categories(&state.store.categories().await?, &categories);
    }
    let (reviews, total) = state.store.review_list(&q).await?;
    let mut reviewed: Vec<i64> = reviews.iter().map(|r| r.product_id).collect();
    reviewed.sort_unstable();
    reviewed.dedup();
    let products = state.store.products_by_ids(&reviewed).await?;
    let pictures: Vec<i64> = products.iter().filter_map(|p| p.image_id).collect();
    let media = state.store.media_by_ids(&pictures).await?;
    let cat = Catalog::plain(&state.config.site_url, &media, &[]);
    let body: Vec<Value> = reviews
        .iter()
        .map(|r| {
            let product = products.iter().find(|p| p.id == r.product_id);
            crate::wire::value(&cat.review(r, product))
        })
        .collect();
    Ok(paging.answer(
        &state,
        "/wc/store/v1/products/reviews",
        &params,
        total,
        Value::Array(body),
    ))
}
