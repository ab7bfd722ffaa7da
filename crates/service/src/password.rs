//! Password handling. The client sends the MD5 hex of what the user typed (the product specification); the
//! server stores argon2id of that hex and never the hex itself.

use crate::error::OrInvalid;
use crate::{Error, Result};
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use md5::{Digest, Md5};
use rand::Rng;

/// A valid argon2 hash of a random value: sign-in verifies against it when the account does
/// not exist, so an unknown account costs the same time as a wrong password.
pub static DUMMY_HASH: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| hash(&md5_hex(&generate())).unwrap_or_default());

/// The MD5 hex digest of a typed password, as the web client computes it.
pub fn md5_hex(plain: &str) -> String {
    hex::encode(Md5::digest(plain.as_bytes()))
}

/// argon2id (default parameters: 19 MiB, 2 passes) of the client's MD5 hex.
pub fn hash(md5_hex: &str) -> Result<String> {
    let mut salt = [0u8; 16];
    rand::rng().fill(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| Error::internal(anyhow::anyhow!(e)))?;
    Argon2::default()
        .hash_password(md5_hex.to_ascii_lowercase().as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::internal(anyhow::anyhow!("argon2: {e}")))
}

/// Whether `md5_hex` matches a stored argon2 hash.
pub fn verify(md5_hex: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(md5_hex.to_ascii_lowercase().as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A random password of 16 characters from an alphabet without look-alikes, with at least
/// one lower-case letter, one upper-case letter and one digit.
pub fn generate() -> String {
    const LOWER: &[u8] = b"abcdefghijkmnpqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ";
    const DIGIT: &[u8] = b"23456789";
    let mut rng = rand::rng();
    let all: Vec<u8> = [LOWER, UPPER, DIGIT].concat();
    loop {
        let candidate: String = (0..16)
            .map(|_| char::from(all[rng.random_range(0..all.len())]))
            .collect();
        let has = |set: &[u8]| candidate.bytes().any(|b| set.contains(&b));
        if has(LOWER) && has(UPPER) && has(DIGIT) {
            return candidate;
        }
    }
}

/// A new sign-in account's checked fields and password hash.
#[derive(Debug, Clone)]
pub struct NewAccount {
    pub account: String,
    pub name: String,
    pub hash: String,
    /// The password when it was generated: shown once, stored nowhere.
    pub generated_password: Option<String>,
}

impl NewAccount {
    /// Checks account, name and mobile, and hashes the given password (or a generated one).
    pub fn check(
        account: &str,
        name: &str,
        mobile: Option<&str>,
        password: Option<String>,
    ) -> Result<NewAccount> {
        let account = account.trim();
        if !domain::validate::is_account_name(account) {
            return Err(Error::invalid(
                "account",
                "账号须为 3 到 32 位字母、数字或 _ . - @",
            ));
        }
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 64 {
            return Err(Error::invalid("name", "姓名不能为空，且不超过 64 个字符"));
        }
        domain::contact::optional_mobile(mobile).or_invalid("mobile")?;
        let (plain, generated) = match password {
            Some(given) => {
                check_plain("password", &given)?;
                (given, false)
            }
            None => (generate(), true),
        };
        Ok(NewAccount {
            account: account.to_owned(),
            name: name.to_owned(),
            hash: hash(&md5_hex(&plain))?,
            generated_password: generated.then_some(plain),
        })
    }
}

/// The rule of the product specification for a typed password: 6 to 30 characters.
pub fn check_plain(field: &str, plain: &str) -> Result<()> {
    let len = plain.chars().count();
    if !(6..=30).contains(&len) {
        return Err(Error::invalid(field, "密码长度须为 6 到 30 个字符"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn md5_of_a_known_password() {
        assert_eq!(md5_hex("123456"), "e10adc3949ba59abbe56e057f20f883e");
    }

    #[test]
    fn hash_verifies_only_the_same_md5() -> Result<()> {
        let stored = hash(&md5_hex("Secret-123"))?;
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify(&md5_hex("Secret-123"), &stored));
        assert!(verify(&md5_hex("Secret-123").to_uppercase(), &stored));
        assert!(!verify(&md5_hex("Secret-124"), &stored));
        assert!(!verify(&md5_hex("Secret-123"), "not a hash"));
        Ok(())
    }

    #[test]
    fn generated_passwords_are_strong_and_different() {
        let a = generate();
        let b = generate();
        assert_eq!(a.chars().count(), 16);
        assert_ne!(a, b);
        assert!(check_plain("password", &a).is_ok());
    }

    #[test]
    fn plain_length_rule() {
        assert!(check_plain("password", "12345").is_err());
        assert!(check_plain("password", "123456").is_ok());
        assert!(check_plain("password", &"x".repeat(30)).is_ok());
        assert!(check_plain("password", &"x".repeat(31)).is_err());
    }
}
