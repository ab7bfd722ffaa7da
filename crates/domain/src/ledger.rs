//! The double-entry ledger's pure rules: the chart of accounts (each code with its owner and
//! type), the journal balance check (in total and per owner, every amount > 0) and the business
//! events as functions from plain amounts to balanced lines.
//!
//! Two legal entities share each order: the platform and the capital provider. A journal balances
//! for each of them on its own; money moves between them only through `P.DUE_TO_CP` ↔
//! `C.DUE_FROM_PLATFORM`. Interest, fees and penalties are recognised on receipt (cash basis).

use crate::money::Fen;
use crate::money::replay::Recovery;
use std::collections::BTreeMap;

/// Who keeps the books an account belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Owner {
    Platform,
    /// A capital provider (资金方), by id.
    CapitalProvider(i64),
}

impl Owner {
    /// The stored owner type: `PLATFORM` or `CP`.
    pub fn type_code(self) -> &'static str {
        match self {
            Owner::Platform => "PLATFORM",
            Owner::CapitalProvider(_) => "CP",
        }
    }

    /// The stored owner id: 0 for the platform (the column is NOT NULL so the unique index holds).
    pub fn id(self) -> i64 {
        match self {
            Owner::Platform => 0,
            Owner::CapitalProvider(id) => id,
        }
    }

    pub fn from_stored(type_code: &str, id: i64) -> Option<Owner> {
        match type_code {
            "PLATFORM" => Some(Owner::Platform),
            "CP" => Some(Owner::CapitalProvider(id)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccountType {
    Asset,
    Liability,
    Income,
    Expense,
    Equity,
}

impl AccountType {
    pub fn code(self) -> &'static str {
        match self {
            AccountType::Asset => "ASSET",
            AccountType::Liability => "LIABILITY",
            AccountType::Income => "INCOME",
            AccountType::Expense => "EXPENSE",
            AccountType::Equity => "EQUITY",
        }
    }

    /// The side that increases the account: debit for assets and expenses, credit otherwise.
    pub fn normal_side(self) -> Side {
        match self {
            AccountType::Asset | AccountType::Expense => Side::Debit,
            AccountType::Liability | AccountType::Income | AccountType::Equity => Side::Credit,
        }
    }

    /// The balance on the normal side from the debit and credit totals.
    pub fn balance(self, debits: i64, credits: i64) -> i64 {
        match self.normal_side() {
            Side::Debit => debits - credits,
            Side::Credit => credits - debits,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    Debit,
    Credit,
}

impl Side {
    /// The stored side: `D` or `C`.
    pub fn code(self) -> &'static str {
        match self {
            Side::Debit => "D",
            Side::Credit => "C",
        }
    }

    pub fn parse(code: &str) -> Option<Side> {
        match code {
            "D" => Some(Side::Debit),
            "C" => Some(Side::Credit),
            _ => None,
        }
    }

    pub fn opposite(self) -> Side {
        match self {
            Side::Debit => Side::Credit,
            Side::Credit => Side::Debit,
        }
    }
}

/// Whose books an account code lives in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnerKind {
    Platform,
    CapitalProvider,
}

/// What a sub-ledger key of an account names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subledger {
    None,
    Order,
    CapitalProvider,
    Insurer,
}

macro_rules! chart {
    ($($variant:ident => $code:literal, $kind:ident, $ty:ident, $sub:ident, $doc:literal;)*) => {
        /// The chart of accounts. `P.` accounts are the platform's, `C.` ones a capital provider's.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Account {
            $(#[doc = $doc] $variant,)*
        }

        impl Account {
            pub const ALL: &'static [Account] = &[$(Account::$variant,)*];

            /// The stored code, e.g. `P.COLLECTION`.
            pub fn code(self) -> &'static str {
                match self { $(Account::$variant => $code,)* }
            }

            pub fn owner_kind(self) -> OwnerKind {
                match self { $(Account::$variant => OwnerKind::$kind,)* }
            }

            pub fn account_type(self) -> AccountType {
                match self { $(Account::$variant => AccountType::$ty,)* }
            }

            /// What the account's sub-ledger key names (an order, a capital provider, an insurer).
            pub fn subledger(self) -> Subledger {
                match self { $(Account::$variant => Subledger::$sub,)* }
            }

            pub fn parse(code: &str) -> Option<Account> {
                Account::ALL.iter().copied().find(|a| a.code() == code)
            }
        }
    };
}

chart! {
    PBank => "P.BANK", Platform, Asset, None, "The platform's own funds.";
    PCollection => "P.COLLECTION", Platform, Asset, None, "The collection (escrow) account: customer money comes in here.";
    PDueToCp => "P.DUE_TO_CP", Platform, Liability, CapitalProvider, "What the platform owes a capital provider (per provider).";
    PDueToInsurer => "P.DUE_TO_INSURER", Platform, Liability, Insurer, "What the platform owes an insurer (per insurer).";
    PCustomerCredit => "P.CUSTOMER_CREDIT", Platform, Liability, Order, "A customer's credit on an order: overpayment, surplus, a 期初 first instalment not yet applied.";
    PDepositHeld => "P.DEPOSIT_HELD", Platform, Liability, Order, "The deposit (保证金) held for an order.";
    PAdvanceReceivable => "P.ADVANCE_RECEIVABLE", Platform, Asset, Order, "What the platform advanced (代偿) on an order and has not recovered.";
    PIncomeFee => "P.INCOME_FEE", Platform, Income, None, "Fees received.";
    PIncomePenalty => "P.INCOME_PENALTY", Platform, Income, None, "The platform's share of penalties received.";
    PIncomeCommission => "P.INCOME_COMMISSION", Platform, Income, None, "An insurer's rebate.";
    PExpenseWaiver => "P.EXPENSE_WAIVER", Platform, Expense, None, "Waivers the platform bears.";
    PExpenseWriteOff => "P.EXPENSE_WRITE_OFF", Platform, Expense, None, "Write-offs the platform bears.";
    PExpenseCollection => "P.EXPENSE_COLLECTION", Platform, Expense, None, "Collection costs.";
    CBank => "C.BANK", CapitalProvider, Asset, None, "The capital provider's funds.";
    CLoanPrincipal => "C.LOAN_PRINCIPAL", CapitalProvider, Asset, Order, "Principal outstanding on an order.";
    CDueFromPlatform => "C.DUE_FROM_PLATFORM", CapitalProvider, Asset, None, "What the platform owes the capital provider, from the provider's side.";
    CIncomeInterest => "C.INCOME_INTEREST", CapitalProvider, Income, None, "Interest received.";
    CIncomePenalty => "C.INCOME_PENALTY", CapitalProvider, Income, None, "The capital provider's share of penalties received.";
    CExpenseWriteOff => "C.EXPENSE_WRITE_OFF", CapitalProvider, Expense, None, "Write-offs the capital provider bears.";
}

/// One posting of a journal before it is stored.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Line {
    pub owner: Owner,
    pub account: Account,
    /// The sub-ledger key ("" for none): an order id, a capital provider id or an insurer id.
    pub subledger: String,
    pub side: Side,
    pub amount: Fen,
}

impl Line {
    pub fn new(owner: Owner, account: Account, subledger: &str, side: Side, amount: Fen) -> Line {
        Line {
            owner,
            account,
            subledger: subledger.to_owned(),
            side,
            amount,
        }
    }

    /// The line on the other side: what a reversal posts.
    pub fn mirrored(&self) -> Line {
        Line {
            side: self.side.opposite(),
            ..self.clone()
        }
    }
}

/// Why a journal cannot be posted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum JournalError {
    #[error("分录不能为空")]
    Empty,
    #[error("分录金额必须大于0（{account}：{amount}分）")]
    NotPositive { account: &'static str, amount: i64 },
    #[error("科目{account}不属于该账套")]
    WrongOwner { account: &'static str },
    #[error("科目{account}需要明细键")]
    MissingSubledger { account: &'static str },
    #[error("科目{account}没有明细键")]
    UnexpectedSubledger { account: &'static str },
    #[error("借贷不平衡（借方{debits}分，贷方{credits}分）")]
    Unbalanced { debits: i128, credits: i128 },
    #[error("账套内借贷不平衡（{owner}：借方{debits}分，贷方{credits}分）")]
    OwnerUnbalanced {
        owner: String,
        debits: i128,
        credits: i128,
    },
}

/// Checks a journal's lines: at least one line, every amount > 0, each account in the books of an
/// owner of its kind with a sub-ledger key exactly when the account has one, Σ D = Σ C in total
/// and for each owner.
pub fn check_journal(lines: &[Line]) -> Result<(), JournalError> {
    if lines.is_empty() {
        return Err(JournalError::Empty);
    }
    let mut per_owner: BTreeMap<Owner, (i128, i128)> = BTreeMap::new();
    for line in lines {
        let account = line.account.code();
        if line.amount.0 <= 0 {
            return Err(JournalError::NotPositive {
                account,
                amount: line.amount.0,
            });
        }
        let kind_matches = matches!(
            (line.account.owner_kind(), line.owner),
            (OwnerKind::Platform, Owner::Platform)
                | (OwnerKind::CapitalProvider, Owner::CapitalProvider(_))
        );
        if !kind_matches {
            return Err(JournalError::WrongOwner { account });
        }
        match (line.account.subledger(), line.subledger.is_empty()) {
            (Subledger::None, false) => return Err(JournalError::UnexpectedSubledger { account }),
            (Subledger::Order | Subledger::CapitalProvider | Subledger::Insurer, true) => {
                return Err(JournalError::MissingSubledger { account });
            }
            _ => {}
        }
        let entry = per_owner.entry(line.owner).or_default();
        match line.side {
            Side::Debit => entry.0 += i128::from(line.amount.0),
            Side::Credit => entry.1 += i128::from(line.amount.0),
        }
    }
    let debits: i128 = per_owner.values().map(|t| t.0).sum();
    let credits: i128 = per_owner.values().map(|t| t.1).sum();
    if debits != credits {
        return Err(JournalError::Unbalanced { debits, credits });
    }
    for (owner, (debits, credits)) in per_owner {
        if debits != credits {
            let owner = match owner {
                Owner::Platform => "平台".to_owned(),
                Owner::CapitalProvider(id) => format!("资金方{id}"),
            };
            return Err(JournalError::OwnerUnbalanced {
                owner,
                debits,
                credits,
            });
        }
    }
    Ok(())
}

/// The lines of a reversal: every line on the other side.
pub fn mirror(lines: &[Line]) -> Vec<Line> {
    lines.iter().map(Line::mirrored).collect()
}

/// The business events that post journals (E1–E14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// E1: down payment (with fee, deposit, a 期初 first instalment) received from the customer.
    DownPaymentReceived,
    /// E2: the down payment forwarded to the insurer.
    DownPaymentForwarded,
    /// E3: the capital provider pays the financed premium (disbursement).
    Disbursement,
    /// E4: a repayment from the customer, allocated.
    Repayment,
    /// E5: the platform remits collected money to the capital provider.
    Remittance,
    /// E6: the platform advances (代偿) an overdue instalment to the capital provider.
    Advance,
    /// E7: an advanced instalment recovered from the customer.
    Recovery,
    /// E8: a waiver with a posting (the platform bears the interest, or an advanced item).
    Waiver,
    /// E9: a surrender refund from the insurer applied to the order, the surplus paid out.
    SurrenderRefund,
    /// E10: a write-off, borne by the capital provider or the platform.
    WriteOff,
    /// E11: the deposit offsets the last instalment.
    DepositOffset,
    /// E12: the deposit or a credit refunded to the customer.
    CustomerRefund,
    /// E13: what was collected refunded on cancellation before disbursement.
    CancellationRefund,
    /// E14: the mirror of another journal.
    Reversal,
}

impl Event {
    pub const ALL: &'static [Event] = &[
        Event::DownPaymentReceived,
        Event::DownPaymentForwarded,
        Event::Disbursement,
        Event::Repayment,
        Event::Remittance,
        Event::Advance,
        Event::Recovery,
        Event::Waiver,
        Event::SurrenderRefund,
        Event::WriteOff,
        Event::DepositOffset,
        Event::CustomerRefund,
        Event::CancellationRefund,
        Event::Reversal,
    ];

    /// The stored event type.
    pub fn code(self) -> &'static str {
        match self {
            Event::DownPaymentReceived => "DOWN_PAYMENT_RECEIVED",
            Event::DownPaymentForwarded => "DOWN_PAYMENT_FORWARDED",
            Event::Disbursement => "DISBURSEMENT",
            Event::Repayment => "REPAYMENT",
            Event::Remittance => "REMITTANCE",
            Event::Advance => "ADVANCE",
            Event::Recovery => "RECOVERY",
            Event::Waiver => "WAIVER",
            Event::SurrenderRefund => "SURRENDER_REFUND",
            Event::WriteOff => "WRITE_OFF",
            Event::DepositOffset => "DEPOSIT_OFFSET",
            Event::CustomerRefund => "CUSTOMER_REFUND",
            Event::CancellationRefund => "CANCELLATION_REFUND",
            Event::Reversal => "REVERSAL",
        }
    }

    pub fn parse(code: &str) -> Option<Event> {
        Event::ALL.iter().copied().find(|e| e.code() == code)
    }
}

/// The other party of a journal: customers and insurers are outside counterparties, not books.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counterparty {
    Customer(Option<i64>),
    Insurer(i64),
    CapitalProvider(i64),
    Platform,
}

impl Counterparty {
    pub fn type_code(self) -> &'static str {
        match self {
            Counterparty::Customer(_) => "CUSTOMER",
            Counterparty::Insurer(_) => "INSURER",
            Counterparty::CapitalProvider(_) => "CP",
            Counterparty::Platform => "PLATFORM",
        }
    }

    pub fn id(self) -> Option<i64> {
        match self {
            Counterparty::Customer(id) => id,
            Counterparty::Insurer(id) | Counterparty::CapitalProvider(id) => Some(id),
            Counterparty::Platform => None,
        }
    }

    pub fn from_stored(type_code: &str, id: Option<i64>) -> Option<Counterparty> {
        match (type_code, id) {
            ("CUSTOMER", id) => Some(Counterparty::Customer(id)),
            ("INSURER", Some(id)) => Some(Counterparty::Insurer(id)),
            ("CP", Some(id)) => Some(Counterparty::CapitalProvider(id)),
            ("PLATFORM", _) => Some(Counterparty::Platform),
            _ => None,
        }
    }
}

/// Builds an event's lines; lines of zero are left out (a posting is always > 0).
struct Lines(Vec<Line>);

impl Lines {
    fn new() -> Lines {
        Lines(Vec::new())
    }

    fn add(mut self, owner: Owner, account: Account, sub: &str, side: Side, amount: i64) -> Lines {
        if amount != 0 {
            self.0
                .push(Line::new(owner, account, sub, side, Fen(amount)));
        }
        self
    }

    fn p(self, account: Account, sub: &str, side: Side, amount: i64) -> Lines {
        self.add(Owner::Platform, account, sub, side, amount)
    }

    fn c(self, cp: i64, account: Account, sub: &str, side: Side, amount: i64) -> Lines {
        self.add(Owner::CapitalProvider(cp), account, sub, side, amount)
    }
}

use Account::*;
use Side::{Credit, Debit};

/// The ids an order's journals refer to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderRef {
    pub order_id: i64,
    pub capital_provider_id: i64,
    pub insurer_id: i64,
}

impl OrderRef {
    fn order(&self) -> String {
        self.order_id.to_string()
    }
    fn cp(&self) -> String {
        self.capital_provider_id.to_string()
    }
    fn insurer(&self) -> String {
        self.insurer_id.to_string()
    }
}

/// What the customer pays with the down payment (E1), and what a cancellation refunds (E13).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct DownPayment {
    /// The down payment, owed to the insurer.
    pub down: Fen,
    pub fee: Fen,
    pub deposit: Fen,
    /// The first instalment of a 期初 order, held as credit until it is applied (E4 from credit).
    pub first_instalment: Fen,
}

impl DownPayment {
    pub fn total(&self) -> i64 {
        self.down.0 + self.fee.0 + self.deposit.0 + self.first_instalment.0
    }
}

/// E1: P Dr COLLECTION total; Cr DUE_TO_INSURER down; Cr INCOME_FEE fee; Cr DEPOSIT_HELD deposit;
/// Cr CUSTOMER_CREDIT first instalment.
pub fn down_payment_received(order: &OrderRef, paid: &DownPayment) -> Vec<Line> {
    Lines::new()
        .p(PCollection, "", Debit, paid.total())
        .p(PDueToInsurer, &order.insurer(), Credit, paid.down.0)
        .p(PIncomeFee, "", Credit, paid.fee.0)
        .p(PDepositHeld, &order.order(), Credit, paid.deposit.0)
        .p(
            PCustomerCredit,
            &order.order(),
            Credit,
            paid.first_instalment.0,
        )
        .0
}

/// E2: P Dr DUE_TO_INSURER; Cr COLLECTION.
pub fn down_payment_forwarded(insurer_id: i64, amount: Fen) -> Vec<Line> {
    let insurer = insurer_id.to_string();
    Lines::new()
        .p(PDueToInsurer, &insurer, Debit, amount.0)
        .p(PCollection, "", Credit, amount.0)
        .0
}

/// E3: C Dr LOAN_PRINCIPAL[order]; Cr BANK. When the capital provider pays through the platform,
/// also P Dr COLLECTION; Cr DUE_TO_INSURER (the platform then forwards it, E2).
pub fn disbursement(order: &OrderRef, financed: Fen, via_platform: bool) -> Vec<Line> {
    let cp = order.capital_provider_id;
    let lines = Lines::new()
        .c(cp, CLoanPrincipal, &order.order(), Debit, financed.0)
        .c(cp, CBank, "", Credit, financed.0);
    if via_platform {
        lines
            .p(PCollection, "", Debit, financed.0)
            .p(PDueToInsurer, &order.insurer(), Credit, financed.0)
            .0
    } else {
        lines.0
    }
}

/// How a repayment was allocated (the money core's allocation), with the penalty already split
/// between the platform and the capital provider.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RepaymentSplit {
    pub principal: Fen,
    pub interest: Fen,
    pub fee: Fen,
    pub penalty_platform: Fen,
    pub penalty_cp: Fen,
    pub overpayment: Fen,
    /// Principal + interest of advanced instalments: recovers the platform's advance (E7).
    pub recovered: Fen,
}

impl RepaymentSplit {
    pub fn total(&self) -> i64 {
        self.principal.0
            + self.interest.0
            + self.fee.0
            + self.penalty_platform.0
            + self.penalty_cp.0
            + self.overpayment.0
            + self.recovered.0
    }

    /// What the platform owes the capital provider for it: interest, principal and its penalty share.
    pub fn due_to_cp(&self) -> i64 {
        self.principal.0 + self.interest.0 + self.penalty_cp.0
    }

    /// The split of an allocation: the capital provider's share of the penalty is
    /// `floor(penalty × share_bp / 10 000)` (its contract says "up to"), the platform keeps the rest.
    pub fn of(
        allocation: &crate::money::allocation::PaymentAllocation,
        penalty_share_bp: i32,
    ) -> RepaymentSplit {
        Self::recovering(allocation, penalty_share_bp, &Recovery::default())
    }

    /// The split of an allocation part of which lands on instalments the platform advanced: that
    /// principal and interest recover the advance (the provider was paid already) and that penalty
    /// is the platform's alone; the provider's penalty share applies to the rest.
    pub fn recovering(
        allocation: &crate::money::allocation::PaymentAllocation,
        penalty_share_bp: i32,
        recovery: &Recovery,
    ) -> RepaymentSplit {
        use crate::money::product::Component;
        let mut split = RepaymentSplit {
            overpayment: allocation.overpayment_fen,
            ..RepaymentSplit::default()
        };
        let mut penalty = 0_i64;
        for line in &allocation.lines {
            let a = line.amount_fen.0;
            match line.component {
                Component::Principal => split.principal.0 += a,
                Component::Interest => split.interest.0 += a,
                Component::Fee => split.fee.0 += a,
                Component::Penalty => penalty += a,
            }
        }
        let rp = recovery.principal_fen.0.clamp(0, split.principal.0);
        let ri = recovery.interest_fen.0.clamp(0, split.interest.0);
        let rpen = recovery.penalty_fen.0.clamp(0, penalty);
        split.principal.0 -= rp;
        split.interest.0 -= ri;
        split.recovered = Fen(rp + ri);
        let shared = penalty - rpen;
        let share = i128::from(penalty_share_bp.clamp(0, 10_000));
        let cp = i64::try_from(i128::from(shared) * share / 10_000).unwrap_or(0);
        split.penalty_cp = Fen(cp);
        split.penalty_platform = Fen(penalty - cp);
        split
    }
}

/// Where the money of a repayment comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepaymentSource {
    /// Cash into the collection account (E4, E9).
    Collection,
    /// The deposit held for the order (E11).
    Deposit,
    /// The customer's credit on the order, e.g. a 期初 first instalment paid with the down payment.
    CustomerCredit,
}

/// E4 (and E11 with the deposit as source): P Dr source A; Cr INCOME_PENALTY platform share;
/// Cr INCOME_FEE; Cr DUE_TO_CP (principal + interest + CP penalty share); Cr CUSTOMER_CREDIT
/// overpayment. C Dr DUE_FROM_PLATFORM (the same); Cr LOAN_PRINCIPAL[order]; Cr INCOME_INTEREST;
/// Cr INCOME_PENALTY CP share. With E7 folded in: the principal + interest of advanced
/// instalments P Cr ADVANCE_RECEIVABLE[order] (the penalty on them is in the platform's share).
pub fn repayment(order: &OrderRef, split: &RepaymentSplit, source: RepaymentSource) -> Vec<Line> {
    let cp = order.capital_provider_id;
    let (from, sub) = match source {
        RepaymentSource::Collection => (PCollection, String::new()),
        RepaymentSource::Deposit => (PDepositHeld, order.order()),
        RepaymentSource::CustomerCredit => (PCustomerCredit, order.order()),
    };
    Lines::new()
        .p(from, &sub, Debit, split.total())
        .p(PIncomePenalty, "", Credit, split.penalty_platform.0)
        .p(PIncomeFee, "", Credit, split.fee.0)
        .p(PDueToCp, &order.cp(), Credit, split.due_to_cp())
        .p(PCustomerCredit, &order.order(), Credit, split.overpayment.0)
        .p(
            PAdvanceReceivable,
            &order.order(),
            Credit,
            split.recovered.0,
        )
        .c(cp, CDueFromPlatform, "", Debit, split.due_to_cp())
        .c(
            cp,
            CLoanPrincipal,
            &order.order(),
            Credit,
            split.principal.0,
        )
        .c(cp, CIncomeInterest, "", Credit, split.interest.0)
        .c(cp, CIncomePenalty, "", Credit, split.penalty_cp.0)
        .0
}

/// E11: the deposit offsets the last instalment: E4 with P Dr DEPOSIT_HELD instead of COLLECTION.
pub fn deposit_offset(order: &OrderRef, split: &RepaymentSplit) -> Vec<Line> {
    repayment(order, split, RepaymentSource::Deposit)
}

/// E5: P Dr DUE_TO_CP; Cr COLLECTION. C Dr BANK; Cr DUE_FROM_PLATFORM.
pub fn remittance(capital_provider_id: i64, amount: Fen) -> Vec<Line> {
    let cp = capital_provider_id;
    Lines::new()
        .p(PDueToCp, &cp.to_string(), Debit, amount.0)
        .p(PCollection, "", Credit, amount.0)
        .c(cp, CBank, "", Debit, amount.0)
        .c(cp, CDueFromPlatform, "", Credit, amount.0)
        .0
}

/// E6: the platform advances instalment principal + interest X. P Dr ADVANCE_RECEIVABLE[order] X;
/// Cr BANK X. C Dr BANK X; Cr LOAN_PRINCIPAL[order] principal; Cr INCOME_INTEREST interest.
pub fn advance(order: &OrderRef, principal: Fen, interest: Fen) -> Vec<Line> {
    let cp = order.capital_provider_id;
    let x = principal.0 + interest.0;
    Lines::new()
        .p(PAdvanceReceivable, &order.order(), Debit, x)
        .p(PBank, "", Credit, x)
        .c(cp, CBank, "", Debit, x)
        .c(cp, CLoanPrincipal, &order.order(), Credit, principal.0)
        .c(cp, CIncomeInterest, "", Credit, interest.0)
        .0
}

/// E7: Y recovered on an advanced order with `claim` still unrecovered: P Dr COLLECTION Y;
/// Cr ADVANCE_RECEIVABLE[order] min(Y, claim); Cr INCOME_PENALTY the rest.
pub fn recovery(order: &OrderRef, received: Fen, claim: Fen) -> Vec<Line> {
    let recovered = received.0.min(claim.0.max(0));
    Lines::new()
        .p(PCollection, "", Debit, received.0)
        .p(PAdvanceReceivable, &order.order(), Credit, recovered)
        .p(PIncomePenalty, "", Credit, received.0 - recovered)
        .0
}

/// Which E8 waiver posts anything (on the cash basis a waiver of interest, fee or penalty posts
/// nothing: the plan records what was waived).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WaiverKind {
    /// The platform bears the capital provider's interest: P Dr EXPENSE_WAIVER; Cr DUE_TO_CP.
    /// C Dr DUE_FROM_PLATFORM; Cr INCOME_INTEREST.
    PlatformBearsInterest,
    /// A waiver on an advanced instalment: P Dr EXPENSE_WAIVER; Cr ADVANCE_RECEIVABLE[order].
    AdvancedItem,
}

/// E8.
pub fn waiver(order: &OrderRef, kind: WaiverKind, amount: Fen) -> Vec<Line> {
    let cp = order.capital_provider_id;
    let w = amount.0;
    match kind {
        WaiverKind::PlatformBearsInterest => {
            Lines::new()
                .p(PExpenseWaiver, "", Debit, w)
                .p(PDueToCp, &order.cp(), Credit, w)
                .c(cp, CDueFromPlatform, "", Debit, w)
                .c(cp, CIncomeInterest, "", Credit, w)
                .0
        }
        WaiverKind::AdvancedItem => {
            Lines::new()
                .p(PExpenseWaiver, "", Debit, w)
                .p(PAdvanceReceivable, &order.order(), Credit, w)
                .0
        }
    }
}

/// E9: the insurer's refund applied like a repayment (its overpayment is the surplus, credited to
/// the customer) and `paid_out` of the credit paid to the customer: P Dr CUSTOMER_CREDIT; Cr
/// COLLECTION.
pub fn surrender_refund(order: &OrderRef, split: &RepaymentSplit, paid_out: Fen) -> Vec<Line> {
    let mut lines = repayment(order, split, RepaymentSource::Collection);
    lines.extend(customer_refund(order, RefundFrom::CustomerCredit, paid_out));
    lines
}

/// Who bears a write-off (E10).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteOffBearer {
    CapitalProvider,
    Platform,
}

/// E10: the capital provider bears it: C Dr EXPENSE_WRITE_OFF; Cr LOAN_PRINCIPAL[order]. The
/// platform bears it (buys the provider out): P Dr EXPENSE_WRITE_OFF; Cr DUE_TO_CP. C Dr
/// DUE_FROM_PLATFORM; Cr LOAN_PRINCIPAL[order].
pub fn write_off(order: &OrderRef, bearer: WriteOffBearer, principal: Fen) -> Vec<Line> {
    let cp = order.capital_provider_id;
    let x = principal.0;
    match bearer {
        WriteOffBearer::CapitalProvider => {
            Lines::new()
                .c(cp, CExpenseWriteOff, "", Debit, x)
                .c(cp, CLoanPrincipal, &order.order(), Credit, x)
                .0
        }
        WriteOffBearer::Platform => {
            Lines::new()
                .p(PExpenseWriteOff, "", Debit, x)
                .p(PDueToCp, &order.cp(), Credit, x)
                .c(cp, CDueFromPlatform, "", Debit, x)
                .c(cp, CLoanPrincipal, &order.order(), Credit, x)
                .0
        }
    }
}

/// E10 on instalments the platform advanced: the claim written off. P Dr EXPENSE_WRITE_OFF; Cr
/// ADVANCE_RECEIVABLE[order].
pub fn write_off_claim(order: &OrderRef, claim: Fen) -> Vec<Line> {
    Lines::new()
        .p(PExpenseWriteOff, "", Debit, claim.0)
        .p(PAdvanceReceivable, &order.order(), Credit, claim.0)
        .0
}

/// A write-off's journal lines: the platform's claim ([`write_off_claim`]) and the principal the
/// capital provider still held, by `bearer` ([`write_off`]). Interest, fee and penalty post nothing
/// on the cash basis.
pub fn write_off_lines(
    order: &OrderRef,
    bearer: WriteOffBearer,
    claim: Fen,
    funder_principal: Fen,
) -> Vec<Line> {
    let mut lines = Vec::new();
    if claim.is_positive() {
        lines.extend(write_off_claim(order, claim));
    }
    if funder_principal.is_positive() {
        lines.extend(write_off(order, bearer, funder_principal));
    }
    lines
}

/// What a collection agency or a lawsuit cost the platform: P Dr EXPENSE_COLLECTION; Cr BANK.
pub fn collection_cost(cost: Fen) -> Vec<Line> {
    Lines::new()
        .p(PExpenseCollection, "", Debit, cost.0)
        .p(PBank, "", Credit, cost.0)
        .0
}

/// What a refund to the customer (E12) pays out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundFrom {
    Deposit,
    CustomerCredit,
}

/// E12: P Dr DEPOSIT_HELD[order] or CUSTOMER_CREDIT[order]; Cr COLLECTION.
pub fn customer_refund(order: &OrderRef, from: RefundFrom, amount: Fen) -> Vec<Line> {
    let account = match from {
        RefundFrom::Deposit => PDepositHeld,
        RefundFrom::CustomerCredit => PCustomerCredit,
    };
    Lines::new()
        .p(account, &order.order(), Debit, amount.0)
        .p(PCollection, "", Credit, amount.0)
        .0
}

/// E13: the E1 lines that were collected, reversed: P Dr DUE_TO_INSURER, INCOME_FEE,
/// DEPOSIT_HELD, CUSTOMER_CREDIT; Cr COLLECTION the total.
pub fn cancellation_refund(order: &OrderRef, collected: &DownPayment) -> Vec<Line> {
    Lines::new()
        .p(PDueToInsurer, &order.insurer(), Debit, collected.down.0)
        .p(PIncomeFee, "", Debit, collected.fee.0)
        .p(PDepositHeld, &order.order(), Debit, collected.deposit.0)
        .p(
            PCustomerCredit,
            &order.order(),
            Debit,
            collected.first_instalment.0,
        )
        .p(PCollection, "", Credit, collected.total())
        .0
}

/// The balance of each (owner, account, sub-ledger) that `lines` move, on the account's normal
/// side: how the tests (and a reader) see what a series of journals leaves behind.
pub fn balances<'a, I>(lines: I) -> BTreeMap<(Owner, Account, String), i64>
where
    I: IntoIterator<Item = &'a Line>,
{
    let mut out: BTreeMap<(Owner, Account, String), i64> = BTreeMap::new();
    for line in lines {
        let sign = if line.side == line.account.account_type().normal_side() {
            1
        } else {
            -1
        };
        *out.entry((line.owner, line.account, line.subledger.clone()))
            .or_default() += sign * line.amount.0;
    }
    out
}

#[cfg(test)]
mod tests;
