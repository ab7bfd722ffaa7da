//! Extractors whose rejections answer the envelope with a Chinese message naming the field.

use crate::error::ApiError;
use axum::extract::path::ErrorKind;
use axum::extract::rejection::PathRejection;
use axum::extract::{FromRequest, FromRequestParts, RawPathParams, Request};
use axum::http::request::Parts;
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

/// Whether `text` holds a control character other than tab, line feed and carriage return:
/// NUL and the other C0 controls are refused in every text a client sends.
pub fn has_control(text: &str) -> bool {
    text.chars()
        .any(|c| c.is_ascii_control() && c != '\t' && c != '\n' && c != '\r' && c != '\u{7f}')
}

fn control_error(field: &str) -> ApiError {
    ApiError::invalid(
        field,
        format!("字段 {field} 含有不允许的控制字符（如 \\u0000）"),
    )
}

/// Refuses any string (value or key) of the parsed body holding a control character, naming its
/// path (`name`, `accounts[1].accountNo`).
fn refuse_controls_in(value: &serde_json::Value, path: &mut String) -> Result<(), ApiError> {
    use serde_json::Value;
    match value {
        Value::String(text) if has_control(text) => {
            Err(control_error(if path.is_empty() { "body" } else { path }))
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                refuse_controls_in(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        Value::Object(fields) => {
            for (key, item) in fields {
                let len = path.len();
                if !path.is_empty() {
                    path.push('.');
                }
                path.push_str(key);
                if has_control(key) {
                    return Err(control_error(if len == 0 { "body" } else { &path[..len] }));
                }
                refuse_controls_in(item, path)?;
                path.truncate(len);
            }
            Ok(())
        }
        _ => Ok(()),
    }
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
        let value: serde_json::Value = serde_json::from_slice(&bytes).map_err(|inner| {
            ApiError::bad_request(format!(
                "请求体不是有效的 JSON（第 {} 行第 {} 列）",
                inner.line(),
                inner.column()
            ))
        })?;
        refuse_controls_in(&value, &mut String::new())?;
        serde_path_to_error::deserialize(value)
            .map(Json)
            .map_err(|err| {
                let path = err.path().to_string();
                describe(&path, &err.into_inner())
            })
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
        for (key, value) in form_urlencoded::parse(&bytes) {
            if has_control(&key) {
                return Err(control_error("body"));
            }
            if has_control(&value) {
                return Err(control_error(&key));
            }
        }
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(&bytes));
        serde_path_to_error::deserialize(de)
            .map(Form)
            .map_err(|err| {
                let path = err.path().to_string();
                describe(&path, &err.into_inner())
            })
    }
}

/// The parameters of the path (`/api/.../{id}`). A value that is not of the parameter's type
/// (`abc` or a number out of range for an id) or that holds a control character answers code
/// 400 with the envelope, naming the parameter, instead of axum's plain-text 400.
#[derive(Debug, Clone, Copy, Default)]
pub struct Path<T>(pub T);

impl<S, T> FromRequestParts<S> for Path<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let names: Vec<(String, bool)> = RawPathParams::from_request_parts(parts, state)
            .await
            .map(|raw| {
                raw.iter()
                    .map(|(name, value)| (name.to_owned(), has_control(value)))
                    .collect()
            })
            .unwrap_or_default();
        if let Some((name, _)) = names.iter().find(|(_, bad)| *bad) {
            return Err(control_error(name));
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => {
                let first = names.first().map(|(n, _)| n.clone());
                let field = match &rejection {
                    PathRejection::FailedToDeserializePathParams(e) => match e.kind() {
                        ErrorKind::ParseErrorAtKey { key, .. }
                        | ErrorKind::InvalidUtf8InPathParam { key }
                        | ErrorKind::DeserializeError { key, .. } => Some(key.clone()),
                        ErrorKind::ParseErrorAtIndex { index, .. } => {
                            names.get(*index).map(|(n, _)| n.clone())
                        }
                        _ => first,
                    },
                    _ => first,
                };
                let field = field.unwrap_or_else(|| "path".to_owned());
                Err(ApiError::invalid(
                    &field,
                    format!("路径参数 {field} 的值不正确"),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(result: Result<(), ApiError>) -> Option<String> {
        match result {
            Err(ApiError(service::Error::Invalid { fields, .. })) => {
                Some(fields.keys().cloned().collect::<Vec<_>>().join(","))
            }
            _ => None,
        }
    }

    #[test]
    fn control_characters_are_refused_naming_the_path() {
        let body = serde_json::json!({
            "name": "ok\tline\r\n",
            "accounts": [{"accountNo": "1"}, {"accountNo": "12\u{0}3"}],
        });
        assert_eq!(
            field_of(refuse_controls_in(&body, &mut String::new())).as_deref(),
            Some("accounts[1].accountNo")
        );
        let body = serde_json::json!({"name": "a\u{1b}b"});
        assert_eq!(
            field_of(refuse_controls_in(&body, &mut String::new())).as_deref(),
            Some("name")
        );
        let fine = serde_json::json!({"name": "多行\n文本\t", "n": 1, "list": ["a"]});
        assert!(refuse_controls_in(&fine, &mut String::new()).is_ok());
        assert!(!has_control("\u{7f}"));
        assert!(has_control("\u{0}"));
    }

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
