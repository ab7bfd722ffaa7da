//! Queries of a capital-provider user, always filtered to that user's provider.
//!
//! A [`ProviderScope`] can only be made from a capital user's own row (which the service reads
//! for the signed-in session), and every query here starts from it, so the capital workspace has
//! no way to ask for another provider's records: an id of another provider's record simply finds
//! nothing (the API's 404).

use crate::entity::{
    capital_esign_account, capital_provider, capital_provider_account, capital_user,
    contract_template,
};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, Select};

/// The capital provider a signed-in capital-provider user belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProviderScope {
    provider_id: i64,
}

impl ProviderScope {
    /// The scope of the capital-provider user `user`.
    pub fn of_capital_user(user: &capital_user::Model) -> Self {
        ProviderScope {
            provider_id: user.capital_provider_id,
        }
    }

    pub fn provider_id(&self) -> i64 {
        self.provider_id
    }

    /// The provider itself.
    pub fn provider(&self) -> Select<capital_provider::Entity> {
        capital_provider::Entity::find_by_id(self.provider_id)
    }

    /// The provider's bank accounts.
    pub fn accounts(&self) -> Select<capital_provider_account::Entity> {
        capital_provider_account::Entity::find()
            .filter(capital_provider_account::Column::CapitalProviderId.eq(self.provider_id))
    }

    /// The provider's sign-in accounts.
    pub fn users(&self) -> Select<capital_user::Entity> {
        capital_user::Entity::find()
            .filter(capital_user::Column::CapitalProviderId.eq(self.provider_id))
    }

    /// The provider's e-signature account (at most one row).
    pub fn esign_account(&self) -> Select<capital_esign_account::Entity> {
        capital_esign_account::Entity::find()
            .filter(capital_esign_account::Column::CapitalProviderId.eq(self.provider_id))
    }

    /// The contract templates the provider may see: those tied to it and those tied to no
    /// provider.
    pub fn contract_templates(&self) -> Select<contract_template::Entity> {
        contract_template::Entity::find().filter(
            Condition::any()
                .add(contract_template::Column::CapitalProviderId.eq(self.provider_id))
                .add(contract_template::Column::CapitalProviderId.is_null()),
        )
    }
}
