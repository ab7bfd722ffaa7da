import type { components } from '../../api/schema';

/**
 * The shapes of orders, part 2 (contracts, insurance confirmation, down payment, disbursement,
 * electronic policies, refunds): aliases of the generated `src/api/schema.d.ts`, so that a change
 * of the server's OpenAPI shows here as a type error. Money is integer fen, dates `YYYY-MM-DD`,
 * times epoch ms.
 */

type Schemas = components['schemas'];

export type ContractData = Schemas['ContractData'];
export type SignerData = Schemas['SignerData'];
export type ReceiptData = Schemas['ReceiptData'];
export type RefundData = Schemas['RefundData'];
export type PlanData = Schemas['PlanData'];
export type PlanItemData = Schemas['PlanItemData'];
export type DisbursementData = Schemas['DisbursementData'];
export type PremiumLineRefData = Schemas['PremiumLineRefData'];
/** A policy as the order view shows it (the intake's input stays `PolicyData`). */
export type PolicyViewData = Schemas['PolicyViewData'];
export type OrderViewData = Schemas['OrderViewData'];
export type InsureBody = Schemas['InsureBody'];
export type InsurePolicyBody = Schemas['InsurePolicyBody'];
export type InsureOutcomeData = Schemas['InsureOutcomeData'];
export type ToleranceData = Schemas['ToleranceData'];
export type DisburseBody = Schemas['DisburseBody'];
export type RefundBody = Schemas['RefundBody'];
export type FlowReasonBody = Schemas['FlowReasonBody'];

/** The fields of the multipart `POST /api/admin/order/down-payment/record/{id}` (`ReceiptUpload`), the voucher apart. */
export type ReceiptFields = Omit<Schemas['ReceiptUpload'], 'voucher'>;
/** The fields of the multipart `POST /api/admin/order/policy/upload/{id}` (`PolicyUpload`), the file apart. */
export type PolicyUploadFields = Omit<Schemas['PolicyUpload'], 'file'>;

// Repayments (docs/repayments.md): the order's money, the repayments and their allocation, the
// preview, the early-settlement quote.
export type OrderMoneyData = Schemas['OrderMoneyData'];
export type ItemData = Schemas['ItemData'];
export type ComponentData = Schemas['ComponentData'];
export type RepaymentData = Schemas['RepaymentData'];
export type AllocationLineData = Schemas['AllocationLineData'];
export type PenaltyData = Schemas['PenaltyData'];
export type JournalData = Schemas['JournalData'];
export type PostingData = Schemas['PostingData'];
export type PreviewBody = Schemas['PreviewBody'];
export type PreviewData = Schemas['PreviewData'];
export type QuoteData = Schemas['QuoteData'];
export type QuoteLineData = Schemas['QuoteLineData'];
export type SyncedData = Schemas['SyncedData'];
/** The fields of the multipart `POST /api/admin/order/repayment/record/{id}` (`RepaymentUpload`), the voucher apart. */
export type RepaymentFields = Omit<Schemas['RepaymentUpload'], 'voucher'>;

/** The package of a contract (`ContractData.package`). */
export type ContractPackageCode = 'DECLARATION' | 'LOAN';

/** 核销 (T28, docs/write-offs.md). */
export type WriteOffData = Schemas['WriteOffData'];
export type WriteOffQuoteData = Schemas['WriteOffQuoteData'];
export type WriteOffBody = Schemas['WriteOffBody'];
