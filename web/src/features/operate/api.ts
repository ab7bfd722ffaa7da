import { fetchPdf } from '../../shared/api/pdf';
import { IDEMPOTENCY_HEADER, request } from '../../shared/api/request';
import type { components } from '../../api/schema';
import type { PageResult } from '../../shared/crud/query';

/** 运营管理 calls (docs/templates.md). */

type Schemas = components['schemas'];
type Body = Record<string, unknown>;

export type ContractRow = Schemas['ContractTemplateData'];
export type ContractDetail = Schemas['ContractTemplateDetailData'];
export type ContractInput = Schemas['ContractBody'];
export type ContractCatalogue = Schemas['ContractCatalogueData'];
export type ContractVariable = Schemas['VariableData'];
export type SavedVersion = Schemas['SavedData'];
export type NoticeTemplateRow = Schemas['NoticeTemplateData'];
export type NoticeTemplateInput = Schemas['NoticeTemplateBody'];
export type SmsOption = Schemas['SmsOptionData'];
export type CustomerPick = Schemas['CustomerPickData'];
export type CustomerFilter = Schemas['CustomerFilterDto'];
export type SendInput = Schemas['SendBody'];
export type BatchRow = Schemas['BatchData'];
export type RecipientRow = Schemas['RecipientData'];
export type ExportResult = Schemas['ExportData'];

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const contractApi = {
  catalogue: () => request<ContractCatalogue>({ url: '/admin/contract/template/catalogue' }),
  page: (body: Body) => post<PageResult<ContractRow>>('/admin/contract/template/page', body),
  export: (body: Body) => post<ExportResult>('/admin/contract/template/export', body),
  view: (id: number) => request<ContractDetail>({ url: '/admin/contract/template/view/{id}', data: { id } }),
  versions: (id: number) => request<ContractRow[]>({ url: '/admin/contract/template/versions/{id}', data: { id } }),
  create: (input: ContractInput) => post<SavedVersion>('/admin/contract/template/create', input),
  update: (id: number, input: ContractInput) => post<SavedVersion>('/admin/contract/template/update/{id}', { id, ...input }),
  activate: (id: number) => post<unknown>('/admin/contract/template/activate/{id}', { id }),
  retire: (id: number) => post<unknown>('/admin/contract/template/retire/{id}', { id }),
  preview: (id: number) => fetchPdf(`/admin/contract/template/preview/${id}`),
};

export const noticeTemplateApi = {
  page: (body: Body) => post<PageResult<NoticeTemplateRow>>('/admin/notice/template/page', body),
  export: (body: Body) => post<ExportResult>('/admin/notice/template/export', body),
  smsOptions: () => request<SmsOption[]>({ url: '/admin/notice/template/sms-options' }),
  options: () => request<NoticeTemplateRow[]>({ url: '/admin/notice/template/options' }),
  create: (input: NoticeTemplateInput) => post<Schemas['IdData']>('/admin/notice/template/create', input),
  update: (id: number, input: NoticeTemplateInput) => post<unknown>('/admin/notice/template/update/{id}', { id, ...input }),
  remove: (id: number) => post<unknown>('/admin/notice/template/delete/{id}', { id }),
};

export const noticeSendApi = {
  customers: (body: Body) => post<PageResult<CustomerPick>>('/admin/notice/customer/page', body),
  /** Sends with `idempotencyKey`: a resent request (double click, network retry) creates no second batch. */
  send: (input: SendInput, idempotencyKey: string) =>
    request<BatchRow>({ url: '/admin/notice/batch/create', method: 'post', data: input, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
  page: (body: Body) => post<PageResult<BatchRow>>('/admin/notice/batch/page', body),
  export: (body: Body) => post<ExportResult>('/admin/notice/batch/export', body),
  view: (id: number) => request<BatchRow>({ url: '/admin/notice/batch/view/{id}', data: { id } }),
  retry: (id: number) => post<Schemas['RetryData']>('/admin/notice/batch/retry/{id}', { id }),
  recipients: (id: number, body: Body) => post<PageResult<RecipientRow>>('/admin/notice/batch/recipients/{id}', { id, ...body }),
};
