//! Administrators, roles, their permissions, and the operation log.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum AdminUser {
    Table,
    Id,
    Account,
    Name,
    Mobile,
    PasswordHash,
    Enabled,
    PasswordChangedAt,
}

#[derive(DeriveIden)]
enum Role {
    Table,
    Id,
    Code,
    Name,
    Description,
    Enabled,
    IsSuper,
}

#[derive(DeriveIden)]
enum RolePermission {
    Table,
    RoleId,
    Permission,
}

#[derive(DeriveIden)]
enum AdminUserRole {
    Table,
    UserId,
    RoleId,
}

#[derive(DeriveIden)]
enum OperationLog {
    Table,
    Id,
    ActorKind,
    ActorId,
    ActorName,
    Action,
    TargetType,
    TargetId,
    Outcome,
    Detail,
    Ip,
    RequestId,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(AdminUser::Table)
                    .col(big_pk_auto(AdminUser::Id))
                    .col(string_len_uniq(AdminUser::Account, 32))
                    .col(string_len(AdminUser::Name, 64))
                    .col(string_len_null(AdminUser::Mobile, 20))
                    .col(string_len(AdminUser::PasswordHash, 255))
                    .col(boolean(AdminUser::Enabled).default(true))
                    .col(timestamp_with_time_zone(AdminUser::PasswordChangedAt))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_admin_user_mobile")
                    .table(AdminUser::Table)
                    .col(AdminUser::Mobile)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(audited(
                Table::create()
                    .table(Role::Table)
                    .col(big_pk_auto(Role::Id))
                    .col(string_len_uniq(Role::Code, 64))
                    .col(string_len(Role::Name, 64))
                    .col(string_len(Role::Description, 255).default(""))
                    .col(boolean(Role::Enabled).default(true))
                    .col(boolean(Role::IsSuper).default(false))
                    .to_owned(),
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(RolePermission::Table)
                    .col(big_integer(RolePermission::RoleId))
                    .col(string_len(RolePermission::Permission, 64))
                    .primary_key(
                        Index::create()
                            .col(RolePermission::RoleId)
                            .col(RolePermission::Permission),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RolePermission::Table, RolePermission::RoleId)
                            .to(Role::Table, Role::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AdminUserRole::Table)
                    .col(big_integer(AdminUserRole::UserId))
                    .col(big_integer(AdminUserRole::RoleId))
                    .primary_key(
                        Index::create()
                            .col(AdminUserRole::UserId)
                            .col(AdminUserRole::RoleId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AdminUserRole::Table, AdminUserRole::UserId)
                            .to(AdminUser::Table, AdminUser::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AdminUserRole::Table, AdminUserRole::RoleId)
                            .to(Role::Table, Role::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OperationLog::Table)
                    .col(big_pk_auto(OperationLog::Id))
                    .col(string_len(OperationLog::ActorKind, 16))
                    .col(big_integer_null(OperationLog::ActorId))
                    .col(string_len(OperationLog::ActorName, 64))
                    .col(string_len(OperationLog::Action, 64))
                    .col(string_len(OperationLog::TargetType, 64))
                    .col(string_len_null(OperationLog::TargetId, 64))
                    .col(string_len(OperationLog::Outcome, 16))
                    .col(text(OperationLog::Detail))
                    .col(string_len_null(OperationLog::Ip, 64))
                    .col(string_len_null(OperationLog::RequestId, 64))
                    .col(timestamp_with_time_zone(OperationLog::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_operation_log_created_at")
                    .table(OperationLog::Table)
                    .col(OperationLog::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            OperationLog::Table.into_iden(),
            AdminUserRole::Table.into_iden(),
            RolePermission::Table.into_iden(),
            Role::Table.into_iden(),
            AdminUser::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
