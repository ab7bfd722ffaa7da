//! Spanish and Japanese labels of dictionary items (docs/content.md): `label_es` and `label_ja`,
//! empty by default like `label_en`, filled here for every item m0009 seeded.
//!
//! A built-in item's meaning is fixed by its code (the code relies on it), so its labels are
//! filled even when an administrator has reworded its Chinese label. The seeded examples that are
//! not built in (`reject_reason`, `return_reason`) are the administrators' to change: they are
//! filled only while their Chinese label is still the seeded one, since a reworded example may
//! mean something else now. An item left empty shows its English, then its Chinese label.

use super::m0009_content::TYPES;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DictType {
    Table,
    Id,
    Code,
}

#[derive(DeriveIden)]
enum DictItem {
    Table,
    TypeId,
    Code,
    LabelZh,
    LabelEs,
    LabelJa,
}

/// The Spanish and Japanese labels of m0009's items: type code, item code, Spanish, Japanese.
/// The words are those the web's dictionaries already use where they have them.
pub(super) const LABELS: &[(&str, &str, &str, &str)] = &[
    ("customer_kind", "INDIVIDUAL", "Particular", "個人"),
    ("customer_kind", "ENTERPRISE", "Empresa", "法人"),
    (
        "id_type",
        "RESIDENT_ID",
        "Documento de identidad de residente",
        "居民身分証",
    ),
    ("id_type", "PASSPORT", "Pasaporte", "パスポート"),
    (
        "id_type",
        "HK_MACAO_PERMIT",
        "Permiso de viaje al continente para residentes de Hong Kong y Macao",
        "香港・マカオ住民用の本土往来通行証",
    ),
    (
        "id_type",
        "TAIWAN_PERMIT",
        "Permiso de viaje al continente para residentes de Taiwán",
        "台湾住民用の大陸往来通行証",
    ),
    (
        "id_type",
        "FOREIGN_PERMANENT",
        "Tarjeta de residencia permanente para extranjeros",
        "外国人永住身分証",
    ),
    ("vehicle_usage", "PRIVATE", "Uso particular", "自家用"),
    (
        "vehicle_usage",
        "NON_OPERATING_CORP",
        "Empresa, uso no comercial",
        "法人・非営業用",
    ),
    ("vehicle_usage", "OPERATING", "Uso comercial", "営業用"),
    ("vehicle_usage", "TRUCK", "Camión", "貨物車"),
    (
        "customer_file_kind",
        "ID_FRONT",
        "Documento de identidad (cara con foto)",
        "身分証（写真面）",
    ),
    (
        "customer_file_kind",
        "ID_BACK",
        "Documento de identidad (cara con emblema)",
        "身分証（国章面）",
    ),
    (
        "customer_file_kind",
        "DRIVING_LICENSE",
        "Permiso de conducir",
        "運転免許証",
    ),
    (
        "customer_file_kind",
        "VEHICLE_LICENSE",
        "Permiso de circulación",
        "車両登録証",
    ),
    ("customer_file_kind", "OTHER", "Otro", "その他"),
    (
        "order_file_kind",
        "ID_FRONT",
        "Documento de identidad (cara con foto)",
        "身分証（写真面）",
    ),
    (
        "order_file_kind",
        "ID_BACK",
        "Documento de identidad (cara con emblema)",
        "身分証（国章面）",
    ),
    (
        "order_file_kind",
        "DRIVING_LICENSE",
        "Permiso de conducir",
        "運転免許証",
    ),
    (
        "order_file_kind",
        "VEHICLE_LICENSE",
        "Permiso de circulación",
        "車両登録証",
    ),
    (
        "order_file_kind",
        "OWNER_DECLARATION",
        "Declaración del propietario",
        "車両所有者声明書",
    ),
    (
        "order_file_kind",
        "POWER_OF_ATTORNEY",
        "Poder notarial",
        "委任状",
    ),
    ("order_file_kind", "CONTRACT", "Contrato", "契約"),
    (
        "order_file_kind",
        "E_POLICY",
        "Póliza electrónica",
        "電子保険証券",
    ),
    (
        "order_file_kind",
        "PAYMENT_VOUCHER",
        "Comprobante de pago",
        "支払証憑",
    ),
    ("order_file_kind", "OTHER", "Otro", "その他"),
    (
        "reject_reason",
        "INCOMPLETE_FILES",
        "Documentación incompleta",
        "書類不備",
    ),
    (
        "reject_reason",
        "UNCLEAR_IMAGES",
        "Fotos de los documentos poco claras",
        "証明書の写真が不鮮明",
    ),
    (
        "reject_reason",
        "INFO_MISMATCH",
        "Los datos del documento no coinciden con la solicitud",
        "証明書の内容が申込内容と一致しない",
    ),
    (
        "reject_reason",
        "CREDIT_NOT_MET",
        "El historial crediticio no cumple los requisitos",
        "信用情報が要件を満たさない",
    ),
    ("reject_reason", "OTHER", "Otro", "その他"),
    (
        "return_reason",
        "FILES_TO_ADD",
        "Faltan documentos",
        "書類の追加が必要",
    ),
    (
        "return_reason",
        "WRONG_PREMIUM",
        "Importe de la prima incorrecto",
        "保険料の金額に誤り",
    ),
    (
        "return_reason",
        "WRONG_VEHICLE_INFO",
        "Datos del vehículo incorrectos",
        "車両情報に誤り",
    ),
    (
        "return_reason",
        "WRONG_INSURER",
        "Aseguradora elegida por error",
        "保険会社の選択に誤り",
    ),
    ("return_reason", "OTHER", "Otro", "その他"),
    (
        "surrender_reason",
        "VEHICLE_SCRAPPED",
        "Vehículo desguazado",
        "車両廃車",
    ),
    (
        "surrender_reason",
        "VEHICLE_TRANSFERRED",
        "Vehículo transferido",
        "車両譲渡",
    ),
    (
        "surrender_reason",
        "DUPLICATE_INSURANCE",
        "Seguro duplicado",
        "重複加入",
    ),
    ("surrender_reason", "OTHER", "Otro", "その他"),
    (
        "banner_position",
        "APP_HOME",
        "Inicio de la app de clientes",
        "顧客アプリのホーム",
    ),
    (
        "banner_position",
        "LOAN_PAGE",
        "Página de préstamo",
        "借入ページ",
    ),
    (
        "banner_position",
        "PERSONAL_CENTER",
        "Área personal",
        "マイページ",
    ),
];

/// m0009's seed of an item: its Chinese label and whether it is built in.
fn seeded(type_code: &str, item_code: &str) -> Option<(&'static str, bool)> {
    TYPES
        .iter()
        .find(|(code, ..)| *code == type_code)
        .and_then(|(.., items)| items.iter().find(|(code, ..)| *code == item_code))
        .map(|(_, label_zh, _, built_in)| (*label_zh, *built_in))
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for col in [DictItem::LabelEs, DictItem::LabelJa] {
            // One column per statement: SQLite alters one thing at a time.
            manager
                .alter_table(
                    Table::alter()
                        .table(DictItem::Table)
                        .add_column(ColumnDef::new(col).string_len(128).not_null().default(""))
                        .to_owned(),
                )
                .await?;
        }
        for (type_code, item_code, label_es, label_ja) in LABELS {
            let (label_zh, built_in) = seeded(type_code, item_code).ok_or_else(|| {
                DbErr::Custom(format!("{type_code}.{item_code} is not an m0009 item"))
            })?;
            let mut update = Query::update();
            update
                .table(DictItem::Table)
                .values([
                    (DictItem::LabelEs, (*label_es).into()),
                    (DictItem::LabelJa, (*label_ja).into()),
                ])
                .and_where(Expr::col(DictItem::Code).eq(*item_code))
                .and_where(
                    Expr::col(DictItem::TypeId).in_subquery(
                        Query::select()
                            .column(DictType::Id)
                            .from(DictType::Table)
                            .and_where(Expr::col(DictType::Code).eq(*type_code))
                            .to_owned(),
                    ),
                );
            if !built_in {
                update.and_where(Expr::col(DictItem::LabelZh).eq(label_zh));
            }
            manager.exec_stmt(update.to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for col in [DictItem::LabelEs, DictItem::LabelJa] {
            manager
                .alter_table(
                    Table::alter()
                        .table(DictItem::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seeded_item_has_its_labels_once() {
        let mut seen = std::collections::HashSet::new();
        for (type_code, item_code, label_es, label_ja) in LABELS {
            assert!(
                seeded(type_code, item_code).is_some(),
                "{type_code}.{item_code}"
            );
            assert!(!label_es.trim().is_empty() && label_es.chars().count() <= 128);
            assert!(!label_ja.trim().is_empty() && label_ja.chars().count() <= 128);
            assert!(
                seen.insert((*type_code, *item_code)),
                "{type_code}.{item_code} twice"
            );
        }
        let seeded_count: usize = TYPES.iter().map(|(.., items)| items.len()).sum();
        assert_eq!(
            seen.len(),
            seeded_count,
            "an m0009 item has no Spanish or Japanese label"
        );
    }
}
