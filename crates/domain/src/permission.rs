//! The permission catalogue: every permission string the product knows.
//!
//! Page permissions are the strings of the product specification and §6; button permissions follow
//! docs/business.md (`admin:<area>:<action>` in the area of the button's page).
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
            Section::CompanyRepayment => "公司缴费管理",
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
            Section::CompanyRepayment => "Company payments",
            Section::Business => "Business",
            Section::CapitalOrder => "Capital provider orders",
            Section::CapitalAccount => "Capital management",
            Section::Repayment => "Repayments",
            Section::Fund => "Finance",
            Section::Operate => "Operations",
            Section::Content => "Content",
            Section::Partner => "Partners",
            Section::System => "System",
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

/// The single permission of every capital-provider user (the product specification).
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
/// The name of `code`'s constant in [`codes`] (`admin:customer:table` → `CUSTOMER_TABLE`,
/// `capital:order:table` → `CAPITAL_ORDER_TABLE`), also used for the web's generated list.
pub fn constant_name(code: &str) -> String {
    let mut parts: Vec<&str> = code.split(':').collect();
    if parts.first() == Some(&"admin") {
        parts.remove(0);
    }
    parts.join("_").to_ascii_uppercase()
}

/// Every permission string of the catalogue as a constant: the service checks these, never a
/// string literal of its own, so a permission is spelled once.
pub mod codes {
    pub const STATISTICS_WAIT: &str = "admin:statistics:wait";
    pub const STATISTICS_CAPITAL_COMPANY: &str = "admin:statistics:capital_company";
    pub const STATISTICS_AMOUNT: &str = "admin:statistics:amount";
    pub const STATISTICS_NOT_PASS: &str = "admin:statistics:not_pass";
    pub const STATISTICS_ORDER: &str = "admin:statistics:order";
    pub const ORDER_PREMIUM_TABLE: &str = "admin:order_premium:table";
    pub const ORDER_PREMIUM_CREATE: &str = "admin:order_premium:create";
    pub const ORDER_PREMIUM_PAY: &str = "admin:order_premium:pay";
    pub const ASSIGNMENT_QUEUE_TABLE: &str = "admin:assignment_queue:table";
    pub const ASSIGNMENT_QUEUE_ALLOCATE: &str = "admin:assignment_queue:allocate";
    pub const ASSIGNMENT_QUEUE_EXPORT: &str = "admin:assignment_queue:export";
    pub const ORDER_APPLY_TABLE: &str = "admin:order_apply:table";
    pub const ORDER_APPLY_CREATE: &str = "admin:order_apply:create";
    pub const ORDER_APPLY_EXPORT: &str = "admin:order_apply:export";
    pub const ORDER_INFO_TABLE: &str = "admin:order_info:table";
    pub const ORDER_INFO_EXPORT: &str = "admin:order_info:export";
    pub const ORDER_INFO_EDIT: &str = "admin:order_info:edit";
    pub const ORDER_INFO_SUBMIT: &str = "admin:order_info:submit";
    pub const ORDER_INFO_REVIEW: &str = "admin:order_info:review";
    pub const ORDER_INFO_DECLARATION: &str = "admin:order_info:declaration";
    pub const ORDER_INFO_INSURE: &str = "admin:order_info:insure";
    pub const ORDER_INFO_CONTRACT: &str = "admin:order_info:contract";
    pub const ORDER_INFO_DOWN_PAYMENT: &str = "admin:order_info:down_payment";
    pub const ORDER_INFO_REPAY: &str = "admin:order_info:repay";
    pub const ORDER_INFO_DISBURSE: &str = "admin:order_info:disburse";
    pub const ORDER_INFO_DISBURSE_REVERSE: &str = "admin:order_info:disburse_reverse";
    pub const ORDER_INFO_POLICY: &str = "admin:order_info:policy";
    pub const ORDER_INFO_CANCEL: &str = "admin:order_info:cancel";
    pub const ORDER_INFO_FILE_EXAMINE: &str = "admin:order_info:file_examine";
    pub const ORDER_PLAN_TABLE: &str = "admin:order_plan:table";
    pub const ORDER_PLAN_WRITE_OFF: &str = "admin:order_plan:write_off";
    pub const ORDER_PLAN_REVERSE: &str = "admin:order_plan:reverse";
    pub const ORDER_PLAN_REDUCTION_TABLE: &str = "admin:order_plan_reduction:table";
    pub const ORDER_PLAN_REDUCTION_CREATE: &str = "admin:order_plan_reduction:create";
    pub const ORDER_PLAN_REDUCTION_APPROVE: &str = "admin:order_plan_reduction:approve";
    pub const ORDER_PLAN_RECOVER_TABLE: &str = "admin:order_plan_recover:table";
    pub const ORDER_PLAN_RECOVER_CREATE: &str = "admin:order_plan_recover:create";
    pub const ORDER_PLAN_RECOVER_APPROVE: &str = "admin:order_plan_recover:approve";
    pub const ORDER_REFUND_TABLE: &str = "admin:order_refund:table";
    pub const ORDER_REFUND_APPROVE: &str = "admin:order_refund:approve";
    pub const ORDER_REFUND_SETTLE: &str = "admin:order_refund:settle";
    pub const ORDER_PLAN_OVERDUE_TABLE: &str = "admin:order_plan_overdue:table";
    pub const STATISTICS_PLAN: &str = "admin:statistics:plan";
    pub const CAPITAL_LOG_TABLE: &str = "admin:capital_Log:table";
    pub const CUSTOMER_TABLE: &str = "admin:customer:table";
    pub const CUSTOMER_CREATE: &str = "admin:customer:create";
    pub const CUSTOMER_UPDATE: &str = "admin:customer:update";
    pub const CUSTOMER_REVEAL: &str = "admin:customer:reveal";
    pub const CUSTOMER_PASSWORD: &str = "admin:customer:password";
    pub const CUSTOMER_EXPORT: &str = "admin:customer:export";
    pub const CUSTOMER_VEHICLE: &str = "admin:customer:vehicle";
    pub const CUSTOMER_FILE_UPLOAD: &str = "admin:customer:file_upload";
    pub const CUSTOMER_FILE_DELETE: &str = "admin:customer:file_delete";
    pub const TEMPLATE_CONTRACT_TABLE: &str = "admin:template_contract:table";
    pub const NOTICE_TEMPLATE_TABLE: &str = "admin:notice_template:table";
    pub const NOTICE_SEND_TABLE: &str = "admin:notice_send:table";
    pub const TEMPLATE_CONTRACT_CREATE: &str = "admin:template_contract:create";
    pub const TEMPLATE_CONTRACT_UPDATE: &str = "admin:template_contract:update";
    pub const TEMPLATE_CONTRACT_ACTIVATE: &str = "admin:template_contract:activate";
    pub const TEMPLATE_CONTRACT_EXPORT: &str = "admin:template_contract:export";
    pub const NOTICE_TEMPLATE_CREATE: &str = "admin:notice_template:create";
    pub const NOTICE_TEMPLATE_UPDATE: &str = "admin:notice_template:update";
    pub const NOTICE_TEMPLATE_DELETE: &str = "admin:notice_template:delete";
    pub const NOTICE_TEMPLATE_EXPORT: &str = "admin:notice_template:export";
    pub const NOTICE_SEND_CREATE: &str = "admin:notice_send:create";
    pub const NOTICE_SEND_RETRY: &str = "admin:notice_send:retry";
    pub const NOTICE_SEND_EXPORT: &str = "admin:notice_send:export";
    pub const BANNER_TABLE: &str = "admin:banner:table";
    pub const BANNER_CREATE: &str = "admin:banner:create";
    pub const BANNER_UPDATE: &str = "admin:banner:update";
    pub const BANNER_DELETE: &str = "admin:banner:delete";
    pub const ARTICLE_TYPE_TABLE: &str = "admin:article_type:table";
    pub const ARTICLE_TYPE_CATEGORY: &str = "admin:article_type:category";
    pub const ARTICLE_TYPE_CREATE: &str = "admin:article_type:create";
    pub const ARTICLE_TYPE_UPDATE: &str = "admin:article_type:update";
    pub const ARTICLE_TYPE_PUBLISH: &str = "admin:article_type:publish";
    pub const ARTICLE_TYPE_DELETE: &str = "admin:article_type:delete";
    pub const DICTIONARY_TABLE: &str = "admin:dictionary:table";
    pub const DICTIONARY_CREATE: &str = "admin:dictionary:create";
    pub const DICTIONARY_UPDATE: &str = "admin:dictionary:update";
    pub const DICTIONARY_DELETE: &str = "admin:dictionary:delete";
    pub const INSURANCE_COMPANY_TABLE: &str = "admin:insurance_company:table";
    pub const INSURANCE_COMPANY_CREATE: &str = "admin:insurance_company:create";
    pub const INSURANCE_COMPANY_UPDATE: &str = "admin:insurance_company:update";
    pub const INSURANCE_COMPANY_EXPORT: &str = "admin:insurance_company:export";
    pub const CAPITAL_COMPANY_TABLE: &str = "admin:capital_company:table";
    pub const CAPITAL_COMPANY_CREATE: &str = "admin:capital_company:create";
    pub const CAPITAL_COMPANY_UPDATE: &str = "admin:capital_company:update";
    pub const CAPITAL_COMPANY_STATUS: &str = "admin:capital_company:status";
    pub const CAPITAL_COMPANY_EXPORT: &str = "admin:capital_company:export";
    pub const CAPITAL_COMPANY_ACCOUNT: &str = "admin:capital_company:account";
    pub const CAPITAL_COMPANY_USER: &str = "admin:capital_company:user";
    pub const CAPITAL_COMPANY_RESET_PASSWORD: &str = "admin:capital_company:reset_password";
    pub const CAPITAL_COMPANY_SIGN_OUT: &str = "admin:capital_company:sign_out";
    pub const CAPITAL_COMPANY_SIGNATURE: &str = "admin:capital_company:signature";
    pub const CONFIG_SYSTEM: &str = "admin:config:system";
    pub const CONFIG_SECURITY: &str = "admin:config:security";
    pub const CONFIG_ORDER: &str = "admin:config:order";
    pub const CONFIG_SMS: &str = "admin:config:sms";
    pub const CONFIG_ICL_INTERFACE: &str = "admin:config:icl_interface";
    pub const ICL_INTERFACE_TABLE: &str = "admin:icl_interface:table";
    pub const ICL_INTERFACE_EXPORT: &str = "admin:icl_interface:export";
    pub const CONFIG_SMS_EXPORT: &str = "admin:config:sms_export";
    pub const CONFIG_BESTSIGN: &str = "admin:config:bestsign";
    pub const ORGANIZATION_TABLE: &str = "admin:organization:table";
    pub const ORGANIZATION_CREATE: &str = "admin:organization:create";
    pub const ORGANIZATION_UPDATE: &str = "admin:organization:update";
    pub const ORGANIZATION_DELETE: &str = "admin:organization:delete";
    pub const ROLE_TABLE: &str = "admin:role:table";
    pub const ROLE_CREATE: &str = "admin:role:create";
    pub const ROLE_UPDATE: &str = "admin:role:update";
    pub const ROLE_DELETE: &str = "admin:role:delete";
    pub const ROLE_EXPORT: &str = "admin:role:export";
    pub const USER_TABLE: &str = "admin:user:table";
    pub const USER_CREATE: &str = "admin:user:create";
    pub const USER_UPDATE: &str = "admin:user:update";
    pub const USER_RESET_PASSWORD: &str = "admin:user:reset_password";
    pub const USER_SIGN_OUT: &str = "admin:user:sign_out";
    pub const USER_EXPORT: &str = "admin:user:export";
    pub const LOGS_TABLE: &str = "admin:logs:table";
    pub const LOGS_EXPORT: &str = "admin:logs:export";
    pub use super::CAPITAL_ORDER_TABLE;
}

pub static CATALOGUE: &[Permission] = &[
    // Workbench (the product specification, root /)
    page(
        codes::STATISTICS_WAIT,
        S::Workbench,
        "待办事项",
        "To-do items",
    ),
    page(
        codes::STATISTICS_CAPITAL_COMPANY,
        S::Workbench,
        "资金方统计",
        "Statistics by capital provider",
    ),
    page(
        codes::STATISTICS_AMOUNT,
        S::Workbench,
        "资金统计",
        "Funds statistics",
    ),
    page(
        codes::STATISTICS_NOT_PASS,
        S::Workbench,
        "拒单记录",
        "Rejected-order records",
    ),
    page(
        codes::STATISTICS_ORDER,
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
    // Company payments (公司缴费管理)
    page(
        codes::ORDER_PREMIUM_TABLE,
        S::CompanyRepayment,
        "保费管理",
        "Premium management",
    ),
    button(
        codes::ORDER_PREMIUM_CREATE,
        S::CompanyRepayment,
        "发起保费支付",
        "Create premium payment",
    ),
    button(
        codes::ORDER_PREMIUM_PAY,
        S::CompanyRepayment,
        "确认保费已支付",
        "Confirm premium paid",
    ),
    // Business management
    page(
        codes::ASSIGNMENT_QUEUE_TABLE,
        S::Business,
        "分配队列",
        "Allocation queue",
    ),
    button(
        codes::ASSIGNMENT_QUEUE_ALLOCATE,
        S::Business,
        "分配资金方",
        "Allocate to a capital provider",
    ),
    button(
        codes::ASSIGNMENT_QUEUE_EXPORT,
        S::Business,
        "导出分配队列",
        "Export the allocation queue",
    ),
    page(
        codes::ORDER_APPLY_TABLE,
        S::Business,
        "订单申请列表",
        "Order application list",
    ),
    button(
        codes::ORDER_APPLY_CREATE,
        S::Business,
        "提交申请",
        "Submit application",
    ),
    button(
        codes::ORDER_APPLY_EXPORT,
        S::Business,
        "导出订单申请",
        "Export applications",
    ),
    page(codes::ORDER_INFO_TABLE, S::Business, "订单管理", "Orders"),
    button(
        codes::ORDER_INFO_EXPORT,
        S::Business,
        "导出订单",
        "Export orders",
    ),
    button(
        codes::ORDER_INFO_EDIT,
        S::Business,
        "进件编辑",
        "Edit intake",
    ),
    button(
        codes::ORDER_INFO_SUBMIT,
        S::Business,
        "提交审核",
        "Submit for review",
    ),
    button(
        codes::ORDER_INFO_REVIEW,
        S::Business,
        "进件审核",
        "Review intake",
    ),
    button(
        codes::ORDER_INFO_DECLARATION,
        S::Business,
        "确认车主声明及授权",
        "Confirm owner declaration",
    ),
    button(
        codes::ORDER_INFO_INSURE,
        S::Business,
        "投保确认",
        "Confirm insurance",
    ),
    button(
        codes::ORDER_INFO_CONTRACT,
        S::Business,
        "确认合同签署",
        "Confirm contract",
    ),
    button(
        codes::ORDER_INFO_DOWN_PAYMENT,
        S::Business,
        "确认首付款",
        "Confirm down payment",
    ),
    button(
        codes::ORDER_INFO_REPAY,
        S::Business,
        "登记/确认还款",
        "Record repayments",
    ),
    button(
        codes::ORDER_INFO_DISBURSE,
        S::Business,
        "确认放款",
        "Confirm disbursement",
    ),
    button(
        codes::ORDER_INFO_DISBURSE_REVERSE,
        S::Business,
        "放款冲正",
        "Reverse disbursement",
    ),
    button(
        codes::ORDER_INFO_POLICY,
        S::Business,
        "上传电子保单",
        "Upload e-policy",
    ),
    button(
        codes::ORDER_INFO_CANCEL,
        S::Business,
        "取消订单",
        "Cancel order",
    ),
    button(
        codes::ORDER_INFO_FILE_EXAMINE,
        S::Business,
        "审核订单资料申请",
        "Examine order file applications",
    ),
    page(
        codes::ORDER_PLAN_TABLE,
        S::Business,
        "逾期还款管理",
        "Overdue repayment management",
    ),
    button(
        codes::ORDER_PLAN_WRITE_OFF,
        S::Business,
        "核销",
        "Write off",
    ),
    button(
        codes::ORDER_PLAN_REVERSE,
        S::Business,
        "还款冲正",
        "Reverse repayment",
    ),
    page(
        codes::ORDER_PLAN_REDUCTION_TABLE,
        S::Business,
        "减免申请",
        "Reduction/waiver applications",
    ),
    button(
        codes::ORDER_PLAN_REDUCTION_CREATE,
        S::Business,
        "发起减免申请",
        "Create waiver application",
    ),
    button(
        codes::ORDER_PLAN_REDUCTION_APPROVE,
        S::Business,
        "审批减免申请",
        "Approve waiver application",
    ),
    page(
        codes::ORDER_PLAN_RECOVER_TABLE,
        S::Business,
        "追偿申请",
        "Recovery applications",
    ),
    button(
        codes::ORDER_PLAN_RECOVER_CREATE,
        S::Business,
        "发起追偿申请",
        "Create recovery application",
    ),
    button(
        codes::ORDER_PLAN_RECOVER_APPROVE,
        S::Business,
        "审批追偿申请",
        "Approve recovery application",
    ),
    page(
        codes::ORDER_REFUND_TABLE,
        S::Business,
        "退保申请",
        "Surrender (refund) applications",
    ),
    button(
        codes::ORDER_REFUND_APPROVE,
        S::Business,
        "审批退保申请",
        "Approve surrender",
    ),
    button(
        codes::ORDER_REFUND_SETTLE,
        S::Business,
        "退保款确认并冲账",
        "Settle surrender refund",
    ),
    page(
        codes::ORDER_PLAN_OVERDUE_TABLE,
        S::Business,
        "逾期挂账列表",
        "Overdue booked-account list",
    ),
    // Repayment statistics
    page(
        codes::STATISTICS_PLAN,
        S::Repayment,
        "还款统计",
        "Repayment statistics",
    ),
    // Finance management
    page(
        codes::CAPITAL_LOG_TABLE,
        S::Fund,
        "财务管理",
        "Finance management",
    ),
    // Operations management
    page(codes::CUSTOMER_TABLE, S::Operate, "客户管理", "Customers"),
    button(
        codes::CUSTOMER_CREATE,
        S::Operate,
        "新增客户",
        "Create customer",
    ),
    button(
        codes::CUSTOMER_UPDATE,
        S::Operate,
        "修改客户",
        "Edit customer",
    ),
    button(
        codes::CUSTOMER_REVEAL,
        S::Operate,
        "查看客户完整证件号、手机号、银行卡号",
        "Show a customer's full ID, mobile and bank card",
    ),
    button(
        codes::CUSTOMER_PASSWORD,
        S::Operate,
        "设置客户登录密码",
        "Set a customer's app password",
    ),
    button(
        codes::CUSTOMER_EXPORT,
        S::Operate,
        "导出客户",
        "Export customers",
    ),
    button(
        codes::CUSTOMER_VEHICLE,
        S::Operate,
        "维护客户车辆",
        "Add, edit and delete vehicles",
    ),
    button(
        codes::CUSTOMER_FILE_UPLOAD,
        S::Operate,
        "上传客户资料",
        "Upload customer files",
    ),
    button(
        codes::CUSTOMER_FILE_DELETE,
        S::Operate,
        "删除客户资料",
        "Delete customer files",
    ),
    page(
        codes::TEMPLATE_CONTRACT_TABLE,
        S::Operate,
        "合同管理",
        "Contract management",
    ),
    page(
        codes::NOTICE_TEMPLATE_TABLE,
        S::Operate,
        "通知模板",
        "Notice templates",
    ),
    page(
        codes::NOTICE_SEND_TABLE,
        S::Operate,
        "通知管理",
        "Notice management",
    ),
    button(
        codes::TEMPLATE_CONTRACT_CREATE,
        S::Operate,
        "新增合同模板",
        "Create contract templates",
    ),
    button(
        codes::TEMPLATE_CONTRACT_UPDATE,
        S::Operate,
        "编辑合同模板",
        "Edit contract templates",
    ),
    button(
        codes::TEMPLATE_CONTRACT_ACTIVATE,
        S::Operate,
        "启用/停用合同模板",
        "Activate or retire contract templates",
    ),
    button(
        codes::TEMPLATE_CONTRACT_EXPORT,
        S::Operate,
        "导出合同模板",
        "Export contract templates",
    ),
    button(
        codes::NOTICE_TEMPLATE_CREATE,
        S::Operate,
        "新增通知模板",
        "Create notice templates",
    ),
    button(
        codes::NOTICE_TEMPLATE_UPDATE,
        S::Operate,
        "编辑通知模板",
        "Edit notice templates",
    ),
    button(
        codes::NOTICE_TEMPLATE_DELETE,
        S::Operate,
        "删除通知模板",
        "Delete notice templates",
    ),
    button(
        codes::NOTICE_TEMPLATE_EXPORT,
        S::Operate,
        "导出通知模板",
        "Export notice templates",
    ),
    button(
        codes::NOTICE_SEND_CREATE,
        S::Operate,
        "发送通知",
        "Send notices",
    ),
    button(
        codes::NOTICE_SEND_RETRY,
        S::Operate,
        "重发失败通知",
        "Retry failed notices",
    ),
    button(
        codes::NOTICE_SEND_EXPORT,
        S::Operate,
        "导出通知记录",
        "Export notice batches",
    ),
    // Content management
    page(
        codes::BANNER_TABLE,
        S::Content,
        "广告管理",
        "Advertisement management",
    ),
    button(
        codes::BANNER_CREATE,
        S::Content,
        "新增广告",
        "Create banner",
    ),
    button(codes::BANNER_UPDATE, S::Content, "修改广告", "Edit banner"),
    button(
        codes::BANNER_DELETE,
        S::Content,
        "删除广告",
        "Delete banner",
    ),
    page(
        codes::ARTICLE_TYPE_TABLE,
        S::Content,
        "文章管理",
        "Article management",
    ),
    button(
        codes::ARTICLE_TYPE_CATEGORY,
        S::Content,
        "管理文章分类",
        "Manage article categories",
    ),
    button(
        codes::ARTICLE_TYPE_CREATE,
        S::Content,
        "新增文章",
        "Create article",
    ),
    button(
        codes::ARTICLE_TYPE_UPDATE,
        S::Content,
        "修改文章",
        "Edit article",
    ),
    button(
        codes::ARTICLE_TYPE_PUBLISH,
        S::Content,
        "发布/下架文章",
        "Publish or unpublish articles",
    ),
    button(
        codes::ARTICLE_TYPE_DELETE,
        S::Content,
        "删除文章",
        "Delete article",
    ),
    page(
        codes::DICTIONARY_TABLE,
        S::Content,
        "数据字典",
        "Data dictionary",
    ),
    button(
        codes::DICTIONARY_CREATE,
        S::Content,
        "新增字典",
        "Create dictionary entries",
    ),
    button(
        codes::DICTIONARY_UPDATE,
        S::Content,
        "修改字典",
        "Edit dictionary entries",
    ),
    button(
        codes::DICTIONARY_DELETE,
        S::Content,
        "删除字典",
        "Delete dictionary entries",
    ),
    // Partner management
    page(
        codes::INSURANCE_COMPANY_TABLE,
        S::Partner,
        "保险公司管理",
        "Insurance company management",
    ),
    button(
        codes::INSURANCE_COMPANY_CREATE,
        S::Partner,
        "新增保险公司",
        "Create insurer",
    ),
    button(
        codes::INSURANCE_COMPANY_UPDATE,
        S::Partner,
        "修改保险公司",
        "Edit insurer",
    ),
    button(
        codes::INSURANCE_COMPANY_EXPORT,
        S::Partner,
        "导出保险公司",
        "Export insurers",
    ),
    page(
        codes::CAPITAL_COMPANY_TABLE,
        S::Partner,
        "资金方管理",
        "Capital provider management",
    ),
    button(
        codes::CAPITAL_COMPANY_CREATE,
        S::Partner,
        "新增资金方",
        "Create capital provider",
    ),
    button(
        codes::CAPITAL_COMPANY_UPDATE,
        S::Partner,
        "修改资金方",
        "Edit capital provider",
    ),
    button(
        codes::CAPITAL_COMPANY_STATUS,
        S::Partner,
        "暂停/终止资金方合作",
        "Pause or terminate a capital provider",
    ),
    button(
        codes::CAPITAL_COMPANY_EXPORT,
        S::Partner,
        "导出资金方",
        "Export capital providers",
    ),
    button(
        codes::CAPITAL_COMPANY_ACCOUNT,
        S::Partner,
        "管理资金方银行账户",
        "Manage capital provider bank accounts",
    ),
    button(
        codes::CAPITAL_COMPANY_USER,
        S::Partner,
        "管理资金方用户",
        "Manage capital provider users",
    ),
    button(
        codes::CAPITAL_COMPANY_RESET_PASSWORD,
        S::Partner,
        "重置资金方用户密码",
        "Reset capital provider user password",
    ),
    button(
        codes::CAPITAL_COMPANY_SIGN_OUT,
        S::Partner,
        "强制资金方用户下线",
        "Sign out capital provider user",
    ),
    button(
        codes::CAPITAL_COMPANY_SIGNATURE,
        S::Partner,
        "审核资金方电子签章账户",
        "Verify capital provider e-signature account",
    ),
    // System management
    page(
        codes::CONFIG_SYSTEM,
        S::System,
        "系统设置",
        "System settings",
    ),
    page(
        codes::CONFIG_SECURITY,
        S::System,
        "安全设置",
        "Security settings",
    ),
    page(
        codes::CONFIG_ORDER,
        S::System,
        "订单规则配置",
        "Order rule configuration",
    ),
    page(
        codes::CONFIG_SMS,
        S::System,
        "短信模板配置",
        "SMS template configuration",
    ),
    page(
        codes::CONFIG_ICL_INTERFACE,
        S::System,
        "短信/OCR接口配置",
        "SMS/OCR interface configuration",
    ),
    page(
        codes::ICL_INTERFACE_TABLE,
        S::System,
        "短信/OCR使用记录",
        "SMS/OCR usage records",
    ),
    button(
        codes::ICL_INTERFACE_EXPORT,
        S::System,
        "导出短信/OCR使用记录",
        "Export SMS/OCR usage records",
    ),
    button(
        codes::CONFIG_SMS_EXPORT,
        S::System,
        "导出短信模板",
        "Export SMS templates",
    ),
    page(
        codes::CONFIG_BESTSIGN,
        S::System,
        "电子签章接口配置",
        "E-signature provider configuration",
    ),
    page(
        codes::ORGANIZATION_TABLE,
        S::System,
        "组织架构",
        "Organization structure",
    ),
    button(
        codes::ORGANIZATION_CREATE,
        S::System,
        "新增部门",
        "Create department",
    ),
    button(
        codes::ORGANIZATION_UPDATE,
        S::System,
        "修改部门",
        "Edit department",
    ),
    button(
        codes::ORGANIZATION_DELETE,
        S::System,
        "删除部门",
        "Delete department",
    ),
    page(codes::ROLE_TABLE, S::System, "角色管理", "Role management"),
    button(codes::ROLE_CREATE, S::System, "新增角色", "Create role"),
    button(codes::ROLE_UPDATE, S::System, "修改角色", "Edit role"),
    button(codes::ROLE_DELETE, S::System, "删除角色", "Delete role"),
    button(codes::ROLE_EXPORT, S::System, "导出角色", "Export roles"),
    page(codes::USER_TABLE, S::System, "用户管理", "User management"),
    button(
        codes::USER_CREATE,
        S::System,
        "新增用户",
        "Create administrator",
    ),
    button(
        codes::USER_UPDATE,
        S::System,
        "修改用户",
        "Edit administrator",
    ),
    button(
        codes::USER_RESET_PASSWORD,
        S::System,
        "重置密码",
        "Reset password",
    ),
    button(
        codes::USER_SIGN_OUT,
        S::System,
        "强制下线",
        "Sign out everywhere",
    ),
    button(
        codes::USER_EXPORT,
        S::System,
        "导出用户",
        "Export administrators",
    ),
    page(codes::LOGS_TABLE, S::System, "日志管理", "Log management"),
    button(codes::LOGS_EXPORT, S::System, "导出日志", "Export logs"),
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

    /// Every permission string of the product specification and §6, copied from the specification.
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

    /// The button permissions of docs/business.md.
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

    /// The permission areas listed in the product specification
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
