//! System management as a client sees it: organization, roles, administrators, the journal,
//! exports and downloads. Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::with;
use anyhow::Context;
use serde_json::{Value, json};
use testkit::{LimitedAdmin, Reply, TOKEN_HEADER, TestApp, md5, sheet_xml};

/// Creates a role through the API and answers its id.
async fn role(app: &TestApp, token: &str, code: &str, permissions: &[&str]) -> anyhow::Result<i64> {
    let reply = app
        .post_as(
            "/api/admin/role/create",
            token,
            &json!({ "code": code, "name": code, "enabled": true, "permissions": permissions }),
        )
        .await?;
    anyhow::ensure!(reply.code() == 200, "role create: {}", reply.text);
    reply.created_id()
}

/// Creates an administrator with a chosen password and answers its id.
async fn user(
    app: &TestApp,
    token: &str,
    account: &str,
    role_ids: &[i64],
    extra: Value,
) -> anyhow::Result<i64> {
    let body = with(
        json!({
            "account": account, "name": format!("{account} 姓名"), "roleIds": role_ids,
            "password": md5(&format!("{account}-Pass-1")),
        }),
        &extra,
    );
    let reply = app.post_as("/api/admin/user/create", token, &body).await?;
    anyhow::ensure!(reply.code() == 200, "user create: {}", reply.text);
    reply.created_id()
}

#[tokio::test]
async fn every_screen_refuses_without_its_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let LimitedAdmin { token, .. } = app
        .limited_admin(&root, "viewer", &["admin:role:table"])
        .await?;

    let page = app
        .post_as("/api/admin/role/page", &token, &json!({}))
        .await?;
    assert_eq!(page.code(), 200, "{}", page.text);

    for (path, body) in [
        (
            "/api/admin/role/create",
            json!({ "code": "x_y", "name": "x", "enabled": true, "permissions": [] }),
        ),
        ("/api/admin/role/export", json!({})),
        ("/api/admin/user/page", json!({})),
        (
            "/api/admin/user/create",
            json!({ "account": "someone", "name": "x", "roleIds": [] }),
        ),
        ("/api/admin/user/reset-password/1", json!({})),
        ("/api/admin/user/sign-out/1", json!({})),
        ("/api/admin/organization/create", json!({ "name": "部门" })),
        ("/api/admin/logs/operation/page", json!({})),
        ("/api/admin/logs/login/page", json!({})),
        ("/api/admin/logs/login/export", json!({})),
    ] {
        let reply = app.post_as(path, &token, &body).await?;
        assert_eq!(reply.code(), 403, "{path}: {}", reply.text);
        assert!(
            reply.msg().starts_with("没有操作权限："),
            "{path}: {}",
            reply.msg()
        );
    }
    let tree = app.get_as("/api/admin/organization/tree", &token).await?;
    assert_eq!(tree.code(), 403);
    let created = app
        .post_as("/api/admin/role/page", &root, &json!({ "name": "x_y" }))
        .await?;
    assert_eq!(
        created.body["data"]["total"], 0,
        "the refused create left nothing"
    );
    app.stop().await
}

#[tokio::test]
async fn paging_rules_name_the_field() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    for (body, name) in [
        (json!({ "size": 0 }), "size"),
        (json!({ "size": 201 }), "size"),
        (json!({ "page": 0 }), "page"),
        (json!({ "sort": { "field": "password_hash" } }), "sort"),
        (
            json!({ "sort": { "field": "id; drop table role" } }),
            "sort",
        ),
        (
            json!({ "sort": { "field": "id", "order": "sideways" } }),
            "sort",
        ),
    ] {
        let reply = app.post_as("/api/admin/user/page", &token, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{body}: {}", reply.text);
    }
    let fine = app
        .post_as(
            "/api/admin/user/page",
            &token,
            &json!({ "page": 1, "size": 200, "sort": { "field": "account", "order": "desc" } }),
        )
        .await?;
    assert_eq!(fine.code(), 200, "{}", fine.text);
    assert_eq!(fine.body["data"]["size"], 200);
    assert_eq!(fine.body["data"]["page"], 1);
    assert_eq!(fine.body["data"]["total"], 1);
    assert_eq!(fine.body["data"]["records"][0]["account"], "admin");
    assert_eq!(fine.body["data"]["records"][0]["isSuper"], true);
    app.stop().await
}

#[tokio::test]
async fn contains_search_treats_wildcards_literally() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let token = app.admin_token().await?;
    for (code, name) in [
        ("r_one", "50%_off\\x Promo"),
        ("r_two", "50a_offbx promo"),
        ("r_three", "500 OFF promo"),
    ] {
        let reply = app
            .post_as(
                "/api/admin/role/create",
                &token,
                &json!({ "code": code, "name": name, "enabled": true, "permissions": ["admin:logs:table"] }),
            )
            .await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
    }
    let names = |reply: &Reply| -> Vec<String> {
        reply.body["data"]["records"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .iter()
            .filter_map(|r| r["name"].as_str().map(str::to_owned))
            .collect()
    };
    for (search, expected) in [
        ("50%_off\\x", vec!["50%_off\\x Promo"]),
        ("%", vec!["50%_off\\x Promo"]),
        ("_off", vec!["50%_off\\x Promo", "50a_offbx promo"]),
        ("\\", vec!["50%_off\\x Promo"]),
        (
            "  OFF ",
            vec!["50%_off\\x Promo", "50a_offbx promo", "500 OFF promo"],
        ),
        (
            "PROMO",
            vec!["50%_off\\x Promo", "50a_offbx promo", "500 OFF promo"],
        ),
        (
            "   ",
            vec![
                "超级管理员",
                "50%_off\\x Promo",
                "50a_offbx promo",
                "500 OFF promo",
            ],
        ),
    ] {
        let reply = app
            .post_as("/api/admin/role/page", &token, &json!({ "name": search }))
            .await?;
        assert_eq!(reply.code(), 200, "{}", reply.text);
        assert_eq!(names(&reply), expected, "search {search:?}");
    }
    app.stop().await
}

#[tokio::test]
async fn role_form_reports_every_field_at_once_and_needs_a_permission() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let bad = json!({ "code": "Bad-Code", "name": " ", "description": "d".repeat(256),
                      "enabled": true, "permissions": [] });
    let reply = app.post_as("/api/admin/role/create", &root, &bad).await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["code", "name", "description"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.field("permissions"), Some("请至少选择一项权限"));
    assert_eq!(
        reply.msg(),
        "角色编码须以小写字母开头，由 2 到 64 位小写字母、数字或下划线组成"
    );
    let en = app
        .post_in("en", "/api/admin/role/create", &root, &bad)
        .await?;
    assert_eq!(
        en.field("permissions"),
        Some("Select at least one permission")
    );

    // An empty permission list alone is refused on the permissions field.
    let empty = app
        .post_as(
            "/api/admin/role/create",
            &root,
            &json!({ "code": "empty_role", "name": "空角色", "enabled": true, "permissions": [] }),
        )
        .await?;
    assert_eq!(empty.code(), 400, "{}", empty.text);
    assert_eq!(empty.msg(), "请至少选择一项权限");
    let page = app
        .post_as("/api/admin/role/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "nothing was created");

    // The same on update, and the role keeps its name and permissions.
    let editor = role(&app, &root, "editor", &["admin:logs:table"]).await?;
    let upd = app
        .post_as(
            &format!("/api/admin/role/update/{editor}"),
            &root,
            &json!({ "name": "", "enabled": true, "permissions": ["admin:nothing:here"] }),
        )
        .await?;
    assert_eq!(upd.code(), 400, "{}", upd.text);
    assert!(upd.field("name").is_some(), "{}", upd.text);
    assert!(upd.field("permissions").is_some(), "{}", upd.text);
    let emptied = app
        .post_as(
            &format!("/api/admin/role/update/{editor}"),
            &root,
            &json!({ "name": "editor", "enabled": true, "permissions": [] }),
        )
        .await?;
    assert_eq!(emptied.field("permissions"), Some("请至少选择一项权限"));
    let view = app
        .get_as(&format!("/api/admin/role/view/{editor}"), &root)
        .await?;
    assert_eq!(view.body["data"]["name"], "editor", "{}", view.text);
    assert_eq!(
        view.body["data"]["permissions"],
        json!(["admin:logs:table"])
    );
    app.stop().await
}

#[tokio::test]
async fn role_rules_and_the_grant_rule() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;

    // Validation: 400 naming the field.
    for (body, name) in [
        (
            json!({ "code": "Bad-Code", "name": "x", "enabled": true, "permissions": ["admin:logs:table"] }),
            "code",
        ),
        (
            json!({ "code": "x", "name": "x", "enabled": true, "permissions": ["admin:logs:table"] }),
            "code",
        ),
        (
            json!({ "code": "ok_code", "name": "  ", "enabled": true, "permissions": ["admin:logs:table"] }),
            "name",
        ),
        (
            json!({ "code": "ok_code", "name": "n".repeat(65), "enabled": true, "permissions": ["admin:logs:table"] }),
            "name",
        ),
        (
            json!({ "code": "ok_code", "name": "x", "description": "d".repeat(256), "enabled": true, "permissions": ["admin:logs:table"] }),
            "description",
        ),
        (
            json!({ "code": "ok_code", "name": "x", "enabled": true, "permissions": ["admin:nothing:here"] }),
            "permissions",
        ),
        (
            json!({ "code": "ok_code", "name": "x", "enabled": true, "permissions": ["capital:order:table"] }),
            "permissions",
        ),
    ] {
        let reply = app.post_as("/api/admin/role/create", &root, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{body}: {}", reply.text);
    }
    let count = app
        .post_as("/api/admin/role/page", &root, &json!({}))
        .await?;
    assert_eq!(count.body["data"]["total"], 1, "nothing was created");

    let editor = role(&app, &root, "editor", &["admin:logs:table"]).await?;
    let dup = app
        .post_as(
            "/api/admin/role/create",
            &root,
            &json!({ "code": "editor", "name": "again", "enabled": true, "permissions": ["admin:logs:table"] }),
        )
        .await?;
    assert_eq!((dup.code(), dup.msg()), (409, "角色编码已存在"));

    // The super role cannot be changed or deleted.
    let page = app
        .post_as("/api/admin/role/page", &root, &json!({}))
        .await?;
    let super_id = page.body["data"]["records"][0]["id"]
        .as_i64()
        .with_context(|| format!("no role id in {}", page.text))?;
    assert_eq!(page.body["data"]["records"][0]["isSuper"], true);
    let upd = app
        .post_as(
            &format!("/api/admin/role/update/{super_id}"),
            &root,
            &json!({ "name": "x", "enabled": true, "permissions": ["admin:logs:table"] }),
        )
        .await?;
    assert_eq!((upd.code(), upd.msg()), (409, "超级管理员角色不能修改"));
    let del = app
        .post_as(
            &format!("/api/admin/role/delete/{super_id}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!((del.code(), del.msg()), (409, "超级管理员角色不能删除"));

    // A role manager who lacks admin:user:create can neither grant it nor take it away.
    let LimitedAdmin { token, .. } = app
        .limited_admin(
            &root,
            "rolemgr",
            &[
                "admin:role:table",
                "admin:role:create",
                "admin:role:update",
                "admin:logs:table",
            ],
        )
        .await?;
    let grant = app
        .post_as(
            "/api/admin/role/create",
            &token,
            &json!({ "code": "sneaky", "name": "s", "enabled": true,
                     "permissions": ["admin:logs:table", "admin:user:create"] }),
        )
        .await?;
    assert_eq!(grant.code(), 403, "{}", grant.text);
    assert_eq!(grant.msg(), "不能授予您没有的权限：admin:user:create");
    let holder = role(
        &app,
        &root,
        "holder",
        &["admin:user:create", "admin:logs:table"],
    )
    .await?;
    let take = app
        .post_as(
            &format!("/api/admin/role/update/{holder}"),
            &token,
            &json!({ "name": "holder", "enabled": true, "permissions": ["admin:logs:table"] }),
        )
        .await?;
    assert_eq!(take.msg(), "不能授予您没有的权限：admin:user:create");
    let allowed = app
        .post_as(
            &format!("/api/admin/role/update/{holder}"),
            &token,
            &json!({ "name": "holder 2", "enabled": true,
                     "permissions": ["admin:user:create"] }),
        )
        .await?;
    assert_eq!(allowed.code(), 200, "{}", allowed.text);
    let view = app
        .get_as(&format!("/api/admin/role/view/{holder}"), &root)
        .await?;
    assert_eq!(view.body["data"]["name"], "holder 2");
    assert_eq!(
        view.body["data"]["permissions"],
        json!(["admin:user:create"])
    );

    // A role held by a user cannot be deleted; a free one can.
    user(&app, &root, "holds_editor", &[editor], json!({})).await?;
    let busy = app
        .post_as(
            &format!("/api/admin/role/delete/{editor}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(
        (busy.code(), busy.msg()),
        (409, "该角色已分配给用户，不能删除")
    );
    let free = app
        .post_as(
            &format!("/api/admin/role/delete/{holder}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(free.code(), 200, "{}", free.text);
    let gone = app
        .get_as(&format!("/api/admin/role/view/{holder}"), &root)
        .await?;
    assert_eq!(gone.code(), 404);

    let catalogue = app.get_as("/api/admin/role/catalogue", &root).await?;
    let sections = catalogue.body["data"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(sections[0]["section"], "workbench");
    let system = sections
        .iter()
        .find(|s| s["section"] == "systemManagement")
        .cloned()
        .unwrap_or_default();
    assert_eq!(system["labelZh"], "系统管理");
    assert!(system["permissions"].as_array().is_some_and(|p| {
        p.iter()
            .any(|p| p["code"] == "admin:user:reset_password" && p["kind"] == "button")
    }));
    assert!(!catalogue.text.contains("capital:order:table"));
    app.stop().await
}

#[tokio::test]
async fn a_role_change_reaches_signed_in_users_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let LimitedAdmin { role_id, token, .. } = app
        .limited_admin(&root, "reader", &["admin:logs:table"])
        .await?;
    let path = "/api/admin/logs/login/page";
    assert_eq!(app.post_as(path, &token, &json!({})).await?.code(), 200);

    let update = |enabled: bool, permissions: Vec<&'static str>| json!({ "name": "reader", "enabled": enabled, "permissions": permissions });
    let url = format!("/api/admin/role/update/{role_id}");
    // Taking the permission away (a role keeps at least one: here another one).
    let r = app
        .post_as(&url, &root, &update(true, vec!["admin:role:table"]))
        .await?;
    assert_eq!(r.code(), 200, "{}", r.text);
    assert_eq!(app.post_as(path, &token, &json!({})).await?.code(), 403);

    app.post_as(&url, &root, &update(true, vec!["admin:logs:table"]))
        .await?;
    assert_eq!(app.post_as(path, &token, &json!({})).await?.code(), 200);

    app.post_as(&url, &root, &update(false, vec!["admin:logs:table"]))
        .await?;
    assert_eq!(
        app.post_as(path, &token, &json!({})).await?.code(),
        403,
        "a disabled role grants nothing"
    );
    app.stop().await
}

#[tokio::test]
async fn administrator_form_reports_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let bad = json!({ "account": "a", "name": "", "mobile": "12345", "roleIds": [99999],
                      "departmentId": 99999, "password": "plain-text" });
    let reply = app.post_as("/api/admin/user/create", &root, &bad).await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in [
        "account",
        "name",
        "mobile",
        "roleIds",
        "departmentId",
        "password",
    ] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    assert_eq!(reply.msg(), "账号须为 3 到 32 位字母、数字或 _ . - @");
    let page = app
        .post_as("/api/admin/user/page", &root, &json!({}))
        .await?;
    assert_eq!(page.body["data"]["total"], 1, "nothing was created");

    // On update: name, mobile, roles and department at once; the user is unchanged.
    let editor = role(&app, &root, "editor", &["admin:logs:table"]).await?;
    let zhang = user(
        &app,
        &root,
        "zhang",
        &[editor],
        json!({ "mobile": "13812345678" }),
    )
    .await?;
    let reply = app
        .post_as(
            &format!("/api/admin/user/update/{zhang}"),
            &root,
            &json!({ "name": " ", "mobile": "999", "roleIds": [99999], "departmentId": 99999 }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    for field in ["name", "mobile", "roleIds", "departmentId"] {
        assert!(
            reply.field(field).is_some(),
            "{field} missing: {}",
            reply.text
        );
    }
    let view = app
        .get_as(&format!("/api/admin/user/view/{zhang}"), &root)
        .await?;
    assert_eq!(view.body["data"]["name"], "zhang 姓名", "{}", view.text);
    assert_eq!(view.body["data"]["mobile"], "13812345678");
    assert_eq!(view.body["data"]["roleIds"], json!([editor]));
    app.stop().await
}

#[tokio::test]
async fn department_form_reports_every_field_at_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let reply = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &json!({ "parentId": 99999, "name": "  ", "sort": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("name").is_some(), "{}", reply.text);
    assert_eq!(reply.field("parentId"), Some("上级部门不存在"));
    let tree = app.get_as("/api/admin/organization/tree", &root).await?;
    assert_eq!(tree.body["data"], json!([]), "nothing was created");

    let hq = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &json!({ "parentId": null, "name": "总部", "sort": 0 }),
        )
        .await?
        .created_id()?;
    let reply = app
        .post_as(
            &format!("/api/admin/organization/update/{hq}"),
            &root,
            &json!({ "parentId": hq, "name": "", "sort": 0 }),
        )
        .await?;
    assert_eq!(reply.code(), 400, "{}", reply.text);
    assert!(reply.field("name").is_some(), "{}", reply.text);
    assert_eq!(reply.field("parentId"), Some("不能移动到自身或下级部门"));
    let tree = app.get_as("/api/admin/organization/tree", &root).await?;
    assert_eq!(tree.body["data"][0]["name"], "总部", "{}", tree.text);
    assert_eq!(tree.body["data"][0]["parentId"], Value::Null);
    app.stop().await
}

#[tokio::test]
async fn administrator_rules() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let editor = role(&app, &root, "editor", &["admin:logs:table"]).await?;

    // Validation.
    for (body, name) in [
        (
            json!({ "account": "a", "name": "x", "roleIds": [] }),
            "account",
        ),
        (
            json!({ "account": "okname", "name": "", "roleIds": [] }),
            "name",
        ),
        (
            json!({ "account": "okname", "name": "x", "mobile": "12345", "roleIds": [] }),
            "mobile",
        ),
        (
            json!({ "account": "okname", "name": "x", "roleIds": [99999] }),
            "roleIds",
        ),
        (
            json!({ "account": "okname", "name": "x", "roleIds": [], "departmentId": 99999 }),
            "departmentId",
        ),
        (
            json!({ "account": "okname", "name": "x", "roleIds": [], "password": "plain-text" }),
            "password",
        ),
    ] {
        let reply = app.post_as("/api/admin/user/create", &root, &body).await?;
        assert_eq!(reply.code(), 400, "{body}: {}", reply.text);
        assert!(reply.field(name).is_some(), "{body}: {}", reply.text);
    }

    let unchanged = app
        .post_as("/api/admin/user/page", &root, &json!({}))
        .await?;
    assert_eq!(
        unchanged.body["data"]["total"], 1,
        "no refused create left a user"
    );

    // A generated password is answered once and signs in.
    let created = app
        .post_as(
            "/api/admin/user/create",
            &root,
            &json!({ "account": "zhang", "name": "张三", "mobile": "13812345678", "roleIds": [editor] }),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    let zhang = created.created_id()?;
    let generated = created.body["data"]["password"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(generated.len(), 16);
    let session = app.session("admin", "zhang", &generated).await?;

    let dup = app
        .post_as(
            "/api/admin/user/create",
            &root,
            &json!({ "account": "zhang", "name": "x", "roleIds": [] }),
        )
        .await?;
    assert_eq!((dup.code(), dup.msg()), (409, "账号已存在"));

    // Lists mask the mobile; the view does not.
    let list = app
        .post_as(
            "/api/admin/user/page",
            &root,
            &json!({ "account": "zhang" }),
        )
        .await?;
    assert_eq!(list.body["data"]["records"][0]["mobile"], "138****5678");
    assert_eq!(
        list.body["data"]["records"][0]["roles"][0]["name"],
        "editor"
    );
    let view = app
        .get_as(&format!("/api/admin/user/view/{zhang}"), &root)
        .await?;
    assert_eq!(view.body["data"]["mobile"], "13812345678");
    assert_eq!(view.body["data"]["roleIds"], json!([editor]));
    let audited = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "action": "admin_user.view_personal" }),
        )
        .await?;
    assert_eq!(
        audited.body["data"]["records"][0]["targetId"],
        zhang.to_string()
    );

    // Reset password: the old sessions end, the new password works.
    let reset = app
        .post_as(
            &format!("/api/admin/user/reset-password/{zhang}"),
            &root,
            &json!({}),
        )
        .await?;
    let again = reset.body["data"]["password"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(again.len(), 16);
    let old = app
        .post_as("/api/admin/logs/login/page", &session.token, &json!({}))
        .await?;
    assert_eq!(old.status, 401);
    assert!(app.login("admin", "zhang", &generated).await?.code() != 200);
    let session = app.session("admin", "zhang", &again).await?;

    // Sign-out ends the sessions.
    let out = app
        .post_as(
            &format!("/api/admin/user/sign-out/{zhang}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(out.code(), 200, "{}", out.text);
    let old = app
        .post_as("/api/admin/logs/login/page", &session.token, &json!({}))
        .await?;
    assert_eq!(old.status, 401);

    // Disabling ends the sessions and refuses sign-in; yourself → 409.
    let session = app.session("admin", "zhang", &again).await?;
    let off = app
        .post_as(
            &format!("/api/admin/user/status/{zhang}"),
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200, "{}", off.text);
    let old = app
        .post_as("/api/admin/logs/login/page", &session.token, &json!({}))
        .await?;
    assert_eq!(old.status, 401);
    let me_off = app
        .post_as(
            "/api/admin/user/status/1",
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(
        (me_off.code(), me_off.msg()),
        (409, "不能停用当前登录的账号")
    );

    // The last enabled super administrator keeps the super role.
    let strip = app
        .post_as(
            "/api/admin/user/update/1",
            &root,
            &json!({ "name": "超级管理员", "mobile": null, "departmentId": null, "roleIds": [editor] }),
        )
        .await?;
    assert_eq!(
        (strip.code(), strip.msg()),
        (409, "至少保留一个启用的超级管理员")
    );
    let view = app.get_as("/api/admin/user/view/1", &root).await?;
    assert_eq!(view.body["data"]["isSuper"], true);
    // The role is answered with its code, by which the web names the built-in role in the
    // reader's language; the stored name stays Chinese.
    assert_eq!(
        view.body["data"]["roles"][0],
        json!({ "id": view.body["data"]["roleIds"][0], "code": "super_admin", "name": "超级管理员" }),
        "{}",
        view.text
    );

    // A user manager without the super role cannot hand it out, nor touch a super admin.
    let super_id = view.body["data"]["roleIds"][0]
        .as_i64()
        .with_context(|| format!("no role id in {}", view.text))?;
    let LimitedAdmin { token: mgr, .. } = app
        .limited_admin(
            &root,
            "usermgr",
            &[
                "admin:user:table",
                "admin:user:create",
                "admin:user:update",
                "admin:user:reset_password",
                "admin:logs:table",
            ],
        )
        .await?;
    let escalate = app
        .post_as(
            "/api/admin/user/create",
            &mgr,
            &json!({ "account": "mallory", "name": "m", "roleIds": [super_id] }),
        )
        .await?;
    assert_eq!(escalate.code(), 403, "{}", escalate.text);
    assert!(
        escalate.msg().starts_with("不能授予您没有的权限："),
        "{}",
        escalate.msg()
    );
    let add_super = app
        .post_as(
            &format!("/api/admin/user/update/{zhang}"),
            &mgr,
            &json!({ "name": "张三", "mobile": "13812345678", "departmentId": null, "roleIds": [editor, super_id] }),
        )
        .await?;
    assert_eq!(add_super.code(), 403, "{}", add_super.text);
    let reset_root = app
        .post_as("/api/admin/user/reset-password/1", &mgr, &json!({}))
        .await?;
    assert_eq!(reset_root.code(), 403, "{}", reset_root.text);
    assert_eq!(
        app.post_as("/api/admin/user/page", &root, &json!({}))
            .await?
            .code(),
        200
    );

    // With a second super administrator the first may lose the role.
    user(&app, &root, "second", &[super_id], json!({})).await?;
    let strip = app
        .post_as(
            "/api/admin/user/update/1",
            &root,
            &json!({ "name": "超级管理员", "mobile": "", "departmentId": null, "roleIds": [super_id, editor] }),
        )
        .await?;
    assert_eq!(strip.code(), 200, "{}", strip.text);
    let by_role = app
        .post_as(
            "/api/admin/user/page",
            &root,
            &json!({ "roleId": super_id, "sort": { "field": "id" } }),
        )
        .await?;
    let accounts: Vec<&str> = by_role.body["data"]["records"]
        .as_array()
        .map(|r| r.iter().filter_map(|u| u["account"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(accounts, vec!["admin", "second"]);
    app.stop().await
}

#[tokio::test]
async fn organization_tree_moves_and_deletes() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let create = |parent: Option<i64>, name: &str, sort: i64| json!({ "parentId": parent, "name": name, "sort": sort });
    let a = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(None, " 总部 ", 2),
        )
        .await?
        .created_id()?;
    let b = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(Some(a), "业务部", 0),
        )
        .await?
        .created_id()?;
    let c = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(Some(b), "一组", 0),
        )
        .await?
        .created_id()?;
    let z = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(None, "分部", 1),
        )
        .await?
        .created_id()?;
    assert!(a > 0 && b > 0 && c > 0 && z > 0);

    let same = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(Some(a), "业务部", 0),
        )
        .await?;
    assert_eq!((same.code(), same.msg()), (409, "同一上级下已有同名部门"));
    let same_root = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(None, "总部", 0),
        )
        .await?;
    assert_eq!(same_root.code(), 409);
    let orphan = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(Some(99999), "x", 0),
        )
        .await?;
    assert_eq!(orphan.code(), 400);
    assert!(orphan.field("parentId").is_some());
    let blank = app
        .post_as(
            "/api/admin/organization/create",
            &root,
            &create(None, "  ", 0),
        )
        .await?;
    assert!(blank.field("name").is_some(), "{}", blank.text);

    let tree = app.get_as("/api/admin/organization/tree", &root).await?;
    assert_eq!(tree.body["data"][0]["name"], "分部", "sorted by sort");
    assert_eq!(tree.body["data"][1]["name"], "总部");
    assert_eq!(
        tree.body["data"][1]["children"][0]["children"][0]["name"],
        "一组"
    );

    // A user in 一组 is found from 总部 (descendants) and counted in 一组.
    user(&app, &root, "member", &[], json!({ "departmentId": c })).await?;
    let in_a = app
        .post_as("/api/admin/user/page", &root, &json!({ "departmentId": a }))
        .await?;
    assert_eq!(in_a.body["data"]["total"], 1);
    assert_eq!(in_a.body["data"]["records"][0]["departmentName"], "一组");

    // Moving under itself or a descendant is refused, data unchanged.
    for target in [a, c] {
        let bad = app
            .post_as(
                &format!("/api/admin/organization/update/{a}"),
                &root,
                &create(Some(target), "总部", 2),
            )
            .await?;
        assert_eq!(bad.code(), 400);
        assert_eq!(bad.field("parentId"), Some("不能移动到自身或下级部门"));
    }
    // Move 业务部 (with 一组) under 分部: the subtree follows.
    let moved = app
        .post_as(
            &format!("/api/admin/organization/update/{b}"),
            &root,
            &create(Some(z), "业务部", 0),
        )
        .await?;
    assert_eq!(moved.code(), 200, "{}", moved.text);
    let in_a = app
        .post_as("/api/admin/user/page", &root, &json!({ "departmentId": a }))
        .await?;
    assert_eq!(in_a.body["data"]["total"], 0);
    let in_z = app
        .post_as("/api/admin/user/page", &root, &json!({ "departmentId": z }))
        .await?;
    assert_eq!(in_z.body["data"]["total"], 1);
    let tree = app.get_as("/api/admin/organization/tree", &root).await?;
    assert_eq!(
        tree.body["data"][0]["children"][0]["children"][0]["userCount"],
        1
    );

    let has_children = app
        .post_as(
            &format!("/api/admin/organization/delete/{b}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(
        (has_children.code(), has_children.msg()),
        (409, "该部门下还有子部门，不能删除")
    );
    let has_users = app
        .post_as(
            &format!("/api/admin/organization/delete/{c}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(
        (has_users.code(), has_users.msg()),
        (409, "该部门下还有用户，不能删除")
    );
    let unknown = app
        .post_as("/api/admin/organization/delete/99999", &root, &json!({}))
        .await?;
    assert_eq!(unknown.code(), 404);
    let ok = app
        .post_as(
            &format!("/api/admin/organization/delete/{a}"),
            &root,
            &json!({}),
        )
        .await?;
    assert_eq!(ok.code(), 200, "{}", ok.text);

    // A disabled department takes no new administrators.
    let off = app
        .post_as(
            &format!("/api/admin/organization/status/{z}"),
            &root,
            &json!({ "enabled": false }),
        )
        .await?;
    assert_eq!(off.code(), 200);
    let refused = app
        .post_as(
            "/api/admin/user/create",
            &root,
            &json!({ "account": "late", "name": "x", "roleIds": [], "departmentId": z }),
        )
        .await?;
    assert!(refused.field("departmentId").is_some(), "{}", refused.text);
    app.stop().await
}

/// Downloads with the token; answers (envelope code or 200, body bytes, headers).
async fn download(
    app: &TestApp,
    token: &str,
    object_name: &str,
    delete: bool,
) -> anyhow::Result<(u16, Vec<u8>, reqwest::header::HeaderMap)> {
    let response = app
        .client
        .get(app.url("/api/file/download"))
        .query(&[
            ("objectName", object_name),
            ("delete", if delete { "true" } else { "false" }),
        ])
        .header(TOKEN_HEADER, token)
        .send()
        .await?;
    let headers = response.headers().clone();
    let bytes = response.bytes().await?.to_vec();
    let is_xlsx = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("spreadsheetml"));
    let code = if is_xlsx {
        200
    } else {
        let body: Value = serde_json::from_slice(&bytes)?;
        u16::try_from(body["code"].as_i64().unwrap_or(-1)).unwrap_or(0)
    };
    Ok((code, bytes, headers))
}

#[tokio::test]
async fn export_then_download_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    for code in ["r_a", "r_b", "r_c"] {
        role(&app, &root, code, &["admin:logs:table"]).await?;
    }
    let exported = app
        .post_as(
            "/api/admin/role/export",
            &root,
            &json!({ "page": 1, "size": 1, "name": "r_", "sort": { "field": "code", "order": "desc" } }),
        )
        .await?;
    assert_eq!(exported.code(), 200, "{}", exported.text);
    assert_eq!(
        exported.body["data"]["rows"], 3,
        "page and size are ignored"
    );
    let name = exported.body["data"]["objectName"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        name.starts_with("exports/admin-1/") && name.ends_with(".xlsx"),
        "{name}"
    );
    assert_eq!(name.len(), "exports/admin-1/".len() + 32 + 5);

    let (code, bytes, headers) = download(&app, &root, &name, true).await?;
    assert_eq!(code, 200);
    assert!(bytes.starts_with(b"PK"));
    let disposition = headers
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    assert!(
        disposition.starts_with("attachment; filename*=UTF-8''"),
        "{disposition}"
    );
    let xml = sheet_xml(&bytes)?;
    assert_eq!(xml.matches("<row ").count(), 4, "header + 3 rows");
    assert!(xml.contains("角色编码"));
    let (c_at, a_at) = (xml.find("r_c"), xml.find("r_a"));
    assert!(c_at.is_some() && c_at < a_at, "sorted by code desc");

    let (again, _, _) = download(&app, &root, &name, false).await?;
    assert_eq!(again, 404, "deleted after the first download");

    // Users: the mobile stays masked in the file.
    user(
        &app,
        &root,
        "mobileuser",
        &[],
        json!({ "mobile": "13912345678" }),
    )
    .await?;
    let exported = app
        .post_as(
            "/api/admin/user/export",
            &root,
            &json!({ "account": "mobileuser" }),
        )
        .await?;
    let name = exported.body["data"]["objectName"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let (code, bytes, _) = download(&app, &root, &name, false).await?;
    assert_eq!(code, 200);
    let xml = sheet_xml(&bytes)?;
    assert!(xml.contains("139****5678") && !xml.contains("13912345678"));
    assert_eq!(xml.matches("<row ").count(), 2);
    let (kept, _, _) = download(&app, &root, &name, false).await?;
    assert_eq!(kept, 200, "without delete the file stays");

    // Journal exports.
    for path in [
        "/api/admin/logs/operation/export",
        "/api/admin/logs/login/export",
    ] {
        let reply = app
            .post_as(path, &root, &json!({ "outcome": "success" }))
            .await?;
        assert_eq!(reply.code(), 200, "{path}: {}", reply.text);
        assert!(reply.body["data"]["rows"].as_u64().unwrap_or_default() >= 1);
    }
    let logged = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "action": "export" }),
        )
        .await?;
    assert!(logged.body["data"]["total"].as_u64().unwrap_or_default() >= 3);
    app.stop().await
}

#[tokio::test]
async fn nobody_downloads_another_users_file() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let LimitedAdmin {
        user_id: other_id,
        token: other,
        ..
    } = app
        .limited_admin(&root, "exporter", &["admin:role:export"])
        .await?;
    let exported = app
        .post_as("/api/admin/role/export", &other, &json!({}))
        .await?;
    let theirs = exported.body["data"]["objectName"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        theirs.starts_with(&format!("exports/admin-{other_id}/")),
        "{theirs}"
    );

    let (code, _, _) = download(&app, &root, &theirs, true).await?;
    assert_eq!(code, 404, "the super administrator cannot read it either");
    let file = theirs.rsplit('/').next().unwrap_or_default();
    for sneaky in [
        format!("exports/admin-1/../admin-{other_id}/{file}"),
        format!("/exports/admin-{other_id}/{file}"),
        "exports/admin-1/..".to_owned(),
        "../../etc/passwd".to_owned(),
        "exports/admin-1/missing.xlsx".to_owned(),
    ] {
        let (code, _, _) = download(&app, &root, &sneaky, false).await?;
        // A malformed name (`..`, a leading `/`) is refused before storage (400); a well-formed
        // one that is not the caller's is not found (404). Neither reads the file.
        let expected = if sneaky.contains("..") || sneaky.starts_with('/') {
            400
        } else {
            404
        };
        assert_eq!(code, expected, "{sneaky}");
    }
    // A capital-provider user's token reaches the download, but only its own folder.
    app.capital_user("某资金方", "funder", "Funder-Pass-1")
        .await?;
    let funder = app
        .session("capital", "funder", "Funder-Pass-1")
        .await?
        .token;
    let (code, _, _) = download(&app, &funder, &theirs, false).await?;
    assert_eq!(code, 404);
    let (code, _, _) = download(&app, &funder, "exports/capital-1/missing.xlsx", false).await?;
    assert_eq!(code, 404);

    let (mine, bytes, _) = download(&app, &other, &theirs, false).await?;
    assert_eq!(mine, 200);
    assert!(bytes.starts_with(b"PK"));
    let anonymous = app
        .client
        .get(app.url("/api/file/download"))
        .query(&[("objectName", theirs.as_str())])
        .send()
        .await?;
    assert_eq!(anonymous.status().as_u16(), 401);
    app.stop().await
}

#[tokio::test]
async fn the_journal_holds_no_secret_and_filters() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let chosen = md5("Chosen-Secret-9");
    let given = user(&app, &root, "given", &[], json!({ "password": chosen })).await?;
    let created = app
        .post_as(
            "/api/admin/user/create",
            &root,
            &json!({ "account": "gen", "name": "x", "roleIds": [] }),
        )
        .await?;
    let generated = created.body["data"]["password"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let reset = app
        .post_as(
            &format!("/api/admin/user/reset-password/{given}"),
            &root,
            &json!({}),
        )
        .await?;
    let generated2 = reset.body["data"]["password"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let chosen2 = md5("Chosen-Secret-10");
    app.post_as(
        &format!("/api/admin/user/reset-password/{given}"),
        &root,
        &json!({ "password": chosen2 }),
    )
    .await?;
    assert_eq!(generated.len(), 16);
    assert_eq!(generated2.len(), 16);

    let page = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "size": 200 }),
        )
        .await?;
    assert_eq!(page.code(), 200, "{}", page.text);
    let text = page.body["data"]["records"].to_string();
    for secret in [
        chosen.as_str(),
        chosen2.as_str(),
        generated.as_str(),
        generated2.as_str(),
        md5(&generated).as_str(),
        root.as_str(),
        "Test-Admin-2026",
    ] {
        assert!(!text.contains(secret), "the journal holds {secret}");
    }
    assert!(text.contains("admin_user.reset_password"));
    let first = &page.body["data"]["records"][0];
    assert_eq!(first["action"], "admin_user.reset_password", "newest first");
    assert_eq!(first["actorName"], "admin");
    assert_eq!(first["targetId"], given.to_string());
    assert!(first["requestId"].as_str().is_some_and(|r| !r.is_empty()));
    assert!(first["ip"].as_str().is_some());
    assert!(first["createdAt"].as_i64().unwrap_or_default() > 1_700_000_000_000);

    let exact = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "action": "admin_user.create", "actor": "ADM", "outcome": "success" }),
        )
        .await?;
    assert_eq!(exact.body["data"]["total"], 2, "{}", exact.text);
    let future = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "from": 4_102_444_800_000_i64 }),
        )
        .await?;
    assert_eq!(future.body["data"]["total"], 0);
    let bad = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "outcome": "maybe" }),
        )
        .await?;
    assert!(bad.field("outcome").is_some(), "{}", bad.text);

    let logins = app
        .post_as(
            "/api/admin/logs/login/page",
            &root,
            &json!({ "account": "admin", "sort": { "field": "id", "order": "asc" } }),
        )
        .await?;
    let row = &logins.body["data"]["records"][0];
    assert_eq!(row["account"], "admin");
    assert_eq!(row["accountKind"], "admin");
    assert_eq!(row["outcome"], "success");
    assert_eq!(row["method"], "password");
    assert!(row["createdAt"].as_i64().is_some() && row["ip"].is_string());
    // The journal has no endpoint that changes it.
    let doc = server::routes::openapi().to_json()?;
    assert!(!doc.contains("/api/admin/logs/operation/delete"));
    assert!(!doc.contains("/api/admin/logs/login/delete"));
    app.stop().await
}

/// The journal names each row's target as its own screen does, read when the page is read: a
/// customer by name, a role by name, an administrator by name and account; nothing once the
/// record is gone or for a row without a record. The export carries the names too.
#[tokio::test]
async fn the_journal_names_its_targets() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let customer = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &json!({ "kind": "INDIVIDUAL", "name": "郭子豪", "idType": "RESIDENT_ID",
                     "idNo": "11010519491231002X", "mobile": "13812345678" }),
        )
        .await?
        .created_id()?;
    let kept = app
        .post_as(
            "/api/admin/role/create",
            &root,
            &json!({ "code": "risk", "name": "风控专员", "enabled": true, "permissions": ["admin:logs:table"] }),
        )
        .await?
        .created_id()?;
    let gone = role(&app, &root, "temp_role", &["admin:logs:table"]).await?;
    let reply = app
        .post_as(&format!("/api/admin/role/delete/{gone}"), &root, &json!({}))
        .await?;
    assert_eq!(reply.code(), 200, "{}", reply.text);
    let person = user(&app, &root, "named", &[], json!({})).await?;

    let page = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "size": 50 }),
        )
        .await?;
    assert_eq!(page.code(), 200, "{}", page.text);
    let records = page.body["data"]["records"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let row = |action: &str, id: i64| {
        let id = id.to_string();
        records
            .iter()
            .find(|r| r["action"] == action && r["targetId"].as_str() == Some(id.as_str()))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let created = row("customer.create", customer);
    assert_eq!(created["targetType"], "customer", "{}", page.text);
    assert_eq!(created["targetName"], "郭子豪");
    assert_eq!(row("role.create", kept)["targetName"], "风控专员");
    assert_eq!(
        row("admin_user.create", person)["targetName"],
        "named 姓名 (named)"
    );
    let deleted = row("role.delete", gone);
    assert_eq!(deleted["targetType"], "role", "{}", page.text);
    assert!(deleted["targetName"].is_null(), "the role is gone");
    assert!(row("role.create", gone)["targetName"].is_null());

    // The export names them too; its own row has no record to name.
    let exported = app
        .post_as(
            "/api/admin/logs/operation/export",
            &root,
            &json!({ "action": "customer.create" }),
        )
        .await?;
    assert_eq!(exported.code(), 200, "{}", exported.text);
    let name = exported.body["data"]["objectName"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let (code, bytes, _) = download(&app, &root, &name, true).await?;
    assert_eq!(code, 200);
    let xml = sheet_xml(&bytes)?;
    assert!(xml.contains("对象名称") && xml.contains("郭子豪"), "{xml}");
    let logged = app
        .post_as(
            "/api/admin/logs/operation/page",
            &root,
            &json!({ "action": "export" }),
        )
        .await?;
    let export_row = &logged.body["data"]["records"][0];
    assert_eq!(export_row["targetType"], "operation_log", "{}", logged.text);
    assert!(export_row["targetName"].is_null());
    app.stop().await
}
