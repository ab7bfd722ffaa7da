//! A customer's vehicles: add, edit, delete (soft). A VIN belongs to one live vehicle.

use super::{DICT_VEHICLE_USAGE, VEHICLE, check_dict, customer_not_found};
use crate::audit::log_change;
use crate::error::{FieldChecks, OrInvalid};
use crate::principal::{ClientInfo, Principal};
use crate::{Beehive, Error, Result};
use chrono::NaiveDate;
use domain::customer as rules;
use domain::text;
use store::entity::{customer, vehicle};
use store::save_if_unchanged;
use store::sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};

/// What the vehicle form sends.
#[derive(Debug, Clone, Default)]
pub struct VehicleInput {
    /// The customer (create only; a vehicle does not change hands here).
    pub customer_id: i64,
    pub plate_no: String,
    pub vin: String,
    pub engine_no: Option<String>,
    pub brand_model: Option<String>,
    pub usage: String,
    pub seats: Option<i32>,
    /// `YYYY-MM-DD`.
    pub register_date: Option<String>,
    pub owner_is_customer: bool,
    /// Required when the owner is not the customer.
    pub owner_name: Option<String>,
}

struct CheckedVehicle {
    plate_no: String,
    vin: String,
    engine_no: String,
    brand_model: String,
    usage: String,
    seats: Option<i32>,
    register_date: Option<NaiveDate>,
    owner_name: Option<String>,
}

/// Every field of the form, every mistake in one answer; a VIN another live vehicle (not
/// `except`) has is named with the rest.
async fn check(
    conn: &impl ConnectionTrait,
    input: &VehicleInput,
    today: NaiveDate,
    except: Option<i64>,
) -> Result<CheckedVehicle> {
    let mut c = FieldChecks::default();
    let plate_no = input.plate_no.trim().to_uppercase();
    if !rules::is_plate(&plate_no) {
        c.fail(
            "plateNo",
            "车牌号格式不正确（如 京A12345，新能源 粤BD12345）",
        );
    }
    let vin = input.vin.trim().to_ascii_uppercase();
    match rules::vin_problem(&vin) {
        Some(problem) => c.fail("vin", problem.to_string()),
        None => {
            c.check(refuse_duplicate_vin(conn, &vin, except).await)?;
        }
    }
    let engine_no = c.check(
        text::optional(input.engine_no.as_deref(), 32)
            .or_invalid_as("engineNo", "发动机号")
            .map(|v| v.unwrap_or_default().to_ascii_uppercase()),
    )?;
    let brand_model = c.check(
        text::optional(input.brand_model.as_deref(), 128)
            .or_invalid_as("brandModel", "品牌型号")
            .map(Option::unwrap_or_default),
    )?;
    let usage =
        c.check(check_dict(conn, "usage", "使用性质", DICT_VEHICLE_USAGE, &input.usage).await)?;
    if let Some(seats) = input.seats
        && !(1..=99).contains(&seats)
    {
        c.fail("seats", "核定座位数须在 1 到 99 之间");
    }
    let register_date = match c.check(crate::paging::text(
        "registerDate",
        input.register_date.as_deref(),
    ))? {
        Some(None) => Some(None),
        Some(Some(text)) => match NaiveDate::parse_from_str(text, "%Y-%m-%d") {
            Err(_) => {
                c.fail("registerDate", "注册日期须为 YYYY-MM-DD 格式的有效日期");
                None
            }
            Ok(date) if date > today => {
                c.fail("registerDate", "注册日期不能晚于今天");
                None
            }
            Ok(date) => Some(Some(date)),
        },
        None => None,
    };
    let owner_name = if input.owner_is_customer {
        Some(None)
    } else {
        c.check(
            text::required(input.owner_name.as_deref().unwrap_or_default(), 128)
                .or_invalid_as("ownerName", "车主姓名"),
        )?
        .map(Some)
    };
    let (Some(engine_no), Some(brand_model), Some(usage), Some(register_date), Some(owner_name)) =
        (engine_no, brand_model, usage, register_date, owner_name)
    else {
        return Err(c.into_error());
    };
    c.finish()?;
    Ok(CheckedVehicle {
        plate_no,
        vin,
        engine_no,
        brand_model,
        usage,
        seats: input.seats,
        register_date,
        owner_name,
    })
}

fn vehicle_not_found() -> Error {
    Error::NotFound("车辆不存在或已被删除".to_owned())
}

/// Refuses a VIN that another live vehicle has.
async fn refuse_duplicate_vin(
    conn: &impl ConnectionTrait,
    vin: &str,
    except: Option<i64>,
) -> Result<()> {
    let mut query = vehicle::Entity::find()
        .filter(vehicle::Column::Vin.eq(vin))
        .filter(vehicle::Column::Deleted.eq(false));
    if let Some(id) = except {
        query = query.filter(vehicle::Column::Id.ne(id));
    }
    if query.count(conn).await? > 0 {
        return Err(Error::invalid("vin", "该车架号（VIN）已登记在其他车辆上"));
    }
    Ok(())
}

async fn live_vehicle(conn: &impl ConnectionTrait, id: i64) -> Result<vehicle::Model> {
    vehicle::Entity::find_by_id(id)
        .one(conn)
        .await?
        .filter(|v| !v.deleted)
        .ok_or_else(vehicle_not_found)
}

impl Beehive {
    /// Adds a vehicle to a customer; answers its id.
    pub async fn create_vehicle(
        &self,
        me: &Principal,
        client: &ClientInfo,
        input: VehicleInput,
    ) -> Result<i64> {
        me.require(VEHICLE)?;
        let now = self.clock.now();
        let v = check(&self.db, &input, self.business_date().await?, None).await?;
        let txn = store::begin_write(&self.db).await?;
        let owner = customer::Entity::find_by_id(input.customer_id)
            .one(&txn)
            .await?
            .ok_or_else(customer_not_found)?;
        refuse_duplicate_vin(&txn, &v.vin, None).await?;
        let created = vehicle::ActiveModel {
            customer_id: Set(owner.id),
            plate_no: Set(v.plate_no.clone()),
            vin: Set(v.vin.clone()),
            engine_no: Set(v.engine_no),
            brand_model: Set(v.brand_model),
            usage: Set(v.usage),
            seats: Set(v.seats),
            register_date: Set(v.register_date),
            owner_name: Set(v.owner_name.unwrap_or_else(|| owner.name.clone())),
            owner_is_customer: Set(input.owner_is_customer),
            deleted: Set(false),
            created_at: Set(now),
            created_by: Set(Some(me.user_id)),
            updated_at: Set(now),
            updated_by: Set(Some(me.user_id)),
            version: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        log_change(
            &txn,
            me,
            client,
            "vehicle.create",
            "vehicle",
            Some(created.id),
            serde_json::json!({ "customerId": owner.id, "plateNo": v.plate_no, "vin": v.vin }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(created.id)
    }

    /// Changes a vehicle (its customer stays).
    pub async fn update_vehicle(
        &self,
        me: &Principal,
        client: &ClientInfo,
        id: i64,
        input: VehicleInput,
    ) -> Result<()> {
        me.require(VEHICLE)?;
        let now = self.clock.now();
        let v = check(&self.db, &input, self.business_date().await?, Some(id)).await?;
        let txn = store::begin_write(&self.db).await?;
        let found = live_vehicle(&txn, id).await?;
        let owner = customer::Entity::find_by_id(found.customer_id)
            .one(&txn)
            .await?
            .ok_or_else(customer_not_found)?;
        refuse_duplicate_vin(&txn, &v.vin, Some(id)).await?;
        save_if_unchanged(
            &txn,
            vehicle::ActiveModel {
                id: Set(id),
                plate_no: Set(v.plate_no.clone()),
                vin: Set(v.vin.clone()),
                engine_no: Set(v.engine_no),
                brand_model: Set(v.brand_model),
                usage: Set(v.usage),
                seats: Set(v.seats),
                register_date: Set(v.register_date),
                owner_name: Set(v.owner_name.unwrap_or_else(|| owner.name.clone())),
                owner_is_customer: Set(input.owner_is_customer),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            vehicle::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "vehicle.update",
            "vehicle",
            Some(id),
            serde_json::json!({
                "customerId": found.customer_id,
                "plateNo": v.plate_no,
                "vin": v.vin,
                "before": { "plateNo": found.plate_no, "vin": found.vin },
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// Deletes a vehicle (soft: the row stays, marked deleted).
    pub async fn delete_vehicle(&self, me: &Principal, client: &ClientInfo, id: i64) -> Result<()> {
        me.require(VEHICLE)?;
        let txn = store::begin_write(&self.db).await?;
        let found = live_vehicle(&txn, id).await?;
        let now = self.clock.now();
        save_if_unchanged(
            &txn,
            vehicle::ActiveModel {
                id: Set(id),
                deleted: Set(true),
                updated_at: Set(now),
                updated_by: Set(Some(me.user_id)),
                version: Set(found.version + 1),
                ..Default::default()
            },
            vehicle::Column::Version,
            found.version,
        )
        .await?;
        log_change(
            &txn,
            me,
            client,
            "vehicle.delete",
            "vehicle",
            Some(id),
            serde_json::json!({
                "customerId": found.customer_id,
                "plateNo": found.plate_no,
                "vin": found.vin,
            }),
            self.clock.now(),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }
}
