//! The choices the order screens offer (products, insurers, capital providers), for anyone who
//! works orders: the product, insurer and provider lists of their own screens need permissions an
//! order clerk does not hold, so the order screens read this one answer instead.

use crate::principal::Principal;
use crate::system::products::{ProductVersion, parse};
use crate::{Beehive, Error, Result};
use domain::permission::codes::{
    ASSIGNMENT_QUEUE_TABLE, ORDER_APPLY_TABLE, ORDER_INFO_TABLE, STATISTICS_NOT_PASS,
};
use domain::status::{ProductStatus, Status};
use store::entity::{capital_provider, insurer, product};
use store::sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};

/// The permissions of the order screens; any one of them opens the choices.
pub const ORDER_SCREENS: [&str; 5] = [
    ORDER_APPLY_TABLE,
    ORDER_INFO_TABLE,
    ASSIGNMENT_QUEUE_TABLE,
    STATISTICS_NOT_PASS,
    domain::permission::codes::ORDER_PREMIUM_TABLE,
];

/// An insurer to choose.
#[derive(Debug, Clone)]
pub struct InsurerChoice {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub enabled: bool,
}

/// A capital provider to choose, with its credit.
#[derive(Debug, Clone)]
pub struct ProviderChoice {
    pub id: i64,
    pub name: String,
    pub status: String,
    pub accept_mode: String,
    pub credit_limit_fen: i64,
    pub credit_reserved_fen: i64,
    pub credit_used_fen: i64,
}

/// What the order screens offer.
#[derive(Debug, Clone)]
pub struct OrderChoices {
    /// The ACTIVE product versions: the only versions a new application or an intake may use
    /// (a newer DRAFT of the same code is not offered until it is activated).
    pub products: Vec<ProductVersion>,
    /// Every insurer; the disabled ones stay for filters and older orders (`enabled` false).
    pub insurers: Vec<InsurerChoice>,
    /// Every capital provider with its credit; only ACTIVE ones take orders.
    pub providers: Vec<ProviderChoice>,
}

impl Beehive {
    /// The products (by code), insurers and providers (by name in pinyin order, docs/lists.md
    /// "Sorting by name") of the order screens.
    pub async fn order_choices(&self, me: &Principal) -> Result<OrderChoices> {
        if !ORDER_SCREENS.iter().any(|p| me.authorities.contains(*p)) {
            return Err(Error::Forbidden("没有操作权限：订单".to_owned()));
        }
        let products = product::Entity::find()
            .filter(product::Column::Status.eq(ProductStatus::Active.code()))
            .order_by_asc(product::Column::Code)
            .all(&self.db)
            .await?
            .into_iter()
            .map(parse)
            .collect::<Result<Vec<_>>>()?;
        let insurers = insurer::Entity::find()
            .order_by_asc(insurer::Column::NameKey)
            .order_by_asc(insurer::Column::Name)
            .order_by_asc(insurer::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|i| InsurerChoice {
                id: i.id,
                name: i.name,
                code: i.code,
                enabled: i.enabled,
            })
            .collect();
        let providers = capital_provider::Entity::find()
            .order_by_asc(capital_provider::Column::NameKey)
            .order_by_asc(capital_provider::Column::Name)
            .order_by_asc(capital_provider::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| ProviderChoice {
                id: p.id,
                name: p.name,
                status: p.status,
                accept_mode: p.accept_mode,
                credit_limit_fen: p.credit_limit_fen,
                credit_reserved_fen: p.credit_reserved_fen,
                credit_used_fen: p.credit_used_fen,
            })
            .collect();
        Ok(OrderChoices {
            products,
            insurers,
            providers,
        })
    }
}
