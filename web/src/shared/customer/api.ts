import axios from 'axios';
import type { components } from '../../api/schema';
import { dispositionFileName } from '../api/download';
import { API_BASE, apiHeaders, request } from '../api/request';
import type { PageResult } from '../crud/query';

/** Customer calls (docs/customers.md). */

type Schemas = components['schemas'];

export type CustomerRow = Schemas['CustomerData'];
export type CustomerView = Schemas['CustomerViewData'];
export type CustomerInput = Schemas['CustomerBody'];
export type VehicleRow = Schemas['VehicleData'];
export type VehicleInput = Schemas['VehicleBody'];
export type NewVehicleInput = Schemas['VehicleCreateBody'];
export type CustomerFileRow = Schemas['CustomerFileData'];
export type ExportResult = Schemas['ExportData'];
export type PersonalField = 'idNo' | 'mobile' | 'bankCard';
export type CustomerOrderRow = Schemas['OrderRowData'];

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const customerApi = {
  page: (body: Body) => post<PageResult<CustomerRow>>('/admin/customer/page', body),
  export: (body: Body) => post<ExportResult>('/admin/customer/export', body),
  view: (id: number) => post<CustomerView>('/admin/customer/view/{id}', { id }),
  create: (input: CustomerInput) => post<Schemas['IdData']>('/admin/customer/create', input),
  update: (id: number, input: CustomerInput) => post<unknown>('/admin/customer/update/{id}', { id, ...input }),
  reveal: (id: number, field: PersonalField) => post<Schemas['RevealData']>('/admin/customer/reveal/{id}', { id, field }),
  setPassword: (id: number, password: string) => post<unknown>('/admin/customer/password/{id}', { id, password }),
  /** The customer's orders (the customer page's orders section). */
  orders: (customerId: number, page: number, size: number) =>
    post<PageResult<CustomerOrderRow>>('/admin/customer/order/page', { customerId, page, size, sort: { field: 'appliedAt', order: 'desc' } }),
};

export const vehicleApi = {
  create: (input: NewVehicleInput) => post<Schemas['IdData']>('/admin/customer/vehicle/create', input),
  update: (id: number, input: VehicleInput) => post<unknown>('/admin/customer/vehicle/update/{id}', { id, ...input }),
  remove: (id: number) => post<unknown>('/admin/customer/vehicle/delete/{id}', { id }),
};

interface Envelope<T> {
  result: boolean;
  code: number;
  msg: string;
  data: T;
}

export const customerFileApi = {
  page: (body: Body) => post<PageResult<CustomerFileRow>>('/admin/customer/file/page', body),
  remove: (id: number) => post<unknown>('/admin/customer/file/delete/{id}', { id }),
  /** Uploads one file (multipart); answers the envelope so the dialog can show the server's message. */
  upload: async (customerId: number, kind: string, remark: string, file: File): Promise<Envelope<{ id: number } | { fields?: Record<string, string> }>> => {
    const body = new FormData();
    body.append('customerId', String(customerId));
    body.append('kind', kind);
    if (remark.trim()) body.append('remark', remark.trim());
    body.append('file', file);
    const reply = await fetch(`${API_BASE}/admin/customer/file/create`, {
      method: 'POST',
      body,
      headers: apiHeaders(),
    });
    return (await reply.json()) as Envelope<{ id: number }>;
  },
  /** The file as a blob (the token travels in the header), for preview or download. */
  fetch: async (id: number, mode: 'preview' | 'download'): Promise<{ blob: Blob; name: string }> => {
    const response = await axios.get<Blob>(`${API_BASE}/admin/customer/file/${mode}/${id}`, {
      responseType: 'blob',
      headers: apiHeaders(),
      timeout: 120_000,
    });
    if ((response.headers['content-type'] as string | undefined)?.includes('application/json')) {
      const envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
      throw new Error(envelope.msg);
    }
    const name = dispositionFileName(response.headers['content-disposition'] as string | undefined, `file-${id}`);
    return { blob: response.data, name };
  },
};
