//! Each event's postings with worked figures, and that every journal balances in total and per
//! owner.

use super::*;

const ORDER: OrderRef = OrderRef {
    order_id: 7,
    capital_provider_id: 3,
    insurer_id: 5,
};

/// `owner side code[sub] amount` per line, e.g. `P D P.COLLECTION 1000`.
fn show(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|l| {
            let owner = match l.owner {
                Owner::Platform => "P".to_owned(),
                Owner::CapitalProvider(id) => format!("C{id}"),
            };
            let sub = if l.subledger.is_empty() {
                String::new()
            } else {
                format!("[{}]", l.subledger)
            };
            format!(
                "{owner} {} {}{sub} {}",
                l.side.code(),
                l.account.code(),
                l.amount.0
            )
        })
        .collect()
}

/// Posts `lines` and checks the journal and its mirror balance.
fn balanced(lines: Vec<Line>) -> Vec<Line> {
    assert_eq!(check_journal(&lines), Ok(()), "{:?}", show(&lines));
    assert_eq!(check_journal(&mirror(&lines)), Ok(()));
    lines
}

fn line(owner: Owner, account: Account, sub: &str, side: Side, amount: i64) -> Line {
    Line::new(owner, account, sub, side, Fen(amount))
}

#[test]
fn the_chart_has_unique_codes_owned_by_their_prefix() {
    let mut codes: Vec<&str> = Account::ALL.iter().map(|a| a.code()).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), Account::ALL.len());
    for account in Account::ALL {
        let expected = if account.code().starts_with("P.") {
            OwnerKind::Platform
        } else {
            OwnerKind::CapitalProvider
        };
        assert_eq!(account.owner_kind(), expected, "{}", account.code());
        assert_eq!(Account::parse(account.code()), Some(*account));
    }
    for event in Event::ALL {
        assert_eq!(Event::parse(event.code()), Some(*event));
    }
    assert_eq!(AccountType::Asset.normal_side(), Side::Debit);
    assert_eq!(AccountType::Liability.balance(10, 25), 15);
}

#[test]
fn a_journal_balances_in_total_and_per_owner_with_positive_amounts() {
    let p = Owner::Platform;
    let c = Owner::CapitalProvider(3);
    assert_eq!(check_journal(&[]), Err(JournalError::Empty));
    // Balanced in total, but the platform's debit pays the provider's credit.
    let cross = [
        line(p, PCollection, "", Debit, 100),
        line(c, CBank, "", Credit, 100),
    ];
    assert!(matches!(
        check_journal(&cross),
        Err(JournalError::OwnerUnbalanced { .. })
    ));
    // Two providers: balanced in total, not per provider.
    let two = [
        line(Owner::CapitalProvider(1), CBank, "", Debit, 100),
        line(Owner::CapitalProvider(2), CBank, "", Credit, 100),
    ];
    assert!(matches!(
        check_journal(&two),
        Err(JournalError::OwnerUnbalanced { .. })
    ));
    let unbalanced = [
        line(p, PCollection, "", Debit, 100),
        line(p, PIncomeFee, "", Credit, 99),
    ];
    assert_eq!(
        check_journal(&unbalanced),
        Err(JournalError::Unbalanced {
            debits: 100,
            credits: 99
        })
    );
    for amount in [0, -5] {
        let bad = [
            line(p, PCollection, "", Debit, amount),
            line(p, PIncomeFee, "", Credit, amount),
        ];
        assert!(matches!(
            check_journal(&bad),
            Err(JournalError::NotPositive { .. })
        ));
    }
    let wrong_books = [
        line(p, CBank, "", Debit, 1),
        line(p, PIncomeFee, "", Credit, 1),
    ];
    assert!(matches!(
        check_journal(&wrong_books),
        Err(JournalError::WrongOwner { .. })
    ));
    let no_order = [
        line(p, PDepositHeld, "", Credit, 1),
        line(p, PCollection, "", Debit, 1),
    ];
    assert!(matches!(
        check_journal(&no_order),
        Err(JournalError::MissingSubledger { .. })
    ));
    let stray_key = [
        line(p, PCollection, "7", Debit, 1),
        line(p, PIncomeFee, "", Credit, 1),
    ];
    assert!(matches!(
        check_journal(&stray_key),
        Err(JournalError::UnexpectedSubledger { .. })
    ));
    let good = [
        line(p, PCollection, "", Debit, 100),
        line(p, PIncomeFee, "", Credit, 40),
        line(p, PDueToCp, "3", Credit, 60),
        line(c, CDueFromPlatform, "", Debit, 60),
        line(c, CIncomeInterest, "", Credit, 60),
    ];
    assert_eq!(check_journal(&good), Ok(()));
}

#[test]
fn e1_down_payment_received() {
    let paid = DownPayment {
        down: Fen(300_000),
        fee: Fen(5_000),
        deposit: Fen(20_000),
        first_instalment: Fen(88_849),
    };
    let lines = balanced(down_payment_received(&ORDER, &paid));
    assert_eq!(
        show(&lines),
        [
            "P D P.COLLECTION 413849",
            "P C P.DUE_TO_INSURER[5] 300000",
            "P C P.INCOME_FEE 5000",
            "P C P.DEPOSIT_HELD[7] 20000",
            "P C P.CUSTOMER_CREDIT[7] 88849",
        ]
    );
    // Without fee, deposit or first instalment those lines are left out.
    let plain = DownPayment {
        down: Fen(300_000),
        ..DownPayment::default()
    };
    assert_eq!(balanced(down_payment_received(&ORDER, &plain)).len(), 2);
}

#[test]
fn e2_down_payment_forwarded() {
    let lines = balanced(down_payment_forwarded(5, Fen(300_000)));
    assert_eq!(
        show(&lines),
        ["P D P.DUE_TO_INSURER[5] 300000", "P C P.COLLECTION 300000"]
    );
}

#[test]
fn e3_disbursement_direct_and_through_the_platform() {
    let direct = balanced(disbursement(&ORDER, Fen(1_000_000), false));
    assert_eq!(
        show(&direct),
        ["C3 D C.LOAN_PRINCIPAL[7] 1000000", "C3 C C.BANK 1000000"]
    );
    let via = balanced(disbursement(&ORDER, Fen(1_000_000), true));
    assert_eq!(
        show(&via),
        [
            "C3 D C.LOAN_PRINCIPAL[7] 1000000",
            "C3 C C.BANK 1000000",
            "P D P.COLLECTION 1000000",
            "P C P.DUE_TO_INSURER[5] 1000000",
        ]
    );
}

fn split() -> RepaymentSplit {
    RepaymentSplit {
        principal: Fen(78_849),
        interest: Fen(10_000),
        fee: Fen(1_000),
        penalty_platform: Fen(132),
        penalty_cp: Fen(308),
        overpayment: Fen(11),
        recovered: Fen(0),
    }
}

#[test]
fn e4_repayment() {
    let lines = balanced(repayment(&ORDER, &split(), RepaymentSource::Collection));
    assert_eq!(
        show(&lines),
        [
            "P D P.COLLECTION 90300",
            "P C P.INCOME_PENALTY 132",
            "P C P.INCOME_FEE 1000",
            "P C P.DUE_TO_CP[3] 89157",
            "P C P.CUSTOMER_CREDIT[7] 11",
            "C3 D C.DUE_FROM_PLATFORM 89157",
            "C3 C C.LOAN_PRINCIPAL[7] 78849",
            "C3 C C.INCOME_INTEREST 10000",
            "C3 C C.INCOME_PENALTY 308",
        ]
    );
    // A 期初 first instalment is paid from the customer's credit.
    let from_credit = balanced(repayment(
        &ORDER,
        &RepaymentSplit {
            principal: Fen(78_849),
            interest: Fen(10_000),
            ..RepaymentSplit::default()
        },
        RepaymentSource::CustomerCredit,
    ));
    assert_eq!(show(&from_credit)[0], "P D P.CUSTOMER_CREDIT[7] 88849");
}

#[test]
fn e5_remittance() {
    let lines = balanced(remittance(3, Fen(89_157)));
    assert_eq!(
        show(&lines),
        [
            "P D P.DUE_TO_CP[3] 89157",
            "P C P.COLLECTION 89157",
            "C3 D C.BANK 89157",
            "C3 C C.DUE_FROM_PLATFORM 89157",
        ]
    );
}

#[test]
fn e6_advance() {
    let lines = balanced(advance(&ORDER, Fen(78_849), Fen(10_000)));
    assert_eq!(
        show(&lines),
        [
            "P D P.ADVANCE_RECEIVABLE[7] 88849",
            "P C P.BANK 88849",
            "C3 D C.BANK 88849",
            "C3 C C.LOAN_PRINCIPAL[7] 78849",
            "C3 C C.INCOME_INTEREST 10000",
        ]
    );
}

#[test]
fn e7_recovery_beyond_the_claim_is_penalty_income() {
    let lines = balanced(recovery(&ORDER, Fen(90_000), Fen(88_849)));
    assert_eq!(
        show(&lines),
        [
            "P D P.COLLECTION 90000",
            "P C P.ADVANCE_RECEIVABLE[7] 88849",
            "P C P.INCOME_PENALTY 1151",
        ]
    );
    let partial = balanced(recovery(&ORDER, Fen(50_000), Fen(88_849)));
    assert_eq!(
        show(&partial),
        [
            "P D P.COLLECTION 50000",
            "P C P.ADVANCE_RECEIVABLE[7] 50000"
        ]
    );
}

#[test]
fn e8_waivers_that_post() {
    let borne = balanced(waiver(&ORDER, WaiverKind::PlatformBearsInterest, Fen(500)));
    assert_eq!(
        show(&borne),
        [
            "P D P.EXPENSE_WAIVER 500",
            "P C P.DUE_TO_CP[3] 500",
            "C3 D C.DUE_FROM_PLATFORM 500",
            "C3 C C.INCOME_INTEREST 500",
        ]
    );
    let advanced = balanced(waiver(&ORDER, WaiverKind::AdvancedItem, Fen(500)));
    assert_eq!(
        show(&advanced),
        [
            "P D P.EXPENSE_WAIVER 500",
            "P C P.ADVANCE_RECEIVABLE[7] 500"
        ]
    );
}

#[test]
fn e9_surrender_refund_applied_and_surplus_paid_out() {
    let refund = RepaymentSplit {
        principal: Fen(500_000),
        interest: Fen(5_000),
        overpayment: Fen(12_000),
        ..RepaymentSplit::default()
    };
    let lines = balanced(surrender_refund(&ORDER, &refund, Fen(12_000)));
    assert_eq!(
        show(&lines),
        [
            "P D P.COLLECTION 517000",
            "P C P.DUE_TO_CP[3] 505000",
            "P C P.CUSTOMER_CREDIT[7] 12000",
            "C3 D C.DUE_FROM_PLATFORM 505000",
            "C3 C C.LOAN_PRINCIPAL[7] 500000",
            "C3 C C.INCOME_INTEREST 5000",
            "P D P.CUSTOMER_CREDIT[7] 12000",
            "P C P.COLLECTION 12000",
        ]
    );
    let left = balances(&lines);
    assert_eq!(left[&(Owner::Platform, PCustomerCredit, "7".to_owned())], 0);
}

#[test]
fn e10_write_off_by_bearer() {
    let cp = balanced(write_off(&ORDER, WriteOffBearer::CapitalProvider, Fen(400)));
    assert_eq!(
        show(&cp),
        [
            "C3 D C.EXPENSE_WRITE_OFF 400",
            "C3 C C.LOAN_PRINCIPAL[7] 400"
        ]
    );
    let platform = balanced(write_off(&ORDER, WriteOffBearer::Platform, Fen(400)));
    assert_eq!(
        show(&platform),
        [
            "P D P.EXPENSE_WRITE_OFF 400",
            "P C P.DUE_TO_CP[3] 400",
            "C3 D C.DUE_FROM_PLATFORM 400",
            "C3 C C.LOAN_PRINCIPAL[7] 400",
        ]
    );
}

#[test]
fn e11_deposit_offsets_the_last_instalment() {
    let last = RepaymentSplit {
        principal: Fen(15_000),
        interest: Fen(1_000),
        ..RepaymentSplit::default()
    };
    let lines = balanced(deposit_offset(&ORDER, &last));
    assert_eq!(
        show(&lines),
        [
            "P D P.DEPOSIT_HELD[7] 16000",
            "P C P.DUE_TO_CP[3] 16000",
            "C3 D C.DUE_FROM_PLATFORM 16000",
            "C3 C C.LOAN_PRINCIPAL[7] 15000",
            "C3 C C.INCOME_INTEREST 1000",
        ]
    );
}

#[test]
fn e12_refunds_to_the_customer() {
    let deposit = balanced(customer_refund(&ORDER, RefundFrom::Deposit, Fen(4_000)));
    assert_eq!(
        show(&deposit),
        ["P D P.DEPOSIT_HELD[7] 4000", "P C P.COLLECTION 4000"]
    );
    let credit = balanced(customer_refund(&ORDER, RefundFrom::CustomerCredit, Fen(11)));
    assert_eq!(
        show(&credit),
        ["P D P.CUSTOMER_CREDIT[7] 11", "P C P.COLLECTION 11"]
    );
}

#[test]
fn e13_cancellation_refund_undoes_what_e1_collected() {
    let paid = DownPayment {
        down: Fen(300_000),
        fee: Fen(5_000),
        deposit: Fen(20_000),
        first_instalment: Fen(0),
    };
    let refund = balanced(cancellation_refund(&ORDER, &paid));
    assert_eq!(
        show(&refund),
        [
            "P D P.DUE_TO_INSURER[5] 300000",
            "P D P.INCOME_FEE 5000",
            "P D P.DEPOSIT_HELD[7] 20000",
            "P C P.COLLECTION 325000",
        ]
    );
    let mut both = down_payment_received(&ORDER, &paid);
    both.extend(refund);
    assert!(balances(&both).values().all(|b| *b == 0));
}

#[test]
fn e14_a_reversal_mirrors_and_nets_to_zero() {
    let original = repayment(&ORDER, &split(), RepaymentSource::Collection);
    let reversal = balanced(mirror(&original));
    assert_eq!(reversal.len(), original.len());
    for (o, r) in original.iter().zip(&reversal) {
        assert_eq!(r.side, o.side.opposite());
        assert_eq!(
            (r.owner, r.account, r.amount),
            (o.owner, o.account, o.amount)
        );
    }
    let mut both = original;
    both.extend(reversal);
    assert!(balances(&both).values().all(|b| *b == 0));
}

#[test]
fn an_order_after_down_payment_disbursement_and_first_repayment() {
    let paid = DownPayment {
        down: Fen(300_000),
        fee: Fen(5_000),
        deposit: Fen(20_000),
        first_instalment: Fen(0),
    };
    let mut all = down_payment_received(&ORDER, &paid);
    all.extend(disbursement(&ORDER, Fen(1_000_000), false));
    all.extend(repayment(&ORDER, &split(), RepaymentSource::Collection));
    let b = balances(&all);
    let p = Owner::Platform;
    let c = Owner::CapitalProvider(3);
    assert_eq!(b[&(p, PCollection, String::new())], 325_000 + 90_300);
    assert_eq!(b[&(p, PDueToInsurer, "5".to_owned())], 300_000);
    assert_eq!(b[&(p, PDepositHeld, "7".to_owned())], 20_000);
    assert_eq!(b[&(p, PIncomeFee, String::new())], 6_000);
    assert_eq!(b[&(p, PDueToCp, "3".to_owned())], 89_157);
    assert_eq!(b[&(c, CLoanPrincipal, "7".to_owned())], 1_000_000 - 78_849);
    assert_eq!(b[&(c, CBank, String::new())], -1_000_000);
    assert_eq!(b[&(c, CDueFromPlatform, String::new())], 89_157);
}

#[test]
fn a_split_gives_the_provider_its_penalty_share_rounded_down() {
    use crate::money::allocation::{AllocationLine, PaymentAllocation};
    use crate::money::product::Component;
    let line = |seq, component, fen| AllocationLine {
        item_seq: seq,
        component,
        amount_fen: Fen(fen),
    };
    let allocation = PaymentAllocation {
        lines: vec![
            line(1, Component::Penalty, 441),
            line(1, Component::Interest, 10_000),
            line(1, Component::Principal, 78_849),
            line(2, Component::Penalty, 0),
        ],
        overpayment_fen: Fen(5),
    };
    let split = RepaymentSplit::of(&allocation, 3_000);
    assert_eq!(split.penalty_cp, Fen(132)); // 441 × 30 % = 132.3
    assert_eq!(split.penalty_platform, Fen(309));
    assert_eq!(split.principal, Fen(78_849));
    assert_eq!(split.interest, Fen(10_000));
    assert_eq!(split.overpayment, Fen(5));
    assert_eq!(split.total(), 441 + 10_000 + 78_849 + 5);
    assert_eq!(RepaymentSplit::of(&allocation, 0).penalty_cp, Fen(0));
}

#[test]
fn e7_a_repayment_on_an_advanced_instalment_recovers_the_advance() {
    use crate::money::allocation::{AllocationLine, PaymentAllocation};
    use crate::money::product::Component;
    use crate::money::replay::Recovery;
    let line = |seq, component, fen| AllocationLine {
        item_seq: seq,
        component,
        amount_fen: Fen(fen),
    };
    // Instalment 1 (78 849 + 10 000) was advanced; the customer pays it with 1 330 penalty and
    // 20 000 towards instalment 2, which was not.
    let allocation = PaymentAllocation {
        lines: vec![
            line(1, Component::Penalty, 1_330),
            line(1, Component::Interest, 10_000),
            line(1, Component::Principal, 78_849),
            line(2, Component::Interest, 9_212),
            line(2, Component::Principal, 10_788),
        ],
        overpayment_fen: Fen(0),
    };
    let recovery = Recovery {
        principal_fen: Fen(78_849),
        interest_fen: Fen(10_000),
        penalty_fen: Fen(1_330),
    };
    let split = RepaymentSplit::recovering(&allocation, 3_000, &recovery);
    assert_eq!(split.recovered, Fen(88_849));
    assert_eq!(split.principal, Fen(10_788));
    assert_eq!(split.interest, Fen(9_212));
    assert_eq!(
        split.penalty_platform,
        Fen(1_330),
        "the penalty of an advanced instalment is the platform's"
    );
    assert_eq!(split.penalty_cp, Fen(0));
    let lines = balanced(repayment(&ORDER, &split, RepaymentSource::Collection));
    assert_eq!(
        show(&lines),
        [
            "P D P.COLLECTION 110179",
            "P C P.INCOME_PENALTY 1330",
            "P C P.DUE_TO_CP[3] 20000",
            "P C P.ADVANCE_RECEIVABLE[7] 88849",
            "C3 D C.DUE_FROM_PLATFORM 20000",
            "C3 C C.LOAN_PRINCIPAL[7] 10788",
            "C3 C C.INCOME_INTEREST 9212",
        ]
    );
    // Advance then recovery: the platform's receivable is back to zero, the provider was paid
    // once (by the advance) for instalment 1.
    let mut all = advance(&ORDER, Fen(78_849), Fen(10_000));
    all.extend(lines);
    let b = balances(&all);
    assert_eq!(b[&(Owner::Platform, PAdvanceReceivable, "7".to_owned())], 0);
    assert_eq!(
        b[&(Owner::CapitalProvider(3), CIncomeInterest, String::new())],
        10_000 + 9_212
    );
    assert_eq!(
        b[&(Owner::CapitalProvider(3), CLoanPrincipal, "7".to_owned())],
        -(78_849 + 10_788),
        "credited once per instalment (the disbursement's debit is not in this journal set)"
    );
}
