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
