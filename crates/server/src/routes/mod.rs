//! The `/api` routers, one module per menu section, and the OpenAPI document built from them.

mod answers;
mod auth;
#[macro_use]
mod business;
mod advance;
mod capital;
mod common;
mod config;
mod content;
mod customer;
mod health;
mod interface;
mod operate;
mod order_flow;
mod order_rules;
mod overdue;
mod partners;
mod premium;
mod recovery;
mod repayment;
mod signing;
mod surrender;
mod system;
mod waiver;
mod write_off;

use crate::AppState;
use crate::envelope::Envelope;
use axum::Router;
use axum::http::{Method, Uri};
use axum::response::{IntoResponse, Response};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Beehive API",
        description = "小蜜蜂任务共享系统的接口。每个应答都是信封 { result, code, msg, data }；\
                       金额单位为分（整数），时间为 epoch 毫秒。"
    ),
    tags(
        (name = "common", description = "公共接口"),
        (name = "auth", description = "登录、会话与密码"),
        (name = "customer", description = "客户管理：客户、车辆、客户资料"),
        (name = "system", description = "系统管理：组织架构、角色、用户、日志、安全设置、系统设置、订单规则与产品"),
        (name = "content", description = "内容管理：广告、文章、数据字典"),
        (name = "partner", description = "合作方管理：保险公司、资金方（银行账户、用户、电子签章账户）"),
        (name = "capital", description = "资金方工作台：账户信息、电子签章账户、合同模板"),
        (name = "operate", description = "运营管理：合同模板、通知模板、通知发送")
    ),
    modifiers(&TokenScheme)
)]
struct ApiDoc;

/// The `token` security scheme: the `authorization-token` header (the product specification). An operation's
/// scopes list the permission it needs; an empty list means any signed-in user.
struct TokenScheme;

impl utoipa::Modify for TokenScheme {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "token",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::new(crate::auth::TOKEN_HEADER))),
        );
    }
}

/// Every API route with its OpenAPI description.
pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(health::router())
        .merge(auth::router())
        .merge(common::router())
        .merge(system::router())
        .merge(config::router())
        .merge(order_rules::router())
        .merge(business::router())
        .merge(order_flow::router())
        .merge(repayment::router())
        .merge(waiver::router())
        .merge(recovery::router())
        .merge(surrender::router())
        .merge(write_off::router())
        .merge(overdue::router())
        .merge(advance::router())
        .merge(premium::router())
        .merge(signing::router())
        .merge(interface::router())
        .merge(content::router())
        .merge(partners::router())
        .merge(capital::router())
        .merge(customer::router())
        .merge(operate::router())
}

/// The API router (paths include `/api`).
pub fn router() -> Router<AppState> {
    let (router, _) = api().split_for_parts();
    router
}

/// The OpenAPI document of the API, with what every operation answers besides its success
/// body (the error envelope on HTTP 200, HTTP 401; see `answers.rs`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = api().split_for_parts();
    answers::complete(&mut doc);
    doc
}

/// An `/api` path that does not exist.
pub async fn api_not_found(method: Method, uri: Uri) -> Response {
    Envelope {
        result: false,
        code: 404,
        msg: format!(
            "接口不存在：{method} {}",
            crate::middleware::loggable_path(uri.path())
        ),
        data: serde_json::Value::Null,
    }
    .into_response()
}

/// A path that exists, called with a method it does not take.
pub async fn method_not_allowed() -> Response {
    Envelope {
        result: false,
        code: 400,
        msg: "请求方法不被该接口支持".to_owned(),
        data: serde_json::Value::Null,
    }
    .into_response()
}
