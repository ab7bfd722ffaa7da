//! Content management: the data dictionary (types and items, the built-in ones seeded here),
//! banners (advertisements) and articles with their categories.

use super::common::audited;
use chrono::Utc;
use sea_orm_migration::sea_orm::ConnectionTrait;
use sea_orm_migration::sea_orm::sea_query::ExprTrait;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DictType {
    Table,
    Id,
    Code,
    NameZh,
    NameEn,
    Remark,
    BuiltIn,
}

#[derive(DeriveIden)]
enum DictItem {
    Table,
    Id,
    TypeId,
    Code,
    LabelZh,
    LabelEn,
    Sort,
    Enabled,
    BuiltIn,
}

#[derive(DeriveIden)]
enum Banner {
    Table,
    Id,
    Title,
    Position,
    ImageFileId,
    Link,
    Sort,
    ValidFrom,
    ValidTo,
    Enabled,
}

#[derive(DeriveIden)]
enum ArticleCategory {
    Table,
    Id,
    Name,
    Sort,
    Enabled,
}

#[derive(DeriveIden)]
enum Article {
    Table,
    Id,
    CategoryId,
    Title,
    CoverFileId,
    Body,
    Status,
    PublishedAt,
}

/// A seeded item: code, Chinese label, English label, built in.
pub(super) type Seed = (&'static str, &'static str, &'static str, bool);

/// The seeded types: code, Chinese name, English name, remark, items.
pub(super) const TYPES: &[(&str, &str, &str, &str, &[Seed])] = &[
    (
        "customer_kind",
        "客户类型",
        "Customer kind",
        "个人或企业客户",
        &[
            ("INDIVIDUAL", "个人", "Individual", true),
            ("ENTERPRISE", "企业", "Enterprise", true),
        ],
    ),
    (
        "id_type",
        "证件类型",
        "ID document type",
        "客户（或企业法定代表人）的证件类型",
        &[
            ("RESIDENT_ID", "居民身份证", "Resident ID card", true),
            ("PASSPORT", "护照", "Passport", true),
            (
                "HK_MACAO_PERMIT",
                "港澳居民来往内地通行证",
                "Mainland travel permit for Hong Kong and Macao residents",
                true,
            ),
            (
                "TAIWAN_PERMIT",
                "台湾居民来往大陆通行证",
                "Mainland travel permit for Taiwan residents",
                true,
            ),
            (
                "FOREIGN_PERMANENT",
                "外国人永久居留身份证",
                "Foreign permanent resident ID card",
                true,
            ),
        ],
    ),
    (
        "vehicle_usage",
        "车辆使用性质",
        "Vehicle usage",
        "行驶证上的使用性质",
        &[
            ("PRIVATE", "家庭自用", "Private", true),
            (
                "NON_OPERATING_CORP",
                "企业非营运",
                "Corporate, non-operating",
                true,
            ),
            ("OPERATING", "营运", "Operating", true),
            ("TRUCK", "货车", "Truck", true),
        ],
    ),
    (
        "customer_file_kind",
        "客户资料类型",
        "Customer file kind",
        "客户资料上传时选择的类型",
        &[
            ("ID_FRONT", "身份证人像面", "ID card (photo side)", true),
            ("ID_BACK", "身份证国徽面", "ID card (emblem side)", true),
            ("DRIVING_LICENSE", "驾驶证", "Driving licence", true),
            ("VEHICLE_LICENSE", "行驶证", "Vehicle licence", true),
            ("OTHER", "其他", "Other", true),
        ],
    ),
    (
        "order_file_kind",
        "订单资料类型",
        "Order file kind",
        "订单资料上传时选择的类型",
        &[
            ("ID_FRONT", "身份证人像面", "ID card (photo side)", true),
            ("ID_BACK", "身份证国徽面", "ID card (emblem side)", true),
            ("DRIVING_LICENSE", "驾驶证", "Driving licence", true),
            ("VEHICLE_LICENSE", "行驶证", "Vehicle licence", true),
            ("OWNER_DECLARATION", "车主声明", "Owner declaration", true),
            ("POWER_OF_ATTORNEY", "授权委托书", "Power of attorney", true),
            ("CONTRACT", "合同", "Contract", true),
            ("E_POLICY", "电子保单", "Electronic policy", true),
            ("PAYMENT_VOUCHER", "付款凭证", "Payment voucher", true),
            ("OTHER", "其他", "Other", true),
        ],
    ),
    (
        "reject_reason",
        "驳回原因",
        "Rejection reason",
        "审核不通过时选择的原因，可自行增加",
        &[
            (
                "INCOMPLETE_FILES",
                "资料不全",
                "Incomplete documents",
                false,
            ),
            (
                "UNCLEAR_IMAGES",
                "证件照片不清晰",
                "Unclear document photos",
                false,
            ),
            (
                "INFO_MISMATCH",
                "证件信息与填写信息不符",
                "Document details do not match the application",
                false,
            ),
            (
                "CREDIT_NOT_MET",
                "征信不符合要求",
                "Credit record does not meet requirements",
                false,
            ),
            ("OTHER", "其他", "Other", false),
        ],
    ),
    (
        "return_reason",
        "退回原因",
        "Return reason",
        "订单退回修改时选择的原因，可自行增加",
        &[
            ("FILES_TO_ADD", "需补充资料", "More documents needed", false),
            (
                "WRONG_PREMIUM",
                "保费金额有误",
                "Wrong premium amount",
                false,
            ),
            (
                "WRONG_VEHICLE_INFO",
                "车辆信息有误",
                "Wrong vehicle details",
                false,
            ),
            (
                "WRONG_INSURER",
                "保险公司选择有误",
                "Wrong insurer chosen",
                false,
            ),
            ("OTHER", "其他", "Other", false),
        ],
    ),
    (
        "surrender_reason",
        "退保原因",
        "Surrender reason",
        "退保申请的原因",
        &[
            ("VEHICLE_SCRAPPED", "车辆报废", "Vehicle scrapped", true),
            (
                "VEHICLE_TRANSFERRED",
                "车辆过户",
                "Vehicle transferred",
                true,
            ),
            (
                "DUPLICATE_INSURANCE",
                "重复投保",
                "Duplicate insurance",
                true,
            ),
            ("OTHER", "其他", "Other", true),
        ],
    ),
    (
        "banner_position",
        "广告位置",
        "Banner position",
        "广告展示的位置，可自行增加",
        &[
            ("APP_HOME", "客户端首页", "Customer app home", true),
            ("LOAN_PAGE", "借款页", "Loan page", true),
            ("PERSONAL_CENTER", "个人中心", "Personal centre", true),
        ],
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(audited(
                Table::create()
                    .table(DictType::Table)
                    .col(big_pk_auto(DictType::Id))
                    .col(string_len(DictType::Code, 64).unique_key())
                    .col(string_len(DictType::NameZh, 64))
                    .col(string_len(DictType::NameEn, 128).default(""))
                    .col(string_len(DictType::Remark, 255).default(""))
                    .col(boolean(DictType::BuiltIn).default(false))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(DictItem::Table)
                    .col(big_pk_auto(DictItem::Id))
                    .col(big_integer(DictItem::TypeId))
                    .col(string_len(DictItem::Code, 64))
                    .col(string_len(DictItem::LabelZh, 64))
                    .col(string_len(DictItem::LabelEn, 128).default(""))
                    .col(integer(DictItem::Sort).default(0))
                    .col(boolean(DictItem::Enabled).default(true))
                    .col(boolean(DictItem::BuiltIn).default(false))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_dict_item_type")
                            .from(DictItem::Table, DictItem::TypeId)
                            .to(DictType::Table, DictType::Id),
                    )
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("uq_dict_item_type_code")
                    .table(DictItem::Table)
                    .col(DictItem::TypeId)
                    .col(DictItem::Code)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(Banner::Table)
                    .col(big_pk_auto(Banner::Id))
                    .col(string_len(Banner::Title, 64))
                    // A banner_position dictionary code.
                    .col(string_len(Banner::Position, 64))
                    // The stored_file row of the image.
                    .col(big_integer(Banner::ImageFileId))
                    .col(string_len(Banner::Link, 500).default(""))
                    .col(integer(Banner::Sort).default(0))
                    .col(timestamp_with_time_zone_null(Banner::ValidFrom))
                    .col(timestamp_with_time_zone_null(Banner::ValidTo))
                    .col(boolean(Banner::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(ArticleCategory::Table)
                    .col(big_pk_auto(ArticleCategory::Id))
                    .col(string_len(ArticleCategory::Name, 64).unique_key())
                    .col(integer(ArticleCategory::Sort).default(0))
                    .col(boolean(ArticleCategory::Enabled).default(true))
                    .to_owned(),
            ))
            .await?;
        manager
            .create_table(audited(
                Table::create()
                    .table(Article::Table)
                    .col(big_pk_auto(Article::Id))
                    .col(big_integer(Article::CategoryId))
                    .col(string_len(Article::Title, 128))
                    .col(big_integer_null(Article::CoverFileId))
                    // Sanitized HTML.
                    .col(text(Article::Body))
                    // DRAFT or PUBLISHED.
                    .col(string_len(Article::Status, 16))
                    .col(timestamp_with_time_zone_null(Article::PublishedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_article_category")
                            .from(Article::Table, Article::CategoryId)
                            .to(ArticleCategory::Table, ArticleCategory::Id),
                    )
                    .to_owned(),
            ))
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_article_category")
                    .table(Article::Table)
                    .col(Article::CategoryId)
                    .to_owned(),
            )
            .await?;
        seed(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Article::Table.into_iden(),
            ArticleCategory::Table.into_iden(),
            Banner::Table.into_iden(),
            DictItem::Table.into_iden(),
            DictType::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

/// Inserts the seeded dictionary types and their items.
async fn seed(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    // A migration runs before the application and its clock exist.
    #[allow(clippy::disallowed_methods)]
    let now = Utc::now();
    for (code, name_zh, name_en, remark, items) in TYPES {
        let insert = Query::insert()
            .into_table(DictType::Table)
            .columns([
                DictType::Code.into_iden(),
                DictType::NameZh.into_iden(),
                DictType::NameEn.into_iden(),
                DictType::Remark.into_iden(),
                DictType::BuiltIn.into_iden(),
                Alias::new("created_at").into_iden(),
                Alias::new("updated_at").into_iden(),
                Alias::new("version").into_iden(),
            ])
            .values_panic([
                (*code).into(),
                (*name_zh).into(),
                (*name_en).into(),
                (*remark).into(),
                true.into(),
                now.into(),
                now.into(),
                0i64.into(),
            ])
            .to_owned();
        db.execute(&insert).await?;
        let select = Query::select()
            .column(DictType::Id)
            .from(DictType::Table)
            .and_where(Expr::col(DictType::Code).eq(*code))
            .to_owned();
        let found = db
            .query_one(&select)
            .await?
            .ok_or_else(|| DbErr::Custom(format!("dictionary type {code} not inserted")))?;
        let type_id: i64 = found.try_get("", "id")?;
        for (sort, (item, label_zh, label_en, built_in)) in (1i32..).zip(items.iter()) {
            let insert = Query::insert()
                .into_table(DictItem::Table)
                .columns([
                    DictItem::TypeId.into_iden(),
                    DictItem::Code.into_iden(),
                    DictItem::LabelZh.into_iden(),
                    DictItem::LabelEn.into_iden(),
                    DictItem::Sort.into_iden(),
                    DictItem::Enabled.into_iden(),
                    DictItem::BuiltIn.into_iden(),
                    Alias::new("created_at").into_iden(),
                    Alias::new("updated_at").into_iden(),
                    Alias::new("version").into_iden(),
                ])
                .values_panic([
                    type_id.into(),
                    (*item).into(),
                    (*label_zh).into(),
                    (*label_en).into(),
                    (sort * 10).into(),
                    true.into(),
                    (*built_in).into(),
                    now.into(),
                    now.into(),
                    0i64.into(),
                ])
                .to_owned();
            db.execute(&insert).await?;
        }
    }
    Ok(())
}
