//! Customers as a client sees them: customers (masked personal data, exact search, show-full
//! audited, app password), vehicles, customer files; and the order-file service. Runs on the
//! database `BEEHIVE_TEST_DB` names.

use crate::support::{bare_order, png, type_id, with};
use serde_json::{Value, json};
use service::customer::order_files::{
    Examine, NewOrderFile, NewOrderFileApply, OrderFileApplyFilter, OrderFileFilter,
};
use service::files::NewFile;
use service::principal::{AccountKind, ClientInfo};
use testkit::{TOKEN_HEADER, TestApp, md5};

const FILE_CREATE: &str = "/api/admin/customer/file/create";

const ID_1: &str = "11010519491231002X";
const ID_2: &str = "320106199003071234";
const USCC: &str = "91350100M000100Y43";
const VIN_1: &str = "LSVAU218XN2183294";
const VIN_2: &str = "LFV2A21K3M4012345";

fn person() -> Value {
    json!({ "kind": "INDIVIDUAL", "name": "张三", "idType": "RESIDENT_ID", "idNo": ID_1,
            "mobile": "13812345678", "address": "北京市朝阳区建国路 88 号",
            "provinceCode": "110000", "cityCode": "110100", "districtCode": "110105",
            "bankName": "中国工商银行", "bankCard": "6222021234567890123" })
}

async fn create(app: &TestApp, token: &str, body: &Value) -> anyhow::Result<i64> {
    let reply = app
        .post_as("/api/admin/customer/create", token, body)
        .await?;
    anyhow::ensure!(reply.code() == 200, "create: {}", reply.text);
    reply.created_id()
}

async fn operation_log(app: &TestApp, root: &str) -> anyhow::Result<String> {
    let log = app
        .post_as(
            "/api/admin/logs/operation/page",
            root,
            &json!({ "size": 200 }),
        )
        .await?;
    Ok(log.body["data"]["records"].to_string())
}

fn code<T>(r: Result<T, service::Error>) -> Option<u16> {
    r.err().map(|e| e.code())
}

fn pdf() -> Vec<u8> {
    b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n".to_vec()
}

#[tokio::test]
async fn every_call_refuses_without_its_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let id = create(&app, &root, &person()).await?;
    let viewer = app
        .limited_admin(&root, "viewer", &["admin:customer:table"])
        .await?
        .token;
    let nobody = app
        .limited_admin(&root, "nobody", &["admin:role:table"])
        .await?
        .token;

    for path in ["/api/admin/customer/page", "/api/admin/customer/file/page"] {
        let body = json!({ "customerId": id });
        assert_eq!(
            app.post_as(path, &viewer, &body).await?.code(),
            200,
            "{path}"
        );
        assert_eq!(
            app.post_as(path, &nobody, &body).await?.code(),
            403,
            "{path}"
        );
    }
    let view = format!("/api/admin/customer/view/{id}");
    assert_eq!(app.post_as(&view, &viewer, &json!({})).await?.code(), 200);
    assert_eq!(app.post_as(&view, &nobody, &json!({})).await?.code(), 403);

    for (path, body) in [
        (
            "/api/admin/customer/create".to_owned(),
            with(person(), &json!({ "idNo": ID_2, "mobile": "13900000000" })),
        ),
        (format!("/api/admin/customer/update/{id}"), person()),
        (
            format!("/api/admin/customer/reveal/{id}"),
            json!({ "field": "mobile" }),
        ),
        (
            format!("/api/admin/customer/password/{id}"),
            json!({ "password": md5("Cust-Pass-1") }),
        ),
        ("/api/admin/customer/export".to_owned(), json!({})),
        (
            "/api/admin/customer/vehicle/create".to_owned(),
            json!({ "customerId": id, "plateNo": "京A12345", "vin": VIN_1, "usage": "PRIVATE" }),
        ),
        (
            "/api/admin/customer/vehicle/update/1".to_owned(),
            json!({ "plateNo": "京A12345", "vin": VIN_1, "usage": "PRIVATE" }),
        ),
        ("/api/admin/customer/vehicle/delete/1".to_owned(), json!({})),
        ("/api/admin/customer/file/delete/1".to_owned(), json!({})),
    ] {
        let reply = app.post_as(&path, &viewer, &body).await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
    }
    let refused = app
        .upload_as(
            FILE_CREATE,
            &viewer,
            &[("customerId", &id.to_string()), ("kind", "OTHER")],
            "a.png",
            &png(),
        )
        .await?;
    assert_eq!(refused.code(), 403, "{}", refused.text);
    for path in [
        "/api/admin/customer/file/preview/1",
        "/api/admin/customer/file/download/1",
    ] {
        assert_eq!(app.get_as(path, &nobody).await?.code(), 403, "{path}");
    }
    // Nothing changed: one customer, its data as created, no vehicle.
    let page = app
        .post_as("/api/admin/customer/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1);
    assert_eq!(page.body["data"]["records"][0]["name"], "张三");
    assert_eq!(page.body["data"]["records"][0]["passwordSet"], false);
    let view = app.post_as(&view, &root, &json!({})).await?;
    assert_eq!(view.body["data"]["vehicles"], json!([]));
    app.stop().await
}

#[tokio::test]
async fn customers_validation_masking_search_reveal_and_password() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;

    for (name, bad) in [
        ("idNo", json!({ "idNo": "110105194912310021" })),
        ("idNo", json!({ "idNo": "110105194902300027" })),
        ("idNo", json!({ "idNo": "1101051949" })),
        ("idNo", json!({ "idNo": "" })),
        ("mobile", json!({ "mobile": "12812345678" })),
        ("mobile", json!({ "mobile": "1381234567" })),
        ("mobile", json!({ "mobile": null })),
        ("kind", json!({ "kind": "ROBOT" })),
        ("idType", json!({ "idType": "LIBRARY_CARD" })),
        ("name", json!({ "name": " " })),
        ("bankCard", json!({ "bankCard": "6222-abc" })),
        ("bankName", json!({ "bankName": null })),
        ("provinceCode", json!({ "provinceCode": "北京" })),
    ] {
        let reply = app
            .post_as("/api/admin/customer/create", &root, &with(person(), &bad))
            .await?;
        assert_eq!(reply.code(), 400, "{name}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name}: {}", reply.text);
    }
    let enterprise = json!({ "kind": "ENTERPRISE", "name": "福州蜂巢物流有限公司",
        "creditCode": USCC, "mobile": "13911112222", "address": "福州市鼓楼区五四路 1 号" });
    for (name, bad) in [
        ("creditCode", json!({ "creditCode": "91350100M000100Y44" })),
        ("creditCode", json!({ "creditCode": null })),
    ] {
        let reply = app
            .post_as(
                "/api/admin/customer/create",
                &root,
                &with(enterprise.clone(), &bad),
            )
            .await?;
        assert_eq!(reply.code(), 400, "{name}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name}: {}", reply.text);
    }
    let page = app
        .post_as("/api/admin/customer/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 0, "nothing saved");

    let id = create(&app, &root, &person()).await?;
    let company = create(&app, &root, &enterprise).await?;
    // Duplicates: same ID number, same credit code (lower case too).
    let dup = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(
                person(),
                &json!({ "name": "李四", "mobile": "13700000000" }),
            ),
        )
        .await?;
    assert_eq!(dup.code(), 400, "{}", dup.text);
    assert!(
        dup.field("idNo").is_some_and(|m| m.contains("已登记")),
        "{}",
        dup.text
    );
    let dup = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(
                enterprise.clone(),
                &json!({ "creditCode": USCC.to_lowercase() }),
            ),
        )
        .await?;
    assert_eq!(dup.code(), 400, "{}", dup.text);
    assert!(dup.field("creditCode").is_some(), "{}", dup.text);

    // Stored encrypted, listed masked, customer number generated.
    let stored = app
        .column_texts("SELECT id_no_enc FROM customer WHERE kind = 'INDIVIDUAL'")
        .await?;
    assert!(
        stored
            .iter()
            .all(|s| s.starts_with("v1:") && !s.contains(ID_1)),
        "{stored:?}"
    );
    let page = app
        .post_as(
            "/api/admin/customer/page",
            &root,
            &json!({ "sort": { "field": "id", "order": "asc" } }),
        )
        .await?;
    let row = &page.body["data"]["records"][0];
    assert_eq!(row["idNo"], "110***********002X");
    assert_eq!(row["mobile"], "138****5678");
    assert_eq!(row["bankCard"], "6222***********0123");
    assert!(
        row["customerNo"]
            .as_str()
            .is_some_and(|n| n.starts_with('C') && n.len() == 15),
        "{row}"
    );
    assert!(!page.text.contains(ID_1) && !page.text.contains("13812345678"));

    // Search by the whole mobile, its last four digits or the masked number as the list shows
    // it; exact ID number or credit code; name contains; type filter.
    for (filter, expect) in [
        (json!({ "mobile": "13812345678" }), vec![id]),
        (json!({ "mobile": "1381234567" }), vec![]),
        (json!({ "mobile": "5678" }), vec![id]),
        (json!({ "mobile": " 5678 " }), vec![id]),
        (json!({ "mobile": "138****5678" }), vec![id]),
        (json!({ "mobile": "0000" }), vec![]),
        (json!({ "idNo": ID_1.to_lowercase() }), vec![id]),
        (json!({ "idNo": USCC }), vec![company]),
        (json!({ "name": "蜂巢" }), vec![company]),
        (json!({ "kind": "INDIVIDUAL" }), vec![id]),
        (json!({ "from": 0, "to": 1 }), vec![]),
    ] {
        let reply = app
            .post_as("/api/admin/customer/page", &root, &filter)
            .await?;
        assert_eq!(reply.code(), 200, "{filter}: {}", reply.text);
        let ids: Vec<i64> = reply.body["data"]["records"]
            .as_array()
            .map(|r| r.iter().filter_map(|x| x["id"].as_i64()).collect())
            .unwrap_or_default();
        assert_eq!(ids, expect, "{filter}");
    }
    // A kind filter is a dictionary code (a disabled one still finds old records): an unknown
    // code finds nothing, a malformed one is refused naming the field.
    let unknown = app
        .post_as("/api/admin/customer/page", &root, &json!({ "kind": "X" }))
        .await?;
    assert_eq!(unknown.code(), 200, "{}", unknown.text);
    assert_eq!(unknown.body["data"]["total"], 0);
    let bad = app
        .post_as(
            "/api/admin/customer/page",
            &root,
            &json!({ "kind": "X' OR 1=1" }),
        )
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.field("kind").is_some(), "{}", bad.text);

    // Export: its own permission, masked, logged.
    let export = app
        .post_as("/api/admin/customer/export", &root, &json!({}))
        .await?;
    assert_eq!(export.code(), 200, "{}", export.text);
    let sheet = app.exported_sheet(&root, &export).await?;
    assert!(
        sheet.contains("110***********002X") && sheet.contains("138****5678"),
        "{sheet}"
    );
    assert!(
        !sheet.contains(ID_1)
            && !sheet.contains("13812345678")
            && !sheet.contains("6222021234567890123")
    );
    assert!(sheet.contains("福州蜂巢物流有限公司") && sheet.contains("个人"));

    // Show full: its own permission, audited without the value.
    let reveal = format!("/api/admin/customer/reveal/{id}");
    for (f, full) in [
        ("idNo", ID_1),
        ("mobile", "13812345678"),
        ("bankCard", "6222021234567890123"),
    ] {
        let reply = app.post_as(&reveal, &root, &json!({ "field": f })).await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
        assert_eq!(reply.body["data"]["value"], full);
    }
    let bad = app
        .post_as(&reveal, &root, &json!({ "field": "password" }))
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.field("field").is_some());
    let log = operation_log(&app, &root).await?;
    assert!(
        log.contains("customer.reveal")
            && log.contains("customer.create")
            && log.contains("export")
    );
    assert!(
        !log.contains(ID_1) && !log.contains("13812345678") && !log.contains("6222021234567890123"),
        "{log}"
    );

    // Update: personal values left out are kept; a new mobile replaces the old.
    let update = format!("/api/admin/customer/update/{id}");
    let changed = app
        .post_as(
            &update,
            &root,
            &json!({ "kind": "INDIVIDUAL", "name": "张三丰", "idType": "RESIDENT_ID",
            "bankName": "中国工商银行", "kycStatus": "VERIFIED", "mobile": "13600001111" }),
        )
        .await?;
    assert_eq!(changed.code(), 200, "{}", changed.text);
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    let c = &view.body["data"]["customer"];
    assert_eq!(
        (c["name"].as_str(), c["idNo"].as_str()),
        (Some("张三丰"), Some("110***********002X"))
    );
    assert_eq!(
        (c["mobile"].as_str(), c["kycStatus"].as_str()),
        (Some("136****1111"), Some("VERIFIED"))
    );
    assert_eq!(c["bankCard"], "6222***********0123");
    let taken = app
        .post_as(
            &format!("/api/admin/customer/update/{company}"),
            &root,
            &with(
                enterprise.clone(),
                &json!({ "idType": "RESIDENT_ID", "idNo": ID_1 }),
            ),
        )
        .await?;
    assert_eq!(taken.code(), 400, "{}", taken.text);
    assert!(taken.field("idNo").is_some());
    let missing = app
        .post_as("/api/admin/customer/update/99999", &root, &person())
        .await?;
    assert_eq!(missing.code(), 404);

    // App password: MD5 hex only, stored as argon2, audited.
    let password = format!("/api/admin/customer/password/{id}");
    let bad = app
        .post_as(&password, &root, &json!({ "password": "123456" }))
        .await?;
    assert_eq!(bad.code(), 400);
    assert!(bad.field("password").is_some());
    let set = app
        .post_as(&password, &root, &json!({ "password": md5("Cust-Pass-1") }))
        .await?;
    assert_eq!(set.code(), 200, "{}", set.text);
    let hashes = app
        .column_texts(&format!(
            "SELECT password_hash FROM customer WHERE id = {id}"
        ))
        .await?;
    assert!(hashes[0].starts_with("$argon2id$"), "{hashes:?}");
    assert!(!hashes[0].contains(&md5("Cust-Pass-1")));
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(view.body["data"]["customer"]["passwordSet"], true);
    let log = operation_log(&app, &root).await?;
    assert!(log.contains("customer.set_password") && log.contains("customer.update"));
    app.stop().await
}

#[tokio::test]
async fn vehicle_form_reports_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let id = create(&app, &root, &person()).await?;
    let good = json!({ "customerId": id, "plateNo": "粤BD12345", "vin": VIN_1, "usage": "PRIVATE",
        "seats": 5, "registerDate": "2022-03-15" });
    let bad = with(
        good.clone(),
        &json!({ "plateNo": "AB12345", "vin": "LSVAU218XN218329", "usage": "SPACESHIP",
                 "seats": 0, "registerDate": "2022-02-30", "ownerIsCustomer": false }),
    );
    let reply = app
        .post_as("/api/admin/customer/vehicle/create", &root, &bad)
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in [
        "plateNo",
        "vin",
        "usage",
        "seats",
        "registerDate",
        "ownerName",
    ] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.msg(), reply.field("plateNo").unwrap_or_default());
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(
        view.body["data"]["vehicles"],
        json!([]),
        "nothing was added"
    );

    // On update: a VIN another vehicle has is named with the other mistakes.
    let first = app
        .post_as("/api/admin/customer/vehicle/create", &root, &good)
        .await?
        .created_id()?;
    let second = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &with(
                good.clone(),
                &json!({ "plateNo": "京A12345", "vin": VIN_2 }),
            ),
        )
        .await?
        .created_id()?;
    let mut fields = good.clone();
    if let Some(map) = fields.as_object_mut() {
        map.remove("customerId");
    }
    let reply = app
        .post_as(
            &format!("/api/admin/customer/vehicle/update/{second}"),
            &root,
            &with(fields, &json!({ "vin": VIN_1, "seats": 100 })),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert_eq!(
        reply.field("vin"),
        Some("该车架号（VIN）已登记在其他车辆上")
    );
    assert!(reply.field("seats").is_some(), "{}", reply.text);
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    let plates: Vec<&str> = view.body["data"]["vehicles"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v["plateNo"].as_str())
        .collect();
    assert!(
        plates.contains(&"京A12345"),
        "the second vehicle is unchanged: {plates:?}"
    );
    assert!(first > 0);
    app.stop().await
}

#[tokio::test]
async fn vehicles_are_checked_and_deleted_softly() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let id = create(&app, &root, &person()).await?;
    let other = create(
        &app,
        &root,
        &with(
            person(),
            &json!({ "name": "王五", "idNo": ID_2, "mobile": "13900000000" }),
        ),
    )
    .await?;
    let good = json!({ "customerId": id, "plateNo": "粤BD12345", "vin": VIN_1, "engineNo": "EA888123",
        "brandModel": "大众 帕萨特 2022", "usage": "PRIVATE", "seats": 5, "registerDate": "2022-03-15" });
    let tomorrow = (app.beehive().clock().now() + chrono::TimeDelta::days(2))
        .format("%Y-%m-%d")
        .to_string();
    for (name, bad) in [
        ("plateNo", json!({ "plateNo": "AB12345" })),
        ("plateNo", json!({ "plateNo": "京A1234" })),
        ("vin", json!({ "vin": "LSVAU2180N2183294" })),
        ("vin", json!({ "vin": "LSVAU218XN218329" })),
        ("vin", json!({ "vin": "LSVAU218XN21832O4" })),
        ("usage", json!({ "usage": "SPACESHIP" })),
        ("seats", json!({ "seats": 0 })),
        ("registerDate", json!({ "registerDate": tomorrow })),
        ("registerDate", json!({ "registerDate": "2022-02-30" })),
        ("ownerName", json!({ "ownerIsCustomer": false })),
        ("customerId", json!({ "customerId": null })),
    ] {
        let reply = app
            .post_as(
                "/api/admin/customer/vehicle/create",
                &root,
                &with(good.clone(), &bad),
            )
            .await?;
        assert_eq!(reply.code(), 400, "{name}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name}: {}", reply.text);
    }
    let unknown = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &with(good.clone(), &json!({ "customerId": 99999 })),
        )
        .await?;
    assert_eq!(unknown.code(), 404);

    let created = app
        .post_as("/api/admin/customer/vehicle/create", &root, &good)
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let vehicle = created.created_id()?;
    let dup = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &with(
                good.clone(),
                &json!({ "customerId": other, "plateNo": "京A12345" }),
            ),
        )
        .await?;
    assert_eq!(dup.code(), 400, "{}", dup.text);
    assert!(dup.field("vin").is_some());

    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    let v = &view.body["data"]["vehicles"][0];
    assert_eq!(v["plateNo"], "粤BD12345");
    assert_eq!(v["ownerName"], "张三", "the owner is the customer");
    assert_eq!(v["registerDate"], "2022-03-15");

    // An edit does not move the vehicle to another customer: its body has no customerId.
    let mut fields = good.clone();
    if let Some(map) = fields.as_object_mut() {
        map.remove("customerId");
    }
    let moved = app
        .post_as(
            &format!("/api/admin/customer/vehicle/update/{vehicle}"),
            &root,
            &with(fields.clone(), &json!({ "customerId": other })),
        )
        .await?;
    assert_eq!(moved.code(), 400, "{}", moved.text);
    assert!(moved.field("customerId").is_some(), "{}", moved.text);
    let edit = app
        .post_as(&format!("/api/admin/customer/vehicle/update/{vehicle}"), &root,
            &with(fields, &json!({ "plateNo": "粤B12345D", "ownerIsCustomer": false, "ownerName": "张小三", "usage": "OPERATING" })))
        .await?;
    assert_eq!(edit.code(), 200, "{}", edit.text);
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(view.body["data"]["vehicles"][0]["ownerName"], "张小三");
    assert_eq!(view.body["data"]["vehicles"][0]["usage"], "OPERATING");

    let deleted = app
        .post_as(
            &format!("/api/admin/customer/vehicle/delete/{vehicle}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(deleted.code(), 200, "{}", deleted.text);
    let again = app
        .post_as(
            &format!("/api/admin/customer/vehicle/delete/{vehicle}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(again.code(), 404);
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(view.body["data"]["vehicles"], json!([]));
    let kept = app
        .column_texts(&format!("SELECT vin FROM vehicle WHERE id = {vehicle}"))
        .await?;
    assert_eq!(kept, vec![VIN_1.to_owned()], "the row is kept");
    // The VIN is free again once its vehicle is deleted.
    let reused = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &with(good.clone(), &json!({ "customerId": other })),
        )
        .await?;
    assert_eq!(reused.code(), 200, "{}", reused.text);
    let second = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &with(
                good,
                &json!({ "vin": VIN_2, "plateNo": "浙A1234挂", "usage": "TRUCK" }),
            ),
        )
        .await?;
    assert_eq!(second.code(), 200, "{}", second.text);
    let log = operation_log(&app, &root).await?;
    for action in ["vehicle.create", "vehicle.update", "vehicle.delete"] {
        assert!(log.contains(action), "{action}");
    }
    app.stop().await
}

#[tokio::test]
async fn customer_files_upload_preview_download_and_soft_delete() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let id = create(&app, &root, &person()).await?;
    let sid = id.to_string();

    let fake = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "ID_FRONT")],
            "id.png",
            b"<svg></svg>",
        )
        .await?;
    assert_eq!(fake.code(), 400, "{}", fake.text);
    assert!(fake.field("file").is_some());
    let empty = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "ID_FRONT")],
            "id.png",
            b"",
        )
        .await?;
    assert_eq!(empty.code(), 400, "{}", empty.text);
    let big = {
        let mut b = png();
        b.resize(10 * 1024 * 1024 + 1, 0);
        b
    };
    let too_big = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "ID_FRONT")],
            "id.png",
            &big,
        )
        .await?;
    assert_eq!(too_big.code(), 400, "{}", too_big.text);
    assert!(
        too_big.field("file").is_some_and(|m| m.contains("10 MB")),
        "{}",
        too_big.text
    );
    let bad_kind = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "SELFIE")],
            "id.png",
            &png(),
        )
        .await?;
    assert_eq!(bad_kind.code(), 400);
    assert!(bad_kind.field("kind").is_some());
    let no_customer = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", "99999"), ("kind", "OTHER")],
            "id.png",
            &png(),
        )
        .await?;
    assert_eq!(no_customer.code(), 404);
    let listed = app
        .post_as(
            "/api/admin/customer/file/page",
            &root,
            &json!({ "customerId": id }),
        )
        .await?;
    assert_eq!(
        listed.body["data"]["total"], 0,
        "nothing stored by refusals"
    );

    let image = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[
                ("customerId", &sid),
                ("kind", "ID_FRONT"),
                ("remark", "正面"),
            ],
            "身份证 正面.png",
            &png(),
        )
        .await?;
    assert_eq!(image.code(), 200, "{}", image.text);
    let image_id = image.created_id()?;
    let doc = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "VEHICLE_LICENSE")],
            "行驶证.pdf",
            &pdf(),
        )
        .await?;
    assert_eq!(doc.code(), 200, "{}", doc.text);
    let doc_id = doc.created_id()?;

    let listed = app
        .post_as(
            "/api/admin/customer/file/page",
            &root,
            &json!({ "customerId": id }),
        )
        .await?;
    assert_eq!(listed.body["data"]["total"], 2, "{}", listed.text);
    let rows = listed.body["data"]["records"].to_string();
    assert!(
        rows.contains("身份证 正面.png") && rows.contains("application/pdf"),
        "{rows}"
    );
    let only = app
        .post_as(
            "/api/admin/customer/file/page",
            &root,
            &json!({ "customerId": id, "kind": "ID_FRONT" }),
        )
        .await?;
    assert_eq!(only.body["data"]["total"], 1);

    let preview = app
        .client
        .get(app.url(&format!("/api/admin/customer/file/preview/{image_id}")))
        .header(TOKEN_HEADER, &root)
        .send()
        .await?;
    assert_eq!(preview.status(), 200);
    assert_eq!(
        preview
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("image/png")
    );
    assert!(
        preview
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("inline"))
    );
    assert_eq!(preview.bytes().await?.to_vec(), png());
    let download = app
        .client
        .get(app.url(&format!("/api/admin/customer/file/download/{doc_id}")))
        .header(TOKEN_HEADER, &root)
        .send()
        .await?;
    assert_eq!(
        download
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("application/pdf")
    );
    assert!(
        download
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("attachment"))
    );
    assert_eq!(download.bytes().await?.to_vec(), pdf());

    let deleted = app
        .post_as(
            &format!("/api/admin/customer/file/delete/{image_id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(deleted.code(), 200, "{}", deleted.text);
    let again = app
        .post_as(
            &format!("/api/admin/customer/file/delete/{image_id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(again.code(), 404);
    let gone = app
        .get_as(
            &format!("/api/admin/customer/file/preview/{image_id}"),
            &root,
        )
        .await?;
    assert_eq!(gone.code(), 404, "{}", gone.text);
    let gone = app
        .get_as(
            &format!("/api/admin/customer/file/download/{image_id}"),
            &root,
        )
        .await?;
    assert_eq!(gone.code(), 404);
    let listed = app
        .post_as(
            "/api/admin/customer/file/page",
            &root,
            &json!({ "customerId": id }),
        )
        .await?;
    assert_eq!(listed.body["data"]["total"], 1);
    // The row is kept, marked with who deleted it and when; the stored object stays.
    let flags = app
        .column_texts(&format!("SELECT CAST(deleted_by AS TEXT) FROM customer_file WHERE id = {image_id} AND deleted_at IS NOT NULL"))
        .await?;
    assert_eq!(flags.len(), 1, "{flags:?}");
    let objects = app
        .column_texts("SELECT object_name FROM stored_file")
        .await?;
    assert_eq!(objects.len(), 2);
    assert!(
        objects.iter().all(|o| app.storage_dir.join(o).exists()),
        "{objects:?}"
    );
    let log = operation_log(&app, &root).await?;
    assert!(log.contains("customer_file.create") && log.contains("customer_file.delete"));
    app.stop().await
}

#[tokio::test]
async fn order_files_and_file_applications_in_the_service() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    for order in [7, 8] {
        bare_order(&app, order).await?;
    }
    let svc = app.beehive();
    let me = svc.authenticate(AccountKind::Admin, &root).await?;
    let client = ClientInfo {
        ip: None,
        user_agent: None,
        request_id: None,
    };
    let viewer_token = app
        .limited_admin(&root, "order_viewer", &["admin:order_info:table"])
        .await?
        .token;
    let viewer = svc.authenticate(AccountKind::Admin, &viewer_token).await?;
    let file = |name: &str, bytes: Vec<u8>| NewFile {
        file_name: name.to_owned(),
        bytes: bytes.into(),
    };

    // Adding: permission, kind, content.
    let new = |kind: &str, f: NewFile| NewOrderFile {
        order_id: 7,
        kind: kind.to_owned(),
        remark: None,
        file: f,
    };
    assert_eq!(
        code(
            svc.create_order_file(&viewer, &client, new("CONTRACT", file("c.pdf", pdf())))
                .await
        ),
        Some(403)
    );
    assert_eq!(
        code(
            svc.create_order_file(&me, &client, new("NOPE", file("c.pdf", pdf())))
                .await
        ),
        Some(400)
    );
    assert_eq!(
        code(
            svc.create_order_file(
                &me,
                &client,
                new("CONTRACT", file("c.svg", b"<svg/>".to_vec()))
            )
            .await
        ),
        Some(400)
    );
    let contract = svc
        .create_order_file(&me, &client, new("CONTRACT", file("合同.pdf", pdf())))
        .await?;
    let other_order = svc
        .create_order_file(
            &me,
            &client,
            NewOrderFile {
                order_id: 8,
                ..new("E_POLICY", file("保单.pdf", pdf()))
            },
        )
        .await?;
    let page = |order_id| OrderFileFilter {
        order_id: Some(order_id),
        kind: None,
    };
    let listed = svc
        .order_file_page(&viewer, &Default::default(), &page(7))
        .await?;
    assert_eq!(listed.total, 1);
    assert_eq!(listed.records[0].file_name, "合同.pdf");
    assert_eq!(listed.records[0].sha256.len(), 64);
    assert!(svc.open_order_file(&viewer, contract).await.is_ok());

    // Applications: replace the contract; a file of another order cannot be replaced.
    let apply = |replaces: Option<i64>, f: NewFile| NewOrderFileApply {
        order_id: 7,
        kind: "CONTRACT".to_owned(),
        replaces_id: replaces,
        reason: Some("重新签署".to_owned()),
        file: f,
    };
    let wrong = svc
        .apply_order_file(&me, &client, apply(Some(other_order), file("x.pdf", pdf())))
        .await;
    assert_eq!(code(wrong), Some(400));
    let first = svc
        .apply_order_file(
            &me,
            &client,
            apply(Some(contract), file("合同-新.pdf", pdf())),
        )
        .await?;
    let second = svc
        .apply_order_file(&me, &client, apply(None, file("补充.png", png())))
        .await?;
    let pending = OrderFileApplyFilter {
        order_id: Some(7),
        status: Some("PENDING".to_owned()),
    };
    assert_eq!(
        svc.order_file_apply_page(&viewer, &Default::default(), &pending)
            .await?
            .total,
        2
    );
    assert!(svc.open_order_file_apply(&viewer, first).await.is_ok());

    // Examine: its own permission; a rejection needs a reason; one decision only.
    assert_eq!(
        code(
            svc.examine_order_file_apply(&viewer, &client, first, Examine::Approve)
                .await
        ),
        Some(403)
    );
    assert_eq!(
        code(
            svc.examine_order_file_apply(&me, &client, second, Examine::Reject(" ".to_owned()))
                .await
        ),
        Some(400)
    );
    let made = svc
        .examine_order_file_apply(&me, &client, first, Examine::Approve)
        .await?;
    assert!(made.is_some());
    assert_eq!(
        code(
            svc.examine_order_file_apply(&me, &client, first, Examine::Reject("晚了".to_owned()))
                .await
        ),
        Some(409)
    );
    assert_eq!(
        svc.examine_order_file_apply(
            &me,
            &client,
            second,
            Examine::Reject("图片不清晰".to_owned())
        )
        .await?,
        None
    );

    let listed = svc
        .order_file_page(&viewer, &Default::default(), &page(7))
        .await?;
    assert_eq!(listed.total, 1, "the new contract replaced the old");
    assert_eq!(Some(listed.records[0].id), made);
    assert_eq!(listed.records[0].file_name, "合同-新.pdf");
    assert_eq!(listed.records[0].apply_id, Some(first));
    assert_eq!(
        code(svc.open_order_file(&viewer, contract).await),
        Some(404),
        "the replaced file is deleted"
    );
    let all = svc
        .order_file_apply_page(
            &viewer,
            &Default::default(),
            &OrderFileApplyFilter {
                order_id: Some(7),
                status: None,
            },
        )
        .await?;
    let statuses: Vec<(i64, String, String)> = all
        .records
        .iter()
        .map(|r| {
            (
                r.apply.id,
                r.apply.status.clone(),
                r.apply.reject_reason.clone(),
            )
        })
        .collect();
    assert!(
        statuses.contains(&(first, "APPROVED".to_owned(), String::new())),
        "{statuses:?}"
    );
    assert!(
        statuses.contains(&(second, "REJECTED".to_owned(), "图片不清晰".to_owned())),
        "{statuses:?}"
    );

    // Delete: soft, once; then 404 on open; the row stays.
    assert_eq!(
        code(svc.delete_order_file(&viewer, &client, other_order).await),
        Some(403)
    );
    svc.delete_order_file(&me, &client, other_order).await?;
    assert_eq!(
        code(svc.delete_order_file(&me, &client, other_order).await),
        Some(404)
    );
    assert_eq!(code(svc.open_order_file(&me, other_order).await), Some(404));
    assert_eq!(
        svc.order_file_page(&me, &Default::default(), &page(8))
            .await?
            .total,
        0
    );
    let rows = app
        .column_texts(&format!(
            "SELECT kind FROM order_file WHERE id = {other_order} AND deleted_at IS NOT NULL"
        ))
        .await?;
    assert_eq!(rows, vec!["E_POLICY".to_owned()]);
    let log = operation_log(&app, &root).await?;
    for action in [
        "order_file.create",
        "order_file.delete",
        "order_file_apply.create",
        "order_file_apply.approve",
        "order_file_apply.reject",
    ] {
        assert!(log.contains(action), "{action}");
    }
    app.stop().await
}

/// Adds an item to the dictionary type `type_code` through the dictionary API.
async fn add_dict_item(
    app: &TestApp,
    root: &str,
    type_code: &str,
    code: &str,
    label: &str,
    enabled: bool,
) -> anyhow::Result<()> {
    let type_id = type_id(app, root, type_code).await?;
    let created = app
        .post_as(
            "/api/admin/dictionary/item/create",
            root,
            &json!({ "typeId": type_id, "code": code, "labelZh": label, "labelEn": code, "sort": 90, "enabled": enabled }),
        )
        .await?;
    anyhow::ensure!(created.code() == 200, "item: {}", created.text);
    Ok(())
}

#[tokio::test]
async fn dictionary_backed_codes_follow_the_dictionary() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let id = create(&app, &root, &person()).await?;
    let sid = id.to_string();

    // A customer-file kind an administrator adds is accepted at once; a disabled or unknown
    // one is refused naming `kind`, and nothing is stored.
    add_dict_item(
        &app,
        &root,
        "customer_file_kind",
        "BANK_STATEMENT",
        "银行流水",
        true,
    )
    .await?;
    add_dict_item(
        &app,
        &root,
        "customer_file_kind",
        "OLD_FORM",
        "旧版申请表",
        false,
    )
    .await?;
    let accepted = app
        .upload_as(
            FILE_CREATE,
            &root,
            &[("customerId", &sid), ("kind", "BANK_STATEMENT")],
            "流水.pdf",
            &pdf(),
        )
        .await?;
    assert_eq!(accepted.code(), 200, "{}", accepted.text);
    for kind in ["OLD_FORM", "SELFIE", ""] {
        let refused = app
            .upload_as(
                FILE_CREATE,
                &root,
                &[("customerId", &sid), ("kind", kind)],
                "x.pdf",
                &pdf(),
            )
            .await?;
        assert_eq!(refused.code(), 400, "{kind}: {}", refused.text);
        assert!(refused.field("kind").is_some(), "{kind}: {}", refused.text);
    }
    let stored = app
        .column_texts(&format!(
            "SELECT kind FROM customer_file WHERE customer_id = {id}"
        ))
        .await?;
    assert_eq!(stored, vec!["BANK_STATEMENT".to_owned()]);
    let listed = app
        .post_as(
            "/api/admin/customer/file/page",
            &root,
            &json!({ "customerId": id, "kind": "BANK_STATEMENT" }),
        )
        .await?;
    assert_eq!(listed.body["data"]["total"], 1, "{}", listed.text);

    // ID type, customer kind and vehicle usage read the dictionary too; the codes the code
    // relies on keep their meaning (RESIDENT_ID is checksummed, ENTERPRISE needs a credit code).
    add_dict_item(&app, &root, "id_type", "MILITARY_ID", "军官证", true).await?;
    let officer = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(
                person(),
                &json!({ "idType": "MILITARY_ID", "idNo": "JG-20231234", "mobile": "13700001111" }),
            ),
        )
        .await?;
    assert_eq!(officer.code(), 200, "{}", officer.text);
    let bad_resident = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(
                person(),
                &json!({ "idNo": "JG-20231234", "mobile": "13700002222" }),
            ),
        )
        .await?;
    assert_eq!(bad_resident.code(), 400, "{}", bad_resident.text);
    assert!(bad_resident.field("idNo").is_some());
    add_dict_item(
        &app,
        &root,
        "customer_kind",
        "SOLE_TRADER",
        "个体工商户",
        true,
    )
    .await?;
    let trader = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(
                person(),
                &json!({ "kind": "SOLE_TRADER", "idNo": ID_2, "mobile": "13700003333" }),
            ),
        )
        .await?;
    assert_eq!(trader.code(), 200, "{}", trader.text);
    let no_credit = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &json!({ "kind": "ENTERPRISE", "name": "福州蜂巢物流有限公司", "mobile": "13911112222" }),
        )
        .await?;
    assert_eq!(no_credit.code(), 400, "{}", no_credit.text);
    assert!(no_credit.field("creditCode").is_some());
    add_dict_item(&app, &root, "vehicle_usage", "RENTAL", "租赁", true).await?;
    let rental = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &json!({ "customerId": id, "plateNo": "京A12345", "vin": VIN_1, "usage": "RENTAL", "ownerIsCustomer": true }),
        )
        .await?;
    assert_eq!(rental.code(), 200, "{}", rental.text);

    // Order-file kinds likewise.
    bare_order(&app, 11).await?;
    let svc = app.beehive();
    let me = svc.authenticate(AccountKind::Admin, &root).await?;
    let client = ClientInfo {
        ip: None,
        user_agent: None,
        request_id: None,
    };
    let new = |kind: &str| NewOrderFile {
        order_id: 11,
        kind: kind.to_owned(),
        remark: None,
        file: NewFile {
            file_name: "发票.pdf".to_owned(),
            bytes: pdf().into(),
        },
    };
    let refused = svc.create_order_file(&me, &client, new("INVOICE")).await;
    assert!(
        matches!(&refused, Err(service::Error::Invalid { fields, .. }) if fields.contains_key("kind")),
        "{refused:?}"
    );
    add_dict_item(&app, &root, "order_file_kind", "INVOICE", "发票", true).await?;
    assert!(
        svc.create_order_file(&me, &client, new("INVOICE"))
            .await
            .is_ok()
    );
    app.stop().await
}

#[tokio::test]
async fn addresses_are_checked_against_the_area_data() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let area =
        |p: &str, c: &str, d: &str| json!({ "provinceCode": p, "cityCode": c, "districtCode": d });
    for (name, bad) in [
        ("provinceCode", area("990000", "110100", "110105")),
        ("provinceCode", area("110100", "110100", "110105")),
        ("cityCode", area("440000", "110100", "110105")),
        ("cityCode", area("110000", "", "")),
        ("districtCode", area("440000", "440300", "110105")),
        ("districtCode", area("440000", "440300", "")),
        (
            "provinceCode",
            json!({ "provinceCode": null, "cityCode": "440300", "districtCode": "440305" }),
        ),
    ] {
        let reply = app
            .post_as(
                "/api/admin/customer/create",
                &root,
                &with(person(), &bad.clone()),
            )
            .await?;
        assert_eq!(reply.code(), 400, "{bad}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{name} {bad}: {}", reply.text);
    }
    assert!(
        app.column_texts("SELECT name FROM customer")
            .await?
            .is_empty()
    );
    let id = create(
        &app,
        &root,
        &with(person(), &area("440000", "440300", "440305")),
    )
    .await?;
    let view = app
        .post_as(&format!("/api/admin/customer/view/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(view.code(), 200, "{}", view.text);
    let customer = &view.body["data"]["customer"];
    assert_eq!(customer["districtCode"], "440305", "{}", view.text);
    // No address area at all is fine; editing into a mismatched one is refused, unchanged.
    let none = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &with(person(), &json!({ "idNo": ID_2, "mobile": "13700004444", "provinceCode": null, "cityCode": null, "districtCode": null })),
        )
        .await?;
    assert_eq!(none.code(), 200, "{}", none.text);
    let edit = app
        .post_as(
            &format!("/api/admin/customer/update/{id}"),
            &root,
            &with(person(), &area("440000", "440100", "440305")),
        )
        .await?;
    assert_eq!(edit.code(), 400, "{}", edit.text);
    assert!(edit.field("districtCode").is_some());
    let districts = app
        .column_texts(&format!(
            "SELECT district_code FROM customer WHERE id = {id}"
        ))
        .await?;
    assert_eq!(districts, vec!["440305".to_owned()]);
    app.stop().await
}

/// A form with several mistakes is answered once, naming every field, in the language the
/// request asks for (`Accept-Language`); Chinese without one. Nothing is saved.
#[tokio::test]
async fn every_field_error_at_once_in_the_users_language() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let bad = with(
        person(),
        &json!({ "name": " ", "idNo": "110105194912310021", "mobile": "12812345678",
                 "bankCard": "6222-abc", "provinceCode": "北京" }),
    );
    let zh = app
        .post_as("/api/admin/customer/create", &root, &bad)
        .await?;
    assert_eq!(zh.code(), 400, "{}", zh.text);
    for field in ["name", "idNo", "mobile", "bankCard", "provinceCode"] {
        assert!(zh.field(field).is_some(), "{field} missing: {}", zh.text);
    }
    assert_eq!(zh.field("idNo"), Some("身份证号校验位不正确"));

    let en = app
        .post_in("en-US,en;q=0.9", "/api/admin/customer/create", &root, &bad)
        .await?;
    assert_eq!(en.code(), 400, "{}", en.text);
    assert_eq!(
        en.field("idNo"),
        Some("The check character of the resident ID number is incorrect")
    );
    assert_eq!(en.field("mobile"), Some("Enter a valid mobile number"));
    for field in ["name", "bankCard", "provinceCode"] {
        let text = en.field(field).unwrap_or_default();
        assert!(
            !text.is_empty() && !text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{field} not in English: {text}"
        );
    }
    let es = app
        .post_in("es", "/api/admin/customer/create", &root, &bad)
        .await?;
    assert_eq!(es.field("mobile"), Some("Introduzca un móvil válido"));
    let ja = app
        .post_in("ja", "/api/admin/customer/create", &root, &bad)
        .await?;
    assert_eq!(ja.field("mobile"), Some("正しい携帯番号を入力してください"));

    // The VIN's check digit, the example, in English.
    let id = create(&app, &root, &person()).await?;
    let vehicle = app
        .post_in(
            "en",
            "/api/admin/customer/vehicle/create",
            &root,
            &json!({ "customerId": id, "plateNo": "粤BD12345", "vin": "LSVAU2180N2183294",
                     "usage": "PRIVATE" }),
        )
        .await?;
    assert_eq!(vehicle.code(), 400, "{}", vehicle.text);
    assert_eq!(
        vehicle.field("vin"),
        Some("The check digit (9th character) of the VIN is incorrect")
    );
    assert_eq!(
        vehicle.body["msg"],
        "The check digit (9th character) of the VIN is incorrect"
    );
    let page = app
        .post_as("/api/admin/customer/page", &root, &json!({}))
        .await?;
    assert_eq!(
        page.body["data"]["total"], 1,
        "only the good customer is saved"
    );
    app.stop().await
}
