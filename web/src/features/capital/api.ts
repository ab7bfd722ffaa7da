import type { components } from '../../api/schema';
import { fetchPdf } from '../../shared/api/pdf';
import { request } from '../../shared/api/request';

/** The capital provider's own workspace (资金管理): always the signed-in user's provider. */

type Schemas = components['schemas'];

export type AccountInfo = Schemas['CapitalAccountInfoData'];
export type ContactInput = Schemas['CapitalContactBody'];
export type EsignAccount = Schemas['EsignData'];
export type EsignInput = Schemas['CapitalEsignBody'];
export type ContractTemplate = Schemas['ContractTemplateData'];

export const capitalApi = {
  accountInfo: () => request<AccountInfo>({ url: '/capital/account/info' }),
  saveContact: (input: ContactInput) => request<unknown>({ url: '/capital/account/contact', method: 'post', data: input }),
  esign: () => request<EsignAccount>({ url: '/capital/signature' }),
  saveEsign: (input: EsignInput) => request<EsignAccount>({ url: '/capital/signature/save', method: 'post', data: input }),
  submitEsign: () => request<EsignAccount>({ url: '/capital/signature/submit', method: 'post' }),
  /** The ACTIVE contract templates that apply to this provider (its own and general ones). */
  contractTemplates: () => request<ContractTemplate[]>({ url: '/capital/contract/template/list' }),
  /** A template rendered with sample values, as an object URL the caller revokes. */
  previewContractTemplate: (id: number) => fetchPdf(`/capital/contract/template/preview/${id}`),
};

/** The seal image's address for `useBlobUrl`. */
export const sealPath = (fileId: number) => `/capital/signature/seal/${fileId}`;
export const SEAL_UPLOAD = '/capital/signature/seal';
