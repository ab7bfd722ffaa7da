//! The order and its state machine (docs/orders.md).
//!
//! An order moves only by events. Each event lists the statuses it may start from and the
//! statuses it may lead to (usually one; a few, such as `POLICY_ISSUED`, land in one of two
//! depending on the plan). [`OrderEvent::check`] is the one table every path asks: the
//! service's order transition refuses anything it does not list with the 409 naming the current
//! status, and a table-driven test tries every (status, event) pair.

use crate::status::{IllegalTransition, Status};

/// The status of an order: a stored code, a sort value that orders the lists, a label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderStatus {
    Applied,
    Intake,
    IntakeReview,
    Returned,
    PendingAllocation,
    Allocated,
    PendingDeclaration,
    PendingInsureConfirm,
    PendingSign,
    PendingDownPayment,
    PendingDisbursement,
    PendingPolicy,
    Repaying,
    Overdue,
    Surrendering,
    Settled,
    Surrendered,
    WrittenOff,
    Rejected,
    Cancelled,
}

use OrderStatus as S;

impl OrderStatus {
    /// The number that orders the lists (100 … 910).
    pub fn sort(self) -> i32 {
        match self {
            S::Applied => 100,
            S::Intake => 110,
            S::IntakeReview => 120,
            S::Returned => 130,
            S::PendingAllocation => 200,
            S::Allocated => 210,
            S::PendingDeclaration => 300,
            S::PendingInsureConfirm => 310,
            S::PendingSign => 320,
            S::PendingDownPayment => 330,
            S::PendingDisbursement => 400,
            S::PendingPolicy => 410,
            S::Repaying => 500,
            S::Overdue => 510,
            S::Surrendering => 520,
            S::Settled => 600,
            S::Surrendered => 610,
            S::WrittenOff => 620,
            S::Rejected => 900,
            S::Cancelled => 910,
        }
    }

    /// The English label (the Chinese one is [`Status::label`]).
    pub fn label_en(self) -> &'static str {
        match self {
            S::Applied => "Applied",
            S::Intake => "Intake in progress",
            S::IntakeReview => "Awaiting intake review",
            S::Returned => "Returned for correction",
            S::PendingAllocation => "Awaiting allocation",
            S::Allocated => "Awaiting provider confirmation",
            S::PendingDeclaration => "Awaiting owner declaration",
            S::PendingInsureConfirm => "Awaiting insurance confirmation",
            S::PendingSign => "Awaiting signing",
            S::PendingDownPayment => "Awaiting down payment",
            S::PendingDisbursement => "Awaiting disbursement",
            S::PendingPolicy => "Awaiting policy",
            S::Repaying => "Repaying",
            S::Overdue => "Overdue",
            S::Surrendering => "Surrendering",
            S::Settled => "Settled",
            S::Surrendered => "Surrendered",
            S::WrittenOff => "Written off",
            S::Rejected => "Rejected",
            S::Cancelled => "Cancelled",
        }
    }

    /// No event leads out of it except the re-opening ones.
    pub fn is_terminal(self) -> bool {
        matches!(
            self,
            S::Settled | S::Surrendered | S::WrittenOff | S::Rejected | S::Cancelled
        )
    }

    /// The order's data (customer, vehicle, quotes, amounts, documents) may be edited.
    pub fn is_editable(self) -> bool {
        matches!(self, S::Intake | S::Returned)
    }
}

impl Status for OrderStatus {
    const KIND: &'static str = "orders";
    const ALL: &'static [Self] = &[
        S::Applied,
        S::Intake,
        S::IntakeReview,
        S::Returned,
        S::PendingAllocation,
        S::Allocated,
        S::PendingDeclaration,
        S::PendingInsureConfirm,
        S::PendingSign,
        S::PendingDownPayment,
        S::PendingDisbursement,
        S::PendingPolicy,
        S::Repaying,
        S::Overdue,
        S::Surrendering,
        S::Settled,
        S::Surrendered,
        S::WrittenOff,
        S::Rejected,
        S::Cancelled,
    ];
    /// Every (from, to) some event allows; the events themselves are [`OrderEvent::EDGES`].
    const TRANSITIONS: &'static [(Self, Self)] = &[];

    fn code(self) -> &'static str {
        match self {
            S::Applied => "APPLIED",
            S::Intake => "INTAKE",
            S::IntakeReview => "INTAKE_REVIEW",
            S::Returned => "RETURNED",
            S::PendingAllocation => "PENDING_ALLOCATION",
            S::Allocated => "ALLOCATED",
            S::PendingDeclaration => "PENDING_DECLARATION",
            S::PendingInsureConfirm => "PENDING_INSURE_CONFIRM",
            S::PendingSign => "PENDING_SIGN",
            S::PendingDownPayment => "PENDING_DOWN_PAYMENT",
            S::PendingDisbursement => "PENDING_DISBURSEMENT",
            S::PendingPolicy => "PENDING_POLICY",
            S::Repaying => "REPAYING",
            S::Overdue => "OVERDUE",
            S::Surrendering => "SURRENDERING",
            S::Settled => "SETTLED",
            S::Surrendered => "SURRENDERED",
            S::WrittenOff => "WRITTEN_OFF",
            S::Rejected => "REJECTED",
            S::Cancelled => "CANCELLED",
        }
    }

    fn label(self) -> &'static str {
        match self {
            S::Applied => "待进件",
            S::Intake => "进件中",
            S::IntakeReview => "进件待审核",
            S::Returned => "退回补件",
            S::PendingAllocation => "待分配",
            S::Allocated => "资金方确认中",
            S::PendingDeclaration => "待车主声明/授权",
            S::PendingInsureConfirm => "待投保确认",
            S::PendingSign => "待签约",
            S::PendingDownPayment => "待付首付",
            S::PendingDisbursement => "待放款",
            S::PendingPolicy => "待出单",
            S::Repaying => "还款中",
            S::Overdue => "逾期",
            S::Surrendering => "退保中",
            S::Settled => "已结清",
            S::Surrendered => "已退保",
            S::WrittenOff => "已核销",
            S::Rejected => "已拒绝",
            S::Cancelled => "已取消",
        }
    }

    fn can_become(self, to: Self) -> bool {
        OrderEvent::EDGES
            .iter()
            .any(|edge| edge.from.contains(&self) && edge.to.contains(&to))
    }
}

/// What happens to an order (the status log's `event`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderEvent {
    Apply,
    StartIntake,
    SubmitIntake,
    ApproveIntake,
    Return,
    Resubmit,
    Reject,
    Allocate,
    CpAccept,
    Unallocate,
    NoFunder,
    DeclarationSigned,
    InsureConfirmed,
    Requote,
    ContractSigned,
    DownPaymentConfirmed,
    Timeout,
    Disbursed,
    UndoDisburse,
    PolicyIssued,
    BecameOverdue,
    Cured,
    Settle,
    SurrenderStart,
    SurrenderAbort,
    SurrenderSettled,
    WriteOff,
    Reopen,
    Cancel,
}

use OrderEvent as E;

/// One row of the transition table: an event, where it may start, where it may lead, and
/// whether the user who made or submitted the thing may not approve it (maker ≠ checker).
#[derive(Debug, Clone, Copy)]
pub struct Edge {
    pub event: OrderEvent,
    pub from: &'static [OrderStatus],
    pub to: &'static [OrderStatus],
    pub maker_checker: bool,
}

const BEFORE_SIGN: &[OrderStatus] = &[
    S::Applied,
    S::Intake,
    S::IntakeReview,
    S::Returned,
    S::PendingAllocation,
    S::Allocated,
    S::PendingDeclaration,
    S::PendingInsureConfirm,
    S::PendingSign,
    S::PendingDownPayment,
    S::PendingDisbursement,
];

impl OrderEvent {
    /// The order state machine: every change an order can make, and nothing else.
    pub const EDGES: &'static [Edge] = &[
        edge(E::Apply, &[], &[S::Applied], false),
        edge(E::StartIntake, &[S::Applied], &[S::Intake], false),
        edge(E::SubmitIntake, &[S::Intake], &[S::IntakeReview], false),
        edge(
            E::ApproveIntake,
            &[S::IntakeReview],
            &[S::PendingAllocation],
            true,
        ),
        edge(E::Return, &[S::IntakeReview], &[S::Returned], true),
        edge(E::Resubmit, &[S::Returned], &[S::IntakeReview], false),
        edge(E::Reject, &[S::IntakeReview], &[S::Rejected], true),
        edge(E::Allocate, &[S::PendingAllocation], &[S::Allocated], false),
        edge(
            E::CpAccept,
            &[S::Allocated],
            &[S::PendingDeclaration],
            false,
        ),
        edge(
            E::Unallocate,
            &[S::Allocated, S::PendingDeclaration, S::PendingInsureConfirm],
            &[S::PendingAllocation],
            true,
        ),
        edge(E::NoFunder, &[S::PendingAllocation], &[S::Rejected], true),
        edge(
            E::DeclarationSigned,
            &[S::PendingDeclaration],
            &[S::PendingInsureConfirm],
            false,
        ),
        edge(
            E::InsureConfirmed,
            &[S::PendingInsureConfirm],
            &[S::PendingSign],
            false,
        ),
        edge(
            E::Requote,
            &[S::PendingInsureConfirm],
            &[S::IntakeReview],
            false,
        ),
        edge(
            E::ContractSigned,
            &[S::PendingSign],
            &[S::PendingDownPayment],
            false,
        ),
        edge(
            E::DownPaymentConfirmed,
            &[S::PendingDownPayment],
            &[S::PendingDisbursement],
            true,
        ),
        edge(
            E::Timeout,
            &[S::PendingSign, S::PendingDownPayment],
            &[S::Cancelled],
            false,
        ),
        edge(
            E::Disbursed,
            &[S::PendingDisbursement],
            &[S::PendingPolicy],
            true,
        ),
        edge(
            E::UndoDisburse,
            &[S::PendingPolicy],
            &[S::PendingDisbursement],
            true,
        ),
        edge(
            E::PolicyIssued,
            &[S::PendingPolicy],
            &[S::Repaying, S::Overdue],
            false,
        ),
        edge(E::BecameOverdue, &[S::Repaying], &[S::Overdue], false),
        edge(E::Cured, &[S::Overdue], &[S::Repaying], false),
        edge(
            E::Settle,
            &[S::Repaying, S::Overdue, S::PendingPolicy, S::Surrendering],
            &[S::Settled],
            false,
        ),
        edge(
            E::SurrenderStart,
            &[S::Repaying, S::Overdue, S::PendingPolicy],
            &[S::Surrendering],
            true,
        ),
        edge(
            E::SurrenderAbort,
            &[S::Surrendering],
            &[S::Repaying, S::Overdue],
            true,
        ),
        edge(
            E::SurrenderSettled,
            &[S::Surrendering],
            &[S::Surrendered],
            true,
        ),
        edge(
            E::WriteOff,
            &[S::Overdue, S::Surrendering],
            &[S::WrittenOff],
            true,
        ),
        edge(
            E::Reopen,
            &[S::Settled, S::Surrendered, S::WrittenOff],
            &[S::Repaying, S::Overdue],
            true,
        ),
        edge(E::Cancel, BEFORE_SIGN, &[S::Cancelled], false),
    ];

    /// The stored code (`SUBMIT_INTAKE`).
    pub fn code(self) -> &'static str {
        match self {
            E::Apply => "APPLY",
            E::StartIntake => "START_INTAKE",
            E::SubmitIntake => "SUBMIT_INTAKE",
            E::ApproveIntake => "APPROVE_INTAKE",
            E::Return => "RETURN",
            E::Resubmit => "RESUBMIT",
            E::Reject => "REJECT",
            E::Allocate => "ALLOCATE",
            E::CpAccept => "CP_ACCEPT",
            E::Unallocate => "UNALLOCATE",
            E::NoFunder => "NO_FUNDER",
            E::DeclarationSigned => "DECLARATION_SIGNED",
            E::InsureConfirmed => "INSURE_CONFIRMED",
            E::Requote => "REQUOTE",
            E::ContractSigned => "CONTRACT_SIGNED",
            E::DownPaymentConfirmed => "DOWN_PAYMENT_CONFIRMED",
            E::Timeout => "TIMEOUT",
            E::Disbursed => "DISBURSED",
            E::UndoDisburse => "UNDO_DISBURSE",
            E::PolicyIssued => "POLICY_ISSUED",
            E::BecameOverdue => "BECAME_OVERDUE",
            E::Cured => "CURED",
            E::Settle => "SETTLE",
            E::SurrenderStart => "SURRENDER_START",
            E::SurrenderAbort => "SURRENDER_ABORT",
            E::SurrenderSettled => "SURRENDER_SETTLED",
            E::WriteOff => "WRITE_OFF",
            E::Reopen => "REOPEN",
            E::Cancel => "CANCEL",
        }
    }

    /// The Chinese name the timeline shows.
    pub fn label(self) -> &'static str {
        match self {
            E::Apply => "提交申请",
            E::StartIntake => "开始进件",
            E::SubmitIntake => "提交审核",
            E::ApproveIntake => "审核通过",
            E::Return => "退回补件",
            E::Resubmit => "重新提交",
            E::Reject => "审核拒绝",
            E::Allocate => "分配资金方",
            E::CpAccept => "资金方确认",
            E::Unallocate => "撤回分配",
            E::NoFunder => "无资金方，拒绝",
            E::DeclarationSigned => "车主声明已签署",
            E::InsureConfirmed => "核保通过",
            E::Requote => "保费变动需重审",
            E::ContractSigned => "合同已签署",
            E::DownPaymentConfirmed => "首付已确认",
            E::Timeout => "超时取消",
            E::Disbursed => "已放款",
            E::UndoDisburse => "放款冲正",
            E::PolicyIssued => "保单已出",
            E::BecameOverdue => "转入逾期",
            E::Cured => "逾期已结清",
            E::Settle => "结清",
            E::SurrenderStart => "开始退保",
            E::SurrenderAbort => "退保终止",
            E::SurrenderSettled => "退保完成",
            E::WriteOff => "核销",
            E::Reopen => "重新打开",
            E::Cancel => "取消订单",
        }
    }

    /// Every event, in the table's order.
    pub fn all() -> impl Iterator<Item = OrderEvent> {
        Self::EDGES.iter().map(|edge| edge.event)
    }

    /// The event of a stored code.
    pub fn parse(code: &str) -> Option<OrderEvent> {
        Self::all().find(|event| event.code() == code)
    }

    /// The table's row of this event.
    pub fn edge(self) -> &'static Edge {
        // Every event has exactly one row (a test checks it).
        Self::EDGES
            .iter()
            .find(|edge| edge.event == self)
            .unwrap_or(&Self::EDGES[0])
    }

    /// Whether the approver may not be the maker of what is approved.
    pub fn is_maker_checker(self) -> bool {
        self.edge().maker_checker
    }

    /// Whether this event may happen to an order in `from`.
    pub fn allowed_from(self, from: OrderStatus) -> bool {
        self.edge().from.contains(&from)
    }

    /// `Ok(to)` when the event leads from `from` to `to`; otherwise the 409 naming the current
    /// status.
    pub fn check(
        self,
        from: OrderStatus,
        to: OrderStatus,
    ) -> Result<OrderStatus, IllegalTransition> {
        let edge = self.edge();
        if edge.from.contains(&from) && edge.to.contains(&to) {
            Ok(to)
        } else {
            Err(IllegalTransition {
                from: from.label(),
                from_code: from.code(),
                to_code: to.code(),
            })
        }
    }

    /// The single target of an event that has one (every event but the two-way ones).
    pub fn target(self, from: OrderStatus) -> Result<OrderStatus, IllegalTransition> {
        let edge = self.edge();
        match edge.to {
            [to] => self.check(from, *to),
            _ => Err(IllegalTransition {
                from: from.label(),
                from_code: from.code(),
                to_code: "",
            }),
        }
    }
}

const fn edge(
    event: OrderEvent,
    from: &'static [OrderStatus],
    to: &'static [OrderStatus],
    maker_checker: bool,
) -> Edge {
    Edge {
        event,
        from,
        to,
        maker_checker,
    }
}

/// The readable order number: `BH` + the business date + a six-digit daily sequence
/// (`BH20261124000123`).
pub fn order_no(business_date: chrono::NaiveDate, sequence: u32) -> String {
    format!("BH{}{:06}", business_date.format("%Y%m%d"), sequence)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    /// The table of the business model, written out pair by pair: (from, event) → to, or refused.
    /// Every other pair must be refused.
    const EXPECTED: &[(OrderStatus, OrderEvent, OrderStatus)] = &[
        (S::Applied, E::StartIntake, S::Intake),
        (S::Intake, E::SubmitIntake, S::IntakeReview),
        (S::IntakeReview, E::ApproveIntake, S::PendingAllocation),
        (S::IntakeReview, E::Return, S::Returned),
        (S::Returned, E::Resubmit, S::IntakeReview),
        (S::IntakeReview, E::Reject, S::Rejected),
        (S::PendingAllocation, E::Allocate, S::Allocated),
        (S::Allocated, E::CpAccept, S::PendingDeclaration),
        (S::Allocated, E::Unallocate, S::PendingAllocation),
        (S::PendingDeclaration, E::Unallocate, S::PendingAllocation),
        (S::PendingInsureConfirm, E::Unallocate, S::PendingAllocation),
        (S::PendingAllocation, E::NoFunder, S::Rejected),
        (
            S::PendingDeclaration,
            E::DeclarationSigned,
            S::PendingInsureConfirm,
        ),
        (S::PendingInsureConfirm, E::InsureConfirmed, S::PendingSign),
        (S::PendingInsureConfirm, E::Requote, S::IntakeReview),
        (S::PendingSign, E::ContractSigned, S::PendingDownPayment),
        (
            S::PendingDownPayment,
            E::DownPaymentConfirmed,
            S::PendingDisbursement,
        ),
        (S::PendingSign, E::Timeout, S::Cancelled),
        (S::PendingDownPayment, E::Timeout, S::Cancelled),
        (S::PendingDisbursement, E::Disbursed, S::PendingPolicy),
        (S::PendingPolicy, E::UndoDisburse, S::PendingDisbursement),
        (S::PendingPolicy, E::PolicyIssued, S::Repaying),
        (S::PendingPolicy, E::PolicyIssued, S::Overdue),
        (S::Repaying, E::BecameOverdue, S::Overdue),
        (S::Overdue, E::Cured, S::Repaying),
        (S::Repaying, E::Settle, S::Settled),
        (S::Overdue, E::Settle, S::Settled),
        (S::PendingPolicy, E::Settle, S::Settled),
        (S::Surrendering, E::Settle, S::Settled),
        (S::Repaying, E::SurrenderStart, S::Surrendering),
        (S::Overdue, E::SurrenderStart, S::Surrendering),
        (S::PendingPolicy, E::SurrenderStart, S::Surrendering),
        (S::Surrendering, E::SurrenderAbort, S::Repaying),
        (S::Surrendering, E::SurrenderAbort, S::Overdue),
        (S::Surrendering, E::SurrenderSettled, S::Surrendered),
        (S::Overdue, E::WriteOff, S::WrittenOff),
        (S::Surrendering, E::WriteOff, S::WrittenOff),
        (S::Settled, E::Reopen, S::Repaying),
        (S::Settled, E::Reopen, S::Overdue),
        (S::Surrendered, E::Reopen, S::Repaying),
        (S::Surrendered, E::Reopen, S::Overdue),
        (S::WrittenOff, E::Reopen, S::Repaying),
        (S::WrittenOff, E::Reopen, S::Overdue),
        (S::Applied, E::Cancel, S::Cancelled),
        (S::Intake, E::Cancel, S::Cancelled),
        (S::IntakeReview, E::Cancel, S::Cancelled),
        (S::Returned, E::Cancel, S::Cancelled),
        (S::PendingAllocation, E::Cancel, S::Cancelled),
        (S::Allocated, E::Cancel, S::Cancelled),
        (S::PendingDeclaration, E::Cancel, S::Cancelled),
        (S::PendingInsureConfirm, E::Cancel, S::Cancelled),
        (S::PendingSign, E::Cancel, S::Cancelled),
        (S::PendingDownPayment, E::Cancel, S::Cancelled),
        (S::PendingDisbursement, E::Cancel, S::Cancelled),
    ];

    #[test]
    fn every_status_event_and_target_is_either_listed_or_refused_naming_the_status() {
        let mut allowed = 0;
        for &from in OrderStatus::ALL {
            for event in OrderEvent::all() {
                for &to in OrderStatus::ALL {
                    let listed = EXPECTED.contains(&(from, event, to));
                    match event.check(from, to) {
                        Ok(got) => {
                            assert!(listed, "{from:?} --{event:?}--> {to:?} is not in the table");
                            assert_eq!(got, to);
                            allowed += 1;
                        }
                        Err(refused) => {
                            assert!(!listed, "{from:?} --{event:?}--> {to:?} was refused");
                            assert_eq!(refused.from, from.label());
                            assert_eq!(
                                refused.to_string(),
                                format!("当前状态不允许该操作（当前状态：{}）", from.label())
                            );
                        }
                    }
                }
            }
        }
        assert_eq!(allowed, EXPECTED.len());
    }

    #[test]
    fn terminal_statuses_only_reopen() {
        for &from in OrderStatus::ALL.iter().filter(|s| s.is_terminal()) {
            for event in OrderEvent::all() {
                let leaves = event.edge().from.contains(&from);
                assert_eq!(
                    leaves,
                    event == E::Reopen && from != S::Rejected && from != S::Cancelled,
                    "{from:?} {event:?}"
                );
            }
        }
    }

    #[test]
    fn every_event_has_one_row_and_codes_round_trip() {
        for event in OrderEvent::all() {
            assert_eq!(
                OrderEvent::EDGES
                    .iter()
                    .filter(|e| e.event == event)
                    .count(),
                1
            );
            assert_eq!(OrderEvent::parse(event.code()), Some(event));
        }
        for &status in OrderStatus::ALL {
            assert_eq!(OrderStatus::parse(status.code()), Some(status));
        }
        let sorts: Vec<i32> = OrderStatus::ALL.iter().map(|s| s.sort()).collect();
        assert!(
            sorts.windows(2).all(|w| w[0] < w[1]),
            "sorts increase in display order"
        );
    }

    #[test]
    fn maker_checker_marks_the_approvals() {
        let checked: Vec<&str> = OrderEvent::all()
            .filter(|e| e.is_maker_checker())
            .map(|e| e.code())
            .collect();
        for code in [
            "APPROVE_INTAKE",
            "RETURN",
            "REJECT",
            "UNALLOCATE",
            "NO_FUNDER",
            "DOWN_PAYMENT_CONFIRMED",
            "DISBURSED",
        ] {
            assert!(checked.contains(&code), "{code}");
        }
        assert!(!OrderEvent::SubmitIntake.is_maker_checker());
        assert!(!OrderEvent::Allocate.is_maker_checker());
    }

    #[test]
    fn single_target_events_name_it_and_two_way_ones_need_the_caller_to_choose() {
        assert_eq!(E::SubmitIntake.target(S::Intake), Ok(S::IntakeReview));
        assert!(E::SubmitIntake.target(S::Applied).is_err());
        assert!(E::PolicyIssued.target(S::PendingPolicy).is_err());
        assert_eq!(
            E::PolicyIssued.check(S::PendingPolicy, S::Overdue),
            Ok(S::Overdue)
        );
    }

    #[test]
    fn order_numbers_are_readable_and_sort_by_day() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap_or_default();
        assert_eq!(order_no(day, 123), "BH20261124000123");
        assert!(order_no(day, 2) < order_no(day, 10));
    }
}
