//! Platform advances (代偿, docs/advances.md): what of each repayment recovers an advance (E7),
//! what of each waiver gives up an advance claim (E8), and per instalment the date advanced and
//! the claim recovered or waived since. The advance itself is an `order_money_fact` (ADVANCE).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Repayment {
    Table,
    RecoveredPrincipalFen,
    RecoveredInterestFen,
    RecoveredPenaltyFen,
}

#[derive(DeriveIden)]
enum Waiver {
    Table,
    PostedAdvanceFen,
}

#[derive(DeriveIden)]
enum OrderPlanItem {
    Table,
    RecoveredFen,
    AdvanceWaivedFen,
    AdvancedOn,
}

async fn add(
    manager: &SchemaManager<'_>,
    table: impl Iden + 'static,
    col: ColumnDef,
) -> Result<(), DbErr> {
    // One column per statement: SQLite alters one thing at a time.
    manager
        .alter_table(Table::alter().table(table).add_column(col).to_owned())
        .await
}

fn money(col: impl Iden + 'static) -> ColumnDef {
    ColumnDef::new(col)
        .big_integer()
        .not_null()
        .default(0)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for col in [
            Repayment::RecoveredPrincipalFen,
            Repayment::RecoveredInterestFen,
            Repayment::RecoveredPenaltyFen,
        ] {
            add(manager, Repayment::Table, money(col)).await?;
        }
        add(manager, Waiver::Table, money(Waiver::PostedAdvanceFen)).await?;
        for col in [OrderPlanItem::RecoveredFen, OrderPlanItem::AdvanceWaivedFen] {
            add(manager, OrderPlanItem::Table, money(col)).await?;
        }
        add(
            manager,
            OrderPlanItem::Table,
            ColumnDef::new(OrderPlanItem::AdvancedOn)
                .date()
                .null()
                .to_owned(),
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, col) in [
            (
                Repayment::Table.to_string(),
                Repayment::RecoveredPrincipalFen.to_string(),
            ),
            (
                Repayment::Table.to_string(),
                Repayment::RecoveredInterestFen.to_string(),
            ),
            (
                Repayment::Table.to_string(),
                Repayment::RecoveredPenaltyFen.to_string(),
            ),
            (
                Waiver::Table.to_string(),
                Waiver::PostedAdvanceFen.to_string(),
            ),
            (
                OrderPlanItem::Table.to_string(),
                OrderPlanItem::RecoveredFen.to_string(),
            ),
            (
                OrderPlanItem::Table.to_string(),
                OrderPlanItem::AdvanceWaivedFen.to_string(),
            ),
            (
                OrderPlanItem::Table.to_string(),
                OrderPlanItem::AdvancedOn.to_string(),
            ),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Alias::new(table))
                        .drop_column(Alias::new(col))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
