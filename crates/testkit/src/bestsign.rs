//! A fake BestSign (上上签) open API v2 on 127.0.0.1, for tests of the e-signature adapter and
//! of the flows that use it.
//!
//! It checks every request's signature the way the public SDKs build it (written out again
//! here, independently of the adapter): the query's `developerId`, `rtick`, `signType=rsa` and
//! `sign`; the sorted `k=v` of every query parameter but `sign`, then the URL path, then the hex
//! MD5 of a non-empty body, verified as RSA PKCS#1 v1.5 over SHA-1 with the developer's public
//! key. A bad request is answered `{"errno": 241002, "errmsg": <reason>}` (HTTP 200, as BestSign
//! does) and kept apart ([`FakeBestSign::refused`]); a good one is recorded
//! ([`FakeBestSign::calls`]) and answered:
//!
//! * `/user/reg/`: success for a new `account`, `241208 帐号已存在` for a known one;
//! * `/signatureImage/user/create/`: success;
//! * `/storage/contract/upload/`: the body's `fdata` must be a PDF whose MD5 is `fmd5` and
//!   `fpages` a positive number, else `242001 文件校验失败`; answers `contractId` `CT-1`,
//!   `CT-2`, … in upload order;
//! * `/contract/send/`: `url` = `https://sign.example/<contractId>/<signer>`;
//! * `/storage/contract/download/` (GET, `contractId`): the uploaded PDF "signed"
//!   ([`FakeBestSign::signed_pdf`]), or `242404 合同不存在` for an unknown contract;
//! * anything else: `404 接口不存在`.
//!
//! This file is also compiled into the service crate's own unit tests (`#[path]` module in
//! `crates/service/src/interface/bestsign.rs`): the service crate cannot dev-depend on testkit,
//! which depends on it. So it uses only crates both depend on and nothing else of testkit.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use md5::{Digest as _, Md5};
use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::{Pkcs1v15Sign, RsaPrivateKey, RsaPublicKey};
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The path of the API under the fake's address, as BestSign's own.
pub const API_PATH: &str = "/openapi/v2";

/// The DER `DigestInfo` prefix of a SHA-1 digest (RFC 8017, 9.2 note 1).
const SHA1_DIGEST_INFO: [u8; 15] = [
    0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14,
];

/// What the fake appends to an uploaded PDF to make its "signed" document.
const SIGNED_MARK: &[u8] = b"\n% signed by FakeBestSign\n";

/// One request the fake received.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub method: String,
    /// The URL path, e.g. `/openapi/v2/contract/send/`.
    pub path: String,
    /// Every query parameter (including `developerId`, `rtick`, `signType` and `sign`).
    pub query: BTreeMap<String, String>,
    /// The JSON body (`Value::Null` when there is none or it is not JSON).
    pub body: Value,
    /// Why the signature was refused (`None` for an accepted request).
    pub refusal: Option<String>,
}

impl Call {
    /// A text field of the body (`""` when absent).
    pub fn field(&self, name: &str) -> &str {
        self.body[name].as_str().unwrap_or_default()
    }

    /// The path under [`API_PATH`], e.g. `/contract/send/`.
    pub fn api_path(&self) -> &str {
        self.path.strip_prefix(API_PATH).unwrap_or(&self.path)
    }
}

#[derive(Default)]
struct State {
    calls: Vec<Call>,
    refused: Vec<Call>,
    registered: BTreeSet<String>,
    /// contractId → the uploaded PDF.
    contracts: BTreeMap<String, Vec<u8>>,
}

/// A running fake BestSign: stops when dropped.
pub struct FakeBestSign {
    /// The API base to configure, e.g. `http://127.0.0.1:40123/openapi/v2`.
    pub base: String,
    addr: SocketAddr,
    state: Arc<Mutex<State>>,
    stop: Arc<AtomicBool>,
}

impl std::fmt::Debug for FakeBestSign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FakeBestSign")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl FakeBestSign {
    /// Listens on 127.0.0.1:0 for developer `developer_id` whose key pair has `public`.
    pub fn start(developer_id: &str, public: RsaPublicKey) -> anyhow::Result<FakeBestSign> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let addr = listener.local_addr()?;
        let state = Arc::new(Mutex::new(State::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let (shared, stopping, developer) = (
            Arc::clone(&state),
            Arc::clone(&stop),
            developer_id.to_owned(),
        );
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stopping.load(Ordering::SeqCst) {
                    break;
                }
                if let Ok(mut stream) = stream {
                    let _ = serve(&mut stream, &developer, &public, &shared);
                }
            }
        });
        Ok(FakeBestSign {
            base: format!("http://{addr}{API_PATH}"),
            addr,
            state,
            stop,
        })
    }

    /// [`FakeBestSign::start`] with the public half of `private_pem` (PKCS#8 or PKCS#1 PEM).
    pub fn start_for_key(developer_id: &str, private_pem: &str) -> anyhow::Result<FakeBestSign> {
        Self::start(developer_id, public_key_of(private_pem)?)
    }

    /// Every request whose signature verified, in arrival order.
    pub fn calls(&self) -> Vec<Call> {
        self.state().calls.clone()
    }

    /// The verified requests to `api_path` (e.g. `/contract/send/`), in arrival order.
    pub fn calls_to(&self, api_path: &str) -> Vec<Call> {
        self.state()
            .calls
            .iter()
            .filter(|c| c.api_path() == api_path)
            .cloned()
            .collect()
    }

    /// Every request refused for its signature (`refusal` says why).
    pub fn refused(&self) -> Vec<Call> {
        self.state().refused.clone()
    }

    /// What a download of contract `contract_id` answers (`None` when none was uploaded).
    pub fn signed_document(&self, contract_id: &str) -> Option<Vec<u8>> {
        self.state()
            .contracts
            .get(contract_id)
            .map(|pdf| Self::signed_pdf(pdf))
    }

    /// The "signed" document of an uploaded `pdf`: the same bytes with a comment appended
    /// after `%%EOF` (still a PDF, with another hash).
    pub fn signed_pdf(pdf: &[u8]) -> Vec<u8> {
        let mut out = pdf.to_vec();
        out.extend_from_slice(SIGNED_MARK);
        out
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Drop for FakeBestSign {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wakes the accept loop so that it sees the flag.
        let _ = TcpStream::connect(self.addr);
    }
}

/// The public half of a PKCS#8 or PKCS#1 PEM private key.
pub fn public_key_of(private_pem: &str) -> anyhow::Result<RsaPublicKey> {
    let text = private_pem.trim();
    let key = if text.contains("BEGIN RSA PRIVATE KEY") {
        RsaPrivateKey::from_pkcs1_pem(text)?
    } else {
        RsaPrivateKey::from_pkcs8_pem(text)?
    };
    Ok(RsaPublicKey::from(&key))
}

/// A fresh RSA private key of `bits` bits as PKCS#8 PEM (what the BestSign console hands a
/// developer), for a test's own developer account.
pub fn generate_key_pem(bits: usize) -> anyhow::Result<String> {
    use rsa::pkcs8::EncodePrivateKey;
    let key = RsaPrivateKey::new(&mut rsa::rand_core::OsRng, bits)?;
    Ok(key
        .to_pkcs8_pem(rsa::pkcs8::LineEnding::LF)?
        .as_str()
        .to_owned())
}

fn read_request(stream: &mut TcpStream) -> anyhow::Result<(String, String, Vec<u8>)> {
    let mut data = Vec::new();
    let mut buf = [0u8; 8192];
    let head_end = loop {
        let n = stream.read(&mut buf)?;
        anyhow::ensure!(n > 0, "connection closed");
        data.extend_from_slice(&buf[..n]);
        if let Some(p) = data.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
    };
    let head = String::from_utf8_lossy(&data[..head_end]).to_string();
    let mut lines = head.lines();
    let mut first = lines.next().unwrap_or_default().split(' ');
    let method = first.next().unwrap_or_default().to_owned();
    let target = first.next().unwrap_or_default().to_owned();
    let length = lines
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("content-length"))
        .and_then(|(_, v)| v.trim().parse::<usize>().ok())
        .unwrap_or(0);
    while data.len() < head_end + length {
        let n = stream.read(&mut buf)?;
        anyhow::ensure!(n > 0, "connection closed");
        data.extend_from_slice(&buf[..n]);
    }
    Ok((method, target, data[head_end..head_end + length].to_vec()))
}

fn check_signature(
    developer_id: &str,
    public: &RsaPublicKey,
    path: &str,
    query: &BTreeMap<String, String>,
    body: &[u8],
) -> Result<(), String> {
    if query.get("developerId").map(String::as_str) != Some(developer_id) {
        return Err("developerId 错误".to_owned());
    }
    if query.get("signType").map(String::as_str) != Some("rsa")
        || query.get("rtick").is_none_or(String::is_empty)
    {
        return Err("参数缺失".to_owned());
    }
    let sign = query
        .get("sign")
        .and_then(|s| STANDARD.decode(s).ok())
        .ok_or("sign 缺失")?;
    let mut text: String = query
        .iter()
        .filter(|(k, _)| k.as_str() != "sign")
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    text.push_str(path);
    if !body.is_empty() {
        text.push_str(&hex::encode(Md5::digest(body)));
    }
    use sha1::Digest as _;
    let digest = sha1::Sha1::digest(text.as_bytes());
    let padding = Pkcs1v15Sign {
        hash_len: Some(20),
        prefix: Box::new(SHA1_DIGEST_INFO),
    };
    public
        .verify(padding, digest.as_slice(), &sign)
        .map_err(|_| "签名验证失败".to_owned())
}

fn ok(data: &Value) -> Value {
    json!({ "errno": 0, "errmsg": "", "data": data })
}

fn serve(
    stream: &mut TcpStream,
    developer_id: &str,
    public: &RsaPublicKey,
    state: &Mutex<State>,
) -> anyhow::Result<()> {
    let (method, target, body) = read_request(stream)?;
    let url = url::Url::parse(&format!("http://fake{target}"))?;
    let path = url.path().to_owned();
    let query: BTreeMap<String, String> = url.query_pairs().into_owned().collect();
    let mut call = Call {
        method,
        path,
        query,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
        refusal: None,
    };
    let mut state = state.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(reason) = check_signature(developer_id, public, &call.path, &call.query, &body) {
        let answer = json!({ "errno": 241002, "errmsg": reason });
        call.refusal = Some(reason);
        state.refused.push(call);
        drop(state);
        return respond(stream, "application/json", answer.to_string().as_bytes());
    }
    state.calls.push(call.clone());
    let answer = match (call.method.as_str(), call.api_path()) {
        ("POST", "/user/reg/") => {
            if state.registered.insert(call.field("account").to_owned()) {
                ok(&json!({}))
            } else {
                json!({ "errno": 241208, "errmsg": "帐号已存在" })
            }
        }
        ("POST", "/signatureImage/user/create/") => ok(&json!({})),
        ("POST", "/storage/contract/upload/") => {
            let pdf = STANDARD.decode(call.field("fdata")).unwrap_or_default();
            let pages = call.field("fpages").parse::<u32>().unwrap_or(0);
            if !pdf.starts_with(b"%PDF-")
                || hex::encode(Md5::digest(&pdf)) != call.field("fmd5")
                || pages == 0
            {
                json!({ "errno": 242001, "errmsg": "文件校验失败" })
            } else {
                let id = format!("CT-{}", state.contracts.len() + 1);
                state.contracts.insert(id.clone(), pdf);
                ok(&json!({ "contractId": id }))
            }
        }
        ("POST", "/contract/send/") => ok(&json!({
            "url": format!(
                "https://sign.example/{}/{}",
                call.field("contractId"),
                call.field("signer")
            )
        })),
        ("GET", "/storage/contract/download/") => {
            let id = call.query.get("contractId").cloned().unwrap_or_default();
            if let Some(pdf) = state.contracts.get(&id) {
                let signed = FakeBestSign::signed_pdf(pdf);
                drop(state);
                return respond(stream, "application/pdf", &signed);
            }
            json!({ "errno": 242404, "errmsg": "合同不存在" })
        }
        _ => json!({ "errno": 404, "errmsg": "接口不存在" }),
    };
    drop(state);
    respond(stream, "application/json", answer.to_string().as_bytes())
}

fn respond(stream: &mut TcpStream, content_type: &str, body: &[u8]) -> anyhow::Result<()> {
    write!(
        stream,
        "HTTP/1.1 200 OK\r\ncontent-type: {content_type}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(body)?;
    stream.flush()?;
    Ok(())
}
