import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import type { OrderPageBody, OrderRowData, WaivableData, WaiverBody, WaiverData, WaiverPageBody } from './types';

/** The calls of 减免申请 (`/api/admin/order/waiver/*`, docs/waivers.md). */

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const waiverApi = {
  page: (body: WaiverPageBody) => post<PageResult<WaiverData>>('/admin/order/waiver/page', body),
  /** The form's data for an order: instalments with what is outstanding today (409 when the order is not repaying). */
  waivable: (orderId: number) => request<WaivableData>({ url: '/admin/order/waiver/waivable/{orderId}', data: { orderId } }),
  /** 申请减免: a 400 names every wrong field at once. */
  create: (orderId: number, body: WaiverBody) => post<WaiverData>('/admin/order/waiver/create/{orderId}', { orderId, ...body }),
  /** 审批通过 (first or last level): 403 for its maker and for the first approver at the second level, 409 when the amounts no longer fit. */
  approve: (id: number) => post<WaiverData>('/admin/order/waiver/approve/{id}', { id }),
  reject: (id: number, reason: string) => post<unknown>('/admin/order/waiver/reject/{id}', { id, reason }),
  withdraw: (id: number, reason: string) => post<unknown>('/admin/order/waiver/withdraw/{id}', { id, reason }),
  /** The order picker: orders of 还款阶段 (PENDING_POLICY, REPAYING, OVERDUE) by order number; needs admin:order_info:table. */
  orders: (orderNo: string) =>
    request<PageResult<OrderRowData>>({ url: '/admin/order/repayment/page', method: 'post', silent: true, data: { page: 1, size: 20, orderNo } satisfies OrderPageBody }),
};
