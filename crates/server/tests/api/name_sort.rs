//! Lists sorted by name put Chinese names in pinyin order (docs/lists.md "Sorting by name"):
//! customers, administrators, roles, insurers and capital providers keep a name key written with
//! every name, their "name" sort and the option lists order by it, and its migration keys the
//! rows already there. Runs on the database `BEEHIVE_TEST_DB` names.

use serde_json::{Value, json};
use testkit::{CustomerFixture, TestApp};

/// The names of a list's records, in the order the server answered.
async fn names(
    app: &TestApp,
    token: &str,
    path: &str,
    body: &Value,
) -> anyhow::Result<Vec<String>> {
    let reply = app.post_as(path, token, body).await?;
    anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
    Ok(names_of(&reply.body["data"]["records"]))
}

fn names_of(records: &Value) -> Vec<String> {
    records
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|r| r["name"].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

fn by_name(order: &str) -> Value {
    json!({ "size": 50, "sort": { "field": "name", "order": order } })
}

fn reversed(names: &[&str]) -> Vec<String> {
    names.iter().rev().map(|n| (*n).to_owned()).collect()
}

/// The page sorted by name ascending is `expected`, descending its reverse.
async fn sorted_both_ways(
    app: &TestApp,
    token: &str,
    path: &str,
    expected: &[&str],
) -> anyhow::Result<()> {
    assert_eq!(
        names(app, token, path, &by_name("asc")).await?,
        expected,
        "{path} asc"
    );
    assert_eq!(
        names(app, token, path, &by_name("desc")).await?,
        reversed(expected),
        "{path} desc"
    );
    Ok(())
}

fn customer(name: &str, passport: &str) -> Value {
    json!({ "kind": "INDIVIDUAL", "name": name, "idType": "PASSPORT", "idNo": passport,
            "mobile": "13812345678" })
}

fn insurer(name: &str, code: &str) -> Value {
    json!({
        "name": name, "code": code, "contactName": "王经理", "contactPhone": "010-88886666",
        "preStartFeeBp": 300, "dayBasis": 365, "compulsoryReasons": ["VEHICLE_SCRAPPED"],
        "enabled": true,
        "accounts": [{ "bankName": "中国工商银行", "branchName": "北京西单支行",
                       "accountName": name, "accountNo": "6222 0212 3456 7890" }],
    })
}

fn provider(name: &str) -> Value {
    json!({
        "name": name, "kind": "BANK", "creditLimitFen": 50_000_000_000_i64,
        "costRateBp": 650, "penaltyShareBp": 5000,
        "guaranteeMode": "PLATFORM_ADVANCE_AFTER_N_DAYS", "advanceAfterDays": 30,
        "settlementCycle": "T+1", "acceptMode": "MANUAL",
        "contactName": "李娜", "contactPhone": "021-66668888", "notifyMobile": "13812345678",
    })
}

async fn create(app: &TestApp, token: &str, path: &str, body: &Value) -> anyhow::Result<i64> {
    let reply = app.post_as(path, token, body).await?;
    anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
    reply.created_id()
}

async fn update(app: &TestApp, token: &str, path: &str, body: &Value) -> anyhow::Result<()> {
    let reply = app.post_as(path, token, body).await?;
    anyhow::ensure!(reply.code() == 200, "{path}: {}", reply.text);
    Ok(())
}

#[tokio::test]
async fn customers_sort_by_pinyin() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    // In Unicode order: Alice 张 李 王 詹 郭 阿.
    let created = ["张三", "李四", "王五", "郭子豪", "阿里", "Alice", "詹姆"];
    let mut ids = Vec::new();
    for (i, name) in created.iter().enumerate() {
        let body = customer(name, &format!("E1000000{i}"));
        ids.push(create(&app, &root, "/api/admin/customer/create", &body).await?);
    }
    // 阿里 is "a li": its first word "a" comes before "alice"; 詹 (zhan) before 张 (zhang).
    let pinyin = ["阿里", "Alice", "郭子豪", "李四", "王五", "詹姆", "张三"];
    sorted_both_ways(&app, &root, "/api/admin/customer/page", &pinyin).await?;
    sorted_both_ways(&app, &root, "/api/admin/notice/customer/page", &pinyin).await?;

    // The default sort is still the newest first.
    let newest_first = names(
        &app,
        &root,
        "/api/admin/customer/page",
        &json!({ "size": 50 }),
    )
    .await?;
    assert_eq!(newest_first, reversed(&created));

    // A new name gets its key: 王五 becomes 欧阳娜娜 (ou yang na na).
    let wang = ids[2];
    update(
        &app,
        &root,
        &format!("/api/admin/customer/update/{wang}"),
        &customer("欧阳娜娜", "E10000002"),
    )
    .await?;
    let renamed = [
        "阿里",
        "Alice",
        "郭子豪",
        "李四",
        "欧阳娜娜",
        "詹姆",
        "张三",
    ];
    sorted_both_ways(&app, &root, "/api/admin/customer/page", &renamed).await?;

    // Pages of a sorted list follow one another.
    let mut paged = Vec::new();
    for page in 1..=3 {
        let body = json!({ "page": page, "size": 3, "sort": { "field": "name", "order": "asc" } });
        paged.extend(names(&app, &root, "/api/admin/customer/page", &body).await?);
    }
    assert_eq!(paged, renamed);
    app.stop().await
}

#[tokio::test]
async fn administrators_and_roles_sort_by_pinyin() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;

    // Roles, in Unicode order 审 财 运 (and the built-in 超级管理员, 超 after 财).
    let mut roles = Vec::new();
    for (code, name) in [("audit", "审核员"), ("finance", "财务"), ("ops", "运营")] {
        let body = json!({ "code": code, "name": name, "enabled": true, "permissions": ["admin:logs:table"] });
        roles.push(create(&app, &root, "/api/admin/role/create", &body).await?);
    }
    sorted_both_ways(
        &app,
        &root,
        "/api/admin/role/page",
        &["财务", "超级管理员", "审核员", "运营"],
    )
    .await?;
    let ops = roles[2];
    update(
        &app,
        &root,
        &format!("/api/admin/role/update/{ops}"),
        &json!({ "name": "风控", "enabled": true, "permissions": ["admin:logs:table"] }),
    )
    .await?;
    sorted_both_ways(
        &app,
        &root,
        "/api/admin/role/page",
        &["财务", "超级管理员", "风控", "审核员"],
    )
    .await?;

    // Administrators: the first one is 超级管理员.
    let mut users = Vec::new();
    for (account, name) in [
        ("zhangsan", "张三"),
        ("lisi", "李四"),
        ("wangwu", "王五"),
        ("guozihao", "郭子豪"),
    ] {
        let body = json!({ "account": account, "name": name, "roleIds": [] });
        users.push(create(&app, &root, "/api/admin/user/create", &body).await?);
    }
    sorted_both_ways(
        &app,
        &root,
        "/api/admin/user/page",
        &["超级管理员", "郭子豪", "李四", "王五", "张三"],
    )
    .await?;
    let zhang = users[0];
    update(
        &app,
        &root,
        &format!("/api/admin/user/update/{zhang}"),
        &json!({ "name": "阿里", "mobile": null, "departmentId": null, "roleIds": [] }),
    )
    .await?;
    sorted_both_ways(
        &app,
        &root,
        "/api/admin/user/page",
        &["阿里", "超级管理员", "郭子豪", "李四", "王五"],
    )
    .await?;
    // The default sorts are unchanged: by id.
    let by_id = names(&app, &root, "/api/admin/role/page", &json!({ "size": 50 })).await?;
    assert_eq!(by_id, ["超级管理员", "审核员", "财务", "风控"]);
    app.stop().await
}

#[tokio::test]
async fn insurers_and_capital_providers_sort_by_pinyin_in_lists_and_options() -> anyhow::Result<()>
{
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;

    let mut insurers = Vec::new();
    for (i, name) in ["太平洋保险", "人保财险", "阳光保险", "平安保险"]
        .iter()
        .enumerate()
    {
        let body = insurer(name, &format!("ins-{i}"));
        insurers.push(create(&app, &root, "/api/admin/insurer/create", &body).await?);
    }
    let sunshine = insurers[2];
    update(
        &app,
        &root,
        &format!("/api/admin/insurer/update/{sunshine}"),
        &insurer("大地保险", "ins-2"),
    )
    .await?;
    let insurer_order = ["大地保险", "平安保险", "人保财险", "太平洋保险"];
    sorted_both_ways(&app, &root, "/api/admin/insurer/page", &insurer_order).await?;

    let mut providers = Vec::new();
    for name in ["招商银行", "中信信托", "北京银行", "浙商银行"] {
        providers.push(create(&app, &root, "/api/admin/capital/create", &provider(name)).await?);
    }
    let zheshang = providers[3];
    update(
        &app,
        &root,
        &format!("/api/admin/capital/update/{zheshang}"),
        &provider("杭州银行"),
    )
    .await?;
    let provider_order = ["北京银行", "杭州银行", "招商银行", "中信信托"];
    sorted_both_ways(&app, &root, "/api/admin/capital/page", &provider_order).await?;

    // The order screens' choices list both by name, in the same order.
    let choices = app.get_as("/api/admin/order/choices", &root).await?;
    assert_eq!(choices.code(), 200, "{}", choices.text);
    assert_eq!(names_of(&choices.body["data"]["insurers"]), insurer_order);
    assert_eq!(names_of(&choices.body["data"]["providers"]), provider_order);
    app.stop().await
}

/// Every table with a name key, and its list.
const KEYED: [(&str, &str); 5] = [
    ("customer", "/api/admin/customer/page"),
    ("admin_user", "/api/admin/user/page"),
    ("role", "/api/admin/role/page"),
    ("insurer", "/api/admin/insurer/page"),
    ("capital_provider", "/api/admin/capital/page"),
];

#[tokio::test]
async fn the_migration_keys_the_names_already_there() -> anyhow::Result<()> {
    let mut app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    // More customers than one fill statement takes (200), with names that repeat.
    let given = [
        "张三",
        "李四",
        "王五",
        "郭子豪",
        "阿里",
        "Alice",
        "詹姆",
        "欧阳娜娜",
    ];
    let fixtures: Vec<CustomerFixture> = (0..450)
        .map(|i| CustomerFixture {
            name: format!("{}{}", given[i % given.len()], i / given.len()),
            mobile: "13812345678".to_owned(),
            kind: "INDIVIDUAL",
            status: "ENABLED",
        })
        .collect();
    app.insert_customers(&fixtures).await?;
    create(
        &app,
        &root,
        "/api/admin/role/create",
        &json!({ "code": "ops", "name": "运营", "enabled": true, "permissions": ["admin:logs:table"] }),
    )
    .await?;
    create(
        &app,
        &root,
        "/api/admin/user/create",
        &json!({ "account": "guozihao", "name": "郭子豪", "roleIds": [] }),
    )
    .await?;
    create(
        &app,
        &root,
        "/api/admin/insurer/create",
        &insurer("人保财险", "picc"),
    )
    .await?;
    create(
        &app,
        &root,
        "/api/admin/capital/create",
        &provider("招商银行"),
    )
    .await?;
    let mut before = Vec::new();
    for (_, path) in KEYED {
        before.push(
            names(
                &app,
                &root,
                path,
                &json!({ "size": 200, "sort": { "field": "name" } }),
            )
            .await?,
        );
    }

    // Back to the database before the migration: no name keys, the migration not applied.
    app.halt().await?;
    app.execute("DROP INDEX idx_customer_name_key").await?;
    for (table, _) in KEYED {
        app.execute(&format!("ALTER TABLE {table} DROP COLUMN name_key"))
            .await?;
    }
    let undone = app
        .execute("DELETE FROM seaql_migrations WHERE version = 'm0025_name_keys'")
        .await?;
    assert_eq!(undone, 1);
    app.resume().await?;

    // Every row has its key, as the service would have written it.
    for (table, _) in KEYED {
        let names = app
            .column_texts(&format!("SELECT name FROM {table} ORDER BY id"))
            .await?;
        let keys = app
            .column_texts(&format!("SELECT name_key FROM {table} ORDER BY id"))
            .await?;
        let expected: Vec<String> = names.iter().map(|n| domain::text::name_key(n)).collect();
        assert_eq!(keys, expected, "{table}");
    }
    let mut after = Vec::new();
    for (_, path) in KEYED {
        after.push(
            names(
                &app,
                &root,
                path,
                &json!({ "size": 200, "sort": { "field": "name" } }),
            )
            .await?,
        );
    }
    assert_eq!(after, before);
    assert_eq!(
        after[0][..4],
        ["阿里0", "阿里1", "阿里10", "阿里11"],
        "customers by pinyin, then by name"
    );

    // On PostgreSQL the key is compared byte by byte whatever the database's collation.
    if app.db.kind == testkit::DbKind::Postgres {
        for (table, _) in KEYED {
            let collation = app
                .column_texts(&format!(
                    "SELECT collation_name FROM information_schema.columns \
                     WHERE table_name = '{table}' AND column_name = 'name_key'"
                ))
                .await?;
            assert_eq!(collation, ["C"], "{table}");
        }
    }
    app.stop().await
}
