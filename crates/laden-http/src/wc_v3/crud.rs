//! The one path every `wc/v3` object resource takes: read, create, change and delete by id, and
//! the batch endpoint (`{create, update, delete}`) that does the same for up to 100 objects.
//! A resource says how to do each for one object ([`Resource`], [`Deletable`]); the handlers
//! here check the capability, resolve the path (the variations' parent product), and answer.

use super::{can_batch, can_create, can_delete, can_edit, force, path_id, Batch, Reader};
use crate::auth::Identity;
use crate::error::{ApiError, ApiResult};
use crate::extract::{JsonBody, Params, PathParts};
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, MethodRouter};
use axum::Json;
use serde::Serialize;
use serde_json::Value;
use std::future::Future;

/// A `wc/v3` resource whose objects are read, created and changed by id.
pub(crate) trait Resource: Sized + Send + Sync + 'static {
    /// An object as the resource answers it.
    type Out: Serialize + Send;
    /// What the path names above the object (the variations' parent), resolved.
    type Scope: Scope;

    /// The resource's "not found" (also for a malformed id).
    const MISSING: fn() -> ApiError;

    fn read(
        state: &AppState,
        scope: &Self::Scope,
        id: i64,
    ) -> impl Future<Output = ApiResult<Self::Out>> + Send;

    /// Creates an object (`id` none) or changes one from a request body; answers its id.
    fn save(
        state: &AppState,
        scope: &Self::Scope,
        id: Option<i64>,
        body: &Value,
    ) -> impl Future<Output = ApiResult<i64>> + Send;

    /// Creates an object and answers it as saved.
    fn create(
        state: &AppState,
        scope: &Self::Scope,
        body: &Value,
    ) -> impl Future<Output = ApiResult<Self::Out>> + Send {
        async move {
            let id = Self::save(state, scope, None, body).await?;
            Self::read(state, scope, id).await
        }
    }

    /// Changes an object and answers it as saved.
    fn update(
        state: &AppState,
        scope: &Self::Scope,
        id: i64,
        body: &Value,
    ) -> impl Future<Output = ApiResult<Self::Out>> + Send {
        async move {
            Self::save(state, scope, Some(id), body).await?;
            Self::read(state, scope, id).await
        }
    }
}

/// What a resource's path names above an object, resolved from the path's parameters before
/// the object's id: nothing (`()`) for most resources.
pub(crate) trait Scope: Sized + Send + Sync {
    fn resolve(state: &AppState, path: &[String]) -> impl Future<Output = ApiResult<Self>> + Send;
}

impl Scope for () {
    async fn resolve(_: &AppState, _: &[String]) -> ApiResult<()> {
        Ok(())
    }
}

/// A resource whose objects can be deleted (to the trash, or for good with `force`).
pub(crate) trait Deletable: Resource {
    /// What a deletion answers (the object as it was, or WooCommerce's `{deleted, previous}`).
    type Deleted: Serialize + Send;

    fn delete(
        state: &AppState,
        scope: &Self::Scope,
        id: i64,
        force: bool,
    ) -> impl Future<Output = ApiResult<Self::Deleted>> + Send;
}

/// An object's routes (`…/{id}`): read, change with POST, PUT or PATCH, as WooCommerce takes them.
pub(crate) fn object<R: Resource>() -> MethodRouter<AppState> {
    get(read::<R>)
        .post(update::<R>)
        .put(update::<R>)
        .patch(update::<R>)
}

/// An object's routes of a resource that also deletes (`DELETE …/{id}`, `force` for good).
pub(crate) fn deletable<R: Deletable>() -> MethodRouter<AppState> {
    object::<R>().delete(delete::<R>)
}

/// The batch route (`…/batch`), by POST, PUT or PATCH.
pub(crate) fn batches<R: Deletable>() -> MethodRouter<AppState> {
    post(batch::<R>).put(batch::<R>).patch(batch::<R>)
}

/// The scope's path parameters and the object's id.
async fn locate<R: Resource>(state: &AppState, path: &[String]) -> ApiResult<(R::Scope, i64)> {
    let (id, above) = path.split_last().ok_or_else(R::MISSING)?;
    let scope = <R::Scope as Scope>::resolve(state, above).await?;
    Ok((scope, path_id(id, R::MISSING)?))
}

pub(crate) async fn read<R: Resource>(
    State(state): State<AppState>,
    _: Reader,
    PathParts(path): PathParts,
) -> ApiResult<Json<R::Out>> {
    let (scope, id) = locate::<R>(&state, &path).await?;
    Ok(Json(R::read(&state, &scope, id).await?))
}

pub(crate) async fn create<R: Resource>(
    State(state): State<AppState>,
    who: Identity,
    PathParts(path): PathParts,
    JsonBody(body): JsonBody,
) -> ApiResult<Response> {
    can_create(&who)?;
    let scope = <R::Scope as Scope>::resolve(&state, &path).await?;
    let created = R::create(&state, &scope, &body).await?;
    Ok((StatusCode::CREATED, Json(created)).into_response())
}

pub(crate) async fn update<R: Resource>(
    State(state): State<AppState>,
    who: Identity,
    PathParts(path): PathParts,
    JsonBody(body): JsonBody,
) -> ApiResult<Json<R::Out>> {
    can_edit(&who)?;
    let (scope, id) = locate::<R>(&state, &path).await?;
    Ok(Json(R::update(&state, &scope, id, &body).await?))
}

pub(crate) async fn delete<R: Deletable>(
    State(state): State<AppState>,
    who: Identity,
    PathParts(path): PathParts,
    params: Params,
) -> ApiResult<Json<R::Deleted>> {
    can_delete(&who)?;
    let (scope, id) = locate::<R>(&state, &path).await?;
    Ok(Json(R::delete(&state, &scope, id, force(&params)).await?))
}

/// A batch's answer: each entry the object, or `{id, error}` where it failed.
#[derive(Serialize)]
pub(crate) struct BatchOut {
    pub create: Vec<Value>,
    pub update: Vec<Value>,
    pub delete: Vec<Value>,
}

/// `…/batch`: creates, then changes, then deletes (for good, as WooCommerce's batch does), each
/// entry on its own; one entry failing does not stop the others.
pub(crate) async fn batch<R: Deletable>(
    State(state): State<AppState>,
    who: Identity,
    PathParts(path): PathParts,
    JsonBody(body): JsonBody,
) -> ApiResult<Json<BatchOut>> {
    can_batch(&who)?;
    let scope = <R::Scope as Scope>::resolve(&state, &path).await?;
    let batch = Batch::parse(&body)?;
    let mut out = BatchOut {
        create: Vec::new(),
        update: Vec::new(),
        delete: Vec::new(),
    };
    for item in &batch.create {
        out.create
            .push(Batch::entry(R::create(&state, &scope, item).await, 0));
    }
    for item in &batch.update {
        let id = Batch::id_of(item);
        let r = if id > 0 {
            R::update(&state, &scope, id, item).await
        } else {
            Err((R::MISSING)())
        };
        out.update.push(Batch::entry(r, id));
    }
    for item in &batch.delete {
        let id = Batch::id_of(item);
        let r = if id > 0 {
            R::delete(&state, &scope, id, true).await
        } else {
            Err((R::MISSING)())
        };
        out.delete.push(Batch::entry(r, id));
    }
    Ok(Json(out))
}
