//! 资金管理, the capital provider's own workspace (capital:order:table): its account
//! information and its e-signature account. The provider is always the signed-in user's
//! (`Principal::capital_provider_id`), never one named by the request; a record of another
//! provider answers 404.

use super::check_mobile_field;
use super::providers::{
    EsignView, ProviderAccountRow, ProviderRow, esign_view, provider_accounts, provider_not_found,
    provider_row,
};
use super::{check_phone, is_credit_code, optional_text};
use crate::auth::{ClientInfo, Principal};
use crate::files::{Accept, FileContent, NewFile};
use crate::system::{log_change, required_text, save_if_unchanged};
use crate::{Beehive, Error, Result};
use domain::permission::CAPITAL_ORDER_TABLE;
use store::entity::{capital_esign_account, capital_provider, capital_provider_account};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set,
};

/// The provider's profile with its bank accounts (numbers masked).
#[derive(Debug, Clone)]
pub struct AccountInfo {
    pub provider: ProviderRow,
    pub accounts: Vec<ProviderAccountRow>,
}

/// What the provider may change of its own profile.
#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub contact_name: Option<String>,
    pub contact_phone: Option<String>,
    pub notify_mobile: Option<String>,
}

/// The e-signature account's fields as the provider enters them.
#[derive(Debug, Clone, Default)]
pub struct EsignInput {
    pub org_name: String,
    pub credit_code: String,
    pub legal_representative: String,
    pub contact_mobile: String,
}

/// The signed-in capital user's provider, after the permission check.
fn own_provider(me: &Principal) -> Result<i64> {
    me.require(CAPITAL_ORDER_TABLE)?;
    me.capital_provider_id
        .ok_or_else(|| Error::Forbidden("仅资金方用户可以使用".to_owned()))
}

async fn esign_row(
    conn: &impl ConnectionTrait,
    provider_id: i64,
) -> Result<Option<capital_esign_account::Model>> {
    Ok(capital_esign_account::Entity::find()
        .filter(capital_esign_account::Column::CapitalProviderId.eq(provider_id))
        .one(conn)
        .await?)
}

fn locked_while_pending(row: Option<&capital_esign_account::Model>) -> Result<()> {
    if row.is_some_and(|e| e.status == "PENDING") {
        return Err(Error::Conflict(
            "电子签章账户审核中，审核完成前不能修改".to_owned(),
        ));
    }
    Ok(())
}

impl Beehive {
    pub async fn capital_account_info(&self, me: &Principal) -> Result<AccountInfo> {
        let provider_id = own_provider(me)?;
        let found = capital_provider::Entity::find_by_id(provider_id)
            .one(&self.db)
            .await?
            .ok_or_else(provider_not_found)?;
        Ok(AccountInfo {
            provider: provider_row(found, false, 0),
            accounts: provider_accounts(&self.db, provider_id).await?,
        })
    }

    /// One of the provider's own bank accounts (masked); another provider's answers 404.
    pub async fn capital_bank_account(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<ProviderAccountRow> {
        let provider_id = own_provider(me)?;
        capital_provider_account::Entity::find_by_id(id)
            .filter(capital_provider_account::Column::CapitalProviderId.eq(provider_id))
            .one(&self.db)
            .await?
            .map(Into::into)
            .ok_or_else(|| Error::NotFound("银行账户不存在".to_owned()))
    }

    /// The provider changes its contact person, telephone and notification mobile.
    pub async fn update_capital_contact(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: ContactInput,
    ) -> Result<()> {
        let provider_id = own_provider(me)?;
        let contact_name =
            optional_text("contactName", "联系人", input.contact_name.as_deref(), 64)?;
        let contact_phone = check_phone("contactPhone", input.contact_phone.as_deref())?;
        let notify_mobile = check_mobile_field("notifyMobile", input.notify_mobile.as_deref())?;
        let txn = store::begin_write(&self.db).await?;
        let found = capital_provider::Entity::find_by_id(provider_id)
            .one(&txn)
            .await?
            .ok_or_else(provider_not_found)?;
        save_if_unchanged(
            &txn,
            capital_provider::ActiveModel {
                id: Set(provider_id),
                contact_name: Set(contact_name.clone()),
                contact_phone: Set(contact_phone.clone()),
                notify_mobile: Set(notify_mobile.clone()),
                updated_at: Set(self.clock.now()),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            capital_provider::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "capital_provider.update_contact",
            "capital_provider",
            Some(provider_id),
            serde_json::json!({
                "contactName": { "from": found.contact_name, "to": contact_name },
                "contactPhoneChanged": found.contact_phone != contact_phone,
                "notifyMobileChanged": found.notify_mobile != notify_mobile,
            }),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    pub async fn capital_esign(&self, me: &Principal) -> Result<EsignView> {
        let provider_id = own_provider(me)?;
        esign_view(&self.db, provider_id).await
    }

    /// Saves the e-signature account's fields (a draft: UNSUBMITTED). Refused while PENDING; a
    /// VERIFIED account that changes goes back to UNSUBMITTED.
    pub async fn save_capital_esign(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: EsignInput,
    ) -> Result<EsignView> {
        let provider_id = own_provider(me)?;
        let org_name = required_text("orgName", "机构名称", &input.org_name, 128)?;
        let credit_code = input.credit_code.trim().to_ascii_uppercase();
        if !is_credit_code(&credit_code) {
            return Err(Error::invalid(
                "creditCode",
                "统一社会信用代码不正确（18 位，末位为校验码）",
            ));
        }
        let legal = required_text(
            "legalRepresentative",
            "法定代表人",
            &input.legal_representative,
            64,
        )?;
        let mobile = check_mobile_field("contactMobile", Some(&input.contact_mobile))?;
        if mobile.is_empty() {
            return Err(Error::invalid("contactMobile", "联系手机号不能为空"));
        }
        let txn = store::begin_write(&self.db).await?;
        let existing = esign_row(&txn, provider_id).await?;
        locked_while_pending(existing.as_ref())?;
        let now = self.clock.now();
        let id = match existing {
            Some(e) => {
                capital_esign_account::ActiveModel {
                    id: Set(e.id),
                    org_name: Set(org_name.clone()),
                    credit_code: Set(credit_code.clone()),
                    legal_representative: Set(legal.clone()),
                    contact_mobile: Set(mobile),
                    status: Set("UNSUBMITTED".to_owned()),
                    verified_at: Set(None),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(e.version + 1),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
                e.id
            }
            None => {
                capital_esign_account::ActiveModel {
                    capital_provider_id: Set(provider_id),
                    org_name: Set(org_name.clone()),
                    credit_code: Set(credit_code.clone()),
                    legal_representative: Set(legal.clone()),
                    contact_mobile: Set(mobile),
                    status: Set("UNSUBMITTED".to_owned()),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(0),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
        };
        log_change(
            &txn,
            me,
            client,
            "capital_esign.save",
            "capital_esign_account",
            Some(id),
            serde_json::json!({
                "providerId": provider_id, "orgName": org_name, "creditCode": credit_code,
                "legalRepresentative": legal,
            }),
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, provider_id).await
    }

    /// Uploads the seal image (images only, 系统设置's size limit) into the account.
    pub async fn upload_capital_seal(
        &self,
        me: &Principal,
        client: &ClientInfo,
        file: NewFile,
    ) -> Result<EsignView> {
        let provider_id = own_provider(me)?;
        let txn = store::begin_write(&self.db).await?;
        let existing = esign_row(&txn, provider_id).await?;
        locked_while_pending(existing.as_ref())?;
        let stored = self
            .store_file(
                &txn,
                &me.actor(),
                "capital_seal",
                "file",
                file,
                Accept::Images,
            )
            .await?;
        let now = self.clock.now();
        let id = match existing {
            Some(e) => {
                capital_esign_account::ActiveModel {
                    id: Set(e.id),
                    seal_file_id: Set(Some(stored.id)),
                    status: Set("UNSUBMITTED".to_owned()),
                    verified_at: Set(None),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(e.version + 1),
                    ..Default::default()
                }
                .update(&txn)
                .await?;
                e.id
            }
            None => {
                capital_esign_account::ActiveModel {
                    capital_provider_id: Set(provider_id),
                    seal_file_id: Set(Some(stored.id)),
                    status: Set("UNSUBMITTED".to_owned()),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    updated_at: Set(now),
                    updated_by: Set(Some(me.user_id)),
                    version: Set(0),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id
            }
        };
        log_change(
            &txn,
            me,
            client,
            "capital_esign.upload_seal",
            "capital_esign_account",
            Some(id),
            serde_json::json!({
                "providerId": provider_id, "fileId": stored.id, "fileName": stored.file_name,
                "sizeBytes": stored.size_bytes, "sha256": stored.sha256,
            }),
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, provider_id).await
    }

    /// Submits the complete account for verification (PENDING).
    pub async fn submit_capital_esign(
        &self,
        me: &Principal,
        client: &ClientInfo,
    ) -> Result<EsignView> {
        let provider_id = own_provider(me)?;
        let txn = store::begin_write(&self.db).await?;
        let Some(e) = esign_row(&txn, provider_id).await? else {
            return Err(Error::invalid("orgName", "请先填写并保存电子签章账户信息"));
        };
        if e.status != "UNSUBMITTED" {
            return Err(Error::Conflict(
                "电子签章账户已提交，无需重复提交".to_owned(),
            ));
        }
        if e.org_name.is_empty() || e.credit_code.is_empty() || e.legal_representative.is_empty() {
            return Err(Error::invalid("orgName", "请先填写并保存电子签章账户信息"));
        }
        if e.seal_file_id.is_none() {
            return Err(Error::invalid("seal", "请先上传印章图片"));
        }
        let now = self.clock.now();
        capital_esign_account::ActiveModel {
            id: Set(e.id),
            status: Set("PENDING".to_owned()),
            submitted_at: Set(Some(now)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(e.version + 1),
            ..Default::default()
        }
        .update(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "capital_esign.submit",
            "capital_esign_account",
            Some(e.id),
            serde_json::json!({ "providerId": provider_id, "orgName": e.org_name }),
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, provider_id).await
    }

    /// The seal image `file_id`, only if it is the seal of the caller's own account.
    pub async fn capital_seal(&self, me: &Principal, file_id: i64) -> Result<FileContent> {
        let provider_id = own_provider(me)?;
        let own = esign_row(&self.db, provider_id)
            .await?
            .and_then(|e| e.seal_file_id);
        if own != Some(file_id) {
            return Err(Error::NotFound("文件不存在或已被删除".to_owned()));
        }
        self.open_file(file_id).await
    }
}
