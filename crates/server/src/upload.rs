//! Multipart uploads and serving stored files back (preview in the browser or download).

use crate::AppState;
use crate::error::ApiError;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, FromRequest, Request};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use service::files::{FileContent, NewFile};

/// The HTTP body limit of upload routes: the largest upload limit 系统设置 allows (100 MiB) plus
/// room for the form around it. The extractor applies the configured limit while it reads.
pub const UPLOAD_BODY_LIMIT_BYTES: usize = 101 * 1024 * 1024;

/// Room for the form around the file: the other fields, the part headers and boundaries.
pub const FORM_OVERHEAD_BYTES: u64 = 64 * 1024;

/// How many uploads one server reads at once; the others wait for a turn (memory stays below
/// this many times the upload limit, whatever the number of clients).
pub const CONCURRENT_UPLOADS: usize = 4;

/// How long an upload waits for a turn before it is refused (code 429).
const UPLOAD_TURN_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

static UPLOAD_TURNS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(CONCURRENT_UPLOADS);

/// The layer an upload route's router carries (the default limit is for JSON bodies).
pub fn upload_body_limit() -> DefaultBodyLimit {
    DefaultBodyLimit::max(UPLOAD_BODY_LIMIT_BYTES)
}

/// One part of a `multipart/form-data` body.
#[derive(Debug, Clone)]
pub struct Part {
    pub name: String,
    pub file_name: Option<String>,
    pub bytes: Bytes,
}

/// A parsed `multipart/form-data` body. A body that is not multipart, or over the limit,
/// answers code 400.
#[derive(Debug, Clone)]
pub struct Multipart {
    pub parts: Vec<Part>,
}

impl Multipart {
    /// The file in field `name`, or 400 naming the field.
    pub fn file(&self, name: &str) -> Result<NewFile, ApiError> {
        self.parts
            .iter()
            .find(|p| p.name == name)
            .map(|p| NewFile {
                file_name: p.file_name.clone().unwrap_or_default(),
                bytes: p.bytes.clone(),
            })
            .ok_or_else(|| ApiError::invalid(name, "请选择要上传的文件"))
    }

    /// The text of field `name`, trimmed, if present and not empty.
    pub fn text(&self, name: &str) -> Option<String> {
        self.parts
            .iter()
            .find(|p| p.name == name && p.file_name.is_none())
            .map(|p| String::from_utf8_lossy(&p.bytes).trim().to_owned())
            .filter(|t| !t.is_empty())
    }

    /// The text of field `name` as a number, or 400 naming the field.
    pub fn id(&self, name: &str) -> Result<i64, ApiError> {
        self.text(name)
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| ApiError::invalid(name, format!("缺少 {name} 或不是数字")))
    }
}

/// The refusal of a body larger than the upload limit, naming the limit.
fn too_large(limit_mib: u32) -> ApiError {
    ApiError::invalid(
        "file",
        format!("文件不能超过 {limit_mib} MB（系统设置的上传大小限制）"),
    )
}

impl FromRequest<AppState> for Multipart {
    type Rejection = ApiError;

    /// Reads the form while counting: a declared length over the limit is refused before a byte
    /// is read, a streamed body as soon as it passes the limit (the rest is never read, and the
    /// connection is closed). At most [`CONCURRENT_UPLOADS`] bodies are read at once.
    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let headers = req.headers().clone();
        if boundary(&headers).is_none() {
            return Err(ApiError::bad_request("请以 multipart/form-data 上传"));
        }
        let limit_mib = state.app.upload_limit_mib().await?;
        let allowed = u64::from(limit_mib) * 1024 * 1024 + FORM_OVERHEAD_BYTES;
        let declared = headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|length| length > allowed) {
            return Err(too_large(limit_mib));
        }
        let _turn = tokio::time::timeout(UPLOAD_TURN_WAIT, UPLOAD_TURNS.acquire())
            .await
            .ok()
            .and_then(Result::ok)
            .ok_or_else(|| {
                ApiError(service::Error::TooManyAttempts(
                    "同时上传的文件过多，请稍后再试".to_owned(),
                ))
            })?;
        let capacity = declared.unwrap_or(0).min(allowed);
        let mut body = bytes::BytesMut::with_capacity(usize::try_from(capacity).unwrap_or(0));
        let mut stream = req.into_body();
        while let Some(frame) = std::future::poll_fn(|cx| {
            http_body::Body::poll_frame(std::pin::Pin::new(&mut stream), cx)
        })
        .await
        {
            let frame = frame.map_err(|_| ApiError::bad_request("无法读取上传内容"))?;
            if let Ok(data) = frame.into_data() {
                if (body.len() + data.len()) as u64 > allowed {
                    return Err(too_large(limit_mib));
                }
                body.extend_from_slice(&data);
            }
        }
        let parts = parse(&headers, &body.freeze())
            .ok_or_else(|| ApiError::bad_request("请以 multipart/form-data 上传"))?;
        Ok(Multipart { parts })
    }
}

/// The boundary of a `multipart/form-data` content type.
fn boundary(headers: &HeaderMap) -> Option<String> {
    let content_type = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let mut params = content_type.split(';');
    if !params
        .next()?
        .trim()
        .eq_ignore_ascii_case("multipart/form-data")
    {
        return None;
    }
    params.find_map(|p| {
        let (k, v) = p.trim().split_once('=')?;
        k.trim()
            .eq_ignore_ascii_case("boundary")
            .then(|| v.trim().trim_matches('"').to_owned())
    })
}

/// The value of `key="..."` in a Content-Disposition header line.
fn disposition_param(line: &str, key: &str) -> Option<String> {
    let lower = line.to_ascii_lowercase();
    let needle = format!("{key}=\"");
    let mut from = 0;
    // `name=` must not match inside `filename=`.
    while let Some(found) = lower.get(from..)?.find(&needle) {
        let at = from + found;
        let before = lower.get(..at)?.chars().last();
        if matches!(before, Some(';' | ' ')) {
            let start = at + needle.len();
            let end = line.get(start..)?.find('"')? + start;
            return line.get(start..end).map(str::to_owned);
        }
        from = at + needle.len();
    }
    None
}

/// Every part of a multipart body, or `None` if it is not one.
pub fn parse(headers: &HeaderMap, body: &Bytes) -> Option<Vec<Part>> {
    let delimiter = format!("--{}", boundary(headers)?).into_bytes();
    let find = |hay: &[u8], needle: &[u8], from: usize| -> Option<usize> {
        hay.get(from..)?
            .windows(needle.len())
            .position(|w| w == needle)
            .map(|p| p + from)
    };
    let mut parts = Vec::new();
    let mut at = find(body, &delimiter, 0)? + delimiter.len();
    let mut next_delim = b"\r\n".to_vec();
    next_delim.extend_from_slice(&delimiter);
    loop {
        if body.get(at..at + 2) == Some(b"--") {
            return Some(parts);
        }
        let start = at + 2; // the CRLF after the delimiter
        let head_end = find(body, b"\r\n\r\n", start)?;
        let head = String::from_utf8_lossy(body.get(start..head_end)?);
        let content_start = head_end + 4;
        let content_end = find(body, &next_delim, content_start)?;
        let disposition = head
            .lines()
            .find(|line| line.to_ascii_lowercase().starts_with("content-disposition"))?;
        if let Some(name) = disposition_param(disposition, "name") {
            parts.push(Part {
                name,
                file_name: disposition_param(disposition, "filename"),
                bytes: (content_start <= content_end && content_end <= body.len())
                    .then(|| body.slice(content_start..content_end))?,
            });
        }
        at = content_end + next_delim.len();
    }
}

/// RFC 5987 encoding of a file name for `filename*=UTF-8''...`.
pub fn encode_filename(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A stored file as a response: `inline` for preview in the browser (images and PDF only ever
/// reach storage), else as a download. The content type is the one decided at upload from the
/// content; a sandbox policy keeps a previewed PDF from running script in the site's origin.
pub fn file_response(content: FileContent, inline: bool) -> Response {
    let file = content.file;
    let disposition = format!(
        "{}; filename*=UTF-8''{}",
        if inline { "inline" } else { "attachment" },
        encode_filename(&file.file_name)
    );
    let mut response = Body::from_stream(content.body).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&file.content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    if let Ok(size) = u64::try_from(file.size_bytes) {
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers() -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("multipart/form-data; boundary=XyZ"),
        );
        h
    }

    #[test]
    fn parts_with_names_file_names_and_text() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\nID_FRONT\r\n\
--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\xe8\xba\xab.jpg\"\r\n\
Content-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0\r\nab\r\n--XyZ--\r\n";
        let form = Multipart {
            parts: parse(&headers(), &Bytes::from_static(body)).expect("multipart"),
        };
        assert_eq!(form.text("kind").as_deref(), Some("ID_FRONT"));
        let file = form.file("file").expect("file");
        assert_eq!(file.file_name, "身.jpg");
        assert_eq!(&file.bytes[..], b"\xff\xd8\xff\xe0\r\nab");
        assert!(form.text("file").is_none());
        assert!(form.file("other").is_err());
    }

    #[test]
    fn not_multipart() {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        assert!(parse(&h, &Bytes::from_static(b"{}")).is_none());
    }
}
