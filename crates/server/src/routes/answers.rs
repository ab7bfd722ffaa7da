//! What every operation really answers, written into the OpenAPI document in one place so that
//! no route can describe it differently:
//!
//! - HTTP 200 carries either the operation's success envelope (`result: true`, `code: 200`) or
//!   the error envelope (`result: false`, `code` one of [`ERROR_CODES`]); a file download's 200
//!   carries the file or the error envelope as JSON.
//! - HTTP 401 with the envelope (`code: 401`, `data: null`) answers an operation that needs a
//!   token when the token is missing, unknown or signed out, and a refresh call whose refresh
//!   token is (the routes that answer 401 without a `token` requirement declare it).
//!
//! The routes declare only their success body; [`complete`] adds the rest.

use utoipa::openapi::schema::{AdditionalProperties, Object, ObjectBuilder, SchemaType, Type};
use utoipa::openapi::{
    Content, OneOfBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder, Schema,
};

/// The component name of the error envelope.
pub const ERROR_ENVELOPE: &str = "ErrorEnvelope";
/// The component name of the HTTP 401 body.
pub const SIGNED_OUT_ENVELOPE: &str = "SignedOutEnvelope";
/// Every code an error envelope carries (`service::Error::code`; the fallbacks and the timeout
/// answer codes of the same list).
pub const ERROR_CODES: [u16; 9] = service::Error::CODES;

const JSON: &str = "application/json";

/// Adds the error envelope to every operation's HTTP 200, the HTTP 401 to every operation that
/// needs a token, and pins `result`/`code` of the success envelopes.
pub fn complete(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    for (name, schema) in components.schemas.iter_mut() {
        if let (true, RefOr::T(Schema::Object(envelope))) = (name.starts_with("Envelope_"), schema)
        {
            pin(envelope, "result", serde_json::json!(true));
            pin(envelope, "code", serde_json::json!(200));
        }
    }
    components
        .schemas
        .insert(ERROR_ENVELOPE.to_owned(), error_envelope().into());
    components
        .schemas
        .insert(SIGNED_OUT_ENVELOPE.to_owned(), signed_out_envelope().into());

    for item in doc.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            let needs_token = operation.security.as_ref().is_some_and(|requirements| {
                requirements.iter().any(|requirement| {
                    serde_json::to_value(requirement)
                        .ok()
                        .is_some_and(|value| value.get("token").is_some())
                })
            });
            let responses = &mut operation.responses.responses;
            let ok = responses
                .entry("200".to_owned())
                .or_insert_with(|| ResponseBuilder::new().description("").build().into());
            if let RefOr::T(ok) = ok {
                add_error_envelope(ok);
            }
            // An operation that needs a token, or one that declares its own 401 (the refresh
            // calls, whose token is in the path), answers HTTP 401 with the envelope.
            let description = match responses.get("401") {
                Some(RefOr::T(declared)) => Some(declared.description.clone()),
                _ if needs_token => {
                    Some("The token is missing, unknown, expired or signed out.".to_owned())
                }
                _ => None,
            };
            if let Some(description) = description {
                responses.insert(
                    "401".to_owned(),
                    ResponseBuilder::new()
                        .description(description)
                        .content(
                            JSON,
                            Content::new(Some(Ref::from_schema_name(SIGNED_OUT_ENVELOPE))),
                        )
                        .build()
                        .into(),
                );
            }
        }
    }
}

/// HTTP 200 of one operation: its JSON success envelope or the error envelope; a file's
/// content types stay as declared and the error envelope is added as JSON.
fn add_error_envelope(ok: &mut Response) {
    let error: RefOr<Schema> = Ref::from_schema_name(ERROR_ENVELOPE).into();
    match ok.content.get_mut(JSON) {
        Some(content) => {
            let schema = match content.schema.take() {
                Some(success) => RefOr::T(Schema::OneOf(
                    OneOfBuilder::new().item(success).item(error).build(),
                )),
                None => error,
            };
            content.schema = Some(schema);
        }
        None => {
            ok.content
                .insert(JSON.to_owned(), Content::new(Some(error)));
        }
    }
    if ok.description.is_empty() {
        ok.description = "The envelope: the success body (`result: true`, `code: 200`) or an \
                          error (`result: false`)."
            .to_owned();
    }
}

/// Narrows an envelope property to one value.
fn pin(envelope: &mut Object, property: &str, value: serde_json::Value) {
    if let Some(RefOr::T(Schema::Object(schema))) = envelope.properties.get_mut(property) {
        schema.enum_values = Some(vec![value]);
    }
}

fn string() -> Object {
    ObjectBuilder::new().schema_type(Type::String).build()
}

fn error_envelope() -> Object {
    let fields = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(
            "Each invalid field (its JSON path or parameter name) and what is wrong with it.",
        ))
        .additional_properties(Some(AdditionalProperties::RefOr(string().into())))
        .build();
    let request_id = ObjectBuilder::new()
        .schema_type(SchemaType::Array(vec![Type::String, Type::Null]))
        .description(Some(
            "The request's id, which the server's log line carries (code 500 only).",
        ))
        .build();
    let data = ObjectBuilder::new()
        .schema_type(SchemaType::Array(vec![Type::Object, Type::Null]))
        .description(Some(
            "`{ fields }` with code 400 when the input is invalid, `{ requestId }` with code \
             500, otherwise null.",
        ))
        .property("fields", fields)
        .property("requestId", request_id)
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build();
    ObjectBuilder::new()
        .description(Some(
            "An error answered with HTTP 200: 400 invalid input, 401 the session expired, \
             403 not permitted, 404 not found, 409 conflict, 422 an idempotency key used for \
             another request, 429 too many attempts, 500 server failure (with the request id), \
             504 signed in elsewhere.",
        ))
        .property(
            "result",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .enum_values(Some([false])),
        )
        .required("result")
        .property(
            "code",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .enum_values(Some(ERROR_CODES)),
        )
        .required("code")
        .property(
            "msg",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some("What went wrong, for the user, in Chinese.")),
        )
        .required("msg")
        .property("data", data)
        .required("data")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build()
}

fn signed_out_envelope() -> Object {
    ObjectBuilder::new()
        .description(Some(
            "HTTP 401: the token is missing, unknown or signed out; sign in again.",
        ))
        .property(
            "result",
            ObjectBuilder::new()
                .schema_type(Type::Boolean)
                .enum_values(Some([false])),
        )
        .required("result")
        .property(
            "code",
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .enum_values(Some([401])),
        )
        .required("code")
        .property("msg", string())
        .required("msg")
        .property("data", ObjectBuilder::new().schema_type(Type::Null))
        .required("data")
        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
        .build()
}
