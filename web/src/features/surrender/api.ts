import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import { surrenderPage } from '../../shared/surrender/api';
import type {
  ExportData,
  OrderPageBody,
  OrderRowData,
  SettlePreviewData,
  SurrenderConfirmBody,
  SurrenderCreateBody,
  SurrenderData,
  SurrenderPageBody,
  SurrenderPayoutBody,
  SurrenderQuoteData,
  SurrenderSettleBody,
} from './types';

/** The calls of 退保申请 (`/api/admin/order/surrender/*`, docs/surrenders.md). */

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

/** The query of 退保试算: the reason and the cancellation date when chosen (the server's defaults otherwise). */
export interface QuoteParams {
  reason?: string | undefined;
  cancelDate?: string | undefined;
}

export const surrenderApi = {
  /** The applications (filtered by status, reason, order number, customer name or order). */
  page: (body: SurrenderPageBody) => surrenderPage(body),
  /** The same rows as a spreadsheet. */
  export: (body: SurrenderPageBody) => post<ExportData>('/admin/order/surrender/export', body),
  /** 退保试算 for an order: each policy's estimate, the payoff at the date, the demand notice, why it cannot be filed (`blocked`). */
  quote: (orderId: number, { reason, cancelDate }: QuoteParams = {}) =>
    request<SurrenderQuoteData>({ url: '/admin/order/surrender/quote/{id}', data: { id: orderId, ...(reason ? { reason } : {}), ...(cancelDate ? { cancelDate } : {}) } }),
  /** 申请退保: a 400 names every wrong field at once; 409 when it cannot be filed (the quote's `blocked`). */
  create: (body: SurrenderCreateBody) => post<SurrenderData>('/admin/order/surrender/create', body),
  /** 审批通过: the order → 退保中; 403 for its maker. */
  approve: (id: number) => post<SurrenderData>('/admin/order/surrender/approve/{id}', { id }),
  reject: (id: number, reason: string) => post<unknown>('/admin/order/surrender/reject/{id}', { id, reason }),
  /** 撤回 (its maker only). */
  withdraw: (id: number, reason: string) => post<unknown>('/admin/order/surrender/withdraw/{id}', { id, reason }),
  /** 提交保险公司 on a day (approval day … today). */
  submit: (id: number, submittedOn: string) => post<SurrenderData>('/admin/order/surrender/submit/{id}', { id, submittedOn }),
  /** 保险公司确认: the refund in fen, the endorsement number, the effective date. */
  confirm: (id: number, body: SurrenderConfirmBody) => post<SurrenderData>('/admin/order/surrender/confirm/{id}', { id, ...body }),
  /** 保险公司拒绝: the order goes back to 还款中 / 逾期. */
  decline: (id: number, reason: string) => post<SurrenderData>('/admin/order/surrender/decline/{id}', { id, reason }),
  /** 撤销退保 (the customer cured): the order goes back. */
  cancel: (id: number, reason: string) => post<SurrenderData>('/admin/order/surrender/cancel/{id}', { id, reason }),
  /** 冲账试算 for the day the refund is received. */
  settlePreview: (id: number, receivedOn: string) => request<SettlePreviewData>({ url: '/admin/order/surrender/settle-preview/{id}', data: { id, receivedOn } }),
  /** 退保款确认并冲账: 403 for the maker; a shortfall needs its resolution. */
  settle: (id: number, body: SurrenderSettleBody) => post<SurrenderData>('/admin/order/surrender/settle/{id}', { id, ...body }),
  /** 退还余款 to the customer. */
  payout: (id: number, body: SurrenderPayoutBody) => post<SurrenderData>('/admin/order/surrender/payout/{id}', { id, ...body }),
  /** The order picker: orders of 还款阶段 (PENDING_POLICY, REPAYING, OVERDUE) by order number; needs admin:order_info:table. */
  orders: (orderNo: string) =>
    request<PageResult<OrderRowData>>({ url: '/admin/order/repayment/page', method: 'post', silent: true, data: { page: 1, size: 20, orderNo } satisfies OrderPageBody }),
};
