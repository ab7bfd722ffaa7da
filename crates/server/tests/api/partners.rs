//! Partner management and the capital provider's workspace as a client sees it: insurers,
//! capital providers with bank accounts and users, the e-signature account, and the scoping of
//! every capital call to the signed-in user's provider. Runs on the database `BEEHIVE_TEST_DB`
//! names.

use crate::support::png;
use anyhow::Context;
use serde_json::{Value, json};
use testkit::{Reply, TestApp, md5};

const SEAL: &str = "/api/capital/signature/seal";

async fn actions(app: &TestApp, target_type: &str) -> anyhow::Result<Vec<String>> {
    app.column_texts(&format!(
        "SELECT action FROM operation_log WHERE target_type = '{target_type}' ORDER BY id"
    ))
    .await
}

fn insurer_body(code: &str) -> Value {
    json!({
        "name": "中国人民财产保险股份有限公司北京分公司", "code": code,
        "contactName": "王经理", "contactPhone": "010-88886666",
        "preStartFeeBp": 300, "dayBasis": 365,
        "compulsoryReasons": ["VEHICLE_SCRAPPED", "DUPLICATE_INSURANCE"], "enabled": true,
        "accounts": [{ "bankName": "中国工商银行", "branchName": "北京西单支行",
                       "accountName": "人保财险北京分公司", "accountNo": "6222 0212 3456 7890" }],
    })
}

fn provider_body(name: &str) -> Value {
    json!({
        "name": name, "kind": "BANK", "creditLimitFen": 50_000_000_000_i64,
        "costRateBp": 650, "penaltyShareBp": 5000,
        "guaranteeMode": "PLATFORM_ADVANCE_AFTER_N_DAYS", "advanceAfterDays": 30,
        "settlementCycle": "T+1", "acceptMode": "MANUAL",
        "contactName": "李娜", "contactPhone": "021-66668888", "notifyMobile": "13812345678",
    })
}

async fn provider(app: &TestApp, root: &str, name: &str) -> anyhow::Result<i64> {
    let reply = app
        .post_as("/api/admin/capital/create", root, &provider_body(name))
        .await?;
    anyhow::ensure!(reply.code() == 200, "provider: {}", reply.text);
    reply.created_id()
}

async fn bank_account(
    app: &TestApp,
    root: &str,
    provider_id: i64,
    purpose: &str,
    number: &str,
    default: bool,
) -> anyhow::Result<i64> {
    let reply = app
        .post_as(
            &format!("/api/admin/capital/account/create/{provider_id}"),
            root,
            &json!({ "purpose": purpose, "bankName": "招商银行", "branchName": "上海分行营业部",
                     "accountName": "示例银行股份有限公司", "accountNo": number, "isDefault": default }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "account: {}", reply.text);
    reply.created_id()
}

/// A user of the provider with a chosen password, signed in; answers (user id, token).
async fn capital_session(
    app: &TestApp,
    root: &str,
    provider_id: i64,
    account: &str,
) -> anyhow::Result<(i64, String)> {
    let password = format!("{account}-Pass-1");
    let reply = app
        .post_as(
            &format!("/api/admin/capital/user/create/{provider_id}"),
            root,
            &json!({ "account": account, "name": "资金方操作员", "mobile": "13900001111", "password": md5(&password) }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "capital user: {}", reply.text);
    let token = app.session("capital", account, &password).await?.token;
    Ok((reply.created_id()?, token))
}

#[tokio::test]
async fn insurers_are_listed_masked_validated_edited_and_exported() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let created = app
        .post_as("/api/admin/insurer/create", &root, &insurer_body("picc-bj"))
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let insurer = created.created_id()?;

    let page = app
        .post_as("/api/admin/insurer/page", &root, &json!({ "name": "人民" }))
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    let row = &page.body["data"]["records"][0];
    assert_eq!(row["code"], "PICC-BJ", "codes are upper-case");
    assert_eq!(row["accounts"][0]["accountNoMask"], "6222********7890");
    assert!(
        !page.text.contains("6222021234567890"),
        "the full number never leaves"
    );
    assert_eq!(
        row["compulsoryReasons"],
        json!(["VEHICLE_SCRAPPED", "DUPLICATE_INSURANCE"])
    );
    let stored = app
        .column_texts("SELECT account_no_enc FROM insurer_account")
        .await?;
    assert!(
        stored[0].starts_with("v1:") && !stored[0].contains("6222"),
        "{stored:?}"
    );

    // Validation names the field and changes nothing.
    for (patch, name) in [
        (json!({ "code": "x" }), "code"),
        (json!({ "name": " " }), "name"),
        (json!({ "dayBasis": 366 }), "dayBasis"),
        (json!({ "preStartFeeBp": 10_001 }), "preStartFeeBp"),
        (
            json!({ "compulsoryReasons": ["STOLEN"] }),
            "compulsoryReasons",
        ),
        (json!({ "contactPhone": "call me" }), "contactPhone"),
        (
            json!({ "accounts": [{ "bankName": "工行", "accountName": "x", "accountNo": "12ab" }] }),
            "accounts[0].accountNo",
        ),
        (
            json!({ "accounts": [{ "bankName": "工行", "accountName": "x" }] }),
            "accounts[0].accountNo",
        ),
        (json!({ "code": "PICC-BJ" }), "code"),
    ] {
        let mut body = insurer_body("OTHER1");
        for (k, v) in patch.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        let reply = app
            .post_as("/api/admin/insurer/create", &root, &body)
            .await?;
        assert_eq!(reply.code(), 400, "{patch}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{patch}: {}", reply.text);
    }
    let all = app
        .post_as("/api/admin/insurer/page", &root, &json!({}))
        .await?;
    assert_eq!(all.body["data"]["total"], 1, "refused creates left nothing");

    // Edit: keep the account (number unchanged), add one; then drop the first.
    let kept = row["accounts"][0]["id"]
        .as_i64()
        .with_context(|| format!("no account id in {row}"))?;
    let mut body = insurer_body("PICC-BJ");
    body["dayBasis"] = json!(360);
    body["accounts"] = json!([
        { "id": kept, "bankName": "中国工商银行", "branchName": "北京西单支行", "accountName": "人保财险北京分公司" },
        { "bankName": "中国建设银行", "accountName": "人保财险北京分公司", "accountNo": "4367421234561111" },
    ]);
    let updated = app
        .post_as(
            &format!("/api/admin/insurer/update/{insurer}"),
            &root,
            &body,
        )
        .await?;
    assert_eq!(updated.code(), 200, "{}", updated.text);
    let view = app
        .get_as(&format!("/api/admin/insurer/view/{insurer}"), &root)
        .await?;
    assert_eq!(view.body["data"]["dayBasis"], 360);
    assert_eq!(
        view.body["data"]["accounts"][0]["accountNoMask"],
        "6222********7890"
    );
    assert_eq!(
        view.body["data"]["accounts"][1]["accountNoMask"],
        "4367********1111"
    );
    // An account that is not the insurer's, after a new one: its own row is named.
    body["accounts"] = json!([
        { "bankName": "中国农业银行", "accountName": "人保财险北京分公司", "accountNo": "6228480012345678" },
        { "id": kept + 1000, "bankName": "x", "accountName": "y" },
    ]);
    let unknown = app
        .post_as(
            &format!("/api/admin/insurer/update/{insurer}"),
            &root,
            &body,
        )
        .await?;
    assert_eq!(unknown.code(), 400, "{}", unknown.text);
    assert_eq!(
        unknown.field("accounts[1].id"),
        Some("结算账户不存在"),
        "{}",
        unknown.text
    );
    let missing = app
        .post_as(
            "/api/admin/insurer/update/999999",
            &root,
            &insurer_body("ZZ"),
        )
        .await?;
    assert_eq!(missing.code(), 404);

    // Disable, filter by status.
    let off = app
        .post_as(
            &format!("/api/admin/insurer/status/{insurer}"),
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200, "{}", off.text);
    let disabled = app
        .post_as(
            "/api/admin/insurer/page",
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(disabled.body["data"]["total"], 1);
    let enabled = app
        .post_as(
            "/api/admin/insurer/page",
            &root,
            &json!({ "enabled": true }),
        )
        .await?;
    assert_eq!(enabled.body["data"]["total"], 0);

    // Export: masked, logged.
    let export = app
        .post_as("/api/admin/insurer/export", &root, &json!({}))
        .await?;
    assert_eq!(export.code(), 200, "{}", export.text);
    let sheet = app.exported_sheet(&root, &export).await?;
    assert!(
        sheet.contains("6222********7890") && sheet.contains("车辆报废"),
        "{sheet}"
    );
    assert!(!sheet.contains("6222021234567890"));
    assert_eq!(
        actions(&app, "insurer").await?,
        [
            "insurer.create",
            "insurer.update",
            "insurer.disable",
            "export"
        ]
    );
    app.stop().await
}

#[tokio::test]
async fn insurer_form_reports_every_field_and_account_row_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let insurer = app
        .post_as("/api/admin/insurer/create", &root, &insurer_body("picc-bj"))
        .await?
        .created_id()?;
    let mut bad = insurer_body("PICC-BJ");
    bad["name"] = json!(" ");
    bad["dayBasis"] = json!(366);
    bad["contactPhone"] = json!("call me");
    bad["accounts"] = json!([
        { "bankName": "", "accountName": "x", "accountNo": "6222021234567890" },
        { "bankName": "工行", "accountName": " ", "accountNo": "12ab" },
    ]);
    let reply = app
        .post_as("/api/admin/insurer/create", &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in [
        "name",
        "dayBasis",
        "contactPhone",
        "accounts[0].bankName",
        "accounts[1].accountNo",
        "accounts[1].accountName",
    ] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    // The duplicate code is named with the rest.
    assert_eq!(reply.field("code"), Some("保险公司编码已存在"));
    assert_eq!(reply.msg(), reply.field("name").unwrap_or_default());
    let all = app
        .post_as("/api/admin/insurer/page", &root, &json!({}))
        .await?;
    assert_eq!(all.body["data"]["total"], 1, "nothing was created");

    // On update too; the insurer keeps its name and its account.
    let mut bad = insurer_body("x");
    bad["preStartFeeBp"] = json!(10_001);
    bad["accounts"] = json!([{ "bankName": "工行", "accountName": "x" }]);
    let reply = app
        .post_as(&format!("/api/admin/insurer/update/{insurer}"), &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["code", "preStartFeeBp", "accounts[0].accountNo"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    let view = app
        .get_as(&format!("/api/admin/insurer/view/{insurer}"), &root)
        .await?;
    assert_eq!(view.body["data"]["code"], "PICC-BJ", "{}", view.text);
    assert_eq!(view.body["data"]["preStartFeeBp"], 300);
    assert_eq!(
        view.body["data"]["accounts"][0]["accountNoMask"],
        "6222********7890"
    );
    app.stop().await
}

#[tokio::test]
async fn provider_forms_report_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let p = provider(&app, &root, "全字段信托").await?;

    // The provider: its fields and the taken name in one answer, nothing created.
    let mut bad = provider_body("全字段信托");
    bad["kind"] = json!("PAWNSHOP");
    bad["costRateBp"] = json!(10_001);
    bad["advanceAfterDays"] = json!(0);
    bad["notifyMobile"] = json!("1380");
    let reply = app
        .post_as("/api/admin/capital/create", &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["kind", "costRateBp", "advanceAfterDays", "notifyMobile"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.field("name"), Some("资金方名称已存在"));
    let page = app
        .post_as("/api/admin/capital/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "nothing was created");

    // On update too; the provider keeps its terms.
    let mut bad = provider_body(" ");
    bad["creditLimitFen"] = json!(-1);
    bad["settlementCycle"] = json!("WEEKLY");
    let reply = app
        .post_as(&format!("/api/admin/capital/update/{p}"), &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["name", "creditLimitFen", "settlementCycle"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    let view = app
        .get_as(&format!("/api/admin/capital/view/{p}"), &root)
        .await?;
    assert_eq!(view.body["data"]["name"], "全字段信托", "{}", view.text);
    assert_eq!(view.body["data"]["settlementCycle"], "T+1");

    // A bank account: purpose, bank, holder and number at once.
    let reply = app
        .post_as(
            &format!("/api/admin/capital/account/create/{p}"),
            &root,
            &json!({ "purpose": "SPEND", "bankName": "", "accountName": " ",
                     "accountNo": "12ab", "isDefault": false }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["purpose", "bankName", "accountName", "accountNo"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    let accounts = app
        .get_as(&format!("/api/admin/capital/account/list/{p}"), &root)
        .await?;
    assert_eq!(accounts.body["data"], json!([]), "{}", accounts.text);

    // A user: account, name, mobile and password at once; a taken account with the rest.
    let bad = json!({ "account": "a", "name": "", "mobile": "1380", "password": "plain" });
    let reply = app
        .post_as(&format!("/api/admin/capital/user/create/{p}"), &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["account", "name", "mobile", "password"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    app.post_as(
        &format!("/api/admin/capital/user/create/{p}"),
        &root,
        &json!({ "account": "trust_ops", "name": "赵敏" }),
    )
    .await?
    .created_id()?;
    let reply = app
        .post_as(
            &format!("/api/admin/capital/user/create/{p}"),
            &root,
            &json!({ "account": "trust_ops", "name": " " }),
        )
        .await?;
    assert_eq!(reply.field("account"), Some("账号已存在"), "{}", reply.text);
    assert!(reply.field("name").is_some(), "{}", reply.text);
    let users = app
        .get_as(&format!("/api/admin/capital/user/list/{p}"), &root)
        .await?;
    assert_eq!(
        users.body["data"].as_array().map(Vec::len),
        Some(1),
        "{}",
        users.text
    );
    app.stop().await
}

#[tokio::test]
async fn partner_calls_refuse_without_their_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let provider_id = provider(&app, &root, "权限测试银行").await?;
    let reader = app
        .limited_admin(
            &root,
            "partner_reader",
            &[
                "admin:insurance_company:table",
                "admin:capital_company:table",
            ],
        )
        .await?
        .token;
    for path in ["/api/admin/insurer/page", "/api/admin/capital/page"] {
        let reply = app.post_as(path, &reader, &json!({})).await?;
        assert_eq!(reply.code(), 200, "{path}: {}", reply.text);
    }
    for (path, body) in [
        ("/api/admin/insurer/create".to_owned(), insurer_body("NOPE")),
        (
            "/api/admin/insurer/update/1".to_owned(),
            insurer_body("NOPE"),
        ),
        (
            "/api/admin/insurer/status/1".to_owned(),
            json!({ "enabled": false }),
        ),
        ("/api/admin/insurer/export".to_owned(), json!({})),
        (
            "/api/admin/capital/create".to_owned(),
            provider_body("不应创建"),
        ),
        (
            format!("/api/admin/capital/update/{provider_id}"),
            provider_body("不应修改"),
        ),
        (
            format!("/api/admin/capital/status/{provider_id}"),
            json!({ "status": "PAUSED" }),
        ),
        ("/api/admin/capital/export".to_owned(), json!({})),
        (
            format!("/api/admin/capital/account/create/{provider_id}"),
            json!({ "purpose": "DISBURSE", "bankName": "x", "accountName": "y", "accountNo": "6222021234567890" }),
        ),
        (
            "/api/admin/capital/account/update/1".to_owned(),
            json!({ "purpose": "DISBURSE", "bankName": "x", "accountName": "y" }),
        ),
        ("/api/admin/capital/account/default/1".to_owned(), json!({})),
        (
            "/api/admin/capital/account/status/1".to_owned(),
            json!({ "enabled": false }),
        ),
        (
            format!("/api/admin/capital/user/create/{provider_id}"),
            json!({ "account": "nobody", "name": "x" }),
        ),
        (
            "/api/admin/capital/user/status/1".to_owned(),
            json!({ "enabled": false }),
        ),
        (
            "/api/admin/capital/user/reset-password/1".to_owned(),
            json!({}),
        ),
        ("/api/admin/capital/user/sign-out/1".to_owned(), json!({})),
        (
            format!("/api/admin/capital/signature/review/{provider_id}"),
            json!({ "approved": true }),
        ),
    ] {
        let reply = app.post_as(&path, &reader, &body).await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
        assert!(
            reply.msg().starts_with("没有操作权限："),
            "{path}: {}",
            reply.msg()
        );
    }
    let nobody = app
        .limited_admin(&root, "nobody_here", &["admin:logs:table"])
        .await?
        .token;
    for path in [
        format!("/api/admin/capital/view/{provider_id}"),
        format!("/api/admin/capital/account/list/{provider_id}"),
        format!("/api/admin/capital/user/list/{provider_id}"),
        format!("/api/admin/capital/signature/{provider_id}"),
        "/api/admin/insurer/view/1".to_owned(),
    ] {
        let reply = app.get_as(&path, &nobody).await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
    }
    // An administrator is not a capital user and the other way round.
    let info = app.get_as("/api/capital/account/info", &root).await?;
    assert_eq!(info.code(), 401, "{}", info.text);
    let (_, capital) = capital_session(&app, &root, provider_id, "cap_perm").await?;
    let page = app
        .post_as("/api/admin/capital/page", &capital, &json!({}))
        .await?;
    assert_eq!(page.code(), 401, "{}", page.text);
    let after = app
        .get_as(&format!("/api/admin/capital/view/{provider_id}"), &root)
        .await?;
    assert_eq!(
        after.body["data"]["name"], "权限测试银行",
        "the refused update changed nothing"
    );
    assert_eq!(after.body["data"]["status"], "ACTIVE");
    app.stop().await
}

#[tokio::test]
async fn providers_keep_money_in_fen_and_check_their_terms() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let provider_id = provider(&app, &root, "星河消费金融股份有限公司").await?;
    let page = app
        .post_as("/api/admin/capital/page", &root, &json!({ "name": "星河" }))
        .await?;
    let row = &page.body["data"]["records"][0];
    assert_eq!(row["creditLimitFen"], 50_000_000_000_i64);
    assert_eq!(row["creditAvailableFen"], 50_000_000_000_i64);
    assert_eq!(row["creditReservedFen"], 0);
    assert_eq!(
        row["notifyMobile"], "138****5678",
        "mobiles masked in lists"
    );
    assert_eq!(row["status"], "ACTIVE");
    let view = app
        .get_as(&format!("/api/admin/capital/view/{provider_id}"), &root)
        .await?;
    assert_eq!(view.body["data"]["notifyMobile"], "13812345678");

    for (patch, name) in [
        (json!({ "kind": "PAWNSHOP" }), "kind"),
        (json!({ "creditLimitFen": -1 }), "creditLimitFen"),
        (
            json!({ "creditLimitFen": 10_000_000_000_001_i64 }),
            "creditLimitFen",
        ),
        (json!({ "costRateBp": 10_001 }), "costRateBp"),
        (json!({ "penaltyShareBp": -5 }), "penaltyShareBp"),
        (json!({ "guaranteeMode": "MAYBE" }), "guaranteeMode"),
        (json!({ "advanceAfterDays": 0 }), "advanceAfterDays"),
        (json!({ "settlementCycle": "T+7" }), "settlementCycle"),
        (json!({ "acceptMode": "SOMETIMES" }), "acceptMode"),
        (json!({ "notifyMobile": "12345" }), "notifyMobile"),
        (json!({ "name": "" }), "name"),
    ] {
        let mut body = provider_body("星河消费金融股份有限公司");
        for (k, v) in patch.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        let reply = app
            .post_as(
                &format!("/api/admin/capital/update/{provider_id}"),
                &root,
                &body,
            )
            .await?;
        assert_eq!(reply.code(), 400, "{patch}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{patch}: {}", reply.text);
    }
    // A fractional amount is not fen: refused before the service.
    let mut fractional = provider_body("小数额度");
    fractional["creditLimitFen"] = json!(100.5);
    let refused = app
        .post_as("/api/admin/capital/create", &root, &fractional)
        .await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);
    let dup = app
        .post_as(
            "/api/admin/capital/create",
            &root,
            &provider_body("星河消费金融股份有限公司"),
        )
        .await?;
    assert_eq!(dup.code(), 400, "{}", dup.text);
    assert!(dup.field("name").is_some());

    // The limit may not go below what is reserved and used.
    app.column_texts(&format!(
        "UPDATE capital_provider SET credit_reserved_fen = 100000, credit_used_fen = 20000 WHERE id = {provider_id}"
    ))
    .await?;
    let mut body = provider_body("星河消费金融股份有限公司");
    body["creditLimitFen"] = json!(119_999);
    let below = app
        .post_as(
            &format!("/api/admin/capital/update/{provider_id}"),
            &root,
            &body,
        )
        .await?;
    assert_eq!(below.code(), 400, "{}", below.text);
    assert!(
        below
            .field("creditLimitFen")
            .is_some_and(|m| m.contains("1200.00")),
        "{}",
        below.text
    );
    body["creditLimitFen"] = json!(120_000);
    body["acceptMode"] = json!("AUTO");
    let at = app
        .post_as(
            &format!("/api/admin/capital/update/{provider_id}"),
            &root,
            &body,
        )
        .await?;
    assert_eq!(at.code(), 200, "{}", at.text);
    let view = app
        .get_as(&format!("/api/admin/capital/view/{provider_id}"), &root)
        .await?;
    assert_eq!(view.body["data"]["creditAvailableFen"], 0);
    assert_eq!(view.body["data"]["acceptMode"], "AUTO");

    let export = app
        .post_as("/api/admin/capital/export", &root, &json!({}))
        .await?;
    assert_eq!(export.code(), 200, "{}", export.text);
    let sheet = app.exported_sheet(&root, &export).await?;
    assert!(
        sheet.contains("1200.00") && sheet.contains("138****5678"),
        "{sheet}"
    );
    assert!(!sheet.contains("13812345678"));
    let log = actions(&app, "capital_provider").await?;
    assert!(
        log.contains(&"capital_provider.create".to_owned()),
        "{log:?}"
    );
    assert!(
        log.contains(&"capital_provider.update".to_owned()),
        "{log:?}"
    );
    assert!(
        log.contains(&"capital_provider.view_personal".to_owned()),
        "{log:?}"
    );
    assert!(log.contains(&"export".to_owned()), "{log:?}");
    app.stop().await
}

/// Saves of one provider that race (two staff editing the credit limit at once, or an allocation
/// reserving credit meanwhile) never overwrite each other unseen: each save lands whole with its
/// own version and audit entry, or answers 409 and writes nothing (docs/business.md).
#[tokio::test]
async fn concurrent_provider_saves_never_lose_one() -> anyhow::Result<()> {
    let app = std::sync::Arc::new(TestApp::spawn().await?);
    let root = app.admin_token().await?;
    let provider_id = provider(&app, &root, "并发测试资金方").await?;
    let version_sql =
        format!("SELECT CAST(version AS TEXT) FROM capital_provider WHERE id = {provider_id}");
    let before: i64 = app
        .column_texts(&version_sql)
        .await?
        .first()
        .map_or(Ok(-1), |v| v.parse())?;
    let mut saves = tokio::task::JoinSet::new();
    for n in 1..=12_i64 {
        let (app, root) = (app.clone(), root.clone());
        saves.spawn(async move {
            let mut body = provider_body("并发测试资金方");
            body["creditLimitFen"] = json!(n * 100_000_000);
            let path = format!("/api/admin/capital/update/{provider_id}");
            app.post_as(&path, &root, &body).await.map(|r| (n, r))
        });
    }
    let mut landed = Vec::new();
    while let Some(done) = saves.join_next().await {
        let (n, reply) = done??;
        match reply.code() {
            200 => landed.push(n * 100_000_000),
            409 => assert_eq!(reply.msg(), "该记录已被他人修改，请刷新后重试"),
            other => anyhow::bail!("save {n} answered {other}: {}", reply.text),
        }
    }
    assert!(!landed.is_empty(), "at least one save lands");
    assert_eq!(
        app.column_texts(&version_sql).await?,
        vec![(before + i64::try_from(landed.len())?).to_string()],
        "one version step per save that landed ({landed:?})"
    );
    let audited = actions(&app, "capital_provider").await?;
    assert_eq!(
        audited
            .iter()
            .filter(|a| *a == "capital_provider.update")
            .count(),
        landed.len(),
        "one audit entry per save that landed"
    );
    let view = app
        .get_as(&format!("/api/admin/capital/view/{provider_id}"), &root)
        .await?;
    let limit = view.body["data"]["creditLimitFen"]
        .as_i64()
        .unwrap_or_default();
    assert!(
        landed.contains(&limit),
        "the limit is one that was saved: {limit}"
    );
    Ok(())
}

#[tokio::test]
async fn bank_accounts_have_one_default_per_purpose() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let p = provider(&app, &root, "默认账户测试银行").await?;
    let first = bank_account(&app, &root, p, "DISBURSE", "6214830000001111", false).await?;
    let second = bank_account(&app, &root, p, "DISBURSE", "6214830000002222", true).await?;
    let collect = bank_account(&app, &root, p, "COLLECT", "6214830000003333", false).await?;
    let path = format!("/api/admin/capital/account/list/{p}");
    let defaults = |reply: &Reply| -> Vec<(i64, bool)> {
        reply.body["data"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|a| {
                (
                    a["id"].as_i64().unwrap_or_default(),
                    a["isDefault"].as_bool().unwrap_or_default(),
                )
            })
            .collect()
    };
    let now = app.get_as(&path, &root).await?;
    assert!(!now.text.contains("6214830000001111"), "numbers masked");
    assert!(now.text.contains("6214********1111"));
    let mut got = defaults(&now);
    got.sort_unstable();
    assert_eq!(
        got,
        [(first, false), (second, true), (collect, true)],
        "the new default took over; the first COLLECT account became default"
    );

    let made = app
        .post_as(
            &format!("/api/admin/capital/account/default/{first}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(made.code(), 200, "{}", made.text);
    let mut got = defaults(&app.get_as(&path, &root).await?);
    got.sort_unstable();
    assert_eq!(got, [(first, true), (second, false), (collect, true)]);

    // Disabling the default leaves the purpose without one; a disabled account cannot be default.
    let off = app
        .post_as(
            &format!("/api/admin/capital/account/status/{first}"),
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200, "{}", off.text);
    let refused = app
        .post_as(
            &format!("/api/admin/capital/account/default/{first}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    let mut got = defaults(&app.get_as(&path, &root).await?);
    got.sort_unstable();
    assert_eq!(got, [(first, false), (second, false), (collect, true)]);

    // Edit keeps the number unless a new one is given; validation names the field.
    let edit = app
        .post_as(
            &format!("/api/admin/capital/account/update/{second}"),
            &root,
            &json!({ "purpose": "DISBURSE", "bankName": "招商银行", "accountName": "新户名", "isDefault": true }),
        )
        .await?;
    assert_eq!(edit.code(), 200, "{}", edit.text);
    for (body, name) in [
        (
            json!({ "purpose": "PAYROLL", "bankName": "x", "accountName": "y", "accountNo": "6214830000009999" }),
            "purpose",
        ),
        (
            json!({ "purpose": "DISBURSE", "bankName": "", "accountName": "y", "accountNo": "6214830000009999" }),
            "bankName",
        ),
        (
            json!({ "purpose": "DISBURSE", "bankName": "x", "accountName": "y", "accountNo": "62148" }),
            "accountNo",
        ),
        (
            json!({ "purpose": "DISBURSE", "bankName": "x", "accountName": "y" }),
            "accountNo",
        ),
    ] {
        let reply = app
            .post_as(
                &format!("/api/admin/capital/account/create/{p}"),
                &root,
                &body,
            )
            .await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{body}: {}", reply.text);
    }
    let after = app.get_as(&path, &root).await?;
    assert_eq!(
        after.body["data"].as_array().map(Vec::len),
        Some(3),
        "refused creates left nothing"
    );
    let mut got = defaults(&after);
    got.sort_unstable();
    assert_eq!(got, [(first, false), (second, true), (collect, true)]);
    assert!(after.text.contains("新户名") && after.text.contains("6214********2222"));
    let stored = app
        .column_texts("SELECT account_no_enc FROM capital_provider_account")
        .await?;
    assert!(
        stored
            .iter()
            .all(|s| s.starts_with("v1:") && !s.contains("6214")),
        "{stored:?}"
    );
    let missing = app.post_as(&format!("/api/admin/capital/account/create/{}", p + 999), &root,
        &json!({ "purpose": "DISBURSE", "bankName": "x", "accountName": "y", "accountNo": "6214830000009999" })).await?;
    assert_eq!(missing.code(), 404);
    let log = actions(&app, "capital_provider_account").await?;
    assert!(
        log.contains(&"capital_provider_account.set_default".to_owned()),
        "{log:?}"
    );
    assert!(
        log.contains(&"capital_provider_account.disable".to_owned()),
        "{log:?}"
    );
    app.stop().await
}

#[tokio::test]
async fn provider_users_sign_in_only_while_enabled_and_their_provider_is_active()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let p = provider(&app, &root, "用户测试信托").await?;

    // Generated password, shown once, works.
    let created = app
        .post_as(
            &format!("/api/admin/capital/user/create/{p}"),
            &root,
            &json!({ "account": "trust_ops", "name": "赵敏", "mobile": "13700001234" }),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let user = created.created_id()?;
    let generated = created.body["data"]["password"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(generated.len() >= 6, "{}", created.text);
    let token = app.session("capital", "trust_ops", &generated).await?.token;
    let list = app
        .get_as(&format!("/api/admin/capital/user/list/{p}"), &root)
        .await?;
    assert_eq!(
        list.body["data"][0]["mobile"], "137****1234",
        "{}",
        list.text
    );
    for (body, name) in [
        (json!({ "account": "trust_ops", "name": "重复" }), "account"),
        (json!({ "account": "a", "name": "x" }), "account"),
        (json!({ "account": "trust_two", "name": "" }), "name"),
        (
            json!({ "account": "trust_two", "name": "x", "mobile": "1380" }),
            "mobile",
        ),
        (
            json!({ "account": "trust_two", "name": "x", "password": "plain" }),
            "password",
        ),
    ] {
        let reply = app
            .post_as(&format!("/api/admin/capital/user/create/{p}"), &root, &body)
            .await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{body}: {}", reply.text);
    }

    // Force sign-out ends the session.
    let out = app
        .post_as(
            &format!("/api/admin/capital/user/sign-out/{user}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(out.code(), 200, "{}", out.text);
    assert_eq!(
        app.get_as("/api/capital/account/info", &token)
            .await?
            .code(),
        401
    );

    // Reset to a chosen password: the old one stops working.
    let reset = app
        .post_as(
            &format!("/api/admin/capital/user/reset-password/{user}"),
            &root,
            &json!({ "password": md5("New-Pass-9") }),
        )
        .await?;
    assert_eq!(reset.code(), 200, "{}", reset.text);
    assert!(reset.body["data"]["password"].is_null());
    assert_eq!(
        app.login("capital", "trust_ops", &generated).await?.code(),
        400
    );
    let token = app
        .session("capital", "trust_ops", "New-Pass-9")
        .await?
        .token;

    // Disabling ends the session and refuses sign-in; enabling lets it back.
    let off = app
        .post_as(
            &format!("/api/admin/capital/user/status/{user}"),
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200, "{}", off.text);
    assert_eq!(
        app.get_as("/api/capital/account/info", &token)
            .await?
            .code(),
        401
    );
    let refused = app.login("capital", "trust_ops", "New-Pass-9").await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);
    app.post_as(
        &format!("/api/admin/capital/user/status/{user}"),
        &root,
        &json!({ "enabled": true }),
    )
    .await?;
    let token = app
        .session("capital", "trust_ops", "New-Pass-9")
        .await?
        .token;

    // Pausing the provider ends its users' sessions and refuses their sign-in.
    let bad = app
        .post_as(
            &format!("/api/admin/capital/status/{p}"),
            &root,
            &json!({ "status": "SLEEPING" }),
        )
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.field("status").is_some());
    let paused = app
        .post_as(
            &format!("/api/admin/capital/status/{p}"),
            &root,
            &json!({ "status": "PAUSED" }),
        )
        .await?;
    assert_eq!(paused.code(), 200, "{}", paused.text);
    assert_eq!(
        app.get_as("/api/capital/account/info", &token)
            .await?
            .code(),
        401
    );
    let refused = app.login("capital", "trust_ops", "New-Pass-9").await?;
    assert_eq!(refused.code(), 400, "{}", refused.text);
    assert!(refused.msg().contains("暂停或终止"), "{}", refused.msg());
    app.post_as(
        &format!("/api/admin/capital/status/{p}"),
        &root,
        &json!({ "status": "ACTIVE" }),
    )
    .await?;
    app.session("capital", "trust_ops", "New-Pass-9").await?;
    let ended = app
        .post_as(
            &format!("/api/admin/capital/status/{p}"),
            &root,
            &json!({ "status": "TERMINATED" }),
        )
        .await?;
    assert_eq!(ended.code(), 200);
    assert_eq!(
        app.login("capital", "trust_ops", "New-Pass-9")
            .await?
            .code(),
        400
    );
    let back = app
        .post_as(
            &format!("/api/admin/capital/status/{p}"),
            &root,
            &json!({ "status": "ACTIVE" }),
        )
        .await?;
    assert_eq!(
        back.code(),
        409,
        "a terminated provider stays terminated: {}",
        back.text
    );
    let missing = app
        .post_as(
            "/api/admin/capital/user/status/999999",
            &root,
            &json!({ "enabled": true }),
        )
        .await?;
    assert_eq!(missing.code(), 404);

    let log = actions(&app, "capital_user").await?;
    for action in [
        "capital_user.create",
        "capital_user.sign_out",
        "capital_user.reset_password",
        "capital_user.disable",
        "capital_user.enable",
    ] {
        assert!(log.contains(&action.to_owned()), "{action}: {log:?}");
    }
    app.stop().await
}

#[tokio::test]
async fn the_capital_workspace_sees_only_its_own_provider() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let a = provider(&app, &root, "甲银行").await?;
    let b = provider(&app, &root, "乙保理").await?;
    let a_account = bank_account(&app, &root, a, "SETTLEMENT", "6222600000001234", true).await?;
    let b_account = bank_account(&app, &root, b, "SETTLEMENT", "6222600000009999", true).await?;
    let (_, a_token) = capital_session(&app, &root, a, "jia_ops").await?;
    let (_, b_token) = capital_session(&app, &root, b, "yi_ops").await?;

    // accountInfo: its own profile and accounts, masked.
    let info = app.get_as("/api/capital/account/info", &a_token).await?;
    assert_eq!(info.code(), 200, "{}", info.text);
    assert_eq!(info.body["data"]["provider"]["name"], "甲银行");
    assert_eq!(
        info.body["data"]["provider"]["creditLimitFen"],
        50_000_000_000_i64
    );
    assert_eq!(
        info.body["data"]["accounts"].as_array().map(Vec::len),
        Some(1)
    );
    assert_eq!(
        info.body["data"]["accounts"][0]["accountNoMask"],
        "6222********1234"
    );
    assert!(!info.text.contains("乙保理") && !info.text.contains("9999"));

    // One bank account: its own answers, another provider's is 404.
    let own = app
        .get_as(&format!("/api/capital/account/bank/{a_account}"), &a_token)
        .await?;
    assert_eq!(own.code(), 200, "{}", own.text);
    let other = app
        .get_as(&format!("/api/capital/account/bank/{b_account}"), &a_token)
        .await?;
    assert_eq!(other.code(), 404, "{}", other.text);

    // Contact edit: own provider only, whatever the body names; validated; audited.
    let bad = app
        .post_as(
            "/api/capital/account/contact",
            &a_token,
            &json!({ "contactName": "x", "notifyMobile": "999" }),
        )
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.field("notifyMobile").is_some());
    let saved = app
        .post_as(
            "/api/capital/account/contact",
            &a_token,
            &json!({ "capitalProviderId": b, "id": b, "contactName": "周杰", "contactPhone": "0571-86001234", "notifyMobile": "13600002222" }),
        )
        .await?;
    // Another provider's id in the body is not even read: an unknown field is refused.
    assert_eq!(saved.code(), 400, "{}", saved.text);
    assert!(saved.field("capitalProviderId").is_some(), "{}", saved.text);
    let saved = app
        .post_as(
            "/api/capital/account/contact",
            &a_token,
            &json!({ "contactName": "周杰", "contactPhone": "0571-86001234", "notifyMobile": "13600002222" }),
        )
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    let a_view = app
        .get_as(&format!("/api/admin/capital/view/{a}"), &root)
        .await?;
    assert_eq!(a_view.body["data"]["contactName"], "周杰");
    assert_eq!(a_view.body["data"]["notifyMobile"], "13600002222");
    let b_view = app
        .get_as(&format!("/api/admin/capital/view/{b}"), &root)
        .await?;
    assert_eq!(
        b_view.body["data"]["contactName"], "李娜",
        "the other provider is untouched"
    );
    let log = app
        .column_texts(
            "SELECT actor_kind FROM operation_log WHERE action = 'capital_provider.update_contact'",
        )
        .await?;
    assert_eq!(log, ["capital"]);

    // signatureInfo: fields checked (credit code check digit), seal upload, preview, submit.
    let empty = app.get_as("/api/capital/signature", &a_token).await?;
    assert_eq!(
        empty.body["data"]["status"], "UNSUBMITTED",
        "{}",
        empty.text
    );
    let early = app
        .post_as("/api/capital/signature/submit", &a_token, &json!({}))
        .await?;
    assert_eq!(early.code(), 400, "{}", early.text);
    let esign = json!({ "orgName": "甲银行股份有限公司", "creditCode": "91350100M000100Y43", "legalRepresentative": "陈明", "contactMobile": "13500003333" });
    for (patch, name) in [
        (json!({ "creditCode": "91350100M000100Y44" }), "creditCode"),
        (json!({ "creditCode": "123" }), "creditCode"),
        (json!({ "orgName": "" }), "orgName"),
        (json!({ "legalRepresentative": " " }), "legalRepresentative"),
        (json!({ "contactMobile": "" }), "contactMobile"),
    ] {
        let mut body = esign.clone();
        for (k, v) in patch.as_object().into_iter().flatten() {
            body[k] = v.clone();
        }
        let reply = app
            .post_as("/api/capital/signature/save", &a_token, &body)
            .await?;
        assert_eq!(reply.code(), 400, "{patch}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{patch}: {}", reply.text);
    }
    let saved = app
        .post_as("/api/capital/signature/save", &a_token, &esign)
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    let no_seal = app
        .post_as("/api/capital/signature/submit", &a_token, &json!({}))
        .await?;
    assert_eq!(no_seal.code(), 400);
    assert!(no_seal.field("seal").is_some());
    let not_image = app
        .upload_as(SEAL, &a_token, &[], "seal.pdf", b"%PDF-1.7\n...")
        .await?;
    assert_eq!(not_image.code(), 400, "{}", not_image.text);
    assert!(not_image.field("file").is_some());
    let a_seal = app
        .upload_as(SEAL, &a_token, &[], "公章.png", &png())
        .await?;
    assert_eq!(a_seal.code(), 200, "{}", a_seal.text);
    assert_eq!(a_seal.body["data"]["sealFileName"], "公章.png");
    let a_file = a_seal.created("sealFileId")?;
    let b_seal = app.upload_as(SEAL, &b_token, &[], "b.png", &png()).await?;
    let b_file = b_seal.created("sealFileId")?;

    let preview = app
        .get_as(&format!("/api/capital/signature/seal/{a_file}"), &a_token)
        .await?;
    assert_eq!(preview.status, 200);
    assert_eq!(preview.header("content-type"), Some("image/png"));
    let foreign = app
        .get_as(&format!("/api/capital/signature/seal/{b_file}"), &a_token)
        .await?;
    assert_eq!(foreign.code(), 404, "{}", foreign.text);
    let b_sees = app.get_as("/api/capital/signature", &b_token).await?;
    assert_eq!(
        b_sees.body["data"]["orgName"], "",
        "B sees its own (empty) account, not A's"
    );

    let submitted = app
        .post_as("/api/capital/signature/submit", &a_token, &json!({}))
        .await?;
    assert_eq!(submitted.code(), 200, "{}", submitted.text);
    assert_eq!(submitted.body["data"]["status"], "PENDING");
    let locked = app
        .post_as("/api/capital/signature/save", &a_token, &esign)
        .await?;
    assert_eq!(locked.code(), 409, "{}", locked.text);
    let locked_seal = app
        .upload_as(SEAL, &a_token, &[], "again.png", &png())
        .await?;
    assert_eq!(locked_seal.code(), 409, "{}", locked_seal.text);

    // The administrator sees it in the provider's detail and verifies it.
    let seen = app
        .get_as(&format!("/api/admin/capital/signature/{a}"), &root)
        .await?;
    assert_eq!(seen.body["data"]["creditCode"], "91350100M000100Y43");
    let seal = app
        .get_as(&format!("/api/admin/capital/signature/seal/{a}"), &root)
        .await?;
    assert_eq!(seal.header("content-type"), Some("image/png"));
    let none = app
        .get_as(
            &format!("/api/admin/capital/signature/seal/{}", b + 999),
            &root,
        )
        .await?;
    assert_eq!(none.code(), 404);
    let reviewed = app
        .post_as(
            &format!("/api/admin/capital/signature/review/{a}"),
            &root,
            &json!({ "approved": true }),
        )
        .await?;
    assert_eq!(reviewed.code(), 200, "{}", reviewed.text);
    let again = app
        .post_as(
            &format!("/api/admin/capital/signature/review/{a}"),
            &root,
            &json!({ "approved": true }),
        )
        .await?;
    assert_eq!(again.code(), 409, "only a submitted account is reviewed");
    let verified = app.get_as("/api/capital/signature", &a_token).await?;
    assert_eq!(verified.body["data"]["status"], "VERIFIED");
    let log = actions(&app, "capital_esign_account").await?;
    for action in [
        "capital_esign.save",
        "capital_esign.upload_seal",
        "capital_esign.submit",
        "capital_esign.verify",
    ] {
        assert!(log.contains(&action.to_owned()), "{action}: {log:?}");
    }
    app.stop().await
}
