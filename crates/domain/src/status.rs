//! Statuses of records and the changes allowed between them.
//!
//! Each status is an enum with its stored code and its Chinese label, and a small transition
//! table: the only changes the service may make. The service's one transition mechanism
//! (`service::transition`) asks [`Status::check`] before its compare-and-set, so a change the
//! table does not list is refused the same way on every path (screen, command line, job).

use std::fmt::Debug;

/// A status value of some kind of record.
pub trait Status: Copy + Eq + Debug + Send + Sync + 'static {
    /// The kind of record, as the status log and the operation log name it.
    const KIND: &'static str;
    /// Every value, in display order.
    const ALL: &'static [Self];
    /// The allowed changes `(from, to)`.
    const TRANSITIONS: &'static [(Self, Self)];

    /// The code stored in the database and sent in the API.
    fn code(self) -> &'static str;
    /// The Chinese label.
    fn label(self) -> &'static str;

    /// The value of a stored code.
    fn parse(code: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|s| s.code() == code)
    }

    /// Whether the table allows `self → to`.
    fn can_become(self, to: Self) -> bool {
        Self::TRANSITIONS.contains(&(self, to))
    }

    /// `Ok` when the table allows `self → to`, else the refusal naming the current status.
    fn check(self, to: Self) -> Result<(), IllegalTransition> {
        if self.can_become(to) {
            Ok(())
        } else {
            Err(IllegalTransition {
                from: self.label(),
                from_code: self.code(),
                to_code: to.code(),
            })
        }
    }
}

/// A change the transition table does not allow (the API's 409).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("当前状态不允许该操作（当前状态：{from}）")]
pub struct IllegalTransition {
    /// The current status's label.
    pub from: &'static str,
    pub from_code: &'static str,
    pub to_code: &'static str,
}

/// Defines a status enum with its codes, labels and transition table.
macro_rules! status {
    (
        $(#[$meta:meta])*
        pub enum $name:ident in $kind:literal {
            $($(#[$vmeta:meta])* $variant:ident = $code:literal / $label:literal,)+
        }
        transitions { $($from:ident => $to:ident,)* }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $crate::status::Status for $name {
            const KIND: &'static str = $kind;
            const ALL: &'static [Self] = &[$($name::$variant,)+];
            const TRANSITIONS: &'static [(Self, Self)] = &[$(($name::$from, $name::$to),)*];

            fn code(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)+
                }
            }

            fn label(self) -> &'static str {
                match self {
                    $($name::$variant => $label,)+
                }
            }
        }
    };
}

status! {
    /// A capital provider's cooperation status. TERMINATED is final.
    pub enum ProviderStatus in "capital_provider" {
        Active = "ACTIVE" / "合作中",
        Paused = "PAUSED" / "已暂停",
        Terminated = "TERMINATED" / "已终止",
    }
    transitions {
        Active => Paused,
        Paused => Active,
        Active => Terminated,
        Paused => Terminated,
    }
}

status! {
    /// A capital provider's e-signature account: filled in by the provider, submitted, then
    /// verified or sent back by the platform; a verified account that changes needs verifying
    /// again.
    pub enum EsignStatus in "capital_esign_account" {
        Unsubmitted = "UNSUBMITTED" / "未提交",
        Pending = "PENDING" / "待审核",
        Verified = "VERIFIED" / "已认证",
    }
    transitions {
        Unsubmitted => Pending,
        Pending => Verified,
        Pending => Unsubmitted,
        Verified => Unsubmitted,
    }
}

status! {
    /// A version of a contract template. One version of a code is ACTIVE at a time; editing an
    /// ACTIVE or RETIRED version makes a new DRAFT version instead of changing it.
    pub enum TemplateStatus in "contract_template" {
        Draft = "DRAFT" / "草稿",
        Active = "ACTIVE" / "生效",
        Retired = "RETIRED" / "已停用",
    }
    transitions {
        Draft => Active,
        Retired => Active,
        Active => Retired,
    }
}

status! {
    /// A version of a financing product. One version of a code is ACTIVE at a time (new orders
    /// take its terms); editing an ACTIVE or RETIRED version makes a new DRAFT version, so the
    /// terms of a version never change once it has been active.
    pub enum ProductStatus in "product" {
        Draft = "DRAFT" / "草稿",
        Active = "ACTIVE" / "启用",
        Retired = "RETIRED" / "已停用",
    }
    transitions {
        Draft => Active,
        Retired => Active,
        Active => Retired,
    }
}

status! {
    /// A notice batch: RUNNING while any recipient is queued or being sent, FINISHED when every
    /// one is sent or failed; a retry of the failures runs it again.
    pub enum NoticeStatus in "notice_batch" {
        Running = "RUNNING" / "发送中",
        Finished = "FINISHED" / "已完成",
    }
    transitions {
        Running => Finished,
        Finished => Running,
    }
}

status! {
    /// One recipient of a notice batch.
    pub enum DeliveryStatus in "notice_recipient" {
        Queued = "QUEUED" / "排队中",
        Sending = "SENDING" / "发送中",
        Sent = "SENT" / "已发送",
        Failed = "FAILED" / "失败",
    }
    transitions {
        Queued => Sending,
        Sending => Queued,
        Sending => Sent,
        Sending => Failed,
        Failed => Queued,
    }
}

status! {
    /// A contract instance of an order (§3.7): out for signing, signed, or voided (re-allocation,
    /// re-quote, re-generation, cancellation). A signer's refusal ends it as REJECTED.
    pub enum ContractStatus in "order_contract" {
        Signing = "SIGNING" / "签署中",
        Signed = "SIGNED" / "已签署",
        Rejected = "REJECTED" / "已拒签",
        Voided = "VOIDED" / "已作废",
    }
    transitions {
        Signing => Signed,
        Signing => Rejected,
        Signing => Voided,
        Signed => Voided,
    }
}

status! {
    /// Money received for an order (down payment): recorded by one user, confirmed (journal
    /// posted) or rejected by another.
    pub enum ReceiptStatus in "order_receipt" {
        Recorded = "RECORDED" / "待确认",
        Confirmed = "CONFIRMED" / "已确认",
        Rejected = "REJECTED" / "已驳回",
    }
    transitions {
        Recorded => Confirmed,
        Recorded => Rejected,
    }
}

status! {
    /// Money received after disbursement (§3.2): recorded by one user, confirmed (allocated by
    /// the replay, journal E4) or rejected by another; a confirmed one may be reversed (bounced
    /// or mistaken: mirror journal, replay without it). A second reversal is refused (409).
    pub enum RepaymentStatus in "repayment" {
        Recorded = "RECORDED" / "待确认",
        Confirmed = "CONFIRMED" / "已确认",
        Rejected = "REJECTED" / "已驳回",
        Reversed = "REVERSED" / "已冲正",
    }
    transitions {
        Recorded => Confirmed,
        Recorded => Rejected,
        Confirmed => Reversed,
    }
}

status! {
    /// A waiver application (§3.3): approved at one level, or two above the order rules'
    /// threshold (each by a user other than its maker and the first approver). Unconditional:
    /// EFFECTIVE at the last approval. Conditional: APPROVED, EFFECTIVE once the customer has paid
    /// the expected amount by its deadline (back to APPROVED if that payment is reversed),
    /// EXPIRED after the deadline.
    pub enum WaiverStatus in "waiver" {
        PendingApproval = "PENDING_APPROVAL" / "待审批",
        PendingSecond = "PENDING_SECOND" / "待复审",
        Approved = "APPROVED" / "已批准（待客户还款）",
        Effective = "EFFECTIVE" / "已生效",
        Rejected = "REJECTED" / "已驳回",
        Withdrawn = "WITHDRAWN" / "已撤回",
        Expired = "EXPIRED" / "已过期",
    }
    transitions {
        PendingApproval => PendingSecond,
        PendingApproval => Approved,
        PendingApproval => Effective,
        PendingSecond => Approved,
        PendingSecond => Effective,
        PendingApproval => Rejected,
        PendingSecond => Rejected,
        PendingApproval => Withdrawn,
        PendingSecond => Withdrawn,
        Approved => Withdrawn,
        Approved => Effective,
        Approved => Expired,
        Effective => Approved,
        Effective => Expired,
    }
}

status! {
    /// A recovery application (追偿申请, §3.4): the platform's claim on advanced instalments handed
    /// to a collection agency or to court (APPROVED until the case is closed), or written off
    /// (EXECUTED at its last approval).
    pub enum RecoveryStatus in "recovery" {
        PendingApproval = "PENDING_APPROVAL" / "待审批",
        PendingSecond = "PENDING_SECOND" / "待复审",
        Approved = "APPROVED" / "追偿中",
        Executed = "EXECUTED" / "已完成",
        Rejected = "REJECTED" / "已驳回",
        Cancelled = "CANCELLED" / "已撤回",
    }
    transitions {
        PendingApproval => PendingSecond,
        PendingApproval => Approved,
        PendingApproval => Executed,
        PendingSecond => Executed,
        PendingApproval => Rejected,
        PendingSecond => Rejected,
        PendingApproval => Cancelled,
        PendingSecond => Cancelled,
        Approved => Executed,
    }
}

status! {
    /// An order write-off application (核销, T28): EXECUTED at its last approval, when the order
    /// becomes WRITTEN_OFF.
    pub enum WriteOffStatus in "write_off" {
        PendingApproval = "PENDING_APPROVAL" / "待审批",
        PendingSecond = "PENDING_SECOND" / "待复审",
        Executed = "EXECUTED" / "已核销",
        Rejected = "REJECTED" / "已驳回",
        Withdrawn = "WITHDRAWN" / "已撤回",
    }
    transitions {
        PendingApproval => PendingSecond,
        PendingApproval => Executed,
        PendingSecond => Executed,
        PendingApproval => Rejected,
        PendingSecond => Rejected,
        PendingApproval => Withdrawn,
        PendingSecond => Withdrawn,
    }
}

status! {
    /// A premium payment application (§3.6).
    pub enum PremiumStatus in "premium_payment" {
        Draft = "DRAFT" / "草稿",
        Submitted = "SUBMITTED" / "已提交资金方",
        CpApproved = "CP_APPROVED" / "资金方已审批",
        PartiallyPaid = "PARTIALLY_PAID" / "部分已付",
        Paid = "PAID" / "已支付",
        Cancelled = "CANCELLED" / "已取消",
    }
    transitions {
        Draft => Submitted,
        Submitted => CpApproved,
        CpApproved => PartiallyPaid,
        CpApproved => Paid,
        PartiallyPaid => Paid,
        Draft => Cancelled,
        Submitted => Cancelled,
        CpApproved => Cancelled,
    }
}

status! {
    /// One order's line of a premium payment application. LIVE and PAID lines hold the order
    /// (a unique index): it cannot be paid twice. A reversed disbursement frees it again.
    pub enum PremiumLineStatus in "premium_payment_line" {
        Live = "LIVE" / "待支付",
        Paid = "PAID" / "已支付",
        Removed = "REMOVED" / "已移除",
        Reversed = "REVERSED" / "已冲正",
    }
    transitions {
        Live => Paid,
        Live => Removed,
        Paid => Reversed,
    }
}

status! {
    /// A surrender application (退保申请, §3.5). A default surrender is filed only after the demand
    /// notice's cure deadline has passed, so the notice precedes it (a `demand_notice` row).
    /// REFUND_RECEIVED: the insurer's refund was applied and a shortfall is still owed.
    pub enum SurrenderStatus in "surrender" {
        PendingApproval = "PENDING_APPROVAL" / "待审批",
        Approved = "APPROVED" / "已审批（退保中）",
        Submitted = "SUBMITTED_TO_INSURER" / "已提交保险公司",
        InsurerConfirmed = "INSURER_CONFIRMED" / "保险公司已确认",
        RefundReceived = "REFUND_RECEIVED" / "退保款已冲账（差额待清）",
        Settled = "SETTLED" / "已结案",
        Rejected = "REJECTED" / "已驳回",
        Withdrawn = "WITHDRAWN" / "已撤回",
        Cancelled = "CANCELLED" / "已撤销退保",
        InsurerDeclined = "INSURER_DECLINED" / "保险公司拒绝",
    }
    transitions {
        PendingApproval => Approved,
        PendingApproval => Rejected,
        PendingApproval => Withdrawn,
        Approved => Submitted,
        Approved => Cancelled,
        Submitted => InsurerConfirmed,
        Submitted => InsurerDeclined,
        Submitted => Cancelled,
        InsurerConfirmed => RefundReceived,
        InsurerConfirmed => Settled,
        InsurerConfirmed => Cancelled,
        RefundReceived => Settled,
    }
}

status! {
    /// A demand notice (催告函) before a default surrender: SENT with its cure deadline; CURED when
    /// the order stops being overdue; CLOSED when the order left the repaying statuses otherwise.
    pub enum DemandNoticeStatus in "demand_notice" {
        Sent = "SENT" / "已催告",
        Cured = "CURED" / "已纠正",
        Closed = "CLOSED" / "已关闭",
    }
    transitions {
        Sent => Cured,
        Sent => Closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table_is_consistent<S: Status>() {
        for s in S::ALL {
            assert_eq!(S::parse(s.code()), Some(*s), "{}", S::KIND);
            assert!(!s.label().is_empty());
            assert!(!s.can_become(*s), "{}: {:?} → itself", S::KIND, s);
        }
        let codes: std::collections::BTreeSet<_> = S::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(codes.len(), S::ALL.len(), "{}: duplicate codes", S::KIND);
        assert_eq!(S::parse("NOPE"), None);
    }

    #[test]
    fn tables_are_consistent() {
        table_is_consistent::<ProviderStatus>();
        table_is_consistent::<EsignStatus>();
        table_is_consistent::<TemplateStatus>();
        table_is_consistent::<ProductStatus>();
        table_is_consistent::<NoticeStatus>();
        table_is_consistent::<DeliveryStatus>();
        table_is_consistent::<ContractStatus>();
        table_is_consistent::<ReceiptStatus>();
        table_is_consistent::<RepaymentStatus>();
        table_is_consistent::<WaiverStatus>();
        table_is_consistent::<RecoveryStatus>();
        table_is_consistent::<WriteOffStatus>();
        table_is_consistent::<SurrenderStatus>();
        table_is_consistent::<DemandNoticeStatus>();
        table_is_consistent::<PremiumStatus>();
        table_is_consistent::<PremiumLineStatus>();
    }

    #[test]
    fn a_terminated_provider_stays_terminated() {
        for to in ProviderStatus::ALL {
            let refused = ProviderStatus::Terminated.check(*to);
            assert!(refused.is_err(), "TERMINATED → {to:?}");
        }
        let err = ProviderStatus::Terminated.check(ProviderStatus::Active);
        assert_eq!(
            err.map_err(|e| e.to_string()),
            Err("当前状态不允许该操作（当前状态：已终止）".to_owned())
        );
        assert!(ProviderStatus::Paused.check(ProviderStatus::Active).is_ok());
    }

    #[test]
    fn every_pair_is_either_listed_or_refused() {
        for from in EsignStatus::ALL {
            for to in EsignStatus::ALL {
                let listed = EsignStatus::TRANSITIONS.contains(&(*from, *to));
                assert_eq!(from.check(*to).is_ok(), listed, "{from:?} → {to:?}");
            }
        }
    }
}
