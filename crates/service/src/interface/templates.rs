//! 短信模板配置: SMS templates with `{{placeholder}}`s. A configuration screen: its page
//! permission covers reading, saving, deleting and test sending.

use super::LOGIN_CODE;
use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use domain::contact::is_mobile;
use domain::placeholder::{self, NameRule};
use domain::text;
use std::collections::BTreeMap;
use store::entity::sms_template;
use store::sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, Order, QueryFilter, Select, Set};

use domain::permission::codes::CONFIG_SMS as PAGE;
/// Exporting the template list is a button of its own (every list's export is).
use domain::permission::codes::CONFIG_SMS_EXPORT as EXPORT;

impl Exportable for sms_template::Model {
    const SHEET: &'static str = "短信模板";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "编号",
                width: 8.0,
                value: |r| Cell::from(r.id),
            },
            ExportColumn {
                header: "模板编码",
                width: 18.0,
                value: |r| Cell::from(r.code.as_str()),
            },
            ExportColumn {
                header: "模板名称",
                width: 18.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "模板内容",
                width: 50.0,
                value: |r| Cell::from(r.content.as_str()),
            },
            ExportColumn {
                header: "服务商模板编号",
                width: 16.0,
                value: |r| Cell::from(r.provider_template_id.as_str()),
            },
            ExportColumn {
                header: "状态",
                width: 8.0,
                value: |r| Cell::from(if r.enabled { "启用" } else { "停用" }),
            },
            ExportColumn {
                header: "更新时间",
                width: 20.0,
                value: |r| Cell::from(r.updated_at),
            },
        ]
    }
}

pub type TemplateRow = sms_template::Model;

#[derive(Debug, Clone, Default)]
pub struct TemplateFilter {
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub enabled: Option<bool>,
}

/// What create and update take (`code` is ignored by update: it never changes).
#[derive(Debug, Clone, Default)]
pub struct TemplateInput {
    pub code: String,
    pub name: String,
    pub content: String,
    pub provider_template_id: Option<String>,
    pub enabled: bool,
}

/// What a test send answered.
#[derive(Debug, Clone)]
pub struct TestSent {
    pub success: bool,
    /// The provider's error when it failed.
    pub message: String,
}

/// The placeholder names SMS templates take: `{{code}}`, a single word, since the SMS provider
/// receives each as a template parameter name.
pub const SMS_PLACEHOLDERS: NameRule = NameRule::Word;

pub(crate) fn check_code(code: &str) -> Result<String> {
    let code = code.trim();
    let mut chars = code.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_uppercase())
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
        && (2..=64).contains(&code.len());
    if !ok {
        return Err(Error::invalid(
            "code",
            "模板编码须以大写字母开头，由 2 到 64 位大写字母、数字或下划线组成",
        ));
    }
    Ok(code.to_owned())
}

/// Checked name, content and provider template id.
fn check_input(input: &TemplateInput) -> Result<(String, String, String)> {
    // Every field's mistake in one answer.
    let mut c = FieldChecks::default();
    let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "模板名称"))?;
    let content =
        c.check(text::required(&input.content, 500).or_invalid_as("content", "模板内容"))?;
    if let Some(content) = &content {
        c.check(
            placeholder::names(content, SMS_PLACEHOLDERS).or_invalid_as("content", "模板内容的"),
        )?;
    }
    let provider_id = input
        .provider_template_id
        .as_deref()
        .unwrap_or_default()
        .trim();
    if provider_id.len() > 64
        || !provider_id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        c.fail(
            "providerTemplateId",
            "服务商模板编号由最多 64 位字母、数字、下划线或连字符组成，如 SMS_123456",
        );
    }
    let (Some(name), Some(content)) = (name, content) else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok((name, content, provider_id.to_owned()))
}

fn not_found() -> Error {
    Error::NotFound("短信模板不存在".to_owned())
}

fn filtered(filter: &TemplateFilter) -> Result<Select<sms_template::Entity>> {
    use store::sea_orm::Condition;
    let mut query = sms_template::Entity::find();
    if let Some(keyword) = paging::text("keyword", filter.keyword.as_deref())? {
        query = query.filter(
            Condition::any()
                .add(paging::contains(sms_template::Column::Code, keyword))
                .add(paging::contains(sms_template::Column::Name, keyword)),
        );
    }
    if let Some(enabled) = filter.enabled {
        query = query.filter(sms_template::Column::Enabled.eq(enabled));
    }
    Ok(query)
}

const SORTS: &[(&str, sms_template::Column)] = &[
    ("id", sms_template::Column::Id),
    ("code", sms_template::Column::Code),
    ("updatedAt", sms_template::Column::UpdatedAt),
];

impl Beehive {
    pub async fn template_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &TemplateFilter,
    ) -> Result<Page<TemplateRow>> {
        me.require(PAGE)?;
        let paging = request.check(SORTS, (sms_template::Column::Id, Order::Asc))?;
        let query = paging.order(filtered(filter)?, sms_template::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        Ok(paging.page_of(rows, total))
    }

    /// Exports the templates matching the filters, in the list's sort.
    pub async fn export_templates(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &TemplateFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(SORTS, (sms_template::Column::Id, Order::Asc))?;
        let query = paging.order(filtered(filter)?, sms_template::Column::Id);
        self.export_list(me, client, "sms_template", query).await
    }

    pub async fn create_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: TemplateInput,
    ) -> Result<i64> {
        me.require(PAGE)?;
        let code = check_code(&input.code)?;
        let (name, content, provider_id) = check_input(&input)?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let created = sms_template::ActiveModel {
            code: Set(code.clone()),
            name: Set(name.clone()),
            content: Set(content),
            provider_template_id: Set(provider_id.clone()),
            enabled: Set(input.enabled),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(|e| conflict_on_unique(e, "模板编码已存在"))?;
        log_change(&txn, me, client, "sms_template.create", "sms_template", Some(created.id), serde_json::json!({ "code": code, "name": name, "providerTemplateId": provider_id, "enabled": input.enabled }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: TemplateInput,
    ) -> Result<()> {
        me.require(PAGE)?;
        let (name, content, provider_id) = check_input(&input)?;
        let txn = store::begin_write(&self.db).await?;
        let row = sms_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        if row.code == LOGIN_CODE {
            let has_code = placeholder::names(&content, SMS_PLACEHOLDERS)
                .is_ok_and(|names| names.iter().any(|n| n == "code"));
            if !has_code {
                return Err(Error::invalid(
                    "content",
                    format!("登录验证码模板须包含占位符 {}", "{{code}}"),
                ));
            }
        }
        let mut changed = Vec::new();
        if row.name != name {
            changed.push("name");
        }
        if row.content != content {
            changed.push("content");
        }
        if row.provider_template_id != provider_id {
            changed.push("providerTemplateId");
        }
        if row.enabled != input.enabled {
            changed.push("enabled");
        }
        let code = row.code.clone();
        let version = row.version;
        let mut active: sms_template::ActiveModel = row.into();
        active.name = Set(name);
        active.content = Set(content);
        active.provider_template_id = Set(provider_id);
        active.enabled = Set(input.enabled);
        active.updated_at = Set(self.clock.now());
        active.updated_by = Set(Some(me.user_id));
        active.version = Set(version + 1);
        active.update(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "sms_template.update",
            "sms_template",
            Some(id),
            serde_json::json!({ "code": code, "changed": changed }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    pub async fn delete_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(PAGE)?;
        let txn = store::begin_write(&self.db).await?;
        let row = sms_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        if row.code == LOGIN_CODE {
            return Err(Error::Conflict(
                "登录验证码模板由系统使用，不能删除".to_owned(),
            ));
        }
        sms_template::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "sms_template.delete",
            "sms_template",
            Some(id),
            serde_json::json!({ "code": row.code, "name": row.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Sends template `id` to `mobile` with `params` through the configured provider.
    pub async fn test_send_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        mobile: &str,
        params: &BTreeMap<String, String>,
    ) -> Result<TestSent> {
        me.require(PAGE)?;
        let mobile = mobile.trim();
        if !is_mobile(mobile) {
            return Err(Error::invalid("mobile", "请输入正确的手机号"));
        }
        let row = sms_template::Entity::find_by_id(id)
            .one(&self.db)
            .await?
            .ok_or_else(not_found)?;
        if !row.enabled {
            return Err(Error::Conflict("模板已停用，启用后才能发送".to_owned()));
        }
        let names = placeholder::names(&row.content, SMS_PLACEHOLDERS)
            .or_invalid_as("content", "模板内容的")?;
        let mut values = BTreeMap::new();
        for name in names {
            let value = params.get(&name).map(|v| v.trim()).unwrap_or_default();
            if value.is_empty() {
                return Err(Error::invalid(
                    &format!("params.{name}"),
                    format!("请填写参数 {name}"),
                ));
            }
            if value.chars().count() > 64 {
                return Err(Error::invalid(
                    &format!("params.{name}"),
                    format!("参数 {name} 不能超过 64 个字符"),
                ));
            }
            values.insert(name, value.to_owned());
        }
        let outcome = self.sms.send_template(mobile, &row.code, &values).await?;
        log_change(
            &self.db,
            me,
            client,
            "sms_template.test_send",
            "sms_template",
            Some(id),
            serde_json::json!({
                "code": row.code,
                "mobile": domain::mask::mobile(mobile),
                "success": outcome.is_ok(),
            }),
            self.clock.now(),
        )
        .await?;
        Ok(match outcome {
            Ok(()) => TestSent {
                success: true,
                message: String::new(),
            },
            Err(message) => TestSent {
                success: false,
                message,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert!(check_code("LOGIN_CODE").is_ok());
        assert!(check_code("A1").is_ok());
        assert!(check_code("A").is_err());
        assert!(check_code("login").is_err());
        assert!(check_code("1ABC").is_err());
        assert!(check_code(&format!("A{}", "B".repeat(64))).is_err());
    }
}
