//! Ports: what the use cases need from outside providers, as traits. The use cases call the
//! trait; the `interface` module (短信/OCR接口配置, 电子签章接口配置) implements it with the
//! provider an administrator configured; the application wires the two together (`lib.rs`).

use crate::Result;
use futures::future::BoxFuture;
use std::collections::BTreeMap;

/// Whether the provider took a message: `Err` carries its refusal, which the usage list
/// records (a refusal is not a failure of the use case that sent it).
pub type Delivery = std::result::Result<(), String>;

/// Sends text messages from the SMS templates (短信模板配置).
pub trait Sms: Send + Sync {
    /// Sends the template `code` filled with `params` to `mobile` through the configured
    /// provider and records the use. `Err` is a failure of Beehive itself (the database); a
    /// provider's refusal is `Ok(Err(reason))`.
    fn send_template<'a>(
        &'a self,
        mobile: &'a str,
        code: &'a str,
        params: &'a BTreeMap<String, String>,
    ) -> BoxFuture<'a, Result<Delivery>>;
}

/// A signer of an e-signature flow, as the provider needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlowSigner {
    /// Beehive's signer id (as text): the provider hands it back in its callbacks.
    pub key: String,
    /// `CUSTOMER`, `PLATFORM` or `CAPITAL`.
    pub role: String,
    /// A person's or an organisation's name.
    pub name: String,
    /// Resident ID or unified social credit code (plain: the provider verifies identity with it).
    pub id_no: String,
    pub mobile: String,
    /// An organisation signs with its seal (PLATFORM, CAPITAL); a person by hand.
    pub is_organisation: bool,
}

/// What Beehive asks an e-signature provider to start: one document, its signers.
#[derive(Debug, Clone)]
pub struct FlowRequest {
    pub contract_no: String,
    pub title: String,
    /// The rendered PDF.
    pub pdf: Vec<u8>,
    pub signers: Vec<FlowSigner>,
    /// Where the provider posts its notices (absolute URL).
    pub callback_url: String,
}

/// A flow the provider started: its id and each signer's signing address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreatedFlow {
    pub flow_id: String,
    /// (signer key, URL).
    pub urls: Vec<(String, String)>,
}

/// What a verified provider notice says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlowNotice {
    /// One signer signed (key = `FlowSigner::key`).
    SignerSigned { flow_id: String, signer_key: String },
    /// A signer refused.
    SignerRejected {
        flow_id: String,
        signer_key: String,
        reason: String,
    },
    /// Every signer signed; the signed document can be fetched.
    Completed { flow_id: String },
}

/// An e-signature provider (电子签章接口配置): starts flows, verifies its notices, hands back the
/// signed document. The built-in local signing needs none of this (Beehive is the provider);
/// BestSign implements it over its HTTP API.
pub trait ESign: Send + Sync {
    fn create_flow(&self, request: FlowRequest) -> BoxFuture<'_, Result<CreatedFlow>>;
    /// The signed PDF of a completed flow.
    fn signed_document<'a>(&'a self, flow_id: &'a str) -> BoxFuture<'a, Result<Vec<u8>>>;
    /// Checks a notice's authenticity (signature) and reads it; a forged or malformed notice is
    /// an `Error::Invalid`/`Error::Forbidden`, nothing else happens.
    fn verify_notice(&self, headers: &[(String, String)], body: &[u8]) -> Result<FlowNotice>;
}
