//! `wc/v3/products`: the list (with its filters and sort) and the resource.

use super::*;

pub(super) async fn list_products(
    State(state): State<AppState>,
    list: StaffList,
) -> ApiResult<Response> {
    let q = product_query(&list, |check, q| {
        q.kind = check
            .one_of("type", &["simple", "variable"])
            .and_then(|k| ProductKind::parse(&k));
        q.category = check.integer("category");
        q.include = check.integers("include");
        q.exclude = check.integers("exclude");
    })?;
    let (products, total) = state.store.admin_products(&q).await?;
    let body = products_out(&state, &products).await?;
    Ok(list.answer(&state, "/wc/v3/products", total, body))
}

/// The query for this page of products or variations: the filters they share (`search`, `sku`,
/// `status`, `stock_status`, the dates, `orderby` and `order`) and what `filters` reads besides; every bad
/// parameter is named in one answer.
pub(super) fn product_query(
    list: &StaffList,
    filters: impl FnOnce(&mut ParamCheck, &mut AdminProductQuery),
) -> ApiResult<AdminProductQuery> {
    let mut check = ParamCheck::new(&list.params);
    let (status, stock_status) = status_params(&mut check);
    let mut q = AdminProductQuery {
        page: list.paging.page,
        per_page: list.paging.per_page,
        search: list.params.get("search").map(str::to_owned),
        status,
        stock_status,
        dates: check.date_range(),
        ..Default::default()
    };
    filters(&mut check, &mut q);
    q.sort = sort_param(&mut check);
    q.sku = check.text("sku").map(str::to_owned);
    check.finish()?;
    Ok(q)
}

/// The lists' `status` (`any`, `trash` or a product status) and `stock_status`; an unknown
/// value is named, as WooCommerce's enums do.
fn status_params(check: &mut ParamCheck) -> (Option<String>, Option<String>) {
    let mut all_statuses = vec!["any", "trash"];
    all_statuses.extend(PRODUCT_STATUSES);
    let status = check.one_of("status", &all_statuses);
    (status, check.one_of("stock_status", STOCK_STATUSES))
}

/// wc/v3's `orderby` and `order` (WooCommerce's defaults: `date`, `desc`); anything else is named.
pub(crate) fn sort_param(check: &mut ParamCheck) -> Option<(AdminSort, SortDirection)> {
    let orderby = check.text("orderby");
    let order = check.text("order");
    let sort = match orderby.map(|o| (o, AdminSort::parse(o))) {
        None => None,
        Some((_, Some(s))) => Some(s),
        Some((_, None)) => {
            check.problem("orderby", not_one_of("orderby", AdminSort::NAMES));
            None
        }
    };
    let dir = match order {
        None | Some("desc") => SortDirection::Desc,
        Some("asc") => SortDirection::Asc,
        Some(_) => {
            check.problem("order", not_one_of("order", "asc, desc"));
            SortDirection::Desc
        }
    };
    (sort.is_some() || order.is_some()).then(|| (sort.unwrap_or(AdminSort::Date), dir))
}

/// `wc/v3/products`.
pub(super) struct Products;

impl crud::Resource for Products {
    type Out = WcProduct;
    type Scope = ();

    const MISSING: fn() -> ApiError = product_missing;

    async fn read(state: &AppState, _: &(), id: i64) -> ApiResult<WcProduct> {
        product_out(state, id).await
    }

    async fn save(state: &AppState, _: &(), id: Option<i64>, body: &Value) -> ApiResult<i64> {
        let Some(id) = id else {
            if body
                .get("id")
                .and_then(Value::as_i64)
                .is_some_and(|n| n > 0)
            {
                return Err(coded(
                    StatusCode::BAD_REQUEST,
                    "woocommerce_rest_product_exists",
                    "Cannot create existing product.",
                ));
            }
            let ch = product_changes(state, body, false).await?;
            return state
                .store
                .create_product(None, &ch)
                .await
                .map_err(|e| product_error(e, product_missing));
        };
        let ch = product_changes(state, body, false).await?;
        let current = state
            .store
            .product(id)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        if current.kind == ProductKind::Variation {
            return Err(product_missing());
        }
        state
            .store
            .update_product(id, None, &ch)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        Ok(id)
    }
}

impl crud::Deletable for Products {
    type Deleted = WcProduct;

    async fn delete(state: &AppState, _: &(), id: i64, force: bool) -> ApiResult<WcProduct> {
        let before = product_out(state, id).await?;
        if !force && before.status == "trash" {
            return Err(coded(
                StatusCode::GONE,
                "woocommerce_rest_already_trashed",
                "The product has already been deleted.",
            ));
        }
        state
            .store
            .delete_product(id, None, force)
            .await
            .map_err(|e| product_error(e, product_missing))?;
        if force {
            Ok(before)
        } else {
            product_out(state, id).await
        }
    }
}
