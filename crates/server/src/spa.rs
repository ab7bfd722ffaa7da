//! The React workspace, embedded in the binary at build time (`web/dist`).

use crate::envelope::Envelope;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist/"]
#[allow_missing = true]
struct Assets;

/// Whether the embedded web app has been built (the run command builds it first).
pub fn is_built() -> bool {
    Assets::get("index.html").is_some()
}

fn file_response(path: &str, cache: &'static str) -> Option<Response> {
    let file = Assets::get(path)?;
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type = HeaderValue::from_str(mime.as_ref())
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    Some(
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, HeaderValue::from_static(cache)),
            ],
            file.data.into_owned(),
        )
            .into_response(),
    )
}

/// Serves a static file of the web app, or `index.html` for any other path so that the
/// client-side router can show the page (or its 404 page).
pub async fn serve(method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return crate::routes::api_not_found(method, uri).await;
    }
    if method != Method::GET && method != Method::HEAD {
        return crate::routes::method_not_allowed().await;
    }
    let relative = path.trim_start_matches('/');
    if !relative.is_empty() {
        // Vite puts content-hashed files under assets/: they never change, cache them for a year.
        let cache = if relative.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        if let Some(response) = file_response(relative, cache) {
            return response;
        }
        if relative.starts_with("assets/") {
            return (StatusCode::NOT_FOUND, "not found").into_response();
        }
    }
    match file_response("index.html", "no-cache") {
        Some(response) => response,
        None => Envelope {
            result: false,
            code: 404,
            msg: "网页应用尚未构建：请用 README 中的运行命令启动（它会先构建 web/）".to_owned(),
            data: serde_json::Value::Null,
        }
        .into_response(),
    }
}
