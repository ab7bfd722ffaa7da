//! The settlement certificate (结清证明, docs/settlement-certificate.md): a built-in ACTIVE template
//! of the kind SETTLEMENT_CERTIFICATE, and on the order the certificate issued for its settlement
//! (the stored PDF, its number, the settlement it was issued for).

use super::m0016_orders_part2::insert_builtin_templates;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Orders {
    Table,
    CertificateFileId,
    CertificateNo,
    CertificateFor,
}

const TEMPLATE: (&str, &str, &str, &str) = (
    "BUILTIN_SETTLEMENT_CERTIFICATE",
    "结清证明",
    "SETTLEMENT_CERTIFICATE",
    "证明编号：{{certificate.no}}\n\n\
     兹证明：借款人{{customer.name}}（证件号码：{{customer.idNo}}）于保费分期订单{{order.orderNo}}项下，\
     为车牌号码{{vehicle.plateNo}}（车架号{{vehicle.vin}}）车辆向出借人{{capital.name}}借款人民币{{order.financedAmount}}元\
     （大写：{{order.financedAmountUpper}}），分{{order.termCount}}期偿还。\n\n\
     截至{{settle.date}}，上述借款已{{settle.type}}，借款人累计还款人民币{{settle.paidTotal}}元，其中本金{{settle.paidPrincipal}}元、\
     利息{{settle.paidInterest}}元、手续费{{settle.paidFee}}元、罚息{{settle.paidPenalty}}元；减免{{settle.waived}}元。\
     借款人在该订单项下的债务已全部结清，出借人及服务方对该订单再无其他债权。\n\n\
     该订单对应保单的退保及退费权益的担保随之解除。\n\n\
     特此证明。\n\n出借人：{{capital.name}}\n服务方：{{platform.name}}\n出具日期：{{today}}",
);

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for col in [
            ColumnDef::new(Orders::CertificateFileId)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(Orders::CertificateNo)
                .string_len(32)
                .not_null()
                .default("")
                .to_owned(),
            ColumnDef::new(Orders::CertificateFor)
                .timestamp_with_time_zone()
                .null()
                .to_owned(),
        ] {
            // One column per statement: SQLite alters one thing at a time.
            let mut col = col;
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(&mut col)
                        .to_owned(),
                )
                .await?;
        }
        insert_builtin_templates(manager, &[TEMPLATE]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .exec_stmt(
                Query::delete()
                    .from_table(Alias::new("contract_template"))
                    .and_where(Expr::col(Alias::new("code")).eq(TEMPLATE.0))
                    .to_owned(),
            )
            .await?;
        for col in [
            Orders::CertificateFileId,
            Orders::CertificateNo,
            Orders::CertificateFor,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
