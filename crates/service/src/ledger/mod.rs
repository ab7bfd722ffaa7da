//! The double-entry ledger: posting a business event's journal, reversing one, and balances.
//!
//! The rules (chart of accounts, the balance check, each event's lines) are pure and live in
//! `domain::ledger`; this module stores them. `post_journal` and `reverse_journal` run in the
//! caller's transaction, so a money command writes its journal together with everything else it
//! changes, or nothing. Journals and postings are never changed or deleted (the database refuses
//! it); a correction is a reversal.
//!
//! Idempotency: a journal carries a unique key. Posting the same key again with the same content
//! (event, order, counterparty and the same lines) answers the journal already posted, so a
//! retried command posts once; the same key with different content is a 409.

use crate::error::conflict_on_unique;
use crate::{Beehive, Error, Result};
use chrono::{DateTime, NaiveDate, Utc};
use domain::ledger::{Account, Counterparty, Event, Line, Owner, Side, check_journal, mirror};
use domain::money::Fen;
use std::collections::{BTreeMap, BTreeSet};
use store::entity::{journal, ledger_account, posting};
use store::sea_orm::sea_query::{Expr, Func, OnConflict, Query};
use store::sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

/// A journal to post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewJournal {
    pub event: Event,
    pub order_id: Option<i64>,
    pub business_date: NaiveDate,
    /// Unique per journal: the command's reference (e.g. `repayment:42`).
    pub idempotency_key: String,
    pub counterparty: Counterparty,
    /// The admin user who acted; `None` for the system (a job).
    pub created_by: Option<i64>,
    pub description: String,
    pub lines: Vec<Line>,
}

/// What a reversal records besides the mirrored lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reversal {
    pub idempotency_key: String,
    pub business_date: NaiveDate,
    pub created_by: Option<i64>,
    pub description: String,
}

/// An account's totals and its balance on the account type's normal side (debits − credits for
/// assets and expenses, credits − debits otherwise).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountBalance {
    pub account_id: i64,
    pub owner: Owner,
    pub account: Account,
    pub subledger: String,
    pub debits: Fen,
    pub credits: Fen,
    pub balance: Fen,
}

const DUPLICATE_KEY: &str = "该幂等键已用于另一笔分录";
const ALREADY_REVERSED: &str = "该分录已冲正，不能重复冲正";

fn invalid_lines(err: impl std::fmt::Display) -> Error {
    Error::invalid("lines", err.to_string())
}

fn check_key(key: &str) -> Result<()> {
    if key.trim().is_empty() || key.len() > 128 {
        return Err(Error::invalid(
            "idempotencyKey",
            "幂等键不能为空且不超过128个字符",
        ));
    }
    Ok(())
}

/// Posts a balanced journal in the caller's transaction and answers its id; the same
/// idempotency key with the same content answers the journal already posted.
/// Refused (400): no lines, an amount ≤ 0, an account outside its owner's books, a journal that
/// does not balance in total or for one owner, a reversal (use `reverse_journal`).
/// The same key with other content: 409.
pub async fn post_journal<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    journal: &NewJournal,
) -> Result<i64> {
    check_key(&journal.idempotency_key)?;
    if journal.event == Event::Reversal {
        return Err(Error::invalid("event", "冲正分录只能通过冲正生成"));
    }
    check_journal(&journal.lines).map_err(invalid_lines)?;
    if let Some(existing) = by_key(conn, &journal.idempotency_key).await? {
        let same = existing.event_type == journal.event.code()
            && existing.order_id == journal.order_id
            && existing.reversal_of_id.is_none()
            && existing.counterparty_type == journal.counterparty.type_code()
            && existing.counterparty_id == journal.counterparty.id()
            && sorted(lines_of(conn, existing.id).await?) == sorted(journal.lines.clone());
        return if same {
            Ok(existing.id)
        } else {
            Err(Error::Conflict(DUPLICATE_KEY.to_owned()))
        };
    }
    insert(conn, now, journal, None).await
}

/// Posts the mirror of journal `journal_id` (every line on the other side) with `reversal_of_id`
/// set, in the caller's transaction, and answers its id. A journal is reversed at most once (409);
/// the same idempotency key for the same reversal answers the reversal already posted.
pub async fn reverse_journal<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    journal_id: i64,
    reversal: &Reversal,
) -> Result<i64> {
    check_key(&reversal.idempotency_key)?;
    if let Some(existing) = by_key(conn, &reversal.idempotency_key).await? {
        return if existing.reversal_of_id == Some(journal_id) {
            Ok(existing.id)
        } else {
            Err(Error::Conflict(DUPLICATE_KEY.to_owned()))
        };
    }
    let original = journal::Entity::find_by_id(journal_id)
        .one(conn)
        .await?
        .ok_or_else(|| Error::NotFound("分录不存在".to_owned()))?;
    let reversed = journal::Entity::find()
        .filter(journal::Column::ReversalOfId.eq(journal_id))
        .one(conn)
        .await?;
    if reversed.is_some() {
        return Err(Error::Conflict(ALREADY_REVERSED.to_owned()));
    }
    let counterparty =
        Counterparty::from_stored(&original.counterparty_type, original.counterparty_id)
            .ok_or_else(|| {
                Error::internal(anyhow::anyhow!("journal {journal_id}: bad counterparty"))
            })?;
    let lines = mirror(&lines_of(conn, journal_id).await?);
    let contra = NewJournal {
        event: Event::Reversal,
        order_id: original.order_id,
        business_date: reversal.business_date,
        idempotency_key: reversal.idempotency_key.clone(),
        counterparty,
        created_by: reversal.created_by,
        description: reversal.description.clone(),
        lines,
    };
    check_journal(&contra.lines).map_err(invalid_lines)?;
    insert(conn, now, &contra, Some(journal_id)).await
}

async fn by_key<C: ConnectionTrait>(conn: &C, key: &str) -> Result<Option<journal::Model>> {
    Ok(journal::Entity::find()
        .filter(journal::Column::IdempotencyKey.eq(key))
        .one(conn)
        .await?)
}

fn sorted(mut lines: Vec<Line>) -> Vec<Line> {
    lines.sort();
    lines
}

async fn insert<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    journal: &NewJournal,
    reversal_of_id: Option<i64>,
) -> Result<i64> {
    let mut accounts = Vec::with_capacity(journal.lines.len());
    for line in &journal.lines {
        accounts.push(resolve_account(conn, now, line.owner, line.account, &line.subledger).await?);
    }
    let row = journal::ActiveModel {
        id: NotSet,
        event_type: Set(journal.event.code().to_owned()),
        order_id: Set(journal.order_id),
        business_date: Set(journal.business_date),
        occurred_at: Set(now),
        created_by: Set(journal.created_by),
        description: Set(journal.description.clone()),
        idempotency_key: Set(journal.idempotency_key.clone()),
        reversal_of_id: Set(reversal_of_id),
        counterparty_type: Set(journal.counterparty.type_code().to_owned()),
        counterparty_id: Set(journal.counterparty.id()),
    };
    let message = if reversal_of_id.is_some() {
        ALREADY_REVERSED
    } else {
        DUPLICATE_KEY
    };
    let journal_id = journal::Entity::insert(row)
        .exec(conn)
        .await
        .map_err(|e| conflict_on_unique(e, message))?
        .last_insert_id;
    let rows = journal
        .lines
        .iter()
        .zip(accounts)
        .map(|(line, account_id)| posting::ActiveModel {
            id: NotSet,
            journal_id: Set(journal_id),
            account_id: Set(account_id),
            side: Set(line.side.code().to_owned()),
            amount_fen: Set(line.amount.0),
        });
    posting::Entity::insert_many(rows)
        .exec_without_returning(conn)
        .await?;
    Ok(journal_id)
}

/// The id of an account, created on first use. Two transactions creating the same account at
/// once both end with the one row (the insert does nothing on the unique key).
async fn resolve_account<C: ConnectionTrait>(
    conn: &C,
    now: DateTime<Utc>,
    owner: Owner,
    account: Account,
    subledger: &str,
) -> Result<i64> {
    if let Some(id) = find_account(conn, owner, account, subledger).await? {
        return Ok(id);
    }
    let row = ledger_account::ActiveModel {
        id: NotSet,
        owner_type: Set(owner.type_code().to_owned()),
        owner_id: Set(owner.id()),
        code: Set(account.code().to_owned()),
        account_type: Set(account.account_type().code().to_owned()),
        subledger_key: Set(subledger.to_owned()),
        currency: Set("CNY".to_owned()),
        created_at: Set(now),
    };
    ledger_account::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                ledger_account::Column::OwnerType,
                ledger_account::Column::OwnerId,
                ledger_account::Column::Code,
                ledger_account::Column::SubledgerKey,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec_without_returning(conn)
        .await?;
    find_account(conn, owner, account, subledger)
        .await?
        .ok_or_else(|| Error::internal(anyhow::anyhow!("ledger account not created")))
}

/// The id of an owner's account (with its sub-ledger key, "" for none), if anything was posted
/// to it.
pub async fn find_account<C: ConnectionTrait>(
    conn: &C,
    owner: Owner,
    account: Account,
    subledger: &str,
) -> Result<Option<i64>> {
    Ok(ledger_account::Entity::find()
        .filter(ledger_account::Column::OwnerType.eq(owner.type_code()))
        .filter(ledger_account::Column::OwnerId.eq(owner.id()))
        .filter(ledger_account::Column::Code.eq(account.code()))
        .filter(ledger_account::Column::SubledgerKey.eq(subledger))
        .one(conn)
        .await?
        .map(|a| a.id))
}

fn account_key(a: &ledger_account::Model) -> Result<(Owner, Account)> {
    let owner = Owner::from_stored(&a.owner_type, a.owner_id);
    let account = Account::parse(&a.code);
    match (owner, account) {
        (Some(owner), Some(account)) => Ok((owner, account)),
        _ => Err(Error::internal(anyhow::anyhow!(
            "ledger account {}: unknown owner or code",
            a.id
        ))),
    }
}

/// A journal's lines as stored.
pub async fn lines_of<C: ConnectionTrait>(conn: &C, journal_id: i64) -> Result<Vec<Line>> {
    let postings = posting::Entity::find()
        .filter(posting::Column::JournalId.eq(journal_id))
        .all(conn)
        .await?;
    let ids: BTreeSet<i64> = postings.iter().map(|p| p.account_id).collect();
    let accounts: BTreeMap<i64, ledger_account::Model> = ledger_account::Entity::find()
        .filter(ledger_account::Column::Id.is_in(ids))
        .all(conn)
        .await?
        .into_iter()
        .map(|a| (a.id, a))
        .collect();
    postings
        .into_iter()
        .map(|p| {
            let a = accounts
                .get(&p.account_id)
                .ok_or_else(|| Error::internal(anyhow::anyhow!("posting {}: no account", p.id)))?;
            let (owner, account) = account_key(a)?;
            let side = Side::parse(&p.side)
                .ok_or_else(|| Error::internal(anyhow::anyhow!("posting {}: bad side", p.id)))?;
            Ok(Line::new(
                owner,
                account,
                &a.subledger_key,
                side,
                Fen(p.amount_fen),
            ))
        })
        .collect()
}

/// A journal of an order with its lines (the order page's 分录 list).
#[derive(Debug, Clone)]
pub struct JournalView {
    pub journal: journal::Model,
    pub lines: Vec<Line>,
}

/// Every journal of an order, newest first, with its lines.
pub async fn order_journals<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
) -> Result<Vec<JournalView>> {
    let journals = journal::Entity::find()
        .filter(journal::Column::OrderId.eq(order_id))
        .order_by_desc(journal::Column::Id)
        .all(conn)
        .await?;
    let mut out = Vec::with_capacity(journals.len());
    for j in journals {
        let lines = lines_of(conn, j.id).await?;
        out.push(JournalView { journal: j, lines });
    }
    Ok(out)
}

/// Which postings a balance query sums.
enum Scope {
    Account(i64),
    Owner(Owner),
    Order(i64),
}

async fn balances<C: ConnectionTrait>(conn: &C, scope: Scope) -> Result<Vec<AccountBalance>> {
    let mut query = posting::Entity::find()
        .select_only()
        .column(posting::Column::AccountId)
        .column(posting::Column::Side)
        // SUM of a BIGINT is NUMERIC on PostgreSQL; the cast reads back as i64 on both.
        .expr(Func::cast_as(
            Func::sum(Expr::col(posting::Column::AmountFen)),
            "BIGINT",
        ))
        .group_by(posting::Column::AccountId)
        .group_by(posting::Column::Side);
    let mut accounts = ledger_account::Entity::find();
    match scope {
        Scope::Account(id) => {
            query = query.filter(posting::Column::AccountId.eq(id));
            accounts = accounts.filter(ledger_account::Column::Id.eq(id));
        }
        Scope::Owner(owner) => {
            query = query.filter(
                posting::Column::AccountId.in_subquery(
                    Query::select()
                        .column(ledger_account::Column::Id)
                        .from(ledger_account::Entity)
                        .and_where(ledger_account::Column::OwnerType.eq(owner.type_code()))
                        .and_where(ledger_account::Column::OwnerId.eq(owner.id()))
                        .to_owned(),
                ),
            );
            accounts = accounts
                .filter(ledger_account::Column::OwnerType.eq(owner.type_code()))
                .filter(ledger_account::Column::OwnerId.eq(owner.id()));
        }
        Scope::Order(order_id) => {
            query = query.filter(
                posting::Column::JournalId.in_subquery(
                    Query::select()
                        .column(journal::Column::Id)
                        .from(journal::Entity)
                        .and_where(journal::Column::OrderId.eq(order_id))
                        .to_owned(),
                ),
            );
        }
    }
    let sums: Vec<(i64, String, i64)> = query.into_tuple().all(conn).await?;
    let mut totals: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for (account_id, side, sum) in sums {
        let entry = totals.entry(account_id).or_default();
        match Side::parse(&side) {
            Some(Side::Debit) => entry.0 += sum,
            Some(Side::Credit) => entry.1 += sum,
            None => return Err(Error::internal(anyhow::anyhow!("bad posting side {side}"))),
        }
    }
    let accounts = accounts
        .filter(ledger_account::Column::Id.is_in(totals.keys().copied()))
        .all(conn)
        .await?;
    let mut out = Vec::with_capacity(accounts.len());
    for a in accounts {
        let (owner, account) = account_key(&a)?;
        let (debits, credits) = totals.get(&a.id).copied().unwrap_or_default();
        out.push(AccountBalance {
            account_id: a.id,
            owner,
            account,
            subledger: a.subledger_key,
            debits: Fen(debits),
            credits: Fen(credits),
            balance: Fen(account.account_type().balance(debits, credits)),
        });
    }
    out.sort_by(|x, y| (x.owner, x.account, &x.subledger).cmp(&(y.owner, y.account, &y.subledger)));
    Ok(out)
}

/// One account's balance (zero when nothing was posted to it).
pub async fn account_balance<C: ConnectionTrait>(
    conn: &C,
    account_id: i64,
) -> Result<AccountBalance> {
    if let Some(balance) = balances(conn, Scope::Account(account_id)).await?.pop() {
        return Ok(balance);
    }
    let a = ledger_account::Entity::find_by_id(account_id)
        .one(conn)
        .await?
        .ok_or_else(|| Error::NotFound("科目不存在".to_owned()))?;
    let (owner, account) = account_key(&a)?;
    Ok(AccountBalance {
        account_id,
        owner,
        account,
        subledger: a.subledger_key,
        debits: Fen(0),
        credits: Fen(0),
        balance: Fen(0),
    })
}

/// Every account of one owner's books with its balance.
pub async fn owner_balances<C: ConnectionTrait>(
    conn: &C,
    owner: Owner,
) -> Result<Vec<AccountBalance>> {
    balances(conn, Scope::Owner(owner)).await
}

/// What the journals of one order moved, per account: the sums of the postings of the journals
/// that name the order (its reversals included).
pub async fn order_balances<C: ConnectionTrait>(
    conn: &C,
    order_id: i64,
) -> Result<Vec<AccountBalance>> {
    balances(conn, Scope::Order(order_id)).await
}

/// Each in its own write transaction, for callers that post a journal on its own.
impl Beehive {
    pub async fn ledger_post(&self, journal: NewJournal) -> Result<i64> {
        let txn = store::begin_write(&self.db).await?;
        let id = post_journal(&txn, self.clock.now(), &journal).await?;
        txn.commit().await?;
        Ok(id)
    }

    pub async fn ledger_reverse(&self, journal_id: i64, reversal: Reversal) -> Result<i64> {
        let txn = store::begin_write(&self.db).await?;
        let id = reverse_journal(&txn, self.clock.now(), journal_id, &reversal).await?;
        txn.commit().await?;
        Ok(id)
    }

    pub async fn ledger_lines(&self, journal_id: i64) -> Result<Vec<Line>> {
        lines_of(&self.db, journal_id).await
    }

    pub async fn ledger_account_id(
        &self,
        owner: Owner,
        account: Account,
        subledger: &str,
    ) -> Result<Option<i64>> {
        find_account(&self.db, owner, account, subledger).await
    }

    pub async fn ledger_account_balance(&self, account_id: i64) -> Result<AccountBalance> {
        account_balance(&self.db, account_id).await
    }

    pub async fn ledger_owner_balances(&self, owner: Owner) -> Result<Vec<AccountBalance>> {
        owner_balances(&self.db, owner).await
    }

    pub async fn ledger_order_balances(&self, order_id: i64) -> Result<Vec<AccountBalance>> {
        order_balances(&self.db, order_id).await
    }
}
