//! 资金方合同模板: the ACTIVE contract templates that apply to the capital provider (its own and
//! those tied to no provider), read through its scope.

use crate::operate::contract::RenderedPdf;
use crate::principal::Principal;
use crate::{Beehive, Error, Result};
use domain::status::{Status, TemplateStatus};
use store::entity::contract_template;
use store::sea_orm::{ColumnTrait, QueryFilter, QueryOrder};

impl Beehive {
    /// The ACTIVE templates that apply to the capital user's provider (its own or general),
    /// each with the name of the provider it is tied to (the caller's own; `None` when general).
    pub async fn capital_contract_templates(
        &self,
        me: &Principal,
    ) -> Result<Vec<(contract_template::Model, Option<String>)>> {
        let scope = me.provider_scope()?;
        let own_name = scope.provider().one(&self.db).await?.map(|p| p.name);
        Ok(scope
            .contract_templates()
            .filter(contract_template::Column::Status.eq(TemplateStatus::Active.code()))
            .order_by_asc(contract_template::Column::DocKind)
            .order_by_asc(contract_template::Column::Code)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| {
                let name = t.capital_provider_id.and(own_name.clone());
                (t, name)
            })
            .collect())
    }

    /// A template preview for a capital user; another provider's template answers 404.
    pub async fn capital_preview_contract_template(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<RenderedPdf> {
        let row = me
            .provider_scope()?
            .contract_templates()
            .filter(contract_template::Column::Status.eq(TemplateStatus::Active.code()))
            .filter(contract_template::Column::Id.eq(id))
            .one(&self.db)
            .await?
            .ok_or_else(|| Error::NotFound("合同模板不存在".to_owned()))?;
        self.render_preview(row).await
    }
}
