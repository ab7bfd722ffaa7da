//! The `Idempotency-Key` layer. An operation opts in by declaring the header among its OpenAPI
//! parameters (`params(IdempotencyKey)` in its `#[utoipa::path]`); for those operations a
//! request that carries the header runs once per signed-in caller and key
//! (`service::idempotency`): a retry with the same request gets the stored answer again (with
//! `Idempotency-Replayed: true`), another request under the same key 422, a retry while the
//! first still runs 409. Requests without the header run as usual.
//!
//! The layer sits inside the route guard, so the caller is known and a refused caller never
//! records a key.

use crate::error::ApiError;
use crate::extract::BODY_LIMIT_BYTES;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use service::Beehive;
use service::idempotency::{Begun, HEADER};
use service::principal::Principal;
use std::collections::HashSet;
use std::sync::Arc;

/// The header set on a replayed answer.
pub const REPLAYED_HEADER: &str = "idempotency-replayed";

/// The largest answer stored for replay.
const ANSWER_LIMIT_BYTES: usize = 4 * 1024 * 1024;

/// The `Idempotency-Key` header parameter an operation declares to opt in.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
pub struct IdempotencyKey {
    /// Makes the command run once: 1 to 128 visible ASCII characters (a UUID), new for each
    /// intended command and reused for its retries. Same key and same request: the first
    /// answer again; same key, another request: code 422; while the first still runs: 409.
    #[param(
        rename = "Idempotency-Key",
        pattern = "^[!-~]{1,128}$",
        min_length = 1,
        max_length = 128
    )]
    #[allow(dead_code)] // read from the request by the layer, declared here for the document
    idempotency_key: Option<String>,
}

/// The operations that opt in, from the OpenAPI document.
#[derive(Clone, Default)]
pub struct OptedIn(Arc<HashSet<(Method, String)>>);

impl OptedIn {
    pub fn from_openapi(doc: &utoipa::openapi::OpenApi) -> Self {
        use utoipa::openapi::path::ParameterIn;
        let mut set = HashSet::new();
        for (path, item) in &doc.paths.paths {
            let operations = [
                (Method::GET, &item.get),
                (Method::POST, &item.post),
                (Method::PUT, &item.put),
                (Method::DELETE, &item.delete),
                (Method::PATCH, &item.patch),
            ];
            for (method, op) in operations {
                let Some(op) = op else { continue };
                let declares = op.parameters.iter().flatten().any(|p| {
                    matches!(p.parameter_in, ParameterIn::Header)
                        && p.name.eq_ignore_ascii_case(HEADER)
                });
                if declares {
                    set.insert((method, path.clone()));
                }
            }
        }
        OptedIn(Arc::new(set))
    }

    pub fn contains(&self, method: &Method, route: &str) -> bool {
        self.0.contains(&(method.clone(), route.to_owned()))
    }

    /// The opted-in operations, sorted (`METHOD path`), for tests and the docs.
    pub fn list(&self) -> Vec<String> {
        let mut all: Vec<String> = self.0.iter().map(|(m, p)| format!("{m} {p}")).collect();
        all.sort();
        all
    }
}

/// The state of the layer.
#[derive(Clone)]
pub struct IdempotencyState {
    pub app: Beehive,
    pub opted_in: OptedIn,
}

/// Whether an answer is the command's outcome, to be replayed: success, or a refusal of the
/// request itself (400 invalid, 404 not found, 422). Anything else (a lost race 409, 429, a
/// server error) changed nothing and releases the key for a retry.
fn worth_replaying(envelope_code: i64) -> bool {
    matches!(envelope_code, 200 | 400 | 404 | 422)
}

/// Runs an opted-in command once per caller and key.
pub async fn once_per_key(
    State(state): State<IdempotencyState>,
    matched: Option<MatchedPath>,
    request: Request,
    next: Next,
) -> Response {
    let opted = matched
        .as_ref()
        .is_some_and(|route| state.opted_in.contains(request.method(), route.as_str()));
    if !opted {
        return next.run(request).await;
    }
    let Some(raw_key) = request.headers().get(HEADER).cloned() else {
        return next.run(request).await;
    };
    let Some(me) = request.extensions().get::<Principal>().cloned() else {
        // Only signed-in callers have keys; the guard signs every declared caller in.
        return next.run(request).await;
    };
    let Ok(key) = raw_key.to_str().map(str::to_owned) else {
        return ApiError::invalid(HEADER, "幂等键须为可见 ASCII 字符").into_response();
    };
    let (parts, body) = request.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, BODY_LIMIT_BYTES).await else {
        return ApiError::bad_request("请求内容过大或无法读取").into_response();
    };
    let target = parts
        .uri
        .path_and_query()
        .map_or(parts.uri.path(), |p| p.as_str());
    let hash = service::idempotency::request_hash(parts.method.as_str(), target, &bytes);
    let ticket = match state.app.idempotency_begin(&me, &key, &hash).await {
        Ok(Begun::Run(ticket)) => ticket,
        Ok(Begun::Replay(body)) => return replay(body),
        Err(e) => return ApiError::from(e).into_response(),
    };
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let (parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, ANSWER_LIMIT_BYTES).await else {
        // Too large to keep (never for a command's envelope): release the key.
        let _ = state.app.idempotency_finish(ticket, None).await;
        return ApiError::from(service::Error::internal(anyhow::anyhow!(
            "an idempotent command's answer could not be read"
        )))
        .into_response();
    };
    let stored = std::str::from_utf8(&bytes)
        .ok()
        .filter(|text| {
            parts.status.is_success()
                && serde_json::from_str::<serde_json::Value>(text)
                    .ok()
                    .and_then(|v| v.get("code").and_then(serde_json::Value::as_i64))
                    .is_some_and(worth_replaying)
        })
        .map(str::to_owned);
    if let Err(e) = state.app.idempotency_finish(ticket, stored).await {
        tracing::error!(error = %e, "idempotency key not finished; it answers 409 until it expires");
    }
    Response::from_parts(parts, Body::from(bytes))
}

fn replay(body: String) -> Response {
    let mut response = Response::new(Body::from(body));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(REPLAYED_HEADER, HeaderValue::from_static("true"));
    response
}
