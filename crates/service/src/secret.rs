//! Secrets at rest: provider API keys are stored encrypted with AES-256-GCM under the server's
//! secret key (`--secret-key` / `BEEHIVE_SECRET_KEY`, or `<data dir>/secret.key`).
//!
//! A stored value is `v1:` + `base64(nonce ‖ ciphertext)` with a fresh random 96-bit nonce per
//! value; the version prefix leaves room for a later key or format without guessing.

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use rand::RngCore;
use std::fmt;
use std::path::Path;

/// The prefix of values sealed in the current format.
const VERSION: &str = "v1:";

/// What the screens say of a stored secret that no longer decrypts (the key changed).
pub const UNREADABLE: &str = "密钥已失效，请重新填写";

/// The 256-bit key that encrypts secrets at rest.
#[derive(Clone)]
pub struct SecretKey([u8; 32]);

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(..)")
    }
}

/// A stored value that cannot be decrypted with the current key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("密钥已失效，请重新填写")]
pub struct Unreadable;

impl SecretKey {
    /// A fresh random key.
    pub fn generate() -> SecretKey {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        SecretKey(key)
    }

    /// From 64 hexadecimal characters.
    pub fn from_hex(text: &str) -> Result<SecretKey, String> {
        let bytes = hex::decode(text.trim())
            .map_err(|_| "the secret key must be 64 hexadecimal characters".to_owned())?;
        let key: [u8; 32] = bytes
            .try_into()
            .map_err(|_| "the secret key must be 64 hexadecimal characters".to_owned())?;
        Ok(SecretKey(key))
    }

    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// Reads the key kept in `path`, or generates one there (mode 0600) when the file does
    /// not exist. Answers the key and whether it was just created.
    pub fn load_or_create(path: &Path) -> anyhow::Result<(SecretKey, bool)> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok((
                SecretKey::from_hex(&text).map_err(anyhow::Error::msg)?,
                false,
            )),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                let key = SecretKey::generate();
                write_private(path, &key.to_hex())?;
                Ok((key, true))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Encrypts `plain` as `v1:` + `base64(nonce ‖ ciphertext)`.
    pub fn encrypt(&self, plain: &str) -> String {
        let cipher = Aes256Gcm::new(&self.0.into());
        let mut nonce = [0u8; 12];
        rand::rng().fill_bytes(&mut nonce);
        // Encryption into a Vec cannot fail for inputs of this size.
        let sealed = cipher
            .encrypt(Nonce::from_slice(&nonce), plain.as_bytes())
            .unwrap_or_default();
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{VERSION}{}", STANDARD.encode(out))
    }

    /// A keyed hash of `value` for exact lookups and uniqueness of encrypted values (an ID
    /// number, a mobile): equal values give equal hashes under one key, and without the key the
    /// small space of ID numbers cannot be searched. `purpose` separates the uses.
    pub fn blind_index(&self, purpose: &str, value: &str) -> String {
        use sha2::{Digest, Sha256};
        let mut hasher = Sha256::new();
        hasher.update(self.0);
        hasher.update([0]);
        hasher.update(purpose.as_bytes());
        hasher.update([0]);
        hasher.update(value.as_bytes());
        hex::encode(hasher.finalize())
    }

    /// Decrypts what [`SecretKey::encrypt`] made.
    pub fn decrypt(&self, stored: &str) -> Result<String, Unreadable> {
        let body = stored.strip_prefix(VERSION).ok_or(Unreadable)?;
        let bytes = STANDARD.decode(body).map_err(|_| Unreadable)?;
        if bytes.len() < 12 + 16 {
            return Err(Unreadable);
        }
        let (nonce, sealed) = bytes.split_at(12);
        let cipher = Aes256Gcm::new(&self.0.into());
        let plain = cipher
            .decrypt(Nonce::from_slice(nonce), sealed)
            .map_err(|_| Unreadable)?;
        String::from_utf8(plain).map_err(|_| Unreadable)
    }
}

#[cfg(unix)]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_with_fresh_nonces() {
        let key = SecretKey::generate();
        let a = key.encrypt("LTAI-secret");
        let b = key.encrypt("LTAI-secret");
        assert_ne!(a, b, "every value has its own nonce");
        assert!(!a.contains("LTAI-secret"));
        assert!(a.starts_with("v1:"));
        assert_eq!(key.decrypt(&a).as_deref(), Ok("LTAI-secret"));
        assert_eq!(key.decrypt(&b).as_deref(), Ok("LTAI-secret"));
    }

    #[test]
    fn another_key_or_garbage_is_unreadable() {
        let sealed = SecretKey::generate().encrypt("x");
        assert_eq!(SecretKey::generate().decrypt(&sealed), Err(Unreadable));
        assert_eq!(
            SecretKey::generate().decrypt("not base64!"),
            Err(Unreadable)
        );
        assert_eq!(SecretKey::generate().decrypt("v1:AAAA"), Err(Unreadable));
        let key = SecretKey::generate();
        let unversioned = key.encrypt("x").replacen("v1:", "", 1);
        assert_eq!(key.decrypt(&unversioned), Err(Unreadable));
    }

    #[test]
    fn hex_keys() {
        let key = SecretKey::generate();
        let again = SecretKey::from_hex(&key.to_hex()).map_err(anyhow::Error::msg);
        assert!(again.is_ok_and(|k| k.0 == key.0));
        assert!(SecretKey::from_hex("abcd").is_err());
        assert!(SecretKey::from_hex(&"zz".repeat(32)).is_err());
    }

    #[test]
    fn key_file_is_created_private_then_reused() -> anyhow::Result<()> {
        let dir =
            std::env::temp_dir().join(format!("beehive-key-{}", SecretKey::generate().to_hex()));
        let path = dir.join("secret.key");
        let (first, created) = SecretKey::load_or_create(&path)?;
        assert!(created);
        let (second, created) = SecretKey::load_or_create(&path)?;
        assert!(!created);
        assert_eq!(first.0, second.0);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(
                std::fs::metadata(&path)?.permissions().mode() & 0o777,
                0o600
            );
        }
        std::fs::remove_dir_all(dir)?;
        Ok(())
    }
}
