//! The response envelope of docs/architecture.md: `{ result, code, msg, data }`.

use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// `true` on success.
    pub result: bool,
    /// 200 on success; otherwise the error code (400, 401, 403, 404, 409, 429, 500, 504).
    pub code: u16,
    /// A message for the user, in the request's language (`Accept-Language`; Chinese by default).
    pub msg: String,
    pub data: T,
}

/// A successful answer carrying `data`.
pub fn ok<T: Serialize>(data: T) -> Envelope<T> {
    Envelope {
        result: true,
        code: 200,
        msg: "成功".to_owned(),
        data,
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(mut self) -> Response {
        self.msg = crate::i18n::localize(&self.msg);
        axum::Json(self).into_response()
    }
}
