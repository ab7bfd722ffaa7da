//! The local signing page's calls (`/sign/<token>`): no sign-in, the link's token is the
//! credential (256 random bits, stored hashed). A signer reads the document and signs by typing
//! their full name (docs/orders.md "Local signing").

use super::business::{Answer, ms};
use crate::AppState;
use crate::auth::Client;
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use crate::extract::{Json, Path};
use crate::upload::file_response;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::response::Response;
use serde::{Deserialize, Serialize};
use service::order::contracts::SigningView;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signing_view, signing_sign))
        .routes(routes!(signing_file))
        .routes(routes!(bestsign_notice))
}

/// What the signing page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SigningData {
    pub contract_no: String,
    pub title: String,
    pub doc_kind_name: String,
    pub order_no: String,
    /// CUSTOMER, PLATFORM or CAPITAL.
    pub signer_role: String,
    /// Masked for a person.
    pub signer_name: String,
    /// PENDING, SIGNED or CLOSED (no longer out for signing).
    pub status: String,
    /// SHA-256 of the document being signed.
    pub document_sha256: String,
    #[schema(required = true)]
    pub signed_at: Option<i64>,
}

impl From<SigningView> for SigningData {
    fn from(v: SigningView) -> Self {
        SigningData {
            contract_no: v.contract_no,
            title: v.title,
            doc_kind_name: v.doc_kind_name,
            order_no: v.order_no,
            signer_role: v.signer_role,
            signer_name: v.signer_name,
            status: v.status,
            document_sha256: v.document_sha256,
            signed_at: v.signed_at.map(ms),
        }
    }
}

/// A signing link; public (the token is the credential).
#[utoipa::path(get, path = "/api/sign/{token}", tag = "common", operation_id = "signingView",
    params(("token" = String, Path)), responses((status = 200, body = Envelope<SigningData>)))]
async fn signing_view(State(s): State<AppState>, Path(token): Path<String>) -> Answer<SigningData> {
    Ok(ok(s.app.signing_view(&token).await?.into()))
}

/// The document a link signs (PDF, inline); public.
#[utoipa::path(get, path = "/api/sign/{token}/file", tag = "common", operation_id = "signingFile",
    params(("token" = String, Path)),
    responses((status = 200, description = "The PDF", content_type = "application/pdf")))]
async fn signing_file(
    State(s): State<AppState>,
    Path(token): Path<String>,
) -> Result<Response, ApiError> {
    Ok(file_response(s.app.signing_file(&token).await?, true))
}

/// A signature.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[serde(rename_all = "camelCase")]
pub struct SignBody {
    /// The signer's full name (as on their ID or business licence).
    pub name: String,
    /// I have read the document and agree.
    pub agree: bool,
}

/// 确认签署; public. Signing again answers the signature already given.
#[utoipa::path(post, path = "/api/sign/{token}", tag = "common", operation_id = "signingSign",
    params(("token" = String, Path)), request_body = SignBody,
    responses((status = 200, body = Envelope<SigningData>)))]
async fn signing_sign(
    State(s): State<AppState>,
    Client(c): Client,
    Path(token): Path<String>,
    Json(body): Json<SignBody>,
) -> Answer<SigningData> {
    Ok(ok(s
        .app
        .sign_contract(&token, &body.name, body.agree, &c)
        .await?
        .into()))
}

/// BestSign's notices about a contract (a signer signed or refused, the flow completed). The
/// address carries the contract's secret, handed to BestSign with the flow; a notice without it
/// must carry the provider's signature. Answers 200 for a notice already applied.
#[utoipa::path(post, path = "/api/esign/notice/bestsign/{contractNo}/{secret}", tag = "common",
    operation_id = "bestsignNotice",
    params(("contractNo" = String, Path), ("secret" = String, Path)),
    request_body(content = String, content_type = "application/json"),
    responses((status = 200, body = Envelope<Option<String>>),
        (status = 403, description = "Not authentic"), (status = 404, description = "Unknown contract"),
        (status = 409, description = "Not taken; send again later"), (status = 500, description = "Not taken; send again later")))]
async fn bestsign_notice(
    State(s): State<AppState>,
    Path((contract_no, secret)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let headers: Vec<(String, String)> = headers
        .iter()
        .filter_map(|(k, v)| {
            v.to_str()
                .ok()
                .map(|v| (k.as_str().to_owned(), v.to_owned()))
        })
        .collect();
    match s
        .app
        .esign_notice(&contract_no, &secret, &headers, &body)
        .await
    {
        Ok(()) => ok(None::<String>).into_response(),
        // Unlike the screens' calls, a refused notice answers with its HTTP status too: the
        // provider retries a notice that was not taken (a failed download, a busy database).
        Err(err) => {
            let status =
                StatusCode::from_u16(err.code()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            let mut response = ApiError(err).into_response();
            *response.status_mut() = status;
            response
        }
    }
}
