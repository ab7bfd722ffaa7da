//! Sign-in, sessions and password change for administrators and capital-provider users
//! (the product specification; docs/architecture.md; docs/auth.md).

mod guard;
mod session;
pub mod settings;
mod sms;
mod ticket;

use crate::audit::{self, Entry};
use crate::clock::Clock;
use crate::principal::{AccountKind, ClientInfo, Principal};
use crate::{Beehive, Error, Result, password};
use domain::contact;
use domain::permission::{self, CAPITAL_ORDER_TABLE};
use settings::SecuritySettings;
use std::collections::BTreeSet;
use store::entity::{
    admin_user, admin_user_role, capital_provider, capital_user, login_log, role, role_permission,
};
use store::scope::ProviderScope;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};

pub(crate) use session::revoke_all as revoke_all_sessions;

/// A new login identifier.
#[derive(Debug, Clone)]
pub struct Ticket {
    pub uid: String,
    pub expires_in_seconds: u64,
}

/// What a successful sign-in or refresh answers (the product specification).
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub refresh_token: String,
    /// Epoch milliseconds.
    pub expiration_time: i64,
    /// The account's id (its kind's own numbering): screens use it to tell the user's own
    /// records (maker ≠ checker) before the server refuses.
    pub user_id: i64,
    pub username: String,
    /// The person's name, as the top bar greets them.
    pub name: String,
    /// Administrators only; capital-provider users carry none (the product specification).
    pub authorities: Option<Vec<String>>,
}

/// The one message for an unknown account and a wrong password.
const BAD_CREDENTIALS: &str = "账号或密码错误";

/// An account as sign-in sees it, whichever table it lives in.
struct Account {
    id: i64,
    account: String,
    /// The person's name (the greeting).
    name: String,
    password_hash: String,
    enabled: bool,
    /// A capital-provider user's provider.
    scope: Option<ProviderScope>,
    /// Administrators only: when the password was last set (password expiry).
    password_changed_at: Option<chrono::DateTime<chrono::Utc>>,
}

async fn find_account(
    db: &impl ConnectionTrait,
    kind: AccountKind,
    account: &str,
) -> Result<Option<Account>> {
    Ok(match kind {
        AccountKind::Admin => admin_user::Entity::find()
            .filter(admin_user::Column::Account.eq(account))
            .one(db)
            .await?
            .map(|u| Account {
                id: u.id,
                name: u.name,
                account: u.account,
                password_hash: u.password_hash,
                enabled: u.enabled,
                scope: None,
                password_changed_at: Some(u.password_changed_at),
            }),
        AccountKind::Capital => capital_user::Entity::find()
            .filter(capital_user::Column::Account.eq(account))
            .one(db)
            .await?
            .map(|u| Account {
                scope: Some(ProviderScope::of_capital_user(&u)),
                id: u.id,
                name: u.name,
                account: u.account,
                password_hash: u.password_hash,
                enabled: u.enabled,
                password_changed_at: None,
            }),
    })
}

async fn find_account_by_id(
    db: &impl ConnectionTrait,
    kind: AccountKind,
    id: i64,
) -> Result<Option<(Account, String)>> {
    Ok(match kind {
        AccountKind::Admin => admin_user::Entity::find_by_id(id).one(db).await?.map(|u| {
            (
                Account {
                    id: u.id,
                    name: u.name.clone(),
                    account: u.account,
                    password_hash: u.password_hash,
                    enabled: u.enabled,
                    scope: None,
                    password_changed_at: Some(u.password_changed_at),
                },
                u.name,
            )
        }),
        AccountKind::Capital => capital_user::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(|u| {
                (
                    Account {
                        scope: Some(ProviderScope::of_capital_user(&u)),
                        id: u.id,
                        name: u.name.clone(),
                        account: u.account,
                        password_hash: u.password_hash,
                        enabled: u.enabled,
                        password_changed_at: None,
                    },
                    u.name,
                )
            }),
    })
}

/// The permissions of an administrator: the union of its enabled roles' (the super role
/// holds every `admin:` permission of the catalogue).
pub(crate) async fn admin_authorities(
    db: &impl ConnectionTrait,
    user_id: i64,
) -> Result<BTreeSet<String>> {
    let role_ids: Vec<i64> = admin_user_role::Entity::find()
        .filter(admin_user_role::Column::UserId.eq(user_id))
        .all(db)
        .await?
        .into_iter()
        .map(|ur| ur.role_id)
        .collect();
    if role_ids.is_empty() {
        return Ok(BTreeSet::new());
    }
    let roles = role::Entity::find()
        .filter(role::Column::Id.is_in(role_ids))
        .filter(role::Column::Enabled.eq(true))
        .all(db)
        .await?;
    if roles.iter().any(|r| r.is_super) {
        return Ok(permission::admin_codes().map(str::to_owned).collect());
    }
    let enabled: Vec<i64> = roles.iter().map(|r| r.id).collect();
    if enabled.is_empty() {
        return Ok(BTreeSet::new());
    }
    Ok(role_permission::Entity::find()
        .filter(role_permission::Column::RoleId.is_in(enabled))
        .all(db)
        .await?
        .into_iter()
        .map(|rp| rp.permission)
        .filter(|code| permission::find(code).is_some())
        .collect())
}

/// What a sign-in or refresh answers as `authorities`: an administrator's permissions; none for
/// a capital-provider user (the product specification).
async fn session_authorities(
    db: &impl ConnectionTrait,
    kind: AccountKind,
    user_id: i64,
) -> Result<Option<Vec<String>>> {
    Ok(match kind {
        AccountKind::Admin => Some(admin_authorities(db, user_id).await?.into_iter().collect()),
        AccountKind::Capital => None,
    })
}

async fn provider_is_active(db: &impl ConnectionTrait, provider_id: i64) -> Result<bool> {
    Ok(capital_provider::Entity::find_by_id(provider_id)
        .one(db)
        .await?
        .is_some_and(|p| p.status == "ACTIVE"))
}

/// One sign-in attempt: who it is for, how, from where, and the keys of its failure counters.
struct Attempt<'a> {
    kind: AccountKind,
    /// The account or mobile as typed.
    account: &'a str,
    method: &'a str,
    client: &'a ClientInfo,
    account_key: String,
    ip_key: Option<String>,
}

impl<'a> Attempt<'a> {
    fn new(kind: AccountKind, account: &'a str, method: &'a str, client: &'a ClientInfo) -> Self {
        Attempt {
            kind,
            account,
            method,
            client,
            account_key: guard::account_key(kind, account),
            ip_key: client.ip.as_deref().map(guard::ip_key),
        }
    }
}

struct LoginRecord<'a> {
    account: &'a str,
    kind: AccountKind,
    user_id: Option<i64>,
    method: &'a str,
    success: bool,
    reason: &'a str,
}

async fn log_login(
    db: &DatabaseConnection,
    clock: &Clock,
    client: &ClientInfo,
    record: LoginRecord<'_>,
) -> Result<()> {
    let account: String = record.account.chars().take(64).collect();
    login_log::ActiveModel {
        account: Set(account),
        account_kind: Set(record.kind.as_str().to_owned()),
        user_id: Set(record.user_id),
        method: Set(record.method.to_owned()),
        ip: Set(client.ip.clone()),
        user_agent: Set(client
            .user_agent
            .as_ref()
            .map(|ua| ua.chars().take(255).collect())),
        outcome: Set(if record.success { "success" } else { "failure" }.to_owned()),
        reason: Set(record.reason.to_owned()),
        created_at: Set(clock.now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// argon2 takes tens of milliseconds of CPU: keep it off the async workers.
async fn verify_password(md5_hex: String, stored: Option<String>) -> Result<bool> {
    tokio::task::spawn_blocking(move || match stored {
        Some(hash) => password::verify(&md5_hex, &hash),
        None => {
            // Same work for an unknown account, so timing does not tell accounts apart.
            password::verify(&md5_hex, &password::DUMMY_HASH);
            false
        }
    })
    .await
    .map_err(Error::internal)
}

fn check_md5(field: &str, value: &str) -> Result<()> {
    if domain::validate::is_md5_hex(value) {
        Ok(())
    } else {
        Err(Error::invalid(field, "密码须为 32 位十六进制的 MD5 值"))
    }
}

impl Beehive {
    /// A new one-time login identifier for one sign-in attempt of `kind`.
    pub async fn issue_login_ticket(
        &self,
        kind: AccountKind,
        client: &ClientInfo,
    ) -> Result<Ticket> {
        ticket::issue(&self.db, &self.clock, &self.security, kind, client).await
    }

    /// Sign-in with account and password (`password` is the MD5 hex of what was typed).
    pub async fn login_with_password(
        &self,
        kind: AccountKind,
        uid: &str,
        account: &str,
        password_md5: &str,
        client: &ClientInfo,
    ) -> Result<SignedIn> {
        let account = account.trim();
        if account.is_empty() {
            return Err(Error::invalid("username", "请输入账号"));
        }
        if account.chars().count() > 64 {
            return Err(Error::invalid("username", "账号不能超过 64 个字符"));
        }
        check_md5("password", password_md5)?;
        ticket::consume(&self.db, &self.clock, kind, uid).await?;

        let attempt = Attempt::new(kind, account, "password", client);
        self.refuse_if_locked(&attempt).await?;

        let found = find_account(&self.db, kind, account).await?;
        let matches = verify_password(
            password_md5.to_owned(),
            found.as_ref().map(|a| a.password_hash.clone()),
        )
        .await?;
        let Some(user) = found.filter(|_| matches) else {
            self.count_failure(&attempt, "bad_credentials").await?;
            return Err(Error::invalid("password", BAD_CREDENTIALS));
        };
        self.finish_login(&attempt, user).await
    }

    /// Refuses while the account or the address is locked (and logs the refusal).
    async fn refuse_if_locked(&self, attempt: &Attempt<'_>) -> Result<()> {
        let now = self.clock.now();
        let locked = guard::locked_until(
            &self.db,
            &attempt.account_key,
            attempt.ip_key.as_deref(),
            now,
        )
        .await?;
        let Some(until) = locked else {
            return Ok(());
        };
        self.log_attempt(attempt, None, false, "locked").await?;
        Err(guard::locked_error(until, now))
    }

    /// Counts a failed attempt toward the locks and logs it.
    async fn count_failure(&self, attempt: &Attempt<'_>, reason: &str) -> Result<()> {
        guard::record_failure(
            &self.db,
            &self.current_security().await?,
            &attempt.account_key,
            attempt.ip_key.as_deref(),
            self.clock.now(),
        )
        .await?;
        self.log_attempt(attempt, None, false, reason).await
    }

    async fn log_attempt(
        &self,
        attempt: &Attempt<'_>,
        user_id: Option<i64>,
        success: bool,
        reason: &str,
    ) -> Result<()> {
        log_login(
            &self.db,
            &self.clock,
            attempt.client,
            LoginRecord {
                account: attempt.account,
                kind: attempt.kind,
                user_id,
                method: attempt.method,
                success,
                reason,
            },
        )
        .await
    }

    /// Checks the account may sign in, then opens its session.
    async fn finish_login(&self, attempt: &Attempt<'_>, user: Account) -> Result<SignedIn> {
        let (kind, client) = (attempt.kind, attempt.client);
        let refusal = if !user.enabled {
            Some(("disabled", "账号已停用，请联系管理员"))
        } else if let Some(provider) = user.scope.map(|s| s.provider_id()) {
            (!provider_is_active(&self.db, provider).await?)
                .then_some(("provider_inactive", "所属资金方已暂停或终止合作，无法登录"))
        } else {
            None
        };
        if let Some((reason, message)) = refusal {
            self.log_attempt(attempt, Some(user.id), false, reason)
                .await?;
            return Err(Error::bad_request(message));
        }
        let settings = self.current_security().await?;
        if let Some(changed) = user.password_changed_at
            && settings.password_expiry_days > 0
            && changed + chrono::TimeDelta::days(i64::from(settings.password_expiry_days))
                <= self.clock.now()
        {
            self.log_attempt(attempt, Some(user.id), false, "password_expired")
                .await?;
            return Err(Error::bad_request("密码已过期，请联系管理员重置密码"));
        }
        guard::clear(&self.db, &attempt.account_key).await?;
        let opened = session::open(&self.db, &self.clock, &settings, kind, user.id, client).await?;
        self.log_attempt(attempt, Some(user.id), true, "ok").await?;
        let authorities = session_authorities(&self.db, kind, user.id).await?;
        Ok(SignedIn {
            token: opened.token,
            refresh_token: opened.refresh_token,
            expiration_time: opened.expires_at.timestamp_millis(),
            user_id: user.id,
            username: user.account,
            name: user.name,
            authorities,
        })
    }

    /// Sends a 6-digit sign-in code to an administrator's registered mobile.
    pub async fn send_login_code(
        &self,
        uid: &str,
        mobile: &str,
        client: &ClientInfo,
    ) -> Result<()> {
        let mobile = mobile.trim();
        if !contact::is_mobile(mobile) {
            return Err(Error::invalid("mobile", "请输入正确的手机号"));
        }
        ticket::consume(&self.db, &self.clock, AccountKind::Admin, uid).await?;
        let settings = self.current_security().await?;
        sms::send_login_code(self, &settings, mobile, client).await
    }

    /// Sign-in of an administrator with the code sent to its mobile.
    pub async fn login_with_sms(
        &self,
        uid: &str,
        mobile: &str,
        code: &str,
        client: &ClientInfo,
    ) -> Result<SignedIn> {
        let mobile = mobile.trim();
        if !contact::is_mobile(mobile) {
            return Err(Error::invalid("mobile", "请输入正确的手机号"));
        }
        let code = code.trim();
        if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error::invalid("code", "请输入 6 位数字验证码"));
        }
        ticket::consume(&self.db, &self.clock, AccountKind::Admin, uid).await?;
        let attempt = Attempt::new(AccountKind::Admin, mobile, "sms", client);
        self.refuse_if_locked(&attempt).await?;
        if let Err(err) =
            sms::check_login_code(&self.db, &self.clock, &self.security, mobile, code).await
        {
            self.count_failure(&attempt, "bad_code").await?;
            return Err(err);
        }
        let user = admin_user::Entity::find()
            .filter(admin_user::Column::Mobile.eq(mobile))
            .order_by_asc(admin_user::Column::Id)
            .one(&self.db)
            .await?;
        let Some(user) = user else {
            return Err(Error::invalid("code", "验证码错误"));
        };
        let account = Account {
            id: user.id,
            name: user.name,
            account: user.account,
            password_hash: user.password_hash,
            enabled: user.enabled,
            scope: None,
            password_changed_at: Some(user.password_changed_at),
        };
        self.finish_login(&attempt, account).await
    }

    /// Rotates both tokens of the session the refresh token belongs to.
    pub async fn refresh_session(
        &self,
        kind: AccountKind,
        refresh_token: &str,
    ) -> Result<SignedIn> {
        let settings = self.current_security().await?;
        let rotated =
            session::refresh(&self.db, &self.clock, &settings, kind, refresh_token).await?;
        let Some((user, _)) = find_account_by_id(&self.db, kind, rotated.user_id).await? else {
            return Err(Error::LoggedOut);
        };
        let authorities = session_authorities(&self.db, kind, user.id).await?;
        Ok(SignedIn {
            token: rotated.token,
            refresh_token: rotated.refresh_token,
            expiration_time: rotated.expires_at.timestamp_millis(),
            user_id: user.id,
            username: user.account,
            name: user.name,
            authorities,
        })
    }

    /// The caller of a request carrying `token`: HTTP 401 when unknown or logged out, code 401
    /// when expired, code 504 when superseded by a newer sign-in.
    pub async fn authenticate(&self, kind: AccountKind, token: &str) -> Result<Principal> {
        let found = session::find_valid(&self.db, &self.clock, kind, token).await?;
        let Some((user, name)) = find_account_by_id(&self.db, kind, found.user_id).await? else {
            return Err(Error::LoggedOut);
        };
        if !user.enabled {
            return Err(Error::LoggedOut);
        }
        let authorities = match kind {
            AccountKind::Admin => admin_authorities(&self.db, user.id).await?,
            AccountKind::Capital => {
                let provider = user.scope.map(|s| s.provider_id()).unwrap_or_default();
                if !provider_is_active(&self.db, provider).await? {
                    return Err(Error::LoggedOut);
                }
                BTreeSet::from([CAPITAL_ORDER_TABLE.to_owned()])
            }
        };
        Ok(Principal {
            kind,
            user_id: user.id,
            account: user.account,
            name,
            session_id: found.id,
            authorities,
            scope: user.scope,
        })
    }

    /// Ends the caller's session: its token answers HTTP 401 from now on.
    pub async fn logout(&self, principal: &Principal, client: &ClientInfo) -> Result<()> {
        session::revoke(&self.db, principal.session_id, "logout").await?;
        log_login(
            &self.db,
            &self.clock,
            client,
            LoginRecord {
                account: &principal.account,
                kind: principal.kind,
                user_id: Some(principal.user_id),
                method: "logout",
                success: true,
                reason: "logout",
            },
        )
        .await
    }

    /// Changes the caller's password (both values MD5 hex) and ends all its sessions.
    pub async fn change_password(
        &self,
        principal: &Principal,
        old_md5: &str,
        new_md5: &str,
        client: &ClientInfo,
    ) -> Result<()> {
        check_md5("passwordOld", old_md5)?;
        check_md5("passwordNew", new_md5)?;
        if old_md5.eq_ignore_ascii_case(new_md5) {
            return Err(Error::invalid("passwordNew", "新密码不能与原密码相同"));
        }
        let Some((user, _)) =
            find_account_by_id(&self.db, principal.kind, principal.user_id).await?
        else {
            return Err(Error::LoggedOut);
        };
        if !verify_password(old_md5.to_owned(), Some(user.password_hash)).await? {
            return Err(Error::invalid("passwordOld", "原密码不正确"));
        }
        let hash = {
            let new = new_md5.to_owned();
            tokio::task::spawn_blocking(move || password::hash(&new))
                .await
                .map_err(Error::internal)??
        };
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        match principal.kind {
            AccountKind::Admin => {
                admin_user::ActiveModel {
                    id: Set(user.id),
                    password_hash: Set(hash),
                    password_changed_at: Set(now),
                    updated_at: Set(now),
                    updated_by: Set(Some(user.id)),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
            }
            AccountKind::Capital => {
                capital_user::ActiveModel {
                    id: Set(user.id),
                    password_hash: Set(hash),
                    password_changed_at: Set(now),
                    updated_at: Set(now),
                    updated_by: Set(Some(user.id)),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
            }
        }
        session::revoke_all(&txn, principal.kind, user.id, "password_changed").await?;
        audit::record(
            &txn,
            Entry {
                actor: &principal.actor(),
                action: "password.change",
                target_type: match principal.kind {
                    AccountKind::Admin => "admin_user",
                    AccountKind::Capital => "capital_user",
                },
                target_id: Some(user.id.to_string()),
                success: true,
                detail: serde_json::json!({ "sessionsRevoked": true }),
                ip: client.ip.clone(),
                request_id: client.request_id.clone(),
            },
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// The security settings in force: the start-up values with what 安全设置 saved on top.
    pub async fn security_settings(&self) -> Result<SecuritySettings> {
        self.current_security().await
    }
}

/// One login-log row as the journal shows it.
#[derive(Debug, Clone)]
pub struct LoginLogRow {
    pub account: String,
    pub kind: String,
    pub method: String,
    pub outcome: String,
    pub reason: String,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub at: chrono::DateTime<chrono::Utc>,
}

impl Beehive {
    /// The latest `limit` sign-in attempts, newest first.
    pub async fn recent_login_log(&self, limit: u64) -> Result<Vec<LoginLogRow>> {
        use store::sea_orm::QuerySelect;
        Ok(login_log::Entity::find()
            .order_by_desc(login_log::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|r| LoginLogRow {
                account: r.account,
                kind: r.account_kind,
                method: r.method,
                outcome: r.outcome,
                reason: r.reason,
                ip: r.ip,
                user_agent: r.user_agent,
                at: r.created_at,
            })
            .collect())
    }

    /// The text of the latest message the built-in SMS outbox kept for `mobile`.
    pub async fn outbox_latest(&self, mobile: &str) -> Result<Option<String>> {
        use store::entity::sms_outbox;
        Ok(sms_outbox::Entity::find()
            .filter(sms_outbox::Column::Mobile.eq(mobile))
            .order_by_desc(sms_outbox::Column::Id)
            .one(&self.db)
            .await?
            .map(|m| m.content))
    }
}
