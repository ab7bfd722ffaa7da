//! 订单规则配置, part one: the order rules, one row of `setting` (`order_rules`) saved with an
//! optimistic version: the screen sends the version it read, and a save over someone else's
//! newer one is a 409. No row yet means the defaults at version 0.

use crate::audit::log_change;
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use domain::money::FieldError;
use domain::money::rules::OrderRules;
use std::collections::BTreeMap;
use store::entity::setting;
use store::sea_orm::{ActiveModelTrait, ConnectionTrait, EntityTrait, Set};

use domain::permission::codes::CONFIG_ORDER as ORDER;

const KEY: &str = "order_rules";

/// The order rules and the version a save must name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VersionedRules {
    pub rules: OrderRules,
    /// 0 while nothing was saved; each save adds one.
    pub version: i64,
}

/// Field errors of a domain rule as one 400: the first message, every field (with `prefix`).
pub(crate) fn field_errors(prefix: &str, errs: Vec<FieldError>) -> Error {
    let first = errs.first().map(|e| e.message.clone()).unwrap_or_default();
    let count = errs.len();
    let fields: BTreeMap<String, String> = errs
        .into_iter()
        .map(|e| (format!("{prefix}{}", e.field), e.message))
        .collect();
    let message = if count > 1 {
        format!("{first}（共 {count} 处需要修改）")
    } else {
        first
    };
    Error::Invalid { message, fields }
}

async fn read(conn: &impl ConnectionTrait) -> Result<(Option<setting::Model>, VersionedRules)> {
    let row = setting::Entity::find_by_id(KEY.to_owned())
        .one(conn)
        .await?;
    let rules = match &row {
        Some(r) => VersionedRules {
            rules: serde_json::from_value(r.value.clone()).map_err(Error::internal)?,
            version: r.version,
        },
        None => VersionedRules {
            rules: OrderRules::default(),
            version: 0,
        },
    };
    Ok((row, rules))
}

impl Beehive {
    /// The order rules in force (the defaults until they are saved), without a permission
    /// check: the order flow and the product defaults read them.
    pub(crate) async fn current_order_rules(&self) -> Result<OrderRules> {
        Ok(read(&self.db).await?.1.rules)
    }

    /// The order rules and their version.
    pub async fn order_rules(&self, me: &Principal) -> Result<VersionedRules> {
        me.require(ORDER)?;
        Ok(read(&self.db).await?.1)
    }

    /// Saves the order rules if they are still at `version` (else 409, nothing written).
    pub async fn update_order_rules(
        &self,
        me: &Principal,
        client: &ClientInfo,
        rules: OrderRules,
        version: i64,
    ) -> Result<VersionedRules> {
        me.require(ORDER)?;
        rules
            .validate()
            .map_err(|errs| field_errors("rules.", errs))?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let (row, before) = read(&txn).await?;
        if before.version != version {
            return Err(Error::Conflict(crate::error::STALE.to_owned()));
        }
        let value = serde_json::to_value(&rules).map_err(Error::internal)?;
        let next = version + 1;
        match row {
            Some(row) => {
                store::save_if_unchanged(
                    &txn,
                    setting::ActiveModel {
                        key: Set(row.key),
                        value: Set(value.clone()),
                        updated_at: Set(now),
                        updated_by: Set(Some(me.user_id)),
                        version: Set(next),
                        ..Default::default()
                    },
                    setting::Column::Version,
                    version,
                )
                .await?;
            }
            None => {
                setting::ActiveModel {
                    key: Set(KEY.to_owned()),
                    value: Set(value.clone()),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(next),
                }
                .insert(&txn)
                .await
                .map_err(|e| crate::error::conflict_on_unique(e, crate::error::STALE))?;
            }
        }
        log_change(
            &txn,
            me,
            client,
            "order_rules.update",
            "setting",
            None,
            serde_json::json!({ "key": KEY, "before": before.rules, "after": value, "version": next }),
            now,
        )
        .await?;
        txn.commit().await?;
        Ok(VersionedRules {
            rules,
            version: next,
        })
    }
}
