//! 运营管理: contract templates (versions, unknown variables, the PDF preview, the capital
//! users' scoped view), notice templates, and notice batches delivered in the background
//! (progress, SMS failures and retry, a restart in the middle). Runs on the database
//! `BEEHIVE_TEST_DB` names.

use serde_json::{Value, json};
use std::io::Read;
use std::time::{Duration, Instant};
use testkit::{CustomerFixture, TOKEN_HEADER, TestApp};

const CONTRACT: &str = "/api/admin/contract/template";
const NOTICE: &str = "/api/admin/notice/template";
const BATCH: &str = "/api/admin/notice/batch";

async fn count(app: &TestApp, sql: &str) -> anyhow::Result<i64> {
    let texts = app
        .column_texts(&format!("SELECT CAST(({sql}) AS TEXT)"))
        .await?;
    Ok(texts.first().and_then(|t| t.parse().ok()).unwrap_or(-1))
}

const LOAN_BODY: &str = "甲方（借款人）：{{customer.name}}\n证件号码：{{customer.idNo}}\n乙方（贷款人）：{{capital.name}}\n\n第一条 借款金额\n甲方向乙方借款人民币{{order.financedAmount}}元（大写：{{order.financedAmountUpper}}），分{{order.termCount}}期归还，用于支付车辆{{vehicle.plateNo}}的保险费。\n\n第二条 签署\n本合同自双方签署之日起生效。签署日期：{{today}}";

fn loan(code: &str) -> Value {
    json!({ "code": code, "name": "机动车保费分期借款合同", "docKind": "LOAN_CONTRACT", "body": LOAN_BODY })
}

#[tokio::test]
async fn contract_templates_are_versioned_and_checked() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    // A fresh installation has seven built-in ACTIVE templates, one per kind (the six it signs
    // with and the settlement certificate); this test
    // follows templates of its own from an empty list.
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(DISTINCT doc_kind) FROM contract_template \
             WHERE code LIKE 'BUILTIN_%' AND status = 'ACTIVE' AND capital_provider_id IS NULL"
        )
        .await?,
        7
    );
    app.execute("DELETE FROM contract_template").await?;

    // An unknown variable is refused, naming it; nothing is stored.
    let mut body = loan("LOAN_STD");
    body["body"] = json!("甲方：{{customer.nmae}}");
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(
        reply
            .field("body")
            .is_some_and(|m| m.contains("{{customer.nmae}}")),
        "{}",
        reply.text
    );
    assert!(reply.msg().contains("{{customer.nmae}}"));
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM contract_template").await?,
        0
    );
    // Unbalanced braces, an unknown kind, a provider that does not exist.
    body["body"] = json!("甲方：{{customer.name");
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    assert_eq!(
        reply.field("body").map(|_| 400),
        Some(400),
        "{}",
        reply.text
    );
    let mut body = loan("LOAN_STD");
    body["docKind"] = json!("CAR_LOAN");
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    assert!(reply.field("docKind").is_some(), "{}", reply.text);
    let mut body = loan("LOAN_STD");
    body["capitalProviderId"] = json!(9999);
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    assert!(reply.field("capitalProviderId").is_some(), "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{CONTRACT}/create"),
            &token,
            &json!({ "code": "x", "name": "n", "docKind": "LOAN_CONTRACT", "body": "b" }),
        )
        .await?;
    assert!(reply.field("code").is_some(), "{}", reply.text);

    // Permissions: the page alone reads but cannot create, save or activate.
    let reader = app
        .limited_admin(&token, "reader", &["admin:template_contract:table"])
        .await?
        .token;
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &reader, &loan("LOAN_STD"))
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);

    // Version 1 is a draft, saved in place.
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &loan("LOAN_STD"))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let v1 = reply.created_id()?;
    assert_eq!(reply.body["data"]["templateVersion"], 1);
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &loan("LOAN_STD"))
        .await?;
    assert_eq!(reply.code(), 409, "a code is unique: {}", reply.text);
    let mut edit = loan("LOAN_STD");
    edit["name"] = json!("机动车保费分期借款合同（2026版）");
    let reply = app
        .post_as(&format!("{CONTRACT}/update/{v1}"), &token, &edit)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(
        reply.body["data"],
        json!({ "id": v1, "templateVersion": 1, "newVersion": false })
    );
    for path in ["update", "activate", "retire"] {
        let reply = app
            .post_as(&format!("{CONTRACT}/{path}/{v1}"), &reader, &edit)
            .await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
    }

    // Activate v1; saving it again makes v2 (a draft) and leaves v1's text alone.
    let reply = app
        .post_as(&format!("{CONTRACT}/activate/{v1}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app
        .post_as(&format!("{CONTRACT}/activate/{v1}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let mut v2_body = edit.clone();
    v2_body["body"] = json!(format!(
        "{LOAN_BODY}\n第三条 其他\n合同编号：{{{{contract.no}}}}"
    ));
    let reply = app
        .post_as(&format!("{CONTRACT}/update/{v1}"), &token, &v2_body)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["templateVersion"], 2);
    assert_eq!(reply.body["data"]["newVersion"], true);
    let v2 = reply.created_id()?;
    assert_ne!(v1, v2);
    let view = app.get_as(&format!("{CONTRACT}/view/{v1}"), &token).await?;
    assert_eq!(view.body["data"]["body"], LOAN_BODY);
    assert_eq!(view.body["data"]["status"], "ACTIVE");
    let view = app.get_as(&format!("{CONTRACT}/view/{v2}"), &token).await?;
    assert_eq!(view.body["data"]["status"], "DRAFT");
    assert!(
        view.body["data"]["variables"]
            .as_array()
            .is_some_and(|v| v.iter().any(|n| n == "contract.no"))
    );
    // A second edit of the active version while a draft exists is refused.
    let reply = app
        .post_as(&format!("{CONTRACT}/update/{v1}"), &token, &v2_body)
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);

    // The list shows one row per code (the latest version) with the active version.
    let page = app
        .post_as(&format!("{CONTRACT}/page"), &token, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    assert_eq!(page.body["data"]["records"][0]["templateVersion"], 2);
    assert_eq!(page.body["data"]["records"][0]["activeVersion"], 1);

    // Activating v2 retires v1.
    let reply = app
        .post_as(&format!("{CONTRACT}/activate/{v2}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let versions = app
        .get_as(&format!("{CONTRACT}/versions/{v1}"), &token)
        .await?;
    let statuses: Vec<(i64, String)> = versions.body["data"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|v| {
                    (
                        v["templateVersion"].as_i64().unwrap_or_default(),
                        v["status"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(
        statuses,
        vec![(2, "ACTIVE".to_owned()), (1, "RETIRED".to_owned())]
    );
    let reply = app
        .post_as(&format!("{CONTRACT}/retire/{v1}"), &token, &json!({}))
        .await?;
    assert_eq!(
        reply.code(),
        409,
        "only an active version retires: {}",
        reply.text
    );
    let reply = app
        .post_as(&format!("{CONTRACT}/retire/{v2}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let page = app
        .post_as(
            &format!("{CONTRACT}/page"),
            &token,
            &json!({ "status": "RETIRED" }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    assert!(page.body["data"]["records"][0]["activeVersion"].is_null());

    // Every change is in the operation log.
    let actions = app
        .column_texts(
            "SELECT action FROM operation_log WHERE target_type = 'contract_template' ORDER BY id",
        )
        .await?;
    assert_eq!(
        actions,
        vec![
            "contract_template.create",
            "contract_template.update",
            "contract_template.activate",
            "contract_template.update",
            "contract_template.activate",
            "contract_template.retire",
        ]
    );
    // The catalogue offers the variables with Chinese descriptions.
    let catalogue = app
        .get_as(&format!("{CONTRACT}/catalogue"), &reader)
        .await?;
    let vars = &catalogue.body["data"]["variables"];
    assert!(vars.as_array().is_some_and(|v| {
        v.iter()
            .any(|v| v["name"] == "order.financedAmount" && v["label"] == "融资金额（元）")
    }));
    // 借款合同, 服务协议, 车主声明, 授权委托书, 代扣授权书, 个人信息授权书, 结清证明.
    assert_eq!(
        catalogue.body["data"]["docKinds"].as_array().map(Vec::len),
        Some(7)
    );
    Ok(())
}

/// Decompresses every FlateDecode stream of a PDF (what a reader does).
fn streams(pdf: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut at = 0;
    while let Some(start) = find(&pdf[at..], b"stream\n").map(|i| at + i + 7) {
        let Some(end) = find(&pdf[start..], b"endstream").map(|i| start + i) else {
            break;
        };
        let mut data = Vec::new();
        if flate2::read::ZlibDecoder::new(&pdf[start..end])
            .read_to_end(&mut data)
            .is_ok()
        {
            out.push(data);
        } else {
            out.push(pdf[start..end].to_vec());
        }
        at = end + b"endstream".len();
    }
    out
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

async fn pdf(app: &TestApp, path: &str, token: &str) -> anyhow::Result<(u16, String, Vec<u8>)> {
    let response = app
        .client
        .get(app.url(path))
        .header(TOKEN_HEADER, token)
        .send()
        .await?;
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    Ok((status, kind, response.bytes().await?.to_vec()))
}

#[tokio::test]
async fn the_preview_is_a_pdf_with_the_chinese_text() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let mut body = loan("LOAN_PDF");
    // Long enough for three pages.
    body["body"] = json!(format!("{LOAN_BODY}\n{}", "第X条 甲方应当按照还款计划表按期足额归还每期借款本金和利息，逾期未还的，乙方有权按照本合同约定收取逾期罚息，并可以要求甲方提前归还全部借款。\n".repeat(40)));
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    let id = reply.created_id()?;

    let started = Instant::now();
    let (status, kind, bytes) = pdf(&app, &format!("{CONTRACT}/preview/{id}"), &token).await?;
    assert_eq!(status, 200);
    assert_eq!(kind, "application/pdf");
    assert!(bytes.starts_with(b"%PDF-"), "not a PDF");
    assert!(started.elapsed() < Duration::from_secs(10));
    if let Ok(dir) = std::env::var("BEEHIVE_PDF_OUT") {
        std::fs::write(format!("{dir}/contract-preview.pdf"), &bytes)?;
    }
    // The font is embedded as a subset (tag + name) and far smaller than the 2 MB font file.
    assert!(find(&bytes, b"NotoSansSC").is_some(), "the font is named");
    assert!(
        find(&bytes, b"/FontFile2").is_some(),
        "the font is embedded"
    );
    assert!(
        bytes.len() < 400_000,
        "the font is subset: {} bytes",
        bytes.len()
    );
    // Three pages, each with "第 n 页 / 共 3 页".
    let pages = bytes
        .windows(11)
        .filter(|w| w.starts_with(b"/Type/Page") && w[10] != b's')
        .count();
    assert!(pages >= 3, "{pages}");
    // The ToUnicode map lets readers extract the text: the sample values and the text.
    let maps: Vec<String> = streams(&bytes)
        .into_iter()
        .map(|s| String::from_utf8_lossy(&s).into_owned())
        .filter(|s| s.contains("begincmap"))
        .collect();
    assert!(!maps.is_empty(), "a ToUnicode CMap");
    let all = maps.concat().to_uppercase();
    for c in "借款合同张三京共页".chars() {
        let hex = format!("<{:04X}>", u32::from(c));
        assert!(all.contains(&hex), "{c} ({hex}) is in the ToUnicode map");
    }
    // Not for a user without the page.
    let other = app
        .limited_admin(&token, "nobody", &["admin:notice_send:table"])
        .await?
        .token;
    let (_, kind, _) = pdf(&app, &format!("{CONTRACT}/preview/{id}"), &other).await?;
    assert!(kind.starts_with("application/json"), "{kind}");
    Ok(())
}

#[tokio::test]
async fn capital_users_see_only_their_active_templates() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    // Without the built-in templates: the list is this test's.
    app.execute("DELETE FROM contract_template").await?;
    let mine = app.capital_user("甲资金方", "cap_a", "Cap-Pass-1").await?;
    let theirs = app.capital_user("乙资金方", "cap_b", "Cap-Pass-1").await?;
    let mut ids = Vec::new();
    for (code, provider, activate) in [
        ("MINE", Some(mine), true),
        ("GENERAL", None, true),
        ("THEIRS", Some(theirs), true),
        ("DRAFT_GENERAL", None, false),
    ] {
        let mut body = loan(code);
        body["capitalProviderId"] = json!(provider);
        let reply = app
            .post_as(&format!("{CONTRACT}/create"), &token, &body)
            .await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
        let id = reply.created_id()?;
        if activate {
            let reply = app
                .post_as(&format!("{CONTRACT}/activate/{id}"), &token, &json!({}))
                .await?;
            assert_eq!(reply.code(), 200, "{}", reply.text);
        }
        ids.push(id);
    }
    let cap = app.session("capital", "cap_a", "Cap-Pass-1").await?.token;
    let list = app
        .get_as("/api/capital/contract/template/list", &cap)
        .await?;
    assert_eq!(list.code(), 200, "{}", list.text);
    let mut codes: Vec<String> = list.body["data"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|t| t["code"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default();
    codes.sort();
    assert_eq!(codes, vec!["GENERAL", "MINE"]);
    let (status, kind, bytes) = pdf(
        &app,
        &format!("/api/capital/contract/template/preview/{}", ids[0]),
        &cap,
    )
    .await?;
    assert_eq!((status, kind.as_str()), (200, "application/pdf"));
    assert!(bytes.starts_with(b"%PDF-"));
    for id in [ids[2], ids[3]] {
        let reply = app
            .get_as(
                &format!("/api/capital/contract/template/preview/{id}"),
                &cap,
            )
            .await?;
        assert_eq!(reply.code(), 404, "{}", reply.text);
    }
    // The capital token does not open the admin calls.
    let reply = app
        .post_as(&format!("{CONTRACT}/page"), &cap, &json!({}))
        .await?;
    assert_ne!(reply.code(), 200, "{}", reply.text);
    Ok(())
}

async fn sms_template(
    app: &TestApp,
    token: &str,
    code: &str,
    content: &str,
) -> anyhow::Result<i64> {
    let reply = app
        .post_as(
            "/api/admin/config/sms/template/create",
            token,
            &json!({ "code": code, "name": "保单到期提醒", "content": content, "enabled": true }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "sms template: {}", reply.text);
    reply.created_id()
}

async fn notice_template(app: &TestApp, token: &str, body: Value) -> anyhow::Result<i64> {
    let reply = app
        .post_as(&format!("{NOTICE}/create"), token, &body)
        .await?;
    anyhow::ensure!(reply.code() == 200, "notice template: {}", reply.text);
    reply.created_id()
}

fn customers(prefix: &str, n: usize) -> Vec<CustomerFixture> {
    (0..n)
        .map(|i| CustomerFixture {
            name: format!("{prefix}{i:05}"),
            mobile: format!("139{i:08}"),
            kind: if i % 2 == 0 {
                "INDIVIDUAL"
            } else {
                "ENTERPRISE"
            },
            status: "ENABLED",
        })
        .collect()
}

/// Polls a batch until it is FINISHED; answers its last view.
async fn finished(app: &TestApp, token: &str, id: i64) -> anyhow::Result<Value> {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let view = app.get_as(&format!("{BATCH}/view/{id}"), token).await?;
        anyhow::ensure!(view.code() == 200, "view: {}", view.text);
        if view.body["data"]["status"] == "FINISHED" {
            return Ok(view.body["data"].clone());
        }
        anyhow::ensure!(
            Instant::now() < deadline,
            "batch {id} did not finish: {}",
            view.text
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn notice_templates_are_checked() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let sms = sms_template(
        &app,
        &token,
        "POLICY_DUE",
        "尊敬的{{customer_name}}，您的保单将于{{dueDate}}到期",
    )
    .await?;
    let good = json!({ "code": "POLICY_DUE", "name": "保单到期提醒", "channel": "SMS",
        "content": "尊敬的{{customer.name}}，您的保单将于{{dueDate}}到期，请及时续保。", "smsTemplateId": sms, "enabled": true });

    let cases = [
        ("smsTemplateId", json!({ "smsTemplateId": null })),
        ("content", json!({ "content": "尊敬的{{customer.age}}" })),
        ("content", json!({ "content": "尊敬的{{customer.name" })),
        // The syntax before m0027 is refused rather than sent as text.
        ("content", json!({ "content": "尊敬的{customer.name}" })),
        (
            "smsTemplateId",
            json!({ "content": "尊敬的{{customer.name}}，请续保。" }),
        ),
        ("channel", json!({ "channel": "EMAIL" })),
        ("code", json!({ "code": "bad code" })),
    ];
    for (name, change) in cases {
        let mut body = good.clone();
        if let (Some(b), Some(c)) = (body.as_object_mut(), change.as_object()) {
            for (k, v) in c {
                b.insert(k.clone(), v.clone());
            }
        }
        let reply = app
            .post_as(&format!("{NOTICE}/create"), &token, &body)
            .await?;
        assert_eq!(reply.code(), 400, "{change}: {}", reply.text);
        assert!(
            reply.field(name).is_some(),
            "{change} names {name}: {}",
            reply.text
        );
    }
    // Nothing written: only the built-in demand notice (docs/surrenders.md) is there.
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM notice_template").await?,
        1
    );

    let reader = app
        .limited_admin(&token, "nreader", &["admin:notice_template:table"])
        .await?
        .token;
    let reply = app
        .post_as(&format!("{NOTICE}/create"), &reader, &good)
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);

    let id = notice_template(&app, &token, good.clone()).await?;
    let reply = app
        .post_as(&format!("{NOTICE}/create"), &token, &good)
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    // An in-app template needs no SMS template.
    let inapp = notice_template(
        &app,
        &token,
        json!({ "code": "WELCOME", "name": "欢迎", "channel": "IN_APP",
        "content": "{{customer.name}}您好，欢迎使用小蜜蜂。", "enabled": true }),
    )
    .await?;
    let page = app
        .post_as(
            &format!("{NOTICE}/page"),
            &reader,
            &json!({ "channel": "SMS" }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    let row = &page.body["data"]["records"][0];
    assert_eq!(row["smsTemplateCode"], "POLICY_DUE");
    assert_eq!(row["params"], json!(["dueDate"]));
    assert_eq!(row["sent"], false, "never sent: it can be deleted");

    let mut edit = good.clone();
    edit["enabled"] = json!(false);
    let reply = app
        .post_as(&format!("{NOTICE}/update/{id}"), &reader, &edit)
        .await?;
    assert_eq!(reply.code(), 403);
    let reply = app
        .post_as(&format!("{NOTICE}/update/{id}"), &token, &edit)
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app
        .post_as(&format!("{NOTICE}/delete/{inapp}"), &reader, &json!({}))
        .await?;
    assert_eq!(reply.code(), 403);
    let reply = app
        .post_as(&format!("{NOTICE}/delete/{inapp}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let actions = app
        .column_texts(
            "SELECT action FROM operation_log WHERE target_type = 'notice_template' ORDER BY id",
        )
        .await?;
    assert_eq!(
        actions,
        vec![
            "notice_template.create",
            "notice_template.create",
            "notice_template.update",
            "notice_template.delete"
        ]
    );
    Ok(())
}

#[tokio::test]
async fn a_filtered_send_to_two_thousand_customers_runs_in_the_background() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    app.insert_customers(&customers("批量客户", 2000)).await?;
    app.insert_customers(&customers("其他客户", 30)).await?;
    let template = notice_template(
        &app,
        &token,
        json!({ "code": "RENEWAL", "name": "续保提醒", "channel": "IN_APP",
        "content": "尊敬的{{customer.name}}，您的保单将于{{dueDate}}到期。", "enabled": true }),
    )
    .await?;

    // The picker counts what a filter reaches.
    let page = app
        .post_as(
            "/api/admin/notice/customer/page",
            &token,
            &json!({ "name": "批量", "size": 10 }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 2000, "{}", page.text);

    // Validation: missing value, nobody matching, a bad filter; nothing is queued.
    let send = |body: Value| {
        let app = &app;
        let token = token.clone();
        async move { app.post_as(&format!("{BATCH}/create"), &token, &body).await }
    };
    let reply =
        send(json!({ "templateId": template, "mode": "FILTER", "filter": { "name": "批量" } }))
            .await?;
    assert!(reply.field("params.dueDate").is_some(), "{}", reply.text);
    let reply = send(json!({ "templateId": template, "params": { "dueDate": "2026年12月31日" }, "mode": "FILTER", "filter": { "name": "无此人" } })).await?;
    assert!(reply.field("target").is_some(), "{}", reply.text);
    let reply = send(json!({ "templateId": template, "params": { "dueDate": "2026年12月31日" }, "mode": "FILTER", "filter": { "kind": "ROBOT" } })).await?;
    assert!(reply.field("filter.kind").is_some(), "{}", reply.text);
    let reply = send(json!({ "templateId": template, "params": { "dueDate": "x" }, "mode": "CUSTOMERS", "customerIds": [] })).await?;
    assert!(reply.field("customerIds").is_some(), "{}", reply.text);
    let reply = send(json!({ "templateId": template, "params": { "dueDate": "x" }, "mode": "CUSTOMERS", "customerIds": [999999] })).await?;
    assert!(
        reply
            .field("customerIds")
            .is_some_and(|m| m.contains("999999")),
        "{}",
        reply.text
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM notice_batch").await?, 0);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM notice_recipient").await?,
        0
    );
    let viewer = app
        .limited_admin(&token, "viewer", &["admin:notice_send:table"])
        .await?
        .token;
    let reply = app
        .post_as(&format!("{BATCH}/create"), &viewer, &json!({ "templateId": template, "params": { "dueDate": "x" }, "mode": "FILTER", "filter": {} }))
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);

    // The request answers at once with the batch; delivery runs behind it.
    let started = Instant::now();
    let reply = send(
        json!({ "templateId": template, "params": { "dueDate": "2026年12月31日" },
        "mode": "FILTER", "filter": { "name": "批量", "status": "ENABLED" } }),
    )
    .await?;
    let took = started.elapsed();
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["total"], 2000);
    assert!(took < Duration::from_secs(10), "the request took {took:?}");
    let id = reply.created_id()?;

    let done = finished(&app, &viewer, id).await?;
    assert_eq!(done["sent"], 2000, "{done}");
    assert_eq!(done["failed"], 0);
    assert_eq!(done["pending"], 0);
    assert_eq!(done["percent"], 100);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM customer_message").await?,
        2000
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(DISTINCT customer_id) FROM customer_message"
        )
        .await?,
        2000
    );
    let text = app
        .column_texts("SELECT m.content FROM customer_message m JOIN customer c ON c.id = m.customer_id WHERE c.name = '批量客户00007'")
        .await?;
    assert_eq!(
        text,
        vec!["尊敬的批量客户00007，您的保单将于2026年12月31日到期。"]
    );
    let list = app
        .post_as(&format!("{BATCH}/page"), &viewer, &json!({}))
        .await?;
    assert_eq!(
        list.body["data"]["records"][0]["sent"], 2000,
        "{}",
        list.text
    );
    let sent = app
        .post_as(
            &format!("{BATCH}/recipients/{id}"),
            &viewer,
            &json!({ "status": "SENT", "size": 5 }),
        )
        .await?;
    assert_eq!(sent.body["data"]["total"], 2000, "{}", sent.text);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM operation_log WHERE action = 'notice_send.create'"
        )
        .await?,
        1
    );
    // A template that was sent cannot be deleted.
    let reply = app
        .post_as(&format!("{NOTICE}/delete/{template}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    Ok(())
}

#[tokio::test]
async fn failed_sms_are_recorded_and_retried() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let ids = app.insert_customers(&customers("短信客户", 20)).await?;
    let sms = sms_template(
        &app,
        &token,
        "POLICY_DUE",
        "尊敬的{{customer_name}}，您的保单将于{{dueDate}}到期",
    )
    .await?;
    let template = notice_template(&app, &token, json!({ "code": "POLICY_DUE", "name": "保单到期提醒", "channel": "SMS",
        "content": "尊敬的{{customer.name}}，您的保单将于{{dueDate}}到期，请及时续保。", "smsTemplateId": sms, "enabled": true })).await?;
    // Aliyun, but the SMS template has no provider template id: every send fails.
    let reply = app
        .post_as(
            "/api/admin/config/interface/sms/update",
            &token,
            &json!({ "kind": "aliyun", "endpoint": "http://127.0.0.1:9", "accessKeyId": "LTAI5tTestId",
                     "accessKeySecret": "Fake-Secret-1", "signName": "小蜜蜂" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app
        .post_as(
            &format!("{BATCH}/create"),
            &token,
            &json!({ "templateId": template, "params": { "dueDate": "12月31日" },
            "mode": "CUSTOMERS", "customerIds": ids }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let id = reply.created_id()?;
    let done = finished(&app, &token, id).await?;
    assert_eq!(
        (done["sent"].as_i64(), done["failed"].as_i64()),
        (Some(0), Some(20)),
        "{done}"
    );
    let failed = app
        .post_as(
            &format!("{BATCH}/recipients/{id}"),
            &token,
            &json!({ "status": "FAILED", "size": 50 }),
        )
        .await?;
    assert_eq!(failed.body["data"]["total"], 20);
    let reason = failed.body["data"]["records"][0]["reason"]
        .as_str()
        .unwrap_or_default();
    assert!(reason.contains("服务商模板编号"), "{reason}");
    assert_eq!(
        failed.body["data"]["records"][0]["mobileMask"],
        "139****0000"
    );
    // Each attempt is in the usage records.
    assert_eq!(count(&app, "SELECT COUNT(*) FROM provider_usage WHERE template_code = 'POLICY_DUE' AND outcome = 'failure'").await?, 20);

    // Retry needs its permission; after switching to the outbox it sends them all.
    let viewer = app
        .limited_admin(&token, "viewer2", &["admin:notice_send:table"])
        .await?
        .token;
    let reply = app
        .post_as(&format!("{BATCH}/retry/{id}"), &viewer, &json!({}))
        .await?;
    assert_eq!(reply.code(), 403);
    let reply = app
        .post_as(
            "/api/admin/config/interface/sms/update",
            &token,
            &json!({ "kind": "outbox" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app
        .post_as(&format!("{BATCH}/retry/{id}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    assert_eq!(reply.body["data"]["requeued"], 20);
    let done = finished(&app, &token, id).await?;
    assert_eq!(
        (done["sent"].as_i64(), done["failed"].as_i64()),
        (Some(20), Some(0)),
        "{done}"
    );
    let outbox = app.beehive().outbox_latest("13900000003").await?;
    assert_eq!(
        outbox.as_deref(),
        Some("【小蜜蜂】尊敬的短信客户00003，您的保单将于12月31日到期")
    );
    let attempts = app
        .column_texts("SELECT CAST(MIN(attempts) AS TEXT) FROM notice_recipient")
        .await?;
    assert_eq!(attempts, vec!["2"]);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM provider_usage WHERE template_code = 'POLICY_DUE' AND outcome = 'success'").await?, 20);
    // Nothing left to retry.
    let reply = app
        .post_as(&format!("{BATCH}/retry/{id}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM operation_log WHERE action = 'notice_send.retry'"
        )
        .await?,
        1
    );
    Ok(())
}

/// An in-app notice to 1 500 new customers named `prefix…`, and the server stopped while it is
/// being delivered (what a crash or a deployment does); answers the batch id.
async fn interrupted_batch(app: &mut TestApp, prefix: &str) -> anyhow::Result<i64> {
    let token = app.admin_token().await?;
    app.insert_customers(&customers(prefix, 1500)).await?;
    let template = notice_template(
        app,
        &token,
        json!({ "code": "HELLO", "name": "问候", "channel": "IN_APP",
        "content": "{{customer.name}}您好", "enabled": true }),
    )
    .await?;
    let reply = app
        .post_as(
            &format!("{BATCH}/create"),
            &token,
            &json!({ "templateId": template, "mode": "FILTER", "filter": {} }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "batch: {}", reply.text);
    app.halt().await?;
    reply.created_id()
}

#[tokio::test]
async fn queued_notices_survive_a_restart() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let id = interrupted_batch(&mut app, "重启客户").await?;
    let pending = count(
        &app,
        "SELECT COUNT(*) FROM notice_recipient WHERE status = 'QUEUED'",
    )
    .await?;
    assert!(
        pending > 0,
        "the stop came before the end ({pending} queued)"
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notice_recipient WHERE status = 'SENDING'"
        )
        .await?,
        0
    );
    app.resume().await?;
    let token = app.admin_token().await?;
    let done = finished(&app, &token, id).await?;
    assert_eq!(done["sent"], 1500, "{done}");
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM customer_message").await?,
        1500
    );
    Ok(())
}

/// A worker that died holding claims leaves its recipients SENDING. Once a claim's 5-minute lease
/// has run out the next pass sends it; a claim still inside its lease is left to its worker. Each
/// customer gets the in-app message once (the message and the SENT mark commit together).
#[tokio::test]
async fn expired_claims_are_delivered_and_live_ones_left_alone() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let id = interrupted_batch(&mut app, "租约客户").await?;
    // While it is down: three queued recipients claimed an hour ago by a worker that is gone, two
    // claimed a moment ago by one that is still working.
    let queued = |offset: usize, n: usize| {
        format!(
            "SELECT id FROM notice_recipient WHERE status = 'QUEUED' ORDER BY id DESC \
             LIMIT {n} OFFSET {offset}"
        )
    };
    let gone = app
        .execute(&format!(
            "UPDATE notice_recipient SET status = 'SENDING', claim_token = 'gone', attempts = 1, \
             claimed_at = '2020-01-01 00:00:00+00:00' WHERE id IN ({})",
            queued(0, 3)
        ))
        .await?;
    let alive = app
        .execute(&format!(
            "UPDATE notice_recipient SET status = 'SENDING', claim_token = 'alive', attempts = 1, \
             claimed_at = updated_at WHERE id IN ({})",
            queued(0, 2)
        ))
        .await?;
    assert_eq!((gone, alive), (3, 2), "the stop came before the end");
    app.resume().await?;
    let token = app.admin_token().await?;

    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let left = count(
            &app,
            "SELECT COUNT(*) FROM notice_recipient WHERE status = 'QUEUED' OR claim_token = 'gone'",
        )
        .await?;
        if left == 0 {
            break;
        }
        anyhow::ensure!(Instant::now() < deadline, "{left} recipients still waiting");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let view = app.get_as(&format!("{BATCH}/view/{id}"), &token).await?;
    assert_eq!(view.body["data"]["sent"], 1498, "{}", view.text);
    assert_eq!(
        view.body["data"]["pending"], 2,
        "the live claims wait for their worker"
    );
    assert_ne!(view.body["data"]["status"], "FINISHED");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notice_recipient WHERE status = 'SENDING' AND claim_token = 'alive'"
        )
        .await?,
        2
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notice_recipient WHERE status = 'SENT' AND attempts = 2"
        )
        .await?,
        3,
        "the expired claims were taken again and sent"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM customer_message").await?,
        1498,
        "one message per customer sent"
    );
    Ok(())
}

#[tokio::test]
async fn a_notice_template_says_whether_it_was_sent() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let ids = app.insert_customers(&customers("已发客户", 2)).await?;
    let used = notice_template(
        &app,
        &token,
        json!({ "code": "USED", "name": "已用", "channel": "IN_APP",
        "content": "{{customer.name}}您好", "enabled": true }),
    )
    .await?;
    let unused = notice_template(
        &app,
        &token,
        json!({ "code": "UNUSED", "name": "未用", "channel": "IN_APP",
        "content": "{{customer.name}}您好", "enabled": true }),
    )
    .await?;
    let reply = app
        .post_as(
            &format!("{BATCH}/create"),
            &token,
            &json!({ "templateId": used, "params": {}, "mode": "CUSTOMERS", "customerIds": ids }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    finished(&app, &token, reply.created_id()?).await?;

    let page = app
        .post_as(&format!("{NOTICE}/page"), &token, &json!({}))
        .await?;
    let records = page.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let sent_of = |id: i64| {
        records
            .iter()
            .find(|r| r["id"] == id)
            .map(|r| r["sent"].clone())
    };
    assert_eq!(sent_of(used), Some(json!(true)), "{}", page.text);
    assert_eq!(sent_of(unused), Some(json!(false)), "{}", page.text);
    // What the list says is what delete answers.
    let reply = app
        .post_as(&format!("{NOTICE}/delete/{used}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 409, "{}", reply.text);
    let reply = app
        .post_as(&format!("{NOTICE}/delete/{unused}"), &token, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    app.stop().await
}

#[tokio::test]
async fn templates_stored_with_single_braces_read_with_double_braces_after_m0027()
-> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    let ids = app.insert_customers(&customers("迁移客户", 1)).await?;
    sms_template(
        &app,
        &token,
        "POLICY_DUE",
        "尊敬的{{customer_name}}，您的保单将于{{dueDate}}到期",
    )
    .await?;
    let notice = notice_template(
        &app,
        &token,
        json!({ "code": "WELCOME", "name": "欢迎", "channel": "IN_APP",
        "content": "{{customer.name}}您好，请于{{dueDate}}前续保。", "enabled": true }),
    )
    .await?;
    let reply = app
        .post_as(
            &format!("{BATCH}/create"),
            &token,
            &json!({ "templateId": notice, "params": { "dueDate": "12月31日" },
            "mode": "CUSTOMERS", "customerIds": ids }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    finished(&app, &token, reply.created_id()?).await?;

    // Back to the texts as they were stored before m0027, the built-ins as seeded, and a text
    // with a brace that is not a placeholder.
    app.halt().await?;
    for sql in [
        "UPDATE sms_template SET content = '尊敬的{customer_name}，您的保单将于{dueDate}到期' \
         WHERE code = 'POLICY_DUE'",
        "UPDATE sms_template SET content = '您的登录验证码为{code}，5分钟内有效。' \
         WHERE code = 'LOGIN_CODE'",
        "UPDATE notice_template SET content = '{customer.name}您好，请于{dueDate}前续保（{备注}）。' \
         WHERE code = 'WELCOME'",
        "UPDATE notice_template SET content = '尊敬的{customer.name}：订单{orderNo}已逾期' \
         WHERE code = 'DEMAND_NOTICE'",
        "UPDATE notice_batch SET content = '{customer.name}您好，请于{dueDate}前续保。'",
    ] {
        assert_eq!(app.execute(sql).await?, 1, "{sql}");
    }
    let undone = app
        .execute("DELETE FROM seaql_migrations WHERE version = 'm0027_double_brace_placeholders'")
        .await?;
    assert_eq!(undone, 1);
    app.resume().await?;

    let sms = app
        .post_as(
            "/api/admin/config/sms/template/page",
            &token,
            &json!({ "size": 50 }),
        )
        .await?;
    assert_eq!(sms.code(), 200, "{}", sms.text);
    let sms_content = |code: &str| {
        sms.body["data"]["records"]
            .as_array()
            .and_then(|r| r.iter().find(|t| t["code"] == code))
            .map(|t| t["content"].clone())
    };
    assert_eq!(
        sms_content("LOGIN_CODE"),
        Some(json!("您的登录验证码为{{code}}，5分钟内有效。"))
    );
    assert_eq!(
        sms_content("POLICY_DUE"),
        Some(json!(
            "尊敬的{{customer_name}}，您的保单将于{{dueDate}}到期"
        ))
    );
    let page = app
        .post_as(&format!("{NOTICE}/page"), &token, &json!({}))
        .await?;
    let notice_row = |code: &str| {
        page.body["data"]["records"]
            .as_array()
            .and_then(|r| r.iter().find(|t| t["code"] == code))
            .cloned()
            .unwrap_or_default()
    };
    let welcome = notice_row("WELCOME");
    assert_eq!(
        welcome["content"], "{{customer.name}}您好，请于{{dueDate}}前续保（{备注}）。",
        "{}",
        page.text
    );
    assert_eq!(welcome["params"], json!(["dueDate"]));
    assert_eq!(
        notice_row("DEMAND_NOTICE")["content"],
        "尊敬的{{customer.name}}：订单{{orderNo}}已逾期"
    );
    assert_eq!(
        app.column_texts("SELECT content FROM notice_batch").await?,
        ["{{customer.name}}您好，请于{{dueDate}}前续保。"]
    );

    // The rewritten template sends as before.
    let reply = app
        .post_as(
            &format!("{BATCH}/create"),
            &token,
            &json!({ "templateId": notice, "params": { "dueDate": "1月5日" },
            "mode": "CUSTOMERS", "customerIds": ids }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    finished(&app, &token, reply.created_id()?).await?;
    assert_eq!(
        app.column_texts("SELECT content FROM customer_message WHERE content LIKE '%1月5日%'")
            .await?,
        ["迁移客户00000您好，请于1月5日前续保（{备注}）。"]
    );
    app.stop().await
}

#[tokio::test]
async fn the_three_template_forms_report_every_field_error_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;

    // 短信模板: an empty name and a provider template number with a blank in it.
    let reply = app
        .post_as(
            "/api/admin/config/sms/template/create",
            &token,
            &json!({ "code": "RENEW_SOON", "name": " ", "content": "请于{{dueDate}}前续保",
                     "providerTemplateId": "SMS 123", "enabled": true }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert_eq!(
        reply.field("name"),
        Some("模板名称不能为空"),
        "{}",
        reply.text
    );
    assert!(
        reply.field("providerTemplateId").is_some(),
        "{}",
        reply.text
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM sms_template WHERE code = 'RENEW_SOON'"
        )
        .await?,
        0
    );

    // 通知模板: no name, an unknown channel and an unknown customer variable.
    let reply = app
        .post_as(
            &format!("{NOTICE}/create"),
            &token,
            &json!({ "code": "RENEW_SOON", "name": "", "channel": "EMAIL",
                     "content": "尊敬的{{customer.age}}", "enabled": true }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["name", "channel", "content"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert!(
        reply
            .field("content")
            .is_some_and(|m| m.contains("{{customer.age}}")),
        "{}",
        reply.text
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM notice_template WHERE code = 'RENEW_SOON'"
        )
        .await?,
        0
    );

    // 合同模板: no name, an unknown kind of document and a remark over 500 characters.
    let mut body = loan("LOAN_FIELDS");
    body["name"] = json!("");
    body["docKind"] = json!("MORTGAGE");
    body["remark"] = json!("备".repeat(501));
    let reply = app
        .post_as(&format!("{CONTRACT}/create"), &token, &body)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["name", "docKind", "remark"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM contract_template WHERE code = 'LOAN_FIELDS'"
        )
        .await?,
        0
    );
    app.stop().await
}
