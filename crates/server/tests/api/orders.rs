//! Orders, part 1 as a client sees them: application, intake with the product's amounts,
//! submission with the terms snapshot, review (maker ≠ checker), manual and automatic
//! allocation with the credit reservation, the provider's acceptance, withdrawal, rejection,
//! cancellation, the lists and the order page's timeline; exactly-once under concurrency.
//! Runs on the database `BEEHIVE_TEST_DB` names.

use serde_json::{Value, json};
use testkit::TestApp;

pub(crate) const ORDER: &str = "/api/admin/order";

/// Everything an order needs, created through the API: a product (ACTIVE), an insurer, a
/// customer with a vehicle, and two capital providers (AUTO and MANUAL acceptance).
pub(crate) struct World {
    pub root: String,
    pub product: i64,
    pub insurer: i64,
    pub customer: i64,
    pub vehicle: i64,
    pub auto_cp: i64,
    pub manual_cp: i64,
}

pub(crate) async fn world(app: &TestApp) -> anyhow::Result<World> {
    let root = app.admin_token().await?;
    let terms = app
        .get_as("/api/admin/config/product/defaults", &root)
        .await?
        .body["data"]
        .clone();
    let product = app
        .post_as(
            "/api/admin/config/product/create",
            &root,
            &json!({ "code": "CAR_12", "name": "车险分期标准产品", "terms": terms }),
        )
        .await?
        .created_id()?;
    let reply = app
        .post_as(
            &format!("/api/admin/config/product/activate/{product}"),
            &root,
            &json!({}),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "activate: {}", reply.text);
    let insurer = app
        .post_as(
            "/api/admin/insurer/create",
            &root,
            &json!({
                "name": "中国人民财产保险股份有限公司北京分公司", "code": "picc-bj",
                "contactName": "王经理", "contactPhone": "010-88886666",
                "preStartFeeBp": 300, "dayBasis": 365, "compulsoryReasons": [], "enabled": true,
                "accounts": [],
            }),
        )
        .await?
        .created_id()?;
    let customer = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &json!({ "kind": "INDIVIDUAL", "name": "郭子豪", "idType": "RESIDENT_ID",
                     "idNo": "11010519491231002X", "mobile": "13812345678",
                     "address": "北京市朝阳区建国路 88 号", "provinceCode": "110000",
                     "cityCode": "110100", "districtCode": "110105" }),
        )
        .await?
        .created_id()?;
    let vehicle = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &json!({ "customerId": customer, "plateNo": "京A12345", "vin": "LSVAU218XN2183294",
                     "usage": "PRIVATE", "brandModel": "大众帕萨特", "ownerName": "郭子豪" }),
        )
        .await?
        .created_id()?;
    let actor = service::principal::Actor::System("test");
    let auto_cp = app
        .beehive()
        .ensure_capital_provider(&actor, "华夏消费金融")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let manual_cp = app
        .beehive()
        .ensure_capital_provider(&actor, "海川小贷")
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    app.execute(&format!(
        "UPDATE capital_provider SET credit_limit_fen = 100000000, credit_reserved_fen = 0, \
         credit_used_fen = 0, status = 'ACTIVE', accept_mode = 'AUTO' WHERE id = {auto_cp}"
    ))
    .await?;
    app.execute(&format!(
        "UPDATE capital_provider SET credit_limit_fen = 100000000, credit_reserved_fen = 0, \
         credit_used_fen = 0, status = 'ACTIVE', accept_mode = 'MANUAL' WHERE id = {manual_cp}"
    ))
    .await?;
    Ok(World {
        root,
        product,
        insurer,
        customer,
        vehicle,
        auto_cp,
        manual_cp,
    })
}

pub(crate) async fn apply(app: &TestApp, token: &str, w: &World) -> anyhow::Result<i64> {
    app.post_as(
        &format!("{ORDER}/apply"),
        token,
        &json!({ "customerId": w.customer, "vehicleId": w.vehicle, "productId": w.product,
                 "termN": 12, "requestedPremiumFen": 1_200_000, "channel": "4S店" }),
    )
    .await?
    .created_id()
}

pub(crate) fn intake(w: &World, version: i64) -> Value {
    json!({
        "vehicleId": w.vehicle, "productId": w.product, "termN": 12, "anchorDate": "2026-01-31",
        "policies": [
            { "kind": "COMMERCIAL", "insurerId": w.insurer, "premiumFen": 1_000_000 },
            { "kind": "COMPULSORY", "insurerId": w.insurer, "premiumFen": 95_000 },
        ],
        "financedFen": 1_000_000, "version": version,
    })
}

pub(crate) async fn view(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Value> {
    let reply = app.get_as(&format!("{ORDER}/view/{id}"), token).await?;
    anyhow::ensure!(reply.code() == 200, "view: {}", reply.text);
    Ok(reply.body["data"].clone())
}

pub(crate) async fn ok(app: &TestApp, token: &str, path: &str, body: Value) -> anyhow::Result<()> {
    let reply = app.post_as(path, token, &body).await?;
    anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
    Ok(())
}

/// An order through intake up to INTAKE_REVIEW, submitted by `maker`.
pub(crate) async fn submitted(app: &TestApp, maker: &str, w: &World) -> anyhow::Result<i64> {
    let id = apply(app, maker, w).await?;
    ok(app, maker, &format!("{ORDER}/start-intake/{id}"), json!({})).await?;
    let version = view(app, maker, id).await?["order"]["version"]
        .as_i64()
        .unwrap_or(-1);
    ok(
        app,
        maker,
        &format!("{ORDER}/intake/{id}"),
        intake(w, version),
    )
    .await?;
    ok(app, maker, &format!("{ORDER}/submit/{id}"), json!({})).await?;
    Ok(id)
}

pub(crate) async fn count(app: &TestApp, sql: &str) -> anyhow::Result<i64> {
    let texts = app
        .column_texts(&format!("SELECT CAST(({sql}) AS TEXT)"))
        .await?;
    Ok(texts.first().and_then(|t| t.parse().ok()).unwrap_or(-1))
}

pub(crate) async fn clerk(app: &TestApp, root: &str, account: &str) -> anyhow::Result<String> {
    Ok(app
        .limited_admin(
            root,
            account,
            &[
                "admin:order_apply:table",
                "admin:order_apply:create",
                "admin:order_info:table",
                "admin:order_info:edit",
                "admin:order_info:submit",
                "admin:order_info:review",
                "admin:order_info:cancel",
                "admin:assignment_queue:table",
                "admin:assignment_queue:allocate",
            ],
        )
        .await?
        .token)
}

#[tokio::test]
async fn an_order_goes_from_application_through_review_to_a_provider_with_its_timeline()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let maker = clerk(&app, &w.root, "maker").await?;
    let checker = clerk(&app, &w.root, "checker").await?;

    let id = apply(&app, &maker, &w).await?;
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "APPLIED");
    let no = order["order"]["orderNo"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(no.starts_with("BH") && no.len() == 16, "{no}");
    // Editing is refused before intake starts; the table names the status.
    let reply = app
        .post_as(&format!("{ORDER}/intake/{id}"), &maker, &intake(&w, 0))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("待进件"), "{}", reply.msg());

    ok(
        &app,
        &maker,
        &format!("{ORDER}/start-intake/{id}"),
        json!({}),
    )
    .await?;
    // Bad amounts: every field at once, nothing stored.
    let mut bad = intake(&w, 1);
    bad["financedFen"] = json!(2_000_000);
    bad["policies"][1]["premiumFen"] = json!(0);
    let reply = app
        .post_as(&format!("{ORDER}/intake/{id}"), &maker, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply.field("policies[1].premiumFen").is_some(),
        "{}",
        reply.text
    );
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM insurance_policy WHERE order_id = {id}")
        )
        .await?,
        0
    );
    // Submitting before the intake is saved names what is missing.
    let reply = app
        .post_as(&format!("{ORDER}/submit/{id}"), &maker, &json!({}))
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("anchorDate").is_some(), "{}", reply.text);

    let saved = app
        .post_as(&format!("{ORDER}/intake/{id}"), &maker, &intake(&w, 1))
        .await?;
    assert_eq!(saved.code(), 200, "{}", saved.text);
    assert_eq!(saved.body["data"]["totalPremiumFen"], 1_095_000);
    assert_eq!(saved.body["data"]["downPaymentFen"], 95_000);
    // A stale form is refused.
    let reply = app
        .post_as(&format!("{ORDER}/intake/{id}"), &maker, &intake(&w, 1))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let order = view(&app, &maker, id).await?;
    // The schedule preview is the money core's worked example: ¥10 000 at 1 %/month over 12.
    assert_eq!(order["schedule"]["lines"][0]["totalFen"], 88_849);
    assert_eq!(order["schedule"]["lines"][0]["dueDate"], "2026-02-28");
    assert_eq!(order["schedule"]["totalInterestFen"], 66_186);

    ok(&app, &maker, &format!("{ORDER}/submit/{id}"), json!({})).await?;
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM orders WHERE id = {id} AND terms_snapshot IS NOT NULL")
        )
        .await?,
        1
    );
    // Maker ≠ checker: the submitter cannot approve, return or reject.
    for (path, body) in [
        ("approve", json!({})),
        (
            "return",
            json!({ "reason": "补充行驶证", "fields": ["documents"] }),
        ),
        ("reject", json!({ "reasonCode": "CREDIT_NOT_MET" })),
    ] {
        let reply = app
            .post_as(&format!("{ORDER}/{path}/{id}"), &maker, &body)
            .await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
    }
    // Return: the reason is required; then back to the submitter.
    let reply = app
        .post_as(
            &format!("{ORDER}/return/{id}"),
            &checker,
            &json!({ "reason": " ", "fields": ["documents"] }),
        )
        .await?;
    assert!(reply.field("reason").is_some(), "{}", reply.text);
    ok(
        &app,
        &checker,
        &format!("{ORDER}/return/{id}"),
        json!({ "reason": "行驶证照片不清晰", "fields": ["documents", "policies"] }),
    )
    .await?;
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "RETURNED");
    assert_eq!(order["order"]["returnCount"], 1);
    assert_eq!(order["returnFields"], json!(["documents", "policies"]));
    // The submitter fixes the commercial premium and resubmits; the change is recorded.
    let mut fixed = intake(&w, order["order"]["version"].as_i64().unwrap_or(-1));
    fixed["policies"][0]["premiumFen"] = json!(1_010_000);
    ok(&app, &maker, &format!("{ORDER}/intake/{id}"), fixed).await?;
    ok(&app, &maker, &format!("{ORDER}/submit/{id}"), json!({})).await?;
    // Approval of less than asked recomputes the amounts; the approved order is in the queue.
    let reply = app
        .post_as(
            &format!("{ORDER}/approve/{id}"),
            &checker,
            &json!({ "approvedFinancedFen": 1_000_001 }),
        )
        .await?;
    assert!(
        reply.field("approvedFinancedFen").is_some(),
        "{}",
        reply.text
    );
    ok(
        &app,
        &checker,
        &format!("{ORDER}/approve/{id}"),
        json!({ "approvedFinancedFen": 900_000, "opinion": "资料齐全" }),
    )
    .await?;
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "PENDING_ALLOCATION");
    assert_eq!(order["order"]["financedFen"], 900_000);
    assert_eq!(order["order"]["downPaymentFen"], 1_105_000 - 900_000);
    let queue = app
        .post_as(
            &format!("{ORDER}/queue/page"),
            &checker,
            &json!({ "customerName": "郭" }),
        )
        .await?;
    assert_eq!(queue.body["data"]["total"], 1, "{}", queue.text);

    // Manual allocation to the MANUAL provider reserves the credit and waits for it.
    let reply = app
        .post_as(
            &format!("{ORDER}/allocate"),
            &checker,
            &json!({ "orderIds": [id], "capitalProviderId": w.manual_cp }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_reserved_fen FROM capital_provider WHERE id = {}",
                w.manual_cp
            )
        )
        .await?,
        900_000
    );
    assert_eq!(
        view(&app, &maker, id).await?["order"]["status"],
        "ALLOCATED"
    );
    // The allocator cannot withdraw its own allocation; another user can, releasing the credit.
    let reply = app
        .post_as(
            &format!("{ORDER}/unallocate/{id}"),
            &checker,
            &json!({ "reason": "资金方额度调整" }),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    ok(
        &app,
        &maker,
        &format!("{ORDER}/unallocate/{id}"),
        json!({ "reason": "资金方额度调整" }),
    )
    .await?;
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_reserved_fen FROM capital_provider WHERE id = {}",
                w.manual_cp
            )
        )
        .await?,
        0
    );
    // Again to the MANUAL provider, confirmed by the platform on its behalf.
    ok(
        &app,
        &checker,
        &format!("{ORDER}/allocate"),
        json!({ "orderIds": [id], "capitalProviderId": w.manual_cp }),
    )
    .await?;
    ok(
        &app,
        &maker,
        &format!("{ORDER}/accept/{id}"),
        json!({ "approvalNo": "HC-2026-001" }),
    )
    .await?;
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "PENDING_DECLARATION");
    assert_eq!(order["order"]["capitalProviderName"], "海川小贷");

    let events: Vec<&str> = order["timeline"]
        .as_array()
        .map(|t| t.iter().filter_map(|r| r["event"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(
        events,
        vec![
            "APPLY",
            "START_INTAKE",
            "SUBMIT_INTAKE",
            "RETURN",
            "RESUBMIT",
            "APPROVE_INTAKE",
            "ALLOCATE",
            "UNALLOCATE",
            "ALLOCATE",
            "CP_ACCEPT"
        ]
    );
    let resubmit = &order["timeline"][4];
    assert_eq!(
        resubmit["detail"]["changed"]["totalPremiumFen"],
        json!([1_095_000, 1_105_000]),
        "{resubmit}"
    );
    assert_eq!(order["timeline"][3]["comment"], "行驶证照片不清晰");
    assert_eq!(order["timeline"][3]["actorName"], "checker");
    // Each transition added one log row and one version (invariant 14).
    assert_eq!(
        count(&app, &format!("SELECT version FROM orders WHERE id = {id}")).await?,
        // 9 transitions after APPLY + 2 accepted intake saves (the refused ones changed nothing).
        9 + 2
    );
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {id}")
        )
        .await?,
        10
    );
    // The log is append-only.
    assert!(
        app.execute(&format!(
            "DELETE FROM order_status_log WHERE order_id = {id}"
        ))
        .await
        .is_err()
    );
    Ok(())
}

#[tokio::test]
async fn rules_take_approved_orders_at_once_and_auto_accepting_providers_confirm_in_the_same_step()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let maker = clerk(&app, &w.root, "maker").await?;
    // A rule for orders of this insurer and product, to the AUTO provider.
    let reply = app
        .post_as(
            "/api/admin/allocation/rule/create",
            &w.root,
            &json!({ "name": "人保北京12期", "priority": 10, "weight": 1, "capitalProviderId": w.auto_cp,
                     "conditions": { "insurerIds": [w.insurer], "productCodes": ["CAR_12"], "regions": ["110000"] } }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    // A rule that can never match (another region) at a higher priority is skipped.
    ok(&app, &w.root, "/api/admin/allocation/rule/create", json!({ "name": "广东", "priority": 90, "weight": 1, "capitalProviderId": w.manual_cp, "conditions": { "regions": ["440000"] } })).await?;
    let bad = app.post_as("/api/admin/allocation/rule/create", &w.root, &json!({ "name": "", "priority": 1, "weight": 0, "capitalProviderId": w.auto_cp, "windowStart": "25:00", "windowEnd": "09:00" })).await?;
    assert_eq!(bad.code(), 400, "{}", bad.text);
    for field in ["name", "weight", "windowStart"] {
        assert!(bad.field(field).is_some(), "{field}: {}", bad.text);
    }

    let id = submitted(&app, &maker, &w).await?;
    ok(&app, &w.root, &format!("{ORDER}/approve/{id}"), json!({})).await?;
    let order = view(&app, &maker, id).await?;
    assert_eq!(order["order"]["status"], "PENDING_DECLARATION", "{order}");
    assert_eq!(order["allocations"][0]["mode"], "AUTO");
    assert_eq!(order["allocations"][0]["status"], "ACTIVE");
    let last: Vec<(&str, &str)> = order["timeline"]
        .as_array()
        .map(|t| {
            t.iter()
                .rev()
                .take(2)
                .map(|r| {
                    (
                        r["event"].as_str().unwrap_or(""),
                        r["actorType"].as_str().unwrap_or(""),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(last, vec![("CP_ACCEPT", "SYSTEM"), ("ALLOCATE", "SYSTEM")]);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_reserved_fen FROM capital_provider WHERE id = {}",
                w.auto_cp
            )
        )
        .await?,
        1_000_000
    );

    // Cancelling releases the reservation.
    let reply = app
        .post_as(
            &format!("{ORDER}/cancel/{id}"),
            &maker,
            &json!({ "reason": "" }),
        )
        .await?;
    assert!(reply.field("reason").is_some(), "{}", reply.text);
    ok(
        &app,
        &maker,
        &format!("{ORDER}/cancel/{id}"),
        json!({ "reason": "客户放弃投保" }),
    )
    .await?;
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_reserved_fen FROM capital_provider WHERE id = {}",
                w.auto_cp
            )
        )
        .await?,
        0
    );
    assert_eq!(
        view(&app, &maker, id).await?["order"]["status"],
        "CANCELLED"
    );
    // A cancelled order takes no event.
    let reply = app
        .post_as(
            &format!("{ORDER}/cancel/{id}"),
            &maker,
            &json!({ "reason": "再次取消" }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("已取消"), "{}", reply.msg());

    // Without credit the rule cannot take the order: it stays in the queue, then no funder.
    app.execute(&format!(
        "UPDATE capital_provider SET credit_limit_fen = 10 WHERE id = {}",
        w.auto_cp
    ))
    .await?;
    let id = submitted(&app, &maker, &w).await?;
    ok(&app, &w.root, &format!("{ORDER}/approve/{id}"), json!({})).await?;
    assert_eq!(
        view(&app, &maker, id).await?["order"]["status"],
        "PENDING_ALLOCATION"
    );
    let reply = app
        .post_as(
            &format!("{ORDER}/allocate"),
            &w.root,
            &json!({ "orderIds": [id], "capitalProviderId": w.auto_cp }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("可用额度不足"), "{}", reply.msg());
    ok(
        &app,
        &maker,
        &format!("{ORDER}/no-funder/{id}"),
        json!({ "reason": "无资金方承接" }),
    )
    .await?;
    let rejected = app
        .post_as(&format!("{ORDER}/rejected/page"), &w.root, &json!({}))
        .await?;
    assert_eq!(
        rejected.body["data"]["records"][0]["rejectStage"], "ALLOCATION",
        "{}",
        rejected.text
    );
    Ok(())
}

#[tokio::test]
async fn twenty_identical_approvals_at_once_approve_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let maker = clerk(&app, &w.root, "maker").await?;
    let id = submitted(&app, &maker, &w).await?;
    let (app_ref, root) = (&app, w.root.as_str());
    let replies = futures::future::join_all((0..20).map(|_| async move {
        app_ref
            .post_as(&format!("{ORDER}/approve/{id}"), root, &json!({}))
            .await
    }))
    .await;
    let codes: Vec<i64> = replies
        .iter()
        .map(|r| r.as_ref().map(|r| r.code()).unwrap_or(-1))
        .collect();
    assert_eq!(codes.iter().filter(|c| **c == 200).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| *c == 200 || *c == 409), "{codes:?}");
    assert_eq!(
        count(&app, &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {id} AND event = 'APPROVE_INTAKE'")).await?,
        1
    );
    Ok(())
}

/// Invariant 12: fifty orders allocated at once to a provider with room for twenty never
/// reserve more than its limit.
#[tokio::test]
async fn concurrent_allocations_never_reserve_more_than_the_limit() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let maker = clerk(&app, &w.root, "maker").await?;
    let mut ids = Vec::new();
    for _ in 0..50 {
        let id = submitted(&app, &maker, &w).await?;
        ok(&app, &w.root, &format!("{ORDER}/approve/{id}"), json!({})).await?;
        ids.push(id);
    }
    app.execute(&format!(
        "UPDATE capital_provider SET credit_limit_fen = 20000000 WHERE id = {}",
        w.manual_cp
    ))
    .await?;
    let (app_ref, root, cp) = (&app, w.root.as_str(), w.manual_cp);
    let replies = futures::future::join_all(ids.iter().map(|&id| async move {
        app_ref
            .post_as(
                &format!("{ORDER}/allocate"),
                root,
                &json!({ "orderIds": [id], "capitalProviderId": cp }),
            )
            .await
    }))
    .await;
    let taken = replies
        .iter()
        .filter(|r| r.as_ref().is_ok_and(|r| r.code() == 200))
        .count();
    assert_eq!(taken, 20);
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT credit_reserved_fen FROM capital_provider WHERE id = {}",
                w.manual_cp
            )
        )
        .await?,
        20_000_000
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM orders WHERE status = 'ALLOCATED'"
        )
        .await?,
        20
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM allocation").await?, 20);
    Ok(())
}

#[tokio::test]
async fn lists_are_scoped_to_their_screen_and_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let maker = clerk(&app, &w.root, "maker").await?;
    let applied = apply(&app, &maker, &w).await?;
    let reviewing = submitted(&app, &maker, &w).await?;
    let page = |path: &str| format!("{ORDER}/{path}/page");
    let ids = |reply: &testkit::Reply| -> Vec<i64> {
        reply.body["data"]["records"]
            .as_array()
            .map(|r| r.iter().filter_map(|o| o["id"].as_i64()).collect())
            .unwrap_or_default()
    };
    assert_eq!(
        ids(&app.post_as(&page("apply"), &maker, &json!({})).await?),
        vec![applied]
    );
    assert_eq!(
        ids(&app.post_as(&page("review"), &maker, &json!({})).await?),
        vec![reviewing]
    );
    assert_eq!(
        ids(&app
            .post_as(&page("all"), &maker, &json!({ "mobile": "13812345678" }))
            .await?),
        vec![reviewing, applied]
    );
    assert_eq!(
        ids(&app
            .post_as(&page("all"), &maker, &json!({ "plateNo": "a123" }))
            .await?),
        vec![reviewing, applied]
    );
    assert!(
        ids(&app
            .post_as(&page("all"), &maker, &json!({ "mobile": "13900000000" }))
            .await?)
        .is_empty()
    );
    // The last four digits, as the masked number in the list shows them.
    assert_eq!(
        ids(&app
            .post_as(&page("all"), &maker, &json!({ "mobile": "5678" }))
            .await?),
        vec![reviewing, applied]
    );
    let reply = app
        .post_as(&page("review"), &maker, &json!({ "status": "APPLIED" }))
        .await?;
    assert!(reply.field("status").is_some(), "{}", reply.text);
    // The customer page lists the customer's orders.
    let mine = app
        .post_as(
            "/api/admin/customer/order/page",
            &w.root,
            &json!({ "customerId": w.customer }),
        )
        .await?;
    assert_eq!(mine.body["data"]["total"], 2, "{}", mine.text);
    // A user with only the application list sees it and nothing else.
    let viewer = app
        .limited_admin(&w.root, "viewer", &["admin:order_apply:table"])
        .await?
        .token;
    assert_eq!(
        app.post_as(&page("apply"), &viewer, &json!({}))
            .await?
            .code(),
        200
    );
    for path in ["review", "queue", "all", "intake"] {
        assert_eq!(
            app.post_as(&page(path), &viewer, &json!({})).await?.code(),
            403,
            "{path}"
        );
    }
    let reply = app
        .post_as(&format!("{ORDER}/approve/{reviewing}"), &viewer, &json!({}))
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    // A capital user can accept only its own provider's orders.
    let provider = app
        .capital_user("别家资金方", "cp_user", "Cp-Pass-1")
        .await?;
    app.execute(&format!(
        "UPDATE capital_provider SET status = 'ACTIVE' WHERE id = {provider}"
    ))
    .await?;
    let cp = app.session("capital", "cp_user", "Cp-Pass-1").await?.token;
    ok(
        &app,
        &w.root,
        &format!("{ORDER}/approve/{reviewing}"),
        json!({}),
    )
    .await?;
    ok(
        &app,
        &w.root,
        &format!("{ORDER}/allocate"),
        json!({ "orderIds": [reviewing], "capitalProviderId": w.manual_cp }),
    )
    .await?;
    let reply = app
        .post_as(
            &format!("/api/capital/order/accept/{reviewing}"),
            &cp,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 404, "{}", reply.text);
    assert_eq!(
        view(&app, &w.root, reviewing).await?["order"]["status"],
        "ALLOCATED"
    );
    Ok(())
}

/// Invariant 16: the same application resent under the same key is answered from its first run
/// (one order); the key with another body is 422.
#[tokio::test]
async fn a_resent_application_creates_one_order() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let body = json!({ "customerId": w.customer, "vehicleId": w.vehicle, "productId": w.product,
                       "termN": 12, "requestedPremiumFen": 1_200_000 });
    let send = |body: Value| {
        app.client
            .post(app.url(&format!("{ORDER}/apply")))
            .header(testkit::TOKEN_HEADER, &w.root)
            .header("Idempotency-Key", "apply-7d1e")
            .json(&body)
            .send()
    };
    let first = testkit::Reply::read(send(body.clone()).await?).await?;
    assert_eq!(first.code(), 200, "{}", first.text);
    let again = testkit::Reply::read(send(body.clone()).await?).await?;
    assert_eq!(again.text, first.text);
    assert_eq!(again.header("idempotency-replayed"), Some("true"));
    let mut other = body;
    other["requestedPremiumFen"] = json!(1_300_000);
    let refused = testkit::Reply::read(send(other).await?).await?;
    assert_eq!(refused.code(), 422, "{}", refused.text);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM orders").await?, 1);
    // An order file needs an existing order.
    let reply = app
        .upload_as(
            "/api/admin/order/file/create",
            &w.root,
            &[("orderId", "999"), ("kind", "ID_FRONT")],
            "id.png",
            &crate::support::png(),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("orderId").is_some(), "{}", reply.text);
    Ok(())
}

#[tokio::test]
async fn order_clerks_get_the_active_products_insurers_and_providers_to_choose_from()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    // A newer DRAFT version of the product is not offered until it is activated.
    let terms = app
        .get_as("/api/admin/config/product/defaults", &w.root)
        .await?
        .body["data"]
        .clone();
    let reply = app
        .post_as(
            &format!("/api/admin/config/product/update/{}", w.product),
            &w.root,
            &json!({ "code": "CAR_12", "name": "车险分期标准产品（新版）", "terms": terms }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "draft: {}", reply.text);

    // Only the application screen's permission: no product, insurer or provider list of its own.
    let applicant = app
        .limited_admin(&w.root, "apply_only", &["admin:order_apply:table"])
        .await?
        .token;
    let reply = app.get_as(&format!("{ORDER}/choices"), &applicant).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let data = &reply.body["data"];
    let products = data["products"].as_array().cloned().unwrap_or_default();
    assert_eq!(products.len(), 1, "{products:?}");
    assert_eq!(products[0]["id"], w.product);
    assert_eq!(products[0]["productVersion"], 1);
    assert_eq!(products[0]["status"], "ACTIVE");
    assert_eq!(products[0]["name"], "车险分期标准产品");
    let insurers = data["insurers"].as_array().cloned().unwrap_or_default();
    assert!(
        insurers
            .iter()
            .any(|i| i["id"] == w.insurer && i["enabled"] == true),
        "{insurers:?}"
    );
    let providers = data["providers"].as_array().cloned().unwrap_or_default();
    let auto = providers.iter().find(|p| p["id"] == w.auto_cp);
    assert_eq!(
        auto.map(|p| (p["acceptMode"].clone(), p["creditLimitFen"].clone())),
        Some((json!("AUTO"), json!(100_000_000)))
    );
    assert!(providers.iter().any(|p| p["id"] == w.manual_cp));

    // The application page's own list answers for the same user; the product list does not.
    let reply = app
        .post_as(
            "/api/admin/config/product/page",
            &applicant,
            &json!({ "page": 1, "size": 10 }),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);

    // Someone without any order screen is refused.
    let outsider = app
        .limited_admin(&w.root, "customers_only", &["admin:customer:table"])
        .await?
        .token;
    let reply = app.get_as(&format!("{ORDER}/choices"), &outsider).await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    Ok(())
}
