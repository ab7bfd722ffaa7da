//! Customers (car owners, individual or enterprise), their vehicles and their files.
//! ID numbers, mobiles and bank cards are stored encrypted (`*_enc`, AES-256-GCM by the service)
//! with a display mask and a keyed hash (`*_hash`, HMAC) for exact search and duplicates.

use super::common::audited;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
#[allow(clippy::enum_variant_names)]
enum Customer {
    Table,
    Id,
    CustomerNo,
    Kind,
    Name,
    IdType,
    IdNoEnc,
    IdNoMask,
    IdNoHash,
    MobileEnc,
    MobileMask,
    MobileHash,
    CreditCode,
    ProvinceCode,
    CityCode,
    DistrictCode,
    Address,
    Status,
    KycStatus,
    BankName,
    BankCardEnc,
    BankCardMask,
    PasswordHash,
    PasswordChangedAt,
    Remark,
}

#[derive(DeriveIden)]
enum Vehicle {
    Table,
    Id,
    CustomerId,
    PlateNo,
    Vin,
    EngineNo,
    BrandModel,
    Usage,
    Seats,
    RegisterDate,
    OwnerName,
    OwnerIsCustomer,
    Deleted,
}

#[derive(DeriveIden)]
enum CustomerFile {
    Table,
    Id,
    CustomerId,
    Kind,
    FileId,
    Remark,
    Deleted,
    DeletedAt,
    DeletedBy,
}

#[derive(DeriveIden)]
enum OrderFile {
    Table,
    Id,
    OrderId,
    Kind,
    FileId,
    Sha256,
    Remark,
    ApplyId,
    Deleted,
    DeletedAt,
    DeletedBy,
}

#[derive(DeriveIden)]
enum OrderFileApply {
    Table,
    Id,
    OrderId,
    Kind,
    FileId,
    ReplacesId,
    Reason,
    Status,
    ExaminedBy,
    ExaminedAt,
    RejectReason,
    OrderFileId,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(Customer::Table)
                    .col(big_pk_auto(Customer::Id))
                    // C + yyyymmdd + 6 digits, shown to staff and customers.
                    .col(string_len(Customer::CustomerNo, 32).unique_key())
                    // INDIVIDUAL or ENTERPRISE.
                    .col(string_len(Customer::Kind, 16))
                    .col(string_len(Customer::Name, 128))
                    // RESIDENT_ID, PASSPORT, HK_MACAO_PERMIT, TAIWAN_PERMIT, FOREIGN_PERMANENT
                    // (an enterprise's: its legal representative's, optional).
                    .col(string_len_null(Customer::IdType, 32))
                    .col(text_null(Customer::IdNoEnc))
                    .col(string_len_null(Customer::IdNoMask, 64))
                    .col(string_len_null(Customer::IdNoHash, 64).unique_key())
                    .col(text(Customer::MobileEnc))
                    .col(string_len(Customer::MobileMask, 32))
                    .col(string_len(Customer::MobileHash, 64))
                    // 统一社会信用代码 of an enterprise (18 characters, not secret).
                    .col(string_len_null(Customer::CreditCode, 18).unique_key())
                    .col(string_len_null(Customer::ProvinceCode, 12))
                    .col(string_len_null(Customer::CityCode, 12))
                    .col(string_len_null(Customer::DistrictCode, 12))
                    .col(string_len(Customer::Address, 255).default(""))
                    // ENABLED or DISABLED.
                    .col(string_len(Customer::Status, 16))
                    // PENDING, VERIFIED or REJECTED.
                    .col(string_len(Customer::KycStatus, 16))
                    .col(string_len_null(Customer::BankName, 64))
                    .col(text_null(Customer::BankCardEnc))
                    .col(string_len_null(Customer::BankCardMask, 32))
                    // The customer app's password (MD5 from the client, argon2 here).
                    .col(string_len_null(Customer::PasswordHash, 255))
                    .col(timestamp_with_time_zone_null(Customer::PasswordChangedAt))
                    .col(string_len(Customer::Remark, 500).default(""))
                    .to_owned(),
            ))
            .await?;
        for (name, col) in [
            ("idx_customer_mobile_hash", Customer::MobileHash),
            ("idx_customer_name", Customer::Name),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Customer::Table)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(audited(
                Table::create()
                    .table(Vehicle::Table)
                    .col(big_pk_auto(Vehicle::Id))
                    .col(big_integer(Vehicle::CustomerId))
                    .col(string_len(Vehicle::PlateNo, 16))
                    .col(string_len(Vehicle::Vin, 17))
                    .col(string_len(Vehicle::EngineNo, 32).default(""))
                    .col(string_len(Vehicle::BrandModel, 128).default(""))
                    // PRIVATE, NON_OPERATING_CORP, OPERATING or TRUCK.
                    .col(string_len(Vehicle::Usage, 32))
                    .col(integer_null(Vehicle::Seats))
                    .col(date_null(Vehicle::RegisterDate))
                    .col(string_len(Vehicle::OwnerName, 128).default(""))
                    .col(boolean(Vehicle::OwnerIsCustomer).default(true))
                    .col(boolean(Vehicle::Deleted).default(false))
                    .to_owned(),
            ))
            .await?;
        for (name, col) in [
            ("idx_vehicle_customer", Vehicle::CustomerId),
            ("idx_vehicle_vin", Vehicle::Vin),
            ("idx_vehicle_plate", Vehicle::PlateNo),
        ] {
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(Vehicle::Table)
                        .col(col)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_table(audited(
                Table::create()
                    .table(CustomerFile::Table)
                    .col(big_pk_auto(CustomerFile::Id))
                    .col(big_integer(CustomerFile::CustomerId))
                    // ID_FRONT, ID_BACK, DRIVING_LICENSE, VEHICLE_LICENSE, OTHER (dictionary).
                    .col(string_len(CustomerFile::Kind, 32))
                    .col(big_integer(CustomerFile::FileId))
                    .col(string_len(CustomerFile::Remark, 255).default(""))
                    .col(boolean(CustomerFile::Deleted).default(false))
                    .col(timestamp_with_time_zone_null(CustomerFile::DeletedAt))
                    .col(big_integer_null(CustomerFile::DeletedBy))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_customer_file_customer")
                    .table(CustomerFile::Table)
                    .col(CustomerFile::CustomerId)
                    .to_owned(),
            )
            .await?;
        // A document of an order (docs/business.md). Orders come later: `order_id`
        // gets its foreign key with the orders table.
        manager
            .create_table(audited(
                Table::create()
                    .table(OrderFile::Table)
                    .col(big_pk_auto(OrderFile::Id))
                    .col(big_integer(OrderFile::OrderId))
                    .col(string_len(OrderFile::Kind, 32))
                    .col(big_integer(OrderFile::FileId))
                    .col(string_len(OrderFile::Sha256, 64))
                    .col(string_len(OrderFile::Remark, 255).default(""))
                    // The approved application it came from, if any.
                    .col(big_integer_null(OrderFile::ApplyId))
                    .col(boolean(OrderFile::Deleted).default(false))
                    .col(timestamp_with_time_zone_null(OrderFile::DeletedAt))
                    .col(big_integer_null(OrderFile::DeletedBy))
                    .to_owned(),
            ))
            .await?;
        // An application to add (or replace) a document of an order, examined by staff.
        manager
            .create_table(audited(
                Table::create()
                    .table(OrderFileApply::Table)
                    .col(big_pk_auto(OrderFileApply::Id))
                    .col(big_integer(OrderFileApply::OrderId))
                    .col(string_len(OrderFileApply::Kind, 32))
                    .col(big_integer(OrderFileApply::FileId))
                    // The order_file it would replace (deleted on approval), if any.
                    .col(big_integer_null(OrderFileApply::ReplacesId))
                    .col(string_len(OrderFileApply::Reason, 255).default(""))
                    // PENDING, APPROVED or REJECTED.
                    .col(string_len(OrderFileApply::Status, 16))
                    .col(big_integer_null(OrderFileApply::ExaminedBy))
                    .col(timestamp_with_time_zone_null(OrderFileApply::ExaminedAt))
                    .col(string_len(OrderFileApply::RejectReason, 255).default(""))
                    .col(big_integer_null(OrderFileApply::OrderFileId))
                    .to_owned(),
            ))
            .await?;
        for (name, table, col) in [
            (
                "idx_order_file_order",
                OrderFile::Table.into_iden(),
                OrderFile::OrderId.into_iden(),
            ),
            (
                "idx_order_file_apply_order",
                OrderFileApply::Table.into_iden(),
                OrderFileApply::OrderId.into_iden(),
            ),
            (
                "idx_order_file_apply_status",
                OrderFileApply::Table.into_iden(),
                OrderFileApply::Status.into_iden(),
            ),
        ] {
            manager
                .create_index(Index::create().name(name).table(table).col(col).to_owned())
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "order_file_apply",
            "order_file",
            "customer_file",
            "vehicle",
            "customer",
        ] {
            manager
                .drop_table(Table::drop().table(Alias::new(table)).to_owned())
                .await?;
        }
        Ok(())
    }
}
