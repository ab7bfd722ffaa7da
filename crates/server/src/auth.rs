//! Who is calling: the client's address and the signed-in principal of a request.

use crate::AppState;
use crate::error::{ApiError, current_request_id};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use service::Error;
use service::principal::{AccountKind, ClientInfo, Principal};
use std::net::SocketAddr;

/// The header that carries the token (the product specification).
pub const TOKEN_HEADER: &str = "authorization-token";

/// The request's origin: peer address, user agent and request id. The address is the TCP
/// peer; a deployment behind a proxy must configure the proxy to keep it (docs/auth.md).
pub struct Client(pub ClientInfo);

impl<S: Send + Sync> FromRequestParts<S> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_string());
        let user_agent = parts
            .headers
            .get(axum::http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        Ok(Client(ClientInfo {
            ip,
            user_agent,
            request_id: current_request_id().filter(|id| !id.is_empty()),
        }))
    }
}

fn token(parts: &Parts) -> Result<&str, ApiError> {
    token_of(&parts.headers)
}

/// The token of a request's headers; HTTP 401 when there is none.
pub(crate) fn token_of(headers: &axum::http::HeaderMap) -> Result<&str, ApiError> {
    headers
        .get(TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or(ApiError(Error::LoggedOut))
}

/// The principal the permission guard (`guard.rs`) already signed in for this request.
fn signed_in(parts: &Parts, kind: AccountKind) -> Option<Principal> {
    parts
        .extensions
        .get::<Principal>()
        .filter(|p| p.kind == kind)
        .cloned()
}

/// A signed-in platform administrator.
pub struct Admin(pub Principal);

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(me) = signed_in(parts, AccountKind::Admin) {
            return Ok(Admin(me));
        }
        let token = token(parts)?;
        Ok(Admin(
            state.app.authenticate(AccountKind::Admin, token).await?,
        ))
    }
}

/// A signed-in capital-provider user.
pub struct Capital(pub Principal);

impl FromRequestParts<AppState> for Capital {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if let Some(me) = signed_in(parts, AccountKind::Capital) {
            return Ok(Capital(me));
        }
        let token = token(parts)?;
        Ok(Capital(
            state.app.authenticate(AccountKind::Capital, token).await?,
        ))
    }
}

/// A signed-in administrator or capital-provider user (shared endpoints such as downloads).
pub struct Signed(pub Principal);

impl FromRequestParts<AppState> for Signed {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = token(parts)?;
        match state.app.authenticate(AccountKind::Admin, token).await {
            Err(Error::LoggedOut) => Ok(Signed(
                state.app.authenticate(AccountKind::Capital, token).await?,
            )),
            other => Ok(Signed(other?)),
        }
    }
}
