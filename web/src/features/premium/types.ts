import type { components } from '../../api/schema';

/**
 * The shapes of 保费管理 (premium payment applications): aliases of the generated
 * `src/api/schema.d.ts`. Money is integer fen, dates `YYYY-MM-DD`, times epoch ms.
 */

type Schemas = components['schemas'];

export const APPLICATION_STATUSES = ['DRAFT', 'SUBMITTED', 'CP_APPROVED', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export type PremiumRowData = Schemas['PremiumRowData'];
export type PremiumLineData = Schemas['PremiumLineData'];
/** One application with its lines: `{ application, lines }`. */
export type PremiumViewData = Schemas['PremiumViewData'];
export type CandidateOrderData = Schemas['CandidateOrderData'];
export type CandidateGroupData = Schemas['CandidateGroupData'];
export type CandidatesBody = Schemas['CandidatesBody'];
export type PayeeData = Schemas['PayeeData'];
export type PremiumPageBody = Schemas['PremiumPageBody'];
export type PremiumCreateBody = Schemas['PremiumCreateBody'];
export type PremiumCreatedData = Schemas['PremiumCreatedData'];
export type PremiumApproveBody = Schemas['PremiumApproveBody'];
export type PremiumCancelBody = Schemas['PremiumCancelBody'];
/** The fields of the multipart `POST /api/admin/premium/pay/{id}` (`PremiumPayUpload`), the voucher apart. */
export type PremiumPayFields = Omit<Schemas['PremiumPayUpload'], 'voucher'>;
export type OrderChoicesData = Schemas['OrderChoicesData'];
