//! BestSign (上上签) open API v2: the e-signature port's adapter (电子签章接口配置).
//!
//! The protocol, as the public SDKs read for it show (docs/esign.md lists the sources and
//! what could not be confirmed):
//!
//! * every call carries `developerId`, `rtick` (a unique tick: Unix seconds followed by four
//!   random digits), `signType=rsa` and `sign` in its query string;
//! * the string to sign is every query parameter but `sign` (the three above and, for a GET,
//!   the call's own parameters), sorted by name and written `name=value` with no separator,
//!   then the request's URL path (e.g. `/openapi/v2/contract/send/`), then — when the request
//!   has a body — the lowercase hex MD5 of the exact body bytes (UTF-8 JSON);
//! * `sign` is the Base64 of an RSA PKCS#1 v1.5 signature over SHA-1 ("SHA1withRSA") of that
//!   string with the developer's private key, percent-encoded in the URL;
//! * answers are JSON `{"errno": 0, "errmsg": "...", "data": {...}}` (HTTP 200 even on a
//!   refusal): `errno` 0 is success, anything else a refusal; a download answers the file.
//!
//! A flow is: register each signer (`/user/reg/`, a person by name, resident ID and mobile;
//! an organisation by name and unified social credit code), create an organisation's seal
//! image (`/signatureImage/user/create/`), upload the PDF as a contract
//! (`/storage/contract/upload/`), then send it to each signer (`/contract/send/`, with
//! `sid` = Beehive's signer key and `pushUrl` = the callback), which answers the signer's URL.
//!
//! Notices: BestSign's own push authentication could not be confirmed from public material,
//! so a notice is accepted only with the header [`NOTICE_SIGNATURE_HEADER`]: the lowercase hex
//! HMAC-SHA256 of the raw body under a key derived from the developer's private key
//! (see [`BestSign::notice_signature`]). This is a Beehive convention, not BestSign's.

use crate::clock::Clock;
use crate::ports::{CreatedFlow, ESign, FlowNotice, FlowRequest, FlowSigner};
use crate::{Error, Result};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use futures::future::BoxFuture;
use md5::{Digest as _, Md5};
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use rsa::{Pkcs1v15Sign, RsaPrivateKey};
use serde_json::{Value, json};
use sha2::Sha256;
use std::collections::BTreeMap;
use std::time::Duration;

/// The header that carries a notice's HMAC-SHA256 (Beehive's convention, see the module doc).
pub const NOTICE_SIGNATURE_HEADER: &str = "x-beehive-signature";

/// How long a contract (and each signing link) stays signable.
const SIGNING_DAYS: i64 = 30;
const TIMEOUT: Duration = Duration::from_secs(30);
/// The DER `DigestInfo` prefix of a SHA-1 digest (RFC 8017, 9.2 note 1).
const SHA1_DIGEST_INFO: [u8; 15] = [
    0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14,
];

const PATH_USER_REG: &str = "/user/reg/";
const PATH_SEAL_CREATE: &str = "/signatureImage/user/create/";
const PATH_CONTRACT_UPLOAD: &str = "/storage/contract/upload/";
const PATH_CONTRACT_SEND: &str = "/contract/send/";
const PATH_CONTRACT_DOWNLOAD: &str = "/storage/contract/download/";
const PATH_CONTRACT_LOCK: &str = "/storage/contract/lock/";

/// The push `action` of a signer's outcome (name from the public C# SDK's `SignContractPush`;
/// the literal value is not confirmed).
const ACTION_SIGN: &str = "signContract";
/// The push `action` of a finished contract (not confirmed: see docs/esign.md).
const ACTION_COMPLETE: &str = "contractComplete";
/// `signerStatus` values (not confirmed: see docs/esign.md).
const SIGNER_SIGNED: &str = "2";
const SIGNER_REJECTED: &str = "3";

/// A refusal of `/user/reg/` that only says the account exists is not an error (the wording
/// is not confirmed; these are the fragments BestSign's messages are expected to contain).
const ALREADY_REGISTERED: [&str; 3] = ["已存在", "已注册", "exist"];

/// The BestSign adapter. Holds the parsed private key; its `Debug` never shows it.
pub struct BestSign {
    http: reqwest::Client,
    clock: Clock,
    /// e.g. `https://openapi.bestsign.cn/openapi/v2` (no trailing slash).
    endpoint: String,
    developer_id: String,
    key: RsaPrivateKey,
    notice_key: [u8; 32],
}

impl std::fmt::Debug for BestSign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BestSign")
            .field("endpoint", &self.endpoint)
            .field("developer_id", &self.developer_id)
            .field("key", &"<hidden>")
            .finish()
    }
}

impl BestSign {
    /// An adapter for `endpoint` (the API base, e.g. `https://openapi.bestsign.cn/openapi/v2`)
    /// with the developer's id and private key: PKCS#8 (`BEGIN PRIVATE KEY`) or PKCS#1
    /// (`BEGIN RSA PRIVATE KEY`) PEM, or the bare Base64 body the BestSign console hands out.
    pub fn new(
        http: reqwest::Client,
        clock: Clock,
        endpoint: &str,
        developer_id: &str,
        private_key: &str,
    ) -> Result<Self> {
        let developer_id = developer_id.trim();
        let key = parse_private_key(private_key)?;
        let der = key
            .to_pkcs8_der()
            .map_err(|_| Error::invalid("privateKey", "私钥无法识别"))?;
        let mut material = b"beehive/bestsign/notice/v1\0".to_vec();
        material.extend_from_slice(developer_id.as_bytes());
        material.push(0);
        material.extend_from_slice(der.as_bytes());
        let notice_key: [u8; 32] = Sha256::digest(&material).into();
        Ok(BestSign {
            http,
            clock,
            endpoint: endpoint.trim().trim_end_matches('/').to_owned(),
            developer_id: developer_id.to_owned(),
            key,
            notice_key,
        })
    }

    /// The value of [`NOTICE_SIGNATURE_HEADER`] for a notice `body`: lowercase hex
    /// HMAC-SHA256 under a key only the private key's holder can derive.
    pub fn notice_signature(&self, body: &[u8]) -> String {
        hex::encode(hmac_sha256(&self.notice_key, body))
    }

    /// Ends a contract whose signers all signed (`/storage/contract/lock/`), so that it is
    /// final. Not part of the port: whether BestSign needs it before the download is one of
    /// the open questions of docs/esign.md.
    pub async fn lock_contract(&self, contract_id: &str) -> Result<()> {
        self.post(PATH_CONTRACT_LOCK, &json!({ "contractId": contract_id }))
            .await
            .map(drop)
    }

    /// The full URL of a signed call: the query carries the signature first.
    fn signed_url(
        &self,
        path: &str,
        query: &[(&str, &str)],
        body: Option<&[u8]>,
    ) -> Result<String> {
        let url = format!("{}{path}", self.endpoint);
        let request_path = url::Url::parse(&url)
            .map_err(|_| Error::Conflict("电子签章接口地址无效".to_owned()))?
            .path()
            .to_owned();
        let rtick = rtick(self.clock.now().timestamp());
        let to_sign = string_to_sign(&self.developer_id, &rtick, query, &request_path, body);
        let sign = sign_sha1_rsa(&self.key, &to_sign)?;
        let mut out = format!(
            "{url}?developerId={}&rtick={}&signType=rsa&sign={}",
            super::aliyun::percent_encode(&self.developer_id),
            rtick,
            super::aliyun::percent_encode(&sign)
        );
        for (k, v) in query {
            out.push('&');
            out.push_str(&super::aliyun::percent_encode(k));
            out.push('=');
            out.push_str(&super::aliyun::percent_encode(v));
        }
        Ok(out)
    }

    /// A signed POST of JSON `body`; answers the `data` of a success.
    async fn post(&self, path: &str, body: &Value) -> Result<Value> {
        let bytes = serde_json::to_vec(body).map_err(Error::internal)?;
        let url = self.signed_url(path, &[], Some(&bytes))?;
        let response = self
            .http
            .post(url)
            .header("content-type", "application/json; charset=UTF-8")
            .body(bytes)
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(|e| unreachable(&e))?;
        let status = response.status().as_u16();
        let text = response.bytes().await.map_err(|e| unreachable(&e))?;
        answer_data(path, status, &text)
    }

    /// Registers `signer` (an existing account is fine) and, for an organisation, its seal.
    async fn register(&self, signer: &FlowSigner, account: &str) -> Result<()> {
        let body = if signer.is_organisation {
            json!({
                "account": account,
                "name": signer.name,
                "userType": "2",
                "mobile": signer.mobile,
                "credential": {
                    "regCode": signer.id_no,
                    "taxCode": signer.id_no,
                    "orgCode": signer.id_no,
                    "contactMobile": signer.mobile,
                },
                "applyCert": "1",
            })
        } else {
            json!({
                "account": account,
                "name": signer.name,
                "userType": "1",
                "mobile": signer.mobile,
                "credential": {
                    "identity": signer.id_no,
                    "identityType": "0",
                    "contactMobile": signer.mobile,
                },
                "applyCert": "1",
            })
        };
        match self.post(PATH_USER_REG, &body).await {
            Ok(_) => {}
            Err(Error::Conflict(m)) if ALREADY_REGISTERED.iter().any(|f| m.contains(f)) => {}
            Err(e) => return Err(e),
        }
        if signer.is_organisation {
            self.post(
                PATH_SEAL_CREATE,
                &json!({ "account": account, "text": signer.name }),
            )
            .await?;
        }
        Ok(())
    }

    async fn create(&self, request: FlowRequest) -> Result<CreatedFlow> {
        if request.signers.is_empty() {
            return Err(Error::bad_request("电子签章流程至少需要一位签署方"));
        }
        if !request.pdf.starts_with(b"%PDF-") {
            return Err(Error::bad_request("电子签章文件须为 PDF"));
        }
        let mut accounts = Vec::with_capacity(request.signers.len());
        for signer in &request.signers {
            let account = account_of(signer)?;
            self.register(signer, &account).await?;
            accounts.push(account);
        }
        // The contract belongs to the platform when it signs, else to the first signer.
        let owner = request
            .signers
            .iter()
            .zip(&accounts)
            .find(|(s, _)| s.role == "PLATFORM")
            .or_else(|| request.signers.iter().zip(&accounts).next())
            .map(|(_, a)| a.clone())
            .unwrap_or_default();
        let expire = (self.clock.now() + chrono::Duration::days(SIGNING_DAYS))
            .timestamp()
            .to_string();
        let data = self
            .post(
                PATH_CONTRACT_UPLOAD,
                &json!({
                    "account": owner,
                    "fmd5": hex::encode(Md5::digest(&request.pdf)),
                    "ftype": "pdf",
                    "fname": format!("{}.pdf", request.contract_no),
                    "fpages": page_count(&request.pdf).to_string(),
                    "fdata": STANDARD.encode(&request.pdf),
                    "title": request.title,
                    "description": request.contract_no,
                    "expireTime": expire,
                }),
            )
            .await?;
        let flow_id = text_of(&data, "contractId")
            .ok_or_else(|| Error::Conflict("上上签未返回合同编号".to_owned()))?;
        let mut urls = Vec::with_capacity(request.signers.len());
        for (signer, account) in request.signers.iter().zip(&accounts) {
            let mut body = json!({
                "contractId": flow_id,
                "signer": account,
                "expireTime": expire,
                "sid": signer.key,
                "pushUrl": request.callback_url,
            });
            if !signer.mobile.is_empty() {
                body["vcodeMobile"] = Value::String(signer.mobile.clone());
            }
            let data = self.post(PATH_CONTRACT_SEND, &body).await?;
            let url = text_of(&data, "url")
                .ok_or_else(|| Error::Conflict("上上签未返回签署链接".to_owned()))?;
            urls.push((signer.key.clone(), url));
        }
        Ok(CreatedFlow { flow_id, urls })
    }

    async fn download(&self, flow_id: &str) -> Result<Vec<u8>> {
        let url = self.signed_url(PATH_CONTRACT_DOWNLOAD, &[("contractId", flow_id)], None)?;
        let response = self
            .http
            .get(url)
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(|e| unreachable(&e))?;
        let status = response.status().as_u16();
        let bytes = response.bytes().await.map_err(|e| unreachable(&e))?;
        if bytes.starts_with(b"%PDF-") {
            return Ok(bytes.to_vec());
        }
        // A refusal comes as the usual JSON envelope.
        answer_data(PATH_CONTRACT_DOWNLOAD, status, &bytes)?;
        Err(Error::Conflict("上上签返回的合同文件不是 PDF".to_owned()))
    }

    fn notice(&self, headers: &[(String, String)], body: &[u8]) -> Result<FlowNotice> {
        let given = headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(NOTICE_SIGNATURE_HEADER))
            .map(|(_, v)| v.trim().to_ascii_lowercase())
            .ok_or_else(|| Error::Forbidden("上上签通知缺少签名".to_owned()))?;
        let expected = self.notice_signature(body);
        if !constant_time_eq(given.as_bytes(), expected.as_bytes()) {
            return Err(Error::Forbidden("上上签通知签名无效".to_owned()));
        }
        parse_notice(body)
    }
}

impl ESign for BestSign {
    fn create_flow(&self, request: FlowRequest) -> BoxFuture<'_, Result<CreatedFlow>> {
        Box::pin(self.create(request))
    }

    fn signed_document<'a>(&'a self, flow_id: &'a str) -> BoxFuture<'a, Result<Vec<u8>>> {
        Box::pin(self.download(flow_id))
    }

    fn verify_notice(&self, headers: &[(String, String)], body: &[u8]) -> Result<FlowNotice> {
        self.notice(headers, body)
    }
}

/// Reads the developer's private key (see [`BestSign::new`]).
fn parse_private_key(text: &str) -> Result<RsaPrivateKey> {
    let bad = || {
        Error::invalid(
            "privateKey",
            "私钥无法识别（须为 RSA 私钥，PKCS#8 或 PKCS#1 PEM）",
        )
    };
    let text = text.trim();
    if text.contains("BEGIN PRIVATE KEY") {
        return RsaPrivateKey::from_pkcs8_pem(text).map_err(|_| bad());
    }
    if text.contains("BEGIN RSA PRIVATE KEY") {
        return RsaPrivateKey::from_pkcs1_pem(text).map_err(|_| bad());
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    let der = STANDARD.decode(compact).map_err(|_| bad())?;
    RsaPrivateKey::from_pkcs8_der(&der)
        .or_else(|_| RsaPrivateKey::from_pkcs1_der(&der))
        .map_err(|_| bad())
}

/// `developerId`, `rtick`, `signType` and `query`, sorted and written `k=v` back to back, then
/// the URL path, then the hex MD5 of a non-empty body.
fn string_to_sign(
    developer_id: &str,
    rtick: &str,
    query: &[(&str, &str)],
    path: &str,
    body: Option<&[u8]>,
) -> String {
    let mut params: BTreeMap<&str, &str> = query.iter().copied().collect();
    params.insert("developerId", developer_id);
    params.insert("rtick", rtick);
    params.insert("signType", "rsa");
    let mut out: String = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    out.push_str(path);
    if let Some(body) = body.filter(|b| !b.is_empty()) {
        out.push_str(&hex::encode(Md5::digest(body)));
    }
    out
}

/// Base64 of the RSA PKCS#1 v1.5 signature over SHA-1 of `text` (blinded).
fn sign_sha1_rsa(key: &RsaPrivateKey, text: &str) -> Result<String> {
    use sha1::Digest as _;
    let digest = sha1::Sha1::digest(text.as_bytes());
    let padding = Pkcs1v15Sign {
        hash_len: Some(20),
        prefix: Box::new(SHA1_DIGEST_INFO),
    };
    let signature = key
        .sign_with_rng(&mut rsa::rand_core::OsRng, padding, digest.as_slice())
        .map_err(Error::internal)?;
    Ok(STANDARD.encode(signature))
}

/// Unix seconds followed by four random digits.
fn rtick(unix_seconds: i64) -> String {
    use rand::Rng as _;
    let n: u16 = rand::rng().random_range(1000..10000);
    format!("{unix_seconds}{n}")
}

/// The BestSign account of a signer: a person's mobile, an organisation's credit code.
fn account_of(signer: &FlowSigner) -> Result<String> {
    let (value, field, label) = if signer.is_organisation {
        (signer.id_no.trim(), "idNo", "统一社会信用代码")
    } else {
        (signer.mobile.trim(), "mobile", "手机号")
    };
    if value.is_empty() {
        return Err(Error::invalid(
            field,
            format!("签署方「{}」缺少{label}，无法发起电子签章", signer.name),
        ));
    }
    Ok(value.to_owned())
}

/// The `data` of a success envelope; a refusal is an `Error::Conflict` naming it.
fn answer_data(path: &str, status: u16, bytes: &[u8]) -> Result<Value> {
    let body: Value = serde_json::from_slice(bytes)
        .map_err(|_| Error::Conflict(format!("上上签应答无法识别（HTTP {status}）")))?;
    let errno = match body.get("errno") {
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::String(s)) => s.trim().to_owned(),
        _ => {
            return Err(Error::Conflict(format!(
                "上上签应答无法识别（HTTP {status}）"
            )));
        }
    };
    if errno == "0" {
        return Ok(body.get("data").cloned().unwrap_or(Value::Null));
    }
    let message = body
        .get("errmsg")
        .and_then(Value::as_str)
        .unwrap_or_default();
    tracing::warn!(path, errno, message, "BestSign refused a call");
    let mut text = format!("上上签拒绝了请求（{errno}：{message}）");
    if text.chars().count() > 300 {
        text = text.chars().take(300).collect();
    }
    Err(Error::Conflict(text))
}

fn unreachable(e: &reqwest::Error) -> Error {
    Error::Conflict(if e.is_timeout() {
        "上上签接口响应超时，请稍后重试".to_owned()
    } else {
        "无法连接上上签接口，请稍后重试".to_owned()
    })
}

/// A text field of a JSON object (a number is read as its text).
fn text_of(value: &Value, field: &str) -> Option<String> {
    match value.get(field)? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a notice body: `{"action": ..., "params": {contractId, sid, signerStatus, errMsg}}`
/// (`params` may also come as a JSON text).
pub fn parse_notice(body: &[u8]) -> Result<FlowNotice> {
    let bad = |m: &str| Error::bad_request(format!("上上签通知无法识别：{m}"));
    let value: Value = serde_json::from_slice(body).map_err(|_| bad("不是 JSON"))?;
    let action = value
        .get("action")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("缺少 action"))?;
    let params = match value.get("params") {
        Some(Value::String(s)) => serde_json::from_str(s).map_err(|_| bad("params 不是 JSON"))?,
        Some(p @ Value::Object(_)) => p.clone(),
        _ => return Err(bad("缺少 params")),
    };
    let flow_id = text_of(&params, "contractId").ok_or_else(|| bad("缺少 contractId"))?;
    match action {
        ACTION_COMPLETE => Ok(FlowNotice::Completed { flow_id }),
        ACTION_SIGN => {
            let signer_key = text_of(&params, "sid").ok_or_else(|| bad("缺少 sid"))?;
            match text_of(&params, "signerStatus").as_deref() {
                Some(SIGNER_SIGNED) => Ok(FlowNotice::SignerSigned {
                    flow_id,
                    signer_key,
                }),
                Some(SIGNER_REJECTED) => Ok(FlowNotice::SignerRejected {
                    flow_id,
                    signer_key,
                    reason: text_of(&params, "errMsg").unwrap_or_default(),
                }),
                _ => Err(bad("未知的签署状态")),
            }
        }
        _ => Err(bad("未知的 action")),
    }
}

/// The number of pages of a PDF, read without a parser: the largest `/Count` of a page tree,
/// else the number of `/Type /Page` objects, else 1.
fn page_count(pdf: &[u8]) -> usize {
    let mut count = 0usize;
    let mut pages = 0usize;
    let mut i = 0;
    while i < pdf.len() {
        let rest = &pdf[i..];
        if let Some(after) = rest.strip_prefix(b"/Count") {
            let digits: Vec<u8> = after
                .iter()
                .copied()
                .skip_while(u8::is_ascii_whitespace)
                .take_while(u8::is_ascii_digit)
                .collect();
            if let Ok(n) = std::str::from_utf8(&digits)
                .unwrap_or_default()
                .parse::<usize>()
            {
                count = count.max(n);
            }
        } else if let Some(after) = rest.strip_prefix(b"/Type") {
            let name: Vec<u8> = after
                .iter()
                .copied()
                .skip_while(u8::is_ascii_whitespace)
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'/')
                .collect();
            if name == b"/Page" {
                pages += 1;
            }
        }
        i += 1;
    }
    if count > 0 { count } else { pages.max(1) }
}

/// HMAC-SHA256 (RFC 2104) over SHA-256 (the workspace's `sha2` 0.10 and `hmac` 0.13 do not
/// share a `digest` version, so it is written out).
fn hmac_sha256(key: &[u8], message: &[u8]) -> [u8; 32] {
    const BLOCK: usize = 64;
    let mut block = [0u8; BLOCK];
    if key.len() > BLOCK {
        block[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block[..key.len()].copy_from_slice(key);
    }
    let mut inner = Sha256::new();
    inner.update(block.map(|b| b ^ 0x36));
    inner.update(message);
    let mut outer = Sha256::new();
    outer.update(block.map(|b| b ^ 0x5c));
    outer.update(inner.finalize());
    outer.finalize().into()
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The fake BestSign of testkit (`testkit::bestsign`), compiled in from its file for the tests
/// below: this crate cannot dev-depend on testkit, which depends on it. (A `#[path]` inside
/// `mod tests` would resolve through the missing directory `bestsign/tests/`.)
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../../testkit/src/bestsign.rs"]
mod fake_bestsign;

#[cfg(test)]
mod tests {
    use super::fake_bestsign::FakeBestSign;
    use super::*;
    use rsa::RsaPublicKey;

    /// Test keys (1024-bit, made with `openssl genpkey -algorithm RSA`); KEY_A_PKCS1 is KEY_A
    /// in PKCS#1 form (`openssl rsa -traditional`). Never used outside these tests.
    const KEY_A: &str = "-----BEGIN PRIVATE KEY-----
MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAK/g4KxeW8rUaoMM
w2qEixg777A42JvIVQSP7R+xVm/qOMyX8Czp0QZGKjTqE1gunta33QuOSJ6vYrK7
n6IkQsq83U3ShK+jZJp2fywXUqGODqpaqzBDN30xBIRs1g2MXCvCkKlFFkGbnowH
vFO/d1aJpYALlpCEuHPlucu//VhpAgMBAAECgYANHBEDKCFldAHgdNIYHXsUulr6
YrJaokscBPJi22AbBXVoYqbnYiJPemlo+k2o1AjI7nmOg/OLyHzt36hdeKB1xnL5
ZZ47/qqWkoS/HoVtCBIWkB9qK19cHUr2tgGo59a1F+LPiKGt9aeabap7s9Je26BU
XPMWDZHY5JDLIXCiZQJBAOZHQzJkpSRNcZ5zqX7nFgIwuGFWfcWk3vRjKMC05MqG
7gTvweK91obA0X2toVg4vwWWpIdHVsPBkCHL7iCiCncCQQDDhhDiEgRD8lvGvAe+
R9P/NG7lrhXctorq37hhA2XIgjwVx4ErrOrGmHHJXh/B2XdkPPmHzA4Q1dmhJgH6
w4wfAkEAttb2X9jR1tU21Zz4g65wJyUQARlvm7Kg5GKnRPtcfgJMktbbl3EsGKqY
q7VlWmsUIRfPYyodlijmjC8jz/1ZWQJAcAGSFF+rz9y7lHpMmUV+fVjlGnACmCB+
LhShA/o1SYrJrtRN+94f1EqqDGf+G0dfrK19aLyNZjmLZVRnl+aDkwJAMlALoXsk
7zXNbfNTUM9ZBqNVDvCj05C1g75OuLa7zi3zmL+T3/EfiqGg0Y6vgpk1VaRZkYyk
fbh5KxW8xBsBpw==
-----END PRIVATE KEY-----";
    const KEY_A_PKCS1: &str = "-----BEGIN RSA PRIVATE KEY-----
MIICXAIBAAKBgQCv4OCsXlvK1GqDDMNqhIsYO++wONibyFUEj+0fsVZv6jjMl/As
6dEGRio06hNYLp7Wt90Ljkier2Kyu5+iJELKvN1N0oSvo2Sadn8sF1Khjg6qWqsw
Qzd9MQSEbNYNjFwrwpCpRRZBm56MB7xTv3dWiaWAC5aQhLhz5bnLv/1YaQIDAQAB
AoGADRwRAyghZXQB4HTSGB17FLpa+mKyWqJLHATyYttgGwV1aGKm52IiT3ppaPpN
qNQIyO55joPzi8h87d+oXXigdcZy+WWeO/6qlpKEvx6FbQgSFpAfaitfXB1K9rYB
qOfWtRfiz4ihrfWnmm2qe7PSXtugVFzzFg2R2OSQyyFwomUCQQDmR0MyZKUkTXGe
c6l+5xYCMLhhVn3FpN70YyjAtOTKhu4E78HivdaGwNF9raFYOL8FlqSHR1bDwZAh
y+4gogp3AkEAw4YQ4hIEQ/JbxrwHvkfT/zRu5a4V3LaK6t+4YQNlyII8FceBK6zq
xphxyV4fwdl3ZDz5h8wOENXZoSYB+sOMHwJBALbW9l/Y0dbVNtWc+IOucCclEAEZ
b5uyoORip0T7XH4CTJLW25dxLBiqmKu1ZVprFCEXz2MqHZYo5owvI8/9WVkCQHAB
khRfq8/cu5R6TJlFfn1Y5RpwApggfi4UoQP6NUmKya7UTfveH9RKqgxn/htHX6yt
fWi8jWY5i2VUZ5fmg5MCQDJQC6F7JO81zW3zU1DPWQajVQ7wo9OQtYO+Tri2u84t
85i/k9/xH4qhoNGOr4KZNVWkWZGMpH24eSsVvMQbAac=
-----END RSA PRIVATE KEY-----";
    const KEY_B: &str = "-----BEGIN PRIVATE KEY-----
MIICdgIBADANBgkqhkiG9w0BAQEFAASCAmAwggJcAgEAAoGBAKqn+cQJ6qS7xFkV
u3t+csHDoqnN9+jn0mLK2+4PBfVK87iZiqCTmkwwiFIFhATPGOsaiungHM+xgNpV
+/gRi0/UnWVvK03ZoSjkbCZe+0aG0DvPTuZZJedVYKpuCshcOxiY5WrBCX7uXMMQ
YBpRcjgw0PDPqIygXjXuzYaucd9FAgMBAAECgYAWeDl9o2Sevg5TQHZIA1UuyAiB
3Rm4M9XSpi0hAh9htbWzZ5wGGoklYPqB+jHwxCfexMbnlleUzSVPGiUr+3thF1/P
yCWLQJpoOoyH91g8wEX+1qclJb5fuTBB7Cv25+2OnBE70RUJldBZ6jArXV2OUE6L
FUt5GQobw3c/lJh0QQJBANqPhiuPlSMhYacWEv6AGCXfk/sw1NVknxoPbZz/63rr
F2ZfQSsJyyuaJwV7vIA15zAI5csV2tnMO0SXxIWrePUCQQDH47XKUXtbOP8xkL4W
N7bzxYQPZLZhNOltfEgbbAVwS6/cSRxBgqn5lmIs1D2cwZ8fE3nFZQZQA1+x7FSK
+RsRAkAsA6dTcnDoSDqwOWPN2OIEDohwl57k8oSP7Pd4HJnBgUKPHTO0hR5jQ4IE
Oqz1bOWH6OLOCTKvlc+Busaa3LNZAkBouozHyPNJs045iO2fNGe9xxHPAuRvf8qB
m6kn/OvIj08/qmqMhEpMQ5eCh10UoXmeTZTycGDjUTE1Rm5xNd0RAkEAiQzuWh5C
c90RDWXXIgYfZ13zGmJCbvXkcYbwSgmhPN6SxiLaLd//tJ78YWEe4SUtKeanbsPK
guDQy0KX6aDbJg==
-----END PRIVATE KEY-----";
    const DEV: &str = "1234567890";
    const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <</Type /Pages /Kids [2 0 R 3 0 R] /Count 2>> endobj\n\
2 0 obj <</Type /Page /Parent 1 0 R>> endobj\n3 0 obj <</Type /Page /Parent 1 0 R>> endobj\n%%EOF\n";

    fn http() -> anyhow::Result<reqwest::Client> {
        Ok(reqwest::Client::builder().no_proxy().build()?)
    }

    fn public_of(pem: &str) -> anyhow::Result<RsaPublicKey> {
        Ok(RsaPublicKey::from(&parse_private_key(pem)?))
    }

    fn signers() -> Vec<FlowSigner> {
        vec![
            FlowSigner {
                key: "11".to_owned(),
                role: "CUSTOMER".to_owned(),
                name: "张三".to_owned(),
                id_no: "110101199003071234".to_owned(),
                mobile: "13800000001".to_owned(),
                is_organisation: false,
            },
            FlowSigner {
                key: "12".to_owned(),
                role: "PLATFORM".to_owned(),
                name: "小蜜蜂科技有限公司".to_owned(),
                id_no: "91310000MA1FL0000X".to_owned(),
                mobile: "13900000002".to_owned(),
                is_organisation: true,
            },
        ]
    }

    fn request() -> FlowRequest {
        FlowRequest {
            contract_no: "HT2026000123".to_owned(),
            title: "借款合同".to_owned(),
            pdf: PDF.to_vec(),
            signers: signers(),
            callback_url: "https://beehive.example/api/esign/notify".to_owned(),
        }
    }

    /// Known answer, computed independently with OpenSSL:
    /// ```text
    /// printf 'developerId=1234567890rtick=17000000001234signType=rsa/openapi/v2/contract/send/0cc175b9c0f1b6a831c399e269772661' \
    ///   | openssl dgst -sha1 -sign key_a.pem | base64 -w0
    /// ```
    /// (`0cc175b9…` is the MD5 of the body `a`).
    #[test]
    fn the_signature_matches_openssl() -> anyhow::Result<()> {
        let text = string_to_sign(
            DEV,
            "17000000001234",
            &[],
            "/openapi/v2/contract/send/",
            Some(b"a"),
        );
        assert_eq!(
            text,
            "developerId=1234567890rtick=17000000001234signType=rsa\
             /openapi/v2/contract/send/0cc175b9c0f1b6a831c399e269772661"
        );
        let key = parse_private_key(KEY_A)?;
        assert_eq!(
            sign_sha1_rsa(&key, &text)?,
            "M2oDVgkHSU+1hDsx8il8X5ZDAMKJ51UayEyV6q8JiiGGMHd9HpOEHoZDdowAJNJavfyF7S2Je7cO2ZXlhmU1\
             VFIeLzmdipApHDK6b26v4RysUrVSYQnTK74oYwedU8fjickcpkVBmhtLEDmG9s/wdEHBjNz/i8T6xfnVQqALMlc="
        );
        // GET parameters join the sorted list; an empty body adds nothing.
        assert_eq!(
            string_to_sign(DEV, "1", &[("contractId", "C1")], "/p/", None),
            "contractId=C1developerId=1234567890rtick=1signType=rsa/p/"
        );
        Ok(())
    }

    #[test]
    fn keys_are_read_in_the_three_forms() -> anyhow::Result<()> {
        let pkcs8 = public_of(KEY_A)?;
        assert_eq!(public_of(KEY_A_PKCS1)?, pkcs8);
        let bare: String = KEY_A.lines().filter(|l| !l.starts_with("-----")).collect();
        assert_eq!(public_of(&bare)?, pkcs8);
        assert_ne!(public_of(KEY_B)?, pkcs8);
        for bad in [
            "",
            "not a key",
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
        ] {
            assert!(
                matches!(parse_private_key(bad), Err(Error::Invalid { .. })),
                "{bad}"
            );
        }
        let client = BestSign::new(
            http()?,
            Clock::default(),
            "https://x.example/openapi/v2/",
            DEV,
            KEY_A,
        )?;
        let shown = format!("{client:?}");
        assert!(
            shown.contains("<hidden>") && !shown.contains("MII"),
            "{shown}"
        );
        assert_eq!(client.endpoint, "https://x.example/openapi/v2");
        Ok(())
    }

    /// RFC 4231, test cases 1 and 2.
    #[test]
    fn hmac_sha256_known_answers() {
        assert_eq!(
            hex::encode(hmac_sha256(&[0x0b; 20], b"Hi There")),
            "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
        );
        assert_eq!(
            hex::encode(hmac_sha256(b"Jefe", b"what do ya want for nothing?")),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn pages_are_counted() -> anyhow::Result<()> {
        assert_eq!(page_count(PDF), 2);
        assert_eq!(
            page_count(b"%PDF-1.4 /Type /Page /Type/Page /Type /Pages"),
            2
        );
        assert_eq!(page_count(b"%PDF-1.4"), 1);
        let body = "第一条 借款金额与期限。\n".repeat(120);
        let pdf = crate::operate::pdf::render(&crate::operate::pdf::DocumentText {
            title: "借款合同",
            subtitle: "",
            body: &body,
        })?;
        assert!(page_count(&pdf) >= 3, "{}", page_count(&pdf));
        Ok(())
    }

    #[tokio::test]
    async fn a_flow_is_created_and_answers_signer_urls() -> anyhow::Result<()> {
        let fake = FakeBestSign::start(DEV, public_of(KEY_A)?)?;
        let client = BestSign::new(http()?, Clock::default(), &fake.base, DEV, KEY_A)?;
        let flow = client.create_flow(request()).await?;
        assert_eq!(flow.flow_id, "CT-1");
        assert_eq!(
            flow.urls,
            vec![
                (
                    "11".to_owned(),
                    "https://sign.example/CT-1/13800000001".to_owned()
                ),
                (
                    "12".to_owned(),
                    "https://sign.example/CT-1/91310000MA1FL0000X".to_owned()
                ),
            ]
        );
        let seen = fake.calls();
        let paths: Vec<&str> = seen.iter().map(|c| c.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "/openapi/v2/user/reg/",
                "/openapi/v2/user/reg/",
                "/openapi/v2/signatureImage/user/create/",
                "/openapi/v2/storage/contract/upload/",
                "/openapi/v2/contract/send/",
                "/openapi/v2/contract/send/",
            ]
        );
        assert_eq!(seen[0].body["userType"], "1");
        assert_eq!(seen[0].body["credential"]["identity"], "110101199003071234");
        assert_eq!(seen[1].body["userType"], "2");
        assert_eq!(seen[1].body["credential"]["regCode"], "91310000MA1FL0000X");
        assert_eq!(seen[2].body["text"], "小蜜蜂科技有限公司");
        // The platform owns the contract.
        assert_eq!(seen[3].body["account"], "91310000MA1FL0000X");
        assert_eq!(seen[3].body["title"], "借款合同");
        assert_eq!(seen[3].body["fpages"], "2");
        assert_eq!(seen[4].body["sid"], "11");
        assert_eq!(seen[4].body["vcodeMobile"], "13800000001");
        assert_eq!(
            seen[5].body["pushUrl"],
            "https://beehive.example/api/esign/notify"
        );
        // A second flow for the same people: their accounts exist already, which is fine.
        let again = client.create_flow(request()).await?;
        assert_eq!(again.urls.len(), 2);
        Ok(())
    }

    #[tokio::test]
    async fn a_flow_needs_what_bestsign_needs() -> anyhow::Result<()> {
        let client = BestSign::new(
            http()?,
            Clock::default(),
            "http://127.0.0.1:9/openapi/v2",
            DEV,
            KEY_A,
        )?;
        let mut no_mobile = request();
        no_mobile.signers[0].mobile.clear();
        assert!(matches!(
            client.create_flow(no_mobile).await,
            Err(Error::Invalid { .. })
        ));
        let mut not_pdf = request();
        not_pdf.pdf = b"hello".to_vec();
        assert!(matches!(
            client.create_flow(not_pdf).await,
            Err(Error::Invalid { .. })
        ));
        // Nothing listens on port 9: a clear refusal, not a panic.
        assert!(matches!(
            client.create_flow(request()).await,
            Err(Error::Conflict(m)) if m.contains("无法连接")
        ));
        Ok(())
    }

    #[tokio::test]
    async fn a_tampered_request_is_refused_by_the_fake() -> anyhow::Result<()> {
        let fake = FakeBestSign::start(DEV, public_of(KEY_A)?)?;
        let client = BestSign::new(http()?, Clock::default(), &fake.base, DEV, KEY_A)?;
        let signed_body = br#"{"contractId":"CT-1","signer":"13800000001"}"#;
        let tampered = br#"{"contractId":"CT-1","signer":"13800000009"}"#;
        let url = client.signed_url(PATH_CONTRACT_SEND, &[], Some(signed_body))?;
        let http = http()?;
        let send = |body: &'static [u8]| {
            let request = http.post(&url).body(body);
            async move {
                let response = request.send().await?;
                let status = response.status().as_u16();
                let bytes = response.bytes().await?;
                anyhow::Ok(answer_data(PATH_CONTRACT_SEND, status, &bytes))
            }
        };
        assert!(send(signed_body).await?.is_ok());
        assert!(matches!(
            send(tampered).await?,
            Err(Error::Conflict(m)) if m.contains("签名验证失败")
        ));
        // A changed query parameter breaks the signature too.
        let url = client.signed_url(PATH_CONTRACT_DOWNLOAD, &[("contractId", "CT-2")], None)?;
        let forged = url.replace("contractId=CT-2", "contractId=CT-1");
        let bytes = http.get(forged).send().await?.bytes().await?;
        assert!(matches!(
            answer_data(PATH_CONTRACT_DOWNLOAD, 200, &bytes),
            Err(Error::Conflict(m)) if m.contains("签名验证失败")
        ));
        Ok(())
    }

    #[tokio::test]
    async fn a_wrong_key_is_refused_by_the_fake() -> anyhow::Result<()> {
        let fake = FakeBestSign::start(DEV, public_of(KEY_A)?)?;
        let client = BestSign::new(http()?, Clock::default(), &fake.base, DEV, KEY_B)?;
        assert!(matches!(
            client.create_flow(request()).await,
            Err(Error::Conflict(m)) if m.contains("签名验证失败")
        ));
        assert!(fake.calls().is_empty());
        let refused = fake.refused();
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert_eq!(refused[0].refusal.as_deref(), Some("签名验证失败"));
        let stranger = BestSign::new(http()?, Clock::default(), &fake.base, "999", KEY_A)?;
        assert!(stranger.signed_document("CT-1").await.is_err());
        Ok(())
    }

    #[tokio::test]
    async fn the_signed_document_is_downloaded() -> anyhow::Result<()> {
        let fake = FakeBestSign::start(DEV, public_of(KEY_A)?)?;
        let client = BestSign::new(http()?, Clock::default(), &fake.base, DEV, KEY_A)?;
        let flow = client.create_flow(request()).await?;
        let signed = client.signed_document(&flow.flow_id).await?;
        assert_eq!(signed, FakeBestSign::signed_pdf(PDF));
        assert_eq!(fake.signed_document(&flow.flow_id), Some(signed));
        assert!(matches!(
            client.signed_document("CT-404").await,
            Err(Error::Conflict(m)) if m.contains("合同不存在")
        ));
        Ok(())
    }

    #[test]
    fn notices_are_verified_then_read() -> anyhow::Result<()> {
        let client = BestSign::new(
            http()?,
            Clock::default(),
            "https://x.example/openapi/v2",
            DEV,
            KEY_A,
        )?;
        let other = BestSign::new(
            http()?,
            Clock::default(),
            "https://x.example/openapi/v2",
            DEV,
            KEY_B,
        )?;
        let headers = |sig: String| vec![("X-Beehive-Signature".to_owned(), sig)];

        let signed = br#"{"action":"signContract","params":{"contractId":"CT-1","account":"13800000001","signerStatus":"2","errMsg":"","sid":"11"}}"#;
        assert_eq!(
            client.verify_notice(&headers(client.notice_signature(signed)), signed)?,
            FlowNotice::SignerSigned {
                flow_id: "CT-1".to_owned(),
                signer_key: "11".to_owned()
            }
        );
        let rejected = r#"{"action":"signContract","params":"{\"contractId\":\"CT-1\",\"signerStatus\":3,\"errMsg\":\"金额有误\",\"sid\":\"12\"}"}"#
            .as_bytes();
        assert_eq!(
            client.verify_notice(&headers(client.notice_signature(rejected)), rejected)?,
            FlowNotice::SignerRejected {
                flow_id: "CT-1".to_owned(),
                signer_key: "12".to_owned(),
                reason: "金额有误".to_owned()
            }
        );
        let done = br#"{"action":"contractComplete","params":{"contractId":"CT-1"}}"#;
        assert_eq!(
            client.verify_notice(&headers(client.notice_signature(done)), done)?,
            FlowNotice::Completed {
                flow_id: "CT-1".to_owned()
            }
        );

        // Forged: the body changed after signing, another key signed, or no signature.
        let forged = br#"{"action":"signContract","params":{"contractId":"CT-1","account":"13800000001","signerStatus":"2","errMsg":"","sid":"12"}}"#;
        for (h, body) in [
            (headers(client.notice_signature(signed)), &forged[..]),
            (headers(other.notice_signature(signed)), &signed[..]),
            (headers("00".repeat(32)), &signed[..]),
            (Vec::new(), &signed[..]),
        ] {
            assert!(
                matches!(client.verify_notice(&h, body), Err(Error::Forbidden(_))),
                "{h:?}"
            );
        }
        // Authentic but unreadable.
        for body in [
            &b"not json"[..],
            br#"{"action":"other","params":{"contractId":"C"}}"#,
        ] {
            assert!(matches!(
                client.verify_notice(&headers(client.notice_signature(body)), body),
                Err(Error::Invalid { .. })
            ));
        }
        Ok(())
    }
}
