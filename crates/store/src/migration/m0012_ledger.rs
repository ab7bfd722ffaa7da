//! The double-entry ledger: accounts (per owner: the platform or a capital provider, with an
//! optional sub-ledger key such as an order id), journals and their postings. Journals and
//! postings are append-only: a trigger refuses every UPDATE and DELETE on both databases; a
//! correction is a new journal that mirrors the original (`reversal_of_id`, unique: once only).

use sea_orm_migration::sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum LedgerAccount {
    Table,
    Id,
    OwnerType,
    OwnerId,
    Code,
    AccountType,
    SubledgerKey,
    Currency,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Journal {
    Table,
    Id,
    EventType,
    OrderId,
    BusinessDate,
    OccurredAt,
    CreatedBy,
    Description,
    IdempotencyKey,
    ReversalOfId,
    CounterpartyType,
    CounterpartyId,
}

#[derive(DeriveIden)]
enum Posting {
    Table,
    Id,
    JournalId,
    AccountId,
    Side,
    AmountFen,
}

const SQLITE_TRIGGERS: &[&str] = &[
    "CREATE TRIGGER journal_no_update BEFORE UPDATE ON journal \
     BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END",
    "CREATE TRIGGER journal_no_delete BEFORE DELETE ON journal \
     BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END",
    "CREATE TRIGGER posting_no_update BEFORE UPDATE ON posting \
     BEGIN SELECT RAISE(ABORT, 'posting is append-only'); END",
    "CREATE TRIGGER posting_no_delete BEFORE DELETE ON posting \
     BEGIN SELECT RAISE(ABORT, 'posting is append-only'); END",
];

const POSTGRES_TRIGGERS: &[&str] = &[
    "CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ \
     BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$",
    "CREATE TRIGGER journal_append_only BEFORE UPDATE OR DELETE ON journal \
     FOR EACH ROW EXECUTE FUNCTION ledger_append_only()",
    "CREATE TRIGGER journal_no_truncate BEFORE TRUNCATE ON journal \
     FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()",
    "CREATE TRIGGER posting_append_only BEFORE UPDATE OR DELETE ON posting \
     FOR EACH ROW EXECUTE FUNCTION ledger_append_only()",
    "CREATE TRIGGER posting_no_truncate BEFORE TRUNCATE ON posting \
     FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LedgerAccount::Table)
                    .col(big_pk_auto(LedgerAccount::Id))
                    .col(
                        string_len(LedgerAccount::OwnerType, 16)
                            .check(Expr::col(LedgerAccount::OwnerType).is_in(["PLATFORM", "CP"])),
                    )
                    // 0 for the platform: NOT NULL so that the unique index below holds (NULLs
                    // are distinct in a unique index on both databases).
                    .col(big_integer(LedgerAccount::OwnerId).default(0))
                    .col(string_len(LedgerAccount::Code, 64))
                    .col(string_len(LedgerAccount::AccountType, 16).check(
                        Expr::col(LedgerAccount::AccountType).is_in([
                            "ASSET",
                            "LIABILITY",
                            "INCOME",
                            "EXPENSE",
                            "EQUITY",
                        ]),
                    ))
                    // '' for none, for the same reason.
                    .col(string_len(LedgerAccount::SubledgerKey, 64).default(""))
                    .col(string_len(LedgerAccount::Currency, 3).default("CNY"))
                    .col(timestamp_with_time_zone(LedgerAccount::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_ledger_account_key")
                    .table(LedgerAccount::Table)
                    .col(LedgerAccount::OwnerType)
                    .col(LedgerAccount::OwnerId)
                    .col(LedgerAccount::Code)
                    .col(LedgerAccount::SubledgerKey)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Journal::Table)
                    .col(big_pk_auto(Journal::Id))
                    .col(string_len(Journal::EventType, 32))
                    .col(big_integer_null(Journal::OrderId))
                    .col(date(Journal::BusinessDate))
                    .col(timestamp_with_time_zone(Journal::OccurredAt))
                    .col(big_integer_null(Journal::CreatedBy))
                    .col(string_len(Journal::Description, 500).default(""))
                    .col(string_len(Journal::IdempotencyKey, 128).unique_key())
                    .col(big_integer_null(Journal::ReversalOfId).unique_key())
                    .col(
                        string_len(Journal::CounterpartyType, 16).check(
                            Expr::col(Journal::CounterpartyType)
                                .is_in(["CUSTOMER", "INSURER", "CP", "PLATFORM"]),
                        ),
                    )
                    .col(big_integer_null(Journal::CounterpartyId))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Journal::Table, Journal::ReversalOfId)
                            .to(Journal::Table, Journal::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_journal_order")
                    .table(Journal::Table)
                    .col(Journal::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Posting::Table)
                    .col(big_pk_auto(Posting::Id))
                    .col(big_integer(Posting::JournalId))
                    .col(big_integer(Posting::AccountId))
                    .col(
                        string_len(Posting::Side, 1)
                            .check(Expr::col(Posting::Side).is_in(["D", "C"])),
                    )
                    .col(big_integer(Posting::AmountFen).check(Expr::col(Posting::AmountFen).gt(0)))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Posting::Table, Posting::JournalId)
                            .to(Journal::Table, Journal::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Posting::Table, Posting::AccountId)
                            .to(LedgerAccount::Table, LedgerAccount::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        for (name, column) in [
            ("idx_posting_journal", Posting::JournalId),
            ("idx_posting_account", Posting::AccountId),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Posting::Table)
                        .col(column)
                        .to_owned(),
                )
                .await?;
        }

        let db = manager.get_connection();
        let triggers = match manager.get_database_backend() {
            DbBackend::Postgres => POSTGRES_TRIGGERS,
            _ => SQLITE_TRIGGERS,
        };
        for sql in triggers {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Posting::Table.into_iden(),
            Journal::Table.into_iden(),
            LedgerAccount::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        if manager.get_database_backend() == DbBackend::Postgres {
            manager
                .get_connection()
                .execute_unprepared("DROP FUNCTION IF EXISTS ledger_append_only()")
                .await?;
        }
        Ok(())
    }
}
