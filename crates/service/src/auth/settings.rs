//! The security settings sign-in honours. These are the start-up defaults; what 安全设置
//! (system management) saves in the `setting` table replaces the editable ones
//! (`crate::system::settings`).

use std::time::Duration;

#[derive(Debug, Clone)]
pub struct SecuritySettings {
    /// How long a token is valid before it must be refreshed.
    pub token_lifetime: Duration,
    /// How long a refresh token is valid.
    pub refresh_lifetime: Duration,
    /// A new sign-in of an account supersedes its older sessions (code 504 for them).
    pub single_session: bool,
    /// Failed sign-ins of one account before it is locked.
    pub max_failures: i32,
    /// Failed sign-ins from one IP address before it is locked.
    pub max_failures_per_ip: i32,
    /// How long a lock lasts, and the window in which failures are counted.
    pub lock_duration: Duration,
    /// SMS codes a mobile may receive per minute and per day, and an IP may ask for per hour.
    pub sms_per_minute: u64,
    pub sms_per_day: u64,
    pub sms_per_ip_per_hour: u64,
    /// Lifetime of a login identifier (`uid`) and of an SMS code.
    pub ticket_lifetime: Duration,
    pub sms_code_lifetime: Duration,
    /// Wrong tries an SMS code allows.
    pub sms_code_attempts: i32,
    /// Days an administrator's password stays valid; 0 = it never expires.
    pub password_expiry_days: u32,
    /// Addresses and CIDR ranges allowed to call the admin API; empty = everyone.
    pub ip_allow_list: Vec<String>,
}

impl Default for SecuritySettings {
    fn default() -> Self {
        SecuritySettings {
            token_lifetime: Duration::from_secs(2 * 60 * 60),
            refresh_lifetime: Duration::from_secs(7 * 24 * 60 * 60),
            single_session: true,
            max_failures: 5,
            max_failures_per_ip: 20,
            lock_duration: Duration::from_secs(15 * 60),
            sms_per_minute: 1,
            sms_per_day: 10,
            sms_per_ip_per_hour: 30,
            ticket_lifetime: Duration::from_secs(5 * 60),
            sms_code_lifetime: Duration::from_secs(5 * 60),
            sms_code_attempts: 5,
            password_expiry_days: 0,
            ip_allow_list: Vec::new(),
        }
    }
}
