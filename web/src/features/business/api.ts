import axios from 'axios';
import type { components } from '../../api/schema';
import { fetchBlob, postMultipart } from '../../shared/api/multipart';
import { API_BASE, IDEMPOTENCY_HEADER, apiHeaders, request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import type {
  ContractData,
  DisburseBody,
  InsureBody,
  InsureOutcomeData,
  OrderMoneyData,
  OrderViewData,
  PolicyUploadFields,
  PolicyViewData,
  PreviewBody,
  PreviewData,
  QuoteData,
  ReceiptData,
  ReceiptFields,
  RefundBody,
  RefundData,
  RepaymentData,
  RepaymentFields,
  SyncedData,
  ToleranceData,
  WriteOffBody,
  WriteOffData,
  WriteOffQuoteData,
} from './part2Types';

/** The order calls of part 1 (docs/orders.md, crates/server/src/routes/business.rs). */

type Schemas = components['schemas'];

export type OrderRow = Schemas['OrderRowData'];
/** The order view (with part 2's contracts, receipts, refunds, plan, disbursement and premium line). */
export type OrderView = OrderViewData;
/** A policy of the order view (`PolicyViewData`; the intake's input is `PolicyData`). */
export type PolicyRow = PolicyViewData;
export type TimelineRow = Schemas['TimelineData'];
export type AllocationRow = Schemas['AllocationData'];
export type RelatedOrder = Schemas['RelatedOrderData'];
export type ApplyInput = Schemas['ApplyBody'];
export type IntakeInput = Schemas['IntakeBody'];
export type ApproveInput = Schemas['ApproveBody'];
export type ReturnInput = Schemas['ReturnBody'];
export type RejectInput = Schemas['RejectBody'];
export type AcceptInput = Schemas['AcceptBody'];
export type Outcome = Schemas['OutcomeData'];
export type AutoAllocation = Schemas['AutoAllocationData'];
export type RuleRow = Schemas['RuleData'];
export type RuleInput = Schemas['RuleBody'];
export type Conditions = Schemas['Conditions'];
export type OrderFileRow = Schemas['OrderFileData'];
export type ProductRow = Schemas['ProductData'];
export type InsurerRow = Schemas['InsurerChoiceData'];
export type ProviderRow = Schemas['ProviderChoiceData'];
export type OrderChoices = Schemas['OrderChoicesData'];

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

/** The lists of the order screens: each answers the orders of its stage. */
export type OrderStage =
  | 'apply'
  | 'intake'
  | 'review'
  | 'queue'
  | 'rejected'
  | 'all'
  // part 2
  | 'declaration'
  | 'insure'
  | 'sign'
  | 'downpayment'
  | 'disbursement'
  | 'policy'
  // repayments
  | 'repayment'
  | 'settled'
  | 'surrendered';

/** The list filters' `applied` range (`from`/`to` of the shared range filter) as the API names it. */
export function withAppliedRange(body: Body): Body {
  const { from, to, ...rest } = body;
  return {
    ...rest,
    ...(typeof from === 'number' ? { appliedFrom: from } : {}),
    ...(typeof to === 'number' ? { appliedTo: to } : {}),
  };
}

export const orderApi = {
  page: (stage: OrderStage, body: Body) => post<PageResult<OrderRow>>(`/admin/order/${stage}/page`, withAppliedRange(body)),
  /** The filtered rows as a spreadsheet (not the rejected list). */
  export: (stage: Exclude<OrderStage, 'rejected'>, body: Body) => post<Schemas['ExportData']>(`/admin/order/${stage}/export`, withAppliedRange(body)),
  view: (id: number) => request<OrderView>({ url: '/admin/order/view/{id}', data: { id } }),
  apply: (input: ApplyInput) => post<Schemas['CreatedOrderData']>('/admin/order/apply', input),
  startIntake: (id: number) => post<unknown>('/admin/order/start-intake/{id}', { id }),
  saveIntake: (id: number, input: IntakeInput) => post<OrderRow>('/admin/order/intake/{id}', { id, ...input }),
  submit: (id: number) => post<unknown>('/admin/order/submit/{id}', { id }),
  approve: (id: number, input: ApproveInput) => post<unknown>('/admin/order/approve/{id}', { id, ...input }),
  returnBack: (id: number, input: ReturnInput) => post<unknown>('/admin/order/return/{id}', { id, ...input }),
  reject: (id: number, input: RejectInput) => post<unknown>('/admin/order/reject/{id}', { id, ...input }),
  cancel: (id: number, reason: string) => post<unknown>('/admin/order/cancel/{id}', { id, reason }),
  allocate: (orderIds: number[], capitalProviderId: number) => post<Outcome[]>('/admin/order/allocate', { orderIds, capitalProviderId }),
  autoAllocate: () => post<AutoAllocation>('/admin/order/auto-allocate'),
  accept: (id: number, input: AcceptInput) => post<unknown>('/admin/order/accept/{id}', { id, ...input }),
  unallocate: (id: number, reason: string) => post<unknown>('/admin/order/unallocate/{id}', { id, reason }),
  noFunder: (id: number, reason: string) => post<unknown>('/admin/order/no-funder/{id}', { id, reason }),
};

export const ruleApi = {
  page: (body: Body) => post<PageResult<RuleRow>>('/admin/allocation/rule/page', body),
  create: (input: RuleInput) => post<unknown>('/admin/allocation/rule/create', input),
  update: (id: number, input: RuleInput) => post<unknown>('/admin/allocation/rule/update/{id}', { id, ...input }),
  enable: (id: number) => post<unknown>('/admin/allocation/rule/enable/{id}', { id }),
  disable: (id: number) => post<unknown>('/admin/allocation/rule/disable/{id}', { id }),
};

export const allocationApi = {
  page: (body: Body) => post<PageResult<AllocationRow>>('/admin/allocation/page', body),
};

export const lookupApi = {
  /** The ACTIVE product versions, the insurers and the providers with their credit: one answer
   *  for every order screen, open to anyone holding an order screen's permission. */
  choices: () => request<OrderChoices>({ url: '/admin/order/choices', method: 'get' }),
};

interface Envelope<T> {
  result: boolean;
  code: number;
  msg: string;
  data: T;
}

export const orderFileApi = {
  page: (orderId: number) => post<PageResult<OrderFileRow>>('/admin/order/file/page', { orderId, page: 1, size: 100 }),
  remove: (id: number) => post<unknown>('/admin/order/file/delete/{id}', { id }),
  /** Uploads one document (multipart); answers the envelope so the dialog can show the server's message. */
  upload: async (orderId: number, kind: string, remark: string, file: File): Promise<Envelope<unknown>> => {
    const body = new FormData();
    body.append('orderId', String(orderId));
    body.append('kind', kind);
    if (remark.trim()) body.append('remark', remark.trim());
    body.append('file', file);
    const reply = await fetch(`${API_BASE}/admin/order/file/create`, {
      method: 'POST',
      body,
      headers: apiHeaders(),
    });
    return (await reply.json()) as Envelope<unknown>;
  },
  /** The document as a blob (the token travels in the header), for preview. */
  preview: async (id: number): Promise<Blob> => {
    const response = await axios.get<Blob>(`${API_BASE}/admin/order/file/preview/${id}`, {
      responseType: 'blob',
      headers: apiHeaders(),
      timeout: 120_000,
    });
    if ((response.headers['content-type'] as string | undefined)?.includes('application/json')) {
      const envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
      throw new Error(envelope.msg);
    }
    return response.data;
  },
};

// ------------------------------------------------------------------ orders, part 2

export { fetchBlob, openBlob, postMultipart } from '../../shared/api/multipart';

/** The contracts of an order: the declaration package (T12) and the loan package (T15). */
export const contractApi = {
  generateDeclaration: (orderId: number) => post<ContractData[]>('/admin/order/declaration/generate/{id}', { id: orderId }),
  generateLoan: (orderId: number) => post<ContractData[]>('/admin/order/contract/generate/{id}', { id: orderId }),
  list: (orderId: number) => request<ContractData[]>({ url: '/admin/order/contract/list/{id}', data: { id: orderId } }),
  resend: (contractId: number) => post<ContractData>('/admin/order/contract/resend/{id}', { id: contractId }),
  void: (contractId: number, reason: string) => post<unknown>('/admin/order/contract/void/{id}', { id: contractId, reason }),
  /** The signed scan (PDF or image); `verified` must be 'true' (the uploader checked the signatures). */
  upload: (contractId: number, file: File) => postMultipart<ContractData>(`/admin/order/contract/upload/${contractId}`, { file, verified: 'true' }),
  /** The PDF (the signed version when it exists and `signed`). */
  file: (contractId: number, signed: boolean) => fetchBlob(`/admin/order/contract/file/${contractId}`, { signed: String(signed) }),
};

/** 投保确认 (T13 within the tolerance, T14 beyond or when the least down payment no longer allows the amount financed). */
export const insureApi = {
  tolerance: () => request<ToleranceData>({ url: '/admin/order/insure/tolerance', method: 'get' }),
  confirm: (orderId: number, input: InsureBody) => post<InsureOutcomeData>('/admin/order/insure/{id}', { id: orderId, ...input }),
};

/** 首付款 (T16) and refunds (E13). */
export const downPaymentApi = {
  /** 登记收款: one multipart request, the voucher (image or PDF) in the field `voucher`. */
  record: (orderId: number, fields: ReceiptFields, voucher: File | null) =>
    postMultipart<ReceiptData>(`/admin/order/down-payment/record/${orderId}`, {
      amountFen: String(fields.amountFen),
      channel: fields.channel,
      serialNo: fields.serialNo,
      payer: fields.payer,
      valueDate: fields.valueDate,
      ...(voucher ? { voucher } : {}),
    }),
  /** One idempotency key per intended confirmation (reused when the same click is retried). */
  confirm: (receiptId: number, idempotencyKey: string) =>
    request<unknown>({ url: '/admin/order/down-payment/confirm/{id}', method: 'post', data: { id: receiptId }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  reject: (receiptId: number, reason: string) => post<unknown>('/admin/order/down-payment/reject/{id}', { id: receiptId, reason }),
  /** A receipt's voucher (image or PDF). */
  voucher: (receiptId: number) => fetchBlob(`/admin/order/down-payment/voucher/${receiptId}`),
  /** Refunds the whole amount received and not yet refunded (there is no amount to give). */
  refund: (orderId: number, input: RefundBody) => post<RefundData>('/admin/order/refund/{id}', { id: orderId, ...input }),
};

/** 放款 (T18) and its reversal. */
export const disburseApi = {
  disburse: (orderId: number, input: DisburseBody) => post<unknown>('/admin/order/disburse/{id}', { id: orderId, ...input }),
  reverse: (orderId: number, reason: string) => post<unknown>('/admin/order/disburse/reverse/{id}', { id: orderId, reason }),
};

/** 电子保单 (T20 when every financed policy is issued). */
export const policyApi = {
  upload: (policyId: number, fields: PolicyUploadFields, file: File) =>
    postMultipart<unknown>(`/admin/order/policy/upload/${policyId}`, { policyNo: fields.policyNo, startDate: fields.startDate, endDate: fields.endDate, file }),
  /** The electronic policy's PDF. */
  file: (policyId: number) => fetchBlob(`/admin/order/policy/file/${policyId}`),
};

/** 还款 (docs/repayments.md): the order's money, the preview and the payoff quote, the two-step recording, the reversal. */
export const repaymentApi = {
  /** The instalments per component, the repayments with their allocation, penalties by day, journals. */
  money: (orderId: number) => request<OrderMoneyData>({ url: '/admin/order/money/{id}', data: { id: orderId } }),
  /** How an amount received on a date would be allocated (nothing is stored). */
  preview: (orderId: number, body: PreviewBody) => post<PreviewData>('/admin/order/repayment/preview/{id}', { id: orderId, ...body }),
  /** The early-settlement quote for a date (YYYY-MM-DD, today's business date or later). */
  quote: (orderId: number, date: string) => request<QuoteData>({ url: '/admin/order/payoff/{id}', data: { id: orderId, date } }),
  /** 登记还款: one multipart request, the voucher (image or PDF) in the field `voucher`. */
  record: (orderId: number, fields: RepaymentFields, voucher: File | null) =>
    postMultipart<RepaymentData>(`/admin/order/repayment/record/${orderId}`, {
      amountFen: String(fields.amountFen),
      source: fields.source,
      channel: fields.channel,
      serialNo: fields.serialNo,
      payer: fields.payer,
      valueDate: fields.valueDate,
      ...(fields.earlySettlement ? { earlySettlement: fields.earlySettlement } : {}),
      ...(voucher ? { voucher } : {}),
    }),
  /** One idempotency key per intended confirmation (reused when the same click is retried). */
  confirm: (repaymentId: number, idempotencyKey: string) =>
    request<SyncedData>({ url: '/admin/order/repayment/confirm/{id}', method: 'post', data: { id: repaymentId }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  reject: (repaymentId: number, reason: string) => post<unknown>('/admin/order/repayment/reject/{id}', { id: repaymentId, reason }),
  /** 冲正 of a confirmed repayment; one idempotency key per intended reversal. */
  reverse: (repaymentId: number, reason: string, idempotencyKey: string) =>
    request<SyncedData>({ url: '/admin/order/repayment/reverse/{id}', method: 'post', data: { id: repaymentId, reason }, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  /** A repayment's voucher (image or PDF). */
  voucher: (repaymentId: number) => fetchBlob(`/admin/order/repayment/voucher/${repaymentId}`),
  /** 结清证明 of a settled order (PDF, issued on the first request). */
  certificate: (orderId: number) => fetchBlob(`/admin/order/settlement-certificate/${orderId}`),
};

/** 核销 (T28, docs/write-offs.md): an overdue order written off, approved by one or two other users. */
export const writeOffApi = {
  /** What the overdue order owes today per component, the second-approval threshold, the waiting application. */
  quote: (orderId: number) => request<WriteOffQuoteData>({ url: '/admin/order/write-off/quote/{id}', data: { id: orderId } }),
  /** The order's applications, newest first. */
  list: (orderId: number) => request<WriteOffData[]>({ url: '/admin/order/write-off/list/{id}', data: { id: orderId } }),
  create: (orderId: number, body: WriteOffBody) => post<WriteOffData>('/admin/order/write-off/create/{id}', { id: orderId, ...body }),
  approve: (id: number) => post<WriteOffData>('/admin/order/write-off/approve/{id}', { id }),
  reject: (id: number, reason: string) => post<unknown>('/admin/order/write-off/reject/{id}', { id, reason }),
  withdraw: (id: number, reason: string) => post<unknown>('/admin/order/write-off/withdraw/{id}', { id, reason }),
};
