//! The one error type of Beehive. The server maps each variant to the envelope of
//! docs/architecture.md; the `code` here is the envelope code.

use std::collections::BTreeMap;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Invalid input (code 400). `fields` maps each offending field to its message.
    #[error("{message}")]
    Invalid {
        message: String,
        fields: BTreeMap<String, String>,
    },
    /// The session's token has expired (code 401); the client refreshes or signs in again.
    #[error("登录已过期，请重新登录")]
    Expired,
    /// The caller lacks the permission (code 403). The message says which.
    #[error("{0}")]
    Forbidden(String),
    /// The record does not exist or is not visible to the caller (code 404).
    #[error("{0}")]
    NotFound(String),
    /// The record is no longer in the state the action needs, or would be a duplicate (code 409).
    #[error("{0}")]
    Conflict(String),
    /// The request cannot be processed as sent (code 422): an `Idempotency-Key` already used
    /// for another request.
    #[error("{0}")]
    Unprocessable(String),
    /// Too many attempts (code 429).
    #[error("{0}")]
    TooManyAttempts(String),
    /// The account signed in elsewhere; this session was superseded (code 504).
    #[error("当前账号已在他处登录")]
    SignedInElsewhere,
    /// No session: the token is unknown or was logged out (HTTP 401).
    #[error("未登录或登录已注销")]
    LoggedOut,
    /// The database cannot be reached (code 500, a clear message, no internals).
    #[error("数据库不可用，请稍后重试")]
    DatabaseUnavailable(#[source] anyhow::Error),
    /// Anything unexpected (code 500). The cause is logged, never shown.
    #[error("服务器内部错误")]
    Internal(#[source] anyhow::Error),
}

impl Error {
    /// An invalid-input error naming one field.
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        let mut fields = BTreeMap::new();
        fields.insert(field.to_owned(), message.clone());
        Error::Invalid { message, fields }
    }

    /// An invalid-input error that concerns the request as a whole, not one field.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Error::Invalid {
            message: message.into(),
            fields: BTreeMap::new(),
        }
    }

    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Error::Internal(cause.into())
    }

    /// Every code [`Error::code`] answers (the OpenAPI document lists them on the error envelope).
    pub const CODES: [u16; 9] = [400, 401, 403, 404, 409, 422, 429, 500, 504];

    /// The envelope code of docs/architecture.md.
    pub fn code(&self) -> u16 {
        match self {
            Error::Invalid { .. } => 400,
            Error::Expired | Error::LoggedOut => 401,
            Error::Forbidden(_) => 403,
            Error::NotFound(_) => 404,
            Error::Conflict(_) => 409,
            Error::Unprocessable(_) => 422,
            Error::TooManyAttempts(_) => 429,
            Error::SignedInElsewhere => 504,
            Error::DatabaseUnavailable(_) | Error::Internal(_) => 500,
        }
    }
}

impl From<store::sea_orm::DbErr> for Error {
    fn from(err: store::sea_orm::DbErr) -> Self {
        use store::sea_orm::DbErr;
        match err {
            DbErr::Conn(_) | DbErr::ConnectionAcquire(_) => {
                Error::DatabaseUnavailable(anyhow::Error::new(err))
            }
            // A row read in this transaction no longer matched its UPDATE's condition (its
            // version moved on): someone else's change landed in between.
            DbErr::RecordNotUpdated => Error::Conflict(STALE.to_owned()),
            other => Error::Internal(anyhow::Error::new(other)),
        }
    }
}

/// A unique-constraint violation as a 409 with `message`; anything else as usual.
pub(crate) fn conflict_on_unique(err: store::sea_orm::DbErr, message: &str) -> Error {
    use store::sea_orm::SqlErr;
    match err.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => Error::Conflict(message.to_owned()),
        _ => Error::from(err),
    }
}

/// A status change the transition table does not allow is a 409 naming the current status.
impl From<domain::status::IllegalTransition> for Error {
    fn from(err: domain::status::IllegalTransition) -> Self {
        Error::Conflict(err.to_string())
    }
}

/// Turns a domain rule's typed error into the 400 naming a field.
pub(crate) trait OrInvalid<T> {
    /// The rule's message is the field's message (`请输入正确的手机号`).
    fn or_invalid(self, field: &str) -> Result<T>;
    /// The field's label, then the rule's message (`姓名` + `不能为空`).
    fn or_invalid_as(self, field: &str, label: &str) -> Result<T>;
}

impl<T, E: std::fmt::Display> OrInvalid<T> for std::result::Result<T, E> {
    fn or_invalid(self, field: &str) -> Result<T> {
        self.map_err(|e| Error::invalid(field, e.to_string()))
    }

    fn or_invalid_as(self, field: &str, label: &str) -> Result<T> {
        self.map_err(|e| Error::invalid(field, format!("{label}{e}")))
    }
}

/// The field errors of one request, collected so that one answer names them all (a form shows
/// every mistake at once rather than one per attempt).
///
/// ```ignore
/// let mut checks = FieldChecks::default();
/// let name = checks.check(text::required(&input.name, 64).or_invalid_as("name", "名称"))?;
/// let mobile = checks.check(check_mobile(&input.mobile))?;
/// let (Some(name), Some(mobile)) = (name, mobile) else {
///     return Err(checks.into_error());
/// };
/// ```
#[derive(Debug, Default)]
pub(crate) struct FieldChecks {
    fields: BTreeMap<String, String>,
    message: Option<String>,
}

impl FieldChecks {
    /// The checked value, or `None` with the check's field errors kept (the first message of a
    /// field wins). Any other error (the database) ends the request as usual.
    pub(crate) fn check<T>(&mut self, result: Result<T>) -> Result<Option<T>> {
        match result {
            Ok(value) => Ok(Some(value)),
            Err(Error::Invalid { message, fields }) => {
                self.message.get_or_insert(message);
                for (field, text) in fields {
                    self.fields.entry(field).or_insert(text);
                }
                Ok(None)
            }
            Err(other) => Err(other),
        }
    }

    /// Records an error of `field` found by a check of its own.
    pub(crate) fn fail(&mut self, field: &str, message: impl Into<String>) {
        let message = message.into();
        self.message.get_or_insert_with(|| message.clone());
        self.fields.entry(field.to_owned()).or_insert(message);
    }

    /// Whether `field` already has an error (a later check of it would only repeat it).
    pub(crate) fn failed(&self, field: &str) -> bool {
        self.fields.contains_key(field)
    }

    /// `Ok` when every check passed, else the one error naming every field.
    pub(crate) fn finish(self) -> Result<()> {
        match self.message {
            None => Ok(()),
            Some(message) => Err(Error::Invalid {
                message,
                fields: self.fields,
            }),
        }
    }

    /// The error naming every field (after a check answered `None`).
    pub(crate) fn into_error(self) -> Error {
        let message = self
            .message
            .unwrap_or_else(|| "请检查填写的内容".to_owned());
        Error::Invalid {
            message,
            fields: self.fields,
        }
    }
}

/// The message of a save that lost the race against another change of the same record.
pub const STALE: &str = "该记录已被他人修改，请刷新后重试";

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod codes {
    use super::*;

    /// One error of each variant; the match makes a new variant a compile error here until it
    /// is added, so `CODES` (and the document's error envelope) cannot miss its code.
    fn one_of_each() -> Vec<Error> {
        let all = vec![
            Error::invalid("field", "message"),
            Error::Expired,
            Error::Forbidden(String::new()),
            Error::NotFound(String::new()),
            Error::Conflict(String::new()),
            Error::Unprocessable(String::new()),
            Error::TooManyAttempts(String::new()),
            Error::SignedInElsewhere,
            Error::LoggedOut,
            Error::DatabaseUnavailable(anyhow::anyhow!("down")),
            Error::Internal(anyhow::anyhow!("bug")),
        ];
        for e in &all {
            match e {
                Error::Invalid { .. }
                | Error::Expired
                | Error::Forbidden(_)
                | Error::NotFound(_)
                | Error::Conflict(_)
                | Error::Unprocessable(_)
                | Error::TooManyAttempts(_)
                | Error::SignedInElsewhere
                | Error::LoggedOut
                | Error::DatabaseUnavailable(_)
                | Error::Internal(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_code_is_listed() {
        for e in one_of_each() {
            assert!(
                Error::CODES.contains(&e.code()),
                "{} not in CODES",
                e.code()
            );
        }
    }
}
