//! Orders, part 2 as a client sees them: the owner's declaration signed on the local signing
//! page, the insurer's confirmation (within tolerance and re-quote), the contract package, the
//! down payment (maker ≠ checker, E1), premium payment applications and disbursement (E3, plan
//! ACTIVE, credit used), its reversal, the e-policies, cancellation with refund (E13) and the
//! deadline job; exactly-once under concurrency. Runs on the database `BEEHIVE_TEST_DB` names.

use super::orders::{ORDER, World, count, ok, submitted, view, world};
use serde_json::{Value, json};
use testkit::TestApp;

pub(crate) const PART2: &[&str] = &[
    "admin:order_apply:table",
    "admin:order_apply:create",
    "admin:order_info:table",
    "admin:order_info:edit",
    "admin:order_info:submit",
    "admin:order_info:review",
    "admin:order_info:cancel",
    "admin:assignment_queue:table",
    "admin:assignment_queue:allocate",
    "admin:order_info:declaration",
    "admin:order_info:insure",
    "admin:order_info:contract",
    "admin:order_info:down_payment",
    "admin:order_info:disburse",
    "admin:order_info:disburse_reverse",
    "admin:order_info:policy",
    "admin:order_premium:table",
    "admin:order_premium:create",
    "admin:order_premium:pay",
    "admin:order_info:repay",
    "admin:order_plan:reverse",
    "admin:order_plan:table",
    "admin:order_plan_reduction:table",
    "admin:order_plan_reduction:create",
    "admin:order_plan_reduction:approve",
    "admin:order_plan_recover:table",
    "admin:order_plan_recover:create",
    "admin:order_plan_recover:approve",
    "admin:order_refund:table",
    "admin:order_refund:approve",
    "admin:order_refund:settle",
];

pub(crate) struct Staff {
    pub(crate) maker: String,
    pub(crate) checker: String,
}

pub(crate) async fn staff(app: &TestApp, w: &World) -> anyhow::Result<Staff> {
    Ok(Staff {
        maker: app.limited_admin(&w.root, "maker", PART2).await?.token,
        checker: app.limited_admin(&w.root, "checker", PART2).await?.token,
    })
}

pub(crate) fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".to_vec()
}

/// An order accepted by the AUTO provider: PENDING_DECLARATION.
pub(crate) async fn accepted(app: &TestApp, w: &World, s: &Staff) -> anyhow::Result<i64> {
    let id = submitted(app, &s.maker, w).await?;
    ok(app, &s.checker, &format!("{ORDER}/approve/{id}"), json!({})).await?;
    ok(
        app,
        &s.checker,
        &format!("{ORDER}/allocate"),
        json!({ "orderIds": [id], "capitalProviderId": w.auto_cp }),
    )
    .await?;
    let status = view(app, &s.maker, id).await?["order"]["status"].clone();
    anyhow::ensure!(status == "PENDING_DECLARATION", "{status}");
    Ok(id)
}

/// The business date the server works on (YYYY-MM-DD).
pub(crate) async fn today(app: &TestApp) -> anyhow::Result<String> {
    Ok(app
        .beehive()
        .business_date()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?
        .to_string())
}

pub(crate) fn status(order: &Value) -> String {
    order["order"]["status"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Signs every pending signer of `contracts` on the local signing page.
async fn sign_all(app: &TestApp, contracts: &Value) -> anyhow::Result<()> {
    for c in contracts.as_array().into_iter().flatten() {
        for signer in c["signers"].as_array().into_iter().flatten() {
            let Some(url) = signer["signUrl"].as_str() else {
                continue;
            };
            let token = url.trim_start_matches("/sign/");
            let reply = app
                .post_json(
                    &format!("/api/sign/{token}"),
                    &json!({ "name": signer["name"], "agree": true }),
                )
                .await?;
            anyhow::ensure!(reply.code() == 200, "sign: {}", reply.text);
        }
    }
    Ok(())
}

/// The order declared, confirmed by the insurer and signed: PENDING_DOWN_PAYMENT.
async fn signed(app: &TestApp, w: &World, s: &Staff) -> anyhow::Result<i64> {
    let id = accepted(app, w, s).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/declaration/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    anyhow::ensure!(made.code() == 200, "{}", made.text);
    sign_all(app, &made.body["data"]).await?;
    confirm_insurance(app, s, id, 0).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/contract/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    anyhow::ensure!(made.code() == 200, "{}", made.text);
    sign_all(app, &made.body["data"]).await?;
    let order = view(app, &s.maker, id).await?;
    anyhow::ensure!(
        status(&order) == "PENDING_DOWN_PAYMENT",
        "{}",
        status(&order)
    );
    Ok(id)
}

/// The insurer's confirmation with every final premium moved by `delta` fen.
pub(crate) async fn confirm_insurance(
    app: &TestApp,
    s: &Staff,
    id: i64,
    delta: i64,
) -> anyhow::Result<Value> {
    let order = view(app, &s.maker, id).await?;
    let policies: Vec<Value> = order["policies"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            json!({
                "id": p["id"],
                "proposalNo": format!("TB{}{}", id, p["kind"].as_str().unwrap_or_default()),
                "finalPremiumFen": p["premiumFen"].as_i64().unwrap_or(0) + delta,
                "specialAgreement": "本保单退保须经出借人书面同意，退保保费支付至出借人指定账户。",
            })
        })
        .collect();
    let reply = app
        .post_as(
            &format!("{ORDER}/insure/{id}"),
            &s.maker,
            &json!({ "version": order["order"]["version"], "policies": policies }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "insure: {}", reply.text);
    Ok(reply.body["data"].clone())
}

async fn record_receipt(
    app: &TestApp,
    token: &str,
    id: i64,
    amount: i64,
    serial: &str,
) -> anyhow::Result<testkit::Reply> {
    app.multipart_as(
        &format!("{ORDER}/down-payment/record/{id}"),
        token,
        &[
            ("amountFen", &amount.to_string()),
            ("channel", "BANK_TRANSFER"),
            ("serialNo", serial),
            ("payer", "郭子豪"),
            ("valueDate", &today(app).await?),
        ],
        &[("voucher", "slip.pdf", &pdf())],
    )
    .await
}

/// The down payment recorded by the maker and confirmed by the checker: PENDING_DISBURSEMENT.
pub(crate) async fn paid(app: &TestApp, w: &World, s: &Staff, serial: &str) -> anyhow::Result<i64> {
    let id = signed(app, w, s).await?;
    let due = view(app, &s.maker, id).await?["dueAtDownPaymentFen"]
        .as_i64()
        .unwrap_or(0);
    let reply = record_receipt(app, &s.maker, id, due, serial).await?;
    anyhow::ensure!(reply.code() == 200, "{}", reply.text);
    let receipt = reply.body["data"]["id"].as_i64().unwrap_or(0);
    ok(
        app,
        &s.checker,
        &format!("{ORDER}/down-payment/confirm/{receipt}"),
        json!({}),
    )
    .await?;
    Ok(id)
}

pub(crate) async fn payee(app: &TestApp, w: &World) -> anyhow::Result<i64> {
    app.execute(&format!(
        "INSERT INTO insurer_account (insurer_id, bank_name, branch_name, account_name, \
         account_no_enc, account_no_mask, created_at, updated_at, version) VALUES ({}, \
         '中国工商银行', '北京分行营业部', '中国人民财产保险股份有限公司北京分公司', 'x', \
         '6222 **** **** 0001', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)",
        w.insurer
    ))
    .await?;
    count(
        app,
        &format!(
            "SELECT MAX(id) FROM insurer_account WHERE insurer_id = {}",
            w.insurer
        ),
    )
    .await
}

/// A premium payment application for `orders`, created by the maker, submitted and approved.
pub(crate) async fn approved_application(
    app: &TestApp,
    w: &World,
    s: &Staff,
    payee: i64,
    orders: &[i64],
) -> anyhow::Result<i64> {
    let reply = app
        .post_as(
            "/api/admin/premium/create",
            &s.maker,
            &json!({ "capitalProviderId": w.auto_cp, "insurerId": w.insurer,
                     "payeeAccountId": payee, "orderIds": orders }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "{}", reply.text);
    let app_id = reply.body["data"]["id"].as_i64().unwrap_or(0);
    ok(
        app,
        &s.maker,
        &format!("/api/admin/premium/submit/{app_id}"),
        json!({}),
    )
    .await?;
    ok(
        app,
        &s.maker,
        &format!("/api/admin/premium/approve/{app_id}"),
        json!({ "approvalNo": "HX-2026-0001" }),
    )
    .await?;
    Ok(app_id)
}

pub(crate) async fn pay(
    app: &TestApp,
    token: &str,
    app_id: i64,
    serial: &str,
) -> anyhow::Result<testkit::Reply> {
    app.multipart_as(
        &format!("/api/admin/premium/pay/{app_id}"),
        token,
        &[("bankSerialNo", serial), ("valueDate", &today(app).await?)],
        &[],
    )
    .await
}

async fn provider_credit(app: &TestApp, cp: i64) -> anyhow::Result<(i64, i64)> {
    Ok((
        count(
            app,
            &format!("SELECT credit_reserved_fen FROM capital_provider WHERE id = {cp}"),
        )
        .await?,
        count(
            app,
            &format!("SELECT credit_used_fen FROM capital_provider WHERE id = {cp}"),
        )
        .await?,
    ))
}

/// Every journal of the order balances per owner: Σ debits = Σ credits for each owner.
pub(crate) async fn ledger_balanced(app: &TestApp, id: i64) -> anyhow::Result<()> {
    let unbalanced = count(
        app,
        &format!(
            "SELECT COUNT(*) FROM (SELECT j.id, a.owner_type, a.owner_id, \
             SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END) AS net \
             FROM journal j JOIN posting p ON p.journal_id = j.id \
             JOIN ledger_account a ON a.id = p.account_id WHERE j.order_id = {id} \
             GROUP BY j.id, a.owner_type, a.owner_id) t WHERE net <> 0"
        ),
    )
    .await?;
    anyhow::ensure!(unbalanced == 0, "{unbalanced} unbalanced journal owners");
    Ok(())
}

#[tokio::test]
async fn an_order_goes_from_its_provider_to_repaying_through_every_step() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = accepted(&app, &w, &s).await?;

    // Declaration: two documents from the built-in templates, each to the customer.
    let made = app
        .post_as(
            &format!("{ORDER}/declaration/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(made.code(), 200, "{}", made.text);
    let docs = made.body["data"].clone();
    let kinds: Vec<&str> = docs
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["docKind"].as_str())
        .collect();
    assert_eq!(kinds, ["OWNER_DECLARATION", "POWER_OF_ATTORNEY"]);
    let first = &docs[0];
    assert_eq!(first["status"], "SIGNING");
    assert_eq!(first["signers"][0]["role"], "CUSTOMER");
    let url = first["signers"][0]["signUrl"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let token = url.trim_start_matches("/sign/").to_owned();
    // The signing page: masked name, the document's hash; a wrong name or no consent is refused.
    let page = app.get(&format!("/api/sign/{token}")).await?;
    assert_eq!(page.code(), 200, "{}", page.text);
    assert_eq!(page.body["data"]["signerName"], "郭*豪");
    assert_eq!(page.body["data"]["status"], "PENDING");
    assert_eq!(page.body["data"]["documentSha256"], first["renderedSha256"]);
    let reply = app
        .post_json(
            &format!("/api/sign/{token}"),
            &json!({ "name": "郭子", "agree": false }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply.field("name").is_some() && reply.field("agree").is_some(),
        "{}",
        reply.text
    );
    assert_eq!(app.get("/api/sign/0000").await?.code(), 404);
    let rendered = app
        .get_bytes_as(&format!("/api/sign/{token}/file"), "")
        .await?;
    assert_eq!(rendered.0, 200);
    assert!(rendered.1.starts_with(b"%PDF-"));
    sign_all(&app, &docs).await?;
    // Signing again answers the signature given; the order moved on (T12).
    let again = app
        .post_json(
            &format!("/api/sign/{token}"),
            &json!({ "name": "郭子豪", "agree": true }),
        )
        .await?;
    assert_eq!(again.body["data"]["status"], "SIGNED", "{}", again.text);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_INSURE_CONFIRM");
    let signed_doc = order["contracts"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["docKind"] == "OWNER_DECLARATION")
        .cloned()
        .unwrap_or_default();
    assert_eq!(signed_doc["status"], "SIGNED");
    assert_eq!(signed_doc["signedVia"], "ESIGN");
    assert_ne!(signed_doc["signedSha256"], signed_doc["renderedSha256"]);
    let (code, bytes) = app
        .get_bytes_as(
            &format!("{ORDER}/contract/file/{}?signed=true", signed_doc["id"]),
            &s.maker,
        )
        .await?;
    assert_eq!(code, 200);
    assert!(bytes.starts_with(b"%PDF-") && bytes.len() > rendered.1.len());

    // Insurance: every policy must be confirmed, with its proposal number.
    let reply = app
        .post_as(
            &format!("{ORDER}/insure/{id}"),
            &s.maker,
            &json!({ "version": order["order"]["version"], "policies": [
                { "id": order["policies"][0]["id"], "proposalNo": " ", "finalPremiumFen": 0,
                  "specialAgreement": "" } ] }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in [
        "policies[0].proposalNo",
        "policies[0].finalPremiumFen",
        "policies[0].specialAgreement",
    ] {
        assert!(reply.field(field).is_some(), "{field}: {}", reply.text);
    }
    // Within tolerance (+100 fen on each of two policies): confirmed, amounts follow.
    let outcome = confirm_insurance(&app, &s, id, 100).await?;
    assert_eq!(outcome["outcome"], "CONFIRMED");
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_SIGN");
    assert_eq!(order["order"]["totalPremiumFen"], 1_095_200);
    assert_eq!(order["order"]["downPaymentFen"], 95_200);
    assert_eq!(order["order"]["financedFen"], 1_000_000);
    assert_eq!(order["policies"][0]["status"], "UNDERWRITTEN");

    // The contract package: four documents; the loan contract has three signers.
    let made = app
        .post_as(
            &format!("{ORDER}/contract/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(made.code(), 200, "{}", made.text);
    let package = made.body["data"].clone();
    assert_eq!(package.as_array().map(Vec::len), Some(4));
    let loan = package
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| c["docKind"] == "LOAN_CONTRACT")
        .cloned()
        .unwrap_or_default();
    let roles: Vec<&str> = loan["signers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["role"].as_str())
        .collect();
    assert_eq!(roles, ["CUSTOMER", "CAPITAL", "PLATFORM"]);
    sign_all(&app, &package).await?;
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_DOWN_PAYMENT");
    // The plan is stored PENDING: the worked example (¥10 000, 12 × 1 %/month).
    assert_eq!(order["plan"]["status"], "PENDING");
    assert_eq!(order["plan"]["items"].as_array().map(Vec::len), Some(12));
    assert_eq!(order["plan"]["items"][0]["totalFen"], 88_849);
    assert_eq!(order["plan"]["interestFen"], 66_186);

    // Down payment: the amount must be what is due; the recorder cannot confirm.
    let due = order["dueAtDownPaymentFen"].as_i64().unwrap_or(0);
    let reply = record_receipt(&app, &s.maker, id, due - 1, "ICBC20261126001").await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("amountFen").is_some(), "{}", reply.text);
    let reply = record_receipt(&app, &s.maker, id, due, "ICBC20261126001").await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let receipt = reply.body["data"]["id"].as_i64().unwrap_or(0);
    assert!(reply.body["data"]["voucherFileId"].as_i64().is_some());
    let reply = app
        .post_as(
            &format!("{ORDER}/down-payment/confirm/{receipt}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    ok(
        &app,
        &s.checker,
        &format!("{ORDER}/down-payment/confirm/{receipt}"),
        json!({}),
    )
    .await?;
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_DISBURSEMENT");
    assert_eq!(order["receivedFen"], due);
    ledger_balanced(&app, id).await?;
    assert_eq!(
        count(&app, &format!("SELECT COUNT(*) FROM journal WHERE order_id = {id} AND event_type = 'DOWN_PAYMENT_RECEIVED'")).await?,
        1
    );

    // Premium payment: the creator may not pay; another user pays and the order is disbursed.
    let payee = payee(&app, &w).await?;
    let candidates = app
        .post_as("/api/admin/premium/candidates", &s.maker, &json!({}))
        .await?;
    assert_eq!(
        candidates.body["data"][0]["orders"][0]["id"], id,
        "{}",
        candidates.text
    );
    let app_id = approved_application(&app, &w, &s, payee, &[id]).await?;
    // The same order cannot go on a second application.
    let reply = app
        .post_as(
            "/api/admin/premium/create",
            &s.maker,
            &json!({ "capitalProviderId": w.auto_cp, "insurerId": w.insurer,
                     "payeeAccountId": payee, "orderIds": [id] }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let reply = pay(&app, &s.maker, app_id, "CMB-PAY-0001").await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let before = provider_credit(&app, w.auto_cp).await?;
    let reply = pay(&app, &s.checker, app_id, "CMB-PAY-0001").await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_POLICY");
    assert_eq!(order["plan"]["status"], "ACTIVE");
    ledger_balanced(&app, id).await?;
    assert_eq!(order["disbursement"]["amountFen"], 1_000_000);
    assert_eq!(order["premiumLine"]["status"], "PAID");
    let after = provider_credit(&app, w.auto_cp).await?;
    assert_eq!(
        (after.0, after.1),
        (before.0 - 1_000_000, before.1 + 1_000_000)
    );

    // 冲正: not by the user who disbursed; then the money and the plan go back.
    let reply = app
        .post_as(
            &format!("{ORDER}/disburse/reverse/{id}"),
            &s.checker,
            &json!({ "reason": "付款账户有误" }),
        )
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    ok(
        &app,
        &s.maker,
        &format!("{ORDER}/disburse/reverse/{id}"),
        json!({ "reason": "付款账户有误" }),
    )
    .await?;
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_DISBURSEMENT");
    assert_eq!(order["plan"]["status"], "PENDING");
    assert_eq!(order["disbursement"]["reversed"], true);
    ledger_balanced(&app, id).await?;
    assert_eq!(provider_credit(&app, w.auto_cp).await?, before);
    // Paid again on a new application, one order from 放款管理.
    let app_id = approved_application(&app, &w, &s, payee, &[id]).await?;
    let reply = app
        .post_as(
            &format!("{ORDER}/disburse/{id}"),
            &s.checker,
            &json!({ "serialNo": "CMB-PAY-0002", "valueDate": "2026-11-26" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let view_app = app
        .get_as(&format!("/api/admin/premium/view/{app_id}"), &s.maker)
        .await?;
    assert_eq!(
        view_app.body["data"]["application"]["status"], "PAID",
        "{}",
        view_app.text
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM disbursement WHERE order_id = {id} AND reversed_at IS NULL"
            )
        )
        .await?,
        1
    );

    // E-policies: PDF only; the last one makes the order REPAYING.
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_POLICY");
    let policies = order["policies"].as_array().cloned().unwrap_or_default();
    let reply = app
        .multipart_as(
            &format!("{ORDER}/policy/upload/{}", policies[0]["id"]),
            &s.maker,
            &[
                ("policyNo", "PDAA2026110000001"),
                ("startDate", "2026-01-31"),
                ("endDate", "2027-01-30"),
            ],
            &[("file", "policy.png", &super::support::png())],
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("file").is_some(), "{}", reply.text);
    for (i, p) in policies.iter().enumerate() {
        let no = format!("PDAA20261100000{i}");
        let reply = app
            .multipart_as(
                &format!("{ORDER}/policy/upload/{}", p["id"]),
                &s.maker,
                &[
                    ("policyNo", &no),
                    ("startDate", "2026-01-31"),
                    ("endDate", "2027-01-30"),
                ],
                &[("file", "policy.pdf", &pdf())],
            )
            .await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
    }
    let order = view(&app, &s.maker, id).await?;
    // The business date is past the first due dates (anchored 2026-01-31): already overdue.
    assert_eq!(status(&order), "OVERDUE", "{}", order["timeline"]);
    assert_eq!(order["policies"][1]["status"], "ISSUED");
    let events: Vec<&str> = order["timeline"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["event"].as_str())
        .collect();
    for event in [
        "DECLARATION_SIGNED",
        "INSURE_CONFIRMED",
        "CONTRACT_SIGNED",
        "DOWN_PAYMENT_CONFIRMED",
        "DISBURSED",
        "UNDO_DISBURSE",
        "POLICY_ISSUED",
    ] {
        assert!(events.contains(&event), "{event}: {events:?}");
    }
    ledger_balanced(&app, id).await?;
    // The provider's books: the loan principal of the order is the financed amount.
    let principal = count(
        &app,
        &format!(
            "SELECT SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             WHERE a.code = 'C.LOAN_PRINCIPAL' AND a.subledger_key = '{id}'"
        ),
    )
    .await?;
    // … less what the platform already advanced: the instalments more than the provider's 30 days
    // past due on the business date (docs/advances.md).
    let money = app.get_as(&format!("{ORDER}/money/{id}"), &s.maker).await?;
    let advanced: i64 = money.body["data"]["items"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|it| it["advanceClaimPrincipalFen"].as_i64().unwrap_or(0))
        .sum();
    assert!(advanced > 0, "{}", money.text);
    assert_eq!(principal, 1_000_000 - advanced);
    Ok(())
}

#[tokio::test]
async fn twenty_identical_confirmations_of_a_down_payment_post_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = signed(&app, &w, &s).await?;
    let due = view(&app, &s.maker, id).await?["dueAtDownPaymentFen"]
        .as_i64()
        .unwrap_or(0);
    // Twenty records of one bank serial number at once: one receipt.
    let records = (0..20).map(|_| record_receipt(&app, &s.maker, id, due, "ABC-SERIAL-20"));
    let replies = futures::future::join_all(records).await;
    let created = replies
        .iter()
        .filter(|r| r.as_ref().is_ok_and(|r| r.code() == 200))
        .count();
    assert_eq!(created, 1);
    for r in replies.iter().flatten() {
        assert!(r.code() == 200 || r.code() == 409, "{}", r.text);
    }
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM order_receipt WHERE serial_no = 'ABC-SERIAL-20'"
        )
        .await?,
        1
    );
    let receipt = count(
        &app,
        "SELECT id FROM order_receipt WHERE serial_no = 'ABC-SERIAL-20'",
    )
    .await?;
    let path = format!("{ORDER}/down-payment/confirm/{receipt}");
    let empty = json!({});
    let confirms = (0..20).map(|_| app.post_as(&path, &s.checker, &empty));
    let replies = futures::future::join_all(confirms).await;
    let done = replies
        .iter()
        .filter(|r| r.as_ref().is_ok_and(|r| r.code() == 200))
        .count();
    assert_eq!(done, 1);
    for r in replies.iter().flatten() {
        assert!(r.code() == 200 || r.code() == 409, "{}", r.text);
    }
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM journal WHERE order_id = {id}")
        )
        .await?,
        1
    );
    assert_eq!(
        count(&app, &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {id} AND event = 'DOWN_PAYMENT_CONFIRMED'")).await?,
        1
    );
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn an_order_is_disbursed_at_most_once_whatever_pays_it_at_the_same_time() -> anyhow::Result<()>
{
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = paid(&app, &w, &s, "DP-ONCE-1").await?;
    let payee = payee(&app, &w).await?;
    let app_id = approved_application(&app, &w, &s, payee, &[id]).await?;
    // Ten payments of the application and ten of the order from 放款管理, all at once.
    let mut calls = Vec::new();
    for i in 0..10 {
        calls.push(futures::future::Either::Left(pay(
            &app,
            &s.checker,
            app_id,
            "ONE-PAYMENT",
        )));
        let serial = format!("LINE-{i}");
        let (app, checker) = (&app, &s.checker);
        calls.push(futures::future::Either::Right(async move {
            app.post_as(
                &format!("{ORDER}/disburse/{id}"),
                checker,
                &json!({ "serialNo": serial, "valueDate": "2026-11-26" }),
            )
            .await
        }));
    }
    let replies = futures::future::join_all(calls).await;
    let done = replies
        .iter()
        .filter(|r| r.as_ref().is_ok_and(|r| r.code() == 200))
        .count();
    assert_eq!(
        done,
        1,
        "{:?}",
        replies
            .iter()
            .flatten()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM disbursement WHERE order_id = {id}")
        )
        .await?,
        1
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM journal WHERE order_id = {id} AND event_type = 'DISBURSEMENT'"
            )
        )
        .await?,
        1
    );
    assert_eq!(provider_credit(&app, w.auto_cp).await?.1, 1_000_000);
    ledger_balanced(&app, id).await?;
    Ok(())
}

#[tokio::test]
async fn a_premium_beyond_the_tolerance_goes_back_to_review_and_returns_to_its_provider()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = accepted(&app, &w, &s).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/declaration/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    sign_all(&app, &made.body["data"]).await?;
    let reserved = provider_credit(&app, w.auto_cp).await?.0;
    // +10 % on the commercial policy: beyond the default 5 %.
    let outcome = confirm_insurance(&app, &s, id, 100_000).await?;
    assert_eq!(outcome["outcome"], "REQUOTED");
    assert!(outcome["changeBp"].as_i64().unwrap_or(0) > 500, "{outcome}");
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "INTAKE_REVIEW");
    assert_eq!(order["order"]["totalPremiumFen"], 1_295_000);
    // The credit stays reserved; the declaration (with the old amounts) is void.
    assert_eq!(provider_credit(&app, w.auto_cp).await?.0, reserved);
    assert!(
        order["contracts"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|c| c["status"] == "VOIDED"),
        "{}",
        order["contracts"]
    );
    // Approved again: back to the same provider, the owner declares again.
    ok(
        &app,
        &s.checker,
        &format!("{ORDER}/approve/{id}"),
        json!({}),
    )
    .await?;
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "PENDING_DECLARATION");
    assert_eq!(order["order"]["capitalProviderId"], w.auto_cp);
    assert_eq!(provider_credit(&app, w.auto_cp).await?.0, reserved);
    assert_eq!(
        count(
            &app,
            &format!("SELECT COUNT(*) FROM allocation WHERE order_id = {id}")
        )
        .await?,
        1
    );
    Ok(())
}

#[tokio::test]
async fn money_received_is_refunded_before_an_order_is_cancelled() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = paid(&app, &w, &s, "DP-CANCEL-1").await?;
    let received = view(&app, &s.maker, id).await?["receivedFen"]
        .as_i64()
        .unwrap_or(0);
    assert!(received > 0);
    // On an application not yet paid (T31 removes its line).
    let payee = payee(&app, &w).await?;
    let app_id = approved_application(&app, &w, &s, payee, &[id]).await?;
    let reply = app
        .post_as(
            &format!("{ORDER}/cancel/{id}"),
            &s.maker,
            &json!({ "reason": "客户放弃投保" }),
        )
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert!(reply.msg().contains("退款"), "{}", reply.msg());
    let refund = json!({ "channel": "BANK_TRANSFER", "serialNo": "REFUND-0001",
                         "valueDate": "2026-11-26", "reason": "客户放弃投保，退还首付款" });
    let reply = app
        .post_as(&format!("{ORDER}/refund/{id}"), &s.maker, &refund)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["amountFen"], received);
    // Nothing is left to refund.
    let again = app
        .post_as(
            &format!("{ORDER}/refund/{id}"),
            &s.maker,
            &json!({ "channel": "BANK_TRANSFER",
            "serialNo": "REFUND-0002", "valueDate": "2026-11-26", "reason": "重复" }),
        )
        .await?;
    assert_eq!(again.code(), 409, "{}", again.text);
    ok(
        &app,
        &s.maker,
        &format!("{ORDER}/cancel/{id}"),
        json!({ "reason": "客户放弃投保" }),
    )
    .await?;
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(status(&order), "CANCELLED");
    assert_eq!(order["receivedFen"], 0);
    let application = app
        .get_as(&format!("/api/admin/premium/view/{app_id}"), &s.maker)
        .await?;
    assert_eq!(application.body["data"]["lines"][0]["status"], "REMOVED");
    assert_eq!(application.body["data"]["application"]["totalFen"], 0);
    assert_eq!(application.body["data"]["application"]["lineCount"], 0);
    assert_eq!(provider_credit(&app, w.auto_cp).await?, (0, 0));
    assert!(
        order["contracts"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|c| c["status"] == "VOIDED"),
        "{}",
        order["contracts"]
    );
    ledger_balanced(&app, id).await?;
    // The collection account is back where it was: received, then paid back.
    let collection = count(
        &app,
        &format!(
            "SELECT SUM(CASE WHEN p.side = 'D' THEN p.amount_fen ELSE -p.amount_fen END) \
             FROM posting p JOIN ledger_account a ON a.id = p.account_id \
             JOIN journal j ON j.id = p.journal_id \
             WHERE a.code = 'P.COLLECTION' AND j.order_id = {id}"
        ),
    )
    .await?;
    assert_eq!(collection, 0);
    Ok(())
}

#[tokio::test]
async fn an_order_not_paid_by_its_deadline_is_cancelled_by_the_daily_job() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = signed(&app, &w, &s).await?;
    let deadline = view(&app, &s.maker, id).await?;
    assert_eq!(status(&deadline), "PENDING_DOWN_PAYMENT");
    let reserved = provider_credit(&app, w.auto_cp).await?.0;
    assert_eq!(reserved, 1_000_000);
    let today = app
        .beehive()
        .business_date()
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    // On the last day it stays; the day after, it is cancelled and its credit released.
    let last = today + chrono::Days::new(3);
    app.set_business_date(last).await?;
    app.beehive()
        .run_daily_job("deadlines", last)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let sql = format!("SELECT status FROM orders WHERE id = {id}");
    assert_eq!(
        app.column_texts(&sql).await?.concat(),
        "PENDING_DOWN_PAYMENT"
    );
    app.set_business_date(last + chrono::Days::new(1)).await?;
    app.beehive()
        .run_daily_job("deadlines", last + chrono::Days::new(1))
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    assert_eq!(app.column_texts(&sql).await?.concat(), "CANCELLED");
    assert_eq!(provider_credit(&app, w.auto_cp).await?.0, 0);
    assert_eq!(
        app.column_texts(&format!(
            "SELECT actor_type FROM order_status_log WHERE order_id = {id} AND event = 'TIMEOUT'"
        ))
        .await?,
        ["SYSTEM"]
    );
    assert_eq!(
        count(
            &app,
            &format!(
                "SELECT COUNT(*) FROM order_contract WHERE order_id = {id} AND status <> 'VOIDED'"
            )
        )
        .await?,
        0
    );
    Ok(())
}

#[tokio::test]
async fn a_declaration_can_be_signed_on_paper_and_uploaded() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let id = accepted(&app, &w, &s).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/declaration/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    let docs = made.body["data"].as_array().cloned().unwrap_or_default();
    // Without the verification box: refused, nothing stored.
    let reply = app
        .multipart_as(
            &format!("{ORDER}/contract/upload/{}", docs[0]["id"]),
            &s.maker,
            &[],
            &[("file", "signed.pdf", &pdf())],
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("verified").is_some(), "{}", reply.text);
    for doc in &docs {
        let reply = app
            .multipart_as(
                &format!("{ORDER}/contract/upload/{}", doc["id"]),
                &s.maker,
                &[("verified", "true")],
                &[("file", "signed.pdf", &pdf())],
            )
            .await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
        assert_eq!(reply.body["data"]["signedVia"], "SCAN");
    }
    assert_eq!(
        status(&view(&app, &s.maker, id).await?),
        "PENDING_INSURE_CONFIRM"
    );
    // The old links stop working once the contract is signed on paper.
    let url = docs[0]["signers"][0]["signUrl"]
        .as_str()
        .unwrap_or_default();
    let page = app
        .get(&format!("/api/sign/{}", url.trim_start_matches("/sign/")))
        .await?;
    assert_eq!(page.body["data"]["status"], "CLOSED", "{}", page.text);
    Ok(())
}
