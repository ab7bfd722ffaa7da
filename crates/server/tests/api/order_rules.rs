//! 订单规则配置: products (validation naming the term, versions, activation), the order rules
//! (optimistic version, bucket checks, defaults of new products) and the schedule calculator
//! with the worked examples of docs/money.md. Runs on the database `BEEHIVE_TEST_DB` names.

use serde_json::{Value, json};
use testkit::TestApp;

const PRODUCT: &str = "/api/admin/config/product";
const RULES: &str = "/api/admin/config/order-rules";

async fn count(app: &TestApp, sql: &str) -> anyhow::Result<i64> {
    let texts = app
        .column_texts(&format!("SELECT CAST(({sql}) AS TEXT)"))
        .await?;
    Ok(texts.first().and_then(|t| t.parse().ok()).unwrap_or(-1))
}

/// The default terms the server offers a new product.
async fn defaults(app: &TestApp, token: &str) -> anyhow::Result<Value> {
    let reply = app.get_as(&format!("{PRODUCT}/defaults"), token).await?;
    anyhow::ensure!(reply.code() == 200, "defaults: {}", reply.text);
    Ok(reply.body["data"].clone())
}

fn product(code: &str, terms: &Value) -> Value {
    json!({ "code": code, "name": "车险分期12期", "remark": "标准产品", "terms": terms })
}

async fn create(app: &TestApp, token: &str, code: &str, terms: &Value) -> anyhow::Result<i64> {
    app.post_as(&format!("{PRODUCT}/create"), token, &product(code, terms))
        .await?
        .created_id()
}

#[tokio::test]
async fn product_form_reports_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let terms = defaults(&app, &token).await?;
    let mut bad = terms.clone();
    bad["rateBp"] = json!(10_001);
    let body = json!({ "code": "car", "name": " ", "remark": "r".repeat(501), "terms": bad });
    let reply = app
        .post_as(&format!("{PRODUCT}/create"), &token, &body)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["code", "name", "remark", "terms.rateBp"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.msg(), reply.field("code").unwrap_or_default());
    assert_eq!(count(&app, "SELECT COUNT(*) FROM product").await?, 0);

    // On update too, and the draft keeps its name.
    let id = create(&app, &token, "CAR_12", &terms).await?;
    let body = json!({ "code": "CAR_12", "name": "", "remark": "r".repeat(501), "terms": terms });
    let reply = app
        .post_as(&format!("{PRODUCT}/update/{id}"), &token, &body)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("name").is_some(), "{}", reply.text);
    assert!(reply.field("remark").is_some(), "{}", reply.text);
    let view = app.get_as(&format!("{PRODUCT}/view/{id}"), &token).await?;
    assert_eq!(view.body["data"]["name"], "车险分期12期", "{}", view.text);
    app.stop().await
}

#[tokio::test]
async fn products_are_validated_and_versioned() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let terms = defaults(&app, &token).await?;
    assert_eq!(terms["scheduleMethod"], "ANNUITY");
    assert_eq!(terms["penaltyCapBpOfPrincipal"], 2400);

    // Refused terms name each field under `terms.`, and nothing is stored.
    let mut bad = terms.clone();
    bad["rateBp"] = json!(10_001);
    bad["termOptions"] = json!([0, 12]);
    bad["allocationOrder"] = json!(["PENALTY", "PENALTY"]);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("CAR_12", &bad),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("terms.rateBp").is_some(), "{}", reply.text);
    assert!(
        reply.field("terms.termOptions[0]").is_some(),
        "{}",
        reply.text
    );
    assert!(
        reply.field("terms.allocationOrder").is_some(),
        "{}",
        reply.text
    );
    assert!(reply.msg().contains("共 3 处"), "{}", reply.msg());
    // A product whose smallest principal gives a zero instalment is refused.
    let mut steep = terms.clone();
    steep["termOptions"] = json!([36]);
    steep["rateBp"] = json!(10_000);
    steep["minPrincipalPerInstalmentFen"] = json!(1);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("CAR_12", &steep),
        )
        .await?;
    assert!(
        reply.field("terms.minPrincipalPerInstalmentFen").is_some(),
        "{}",
        reply.text
    );
    // An unknown enum value and an unknown term are refused naming them.
    let mut odd = terms.clone();
    odd["scheduleMethod"] = json!("BALLOON");
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("CAR_12", &odd),
        )
        .await?;
    assert_eq!(
        reply.field("terms.scheduleMethod").map(|_| 400),
        Some(400),
        "{}",
        reply.text
    );
    let mut extra = terms.clone();
    extra["discountBp"] = json!(5);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("CAR_12", &extra),
        )
        .await?;
    assert!(reply.field("discountBp").is_some(), "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("car", &terms),
        )
        .await?;
    assert!(reply.field("code").is_some(), "{}", reply.text);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM product").await?, 0);

    // Version 1 is a DRAFT and is edited in place.
    let v1 = create(&app, &token, "CAR_12", &terms).await?;
    let reply = app
        .post_as(
            &format!("{PRODUCT}/create"),
            &token,
            &product("CAR_12", &terms),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let mut cheaper = terms.clone();
    cheaper["rateBp"] = json!(90);
    let saved: Value = app
        .post_as(
            &format!("{PRODUCT}/update/{v1}"),
            &token,
            &product("", &cheaper),
        )
        .await?
        .data()?;
    assert_eq!(
        saved,
        json!({ "id": v1, "productVersion": 1, "newVersion": false })
    );
    let view = app.get_as(&format!("{PRODUCT}/view/{v1}"), &token).await?;
    assert_eq!(view.body["data"]["status"], "DRAFT");
    assert_eq!(view.body["data"]["terms"]["rateBp"], 90);

    // Activated, it is never changed again: an edit makes version 2, a DRAFT.
    let reply = app
        .post_as(&format!("{PRODUCT}/activate/{v1}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let mut dearer = terms.clone();
    dearer["rateBp"] = json!(120);
    dearer["feeRateBp"] = json!(200);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/update/{v1}"),
            &token,
            &product("", &dearer),
        )
        .await?;
    let v2 = reply.created_id()?;
    assert_ne!(v2, v1);
    assert_eq!(reply.body["data"]["productVersion"], 2);
    assert_eq!(reply.body["data"]["newVersion"], true);
    let view = app.get_as(&format!("{PRODUCT}/view/{v1}"), &token).await?;
    assert_eq!(view.body["data"]["status"], "ACTIVE");
    assert_eq!(view.body["data"]["terms"]["rateBp"], 90);
    assert_eq!(view.body["data"]["terms"]["feeRateBp"], 0);
    // A second edit of the active version while the draft exists is a conflict.
    let reply = app
        .post_as(
            &format!("{PRODUCT}/update/{v1}"),
            &token,
            &product("", &dearer),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("V2"), "{}", reply.msg());

    // The list shows the latest version with the active one; activating v2 retires v1.
    let page = app
        .post_as(
            &format!("{PRODUCT}/page"),
            &token,
            &json!({ "keyword": "car_" }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    let row = &page.body["data"]["records"][0];
    assert_eq!(
        (
            row["productVersion"].as_i64(),
            row["activeVersion"].as_i64()
        ),
        (Some(2), Some(1))
    );
    let reply = app
        .post_as(&format!("{PRODUCT}/activate/{v2}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let versions = app
        .get_as(&format!("{PRODUCT}/versions/{v1}"), &token)
        .await?;
    let statuses: Vec<(i64, String)> = versions
        .data::<Vec<Value>>()?
        .iter()
        .map(|v| {
            (
                v["productVersion"].as_i64().unwrap_or(0),
                v["status"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        statuses,
        [(2, "ACTIVE".to_owned()), (1, "RETIRED".to_owned())]
    );
    // Activating the active one again, or retiring a retired one, is refused naming the status.
    let reply = app
        .post_as(&format!("{PRODUCT}/activate/{v2}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let reply = app
        .post_as(&format!("{PRODUCT}/retire/{v1}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("已停用"), "{}", reply.msg());
    let reply = app
        .post_as(&format!("{PRODUCT}/retire/{v2}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let page = app
        .post_as(
            &format!("{PRODUCT}/page"),
            &token,
            &json!({ "status": "ACTIVE" }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 0, "{}", page.text);
    // The list exports to Excel with the terms in words.
    let export = app
        .post_as(&format!("{PRODUCT}/export"), &token, &json!({}))
        .await?;
    assert_eq!(export.body["data"]["rows"], 1, "{}", export.text);
    let sheet = app.exported_sheet(&token, &export).await?;
    assert!(
        sheet.contains("CAR_12") && sheet.contains("等额本息"),
        "{sheet}"
    );
    assert!(
        sheet.contains("1.20%/月") && sheet.contains("已停用"),
        "{sheet}"
    );

    // Every change is in the operation log and every status change in the status log.
    let actions = app
        .column_texts("SELECT action FROM operation_log WHERE target_type = 'product' ORDER BY id")
        .await?;
    assert_eq!(
        actions,
        [
            "product.create",
            "product.update",
            "product.activate",
            "product.update",
            "product.activate",
            "product.retire",
            "export"
        ]
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM status_log WHERE entity_type = 'product'"
        )
        .await?,
        4
    );

    // The page permission alone is enough; without it, 403.
    let other = app
        .limited_admin(&token, "clerk", &["admin:config:system"])
        .await?
        .token;
    let reply = app.get_as(&format!("{PRODUCT}/view/{v1}"), &other).await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    app.stop().await
}

#[tokio::test]
async fn the_calculator_gives_the_worked_examples() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let mut terms = defaults(&app, &token).await?;
    terms["termOptions"] = json!([6, 12]);
    let annuity = create(&app, &token, "ANNUITY_1PCT", &terms).await?;
    let quote = |id: i64, principal: i64, term: u32, anchor: &str| json!({ "productId": id, "principalFen": principal, "term": term, "anchorDate": anchor });

    // ¥10 000.00 over 12 months at 1 %/month from 31 January: EMI 888.49, the last 888.47.
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(annuity, 1_000_000, 12, "2026-01-31"),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let plan = &reply.body["data"];
    assert_eq!(plan["emiFen"], 88_849);
    assert_eq!(plan["totalPrincipalFen"], 1_000_000);
    assert_eq!(plan["totalInterestFen"], 66_186);
    assert_eq!(plan["totalRepaymentFen"], 1_066_186);
    assert_eq!(plan["nominalAnnualBp"], 1_200);
    assert_eq!(plan["annualised"]["effectiveAnnualBp"], 1_268);
    assert_eq!(plan["annualised"]["nominalAnnualBp"], 1_200);
    let lines = plan["lines"].as_array().cloned().unwrap_or_default();
    assert_eq!(lines.len(), 12);
    assert_eq!(
        lines[0],
        json!({ "seq": 1, "dueDate": "2026-02-28", "principalFen": 78_849, "interestFen": 10_000,
                "feeFen": 0, "totalFen": 88_849, "remainingFen": 921_151, "isDepositOffset": false })
    );
    assert_eq!(lines[1]["dueDate"], "2026-03-31");
    assert_eq!(lines[11]["totalFen"], 88_847);
    assert_eq!(lines[11]["interestFen"], 880);
    assert_eq!(lines[11]["remainingFen"], 0);

    // Flat 0.5 %/month: 883.33 × 11 and 883.37; nominal 10.90 %, effective 11.46 %.
    terms["scheduleMethod"] = json!("FLAT");
    terms["rateBp"] = json!(50);
    let flat = create(&app, &token, "FLAT_HALF", &terms).await?;
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(flat, 1_000_000, 12, "2026-03-15"),
        )
        .await?;
    let plan = &reply.body["data"];
    assert_eq!(plan["lines"][0]["totalFen"], 88_333, "{}", reply.text);
    assert_eq!(plan["lines"][11]["totalFen"], 88_337);
    assert_eq!(plan["nominalAnnualBp"], 600);
    assert_eq!(plan["annualised"]["nominalAnnualBp"], 1_090);
    assert_eq!(plan["annualised"]["effectiveAnnualBp"], 1_146);

    // Inputs the product does not allow are refused naming the field.
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(flat, 1_000_000, 24, "2026-03-15"),
        )
        .await?;
    assert!(
        reply.field("term").is_some_and(|m| m.contains("6、12")),
        "{}",
        reply.text
    );
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(flat, 500, 12, "2026-03-15"),
        )
        .await?;
    assert!(reply.field("principalFen").is_some(), "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(flat, 1_000_000, 12, "2026-02-30"),
        )
        .await?;
    assert!(reply.field("anchorDate").is_some(), "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{PRODUCT}/schedule"),
            &token,
            &quote(9_999, 1_000_000, 12, "2026-03-15"),
        )
        .await?;
    assert_eq!(reply.code(), 404, "{}", reply.text);
    app.stop().await
}

#[tokio::test]
async fn order_rules_save_with_their_version() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let reply = app.get_as(RULES, &token).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let read = reply.body["data"].clone();
    assert_eq!(read["version"], 0);
    assert_eq!(read["rules"]["signingDeadlineDays"], 7);
    assert_eq!(
        read["rules"]["delinquencyBuckets"][1]["classification"],
        "M1"
    );

    // Buckets with a gap and a deadline out of range: each field named, nothing saved.
    let mut rules = read["rules"].clone();
    rules["signingDeadlineDays"] = json!(0);
    rules["delinquencyBuckets"][2]["minDays"] = json!(32);
    let reply = app
        .post_as(
            &format!("{RULES}/update"),
            &token,
            &json!({ "rules": rules, "version": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply.field("rules.signingDeadlineDays").is_some(),
        "{}",
        reply.text
    );
    assert!(
        reply.field("rules.delinquencyBuckets[2].minDays").is_some(),
        "{}",
        reply.text
    );
    assert_eq!(app.get_as(RULES, &token).await?.body["data"], read);

    // A save at the version read; a second save still naming version 0 is refused.
    let mut rules = read["rules"].clone();
    rules["signingDeadlineDays"] = json!(10);
    rules["defaultAdvanceDays"] = json!(45);
    rules["defaultPenaltyCapBp"] = json!(1_500);
    let reply = app
        .post_as(
            &format!("{RULES}/update"),
            &token,
            &json!({ "rules": rules, "version": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["version"], 1);
    let mut late = rules.clone();
    late["signingDeadlineDays"] = json!(20);
    let reply = app
        .post_as(
            &format!("{RULES}/update"),
            &token,
            &json!({ "rules": late, "version": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let now = app.get_as(RULES, &token).await?.body["data"].clone();
    assert_eq!(now["version"], 1);
    assert_eq!(now["rules"]["signingDeadlineDays"], 10);
    let reply = app
        .post_as(
            &format!("{RULES}/update"),
            &token,
            &json!({ "rules": late, "version": 1 }),
        )
        .await?;
    assert_eq!(reply.body["data"]["version"], 2, "{}", reply.text);

    // New products start from the saved defaults.
    let terms = defaults(&app, &token).await?;
    assert_eq!(terms["advanceAfterDays"], 45);
    assert_eq!(terms["penaltyCapBpOfPrincipal"], 1_500);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM operation_log WHERE action = 'order_rules.update'"
        )
        .await?,
        2
    );
    app.stop().await
}
