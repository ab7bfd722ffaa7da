//! `GET /api/health`: is the server up and its database reachable?

use crate::AppState;
use crate::envelope::{Envelope, ok};
use crate::error::ApiError;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HealthData {
    /// Always `ok` in a successful answer.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    /// The applied schema migrations, oldest first.
    pub migrations: Vec<String>,
    /// The server's version.
    pub version: &'static str,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

/// Health check: answers the envelope with the database reachable, or code 500 with
/// '数据库不可用，请稍后重试' when it is not.
#[utoipa::path(
    get,
    path = "/api/health",
    tag = "common",
    operation_id = "health",
    responses((status = 200, description = "The envelope", body = Envelope<HealthData>))
)]
async fn health(State(state): State<AppState>) -> Result<Envelope<HealthData>, ApiError> {
    let health = state.app.health().await?;
    Ok(ok(HealthData {
        status: "ok",
        database: health.database,
        migrations: health.migrations,
        version: env!("CARGO_PKG_VERSION"),
    }))
}
