import type { components } from '../../api/schema';

/**
 * The shapes of 追偿申请 (recovery applications, docs/recoveries.md): aliases of the generated
 * `src/api/schema.d.ts`. Money is integer fen, dates `YYYY-MM-DD`, times epoch ms.
 */

type Schemas = components['schemas'];

export const RECOVERY_STATUSES = ['PENDING_APPROVAL', 'PENDING_SECOND', 'APPROVED', 'EXECUTED', 'REJECTED', 'CANCELLED'] as const;
export type RecoveryStatus = (typeof RECOVERY_STATUSES)[number];

/** How the claim is pursued: handed to a collection agency, taken to court, or written off. */
export const METHODS = ['COLLECTION_AGENCY', 'LITIGATION', 'WRITE_OFF'] as const;
export type RecoveryMethod = (typeof METHODS)[number];

/** The methods that name who pursues the claim (an agency or a court) and end with 结案. */
export const CASE_METHODS = ['COLLECTION_AGENCY', 'LITIGATION'] as const;
export type CaseMethod = (typeof CASE_METHODS)[number];

export type RecoveryData = Schemas['RecoveryData'];
export type RecoveryPageBody = Schemas['RecoveryPageBody'];
export type RecoverableData = Schemas['RecoverableData'];
export type ClaimItemData = Schemas['ClaimItemData'];
export type RecoveryBody = Schemas['RecoveryBody'];
export type RecoveryCloseBody = Schemas['RecoveryCloseBody'];
export type RecoveryReasonBody = Schemas['RecoveryReasonBody'];
/** An advanced instalment (`POST /api/admin/order/advance/page`), for the order picker. */
export type AdvanceData = Schemas['AdvanceData'];
export type AdvancePageBody = Schemas['AdvancePageBody'];
