//! Aliyun SMS (dysmsapi): the RPC-style `SendSms` call with Aliyun's signature version 1.0.
//!
//! The algorithm, as Aliyun documents it for RPC APIs:
//! 1. every parameter (common ones and `SendSms`'s) except `Signature` is percent-encoded
//!    (UTF-8, RFC 3986: only `A-Z a-z 0-9 - _ . ~` stay as they are; so a space is `%20`,
//!    `*` is `%2A` and `~` stays `~`), sorted by name and joined as `k=v&k=v`;
//! 2. `StringToSign = "GET&%2F&" + percentEncode(canonicalQuery)`;
//! 3. `Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))`;
//! 4. the request is `GET <endpoint>/?Signature=<percentEncode(signature)>&<canonicalQuery>`.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, KeyInit, Mac};
use sha1::Sha1;
use std::collections::BTreeMap;

/// Aliyun's percent-encoding: RFC 3986 unreserved characters stay, everything else is `%XX`.
pub fn percent_encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// The sorted, encoded query of `params` (without `Signature`).
pub fn canonical_query(params: &BTreeMap<String, String>) -> String {
    params
        .iter()
        .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// `Base64(HMAC-SHA1(secret + "&", "GET&%2F&" + percentEncode(canonicalQuery)))`.
pub fn sign(access_key_secret: &str, params: &BTreeMap<String, String>) -> String {
    let string_to_sign = format!(
        "GET&{}&{}",
        percent_encode("/"),
        percent_encode(&canonical_query(params))
    );
    let mut mac =
        <Hmac<Sha1> as KeyInit>::new_from_slice(format!("{access_key_secret}&").as_bytes())
            .unwrap_or_else(|_| unreachable_hmac());
    mac.update(string_to_sign.as_bytes());
    STANDARD.encode(mac.finalize().into_bytes())
}

// HMAC takes keys of any length.
#[allow(clippy::panic)]
fn unreachable_hmac() -> Hmac<Sha1> {
    panic!("HMAC accepts any key length")
}

/// What one `SendSms` call needs.
pub struct SendSms<'a> {
    pub endpoint: &'a str,
    pub access_key_id: &'a str,
    pub access_key_secret: &'a str,
    pub sign_name: &'a str,
    pub template_code: &'a str,
    pub phone_numbers: &'a str,
    /// JSON object of the template's parameters.
    pub template_param: String,
}

/// The signed parameters of a `SendSms` call at `timestamp` with `nonce`.
pub fn send_sms_params(
    call: &SendSms<'_>,
    timestamp: &str,
    nonce: &str,
) -> BTreeMap<String, String> {
    let mut params = BTreeMap::new();
    for (k, v) in [
        ("AccessKeyId", call.access_key_id),
        ("Action", "SendSms"),
        ("Format", "JSON"),
        ("PhoneNumbers", call.phone_numbers),
        ("RegionId", "cn-hangzhou"),
        ("SignName", call.sign_name),
        ("SignatureMethod", "HMAC-SHA1"),
        ("SignatureNonce", nonce),
        ("SignatureVersion", "1.0"),
        ("TemplateCode", call.template_code),
        ("TemplateParam", call.template_param.as_str()),
        ("Timestamp", timestamp),
        ("Version", "2017-05-25"),
    ] {
        params.insert(k.to_owned(), v.to_owned());
    }
    params
}

/// The full request URL: the endpoint, the signature first, then the canonical query.
pub fn signed_url(endpoint: &str, secret: &str, params: &BTreeMap<String, String>) -> String {
    let signature = sign(secret, params);
    format!(
        "{}/?Signature={}&{}",
        endpoint.trim_end_matches('/'),
        percent_encode(&signature),
        canonical_query(params)
    )
}

/// Sends one message; `Err` carries the message to record (Aliyun's code and message).
pub async fn send(
    http: &reqwest::Client,
    call: &SendSms<'_>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), String> {
    let timestamp = now.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let nonce = {
        use rand::RngCore;
        let mut bytes = [0u8; 16];
        rand::rng().fill_bytes(&mut bytes);
        hex::encode(bytes)
    };
    let params = send_sms_params(call, &timestamp, &nonce);
    let url = signed_url(call.endpoint, call.access_key_secret, &params);
    let response = http
        .get(url)
        .timeout(std::time::Duration::from_secs(10))
        .send()
        .await
        .map_err(|e| {
            if e.is_timeout() {
                "短信服务商响应超时".to_owned()
            } else {
                "无法连接短信服务商".to_owned()
            }
        })?;
    let status = response.status();
    let body: serde_json::Value = response
        .json()
        .await
        .map_err(|_| format!("短信服务商应答无法识别（HTTP {}）", status.as_u16()))?;
    let code = body
        .get("Code")
        .and_then(|c| c.as_str())
        .unwrap_or_default();
    if code == "OK" {
        Ok(())
    } else {
        let message = body
            .get("Message")
            .and_then(|m| m.as_str())
            .unwrap_or_default();
        let mut text = format!("{code}: {message}");
        if text.chars().count() > 500 {
            text = text.chars().take(500).collect();
        }
        Err(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encoding_follows_aliyun() {
        // python3: urllib.parse.quote("a b*c~d+é", safe='-_.~') == 'a%20b%2Ac~d%2B%C3%A9'
        assert_eq!(percent_encode("a b*c~d+é"), "a%20b%2Ac~d%2B%C3%A9");
        assert_eq!(percent_encode("/"), "%2F");
    }

    /// Known answer, computed independently with Python:
    /// ```text
    /// import hmac, hashlib, base64, urllib.parse
    /// pe = lambda s: urllib.parse.quote(s, safe='-_.~')
    /// q = '&'.join(pe(k) + '=' + pe(v) for k, v in sorted(p.items()))   # p: the params below
    /// sts = 'GET&' + pe('/') + '&' + pe(q)
    /// base64.b64encode(hmac.new(b'testsecret&', sts.encode(), hashlib.sha1).digest())
    /// # → 'rISfw8a7kVgtNhvvLVOPGUDseiQ='
    /// ```
    #[test]
    fn signature_known_answer() {
        let call = SendSms {
            endpoint: "https://dysmsapi.aliyuncs.com",
            access_key_id: "testid",
            access_key_secret: "testsecret",
            sign_name: "阿里云短信测试",
            template_code: "SMS_154950909",
            phone_numbers: "13800138000",
            template_param: r#"{"code":"1234"}"#.to_owned(),
        };
        let params = send_sms_params(
            &call,
            "2026-11-22T05:00:00Z",
            "45e25e9b-0a6f-4070-8c85-2956eda1b466",
        );
        assert_eq!(sign("testsecret", &params), "rISfw8a7kVgtNhvvLVOPGUDseiQ=");
        let url = signed_url("https://dysmsapi.aliyuncs.com/", "testsecret", &params);
        assert!(url.starts_with(
            "https://dysmsapi.aliyuncs.com/?Signature=rISfw8a7kVgtNhvvLVOPGUDseiQ%3D&AccessKeyId=testid&Action=SendSms&"
        ));
    }
}
