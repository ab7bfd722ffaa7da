import { postMultipart } from '../../shared/api/multipart';
import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import type {
  CandidateGroupData,
  CandidatesBody,
  OrderChoicesData,
  PayeeData,
  PremiumCreateBody,
  PremiumCreatedData,
  PremiumPageBody,
  PremiumPayFields,
  PremiumRowData,
  PremiumViewData,
} from './types';

/** The calls of 保费管理 (`/api/admin/premium/*`). */

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const premiumApi = {
  page: (body: PremiumPageBody) => post<PageResult<PremiumRowData>>('/admin/premium/page', body),
  view: (id: number) => request<PremiumViewData>({ url: '/admin/premium/view/{id}', data: { id } }),
  candidates: (filter: CandidatesBody = {}) => post<CandidateGroupData[]>('/admin/premium/candidates', filter),
  payees: (insurerId: number) => request<PayeeData[]>({ url: '/admin/premium/payees/{insurerId}', data: { insurerId } }),
  create: (body: PremiumCreateBody) => post<PremiumCreatedData>('/admin/premium/create', body),
  submit: (id: number) => post<unknown>('/admin/premium/submit/{id}', { id }),
  approve: (id: number, approvalNo: string) => post<unknown>('/admin/premium/approve/{id}', { id, approvalNo }),
  /** 标记已付: one multipart request, the voucher (image or PDF) in the field `voucher`. The creator may not (403). */
  pay: (id: number, fields: PremiumPayFields, voucher: File | null) =>
    postMultipart<unknown>(`/admin/premium/pay/${id}`, { bankSerialNo: fields.bankSerialNo, valueDate: fields.valueDate, ...(voucher ? { voucher } : {}) }),
  cancel: (id: number, reason: string) => post<unknown>('/admin/premium/cancel/{id}', { id, reason }),
  /** The providers and insurers for the filters (`GET /api/admin/order/choices`, open to admin:order_premium:table). */
  choices: () => request<OrderChoicesData>({ url: '/admin/order/choices', method: 'get', quiet: true, silent: true }),
};
