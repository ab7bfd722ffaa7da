import { request } from '../../shared/api/request';
import type { components } from '../../api/schema';
import type { PageResult } from '../../shared/crud/query';

/** System management calls (docs/system.md). */

type Schemas = components['schemas'];

/** The shapes of the calls, generated from the server's OpenAPI (`scripts/gen-api`). */
export type Department = Schemas['DepartmentData'];
export type DepartmentInput = Schemas['DepartmentBody'];
export type CatalogueSection = Schemas['CatalogueSectionData'];
export type RoleRow = Schemas['RoleRowData'];
export type RoleDetail = Schemas['RoleViewData'];
export type RoleCreateInput = Schemas['RoleCreateBody'];
export type RoleUpdateInput = Schemas['RoleUpdateBody'];
export type AdminRow = Schemas['UserRowData'];
export type AdminDetail = Schemas['UserViewData'];
export type AdminCreateInput = Schemas['UserCreateBody'];
export type AdminUpdateInput = Schemas['UserUpdateBody'];
export type OperationLogRow = Schemas['OperationLogData'];
export type LoginLogRow = Schemas['LoginLogData'];
export type ExportResult = Schemas['ExportData'];
export type InterfaceConfig = Schemas['InterfaceConfigData'];
export type SmsConfigInput = Schemas['SmsConfigBody'];
export type OcrConfigInput = Schemas['OcrConfigBody'];
export type UsageRow = Schemas['UsageData'];
export type TemplateRow = Schemas['TemplateData'];
export type SignatureConfigInput = Schemas['SignatureConfigBody'];
export type ConnectionTestResult = Schemas['ConnectionTestData'];
export type TemplateInput = Schemas['TemplateBody'];
export type TemplateTestInput = Schemas['TemplateTestBody'];

type Body = Record<string, unknown>;

const post = <T,>(url: string, data?: object) => request<T>({ url, method: 'post', ...(data ? { data } : {}) });

export const organizationApi = {
  tree: () => request<Department[]>({ url: '/admin/organization/tree' }),
  create: (input: DepartmentInput) => post<Schemas['IdData']>('/admin/organization/create', input),
  update: (id: number, input: DepartmentInput) => post<unknown>('/admin/organization/update/{id}', { id, ...input }),
  setEnabled: (id: number, enabled: boolean) => post<unknown>('/admin/organization/status/{id}', { id, enabled }),
  remove: (id: number) => post<unknown>('/admin/organization/delete/{id}', { id }),
};

export const roleApi = {
  catalogue: () => request<CatalogueSection[]>({ url: '/admin/role/catalogue' }),
  page: (body: Body) => post<PageResult<RoleRow>>('/admin/role/page', body),
  view: (id: number) => request<RoleDetail>({ url: '/admin/role/view/{id}', data: { id } }),
  create: (input: RoleCreateInput) => post<Schemas['IdData']>('/admin/role/create', input),
  update: (id: number, input: RoleUpdateInput) => post<unknown>('/admin/role/update/{id}', { id, ...input }),
  remove: (id: number) => post<unknown>('/admin/role/delete/{id}', { id }),
  export: (body: Body) => post<ExportResult>('/admin/role/export', body),
};

export const adminApi = {
  page: (body: Body) => post<PageResult<AdminRow>>('/admin/user/page', body),
  view: (id: number) => request<AdminDetail>({ url: '/admin/user/view/{id}', data: { id } }),
  create: (input: AdminCreateInput) => post<Schemas['UserCreatedData']>('/admin/user/create', input),
  update: (id: number, input: AdminUpdateInput) => post<unknown>('/admin/user/update/{id}', { id, ...input }),
  setEnabled: (id: number, enabled: boolean) => post<unknown>('/admin/user/status/{id}', { id, enabled }),
  resetPassword: (id: number, password?: string) =>
    post<Schemas['PasswordData']>('/admin/user/reset-password/{id}', password ? { id, password } : { id }),
  signOut: (id: number) => post<unknown>('/admin/user/sign-out/{id}', { id }),
  export: (body: Body) => post<ExportResult>('/admin/user/export', body),
};

export const journalApi = {
  operations: (body: Body) => post<PageResult<OperationLogRow>>('/admin/logs/operation/page', body),
  exportOperations: (body: Body) => post<ExportResult>('/admin/logs/operation/export', body),
  logins: (body: Body) => post<PageResult<LoginLogRow>>('/admin/logs/login/page', body),
  exportLogins: (body: Body) => post<ExportResult>('/admin/logs/login/export', body),
};

export type SecurityConfig = Schemas['SecurityData'];
export type SystemConfig = Schemas['SystemData'];
export type SystemConfigInput = Schemas['SystemBody'];
export type BusinessDate = Schemas['BusinessDateData'];

/** 安全设置 and 系统设置 (docs/system.md "Settings"). */
export const configApi = {
  security: () => request<SecurityConfig>({ url: '/admin/config/security' }),
  saveSecurity: (input: SecurityConfig) => post<SecurityConfig>('/admin/config/security/update', input),
  system: () => request<SystemConfig>({ url: '/admin/config/system' }),
  saveSystem: (input: SystemConfigInput) => post<SystemConfig>('/admin/config/system/update', input),
  removeLogo: () => post<SystemConfig>('/admin/config/system/logo/delete'),
  businessDate: () => request<BusinessDate>({ url: '/admin/config/system/business-date' }),
};

/** 短信/OCR接口配置: secrets are write-only (answers carry `...SecretSet` flags). */
export const interfaceApi = {
  config: () => request<InterfaceConfig>({ url: '/admin/config/interface' }),
  updateSms: (input: SmsConfigInput) => post<unknown>('/admin/config/interface/sms/update', input),
  updateOcr: (input: OcrConfigInput) => post<unknown>('/admin/config/interface/ocr/update', input),
};

/** 短信/OCR使用记录 (targets come masked). */
export const usageApi = {
  page: (body: Body) => post<PageResult<UsageRow>>('/admin/icl_interface/usage/page', body),
  export: (body: Body) => post<ExportResult>('/admin/icl_interface/usage/export', body),
};

/** 短信模板配置. */
export const templateApi = {
  page: (body: Body) => post<PageResult<TemplateRow>>('/admin/config/sms/template/page', body),
  export: (body: Body) => post<ExportResult>('/admin/config/sms/template/export', body),
  create: (input: TemplateInput) => post<Schemas['IdData']>('/admin/config/sms/template/create', input),
  update: (id: number, input: TemplateInput) => post<unknown>('/admin/config/sms/template/update/{id}', { id, ...input }),
  remove: (id: number) => post<unknown>('/admin/config/sms/template/delete/{id}', { id }),
  test: (id: number, input: TemplateTestInput) => post<Schemas['TemplateTestData']>('/admin/config/sms/template/test/{id}', { id, ...input }),
};

/** 电子签章接口配置: the private key is write-only (answers carry `privateKeySet`). */
export const signatureApi = {
  config: () => request<Schemas['SignatureConfigData']>({ url: '/admin/config/signature' }),
  update: (input: SignatureConfigInput) => post<unknown>('/admin/config/signature/update', input),
  test: () => post<ConnectionTestResult>('/admin/config/signature/test'),
};

export type OrderRules = Schemas['OrderRules'];
export type OrderRulesData = Schemas['OrderRulesData'];
export type DelinquencyRange = Schemas['DelinquencyRange'];
export type ProductTerms = Schemas['ProductTerms'];
export type ProductRow = Schemas['ProductData'];
export type ProductInput = Schemas['ProductBody'];
export type SavedProduct = Schemas['SavedProductData'];
export type ScheduleInput = Schemas['ScheduleBody'];
export type Schedule = Schemas['ScheduleData'];
export type ScheduleLine = Schemas['ScheduleLineData'];

/** 订单规则配置: the order rules, the versioned products and the schedule calculator. */
export const orderRulesApi = {
  rules: () => request<OrderRulesData>({ url: '/admin/config/order-rules' }),
  saveRules: (rules: OrderRules, version: number) => post<OrderRulesData>('/admin/config/order-rules/update', { rules, version }),
};

export const productApi = {
  page: (body: Body) => post<PageResult<ProductRow>>('/admin/config/product/page', body),
  export: (body: Body) => post<ExportResult>('/admin/config/product/export', body),
  defaults: () => request<ProductTerms>({ url: '/admin/config/product/defaults' }),
  view: (id: number) => request<ProductRow>({ url: '/admin/config/product/view/{id}', data: { id } }),
  versions: (id: number) => request<ProductRow[]>({ url: '/admin/config/product/versions/{id}', data: { id } }),
  create: (input: ProductInput) => post<SavedProduct>('/admin/config/product/create', input),
  update: (id: number, input: ProductInput) => post<SavedProduct>('/admin/config/product/update/{id}', { id, ...input }),
  activate: (id: number) => post<unknown>('/admin/config/product/activate/{id}', { id }),
  retire: (id: number) => post<unknown>('/admin/config/product/retire/{id}', { id }),
  schedule: (input: ScheduleInput) => post<Schedule>('/admin/config/product/schedule', input),
};
