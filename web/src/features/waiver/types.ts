import type { components } from '../../api/schema';

/**
 * The shapes of 减免申请 (waivers, docs/waivers.md): aliases of the generated `src/api/schema.d.ts`.
 * Money is integer fen, dates `YYYY-MM-DD`, times epoch ms.
 */

type Schemas = components['schemas'];

export const WAIVER_STATUSES = ['PENDING_APPROVAL', 'PENDING_SECOND', 'APPROVED', 'EFFECTIVE', 'REJECTED', 'WITHDRAWN', 'EXPIRED'] as const;
export type WaiverStatus = (typeof WAIVER_STATUSES)[number];

/** Who gives the money up: the platform (it pays the provider the interest) or the capital provider. */
export const BEARERS = ['PLATFORM', 'CAPITAL_PROVIDER'] as const;
export type Bearer = (typeof BEARERS)[number];

/** The components a waiver may give up (principal never: that is a write-off). */
export const COMPONENTS = ['interest', 'fee', 'penalty'] as const;
export type WaiverComponent = (typeof COMPONENTS)[number];

/** An instalment's state in the form's data. */
export const ITEM_STATUSES = ['NOT_DUE', 'DUE', 'OVERDUE'] as const;

export type WaiverData = Schemas['WaiverData'];
export type WaiverLineData = Schemas['WaiverLineData'];
export type WaiverPageBody = Schemas['WaiverPageBody'];
export type WaivableData = Schemas['WaivableData'];
export type WaivableItemData = Schemas['WaivableItemData'];
export type WaiverBody = Schemas['WaiverBody'];
export type WaiverReasonBody = Schemas['WaiverReasonBody'];
/** An order of 还款阶段 (`POST /api/admin/order/repayment/page`), for the order picker. */
export type OrderRowData = Schemas['OrderRowData'];
export type OrderPageBody = Schemas['OrderPageBody'];
