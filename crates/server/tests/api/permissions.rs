//! The permission each operation declares in the OpenAPI document is the permission it needs:
//! every operation is called as an administrator holding every permission but the declared one
//! (code 403 expected) and as one holding only the declared one (anything but 403 and 401);
//! capital-provider operations refuse an administrator's token (HTTP 401) and take a capital
//! user's. A service check of another permission than the declared one makes the second call
//! fail; a missing declaration makes the first pass where it should not. Ids in paths are ones
//! that do not exist, so no call changes anything that matters.

use serde_json::{Value, json};
use testkit::TestApp;

/// Operations anyone may call.
const PUBLIC: &[&str] = &[
    "branding",
    "brandingLogo",
    "health",
    "adminLoginUid",
    "adminLogin",
    "adminRefresh",
    "adminSmsLogin",
    "adminSendCode",
    "capitalLoginUid",
    "capitalLogin",
    "capitalRefresh",
    // The local signing page: the link's token is the credential.
    "signingView",
    "signingFile",
    "signingSign",
    // The e-signature provider's notices: the contract's secret in the address, or its signature.
    "bestsignNotice",
];

struct Operation {
    id: String,
    method: String,
    path: String,
    /// `None`: any signed-in user; `Some(p)`: the declared permission.
    permission: Option<String>,
}

fn operations() -> anyhow::Result<Vec<Operation>> {
    let doc: Value = serde_json::from_str(&server::routes::openapi().to_json()?)?;
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().cloned().unwrap_or_default() {
        for (method, op) in item.as_object().cloned().unwrap_or_default() {
            let id = op["operationId"].as_str().unwrap_or_default().to_owned();
            if PUBLIC.contains(&id.as_str()) {
                continue;
            }
            let scopes = op["security"]
                .as_array()
                .and_then(|s| s.iter().find_map(|r| r.get("token")))
                .and_then(Value::as_array)
                .cloned();
            let Some(scopes) = scopes else {
                anyhow::bail!("{method} {path} ({id}) declares no permission");
            };
            anyhow::ensure!(scopes.len() <= 1, "{id} declares several permissions");
            out.push(Operation {
                id,
                method,
                path: path.clone(),
                permission: scopes.first().and_then(Value::as_str).map(str::to_owned),
            });
        }
    }
    Ok(out)
}

async fn call(app: &TestApp, op: &Operation, token: &str) -> anyhow::Result<testkit::Reply> {
    let url: String = op
        .path
        .split('/')
        .map(|part| {
            if part.starts_with('{') {
                "987654"
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join("/");
    let request = match op.method.as_str() {
        "get" => app.client.get(app.url(&url)),
        _ => app.client.post(app.url(&url)).json(&json!({})),
    };
    testkit::Reply::read(request.header("authorization-token", token).send().await?).await
}

async fn set_role(
    app: &TestApp,
    root: &str,
    role: i64,
    permissions: &[&str],
) -> anyhow::Result<()> {
    let reply = app
        .post_as(
            &format!("/api/admin/role/update/{role}"),
            root,
            &json!({ "name": format!("walk {role}"), "enabled": true, "permissions": permissions }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "role update: {}", reply.text);
    Ok(())
}

#[tokio::test]
async fn every_operation_needs_exactly_its_declared_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let all: Vec<&str> = domain::permission::admin_codes().collect();
    let without = app.limited_admin(&root, "walk_without", &all).await?;
    // A role grants at least one permission; each declared operation's turn below sets exactly
    // its own, so this first one only stands in until then.
    let only = app
        .limited_admin(&root, "walk_only", &["admin:logs:table"])
        .await?;
    app.capital_user("遍历资金方", "walk_capital", "Walk-Pass-1")
        .await?;
    let capital = app
        .session("capital", "walk_capital", "Walk-Pass-1")
        .await?
        .token;

    let mut operations = operations()?;
    // Signing out ends the session the walk uses: those go last.
    operations.sort_by_key(|op| op.id.to_ascii_lowercase().contains("logout"));
    let mut checked = 0;
    for op in &operations {
        match op.permission.as_deref() {
            None => {
                let token = if op.path.starts_with("/api/capital/") {
                    &capital
                } else {
                    &only.token
                };
                let reply = call(&app, op, token).await?;
                assert_ne!(
                    reply.status, 401,
                    "{} refuses a signed-in user: {}",
                    op.id, reply.text
                );
            }
            Some(p) if p.starts_with("capital:") => {
                let reply = call(&app, op, &root).await?;
                assert_eq!(
                    reply.status, 401,
                    "{} takes an admin token: {}",
                    op.id, reply.text
                );
                let reply = call(&app, op, &capital).await?;
                assert!(
                    reply.status != 401 && reply.code() != 403,
                    "{} refuses a capital user: {}",
                    op.id,
                    reply.text
                );
            }
            Some(p) => {
                assert!(
                    domain::permission::find(p).is_some(),
                    "{} declares {p}, which is not in the catalogue",
                    op.id
                );
                let others: Vec<&str> = all.iter().copied().filter(|c| *c != p).collect();
                set_role(&app, &root, without.role_id, &others).await?;
                set_role(&app, &root, only.role_id, &[p]).await?;
                let refused = call(&app, op, &without.token).await?;
                assert_eq!(
                    refused.code(),
                    403,
                    "{} {} answered without {p}: {}",
                    op.method,
                    op.path,
                    refused.text
                );
                let allowed = call(&app, op, &only.token).await?;
                assert!(
                    allowed.status != 401 && allowed.code() != 403,
                    "{} {} ({}) needs more than its declared {p}: {}",
                    op.method,
                    op.path,
                    op.id,
                    allowed.text
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, operations.len());
    assert!(checked > 150, "only {checked} operations found");
    app.stop().await
}
