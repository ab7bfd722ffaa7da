//! Who is acting: the signed-in caller of a request, the kind of account, where the request came
//! from and the actor the logs name. A leaf: every use case takes these, and this module takes
//! nothing from the others.

use crate::{Error, Result};
use domain::permission;
use std::collections::BTreeSet;
use store::scope::ProviderScope;

/// The two kinds of account (separate tables, separate sign-in paths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountKind {
    Admin,
    Capital,
}

impl AccountKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AccountKind::Admin => "admin",
            AccountKind::Capital => "capital",
        }
    }
}

/// Where a request came from, for the logs and the per-IP limits.
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

/// Who did something.
#[derive(Debug, Clone)]
pub enum Actor {
    /// The command line, start-up or a background job.
    System(&'static str),
    Admin {
        id: i64,
        name: String,
    },
    Capital {
        id: i64,
        name: String,
    },
}

/// The signed-in caller of a request.
#[derive(Debug, Clone)]
pub struct Principal {
    pub kind: AccountKind,
    pub user_id: i64,
    pub account: String,
    pub name: String,
    pub session_id: i64,
    pub authorities: BTreeSet<String>,
    /// A capital-provider user's provider: the only way to its records (see `store::scope`).
    pub scope: Option<ProviderScope>,
}

impl Principal {
    /// Refuses with code 403 unless the caller holds `permission`.
    pub fn require(&self, permission: &str) -> Result<()> {
        if self.authorities.contains(permission) {
            Ok(())
        } else {
            let label = permission::find(permission).map_or(permission, |p| p.label_zh);
            Err(Error::Forbidden(format!("没有操作权限：{label}")))
        }
    }

    /// The caller's capital provider: only a capital-provider user holding
    /// `capital:order:table` has one; anyone else gets 403.
    pub fn provider_scope(&self) -> Result<&ProviderScope> {
        self.require(permission::CAPITAL_ORDER_TABLE)?;
        self.scope
            .as_ref()
            .ok_or_else(|| Error::Forbidden("仅资金方用户可以使用".to_owned()))
    }

    pub fn actor(&self) -> Actor {
        match self.kind {
            AccountKind::Admin => Actor::Admin {
                id: self.user_id,
                name: self.account.clone(),
            },
            AccountKind::Capital => Actor::Capital {
                id: self.user_id,
                name: self.account.clone(),
            },
        }
    }
}
