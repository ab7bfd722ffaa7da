import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import type { AdvanceData, AdvancePageBody, RecoverableData, RecoveryBody, RecoveryCloseBody, RecoveryData, RecoveryPageBody } from './types';

/** The calls of 追偿申请 (`/api/admin/order/recovery/*`, docs/recoveries.md). */

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const recoveryApi = {
  page: (body: RecoveryPageBody) => post<PageResult<RecoveryData>>('/admin/order/recovery/page', body),
  /** The form's data for an order: its advanced instalments still claimed, the write-off threshold, the open application (409 when the order is not repaying). */
  recoverable: (orderId: number) => request<RecoverableData>({ url: '/admin/order/recovery/recoverable/{orderId}', data: { orderId } }),
  /** 申请追偿: a 400 names every wrong field at once; 409 when the order already has an open application or nothing is claimed. */
  create: (orderId: number, body: RecoveryBody) => post<RecoveryData>('/admin/order/recovery/create/{orderId}', { orderId, ...body }),
  /** 审批通过 (first or last level; a write-off's last one writes the claim off): 403 for its maker and for the first approver at the second level. */
  approve: (id: number) => post<RecoveryData>('/admin/order/recovery/approve/{id}', { id }),
  /** 结案 of an agency or litigation case: the result and the cost (fen). */
  close: (id: number, body: RecoveryCloseBody) => post<RecoveryData>('/admin/order/recovery/close/{id}', { id, ...body }),
  reject: (id: number, reason: string) => post<unknown>('/admin/order/recovery/reject/{id}', { id, reason }),
  withdraw: (id: number, reason: string) => post<unknown>('/admin/order/recovery/withdraw/{id}', { id, reason }),
  /** The order picker: the advanced instalments still claimed, by order number; needs admin:order_plan_overdue:table. */
  claimed: (orderNo: string) =>
    request<PageResult<AdvanceData>>({ url: '/admin/order/advance/page', method: 'post', silent: true, data: { page: 1, size: 50, orderNo } satisfies AdvancePageBody }),
};
