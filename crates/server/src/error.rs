//! Maps the service's one error type to the envelope.

use crate::envelope::Envelope;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use service::Error;

tokio::task_local! {
    /// The current request's id, set by the request-context middleware.
    pub static REQUEST_ID: String;
}

/// The current request's id, if any.
pub fn current_request_id() -> Option<String> {
    REQUEST_ID.try_with(Clone::clone).ok()
}

/// `service::Error` as an HTTP answer. Handlers return `Result<_, ApiError>` and use `?`.
#[derive(Debug)]
pub struct ApiError(pub Error);

impl From<Error> for ApiError {
    fn from(err: Error) -> Self {
        ApiError(err)
    }
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError(Error::bad_request(message))
    }

    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        ApiError(Error::invalid(field, message))
    }
}

/// The envelope of an internal failure: the request id so that support can find the log
/// line, never the cause.
pub fn internal_envelope(message: &str) -> Envelope<serde_json::Value> {
    let request_id = current_request_id();
    let msg = match &request_id {
        Some(id) => format!("{message}（请求编号 {id}），请稍后重试或联系管理员"),
        None => format!("{message}，请稍后重试或联系管理员"),
    };
    Envelope {
        result: false,
        code: 500,
        msg,
        data: serde_json::json!({ "requestId": request_id }),
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let err = self.0;
        match &err {
            Error::Internal(cause) | Error::DatabaseUnavailable(cause) => {
                tracing::error!(error = %err, cause = ?cause, "request failed");
                internal_envelope(&err.to_string()).into_response()
            }
            Error::LoggedOut => {
                let body = Envelope {
                    result: false,
                    code: 401,
                    msg: err.to_string(),
                    data: serde_json::Value::Null,
                };
                (StatusCode::UNAUTHORIZED, body).into_response()
            }
            Error::Invalid { message, fields } => Envelope {
                result: false,
                code: 400,
                msg: message.clone(),
                data: serde_json::json!({ "fields": fields
                    .iter()
                    .map(|(field, message)| (field.clone(), crate::i18n::localize(message)))
                    .collect::<std::collections::BTreeMap<_, _>>() }),
            }
            .into_response(),
            other => Envelope {
                result: false,
                code: other.code(),
                msg: other.to_string(),
                data: serde_json::Value::Null,
            }
            .into_response(),
        }
    }
}
