//! The rules every approved application of an order shares (减免, 追偿, 核销): the maker cannot
//! approve or reject it, a second approver is neither the maker nor the first approver, only the
//! maker withdraws it, and rejecting or withdrawing needs a reason.

use crate::{Error, Result};

/// 403 unless `me` may approve an application of `kind` (e.g. "减免申请") made by `maker`, at the
/// second level when `first` approved it already.
pub(crate) fn check_approver(
    kind: &str,
    maker: Option<i64>,
    first: Option<i64>,
    second_level: bool,
    me: i64,
) -> Result<()> {
    if maker == Some(me) {
        return Err(Error::Forbidden(format!(
            "不能审批自己提交的{kind}（申请人与审批人须为不同用户）"
        )));
    }
    if second_level && first == Some(me) {
        return Err(Error::Forbidden(
            "复审须由另一位审批人完成（已完成初审）".to_owned(),
        ));
    }
    Ok(())
}

/// 403 unless `me` may reject (not the maker's own) or withdraw (only the maker) the application.
pub(crate) fn check_closer(kind: &str, maker: Option<i64>, me: i64, withdraw: bool) -> Result<()> {
    if !withdraw && maker == Some(me) {
        return Err(Error::Forbidden(format!(
            "不能驳回自己提交的{kind}，请撤回"
        )));
    }
    if withdraw && maker != Some(me) {
        return Err(Error::Forbidden(format!("只有申请人可以撤回{kind}")));
    }
    Ok(())
}

/// The reason of a rejection or withdrawal: required (400, field `reason`), at most 500 characters
/// kept.
pub(crate) fn closing_reason(reason: &str, withdraw: bool) -> Result<String> {
    let reason = reason.trim();
    if reason.is_empty() {
        return Err(Error::invalid(
            "reason",
            if withdraw {
                "请填写撤回原因"
            } else {
                "请填写驳回原因"
            },
        ));
    }
    Ok(reason.chars().take(500).collect())
}
