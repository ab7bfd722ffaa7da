//! System management: departments (the organization tree) and each administrator's department.

use super::common::audited;
use sea_orm_migration::sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Department {
    Table,
    Id,
    ParentId,
    Name,
    Path,
    Sort,
    Enabled,
}

#[derive(DeriveIden)]
enum AdminUser {
    Table,
    DepartmentId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Department::Table)
                    .col(big_pk_auto(Department::Id))
                    .col(big_integer_null(Department::ParentId))
                    .col(string_len(Department::Name, 64))
                    // Materialised path of ids: "/1/5/" for department 5 under 1.
                    .col(string_len(Department::Path, 512))
                    .col(integer(Department::Sort).default(0))
                    .col(boolean(Department::Enabled).default(true))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Department::Table, Department::ParentId)
                            .to(Department::Table, Department::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            ))
            .await?;
        // Unique among siblings; top-level departments (NULL parent) are checked by the service.
        manager
            .create_index(
                Index::create()
                    .name("idx_department_parent_name")
                    .table(Department::Table)
                    .col(Department::ParentId)
                    .col(Department::Name)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_department_path")
                    .table(Department::Table)
                    .col(Department::Path)
                    .to_owned(),
            )
            .await?;

        // SQLite cannot add a foreign key to an existing table with ALTER ... ADD CONSTRAINT, but
        // it accepts a column with an inline REFERENCES clause.
        let db = manager.get_connection();
        match db.get_database_backend() {
            DbBackend::Sqlite => {
                db.execute_unprepared(
                    "ALTER TABLE admin_user ADD COLUMN department_id INTEGER NULL \
                     REFERENCES department (id) ON DELETE RESTRICT",
                )
                .await?;
            }
            _ => {
                manager
                    .alter_table(
                        Table::alter()
                            .table(AdminUser::Table)
                            .add_column(big_integer_null(AdminUser::DepartmentId))
                            .add_foreign_key(
                                TableForeignKey::new()
                                    .name("fk_admin_user_department")
                                    .from_tbl(AdminUser::Table)
                                    .from_col(AdminUser::DepartmentId)
                                    .to_tbl(Department::Table)
                                    .to_col(Department::Id)
                                    .on_delete(ForeignKeyAction::Restrict),
                            )
                            .to_owned(),
                    )
                    .await?;
            }
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_admin_user_department")
                    .table(AdminUser::Table)
                    .col(AdminUser::DepartmentId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_admin_user_department")
                    .table(AdminUser::Table)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(AdminUser::Table)
                    .drop_column(AdminUser::DepartmentId)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(Department::Table).to_owned())
            .await
    }
}
