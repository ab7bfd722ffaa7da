//! The permission each operation declares in its OpenAPI `security` entry is the permission the
//! server checks first, before the body is read: this layer finds the matched route's
//! declaration, signs the caller in (admin or capital, by the permission's prefix) and answers
//! 401/403 with the envelope when the caller may not call it. The signed-in principal is kept
//! in the request for the `Admin`/`Capital` extractors, so the session is read once. The service
//! checks the same permission again (defence in depth); a test calls every operation as a user
//! without the declared permission and as a user holding only it, so the two cannot drift apart.

use crate::AppState;
use crate::error::ApiError;
use axum::extract::{MatchedPath, Request, State};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use service::principal::{AccountKind, Principal};
use std::collections::HashMap;
use std::sync::Arc;

/// The declared permission of every operation: `(method, route)` → the permission, or `None` for
/// "any signed-in user" (`security(("token" = []))`). Public operations are absent.
#[derive(Clone, Default)]
pub struct Declared(Arc<HashMap<(Method, String), Option<String>>>);

impl Declared {
    /// Reads the declarations from the OpenAPI document.
    pub fn from_openapi(doc: &utoipa::openapi::OpenApi) -> Self {
        let mut map = HashMap::new();
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
                let Some(security) = &op.security else {
                    continue;
                };
                let declared = security.iter().find_map(|requirement| {
                    let value = serde_json::to_value(requirement).ok()?;
                    let scopes = value.get("token")?.as_array()?.clone();
                    Some(scopes.first().and_then(|s| s.as_str()).map(str::to_owned))
                });
                if let Some(permission) = declared {
                    map.insert((method, path.clone()), permission);
                }
            }
        }
        Declared(Arc::new(map))
    }

    /// The declared permission of `method` on `route`: `None` when the operation is public,
    /// `Some(None)` when any signed-in user may call it.
    pub fn of(&self, method: &Method, route: &str) -> Option<Option<&str>> {
        self.0
            .get(&(method.clone(), route.to_owned()))
            .map(|p| p.as_deref())
    }
}

/// The state of the guard layer.
#[derive(Clone)]
pub struct GuardState {
    pub app: AppState,
    pub declared: Declared,
}

/// Checks the matched route's declared permission before the handler runs.
pub async fn declared_permission(
    State(state): State<GuardState>,
    matched: Option<MatchedPath>,
    mut request: Request,
    next: Next,
) -> Response {
    let Some(route) = matched else {
        return next.run(request).await;
    };
    let Some(Some(permission)) = state.declared.of(request.method(), route.as_str()) else {
        return next.run(request).await;
    };
    let kind = if permission.starts_with("capital:") {
        AccountKind::Capital
    } else {
        AccountKind::Admin
    };
    let permission = permission.to_owned();
    let token = crate::auth::token_of(request.headers()).map(str::to_owned);
    let principal: Result<Principal, ApiError> = async {
        let me = state.app.app.authenticate(kind, &token?).await?;
        me.require(&permission)?;
        Ok(me)
    }
    .await;
    match principal {
        Ok(me) => {
            request.extensions_mut().insert(me);
            next.run(request).await
        }
        Err(refusal) => refusal.into_response(),
    }
}
