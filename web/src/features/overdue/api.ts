import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import { withDpd } from './logic';
import type { CollectionNoteBody, CollectionNoteData, ExportData, OrderChoicesData, OrderRowData, OrderRulesData } from './types';

/** The calls of 逾期管理 (`/api/admin/order/overdue/*`, `/api/admin/order/collection/*`, docs/overdue.md). */

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const overdueApi = {
  /** The OVERDUE orders (`OrderPageBody`): the list's `from` / `to` become `dpdFrom` / `dpdTo`. */
  page: (body: Body) => post<PageResult<OrderRowData>>('/admin/order/overdue/page', withDpd(body)),
  /** The same rows as a spreadsheet (needs admin:order_info:export besides the list's permission). */
  export: (body: Body) => post<ExportData>('/admin/order/overdue/export', withDpd(body)),
  /** The order's collection notes, newest first. */
  notes: (orderId: number) => request<CollectionNoteData[]>({ url: '/admin/order/collection/list/{orderId}', data: { orderId } }),
  /** 添加催收记录: a 400 names every wrong field at once. */
  addNote: (orderId: number, body: CollectionNoteBody) => post<CollectionNoteData>('/admin/order/collection/create/{orderId}', { orderId, ...body }),
  /** The providers for the filter (`GET /api/admin/order/choices`; only for the order screens' users). */
  choices: () => request<OrderChoicesData>({ url: '/admin/order/choices', method: 'get', quiet: true, silent: true }),
  /** The order rules, for the bucket names (admin:config:order). */
  rules: () => request<OrderRulesData>({ url: '/admin/config/order-rules', quiet: true, silent: true }),
};
