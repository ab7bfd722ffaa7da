import type { components } from '../../api/schema';
import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';

/** Partner management calls (docs/partners.md). Money in fen, rates in basis points. */

type Schemas = components['schemas'];

export type InsurerRow = Schemas['InsurerData'];
export type InsurerInput = Schemas['InsurerBody'];
export type ProviderRow = Schemas['ProviderData'];
export type ProviderInput = Schemas['ProviderBody'];
export type ProviderAccountRow = Schemas['ProviderAccountData'];
export type ProviderAccountInput = Schemas['ProviderAccountBody'];
export type CapitalUserRow = Schemas['CapitalUserData'];
export type CapitalUserInput = Schemas['CapitalUserBody'];
export type EsignAccount = Schemas['EsignData'];
export type ExportResult = Schemas['ExportData'];

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const insurerApi = {
  page: (body: Body) => post<PageResult<InsurerRow>>('/admin/insurer/page', body),
  view: (id: number) => request<InsurerRow>({ url: '/admin/insurer/view/{id}', data: { id } }),
  create: (input: InsurerInput) => post<Schemas['IdData']>('/admin/insurer/create', input),
  update: (id: number, input: InsurerInput) => post<unknown>('/admin/insurer/update/{id}', { id, ...input }),
  setEnabled: (id: number, enabled: boolean) => post<unknown>('/admin/insurer/status/{id}', { id, enabled }),
  export: (body: Body) => post<ExportResult>('/admin/insurer/export', body),
};

export const providerApi = {
  page: (body: Body) => post<PageResult<ProviderRow>>('/admin/capital/page', body),
  view: (id: number) => request<ProviderRow>({ url: '/admin/capital/view/{id}', data: { id } }),
  create: (input: ProviderInput) => post<Schemas['IdData']>('/admin/capital/create', input),
  update: (id: number, input: ProviderInput) => post<unknown>('/admin/capital/update/{id}', { id, ...input }),
  setStatus: (id: number, status: string) => post<unknown>('/admin/capital/status/{id}', { id, status }),
  export: (body: Body) => post<ExportResult>('/admin/capital/export', body),
  accounts: (providerId: number) => request<ProviderAccountRow[]>({ url: '/admin/capital/account/list/{providerId}', data: { providerId } }),
  createAccount: (providerId: number, input: ProviderAccountInput) =>
    post<Schemas['IdData']>('/admin/capital/account/create/{providerId}', { providerId, ...input }),
  updateAccount: (id: number, input: ProviderAccountInput) => post<unknown>('/admin/capital/account/update/{id}', { id, ...input }),
  setDefaultAccount: (id: number) => post<unknown>('/admin/capital/account/default/{id}', { id }),
  setAccountEnabled: (id: number, enabled: boolean) => post<unknown>('/admin/capital/account/status/{id}', { id, enabled }),
  users: (providerId: number) => request<CapitalUserRow[]>({ url: '/admin/capital/user/list/{providerId}', data: { providerId } }),
  createUser: (providerId: number, input: CapitalUserInput) =>
    post<Schemas['UserCreatedData']>('/admin/capital/user/create/{providerId}', { providerId, ...input }),
  setUserEnabled: (id: number, enabled: boolean) => post<unknown>('/admin/capital/user/status/{id}', { id, enabled }),
  resetPassword: (id: number, password?: string) =>
    post<Schemas['PasswordData']>('/admin/capital/user/reset-password/{id}', password ? { id, password } : { id }),
  signOut: (id: number) => post<unknown>('/admin/capital/user/sign-out/{id}', { id }),
  esign: (providerId: number) => request<EsignAccount>({ url: '/admin/capital/signature/{providerId}', data: { providerId } }),
  reviewEsign: (providerId: number, approved: boolean) => post<unknown>('/admin/capital/signature/review/{providerId}', { providerId, approved }),
};
