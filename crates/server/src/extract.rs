//! Extractors whose rejections answer the envelope with a Chinese message naming the field.

use crate::error::ApiError;
use axum::extract::{FromRequest, Request};
use axum::http::{HeaderMap, StatusCode, header};
use bytes::Bytes;
use serde::de::DeserializeOwned;

/// The request body limit for JSON and form bodies.
pub const BODY_LIMIT_BYTES: usize = 2 * 1024 * 1024;

/// A JSON body. Wrong content type, malformed JSON, a body over the limit and a value of the
/// wrong shape all answer code 400 with a message that says what is wrong and where.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

fn content_type_is(headers: &HeaderMap, wanted: &str) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|mime| {
            let mime = mime.trim();
            mime.eq_ignore_ascii_case(wanted)
                || (wanted == "application/json"
                    && mime.len() > 5
                    && mime.to_ascii_lowercase().ends_with("+json"))
        })
}

async fn body_bytes<S: Send + Sync>(req: Request, state: &S) -> Result<Bytes, ApiError> {
    Bytes::from_request(req, state).await.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::bad_request(format!(
                "请求体过大，不能超过 {} MiB",
                BODY_LIMIT_BYTES / 1024 / 1024
            ))
        } else {
            ApiError::bad_request("无法读取请求体")
        }
    })
}

/// Turns a deserialization failure into a message that names the field.
fn describe<E: std::fmt::Display>(path: &str, inner: &E) -> ApiError {
    let text = inner.to_string();
    if let Some(rest) = text.strip_prefix("missing field `") {
        let field = rest.split('`').next().unwrap_or_default();
        let full = if path == "." || path.is_empty() {
            field.to_owned()
        } else {
            format!("{path}.{field}")
        };
        return ApiError::invalid(&full, format!("缺少必填字段 {full}"));
    }
    if let Some(rest) = text.strip_prefix("unknown field `") {
        let field = rest.split('`').next().unwrap_or_default();
        return ApiError::invalid(field, format!("不认识的字段 {field}"));
    }
    let field = if path == "." || path.is_empty() {
        "body"
    } else {
        path
    };
    ApiError::invalid(field, format!("字段 {field} 的值不正确：{text}"))
}

impl<S, T> FromRequest<S> for Json<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !content_type_is(req.headers(), "application/json") {
            return Err(ApiError::bad_request(
                "请求的 Content-Type 必须是 application/json",
            ));
        }
        let bytes = body_bytes(req, state).await?;
        let mut de = serde_json::Deserializer::from_slice(&bytes);
        match serde_path_to_error::deserialize(&mut de) {
            Ok(value) => Ok(Json(value)),
            Err(err) => {
                let path = err.path().to_string();
                let inner = err.into_inner();
                if inner.is_syntax() || inner.is_eof() {
                    Err(ApiError::bad_request(format!(
                        "请求体不是有效的 JSON（第 {} 行第 {} 列）",
                        inner.line(),
                        inner.column()
                    )))
                } else {
                    Err(describe(&path, &inner))
                }
            }
        }
    }
}

/// A form-encoded body (`application/x-www-form-urlencoded`), as the client's 'form' call
/// style sends it. An empty body is accepted for forms whose fields are all optional.
#[derive(Debug, Clone, Copy, Default)]
pub struct Form<T>(pub T);

impl<S, T> FromRequest<S> for Form<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let has_type = req.headers().contains_key(header::CONTENT_TYPE);
        if has_type && !content_type_is(req.headers(), "application/x-www-form-urlencoded") {
            return Err(ApiError::bad_request(
                "请求的 Content-Type 必须是 application/x-www-form-urlencoded",
            ));
        }
        let bytes = body_bytes(req, state).await?;
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(&bytes));
        serde_path_to_error::deserialize(de)
            .map(Form)
            .map_err(|err| {
                let path = err.path().to_string();
                describe(&path, &err.into_inner())
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types() {
        let mut headers = HeaderMap::new();
        assert!(!content_type_is(&headers, "application/json"));
        for (value, ok) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("application/problem+json", true),
            ("text/plain", false),
            ("application/x-www-form-urlencoded", false),
        ] {
            headers.insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static(value),
            );
            assert_eq!(content_type_is(&headers, "application/json"), ok, "{value}");
        }
    }
}
