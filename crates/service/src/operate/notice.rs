//! 通知模板: notices for customers. Content uses `{{placeholder}}`s, the syntax of SMS and
//! contract templates (domain::placeholder), with dotted names for customer data:
//! `{{customer.name}}` and `{{customer.customerNo}}` are filled per customer when sending; any
//! other placeholder (`{{dueDate}}`) is a value the sender types in. An SMS notice is delivered
//! through a linked SMS template (短信模板配置) whose placeholders are all provided by the
//! notice: a customer variable by its name with `_` for `.` (`{{customer_name}}`), a value by
//! its own name.

use crate::audit::log_change;
use crate::error::conflict_on_unique;
use crate::error::{FieldChecks, OrInvalid};
use crate::export::{Cell, ExportColumn, Exportable, Exported};
use crate::interface::templates::{SMS_PLACEHOLDERS, check_code};
use crate::paging::{self, Page, PageRequest};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use domain::placeholder::{self, NameRule};
use domain::text;
use store::entity::{notice_batch, notice_template, sms_template};
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, EntityTrait, Order, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Select, Set,
};

use domain::permission::codes::NOTICE_TEMPLATE_CREATE as CREATE;
use domain::permission::codes::NOTICE_TEMPLATE_DELETE as DELETE;
use domain::permission::codes::NOTICE_TEMPLATE_EXPORT as EXPORT;
use domain::permission::codes::NOTICE_TEMPLATE_TABLE as TABLE;
use domain::permission::codes::NOTICE_TEMPLATE_UPDATE as UPDATE;

pub const SMS: &str = "SMS";
pub const IN_APP: &str = "IN_APP";

/// The customer variables a notice may use (name, Chinese label).
pub const CUSTOMER_VARIABLES: &[(&str, &str)] = &[
    ("customer.name", "客户姓名/名称"),
    ("customer.customerNo", "客户编号"),
];

/// A notice template row with its linked SMS template's code and name.
#[derive(Debug, Clone)]
pub struct NoticeTemplateRow {
    pub template: notice_template::Model,
    pub sms_template_code: Option<String>,
    pub sms_template_name: Option<String>,
    /// The values a sender types in (placeholders that are not customer variables).
    pub params: Vec<String>,
    /// Whether a notice batch was sent with it (then it cannot be deleted, only disabled).
    pub sent: bool,
}

#[derive(Debug, Clone, Default)]
pub struct NoticeTemplateFilter {
    /// Contained in the code or the name.
    pub keyword: Option<String>,
    pub channel: Option<String>,
    pub enabled: Option<bool>,
}

/// What create and update take (`code` is ignored by update: it never changes).
#[derive(Debug, Clone, Default)]
pub struct NoticeTemplateInput {
    pub code: String,
    pub name: String,
    pub channel: String,
    pub content: String,
    pub sms_template_id: Option<i64>,
    pub enabled: bool,
}

impl Exportable for notice_template::Model {
    const SHEET: &'static str = "通知模板";
    fn columns() -> Vec<ExportColumn<Self>> {
        vec![
            ExportColumn {
                header: "模板编码",
                width: 18.0,
                value: |r| Cell::from(r.code.as_str()),
            },
            ExportColumn {
                header: "模板名称",
                width: 20.0,
                value: |r| Cell::from(r.name.as_str()),
            },
            ExportColumn {
                header: "渠道",
                width: 10.0,
                value: |r| Cell::from(channel_name(&r.channel)),
            },
            ExportColumn {
                header: "通知内容",
                width: 50.0,
                value: |r| Cell::from(r.content.as_str()),
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

pub(crate) fn channel_name(channel: &str) -> &str {
    match channel {
        SMS => "短信",
        IN_APP => "站内信",
        other => other,
    }
}

/// The placeholder names notice templates take: `{{name}}` or dotted, `{{customer.name}}`.
pub const NOTICE_PLACEHOLDERS: NameRule = NameRule::Dotted;

/// The placeholders of a notice content split into customer variables and typed-in values;
/// an unknown `customer.` variable → 400 naming it.
pub fn split_placeholders(content: &str) -> Result<(Vec<String>, Vec<String>)> {
    let names =
        placeholder::names(content, NOTICE_PLACEHOLDERS).or_invalid_as("content", "模板内容的")?;
    let mut customer = Vec::new();
    let mut params = Vec::new();
    for name in names {
        if CUSTOMER_VARIABLES.iter().any(|(n, _)| *n == name) {
            customer.push(name);
        } else if name.contains('.') {
            return Err(Error::invalid(
                "content",
                format!(
                    "未知变量：{{{{{name}}}}}，可用的客户变量为 {{{{customer.name}}}}、{{{{customer.customerNo}}}}"
                ),
            ));
        } else {
            params.push(name);
        }
    }
    Ok((customer, params))
}

/// The SMS placeholder that carries notice placeholder `name`.
pub(crate) fn sms_name(name: &str) -> String {
    name.replace('.', "_")
}

/// Whether a notice content (its customer variables and typed-in values) fills every
/// placeholder of the SMS template it is sent with.
fn sms_covered(sms: &sms_template::Model, customer: &[String], params: &[String]) -> Result<()> {
    let provided: Vec<String> = customer
        .iter()
        .chain(params.iter())
        .map(|n| sms_name(n))
        .collect();
    let needed = placeholder::names(&sms.content, SMS_PLACEHOLDERS)
        .or_invalid_as("smsTemplateId", "短信模板内容的")?;
    if let Some(missing) = needed.iter().find(|n| !provided.contains(n)) {
        return Err(Error::invalid(
            "smsTemplateId",
            format!(
                "短信模板 {} 的占位符 {{{{{missing}}}}} 在通知内容中没有对应的变量",
                sms.code
            ),
        ));
    }
    Ok(())
}

fn not_found() -> Error {
    Error::NotFound("通知模板不存在".to_owned())
}

struct Checked {
    name: String,
    channel: String,
    content: String,
    sms_template_id: Option<i64>,
}

impl Beehive {
    async fn check_notice_input(&self, input: &NoticeTemplateInput) -> Result<Checked> {
        // Every field's mistake in one answer.
        let mut c = FieldChecks::default();
        let name = c.check(text::required(&input.name, 64).or_invalid_as("name", "模板名称"))?;
        let channel = input.channel.trim();
        if channel != SMS && channel != IN_APP {
            c.fail("channel", "请选择发送渠道：短信或站内信");
        }
        let content =
            c.check(text::required(&input.content, 1000).or_invalid_as("content", "通知内容"))?;
        let placeholders = match &content {
            Some(content) => c.check(split_placeholders(content))?,
            None => None,
        };
        let sms_template_id = if channel == SMS {
            match input.sms_template_id {
                None => {
                    c.fail("smsTemplateId", "短信通知须选择短信模板");
                    None
                }
                Some(id) => match sms_template::Entity::find_by_id(id).one(&self.db).await? {
                    None => {
                        c.fail("smsTemplateId", "短信模板不存在");
                        None
                    }
                    // The SMS template's placeholders are compared with a readable content only.
                    Some(sms) => match &placeholders {
                        None => None,
                        Some((customer, params)) => {
                            c.check(sms_covered(&sms, customer, params))?.map(|()| id)
                        }
                    },
                },
            }
        } else {
            None
        };
        let Some(name) = name else {
            return Err(c.into_error());
        };
        let Some(content) = content else {
            return Err(c.into_error());
        };
        c.finish()?;
        Ok(Checked {
            name,
            channel: channel.to_owned(),
            content,
            sms_template_id,
        })
    }

    fn notice_filtered(filter: &NoticeTemplateFilter) -> Result<Select<notice_template::Entity>> {
        let mut query = notice_template::Entity::find();
        if let Some(keyword) = paging::text("keyword", filter.keyword.as_deref())? {
            query = query.filter(
                Condition::any()
                    .add(paging::contains(notice_template::Column::Code, keyword))
                    .add(paging::contains(notice_template::Column::Name, keyword)),
            );
        }
        match paging::text("channel", filter.channel.as_deref())? {
            None => {}
            Some(c @ (SMS | IN_APP)) => {
                query = query.filter(notice_template::Column::Channel.eq(c));
            }
            Some(_) => return Err(Error::invalid("channel", "渠道只能是 SMS 或 IN_APP")),
        }
        if let Some(enabled) = filter.enabled {
            query = query.filter(notice_template::Column::Enabled.eq(enabled));
        }
        Ok(query)
    }

    pub async fn notice_template_page(
        &self,
        me: &Principal,
        request: &PageRequest,
        filter: &NoticeTemplateFilter,
    ) -> Result<Page<NoticeTemplateRow>> {
        me.require(TABLE)?;
        let paging = request.check(NOTICE_SORTS, (notice_template::Column::Id, Order::Desc))?;
        let query = paging.order(Self::notice_filtered(filter)?, notice_template::Column::Id);
        let (rows, total) = paging.fetch(&self.db, query).await?;
        let records = self.notice_rows(rows).await?;
        Ok(paging.page_of(records, total))
    }

    async fn notice_rows(
        &self,
        rows: Vec<notice_template::Model>,
    ) -> Result<Vec<NoticeTemplateRow>> {
        let ids: Vec<i64> = rows.iter().filter_map(|r| r.sms_template_id).collect();
        let sms: std::collections::HashMap<i64, sms_template::Model> = if ids.is_empty() {
            Default::default()
        } else {
            sms_template::Entity::find()
                .filter(sms_template::Column::Id.is_in(ids))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|t| (t.id, t))
                .collect()
        };
        let template_ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
        let sent: std::collections::HashSet<i64> = if template_ids.is_empty() {
            Default::default()
        } else {
            notice_batch::Entity::find()
                .select_only()
                .column(notice_batch::Column::NoticeTemplateId)
                .distinct()
                .filter(notice_batch::Column::NoticeTemplateId.is_in(template_ids))
                .into_tuple::<i64>()
                .all(&self.db)
                .await?
                .into_iter()
                .collect()
        };
        Ok(rows
            .into_iter()
            .map(|template| {
                let linked = template.sms_template_id.and_then(|id| sms.get(&id));
                let params = split_placeholders(&template.content)
                    .map(|(_, p)| p)
                    .unwrap_or_default();
                NoticeTemplateRow {
                    sent: sent.contains(&template.id),
                    sms_template_code: linked.map(|t| t.code.clone()),
                    sms_template_name: linked.map(|t| t.name.clone()),
                    params,
                    template,
                }
            })
            .collect())
    }

    /// Every enabled notice template (the send dialog's select).
    pub async fn notice_template_options(&self, me: &Principal) -> Result<Vec<NoticeTemplateRow>> {
        me.require(domain::permission::codes::NOTICE_SEND_TABLE)?;
        let rows = notice_template::Entity::find()
            .filter(notice_template::Column::Enabled.eq(true))
            .order_by_asc(notice_template::Column::Code)
            .all(&self.db)
            .await?;
        self.notice_rows(rows).await
    }

    /// The SMS templates a notice can be linked to (id, code, name, content).
    pub async fn notice_sms_options(&self, me: &Principal) -> Result<Vec<sms_template::Model>> {
        me.require(TABLE)?;
        Ok(sms_template::Entity::find()
            .order_by_asc(sms_template::Column::Code)
            .all(&self.db)
            .await?)
    }

    pub async fn export_notice_templates(
        &self,
        me: &Principal,
        client: &ClientInfo,
        request: &PageRequest,
        filter: &NoticeTemplateFilter,
    ) -> Result<Exported> {
        me.require(EXPORT)?;
        let paging = request.check(NOTICE_SORTS, (notice_template::Column::Id, Order::Desc))?;
        let query = paging.order(Self::notice_filtered(filter)?, notice_template::Column::Id);
        self.export_list(me, client, "notice_template", query).await
    }

    pub async fn create_notice_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: NoticeTemplateInput,
    ) -> Result<i64> {
        me.require(CREATE)?;
        let code = check_code(&input.code)?;
        let checked = self.check_notice_input(&input).await?;
        let now = self.clock.now();
        let txn = store::begin_write(&self.db).await?;
        let created = notice_template::ActiveModel {
            code: Set(code.clone()),
            name: Set(checked.name.clone()),
            channel: Set(checked.channel.clone()),
            content: Set(checked.content),
            sms_template_id: Set(checked.sms_template_id),
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
        log_change(&txn, me, client, "notice_template.create", "notice_template", Some(created.id), serde_json::json!({ "code": code, "name": checked.name, "channel": checked.channel, "enabled": input.enabled }), self.clock.now())
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    pub async fn update_notice_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: NoticeTemplateInput,
    ) -> Result<()> {
        me.require(UPDATE)?;
        let checked = self.check_notice_input(&input).await?;
        let txn = store::begin_write(&self.db).await?;
        let row = notice_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let mut changed = Vec::new();
        if row.name != checked.name {
            changed.push("name");
        }
        if row.channel != checked.channel {
            changed.push("channel");
        }
        if row.content != checked.content {
            changed.push("content");
        }
        if row.sms_template_id != checked.sms_template_id {
            changed.push("smsTemplateId");
        }
        if row.enabled != input.enabled {
            changed.push("enabled");
        }
        let code = row.code.clone();
        let version = row.version;
        let mut active: notice_template::ActiveModel = row.into();
        active.name = Set(checked.name);
        active.channel = Set(checked.channel);
        active.content = Set(checked.content);
        active.sms_template_id = Set(checked.sms_template_id);
        active.enabled = Set(input.enabled);
        active.updated_at = Set(self.clock.now());
        active.updated_by = Set(Some(me.user_id));
        active.version = Set(version + 1);
        active.update(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "notice_template.update",
            "notice_template",
            Some(id),
            serde_json::json!({ "code": code, "changed": changed }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a template that was never sent (a sent one is kept for its batches: disable it).
    pub async fn delete_notice_template(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
    ) -> Result<()> {
        me.require(DELETE)?;
        let txn = store::begin_write(&self.db).await?;
        let row = notice_template::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or_else(not_found)?;
        let used = notice_batch::Entity::find()
            .filter(notice_batch::Column::NoticeTemplateId.eq(id))
            .count(&txn)
            .await?;
        if used > 0 {
            return Err(Error::Conflict(
                "该模板已有发送记录，不能删除，可停用".to_owned(),
            ));
        }
        notice_template::Entity::delete_by_id(id).exec(&txn).await?;
        log_change(
            &txn,
            me,
            client,
            "notice_template.delete",
            "notice_template",
            Some(id),
            serde_json::json!({ "code": row.code, "name": row.name }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}

const NOTICE_SORTS: &[(&str, notice_template::Column)] = &[
    ("id", notice_template::Column::Id),
    ("code", notice_template::Column::Code),
    ("updatedAt", notice_template::Column::UpdatedAt),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_customer_variables_from_values() {
        let (customer, params) = split_placeholders(
            "尊敬的{{customer.name}}，您第{{term}}期{{amount}}元将于{{ dueDate }}到期",
        )
        .unwrap_or_default();
        assert_eq!(customer, vec!["customer.name".to_owned()]);
        assert_eq!(params, vec!["term", "amount", "dueDate"]);
        assert!(split_placeholders("{{customer.age}}").is_err());
        assert!(split_placeholders("{{order.no}}").is_err());
        // The syntax before m0027 is refused, saying how to write it now.
        assert!(split_placeholders("尊敬的{customer.name}").is_err());
        assert_eq!(sms_name("customer.name"), "customer_name");
    }
}
