//! Orders, part 2 (docs/orders.md): contract instances and their signers, the stored repayment
//! plan, down-payment receipts and refunds, premium payment applications with their lines,
//! disbursements, the insurer's confirmation and e-policy on each policy, the order's milestones,
//! and the built-in contract templates a fresh installation signs with.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum OrderContract {
    Table,
    Id,
    OrderId,
    Package,
    DocKind,
    Title,
    ContractNo,
    TemplateId,
    TemplateCode,
    TemplateVersion,
    CapitalProviderId,
    Variables,
    RenderedFileId,
    RenderedSha256,
    Provider,
    FlowId,
    Status,
    SignedVia,
    SignedFileId,
    SignedSha256,
    SignedAt,
    VerifiedBy,
    VoidReason,
    VoidedAt,
}

#[derive(DeriveIden)]
enum OrderContractSigner {
    Table,
    Id,
    ContractId,
    OrderId,
    Seq,
    Role,
    Name,
    IdNoMask,
    TokenHash,
    TokenEnc,
    Status,
    SignedAt,
    Ip,
    UserAgent,
    DocumentSha256,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OrderPlan {
    Table,
    Id,
    OrderId,
    VersionNo,
    Status,
    Method,
    PrincipalFen,
    InterestFen,
    FeeFen,
    TermN,
    AnchorDate,
    GeneratorVersion,
    ScheduleHash,
    ActivatedAt,
}

#[derive(DeriveIden)]
enum OrderPlanItem {
    Table,
    Id,
    PlanId,
    OrderId,
    Seq,
    FromDate,
    DueDate,
    PrincipalDueFen,
    InterestDueFen,
    FeeDueFen,
    IsDepositOffset,
    Status,
}

#[derive(DeriveIden)]
enum OrderReceipt {
    Table,
    Id,
    OrderId,
    Purpose,
    AmountFen,
    Channel,
    SerialNo,
    Payer,
    ValueDate,
    VoucherFileId,
    Status,
    RecordedBy,
    RecordedByName,
    ConfirmedBy,
    ConfirmedByName,
    ConfirmedAt,
    JournalId,
    RejectReason,
}

#[derive(DeriveIden)]
enum CustomerRefund {
    Table,
    Id,
    OrderId,
    AmountFen,
    Channel,
    SerialNo,
    ValueDate,
    Reason,
    JournalId,
    CreatedByName,
}

#[derive(DeriveIden)]
enum PremiumPayment {
    Table,
    Id,
    ApplicationNo,
    CapitalProviderId,
    InsurerId,
    PayeeAccountId,
    TotalFen,
    LineCount,
    Status,
    Remark,
    CreatedByName,
    SubmittedBy,
    SubmittedAt,
    CpApprovalNo,
    ApprovedBy,
    ApprovedAt,
    BankSerialNo,
    ValueDate,
    VoucherFileId,
    PaidBy,
    PaidAt,
    CancelReason,
}

#[derive(DeriveIden)]
enum PremiumPaymentLine {
    Table,
    Id,
    ApplicationId,
    OrderId,
    AmountFen,
    Status,
    PaidAt,
    SerialNo,
}

#[derive(DeriveIden)]
enum Disbursement {
    Table,
    Id,
    OrderId,
    LineId,
    CapitalProviderId,
    InsurerId,
    AmountFen,
    ValueDate,
    SerialNo,
    JournalId,
    CreatedByName,
    ReversedAt,
    ReversedBy,
    ReverseReason,
    ReversalJournalId,
}

#[derive(DeriveIden)]
enum InsurancePolicy {
    Table,
    ProposalNo,
    FinalPremiumFen,
    SpecialAgreement,
    Underwriting,
    PolicyNo,
    StartDate,
    EndDate,
    EPolicyFileId,
    EPolicySha256,
    IssuedAt,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    DeclaredAt,
    InsureConfirmedAt,
    SignedAt,
    DownPaidAt,
    DisbursedAt,
    PolicyIssuedAt,
    SignDeadline,
    DownPaymentDeadline,
    PlanId,
}

/// A fresh installation signs with these until an administrator activates its own versions.
const TEMPLATES: &[(&str, &str, &str, &str)] = &[
    (
        "BUILTIN_OWNER_DECLARATION",
        "车主声明",
        "OWNER_DECLARATION",
        "本人{{customer.name}}（证件号码：{{customer.idNo}}）为车牌号码{{vehicle.plateNo}}、车架号{{vehicle.vin}}车辆的所有人，\
         现就订单{{order.orderNo}}声明如下：\n\
         一、本人自愿通过{{platform.name}}办理上述车辆保险费的分期付款，保费总额人民币{{order.totalPremium}}元，\
         其中首付人民币{{order.downPayment}}元，由{{capital.name}}融资人民币{{order.financedAmount}}元，分{{order.termCount}}期偿还。\n\
         二、本人所提供的身份证件、行驶证及车辆信息真实、完整、有效。\n\
         三、在融资款项全部清偿前，未经出借方书面同意，本人不得退保、变更被保险人或减少保险责任。\n\n\
         声明人：{{customer.name}}\n日期：{{today}}",
    ),
    (
        "BUILTIN_POWER_OF_ATTORNEY",
        "授权委托书",
        "POWER_OF_ATTORNEY",
        "委托人：{{customer.name}}（证件号码：{{customer.idNo}}）\n受托人：{{platform.name}}\n\n\
         委托人就订单{{order.orderNo}}项下车牌号码{{vehicle.plateNo}}车辆在{{insurer.name}}投保的保险，不可撤销地授权受托人：\n\
         一、在委托人逾期未还款且经书面催告后于宽限期内仍未清偿时，代委托人向保险公司申请退保；\n\
         二、代委托人领取退保所得的退还保费，并用于清偿委托人在融资合同项下的全部欠款，余款退还委托人；\n\
         三、办理与上述事项有关的其他手续。\n\
         本授权自签署之日起至融资款项全部清偿之日止。\n\n委托人：{{customer.name}}\n日期：{{today}}",
    ),
    (
        "BUILTIN_LOAN_CONTRACT",
        "保费分期借款合同",
        "LOAN_CONTRACT",
        "合同编号：{{contract.no}}\n出借人：{{capital.name}}\n借款人：{{customer.name}}（证件号码：{{customer.idNo}}，手机号码：{{customer.mobile}}）\n\
         服务方：{{platform.name}}\n\n\
         第一条 借款用途：专用于支付车牌号码{{vehicle.plateNo}}（车架号{{vehicle.vin}}）车辆在{{insurer.name}}的保险费，借款由出借人直接支付至保险公司。\n\
         第二条 借款金额：人民币{{order.financedAmount}}元（大写：{{order.financedAmountUpper}}）。\n\
         第三条 借款期限与还款：分{{order.termCount}}期，每期应还人民币{{order.instalmentAmount}}元，首期还款日为{{order.firstDueDate}}，年化利率{{order.annualRate}}。\n\
         第四条 逾期：借款人逾期还款的，按产品约定计收罚息；逾期超过约定期限并经催告仍未清偿的，出借人可委托服务方申请退保，以退还保费清偿欠款。\n\
         第五条 保单权益：在借款全部清偿前，保单的退保及退费权益用于担保本合同项下债务。\n\
         第六条 本合同经各方签署后生效。\n\n出借人：{{capital.name}}\n借款人：{{customer.name}}\n服务方：{{platform.name}}\n签署日期：{{today}}",
    ),
    (
        "BUILTIN_SERVICE_AGREEMENT",
        "分期服务协议",
        "SERVICE_AGREEMENT",
        "协议编号：{{contract.no}}\n甲方（客户）：{{customer.name}}\n乙方（服务方）：{{platform.name}}\n\n\
         一、乙方为甲方订单{{order.orderNo}}提供保费分期的信息撮合、合同签署、还款提醒及贷后管理服务。\n\
         二、甲方应于首付日支付首付款人民币{{order.downPayment}}元及相关费用。\n\
         三、甲方同意乙方按约定代为归集还款并划付至出借人{{capital.name}}。\n\n甲方：{{customer.name}}\n乙方：{{platform.name}}\n日期：{{today}}",
    ),
    (
        "BUILTIN_WITHHOLDING_AUTH",
        "代扣授权书",
        "WITHHOLDING_AUTH",
        "授权人：{{customer.name}}（证件号码：{{customer.idNo}}）\n\n\
         本人授权{{platform.name}}在订单{{order.orderNo}}的每期还款日，从本人名下{{bank.name}}账户（卡号{{bank.cardNo}}）中扣收当期应还款项，\
         每期金额以还款计划为准（人民币{{order.instalmentAmount}}元）。\n本授权至借款全部清偿之日止。\n\n授权人：{{customer.name}}\n日期：{{today}}",
    ),
    (
        "BUILTIN_PRIVACY_AUTH",
        "个人信息处理授权书",
        "PRIVACY_AUTH",
        "授权人：{{customer.name}}（证件号码：{{customer.idNo}}，手机号码：{{customer.mobile}}）\n\n\
         为办理订单{{order.orderNo}}的保费分期，本人同意{{platform.name}}及出借人{{capital.name}}在必要范围内收集、使用、\
         存储本人的身份信息、车辆信息、联系方式及还款记录，用于身份核验、风险评估、合同履行及贷后管理，并依法保护上述信息的安全。\n\n授权人：{{customer.name}}\n日期：{{today}}",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let conn = manager.get_connection();
        manager
            .create_table(audited(
                Table::create()
                    .table(OrderContract::Table)
                    .col(big_pk_auto(OrderContract::Id))
                    .col(big_integer(OrderContract::OrderId))
                    // DECLARATION (车主声明 + 授权委托书) or LOAN (the contract package).
                    .col(string_len(OrderContract::Package, 16))
                    .col(string_len(OrderContract::DocKind, 32))
                    .col(string_len(OrderContract::Title, 128))
                    .col(string_len(OrderContract::ContractNo, 40))
                    .col(big_integer(OrderContract::TemplateId))
                    .col(string_len(OrderContract::TemplateCode, 64))
                    .col(integer(OrderContract::TemplateVersion))
                    .col(big_integer_null(OrderContract::CapitalProviderId))
                    // The values the body was filled with.
                    .col(json(OrderContract::Variables))
                    .col(big_integer(OrderContract::RenderedFileId))
                    .col(string_len(OrderContract::RenderedSha256, 64))
                    // local or bestsign.
                    .col(string_len(OrderContract::Provider, 16))
                    .col(string_len_null(OrderContract::FlowId, 128))
                    // SIGNING, SIGNED, REJECTED, VOIDED.
                    .col(string_len(OrderContract::Status, 16))
                    // '' until signed; ESIGN (every signer signed) or SCAN (a signed scan uploaded).
                    .col(string_len(OrderContract::SignedVia, 8).default(""))
                    .col(big_integer_null(OrderContract::SignedFileId))
                    .col(string_len_null(OrderContract::SignedSha256, 64))
                    .col(timestamp_with_time_zone_null(OrderContract::SignedAt))
                    .col(big_integer_null(OrderContract::VerifiedBy))
                    .col(string_len(OrderContract::VoidReason, 500).default(""))
                    .col(timestamp_with_time_zone_null(OrderContract::VoidedAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_order_contract_no")
                    .table(OrderContract::Table)
                    .col(OrderContract::ContractNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_order_contract_flow")
                    .table(OrderContract::Table)
                    .col(OrderContract::FlowId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_contract_order")
                    .table(OrderContract::Table)
                    .col(OrderContract::OrderId)
                    .to_owned(),
            )
            .await?;
        // One live contract of a kind per order.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_order_contract_live ON order_contract (order_id, doc_kind) \
             WHERE status IN ('SIGNING', 'SIGNED')",
        )
        .await?;

        manager
            .create_table(
                Table::create()
                    .table(OrderContractSigner::Table)
                    .col(big_pk_auto(OrderContractSigner::Id))
                    .col(big_integer(OrderContractSigner::ContractId))
                    .col(big_integer(OrderContractSigner::OrderId))
                    .col(integer(OrderContractSigner::Seq))
                    // CUSTOMER, PLATFORM or CAPITAL.
                    .col(string_len(OrderContractSigner::Role, 16))
                    .col(string_len(OrderContractSigner::Name, 128))
                    .col(string_len(OrderContractSigner::IdNoMask, 32).default(""))
                    // SHA-256 of the local signing link's token while the signer may sign.
                    .col(string_len_null(OrderContractSigner::TokenHash, 64))
                    // The token itself, encrypted, so staff can copy the link again.
                    .col(string_len_null(OrderContractSigner::TokenEnc, 256))
                    // PENDING, SIGNED.
                    .col(string_len(OrderContractSigner::Status, 16))
                    .col(timestamp_with_time_zone_null(OrderContractSigner::SignedAt))
                    .col(string_len(OrderContractSigner::Ip, 64).default(""))
                    .col(string_len(OrderContractSigner::UserAgent, 255).default(""))
                    // The hash of the document the signer saw and signed.
                    .col(string_len(OrderContractSigner::DocumentSha256, 64).default(""))
                    .col(timestamp_with_time_zone(OrderContractSigner::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_order_contract_signer_token")
                    .table(OrderContractSigner::Table)
                    .col(OrderContractSigner::TokenHash)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_contract_signer_contract")
                    .table(OrderContractSigner::Table)
                    .col(OrderContractSigner::ContractId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(OrderPlan::Table)
                    .col(big_pk_auto(OrderPlan::Id))
                    .col(big_integer(OrderPlan::OrderId))
                    .col(integer(OrderPlan::VersionNo))
                    // PENDING (signed), ACTIVE (disbursed), CLOSED, SUPERSEDED.
                    .col(string_len(OrderPlan::Status, 16))
                    .col(string_len(OrderPlan::Method, 32))
                    .col(big_integer(OrderPlan::PrincipalFen))
                    .col(big_integer(OrderPlan::InterestFen))
                    .col(big_integer(OrderPlan::FeeFen))
                    .col(integer(OrderPlan::TermN))
                    .col(date(OrderPlan::AnchorDate))
                    .col(integer(OrderPlan::GeneratorVersion))
                    .col(string_len(OrderPlan::ScheduleHash, 64))
                    .col(timestamp_with_time_zone_null(OrderPlan::ActivatedAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_order_plan_version")
                    .table(OrderPlan::Table)
                    .col(OrderPlan::OrderId)
                    .col(OrderPlan::VersionNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderPlanItem::Table)
                    .col(big_pk_auto(OrderPlanItem::Id))
                    .col(big_integer(OrderPlanItem::PlanId))
                    .col(big_integer(OrderPlanItem::OrderId))
                    .col(integer(OrderPlanItem::Seq))
                    .col(date(OrderPlanItem::FromDate))
                    .col(date(OrderPlanItem::DueDate))
                    .col(big_integer(OrderPlanItem::PrincipalDueFen))
                    .col(big_integer(OrderPlanItem::InterestDueFen))
                    .col(big_integer(OrderPlanItem::FeeDueFen))
                    .col(boolean(OrderPlanItem::IsDepositOffset))
                    // NOT_DUE until the repayment part derives more.
                    .col(string_len(OrderPlanItem::Status, 16))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_order_plan_item_seq")
                    .table(OrderPlanItem::Table)
                    .col(OrderPlanItem::PlanId)
                    .col(OrderPlanItem::Seq)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(OrderReceipt::Table)
                    .col(big_pk_auto(OrderReceipt::Id))
                    .col(big_integer(OrderReceipt::OrderId))
                    // DOWN_PAYMENT.
                    .col(string_len(OrderReceipt::Purpose, 16))
                    .col(big_integer(OrderReceipt::AmountFen))
                    .col(string_len(OrderReceipt::Channel, 16))
                    .col(string_len(OrderReceipt::SerialNo, 64))
                    .col(string_len(OrderReceipt::Payer, 64))
                    .col(date(OrderReceipt::ValueDate))
                    .col(big_integer_null(OrderReceipt::VoucherFileId))
                    // RECORDED, CONFIRMED, REJECTED.
                    .col(string_len(OrderReceipt::Status, 16))
                    .col(big_integer(OrderReceipt::RecordedBy))
                    .col(string_len(OrderReceipt::RecordedByName, 64))
                    .col(big_integer_null(OrderReceipt::ConfirmedBy))
                    .col(string_len(OrderReceipt::ConfirmedByName, 64).default(""))
                    .col(timestamp_with_time_zone_null(OrderReceipt::ConfirmedAt))
                    .col(big_integer_null(OrderReceipt::JournalId))
                    .col(string_len(OrderReceipt::RejectReason, 500).default(""))
                    .to_owned(),
            ))
            .await?;
        // A bank serial number is one receipt, whatever happens to it.
        manager
            .create_index(
                Index::create()
                    .name("uq_order_receipt_serial")
                    .table(OrderReceipt::Table)
                    .col(OrderReceipt::SerialNo)
                    .unique()
                    .to_owned(),
            )
            .await?;
        // At most one receipt per order in flight or confirmed.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_order_receipt_live ON order_receipt (order_id, purpose) \
             WHERE status IN ('RECORDED', 'CONFIRMED')",
        )
        .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(CustomerRefund::Table)
                    .col(big_pk_auto(CustomerRefund::Id))
                    .col(big_integer(CustomerRefund::OrderId))
                    .col(big_integer(CustomerRefund::AmountFen))
                    .col(string_len(CustomerRefund::Channel, 16))
                    .col(string_len(CustomerRefund::SerialNo, 64))
                    .col(date(CustomerRefund::ValueDate))
                    .col(string_len(CustomerRefund::Reason, 500))
                    .col(big_integer(CustomerRefund::JournalId))
                    .col(string_len(CustomerRefund::CreatedByName, 64))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_customer_refund_serial")
                    .table(CustomerRefund::Table)
                    .col(CustomerRefund::SerialNo)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(PremiumPayment::Table)
                    .col(big_pk_auto(PremiumPayment::Id))
                    .col(string_len(PremiumPayment::ApplicationNo, 32))
                    .col(big_integer(PremiumPayment::CapitalProviderId))
                    .col(big_integer(PremiumPayment::InsurerId))
                    .col(big_integer(PremiumPayment::PayeeAccountId))
                    .col(big_integer(PremiumPayment::TotalFen))
                    .col(integer(PremiumPayment::LineCount))
                    // DRAFT, SUBMITTED, CP_APPROVED, PARTIALLY_PAID, PAID, CANCELLED.
                    .col(string_len(PremiumPayment::Status, 16))
                    .col(string_len(PremiumPayment::Remark, 500).default(""))
                    .col(string_len(PremiumPayment::CreatedByName, 64))
                    .col(big_integer_null(PremiumPayment::SubmittedBy))
                    .col(timestamp_with_time_zone_null(PremiumPayment::SubmittedAt))
                    .col(string_len(PremiumPayment::CpApprovalNo, 64).default(""))
                    .col(big_integer_null(PremiumPayment::ApprovedBy))
                    .col(timestamp_with_time_zone_null(PremiumPayment::ApprovedAt))
                    .col(string_len_null(PremiumPayment::BankSerialNo, 64))
                    .col(date_null(PremiumPayment::ValueDate))
                    .col(big_integer_null(PremiumPayment::VoucherFileId))
                    .col(big_integer_null(PremiumPayment::PaidBy))
                    .col(timestamp_with_time_zone_null(PremiumPayment::PaidAt))
                    .col(string_len(PremiumPayment::CancelReason, 500).default(""))
                    .to_owned(),
            ))
            .await?;
        for (name, col) in [
            ("uq_premium_payment_no", PremiumPayment::ApplicationNo),
            ("uq_premium_payment_serial", PremiumPayment::BankSerialNo),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(PremiumPayment::Table)
                        .col(col)
                        .unique()
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(audited(
                Table::create()
                    .table(PremiumPaymentLine::Table)
                    .col(big_pk_auto(PremiumPaymentLine::Id))
                    .col(big_integer(PremiumPaymentLine::ApplicationId))
                    .col(big_integer(PremiumPaymentLine::OrderId))
                    .col(big_integer(PremiumPaymentLine::AmountFen))
                    // LIVE, PAID, REMOVED, REVERSED.
                    .col(string_len(PremiumPaymentLine::Status, 16))
                    .col(timestamp_with_time_zone_null(PremiumPaymentLine::PaidAt))
                    .col(string_len(PremiumPaymentLine::SerialNo, 64).default(""))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_premium_payment_line_app")
                    .table(PremiumPaymentLine::Table)
                    .col(PremiumPaymentLine::ApplicationId)
                    .to_owned(),
            )
            .await?;
        // An order is on at most one live or paid line: it cannot be paid twice.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_premium_payment_line_live ON premium_payment_line (order_id) \
             WHERE status IN ('LIVE', 'PAID')",
        )
        .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(Disbursement::Table)
                    .col(big_pk_auto(Disbursement::Id))
                    .col(big_integer(Disbursement::OrderId))
                    .col(big_integer(Disbursement::LineId))
                    .col(big_integer(Disbursement::CapitalProviderId))
                    .col(big_integer(Disbursement::InsurerId))
                    .col(big_integer(Disbursement::AmountFen))
                    .col(date(Disbursement::ValueDate))
                    .col(string_len(Disbursement::SerialNo, 64))
                    .col(big_integer(Disbursement::JournalId))
                    .col(string_len(Disbursement::CreatedByName, 64))
                    .col(timestamp_with_time_zone_null(Disbursement::ReversedAt))
                    .col(big_integer_null(Disbursement::ReversedBy))
                    .col(string_len(Disbursement::ReverseReason, 500).default(""))
                    .col(big_integer_null(Disbursement::ReversalJournalId))
                    .to_owned(),
            ))
            .await?;
        // Invariant 18: one disbursement per order that is not reversed.
        conn.execute_unprepared(
            "CREATE UNIQUE INDEX uq_disbursement_live ON disbursement (order_id) \
             WHERE reversed_at IS NULL",
        )
        .await?;

        for col in [
            ColumnDef::new(InsurancePolicy::ProposalNo)
                .string_len(64)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(InsurancePolicy::FinalPremiumFen)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(InsurancePolicy::SpecialAgreement)
                .string_len(2000)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(InsurancePolicy::Underwriting)
                .string_len(16)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(InsurancePolicy::PolicyNo)
                .string_len(64)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(InsurancePolicy::StartDate)
                .date()
                .null()
                .to_owned(),
            ColumnDef::new(InsurancePolicy::EndDate)
                .date()
                .null()
                .to_owned(),
            ColumnDef::new(InsurancePolicy::EPolicyFileId)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(InsurancePolicy::EPolicySha256)
                .string_len(64)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(InsurancePolicy::IssuedAt)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(InsurancePolicy::Table)
                        .add_column(col)
                        .to_owned(),
                )
                .await?;
        }
        for col in [
            Orders::DeclaredAt,
            Orders::InsureConfirmedAt,
            Orders::SignedAt,
            Orders::DownPaidAt,
            Orders::DisbursedAt,
            Orders::PolicyIssuedAt,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(ColumnDef::new(col).timestamp_with_time_zone().null())
                        .to_owned(),
                )
                .await?;
        }
        for col in [Orders::SignDeadline, Orders::DownPaymentDeadline] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(ColumnDef::new(col).date().null())
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(ColumnDef::new(Orders::PlanId).big_integer().null())
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_disbursement_order")
                    .table(Disbursement::Table)
                    .col(Disbursement::OrderId)
                    .to_owned(),
            )
            .await?;

        // The built-in templates, ACTIVE, for every provider (a provider's own version wins).
        insert_builtin_templates(manager, TEMPLATES).await?;
        Ok(())
    }
}

/// Inserts built-in contract templates (code, name, kind, body), ACTIVE, version 1.
pub(super) async fn insert_builtin_templates(
    manager: &SchemaManager<'_>,
    templates: &[(&str, &str, &str, &str)],
) -> Result<(), DbErr> {
    for (code, name, kind, body) in templates {
        let variables =
            serde_json::to_string(&variables_of(body)).map_err(|e| DbErr::Custom(e.to_string()))?;
        let insert = Query::insert()
            .into_table(Alias::new("contract_template"))
            .columns([
                Alias::new("code"),
                Alias::new("name"),
                Alias::new("doc_kind"),
                Alias::new("template_version"),
                Alias::new("status"),
                Alias::new("body"),
                Alias::new("variables"),
                Alias::new("remark"),
                Alias::new("activated_at"),
                Alias::new("created_at"),
                Alias::new("updated_at"),
                Alias::new("version"),
            ])
            .values_panic([
                (*code).into(),
                (*name).into(),
                (*kind).into(),
                1.into(),
                "ACTIVE".into(),
                (*body).into(),
                variables.into(),
                "内置模板".into(),
                Expr::current_timestamp(),
                Expr::current_timestamp(),
                Expr::current_timestamp(),
                0.into(),
            ])
            .to_owned();
        manager.exec_stmt(insert).await?;
    }
    Ok(())
}

/// The `{{name}}` variables of a body, in order of first use.
fn variables_of(body: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut rest = body;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let name = after[..end].trim().to_owned();
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &after[end + 2..];
    }
    names
}
