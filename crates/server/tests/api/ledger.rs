//! The double-entry ledger against the real database: journals that do not balance (in total or
//! for one owner) or carry an amount ≤ 0 are refused and write nothing; an idempotency key posts
//! once; the database itself refuses UPDATE and DELETE on journals and postings; a reversal
//! mirrors its journal and happens once; balances per order after a down payment, the
//! disbursement and a repayment.

use chrono::NaiveDate;
use domain::ledger::{
    Account, Counterparty, DownPayment, Event, Line, OrderRef, Owner, RepaymentSource,
    RepaymentSplit, Side, disbursement, down_payment_received, repayment,
};
use domain::money::Fen;
use service::ledger::{NewJournal, Reversal};
use testkit::TestApp;

const ORDER: OrderRef = OrderRef {
    order_id: 7,
    capital_provider_id: 3,
    insurer_id: 5,
};

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 3, 15).unwrap_or_default()
}

fn journal(event: Event, key: &str, lines: Vec<Line>) -> NewJournal {
    NewJournal {
        event,
        order_id: Some(ORDER.order_id),
        business_date: day(),
        idempotency_key: key.to_owned(),
        counterparty: Counterparty::Customer(Some(11)),
        created_by: Some(1),
        description: String::new(),
        lines,
    }
}

fn line(owner: Owner, account: Account, sub: &str, side: Side, amount: i64) -> Line {
    Line::new(owner, account, sub, side, Fen(amount))
}

async fn count(app: &TestApp, table: &str) -> anyhow::Result<String> {
    let rows = app
        .column_texts(&format!(
            "SELECT CAST(COUNT(*) AS VARCHAR(20)) FROM {table}"
        ))
        .await?;
    Ok(rows.into_iter().next().unwrap_or_default())
}

async fn nothing_written(app: &TestApp) -> anyhow::Result<()> {
    for table in ["journal", "posting", "ledger_account"] {
        assert_eq!(count(app, table).await?, "0", "{table}");
    }
    Ok(())
}

fn down_payment() -> DownPayment {
    DownPayment {
        down: Fen(300_000),
        fee: Fen(5_000),
        deposit: Fen(20_000),
        first_instalment: Fen(0),
    }
}

#[tokio::test]
async fn journals_that_do_not_balance_are_refused_and_write_nothing() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let p = Owner::Platform;
    let unbalanced = vec![
        line(p, Account::PCollection, "", Side::Debit, 100),
        line(p, Account::PIncomeFee, "", Side::Credit, 90),
    ];
    let err = app
        .beehive()
        .ledger_post(journal(Event::Repayment, "k1", unbalanced))
        .await
        .err()
        .map(|e| e.code());
    assert_eq!(err, Some(400));
    // Balanced in total, but the platform's cash pays the capital provider's principal.
    let cross_owner = vec![
        line(p, Account::PCollection, "", Side::Debit, 100),
        line(
            Owner::CapitalProvider(3),
            Account::CLoanPrincipal,
            "7",
            Side::Credit,
            100,
        ),
    ];
    let err = app
        .beehive()
        .ledger_post(journal(Event::Repayment, "k2", cross_owner))
        .await
        .err()
        .map(|e| e.code());
    assert_eq!(err, Some(400));
    for amount in [0, -100] {
        let zero = vec![
            line(p, Account::PCollection, "", Side::Debit, amount),
            line(p, Account::PIncomeFee, "", Side::Credit, amount),
        ];
        let err = app
            .beehive()
            .ledger_post(journal(Event::Repayment, "k3", zero))
            .await
            .err()
            .map(|e| e.code());
        assert_eq!(err, Some(400));
    }
    nothing_written(&app).await?;
    app.stop().await
}

#[tokio::test]
async fn one_idempotency_key_posts_one_journal() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let lines = down_payment_received(&ORDER, &down_payment());
    let first = app
        .beehive()
        .ledger_post(journal(Event::DownPaymentReceived, "down:7", lines.clone()))
        .await?;
    let again = app
        .beehive()
        .ledger_post(journal(Event::DownPaymentReceived, "down:7", lines))
        .await?;
    assert_eq!(first, again);
    assert_eq!(count(&app, "journal").await?, "1");
    assert_eq!(count(&app, "posting").await?, "4");
    // The same key with other lines is a conflict.
    let other = down_payment_received(
        &ORDER,
        &DownPayment {
            down: Fen(1),
            ..DownPayment::default()
        },
    );
    let err = app
        .beehive()
        .ledger_post(journal(Event::DownPaymentReceived, "down:7", other))
        .await
        .err()
        .map(|e| e.code());
    assert_eq!(err, Some(409));
    assert_eq!(count(&app, "journal").await?, "1");
    app.stop().await
}

#[tokio::test]
async fn the_database_refuses_to_change_or_delete_journals_and_postings() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let id = app
        .beehive()
        .ledger_post(journal(
            Event::DownPaymentReceived,
            "down:7",
            down_payment_received(&ORDER, &down_payment()),
        ))
        .await?;
    for sql in [
        format!("UPDATE journal SET description = 'changed' WHERE id = {id}"),
        format!("DELETE FROM journal WHERE id = {id}"),
        format!("UPDATE posting SET amount_fen = amount_fen + 1 WHERE journal_id = {id}"),
        format!("DELETE FROM posting WHERE journal_id = {id}"),
    ] {
        let err = app.execute(&sql).await.err();
        assert!(
            err.as_ref()
                .is_some_and(|e| format!("{e:#}").contains("append-only")),
            "{sql}: {err:?}"
        );
    }
    // Adding to a journal is possible in SQL, but never a posting of 0 or less (a CHECK).
    for amount in [0, -1] {
        let sql = format!(
            "INSERT INTO posting (journal_id, account_id, side, amount_fen) \
             SELECT {id}, MIN(id), 'D', {amount} FROM ledger_account"
        );
        assert!(app.execute(&sql).await.is_err(), "{sql}");
    }
    // The same statement with 1 fen goes in: what refused the others was the CHECK. (Balance is
    // the service's rule; the database only guards what it can see row by row.)
    let one = format!(
        "INSERT INTO posting (journal_id, account_id, side, amount_fen) \
         SELECT {id}, MIN(id), 'D', 1 FROM ledger_account"
    );
    assert_eq!(app.execute(&one).await?, 1);
    assert_eq!(count(&app, "journal").await?, "1");
    assert_eq!(count(&app, "posting").await?, "5");
    app.stop().await
}

#[tokio::test]
async fn a_reversal_mirrors_the_journal_once() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let beehive = app.beehive();
    let original = beehive
        .ledger_post(journal(
            Event::DownPaymentReceived,
            "down:7",
            down_payment_received(&ORDER, &down_payment()),
        ))
        .await?;
    let reversal = |key: &str| Reversal {
        idempotency_key: key.to_owned(),
        business_date: day(),
        created_by: Some(1),
        description: "录入错误".to_owned(),
    };
    let contra = beehive
        .ledger_reverse(original, reversal("reverse:down:7"))
        .await?;
    let mut expected: Vec<Line> = beehive
        .ledger_lines(original)
        .await?
        .iter()
        .map(Line::mirrored)
        .collect();
    let mut got = beehive.ledger_lines(contra).await?;
    expected.sort();
    got.sort();
    assert_eq!(got, expected);
    let linked = app
        .column_texts(&format!(
            "SELECT CAST(reversal_of_id AS VARCHAR(20)) FROM journal WHERE id = {contra}"
        ))
        .await?;
    assert_eq!(linked, [original.to_string()]);
    // The same reversal retried answers the same journal; another reversal is refused.
    assert_eq!(
        beehive
            .ledger_reverse(original, reversal("reverse:down:7"))
            .await?,
        contra
    );
    let err = beehive
        .ledger_reverse(original, reversal("reverse:down:7:again"))
        .await
        .err()
        .map(|e| e.code());
    assert_eq!(err, Some(409));
    // Both journals stay; every account of the order is back to zero.
    assert_eq!(count(&app, "journal").await?, "2");
    let balances = beehive.ledger_order_balances(ORDER.order_id).await?;
    assert_eq!(balances.len(), 4);
    assert!(balances.iter().all(|b| b.balance == Fen(0)), "{balances:?}");
    app.stop().await
}

#[tokio::test]
async fn balances_after_down_payment_disbursement_and_repayment() -> anyhow::Result<()> {
    let app = TestApp::spawn().await?;
    let beehive = app.beehive();
    let split = RepaymentSplit {
        principal: Fen(78_849),
        interest: Fen(10_000),
        fee: Fen(1_000),
        penalty_platform: Fen(132),
        penalty_cp: Fen(308),
        overpayment: Fen(11),
        recovered: Fen(0),
    };
    beehive
        .ledger_post(journal(
            Event::DownPaymentReceived,
            "down:7",
            down_payment_received(&ORDER, &down_payment()),
        ))
        .await?;
    let mut disburse = journal(
        Event::Disbursement,
        "disburse:7",
        disbursement(&ORDER, Fen(1_000_000), false),
    );
    disburse.counterparty = Counterparty::Insurer(ORDER.insurer_id);
    beehive.ledger_post(disburse).await?;
    beehive
        .ledger_post(journal(
            Event::Repayment,
            "repay:1",
            repayment(&ORDER, &split, RepaymentSource::Collection),
        ))
        .await?;
    // Another order's journal does not count towards order 7.
    let other = OrderRef {
        order_id: 8,
        ..ORDER
    };
    let mut other_journal = journal(
        Event::Disbursement,
        "disburse:8",
        disbursement(&other, Fen(500), false),
    );
    other_journal.order_id = Some(8);
    beehive.ledger_post(other_journal).await?;

    let figures: Vec<String> = beehive
        .ledger_order_balances(ORDER.order_id)
        .await?
        .iter()
        .map(|b| {
            let owner = match b.owner {
                Owner::Platform => "P".to_owned(),
                Owner::CapitalProvider(id) => format!("C{id}"),
            };
            format!(
                "{owner} {}[{}] {}",
                b.account.code(),
                b.subledger,
                b.balance.0
            )
        })
        .collect();
    assert_eq!(
        figures,
        [
            "P P.COLLECTION[] 415300",
            "P P.DUE_TO_CP[3] 89157",
            "P P.DUE_TO_INSURER[5] 300000",
            "P P.CUSTOMER_CREDIT[7] 11",
            "P P.DEPOSIT_HELD[7] 20000",
            "P P.INCOME_FEE[] 6000",
            "P P.INCOME_PENALTY[] 132",
            "C3 C.BANK[] -1000000",
            "C3 C.LOAN_PRINCIPAL[7] 921151",
            "C3 C.DUE_FROM_PLATFORM[] 89157",
            "C3 C.INCOME_INTEREST[] 10000",
            "C3 C.INCOME_PENALTY[] 308",
        ]
    );
    // The capital provider's books: both orders' principal and the bank.
    let cp = beehive
        .ledger_owner_balances(Owner::CapitalProvider(3))
        .await?;
    let bank = cp
        .iter()
        .find(|b| b.account == Account::CBank)
        .map(|b| b.balance);
    assert_eq!(bank, Some(Fen(-1_000_500)));
    let principal_7 = beehive
        .ledger_account_id(Owner::CapitalProvider(3), Account::CLoanPrincipal, "7")
        .await?
        .ok_or_else(|| anyhow::anyhow!("no principal account"))?;
    let one = beehive.ledger_account_balance(principal_7).await?;
    assert_eq!(
        (one.debits, one.credits, one.balance),
        (Fen(1_000_000), Fen(78_849), Fen(921_151))
    );
    // Every owner's books sum to zero across debits and credits.
    let platform = beehive.ledger_owner_balances(Owner::Platform).await?;
    let debits: i64 = platform.iter().map(|b| b.debits.0).sum();
    let credits: i64 = platform.iter().map(|b| b.credits.0).sum();
    assert_eq!(debits, credits);
    app.stop().await
}
