//! 资金管理, the capital provider's own workspace (`capital:order:table`, `/api/capital/...`): its
//! account information, its e-signature account and the contract templates that apply to it.
//!
//! Every function takes the caller's [`ProviderScope`] (made only from a signed-in capital user's
//! own row) and reads through the scope's queries, so a record of another provider is simply
//! not found (404); no function here takes a provider id from the request.

mod templates;

use crate::audit::log_change;
use crate::error::OrInvalid;
use crate::files::{Accept, FileContent, NewFile};
use crate::partner::capital_provider::{
    EsignView, ProviderAccountRow, ProviderRow, esign_view_of, provider_not_found, provider_row,
};
use crate::principal::{ClientInfo, Principal};
use crate::transition::{self, By, Change, Logged};
use crate::{Beehive, Error, Result};
use domain::contact;
use domain::status::{EsignStatus, Status};
use domain::text;
use store::entity::{capital_esign_account, capital_provider, capital_provider_account};
use store::save_if_unchanged;
use store::scope::ProviderScope;
use store::sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
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

async fn esign_row(
    conn: &impl ConnectionTrait,
    scope: &ProviderScope,
) -> Result<Option<capital_esign_account::Model>> {
    Ok(scope.esign_account().one(conn).await?)
}

async fn esign_view(conn: &impl ConnectionTrait, scope: &ProviderScope) -> Result<EsignView> {
    let found = esign_row(conn, scope).await?;
    esign_view_of(conn, scope.provider_id(), found).await
}

fn esign_status(row: &capital_esign_account::Model) -> Result<EsignStatus> {
    EsignStatus::parse(&row.status)
        .ok_or_else(|| Error::internal(anyhow::anyhow!("unknown e-sign status {}", row.status)))
}

fn locked_while_pending(row: Option<&capital_esign_account::Model>) -> Result<()> {
    if row.is_some_and(|e| e.status == EsignStatus::Pending.code()) {
        return Err(Error::Conflict(
            "电子签章账户审核中，审核完成前不能修改".to_owned(),
        ));
    }
    Ok(())
}

impl Beehive {
    pub async fn capital_account_info(&self, me: &Principal) -> Result<AccountInfo> {
        let scope = me.provider_scope()?;
        let found = scope
            .provider()
            .one(&self.db)
            .await?
            .ok_or_else(provider_not_found)?;
        let users = scope.users().count(&self.db).await?;
        let accounts = scope
            .accounts()
            .order_by_asc(capital_provider_account::Column::Purpose)
            .order_by_asc(capital_provider_account::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(Into::into)
            .collect();
        Ok(AccountInfo {
            provider: provider_row(found, false, users),
            accounts,
        })
    }

    /// One of the provider's own bank accounts (masked); another provider's answers 404.
    pub async fn capital_bank_account(
        &self,
        me: &Principal,
        id: i64,
    ) -> Result<ProviderAccountRow> {
        me.provider_scope()?
            .accounts()
            .filter(capital_provider_account::Column::Id.eq(id))
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
        let scope = me.provider_scope()?;
        let contact_name = text::optional(input.contact_name.as_deref(), 64)
            .or_invalid_as("contactName", "联系人")?
            .unwrap_or_default();
        let contact_phone =
            contact::optional_phone(input.contact_phone.as_deref()).or_invalid("contactPhone")?;
        let notify_mobile = contact::optional_mobile(input.notify_mobile.as_deref())
            .or_invalid("notifyMobile")?
            .unwrap_or_default();
        let txn = store::begin_write(&self.db).await?;
        let found = scope
            .provider()
            .one(&txn)
            .await?
            .ok_or_else(provider_not_found)?;
        save_if_unchanged(
            &txn,
            capital_provider::ActiveModel {
                id: Set(found.id),
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
            Some(found.id),
            serde_json::json!({
                "contactName": { "from": found.contact_name, "to": contact_name },
                "contactPhoneChanged": found.contact_phone != contact_phone,
                "notifyMobileChanged": found.notify_mobile != notify_mobile,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    pub async fn capital_esign(&self, me: &Principal) -> Result<EsignView> {
        esign_view(&self.db, me.provider_scope()?).await
    }

    /// Saves the e-signature account's fields (a draft: UNSUBMITTED). Refused while PENDING; a
    /// VERIFIED account that changes goes back to UNSUBMITTED.
    pub async fn save_capital_esign(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: EsignInput,
    ) -> Result<EsignView> {
        let scope = me.provider_scope()?;
        let org_name = text::required(&input.org_name, 128).or_invalid_as("orgName", "机构名称")?;
        let credit_code = input.credit_code.trim().to_ascii_uppercase();
        if !contact::is_credit_code(&credit_code) {
            return Err(Error::invalid(
                "creditCode",
                contact::ContactError::CreditCode.to_string(),
            ));
        }
        let legal = text::required(&input.legal_representative, 64)
            .or_invalid_as("legalRepresentative", "法定代表人")?;
        let mobile = text::required(&input.contact_mobile, 11)
            .or_invalid_as("contactMobile", "联系手机号")
            .and_then(|m| contact::mobile(&m).or_invalid("contactMobile"))?;
        let detail = serde_json::json!({
            "providerId": scope.provider_id(), "orgName": org_name, "creditCode": credit_code,
            "legalRepresentative": legal,
        });
        let fields = vec![
            (
                capital_esign_account::Column::OrgName,
                Expr::value(org_name.clone()),
            ),
            (
                capital_esign_account::Column::CreditCode,
                Expr::value(credit_code.clone()),
            ),
            (
                capital_esign_account::Column::LegalRepresentative,
                Expr::value(legal.clone()),
            ),
            (
                capital_esign_account::Column::ContactMobile,
                Expr::value(mobile.clone()),
            ),
        ];
        let txn = store::begin_write(&self.db).await?;
        let existing = esign_row(&txn, scope).await?;
        self.change_esign(
            &txn,
            me,
            client,
            scope,
            existing,
            fields,
            "capital_esign.save",
            detail,
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, scope).await
    }

    /// Uploads the seal image (images only, 系统设置's size limit) into the account.
    pub async fn upload_capital_seal(
        &self,
        me: &Principal,
        client: &ClientInfo,
        file: NewFile,
    ) -> Result<EsignView> {
        let scope = me.provider_scope()?;
        let txn = store::begin_write(&self.db).await?;
        let existing = esign_row(&txn, scope).await?;
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
        let detail = serde_json::json!({
            "providerId": scope.provider_id(), "fileId": stored.id, "fileName": stored.file_name,
            "sizeBytes": stored.size_bytes, "sha256": stored.sha256,
        });
        let fields = vec![(
            capital_esign_account::Column::SealFileId,
            Expr::value(Some(stored.id)),
        )];
        self.change_esign(
            &txn,
            me,
            client,
            scope,
            existing,
            fields,
            "capital_esign.upload_seal",
            detail,
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, scope).await
    }

    /// Writes `fields` into the provider's e-signature account as a draft: a new account starts
    /// UNSUBMITTED; a VERIFIED one goes back to UNSUBMITTED through the transition mechanism;
    /// a PENDING one is refused (409).
    #[allow(clippy::too_many_arguments)]
    async fn change_esign(
        &self,
        txn: &impl ConnectionTrait,
        me: &Principal,
        client: &ClientInfo,
        scope: &ProviderScope,
        existing: Option<capital_esign_account::Model>,
        mut fields: Vec<(capital_esign_account::Column, SimpleExpr)>,
        action: &str,
        detail: serde_json::Value,
    ) -> Result<()> {
        locked_while_pending(existing.as_ref())?;
        let now = self.clock.now();
        fields.push((capital_esign_account::Column::UpdatedAt, Expr::value(now)));
        fields.push((
            capital_esign_account::Column::UpdatedBy,
            Expr::value(Some(me.user_id)),
        ));
        match existing {
            Some(e) if esign_status(&e)? == EsignStatus::Verified => {
                fields.push((
                    capital_esign_account::Column::VerifiedAt,
                    Expr::value(None::<chrono::DateTime<chrono::Utc>>),
                ));
                transition::apply::<capital_esign_account::Entity, _, _>(
                    txn,
                    &By::user(me, client),
                    now,
                    Change {
                        id: e.id,
                        from: EsignStatus::Verified,
                        to: EsignStatus::Unsubmitted,
                        version: e.version,
                        event: "edit",
                        reason: "",
                    },
                    fields,
                    Some(Logged { action, detail }),
                )
                .await?;
            }
            Some(e) => {
                let mut update = capital_esign_account::Entity::update_many()
                    .col_expr(
                        capital_esign_account::Column::Version,
                        Expr::col(capital_esign_account::Column::Version).add(1),
                    )
                    .filter(capital_esign_account::Column::Id.eq(e.id))
                    .filter(capital_esign_account::Column::Version.eq(e.version));
                for (column, value) in fields {
                    update = update.col_expr(column, value);
                }
                if update.exec(txn).await?.rows_affected == 0 {
                    return Err(Error::Conflict(crate::error::STALE.to_owned()));
                }
                log_change(
                    txn,
                    me,
                    client,
                    action,
                    "capital_esign_account",
                    Some(e.id),
                    detail,
                    now,
                )
                .await?;
            }
            None => {
                let mut row = capital_esign_account::ActiveModel {
                    capital_provider_id: Set(scope.provider_id()),
                    status: Set(EsignStatus::Unsubmitted.code().to_owned()),
                    created_at: Set(now),
                    created_by: Set(Some(me.user_id)),
                    version: Set(0),
                    ..Default::default()
                };
                for (column, value) in fields {
                    set_column(&mut row, column, value)?;
                }
                let created = row.insert(txn).await?;
                log_change(
                    txn,
                    me,
                    client,
                    action,
                    "capital_esign_account",
                    Some(created.id),
                    detail,
                    now,
                )
                .await?;
            }
        }
        Ok(())
    }

    /// Submits the complete account for verification (PENDING).
    pub async fn submit_capital_esign(
        &self,
        me: &Principal,
        client: &ClientInfo,
    ) -> Result<EsignView> {
        let scope = me.provider_scope()?;
        let txn = store::begin_write(&self.db).await?;
        let Some(e) = esign_row(&txn, scope).await? else {
            return Err(Error::invalid("orgName", "请先填写并保存电子签章账户信息"));
        };
        if e.status != EsignStatus::Unsubmitted.code() {
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
        transition::apply::<capital_esign_account::Entity, _, _>(
            &txn,
            &By::user(me, client),
            now,
            Change {
                id: e.id,
                from: EsignStatus::Unsubmitted,
                to: EsignStatus::Pending,
                version: e.version,
                event: "submit",
                reason: "",
            },
            vec![
                (capital_esign_account::Column::SubmittedAt, Expr::value(Some(now))),
                (capital_esign_account::Column::UpdatedAt, Expr::value(now)),
                (capital_esign_account::Column::UpdatedBy, Expr::value(Some(me.user_id))),
            ],
            Some(Logged {
                action: "capital_esign.submit",
                detail: serde_json::json!({ "providerId": scope.provider_id(), "orgName": e.org_name }),
            }),
        )
        .await?;
        txn.commit().await?;
        esign_view(&self.db, scope).await
    }

    /// The seal image `file_id`, only if it is the seal of the caller's own account.
    pub async fn capital_seal(&self, me: &Principal, file_id: i64) -> Result<FileContent> {
        let scope = me.provider_scope()?;
        let own = esign_row(&self.db, scope)
            .await?
            .and_then(|e| e.seal_file_id);
        if own != Some(file_id) {
            return Err(Error::NotFound("文件不存在或已被删除".to_owned()));
        }
        self.open_file(file_id).await
    }
}

/// Sets one column of a new e-signature account row from the field list (plain values only).
fn set_column(
    row: &mut capital_esign_account::ActiveModel,
    column: capital_esign_account::Column,
    value: SimpleExpr,
) -> Result<()> {
    let SimpleExpr::Value(value) = value else {
        return Err(Error::internal(anyhow::anyhow!(
            "a field value is not a plain value"
        )));
    };
    Ok(row.try_set(column, value)?)
}
