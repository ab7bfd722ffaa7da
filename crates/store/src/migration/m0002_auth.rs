//! Sign-in: capital providers and their users, sessions, one-time login tickets, failure
//! counters, the login log, SMS codes and the SMS outbox.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CapitalProvider {
    Table,
    Id,
    Name,
    Kind,
    Status,
}

#[derive(DeriveIden)]
enum CapitalUser {
    Table,
    Id,
    CapitalProviderId,
    Account,
    Name,
    Mobile,
    PasswordHash,
    Enabled,
    PasswordChangedAt,
}

#[derive(DeriveIden)]
enum Session {
    Table,
    Id,
    AccountKind,
    UserId,
    TokenHash,
    RefreshHash,
    PreviousRefreshHash,
    ExpiresAt,
    RefreshExpiresAt,
    State,
    EndedReason,
    Ip,
    UserAgent,
    CreatedAt,
    RefreshedAt,
}

#[derive(DeriveIden)]
enum LoginTicket {
    Table,
    Id,
    UidHash,
    AccountKind,
    ExpiresAt,
    UsedAt,
    Ip,
    CreatedAt,
}

#[derive(DeriveIden)]
enum LoginGuard {
    Table,
    Key,
    Failures,
    FirstFailureAt,
    LockedUntil,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum LoginLog {
    Table,
    Id,
    Account,
    AccountKind,
    UserId,
    Method,
    Ip,
    UserAgent,
    Outcome,
    Reason,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SmsCode {
    Table,
    Id,
    Mobile,
    Purpose,
    CodeHash,
    ExpiresAt,
    Attempts,
    UsedAt,
    Ip,
    CreatedAt,
}

#[derive(DeriveIden)]
enum SmsOutbox {
    Table,
    Id,
    Mobile,
    Content,
    Provider,
    Status,
    CreatedAt,
}

fn index(name: &str, table: impl IntoIden, cols: &[&'static str]) -> IndexCreateStatement {
    let mut idx = Index::create();
    idx.name(name).table(table);
    for col in cols {
        idx.col(Alias::new(*col));
    }
    idx.to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(CapitalProvider::Table)
                    .col(big_pk_auto(CapitalProvider::Id))
                    .col(string_len_uniq(CapitalProvider::Name, 128))
                    .col(string_len(CapitalProvider::Kind, 32))
                    .col(string_len(CapitalProvider::Status, 16))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(CapitalUser::Table)
                    .col(big_pk_auto(CapitalUser::Id))
                    .col(big_integer(CapitalUser::CapitalProviderId))
                    .col(string_len_uniq(CapitalUser::Account, 32))
                    .col(string_len(CapitalUser::Name, 64))
                    .col(string_len_null(CapitalUser::Mobile, 20))
                    .col(string_len(CapitalUser::PasswordHash, 255))
                    .col(boolean(CapitalUser::Enabled).default(true))
                    .col(timestamp_with_time_zone(CapitalUser::PasswordChangedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CapitalUser::Table, CapitalUser::CapitalProviderId)
                            .to(CapitalProvider::Table, CapitalProvider::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(index(
                "idx_capital_user_provider",
                CapitalUser::Table,
                &["capital_provider_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Session::Table)
                    .col(big_pk_auto(Session::Id))
                    .col(string_len(Session::AccountKind, 16))
                    .col(big_integer(Session::UserId))
                    .col(string_len_uniq(Session::TokenHash, 64))
                    .col(string_len_uniq(Session::RefreshHash, 64))
                    .col(string_len_null(Session::PreviousRefreshHash, 64))
                    .col(timestamp_with_time_zone(Session::ExpiresAt))
                    .col(timestamp_with_time_zone(Session::RefreshExpiresAt))
                    .col(string_len(Session::State, 16))
                    .col(string_len_null(Session::EndedReason, 32))
                    .col(string_len_null(Session::Ip, 64))
                    .col(string_len_null(Session::UserAgent, 255))
                    .col(timestamp_with_time_zone(Session::CreatedAt))
                    .col(timestamp_with_time_zone_null(Session::RefreshedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_session_user",
                Session::Table,
                &["account_kind", "user_id", "state"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_session_previous_refresh",
                Session::Table,
                &["previous_refresh_hash"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(LoginTicket::Table)
                    .col(big_pk_auto(LoginTicket::Id))
                    .col(string_len_uniq(LoginTicket::UidHash, 64))
                    .col(string_len(LoginTicket::AccountKind, 16))
                    .col(timestamp_with_time_zone(LoginTicket::ExpiresAt))
                    .col(timestamp_with_time_zone_null(LoginTicket::UsedAt))
                    .col(string_len_null(LoginTicket::Ip, 64))
                    .col(timestamp_with_time_zone(LoginTicket::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_login_ticket_expires",
                LoginTicket::Table,
                &["expires_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(LoginGuard::Table)
                    .col(string_len(LoginGuard::Key, 128).primary_key())
                    .col(integer(LoginGuard::Failures).default(0))
                    .col(timestamp_with_time_zone(LoginGuard::FirstFailureAt))
                    .col(timestamp_with_time_zone_null(LoginGuard::LockedUntil))
                    .col(timestamp_with_time_zone(LoginGuard::UpdatedAt))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(LoginLog::Table)
                    .col(big_pk_auto(LoginLog::Id))
                    .col(string_len(LoginLog::Account, 64))
                    .col(string_len(LoginLog::AccountKind, 16))
                    .col(big_integer_null(LoginLog::UserId))
                    .col(string_len(LoginLog::Method, 16))
                    .col(string_len_null(LoginLog::Ip, 64))
                    .col(string_len_null(LoginLog::UserAgent, 255))
                    .col(string_len(LoginLog::Outcome, 16))
                    .col(string_len(LoginLog::Reason, 64))
                    .col(timestamp_with_time_zone(LoginLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_login_log_created_at",
                LoginLog::Table,
                &["created_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SmsCode::Table)
                    .col(big_pk_auto(SmsCode::Id))
                    .col(string_len(SmsCode::Mobile, 20))
                    .col(string_len(SmsCode::Purpose, 32))
                    .col(string_len(SmsCode::CodeHash, 64))
                    .col(timestamp_with_time_zone(SmsCode::ExpiresAt))
                    .col(integer(SmsCode::Attempts).default(0))
                    .col(timestamp_with_time_zone_null(SmsCode::UsedAt))
                    .col(string_len_null(SmsCode::Ip, 64))
                    .col(timestamp_with_time_zone(SmsCode::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_sms_code_mobile",
                SmsCode::Table,
                &["mobile", "created_at"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_sms_code_ip",
                SmsCode::Table,
                &["ip", "created_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SmsOutbox::Table)
                    .col(big_pk_auto(SmsOutbox::Id))
                    .col(string_len(SmsOutbox::Mobile, 20))
                    .col(string_len(SmsOutbox::Content, 500))
                    .col(string_len(SmsOutbox::Provider, 32))
                    .col(string_len(SmsOutbox::Status, 16))
                    .col(timestamp_with_time_zone(SmsOutbox::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SmsOutbox::Table.into_iden(),
            SmsCode::Table.into_iden(),
            LoginLog::Table.into_iden(),
            LoginGuard::Table.into_iden(),
            LoginTicket::Table.into_iden(),
            Session::Table.into_iden(),
            CapitalUser::Table.into_iden(),
            CapitalProvider::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
