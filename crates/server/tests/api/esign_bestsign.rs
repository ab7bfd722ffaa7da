//! Contracts signed on BestSign (上上签) as a client sees them: 电子签章接口配置 pointed at a fake
//! BestSign (`testkit::bestsign`, which verifies every request's RSA-SHA1 signature), the
//! owner's declaration sent there, then BestSign's notices — replayed, forged, out of order and
//! repeated — moving the contracts and the order on exactly once. Runs on the database
//! `BEEHIVE_TEST_DB` names.

use super::order_flow::{accepted, confirm_insurance, staff, status};
use super::orders::{ORDER, count, view, world};
use serde_json::{Value, json};
use testkit::TestApp;
use testkit::bestsign::{Call, FakeBestSign, generate_key_pem};

const SIG_UPDATE: &str = "/api/admin/config/signature/update";
const DEVELOPER: &str = "1588888888888";
const PLATFORM_CODE: &str = "91110000MA01ABCD2X";
const PLATFORM_MOBILE: &str = "13900000000";
const CAPITAL_CODE: &str = "91310000MA1FL0000X";
const CAPITAL_MOBILE: &str = "13900000002";
/// The customer of `orders::world`.
const CUSTOMER_MOBILE: &str = "13812345678";

/// Posts a notice `body` (its exact bytes) to `url` with `headers`; answers the envelope's
/// code (the HTTP status may be 200 for a refusal).
async fn notify(
    app: &TestApp,
    url: &str,
    body: &Value,
    headers: &[(&str, String)],
) -> anyhow::Result<i64> {
    let mut request = app
        .client
        .post(url)
        .header("content-type", "application/json")
        .body(body.to_string());
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    Ok(testkit::Reply::read(request.send().await?).await?.code())
}

fn signer_signed(flow_id: &str, sid: &str) -> Value {
    json!({ "action": "signContract", "params": {
        "contractId": flow_id, "account": CUSTOMER_MOBILE, "signerStatus": "2",
        "errMsg": "", "sid": sid } })
}

fn completed(flow_id: &str) -> Value {
    json!({ "action": "contractComplete", "params": { "contractId": flow_id } })
}

/// Status-log rows (contracts) and order status-log rows (the order): what a change leaves.
async fn logs(app: &TestApp, order: i64) -> anyhow::Result<(i64, i64)> {
    Ok((
        count(app, "SELECT COUNT(*) FROM status_log").await?,
        count(
            app,
            &format!("SELECT COUNT(*) FROM order_status_log WHERE order_id = {order}"),
        )
        .await?,
    ))
}

fn contract<'a>(order: &'a Value, id: &Value) -> &'a Value {
    order["contracts"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["id"] == *id))
        .unwrap_or(&Value::Null)
}

/// The `/contract/send/` call of contract `no` (by its `pushUrl`).
fn send_of<'a>(sends: &'a [Call], no: &str) -> anyhow::Result<&'a Call> {
    sends
        .iter()
        .find(|c| c.field("pushUrl").contains(&format!("/bestsign/{no}/")))
        .ok_or_else(|| anyhow::anyhow!("no /contract/send/ for {no}: {sends:?}"))
}

#[tokio::test]
async fn a_declaration_signed_on_bestsign_moves_the_order_on_once_whatever_the_notices()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let w = world(&app).await?;
    let s = staff(&app, &w).await?;
    let key = generate_key_pem(2048)?;
    let fake = FakeBestSign::start_for_key(DEVELOPER, &key)?;
    anyhow::ensure!(app.base.starts_with("http://127.0.0.1:"), "{}", app.base);

    // 电子签章接口配置: BestSign at the fake, notices back to this app.
    let reply = app
        .post_as(
            SIG_UPDATE,
            &w.root,
            &json!({ "kind": "bestsign", "endpoint": fake.base, "developerId": DEVELOPER,
                     "privateKey": key, "callbackBase": app.base,
                     "platformCreditCode": PLATFORM_CODE, "platformMobile": PLATFORM_MOBILE }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    // The AUTO provider's e-signature account: its credit code and contact mobile.
    let cp = w.auto_cp;
    let updated = app
        .execute(&format!(
            "UPDATE capital_esign_account SET org_name = '华夏消费金融', \
             credit_code = '{CAPITAL_CODE}', contact_mobile = '{CAPITAL_MOBILE}' \
             WHERE capital_provider_id = {cp}"
        ))
        .await?;
    if updated == 0 {
        app.execute(&format!(
            "INSERT INTO capital_esign_account (capital_provider_id, org_name, credit_code, \
             legal_representative, contact_mobile, status, created_at, updated_at, version) \
             VALUES ({cp}, '华夏消费金融', '{CAPITAL_CODE}', '李明', '{CAPITAL_MOBILE}', \
             'VERIFIED', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)"
        ))
        .await?;
    }

    // The declaration goes to BestSign: a flow per document, the signer's link from BestSign.
    let id = accepted(&app, &w, &s).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/declaration/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(made.code(), 200, "{}", made.text);
    let docs = made.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(docs.len(), 2, "{}", made.text);
    for doc in &docs {
        assert_eq!(doc["provider"], "bestsign", "{doc}");
        assert_eq!(doc["status"], "SIGNING", "{doc}");
        let flow = doc["flowId"].as_str().unwrap_or_default();
        assert!(flow.starts_with("CT-"), "{doc}");
        assert_eq!(
            doc["signers"][0]["signUrl"],
            format!("https://sign.example/{flow}/{CUSTOMER_MOBILE}"),
            "{doc}"
        );
    }
    assert!(fake.refused().is_empty(), "{:?}", fake.refused());
    let calls = fake.calls();
    let paths: Vec<&str> = calls.iter().map(Call::api_path).collect();
    assert_eq!(
        paths,
        [
            "/user/reg/",
            "/storage/contract/upload/",
            "/contract/send/",
            "/user/reg/",
            "/storage/contract/upload/",
            "/contract/send/",
        ]
    );
    assert!(
        calls.iter().all(
            |c| c.query.get("developerId").map(String::as_str) == Some(DEVELOPER)
                && c.query.contains_key("sign")
        ),
        "{calls:?}"
    );
    assert_eq!(calls[0].field("account"), CUSTOMER_MOBILE);
    assert_eq!(
        calls[0].body["credential"]["identity"],
        "11010519491231002X"
    );
    let sends = fake.calls_to("/contract/send/");
    let no = |d: &Value| d["contractNo"].as_str().unwrap_or_default().to_owned();
    let (a, b) = (&docs[0], &docs[1]);
    let (send_a, send_b) = (send_of(&sends, &no(a))?, send_of(&sends, &no(b))?);
    for (doc, send) in [(a, send_a), (b, send_b)] {
        assert_eq!(send.field("contractId"), doc["flowId"], "{send:?}");
        assert_eq!(
            send.field("sid"),
            doc["signers"][0]["id"].to_string(),
            "{send:?}"
        );
        assert!(
            send.field("pushUrl").starts_with(&format!(
                "{}/api/esign/notice/bestsign/{}/",
                app.base,
                no(doc)
            )),
            "{send:?}"
        );
    }
    let flow_a = a["flowId"].as_str().unwrap_or_default().to_owned();
    let flow_b = b["flowId"].as_str().unwrap_or_default().to_owned();
    let (push_a, push_b) = (send_a.field("pushUrl"), send_b.field("pushUrl"));
    let (sid_a, sid_b) = (send_a.field("sid"), send_b.field("sid"));

    // A signer's notice, replayed: the signer signed once, the contract still out for signing.
    let before = logs(&app, id).await?;
    for _ in 0..2 {
        assert_eq!(
            notify(&app, push_a, &signer_signed(&flow_a, sid_a), &[]).await?,
            200
        );
    }
    let order = view(&app, &s.maker, id).await?;
    let doc_a = contract(&order, &a["id"]);
    assert_eq!(doc_a["status"], "SIGNING", "{doc_a}");
    assert_eq!(doc_a["signers"][0]["status"], "SIGNED", "{doc_a}");
    assert_eq!(status(&order), "PENDING_DECLARATION");
    assert_eq!(logs(&app, id).await?, before);

    // Not from BestSign: a wrong secret in the address, with no or a bad signature header.
    let forged = format!(
        "{}{}",
        push_a.trim_end_matches(|c| c != '/'),
        "0".repeat(push_a.rsplit('/').next().unwrap_or_default().len())
    );
    assert_ne!(forged, push_a);
    assert_eq!(notify(&app, &forged, &completed(&flow_a), &[]).await?, 403);
    let bad = [("x-beehive-signature", "00".repeat(32))];
    assert_eq!(notify(&app, &forged, &completed(&flow_a), &bad).await?, 403);
    // Another contract's flow at this contract's address is not this contract's.
    assert_eq!(notify(&app, push_a, &completed(&flow_b), &[]).await?, 404);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(contract(&order, &a["id"])["status"], "SIGNING");
    assert_eq!(contract(&order, &b["id"])["status"], "SIGNING");
    assert_eq!(logs(&app, id).await?, before);

    // B completes before its signer's notice: signed, with BestSign's signed document.
    assert_eq!(notify(&app, push_b, &completed(&flow_b), &[]).await?, 200);
    let order = view(&app, &s.maker, id).await?;
    let doc_b = contract(&order, &b["id"]).clone();
    assert_eq!(doc_b["status"], "SIGNED", "{doc_b}");
    assert_eq!(doc_b["signedVia"], "ESIGN", "{doc_b}");
    assert_eq!(doc_b["signers"][0]["status"], "SIGNED", "{doc_b}");
    assert!(doc_b["signedSha256"].is_string(), "{doc_b}");
    assert_ne!(doc_b["signedSha256"], doc_b["renderedSha256"], "{doc_b}");
    let (code, signed) = app
        .get_bytes_as(
            &format!("{ORDER}/contract/file/{}?signed=true", b["id"]),
            &s.maker,
        )
        .await?;
    assert_eq!(code, 200);
    assert_eq!(Some(signed), fake.signed_document(&flow_b));
    assert_eq!(status(&order), "PENDING_DECLARATION");
    // Its signer's notice, late: nothing more to do.
    let after_b = logs(&app, id).await?;
    assert_eq!(
        notify(&app, push_b, &signer_signed(&flow_b, sid_b), &[]).await?,
        200
    );
    assert_eq!(logs(&app, id).await?, after_b);

    // A completes, notified at an address without the secret but signed the Beehive way: the
    // declaration is signed, the order awaits the insurer's confirmation.
    let adapter = service::interface::bestsign::BestSign::new(
        reqwest::Client::new(),
        service::clock::Clock::default(),
        &fake.base,
        DEVELOPER,
        &key,
    )
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    let done_a = completed(&flow_a);
    let header = [(
        service::interface::bestsign::NOTICE_SIGNATURE_HEADER,
        adapter.notice_signature(done_a.to_string().as_bytes()),
    )];
    assert_eq!(notify(&app, &forged, &done_a, &header).await?, 200);
    let order = view(&app, &s.maker, id).await?;
    assert_eq!(contract(&order, &a["id"])["status"], "SIGNED");
    assert_eq!(status(&order), "PENDING_INSURE_CONFIRM");
    let declared = count(
        &app,
        &format!(
            "SELECT COUNT(*) FROM order_status_log WHERE order_id = {id} \
             AND to_status = 'PENDING_INSURE_CONFIRM'"
        ),
    )
    .await?;
    assert_eq!(declared, 1);

    // A second completion: 200, nothing written again.
    let settled = logs(&app, id).await?;
    let files = count(&app, "SELECT COUNT(*) FROM stored_file").await?;
    assert_eq!(notify(&app, push_a, &done_a, &[]).await?, 200);
    assert_eq!(notify(&app, push_b, &completed(&flow_b), &[]).await?, 200);
    assert_eq!(logs(&app, id).await?, settled);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM stored_file").await?,
        files
    );
    assert_eq!(
        status(&view(&app, &s.maker, id).await?),
        "PENDING_INSURE_CONFIRM"
    );

    // The loan package: the provider signs by its e-signature account, the platform by
    // 电子签章接口配置 (organisations by credit code, each with a seal).
    confirm_insurance(&app, &s, id, 0).await?;
    let made = app
        .post_as(
            &format!("{ORDER}/contract/generate/{id}"),
            &s.maker,
            &json!({}),
        )
        .await?;
    assert_eq!(made.code(), 200, "{}", made.text);
    let loan = made.body["data"].as_array().cloned().unwrap_or_default();
    assert!(
        !loan.is_empty() && loan.iter().all(|c| c["provider"] == "bestsign"),
        "{}",
        made.text
    );
    let registered: Vec<(String, String)> = fake
        .calls_to("/user/reg/")
        .iter()
        .map(|c| {
            (
                c.field("account").to_owned(),
                c.field("userType").to_owned(),
            )
        })
        .collect();
    for (account, user_type) in [
        (CAPITAL_CODE, "2"),
        (PLATFORM_CODE, "2"),
        (CUSTOMER_MOBILE, "1"),
    ] {
        assert!(
            registered.contains(&(account.to_owned(), user_type.to_owned())),
            "{account}: {registered:?}"
        );
    }
    let org = fake
        .calls_to("/user/reg/")
        .into_iter()
        .find(|c| c.field("account") == CAPITAL_CODE)
        .map(|c| c.body["mobile"].clone());
    assert_eq!(org, Some(json!(CAPITAL_MOBILE)));
    let loan_contract = loan
        .iter()
        .find(|c| c["docKind"] == "LOAN_CONTRACT")
        .cloned()
        .unwrap_or_default();
    let roles: Vec<&str> = loan_contract["signers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["role"].as_str())
        .collect();
    assert_eq!(
        roles,
        ["CUSTOMER", "CAPITAL", "PLATFORM"],
        "{loan_contract}"
    );
    // The platform owns its contracts.
    let flow = loan_contract["flowId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let upload = fake
        .calls_to("/storage/contract/upload/")
        .into_iter()
        .find(|c| c.field("fname") == format!("{}.pdf", no(&loan_contract)));
    assert_eq!(
        upload.map(|c| c.body["account"].clone()),
        Some(json!(PLATFORM_CODE))
    );
    let links: Vec<String> = loan_contract["signers"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["signUrl"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(
        links,
        [CUSTOMER_MOBILE, CAPITAL_CODE, PLATFORM_CODE]
            .map(|a| format!("https://sign.example/{flow}/{a}"))
    );
    assert!(fake.refused().is_empty(), "{:?}", fake.refused());
    Ok(())
}
