//! The permission catalogue: every permission string the product knows.
//!
//! Page permissions are the strings of spec §2.3 and §6; button permissions follow
//! DOMAIN.md Decision 11 (`admin:<area>:<action>` in the area of the button's page).
//! Roles hold sets of these strings; a user's authorities are the union of its roles'.

use serde::Serialize;

/// The menu section a permission belongs to (the first level of the sidebar).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "camelCase")]
pub enum Section {
    Workbench,
    CompanyRepayment,
    Business,
    CapitalOrder,
    CapitalAccount,
    Repayment,
    Fund,
    Operate,
    Content,
    Partner,
    System,
}

impl Section {
    pub const ALL: [Section; 11] = [
        Section::Workbench,
        Section::CompanyRepayment,
        Section::Business,
        Section::CapitalOrder,
        Section::CapitalAccount,
        Section::Repayment,
        Section::Fund,
        Section::Operate,
        Section::Content,
        Section::Partner,
        Section::System,
    ];

    /// The section's route word, as in the route table (`/business`, `/systemManagement`, ...).
    pub fn key(self) -> &'static str {
        match self {
            Section::Workbench => "workbench",
            Section::CompanyRepayment => "companyRepayment",
            Section::Business => "business",
            Section::CapitalOrder => "capitalOrder",
            Section::CapitalAccount => "capitalAccount",
            Section::Repayment => "repayment",
            Section::Fund => "fund",
            Section::Operate => "operate",
            Section::Content => "content",
            Section::Partner => "partner",
            Section::System => "systemManagement",
        }
    }

    pub fn label_zh(self) -> &'static str {
        match self {
            Section::Workbench => "工作台",
            Section::CompanyRepayment => "公司付款管理",
            Section::Business => "业务管理",
            Section::CapitalOrder => "资金方订单",
            Section::CapitalAccount => "资金管理",
            Section::Repayment => "还款统计",
            Section::Fund => "财务管理",
            Section::Operate => "运营管理",
            Section::Content => "内容管理",
            Section::Partner => "合作方管理",
            Section::System => "系统管理",
        }
    }

    pub fn label_en(self) -> &'static str {
        match self {
            Section::Workbench => "Workbench",
            Section::CompanyRepayment => "Company payment management",
            Section::Business => "Business management",
            Section::CapitalOrder => "Capital-provider orders",
            Section::CapitalAccount => "Capital management",
            Section::Repayment => "Repayment statistics",
            Section::Fund => "Finance management",
            Section::Operate => "Operations management",
            Section::Content => "Content management",
            Section::Partner => "Partner management",
            Section::System => "System management",
        }
    }
}

/// Whether a permission opens a screen or a button on a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Page,
    Button,
}

/// Which kind of account may hold the permission.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Audience {
    Admin,
    Capital,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Permission {
    pub code: &'static str,
    pub section: Section,
    pub kind: Kind,
    pub label_zh: &'static str,
    pub label_en: &'static str,
}

impl Permission {
    pub fn audience(&self) -> Audience {
        if self.code.starts_with("capital:") {
            Audience::Capital
        } else {
            Audience::Admin
        }
    }
}

/// The single permission of every capital-provider user (spec §6).
pub const CAPITAL_ORDER_TABLE: &str = "capital:order:table";

const fn page(
    code: &'static str,
    section: Section,
    label_zh: &'static str,
    label_en: &'static str,
) -> Permission {
    Permission {
        code,
        section,
        kind: Kind::Page,
        label_zh,
        label_en,
    }
}

const fn button(
    code: &'static str,
    section: Section,
    label_zh: &'static str,
    label_en: &'static str,
) -> Permission {
    Permission {
        code,
        section,
        kind: Kind::Button,
        label_zh,
        label_en,
    }
}

use Section as S;

/// Every permission of the product, in menu order.
pub static CATALOGUE: &[Permission] = &[
    // Workbench (spec §2.3, root /)
    page(
        "admin:statistics:wait",
        S::Workbench,
        "待办事项",
        "To-do items",
    ),
    page(
        "admin:statistics:capital_company",
        S::Workbench,
        "资金方统计",
        "Statistics by capital provider",
    ),
    page(
        "admin:statistics:amount",
        S::Workbench,
        "资金统计",
        "Funds statistics",
    ),
    page(
        "admin:statistics:not_pass",
        S::Workbench,
        "拒单记录",
        "Rejected-order records",
    ),
    page(
        "admin:statistics:order",
        S::Workbench,
        "订单统计汇总表",
        "Order statistics summary table",
    ),
    page(
        CAPITAL_ORDER_TABLE,
        S::CapitalOrder,
        "资金方业务",
        "Capital-provider business",
    ),
    // Company payment management
    page(
        "admin:order_premium:table",
        S::CompanyRepayment,
        "保费管理",
        "Premium management",
    ),
    button(
        "admin:order_premium:create",
        S::CompanyRepayment,
        "发起保费支付",
        "Create premium payment",
    ),
    button(
        "admin:order_premium:pay",
        S::CompanyRepayment,
        "确认保费已支付",
        "Confirm premium paid",
    ),
    // Business management
    page(
        "admin:assignment_queue:table",
        S::Business,
        "分配队列",
        "Allocation queue",
    ),
    button(
        "admin:assignment_queue:allocate",
        S::Business,
        "分配资金方",
        "Allocate to a capital provider",
    ),
    page(
        "admin:order_apply:table",
        S::Business,
        "订单申请列表",
        "Order application list",
    ),
    button(
        "admin:order_apply:create",
        S::Business,
        "提交申请",
        "Submit application",
    ),
    page("admin:order_info:table", S::Business, "订单管理", "Orders"),
    button(
        "admin:order_info:edit",
        S::Business,
        "进件编辑",
        "Edit intake",
    ),
    button(
        "admin:order_info:submit",
        S::Business,
        "提交审核",
        "Submit for review",
    ),
    button(
        "admin:order_info:review",
        S::Business,
        "进件审核",
        "Review intake",
    ),
    button(
        "admin:order_info:declaration",
        S::Business,
        "确认车主声明及授权",
        "Confirm owner declaration",
    ),
    button(
        "admin:order_info:insure",
        S::Business,
        "投保确认",
        "Confirm insurance",
    ),
    button(
        "admin:order_info:contract",
        S::Business,
        "确认合同签署",
        "Confirm contract",
    ),
    button(
        "admin:order_info:down_payment",
        S::Business,
        "确认首付款",
        "Confirm down payment",
    ),
    button(
        "admin:order_info:disburse",
        S::Business,
        "确认放款",
        "Confirm disbursement",
    ),
    button(
        "admin:order_info:disburse_reverse",
        S::Business,
        "放款冲正",
        "Reverse disbursement",
    ),
    button(
        "admin:order_info:policy",
        S::Business,
        "上传电子保单",
        "Upload e-policy",
    ),
    button(
        "admin:order_info:cancel",
        S::Business,
        "取消订单",
        "Cancel order",
    ),
    button(
        "admin:order_info:file_examine",
        S::Business,
        "审核订单资料申请",
        "Examine order file applications",
    ),
    page(
        "admin:order_plan:table",
        S::Business,
        "逾期还款管理",
        "Overdue repayment management",
    ),
    button(
        "admin:order_plan:write_off",
        S::Business,
        "核销",
        "Write off",
    ),
    button(
        "admin:order_plan:reverse",
        S::Business,
        "还款冲正",
        "Reverse repayment",
    ),
    page(
        "admin:order_plan_reduction:table",
        S::Business,
        "减免申请",
        "Reduction/waiver applications",
    ),
    button(
        "admin:order_plan_reduction:create",
        S::Business,
        "发起减免申请",
        "Create waiver application",
    ),
    button(
        "admin:order_plan_reduction:approve",
        S::Business,
        "审批减免申请",
        "Approve waiver application",
    ),
    page(
        "admin:order_plan_recover:table",
        S::Business,
        "追偿申请",
        "Recovery applications",
    ),
    button(
        "admin:order_plan_recover:create",
        S::Business,
        "发起追偿申请",
        "Create recovery application",
    ),
    button(
        "admin:order_plan_recover:approve",
        S::Business,
        "审批追偿申请",
        "Approve recovery application",
    ),
    page(
        "admin:order_refund:table",
        S::Business,
        "退保申请",
        "Surrender (refund) applications",
    ),
    button(
        "admin:order_refund:approve",
        S::Business,
        "审批退保申请",
        "Approve surrender",
    ),
    button(
        "admin:order_refund:settle",
        S::Business,
        "退保款确认并冲账",
        "Settle surrender refund",
    ),
    page(
        "admin:order_plan_overdue:table",
        S::Business,
        "逾期挂账列表",
        "Overdue booked-account list",
    ),
    // Repayment statistics
    page(
        "admin:statistics:plan",
        S::Repayment,
        "还款统计",
        "Repayment statistics",
    ),
    // Finance management
    page(
        "admin:capital_Log:table",
        S::Fund,
        "财务管理",
        "Finance management",
    ),
    // Operations management
    page("admin:customer:table", S::Operate, "客户管理", "Customers"),
    button(
        "admin:customer:create",
        S::Operate,
        "新增客户",
        "Create customer",
    ),
    button(
        "admin:customer:update",
        S::Operate,
        "修改客户",
        "Edit customer",
    ),
    button(
        "admin:customer:reveal",
        S::Operate,
        "查看客户完整证件号、手机号、银行卡号",
        "Show a customer's full ID, mobile and bank card",
    ),
    button(
        "admin:customer:password",
        S::Operate,
        "设置客户登录密码",
        "Set a customer's app password",
    ),
    button(
        "admin:customer:export",
        S::Operate,
        "导出客户",
        "Export customers",
    ),
    button(
        "admin:customer:vehicle",
        S::Operate,
        "维护客户车辆",
        "Add, edit and delete vehicles",
    ),
    button(
        "admin:customer:file_upload",
        S::Operate,
        "上传客户资料",
        "Upload customer files",
    ),
    button(
        "admin:customer:file_delete",
        S::Operate,
        "删除客户资料",
        "Delete customer files",
    ),
    page(
        "admin:template_contract:table",
        S::Operate,
        "合同管理",
        "Contract management",
    ),
    page(
        "admin:notice_template:table",
        S::Operate,
        "通知模板",
        "Notice templates",
    ),
    page(
        "admin:notice_send:table",
        S::Operate,
        "通知管理",
        "Notice management",
    ),
    button(
        "admin:template_contract:create",
        S::Operate,
        "新增合同模板",
        "Create contract templates",
    ),
    button(
        "admin:template_contract:update",
        S::Operate,
        "编辑合同模板",
        "Edit contract templates",
    ),
    button(
        "admin:template_contract:activate",
        S::Operate,
        "启用/停用合同模板",
        "Activate or retire contract templates",
    ),
    button(
        "admin:template_contract:export",
        S::Operate,
        "导出合同模板",
        "Export contract templates",
    ),
    button(
        "admin:notice_template:create",
        S::Operate,
        "新增通知模板",
        "Create notice templates",
    ),
    button(
        "admin:notice_template:update",
        S::Operate,
        "编辑通知模板",
        "Edit notice templates",
    ),
    button(
        "admin:notice_template:delete",
        S::Operate,
        "删除通知模板",
        "Delete notice templates",
    ),
    button(
        "admin:notice_template:export",
        S::Operate,
        "导出通知模板",
        "Export notice templates",
    ),
    button(
        "admin:notice_send:create",
        S::Operate,
        "发送通知",
        "Send notices",
    ),
    button(
        "admin:notice_send:retry",
        S::Operate,
        "重发失败通知",
        "Retry failed notices",
    ),
    button(
        "admin:notice_send:export",
        S::Operate,
        "导出通知记录",
        "Export notice batches",
    ),
    // Content management
    page(
        "admin:banner:table",
        S::Content,
        "广告管理",
        "Advertisement management",
    ),
    button(
        "admin:banner:create",
        S::Content,
        "新增广告",
        "Create banner",
    ),
    button("admin:banner:update", S::Content, "修改广告", "Edit banner"),
    button(
        "admin:banner:delete",
        S::Content,
        "删除广告",
        "Delete banner",
    ),
    page(
        "admin:article_type:table",
        S::Content,
        "文章管理",
        "Article management",
    ),
    button(
        "admin:article_type:category",
        S::Content,
        "管理文章分类",
        "Manage article categories",
    ),
    button(
        "admin:article_type:create",
        S::Content,
        "新增文章",
        "Create article",
    ),
    button(
        "admin:article_type:update",
        S::Content,
        "修改文章",
        "Edit article",
    ),
    button(
        "admin:article_type:publish",
        S::Content,
        "发布/下架文章",
        "Publish or unpublish articles",
    ),
    button(
        "admin:article_type:delete",
        S::Content,
        "删除文章",
        "Delete article",
    ),
    page(
        "admin:dictionary:table",
        S::Content,
        "数据字典",
        "Data dictionary",
    ),
    button(
        "admin:dictionary:create",
        S::Content,
        "新增字典",
        "Create dictionary entries",
    ),
    button(
        "admin:dictionary:update",
        S::Content,
        "修改字典",
        "Edit dictionary entries",
    ),
    button(
        "admin:dictionary:delete",
        S::Content,
        "删除字典",
        "Delete dictionary entries",
    ),
    // Partner management
    page(
        "admin:insurance_company:table",
        S::Partner,
        "保险公司管理",
        "Insurance company management",
    ),
    button(
        "admin:insurance_company:create",
        S::Partner,
        "新增保险公司",
        "Create insurer",
    ),
    button(
        "admin:insurance_company:update",
        S::Partner,
        "修改保险公司",
        "Edit insurer",
    ),
    button(
        "admin:insurance_company:export",
        S::Partner,
        "导出保险公司",
        "Export insurers",
    ),
    page(
        "admin:capital_company:table",
        S::Partner,
        "资金方管理",
        "Capital provider management",
    ),
    button(
        "admin:capital_company:create",
        S::Partner,
        "新增资金方",
        "Create capital provider",
    ),
    button(
        "admin:capital_company:update",
        S::Partner,
        "修改资金方",
        "Edit capital provider",
    ),
    button(
        "admin:capital_company:status",
        S::Partner,
        "暂停/终止资金方合作",
        "Pause or terminate a capital provider",
    ),
    button(
        "admin:capital_company:export",
        S::Partner,
        "导出资金方",
        "Export capital providers",
    ),
    button(
        "admin:capital_company:account",
        S::Partner,
        "管理资金方银行账户",
        "Manage capital provider bank accounts",
    ),
    button(
        "admin:capital_company:user",
        S::Partner,
        "管理资金方用户",
        "Manage capital provider users",
    ),
    button(
        "admin:capital_company:reset_password",
        S::Partner,
        "重置资金方用户密码",
        "Reset capital provider user password",
    ),
    button(
        "admin:capital_company:sign_out",
        S::Partner,
        "强制资金方用户下线",
        "Sign out capital provider user",
    ),
    button(
        "admin:capital_company:signature",
        S::Partner,
        "审核资金方电子签章账户",
        "Verify capital provider e-signature account",
    ),
    // System management
    page(
        "admin:config:system",
        S::System,
        "系统设置",
        "System settings",
    ),
    page(
        "admin:config:security",
        S::System,
        "安全设置",
        "Security settings",
    ),
    page(
        "admin:config:order",
        S::System,
        "订单规则配置",
        "Order rule configuration",
    ),
    page(
        "admin:config:sms",
        S::System,
        "短信模板配置",
        "SMS template configuration",
    ),
    page(
        "admin:config:icl_interface",
        S::System,
        "短信/OCR接口配置",
        "SMS/OCR interface configuration",
    ),
    page(
        "admin:icl_interface:table",
        S::System,
        "短信/OCR使用记录",
        "SMS/OCR usage records",
    ),
    button(
        "admin:icl_interface:export",
        S::System,
        "导出短信/OCR使用记录",
        "Export SMS/OCR usage records",
    ),
    button(
        "admin:config:sms_export",
        S::System,
        "导出短信模板",
        "Export SMS templates",
    ),
    page(
        "admin:config:bestsign",
        S::System,
        "电子签章接口配置",
        "E-signature provider configuration",
    ),
    page(
        "admin:organization:table",
        S::System,
        "组织架构",
        "Organization structure",
    ),
    button(
        "admin:organization:create",
        S::System,
        "新增部门",
        "Create department",
    ),
    button(
        "admin:organization:update",
        S::System,
        "修改部门",
        "Edit department",
    ),
    button(
        "admin:organization:delete",
        S::System,
        "删除部门",
        "Delete department",
    ),
    page("admin:role:table", S::System, "角色管理", "Role management"),
    button("admin:role:create", S::System, "新增角色", "Create role"),
    button("admin:role:update", S::System, "修改角色", "Edit role"),
    button("admin:role:delete", S::System, "删除角色", "Delete role"),
    button("admin:role:export", S::System, "导出角色", "Export roles"),
    page("admin:user:table", S::System, "用户管理", "User management"),
    button(
        "admin:user:create",
        S::System,
        "新增用户",
        "Create administrator",
    ),
    button(
        "admin:user:update",
        S::System,
        "修改用户",
        "Edit administrator",
    ),
    button(
        "admin:user:reset_password",
        S::System,
        "重置密码",
        "Reset password",
    ),
    button(
        "admin:user:sign_out",
        S::System,
        "强制下线",
        "Sign out everywhere",
    ),
    button(
        "admin:user:export",
        S::System,
        "导出用户",
        "Export administrators",
    ),
    page("admin:logs:table", S::System, "日志管理", "Log management"),
    button("admin:logs:export", S::System, "导出日志", "Export logs"),
];

/// Looks a permission string up in the catalogue.
pub fn find(code: &str) -> Option<&'static Permission> {
    CATALOGUE.iter().find(|p| p.code == code)
}

/// Every `admin:` permission: what the super-administrator role holds.
pub fn admin_codes() -> impl Iterator<Item = &'static str> {
    CATALOGUE
        .iter()
        .filter(|p| p.audience() == Audience::Admin)
        .map(|p| p.code)
}

/// Whether a string has the form of a permission: `admin:<area>[:<action>]` or
/// `capital:<area>:<action>`, each part of ASCII letters, digits and underscores.
pub fn is_well_formed(code: &str) -> bool {
    let mut parts = code.split(':');
    let prefix_ok = matches!(parts.next(), Some("admin" | "capital"));
    let rest: Vec<&str> = parts.collect();
    prefix_ok
        && rest.len() == 2
        && rest.iter().all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// Every permission string of spec §2.3 and §6, copied from the specification.
    const SPEC_PERMISSIONS: &[&str] = &[
        "admin:statistics:wait",
        "admin:statistics:capital_company",
        "admin:statistics:amount",
        "admin:statistics:not_pass",
        "admin:statistics:order",
        "capital:order:table",
        "admin:order_premium:table",
        "admin:assignment_queue:table",
        "admin:order_apply:table",
        "admin:order_info:table",
        "admin:order_plan:table",
        "admin:order_plan_reduction:table",
        "admin:order_plan_recover:table",
        "admin:order_refund:table",
        "admin:order_plan_overdue:table",
        "admin:statistics:plan",
        "admin:capital_Log:table",
        "admin:customer:table",
        "admin:template_contract:table",
        "admin:notice_template:table",
        "admin:notice_send:table",
        "admin:banner:table",
        "admin:article_type:table",
        "admin:dictionary:table",
        "admin:insurance_company:table",
        "admin:capital_company:table",
        "admin:config:system",
        "admin:config:security",
        "admin:config:order",
        "admin:config:sms",
        "admin:config:icl_interface",
        "admin:icl_interface:table",
        "admin:config:bestsign",
        "admin:organization:table",
        "admin:role:table",
        "admin:user:table",
        "admin:logs:table",
    ];

    /// The button permissions of DOMAIN.md Decision 11.
    const DECISION_11_BUTTONS: &[&str] = &[
        "admin:order_apply:create",
        "admin:order_info:edit",
        "admin:order_info:submit",
        "admin:order_info:review",
        "admin:assignment_queue:allocate",
        "admin:order_info:declaration",
        "admin:order_info:insure",
        "admin:order_info:contract",
        "admin:order_info:down_payment",
        "admin:order_info:disburse",
        "admin:order_info:disburse_reverse",
        "admin:order_info:policy",
        "admin:order_info:cancel",
        "admin:order_refund:approve",
        "admin:order_refund:settle",
        "admin:order_plan:write_off",
        "admin:order_plan:reverse",
        "admin:order_plan_reduction:create",
        "admin:order_plan_reduction:approve",
        "admin:order_plan_recover:create",
        "admin:order_plan_recover:approve",
    ];

    /// The permission areas listed in spec §6.
    const SPEC_AREAS: &[&str] = &[
        "statistics",
        "order_info",
        "order_apply",
        "order_plan",
        "order_plan_reduction",
        "order_plan_recover",
        "order_plan_overdue",
        "order_refund",
        "order_premium",
        "assignment_queue",
        "capital_Log",
        "customer",
        "template_contract",
        "notice_template",
        "notice_send",
        "banner",
        "article_type",
        "dictionary",
        "insurance_company",
        "capital_company",
        "config",
        "organization",
        "role",
        "user",
        "logs",
        "icl_interface",
    ];

    #[test]
    fn every_spec_permission_is_in_the_catalogue_as_a_page() {
        for code in SPEC_PERMISSIONS {
            let found = find(code);
            assert!(found.is_some(), "{code} missing from the catalogue");
            assert_eq!(found.map(|p| p.kind), Some(Kind::Page), "{code} is a page");
        }
    }

    #[test]
    fn every_decision_11_button_is_in_the_catalogue_as_a_button() {
        for code in DECISION_11_BUTTONS {
            assert_eq!(
                find(code).map(|p| p.kind),
                Some(Kind::Button),
                "{code} must be a button permission"
            );
        }
    }

    #[test]
    fn catalogue_codes_are_unique_well_formed_and_labelled() {
        let mut seen = HashSet::new();
        for p in CATALOGUE {
            assert!(seen.insert(p.code), "{} listed twice", p.code);
            assert!(is_well_formed(p.code), "{} is not well formed", p.code);
            assert!(
                !p.label_zh.trim().is_empty(),
                "{} lacks a Chinese label",
                p.code
            );
            assert!(
                !p.label_en.trim().is_empty(),
                "{} lacks an English label",
                p.code
            );
            assert!(
                p.label_zh.chars().any(|c| c > '\u{2e80}'),
                "{}'s Chinese label is not Chinese",
                p.code
            );
        }
    }

    #[test]
    fn every_admin_area_is_one_of_the_spec_areas() {
        for p in CATALOGUE.iter().filter(|p| p.audience() == Audience::Admin) {
            let area = p.code.split(':').nth(1).unwrap_or_default();
            assert!(
                SPEC_AREAS.contains(&area),
                "{} uses an unknown area",
                p.code
            );
        }
    }

    #[test]
    fn buttons_share_an_area_with_a_page_of_their_section() {
        for b in CATALOGUE.iter().filter(|p| p.kind == Kind::Button) {
            let area = b.code.rsplit_once(':').map(|(a, _)| a).unwrap_or_default();
            assert!(
                CATALOGUE.iter().any(|p| p.kind == Kind::Page
                    && p.section == b.section
                    && p.code.starts_with(&format!("{area}:"))),
                "{} has no page in its area and section",
                b.code
            );
        }
    }

    #[test]
    fn super_administrator_gets_every_admin_permission_and_no_capital_one() {
        let admin: Vec<&str> = admin_codes().collect();
        assert!(admin.contains(&"admin:logs:table"));
        assert!(admin.contains(&"admin:order_info:disburse"));
        assert!(!admin.contains(&CAPITAL_ORDER_TABLE));
        assert_eq!(admin.len() + 1, CATALOGUE.len());
    }

    #[test]
    fn well_formedness_rejects_malformed_strings() {
        for bad in [
            "",
            "admin",
            "admin:",
            "admin:user",
            "admin::table",
            "admin:user:table:extra",
            "root:user:table",
            "admin:us er:table",
            "admin:user:ta-ble",
            "ADMIN:user:table",
        ] {
            assert!(!is_well_formed(bad), "{bad:?} accepted");
        }
        assert!(is_well_formed("admin:capital_Log:table"));
        assert!(is_well_formed("capital:order:table"));
    }

    #[test]
    fn every_section_has_a_permission_except_none() {
        for s in Section::ALL {
            assert!(!s.label_zh().is_empty() && !s.label_en().is_empty() && !s.key().is_empty());
        }
        for s in [S::Business, S::System, S::Operate, S::Content, S::Partner] {
            assert!(CATALOGUE.iter().any(|p| p.section == s), "{s:?} empty");
        }
    }
}
