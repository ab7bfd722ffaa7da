//! 逾期管理 as a client sees it (docs/overdue.md): the OVERDUE orders filtered by bucket and days
//! past due, its own permission, and collection notes (validated, newest first, audited).

use super::order_flow::staff;
use super::orders::{ORDER, count, world};
use super::repayments::{night, repay, repaying};
use serde_json::json;
use testkit::TestApp;

#[tokio::test]
async fn overdue_orders_are_listed_by_bucket_and_days_and_take_collection_notes()
-> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    app.set_business_date(chrono::NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default())
        .await?;
    let w = world(&app).await?;
    let mut s = staff(&app, &w).await?;
    app.limited_admin(
        &w.root,
        "viewer",
        &["admin:order_info:table", "admin:order_info:export"],
    )
    .await?;
    app.limited_admin(&w.root, "collector", &["admin:order_plan:table"])
        .await?;
    let paid = repaying(&app, &w, &s, "O1").await?;
    let late = repaying(&app, &w, &s, "O2").await?;
    night(&app, &mut s, "2026-03-01").await?;
    repay(&app, &s, paid, 88_849, "O-1", "2026-03-01").await?;
    night(&app, &mut s, "2026-03-06").await?;

    let page = |body: serde_json::Value| {
        let token = s.maker.clone();
        let app = &app;
        async move {
            app.post_as(&format!("{ORDER}/overdue/page"), &token, &body)
                .await
        }
    };
    let reply = page(json!({})).await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let rows = reply.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(rows.len(), 1, "{}", reply.text);
    assert_eq!(rows[0]["id"], late);
    assert_eq!(rows[0]["overdueDays"], 6);
    assert_eq!(rows[0]["bucket"], "M1");
    assert_eq!(rows[0]["outstandingFen"], 1_066_186 + 6 * 44);
    for (body, n) in [
        (json!({ "bucket": "M1" }), 1),
        (json!({ "bucket": "M2" }), 0),
        (json!({ "dpdFrom": 6, "dpdTo": 30 }), 1),
        (json!({ "dpdFrom": 7 }), 0),
    ] {
        let reply = page(body.clone()).await?;
        assert_eq!(reply.body["data"]["total"], n, "{body}: {}", reply.text);
    }
    let reply = page(json!({ "dpdFrom": 10, "dpdTo": 3 })).await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("dpdTo").is_some(), "{}", reply.text);

    // Its own permission: 综合业务 users without it see neither the list nor the notes.
    let viewer = app.session("admin", "viewer", "viewer-Pass-1").await?.token;
    let reply = app
        .post_as(&format!("{ORDER}/overdue/page"), &viewer, &json!({}))
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let reply = app
        .get_as(&format!("{ORDER}/collection/list/{late}"), &viewer)
        .await?;
    assert_eq!(reply.code(), 403, "{}", reply.text);
    let reply = app
        .post_as(&format!("{ORDER}/overdue/export"), &viewer, &json!({}))
        .await?;
    assert_eq!(
        reply.code(),
        403,
        "the export needs the list's permission: {}",
        reply.text
    );
    let collector = app
        .session("admin", "collector", "collector-Pass-1")
        .await?
        .token;
    let reply = app
        .post_as(&format!("{ORDER}/overdue/export"), &collector, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    // The sheet has the repayment columns: what is owed, the days past due and the bucket.
    let sheet = app.exported_sheet(&collector, &reply).await?;
    for header in [
        "已还（元）",
        "未还（元）",
        "下期应还日",
        "逾期天数",
        "逾期分档",
    ] {
        assert!(sheet.contains(header), "{header} in the export");
    }
    assert!(
        sheet.contains("<t>10664.50</t>"),
        "the outstanding 10 664.50: {sheet}"
    );
    assert!(sheet.contains("<t>M1</t>"), "the bucket");

    // A note: every wrong field at once, nothing stored; then two notes, newest first.
    let create = format!("{ORDER}/collection/create/{late}");
    let reply = app
        .post_as(
            &create,
            &s.maker,
            &json!({ "method": "FAX", "contact": "", "result": " ",
                     "promisedDate": "2026-03-05", "promisedFen": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["method", "contact", "result", "promisedDate", "promisedFen"] {
        assert!(reply.field(field).is_some(), "{field}: {}", reply.text);
    }
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM collection_note").await?,
        0
    );
    let reply = app
        .post_as(
            &create,
            &s.maker,
            &json!({ "method": "PHONE", "contact": "本人", "result": "无人接听" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let reply = app
        .post_as(
            &create,
            &s.checker,
            &json!({ "method": "PHONE", "contact": "本人", "result": "承诺 3 月 10 日还清本期",
                     "promisedDate": "2026-03-10", "promisedFen": 89_113 }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let notes = app
        .get_as(&format!("{ORDER}/collection/list/{late}"), &s.maker)
        .await?;
    let notes = notes.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(notes.len(), 2);
    assert_eq!(notes[0]["createdByName"], "checker");
    assert_eq!(notes[0]["promisedDate"], "2026-03-10");
    assert_eq!(notes[0]["promisedFen"], 89_113);
    assert_eq!(notes[1]["result"], "无人接听");
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM operation_log WHERE action = 'collection_note.create'"
        )
        .await?,
        2
    );
    // A repaying order takes notes too (a reminder before the next instalment).
    let reply = app
        .post_as(
            &format!("{ORDER}/collection/create/{paid}"),
            &s.maker,
            &json!({ "method": "SMS", "contact": "本人", "result": "提醒下期还款" }),
        )
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    Ok(())
}
