import type { components } from '../../api/schema';

/**
 * The shapes of 退保申请 (surrender applications, `/api/admin/order/surrender/*`): shared by the
 * screen (features/surrender) and the order page's 退保 tab (features/business). The data are
 * aliases of the generated `src/api/schema.d.ts`; the codes are the server's. Money is integer
 * fen, dates `YYYY-MM-DD`, times epoch ms.
 */

type Schemas = components['schemas'];

/** The statuses of an application, in the order of its life. */
export const SURRENDER_STATUSES = [
  'PENDING_APPROVAL',
  'APPROVED',
  'SUBMITTED_TO_INSURER',
  'INSURER_CONFIRMED',
  'REFUND_RECEIVED',
  'SETTLED',
  'REJECTED',
  'WITHDRAWN',
  'CANCELLED',
  'INSURER_DECLINED',
] as const;
export type SurrenderStatus = (typeof SURRENDER_STATUSES)[number];

/** The statuses of an application still under way (one per order at a time). */
export const LIVE_SURRENDER_STATUSES: readonly string[] = ['PENDING_APPROVAL', 'APPROVED', 'SUBMITTED_TO_INSURER', 'INSURER_CONFIRMED', 'REFUND_RECEIVED'];

/** Why the policies are surrendered (DEFAULT: by the platform under the power of attorney). */
export const SURRENDER_REASONS = ['DEFAULT', 'CUSTOMER_REQUEST', 'VEHICLE_SOLD', 'TOTAL_LOSS', 'DUPLICATE', 'POLICY_NOT_ISSUED'] as const;
export type SurrenderReason = (typeof SURRENDER_REASONS)[number];

/** How money came in or went out (the refund received, the surplus paid out). */
export const SURRENDER_CHANNELS = ['BANK_TRANSFER', 'WITHHOLD', 'ONLINE_PAY', 'OFFLINE'] as const;
export type SurrenderChannel = (typeof SURRENDER_CHANNELS)[number];

/** What became of a shortfall left after the refund ('' when there is none). */
export const SHORTFALL_RESOLUTIONS = ['OPEN', 'PAID', 'WRITTEN_OFF'] as const;
/** The resolutions chosen at settlement (PAID follows when the customer pays the rest). */
export const SETTLE_RESOLUTIONS = ['OPEN', 'WRITTEN_OFF'] as const;
export type SettleResolution = (typeof SETTLE_RESOLUTIONS)[number];

/** Who bears a written-off shortfall. */
export const SURRENDER_BEARERS = ['CAPITAL_PROVIDER', 'PLATFORM'] as const;
export type SurrenderBearer = (typeof SURRENDER_BEARERS)[number];

/** A demand notice (催告函): sent with its cure deadline, cured, or closed. */
export const NOTICE_STATUSES = ['SENT', 'CURED', 'CLOSED'] as const;

/** The policies of an order, how each refund is computed, why one refunds nothing. */
export const POLICY_KINDS = ['COMMERCIAL', 'COMPULSORY', 'VEHICLE_TAX'] as const;
export const REFUND_METHODS = ['PRE_START', 'PRO_RATA', 'SHORT_RATE', 'NONE'] as const;
export const NO_REFUND_REASONS = ['COMPULSORY_REASON_NOT_ALLOWED', 'POLICY_EXPIRED', 'VEHICLE_TAX_NOT_REFUNDABLE', 'NOT_ISSUED'] as const;

/** One policy's estimated refund. */
export type SurrenderPolicyData = Schemas['PolicyEstimateData'];

/** A demand notice (催告函) of an overdue order. */
export type DemandNoticeData = Schemas['DemandNoticeData'];

/** 退保试算: what filing for a reason and a cancellation date would say. */
export type SurrenderQuoteData = Schemas['SurrenderQuoteData'];

/** A surrender application. */
export type SurrenderData = Schemas['SurrenderData'];

/** The list's body (`POST /page`, `POST /export`). */
export type SurrenderPageBody = Schemas['SurrenderPageBody'];
