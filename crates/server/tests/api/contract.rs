//! The OpenAPI document against the server: what it says about HTTP 401, the error envelope,
//! required fields and multipart field names is what the server answers and reads. (The
//! schemathesis run of `scripts/fuzz` checks every answer against the document; these tests
//! pin the parts a generated client relies on.) Runs on the database `BEEHIVE_TEST_DB` names.

use crate::support::png;
use serde_json::{Value, json};
use testkit::TestApp;

fn document() -> anyhow::Result<Value> {
    Ok(serde_json::from_str(&server::routes::openapi().to_json()?)?)
}

/// Every operation of the document: (method, path, operation).
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().cloned().unwrap_or_default() {
        for (method, op) in item.as_object().cloned().unwrap_or_default() {
            out.push((method, path.clone(), op));
        }
    }
    out
}

fn concrete(path: &str) -> String {
    path.split('/')
        .map(|part| {
            if part.starts_with('{') {
                "987654"
            } else {
                part
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[tokio::test]
async fn http_401_is_answered_exactly_where_the_document_says() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let doc = document()?;
    let mut documented = 0;
    for (method, path, op) in operations(&doc) {
        let url = app.url(&concrete(&path));
        let request = match method.as_str() {
            "get" => app.client.get(url),
            _ => app.client.post(url).json(&json!({})),
        };
        let reply = testkit::Reply::read(request.send().await?).await?;
        let id = op["operationId"].as_str().unwrap_or_default();
        if op["responses"].get("401").is_some() {
            documented += 1;
            assert_eq!(reply.status, 401, "{id}: {}", reply.text);
            assert_eq!(
                reply.body,
                json!({ "result": false, "code": 401, "msg": reply.body["msg"], "data": null }),
                "{id}"
            );
            assert!(reply.msg().chars().count() > 2, "{id}: {}", reply.text);
        } else {
            assert_ne!(reply.status, 401, "{id} answers an undocumented 401");
            // Only an operation that documents another HTTP status (the e-signature provider's
            // notices, which it retries when not taken) may answer it.
            let documented_status = op["responses"]
                .get(reply.status.to_string().as_str())
                .is_some();
            assert!(
                reply.status == 200 || documented_status,
                "{id}: {}",
                reply.text
            );
        }
    }
    assert!(
        documented > 100,
        "only {documented} operations document 401"
    );
    Ok(())
}

#[tokio::test]
async fn every_http_200_documents_the_error_envelope() -> anyhow::Result<()> {
    let doc = document()?;
    let codes = &doc["components"]["schemas"]["ErrorEnvelope"]["properties"]["code"]["enum"];
    assert_eq!(codes, &json!([400, 401, 403, 404, 409, 422, 429, 500, 504]));
    for (_, _, op) in operations(&doc) {
        let id = op["operationId"].as_str().unwrap_or_default();
        let json = &op["responses"]["200"]["content"]["application/json"]["schema"];
        let error = json!({ "$ref": "#/components/schemas/ErrorEnvelope" });
        let listed = json == &error
            || json["oneOf"]
                .as_array()
                .is_some_and(|alternatives| alternatives.contains(&error));
        assert!(
            listed,
            "{id}: HTTP 200 does not document the error envelope: {json}"
        );
    }
    // A success envelope says it is one, so a client can tell the two apart by `result`.
    let health = &doc["components"]["schemas"]["Envelope_HealthData"]["properties"];
    assert_eq!(health["result"]["enum"], json!([true]));
    assert_eq!(health["code"]["enum"], json!([200]));
    Ok(())
}

#[tokio::test]
async fn a_vehicle_is_created_with_the_fields_the_document_requires() -> anyhow::Result<()> {
    let doc = document()?;
    let schemas = &doc["components"]["schemas"];
    let create = &doc["paths"]["/api/admin/customer/vehicle/create"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"]["$ref"];
    assert_eq!(create, "#/components/schemas/VehicleCreateBody");
    let required = schemas["VehicleCreateBody"]["required"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(required.contains(&json!("customerId")), "{required:?}");
    assert!(
        schemas["VehicleBody"]["properties"]
            .get("customerId")
            .is_none(),
        "an edit does not take the customer"
    );

    // Exactly the required fields are enough.
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let customer = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &json!({ "kind": "INDIVIDUAL", "name": "张三", "idType": "RESIDENT_ID",
                     "idNo": "11010519491231002X", "mobile": "13812345678" }),
        )
        .await?
        .created_id()?;
    let values = json!({ "customerId": customer, "plateNo": "京A12345",
                         "vin": "LSVAU218XN2183294", "usage": "PRIVATE" });
    let mut body = serde_json::Map::new();
    for field in &required {
        let field = field.as_str().unwrap_or_default();
        body.insert(field.to_owned(), values[field].clone());
    }
    let created = app
        .post_as(
            "/api/admin/customer/vehicle/create",
            &root,
            &Value::Object(body),
        )
        .await?;
    assert_eq!(created.code(), 200, "{}", created.text);
    Ok(())
}

/// Multipart operations whose fields are exercised by tests/api/order_flow.rs.
const ORDER_FLOW_FORMS: &[&str] = &[
    "/api/admin/order/contract/upload/{id}",
    "/api/admin/order/down-payment/record/{id}",
    "/api/admin/order/policy/upload/{id}",
    "/api/admin/premium/pay/{id}",
    "/api/admin/order/repayment/record/{id}",
];

#[tokio::test]
async fn multipart_uploads_read_the_field_names_the_document_gives() -> anyhow::Result<()> {
    let doc = document()?;
    let schemas = &doc["components"]["schemas"];
    let app = TestApp::spawn().await?;
    let root = app.admin_token().await?;
    let customer = app
        .post_as(
            "/api/admin/customer/create",
            &root,
            &json!({ "kind": "INDIVIDUAL", "name": "李四", "idType": "RESIDENT_ID",
                     "idNo": "320106199003071234", "mobile": "13912345678" }),
        )
        .await?
        .created_id()?;
    crate::support::bare_order(&app, 1).await?;
    let values = json!({ "customerId": customer.to_string(), "orderId": "1", "kind": "OTHER",
                         "remark": "合同扫描件" });

    let mut uploads = 0;
    for (_, path, op) in operations(&doc) {
        let Some(content) = op["requestBody"]["content"].get("multipart/form-data") else {
            continue;
        };
        uploads += 1;
        // Forms of the order flow with business fields (amounts, dates, serial numbers): sent
        // with their documented names by the order-flow tests, against real orders.
        if ORDER_FLOW_FORMS.contains(&path.as_str()) {
            continue;
        }
        let name = content["schema"]["$ref"]
            .as_str()
            .and_then(|r| r.rsplit('/').next())
            .unwrap_or_default();
        let properties = schemas[name]["properties"]
            .as_object()
            .cloned()
            .unwrap_or_default();
        assert!(
            properties.contains_key("file"),
            "{path}: {name} has no `file` part"
        );
        // The text parts, named as the document names them.
        let mut fields = Vec::new();
        for key in properties.keys().filter(|k| k.as_str() != "file") {
            let value = values[key.as_str()].as_str();
            assert!(
                value.is_some(),
                "{path}: {name}.{key} is not a field the server reads"
            );
            fields.push((key.clone(), value.unwrap_or_default().to_owned()));
        }
        let fields: Vec<(&str, &str)> = fields
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        let reply = app
            .upload_as(&path, &root, &fields, "a.png", &png())
            .await?;
        let refused_by_permission = reply.code() == 403 || reply.status == 401;
        if path.starts_with("/api/capital/") {
            assert!(refused_by_permission, "{path}: {}", reply.text);
        } else {
            assert_eq!(
                reply.code(),
                200,
                "{path} with the document's names: {}",
                reply.text
            );
        }
    }
    assert!(uploads >= 4, "only {uploads} multipart operations");
    Ok(())
}
