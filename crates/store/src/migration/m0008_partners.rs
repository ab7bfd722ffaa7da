//! Partners: insurers with their settlement accounts and surrender rules; the capital provider's
//! terms (credit, rates, guarantee, settlement, acceptance, contacts), its bank accounts and its
//! e-signature account. Account numbers are stored encrypted (`account_no_enc`, AES-256-GCM by
//! the service) with a display mask.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Insurer {
    Table,
    Id,
    Name,
    Code,
    ContactName,
    ContactPhone,
    PreStartFeeBp,
    DayBasis,
    CompulsoryReasons,
    Enabled,
}

#[derive(DeriveIden)]
enum InsurerAccount {
    Table,
    Id,
    InsurerId,
    BankName,
    BranchName,
    AccountName,
    AccountNoEnc,
    AccountNoMask,
}

#[derive(DeriveIden)]
enum CapitalProvider {
    Table,
    CreditLimitFen,
    CreditReservedFen,
    CreditUsedFen,
    CostRateBp,
    PenaltyShareBp,
    GuaranteeMode,
    AdvanceAfterDays,
    SettlementCycle,
    AcceptMode,
    ContactName,
    ContactPhone,
    NotifyMobile,
}

#[derive(DeriveIden)]
enum CapitalProviderAccount {
    Table,
    Id,
    CapitalProviderId,
    Purpose,
    BankName,
    BranchName,
    AccountName,
    AccountNoEnc,
    AccountNoMask,
    IsDefault,
    Enabled,
}

#[derive(DeriveIden)]
enum CapitalEsignAccount {
    Table,
    Id,
    CapitalProviderId,
    OrgName,
    CreditCode,
    LegalRepresentative,
    ContactMobile,
    SealFileId,
    Status,
    SubmittedAt,
    VerifiedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Insurer::Table)
                    .col(big_pk_auto(Insurer::Id))
                    .col(string_len(Insurer::Name, 128))
                    .col(string_len_uniq(Insurer::Code, 32))
                    .col(string_len(Insurer::ContactName, 64).default(""))
                    .col(string_len(Insurer::ContactPhone, 32).default(""))
                    // Fee of a commercial policy surrendered before its start, basis points.
                    .col(integer(Insurer::PreStartFeeBp).default(0))
                    // 365 or 360: the daily rate's denominator for earned premium.
                    .col(integer(Insurer::DayBasis).default(365))
                    // Comma-separated reason codes for which 交强险 may be surrendered.
                    .col(string_len(Insurer::CompulsoryReasons, 255).default(""))
                    .col(boolean(Insurer::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(InsurerAccount::Table)
                    .col(big_pk_auto(InsurerAccount::Id))
                    .col(big_integer(InsurerAccount::InsurerId))
                    .col(string_len(InsurerAccount::BankName, 64))
                    .col(string_len(InsurerAccount::BranchName, 128).default(""))
                    .col(string_len(InsurerAccount::AccountName, 128))
                    .col(text(InsurerAccount::AccountNoEnc))
                    .col(string_len(InsurerAccount::AccountNoMask, 40))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_insurer_account_insurer")
                    .table(InsurerAccount::Table)
                    .col(InsurerAccount::InsurerId)
                    .to_owned(),
            )
            .await?;
        // SQLite adds one column per statement.
        let columns = [
            big_integer(CapitalProvider::CreditLimitFen)
                .default(0)
                .to_owned(),
            big_integer(CapitalProvider::CreditReservedFen)
                .default(0)
                .to_owned(),
            big_integer(CapitalProvider::CreditUsedFen)
                .default(0)
                .to_owned(),
            integer(CapitalProvider::CostRateBp).default(0).to_owned(),
            integer(CapitalProvider::PenaltyShareBp)
                .default(0)
                .to_owned(),
            // NONE, PLATFORM_ADVANCE_AFTER_N_DAYS or BUYBACK.
            string_len(CapitalProvider::GuaranteeMode, 40)
                .default("PLATFORM_ADVANCE_AFTER_N_DAYS")
                .to_owned(),
            integer(CapitalProvider::AdvanceAfterDays)
                .default(30)
                .to_owned(),
            // T+0, T+1 or MONTHLY.
            string_len(CapitalProvider::SettlementCycle, 16)
                .default("T+1")
                .to_owned(),
            // AUTO or MANUAL.
            string_len(CapitalProvider::AcceptMode, 16)
                .default("MANUAL")
                .to_owned(),
            string_len(CapitalProvider::ContactName, 64)
                .default("")
                .to_owned(),
            string_len(CapitalProvider::ContactPhone, 32)
                .default("")
                .to_owned(),
            string_len(CapitalProvider::NotifyMobile, 20)
                .default("")
                .to_owned(),
        ];
        for mut column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(CapitalProvider::Table)
                        .add_column(&mut column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(audited(
                Table::create()
                    .table(CapitalProviderAccount::Table)
                    .col(big_pk_auto(CapitalProviderAccount::Id))
                    .col(big_integer(CapitalProviderAccount::CapitalProviderId))
                    // DISBURSE, COLLECT or SETTLEMENT.
                    .col(string_len(CapitalProviderAccount::Purpose, 16))
                    .col(string_len(CapitalProviderAccount::BankName, 64))
                    .col(string_len(CapitalProviderAccount::BranchName, 128).default(""))
                    .col(string_len(CapitalProviderAccount::AccountName, 128))
                    .col(text(CapitalProviderAccount::AccountNoEnc))
                    .col(string_len(CapitalProviderAccount::AccountNoMask, 40))
                    .col(boolean(CapitalProviderAccount::IsDefault).default(false))
                    .col(boolean(CapitalProviderAccount::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_capital_provider_account_provider")
                    .table(CapitalProviderAccount::Table)
                    .col(CapitalProviderAccount::CapitalProviderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(CapitalEsignAccount::Table)
                    .col(big_pk_auto(CapitalEsignAccount::Id))
                    .col(big_integer_uniq(CapitalEsignAccount::CapitalProviderId))
                    .col(string_len(CapitalEsignAccount::OrgName, 128).default(""))
                    // 统一社会信用代码, 18 characters (checked with its check digit).
                    .col(string_len(CapitalEsignAccount::CreditCode, 18).default(""))
                    .col(string_len(CapitalEsignAccount::LegalRepresentative, 64).default(""))
                    .col(string_len(CapitalEsignAccount::ContactMobile, 20).default(""))
                    .col(big_integer_null(CapitalEsignAccount::SealFileId))
                    // UNSUBMITTED, PENDING or VERIFIED.
                    .col(string_len(CapitalEsignAccount::Status, 16).default("UNSUBMITTED"))
                    .col(timestamp_with_time_zone_null(
                        CapitalEsignAccount::SubmittedAt,
                    ))
                    .col(timestamp_with_time_zone_null(
                        CapitalEsignAccount::VerifiedAt,
                    ))
                    .to_owned(),
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "capital_esign_account",
            "capital_provider_account",
            "insurer_account",
            "insurer",
        ] {
            manager
                .drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        for column in [
            CapitalProvider::CreditLimitFen,
            CapitalProvider::CreditReservedFen,
            CapitalProvider::CreditUsedFen,
            CapitalProvider::CostRateBp,
            CapitalProvider::PenaltyShareBp,
            CapitalProvider::GuaranteeMode,
            CapitalProvider::AdvanceAfterDays,
            CapitalProvider::SettlementCycle,
            CapitalProvider::AcceptMode,
            CapitalProvider::ContactName,
            CapitalProvider::ContactPhone,
            CapitalProvider::NotifyMobile,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(CapitalProvider::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
