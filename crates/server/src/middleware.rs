//! Cross-cutting layers: request context, request timeout, panics, security headers, logs.

use crate::envelope::Envelope;
use crate::error::{REQUEST_ID, internal_envelope};
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

pub const REQUEST_ID_HEADER: &str = "x-request-id";

/// Runs the rest of the request with its id (for logs and 500 answers) and its language (for
/// the messages of its answer) in scope.
pub async fn request_context(req: Request, next: Next) -> Response {
    let lang = crate::i18n::Lang::of_request(req.headers());
    let id = req
        .headers()
        .get(REQUEST_ID_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    crate::i18n::LANG
        .scope(lang, REQUEST_ID.scope(id, next.run(req)))
        .await
}

/// Answers code 500 with a clear message when a request runs longer than `limit`.
pub async fn timeout(State(limit): State<Duration>, req: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(response) => response,
        Err(_) => {
            tracing::warn!(limit_ms = limit.as_millis(), "request timed out");
            internal_envelope("请求处理超时").into_response()
        }
    }
}

/// The answer to a panic inside a handler: the envelope, never a bare 500.
pub fn panic_response(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    let body = Envelope {
        result: false,
        code: 500,
        msg: "服务器内部错误，请稍后重试或联系管理员".to_owned(),
        data: serde_json::Value::Null,
    };
    body.into_response()
}

/// Response headers set on every answer unless a handler set them.
pub fn security_headers() -> Vec<(HeaderName, HeaderValue)> {
    [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "strict-origin-when-cross-origin"),
        ("cross-origin-opener-policy", "same-origin"),
        (
            "permissions-policy",
            "camera=(), microphone=(), geolocation=()",
        ),
        (
            "content-security-policy",
            // antd writes its styles at run time, hence 'unsafe-inline' for styles only.
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; \
             frame-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        ),
    ]
    .into_iter()
    .map(|(name, value)| {
        (
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        )
    })
    .collect()
}

/// The path as it may appear in logs: the refresh token travels in the path (the product specification), so
/// everything after `/login/refresh/` is hidden.
pub fn loggable_path(path: &str) -> String {
    match path.find("/login/refresh/") {
        Some(at) => format!("{}/login/refresh/***", &path[..at]),
        None => path.to_owned(),
    }
}

/// The IP allow-list of 安全设置: every `/api/admin/...` request (sign-in included) from an
/// address outside a non-empty list answers code 403.
pub async fn admin_ip_allow_list(
    State(state): State<crate::AppState>,
    request: Request,
    next: Next,
) -> Response {
    if !request.uri().path().starts_with("/api/admin/") {
        return next.run(request).await;
    }
    let ip = request
        .extensions()
        .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
        .map(|axum::extract::ConnectInfo(addr)| addr.ip().to_string());
    match state.app.admin_ip_allowed(ip.as_deref()).await {
        Ok(true) => next.run(request).await,
        Ok(false) => crate::error::ApiError(service::Error::Forbidden(
            "当前 IP 不允许访问管理后台".to_owned(),
        ))
        .into_response(),
        Err(err) => crate::error::ApiError(err).into_response(),
    }
}

/// A request body that records when it has been read to its end.
struct Tracked {
    inner: axum::body::Body,
    read: Arc<AtomicBool>,
}

impl http_body::Body for Tracked {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let polled = Pin::new(&mut self.inner).poll_frame(cx);
        match &polled {
            Poll::Ready(None) => self.read.store(true, Ordering::Relaxed),
            Poll::Ready(Some(Ok(_))) if self.inner.is_end_stream() => {
                self.read.store(true, Ordering::Relaxed);
            }
            _ => {}
        }
        polled
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.inner.size_hint()
    }
}

/// Adds `Connection: close` to the answer of a request whose body was not read to its end (a
/// 401 before the body of a POST, an unknown path, a refused content type): the unread bytes
/// would otherwise be taken for the next request on the connection, and the client's next call
/// on that socket would fail. The client sees the close and opens a new connection.
pub async fn close_if_body_unread(req: Request, next: Next) -> Response {
    use http_body::Body as _;
    let (parts, body) = req.into_parts();
    let read = Arc::new(AtomicBool::new(body.is_end_stream()));
    let tracked = Tracked {
        inner: body,
        read: read.clone(),
    };
    let req = Request::from_parts(parts, axum::body::Body::new(tracked));
    let mut response = next.run(req).await;
    if !read.load(Ordering::Relaxed) {
        response.headers_mut().insert(
            axum::http::header::CONNECTION,
            HeaderValue::from_static("close"),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refresh_tokens_never_reach_the_log() {
        assert_eq!(
            loggable_path("/api/admin/login/refresh/abcdef123"),
            "/api/admin/login/refresh/***"
        );
        assert_eq!(
            loggable_path("/api/capital/login/refresh/zz"),
            "/api/capital/login/refresh/***"
        );
        assert_eq!(loggable_path("/api/health"), "/api/health");
    }

    #[test]
    fn security_headers_are_valid_and_complete() {
        let headers = security_headers();
        let names: Vec<&str> = headers.iter().map(|(n, _)| n.as_str()).collect();
        for wanted in [
            "x-content-type-options",
            "x-frame-options",
            "content-security-policy",
        ] {
            assert!(names.contains(&wanted), "{wanted} missing");
        }
    }
}
