/**
 * The shapes of 退保申请 (surrender applications, docs/surrenders.md): aliases of the generated
 * `src/api/schema.d.ts`. The data the list, the order page and the dialogs share come from
 * `shared/surrender/types.ts`; the bodies of the commands are here. Money is integer fen, dates
 * `YYYY-MM-DD`, times epoch ms.
 */

import type { components } from '../../api/schema';

type Schemas = components['schemas'];

export {
  LIVE_SURRENDER_STATUSES,
  NO_REFUND_REASONS,
  NOTICE_STATUSES,
  POLICY_KINDS,
  REFUND_METHODS,
  SETTLE_RESOLUTIONS,
  SHORTFALL_RESOLUTIONS,
  SURRENDER_BEARERS,
  SURRENDER_CHANNELS,
  SURRENDER_REASONS,
  SURRENDER_STATUSES,
} from '../../shared/surrender/types';
export type {
  DemandNoticeData,
  SettleResolution,
  SurrenderBearer,
  SurrenderChannel,
  SurrenderData,
  SurrenderPageBody,
  SurrenderPolicyData,
  SurrenderQuoteData,
  SurrenderReason,
  SurrenderStatus,
} from '../../shared/surrender/types';

/** 申请退保. */
export type SurrenderCreateBody = Schemas['SurrenderBody'];

/** 驳回, 撤回, 撤销退保, 保险公司拒绝: why. */
export type SurrenderReasonBody = Schemas['SurrenderReasonBody'];

/** 提交保险公司: the day the request went to the insurer. */
export type SurrenderSubmitBody = Schemas['SurrenderSubmitBody'];

/** 保险公司确认: the refund the insurer pays, its endorsement (批单号), the day the cancellation takes effect. */
export type SurrenderConfirmBody = Schemas['SurrenderConfirmBody'];

/** How the refund received on a day would settle the order (冲账试算). */
export type SettlePreviewData = Schemas['SettlePreviewData'];

/** 退保款确认并冲账: the refund received; with a shortfall, what becomes of it (and who bears a write-off). */
export type SurrenderSettleBody = Schemas['SurrenderSettleBody'];

/** 退还余款: the surplus paid out to the customer. */
export type SurrenderPayoutBody = Schemas['SurrenderPayoutBody'];

/** The spreadsheet of the filtered rows. */
export type ExportData = Schemas['ExportData'];

/** An order of 还款阶段 (`POST /api/admin/order/repayment/page`), for the order picker. */
export type OrderRowData = Schemas['OrderRowData'];
export type OrderPageBody = Schemas['OrderPageBody'];
