import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictOption } from '../dictionary/dictionary';
import { i18n } from '../i18n';
import { DICTIONARY_VALUES, recordValueTable, recordWordDictionaries, useRecordWords } from './valueWords';

const request = vi.hoisted(() => vi.fn());
vi.mock('../api/request', async (original) => ({ ...(await original<object>()), request }));

/** The customer kinds as seeded (crates/store/src/migration/m0009_content.rs, m0026_dict_labels.rs). */
const CUSTOMER_KINDS: DictOption[] = [
  { code: 'INDIVIDUAL', labelZh: '个人', labelEn: 'Individual', labelEs: 'Particular', labelJa: '個人', enabled: true },
  { code: 'ENTERPRISE', labelZh: '企业', labelEn: 'Enterprise', labelEs: 'Empresa', labelJa: '法人', enabled: true },
];

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** The statuses of `crates/domain/src/status.rs` (`enum X in "table"`) this module words, and the two that are no transition's. */
const DOMAIN_STATUSES: Record<string, string[]> = {
  capital_provider: ['ACTIVE', 'PAUSED', 'TERMINATED'],
  capital_esign_account: ['UNSUBMITTED', 'PENDING', 'VERIFIED'],
  contract_template: ['DRAFT', 'ACTIVE', 'RETIRED'],
  product: ['DRAFT', 'ACTIVE', 'RETIRED'],
  notice_batch: ['RUNNING', 'FINISHED'],
  notice_recipient: ['QUEUED', 'SENDING', 'SENT', 'FAILED'],
  // crates/domain/src/customer.rs CUSTOMER_STATUSES; an article's DRAFT or PUBLISHED.
  customer: ['ENABLED', 'DISABLED'],
  article: ['DRAFT', 'PUBLISHED'],
};

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

async function wordsIn(lang: string) {
  await i18n.changeLanguage(lang);
  return renderHook(() => useRecordWords(), { wrapper }).result;
}

beforeEach(() => {
  // GET /api/common/dictionary/{typeCode}: the customer kinds, no other type's items.
  request.mockReset().mockImplementation(({ data }: { data: { typeCode: string } }) => Promise.resolve(data.typeCode === 'customer_kind' ? CUSTOMER_KINDS : []));
});

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('the words of the records’ coded values', () => {
  it('the four languages have the same codes, none without words', () => {
    const zh = keys(recordWordDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(recordWordDictionaries[lang]).sort()).toEqual(zh);
    for (const dictionary of Object.values(recordWordDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it("every status of the domain's tables has its words", () => {
    expect(Object.keys(recordWordDictionaries.zh.status).sort()).toEqual(Object.keys(DOMAIN_STATUSES).sort());
    for (const [table, codes] of Object.entries(DOMAIN_STATUSES)) {
      expect(Object.keys(recordWordDictionaries.zh.status[table as keyof typeof recordWordDictionaries.zh.status]).sort(), table).toEqual([...codes].sort());
    }
  });

  it('picks the words by the detail key and the record table', () => {
    expect(recordValueTable({ key: 'to', target: 'capital_provider' })).toBe('status.capital_provider');
    expect(recordValueTable({ key: 'from', target: 'capital_esign_account' })).toBe('status.capital_esign_account');
    expect(recordValueTable({ key: 'status', target: 'customer' })).toBe('status.customer');
    expect(recordValueTable({ key: 'kind', target: 'capital_provider' })).toBe('providerKind');
    expect(recordValueTable({ key: 'guaranteeMode', target: 'capital_provider' })).toBe('guaranteeMode');
    expect(recordValueTable({ key: 'purpose', target: 'capital_provider_account' })).toBe('accountPurpose');
    expect(recordValueTable({ key: 'docKind', target: 'contract_template' })).toBe('docKind');
    expect(recordValueTable({ key: 'channel', target: 'notice_batch' })).toBe('noticeChannel');
    expect(recordValueTable({ key: 'compulsoryReasons', target: 'insurer' })).toBe('compulsoryReason');
    expect(recordValueTable({ key: 'kycStatus', target: 'customer' })).toBe('kycStatus');
    // The money records' (shared/order/valueWords.ts), a key without a code, no key.
    expect(recordValueTable({ key: 'to', target: 'repayment' })).toBeUndefined();
    expect(recordValueTable({ key: 'channel', target: 'order_receipt' })).toBeUndefined();
    expect(recordValueTable({ key: 'kind', target: 'customer' })).toBeUndefined();
    expect(recordValueTable({ key: 'name', target: 'capital_provider' })).toBeUndefined();
    expect(recordValueTable({ target: 'capital_provider' })).toBeUndefined();
    expect(DICTIONARY_VALUES['customer.kind']).toBe('customer_kind');
  });

  it('reads a code in the interface language; nothing for what it has no words for', async () => {
    let words = (await wordsIn('zh')).current;
    expect(words('PAUSED', { key: 'to', target: 'capital_provider' })).toBe('已暂停');
    expect(words('LOAN_CONTRACT', { key: 'docKind', target: 'contract_template' })).toBe('借款合同');
    expect(words('FINISHED', { key: 'from', target: 'notice_batch' })).toBe('已完成');
    expect(words('IN_APP', { key: 'channel', target: 'notice_template' })).toBe('站内信');
    expect(words('DISABLED', { key: 'status', target: 'customer' })).toBe('停用');
    expect(words('ACTIVE', { key: 'status', target: 'customer' })).toBeUndefined();
    expect(words('BANK_TRANSFER', { key: 'channel', target: 'order_receipt' })).toBeUndefined();
    expect(words('星河银行', { key: 'name', target: 'capital_provider' })).toBeUndefined();
    words = (await wordsIn('en')).current;
    expect(words('ACTIVE', { key: 'from', target: 'capital_provider' })).toBe('Active');
    expect(words('BANK', { key: 'kind', target: 'capital_provider' })).toBe('Bank');
    expect(words('LOAN_CONTRACT', { key: 'docKind', target: 'contract_template' })).toBe('Loan contract');
  });

  it("reads a data-dictionary code in its item's label once the type is in", async () => {
    const zh = await wordsIn('zh');
    await waitFor(() => expect(zh.current('ENTERPRISE', { key: 'kind', target: 'customer' })).toBe('企业'));
    expect(zh.current('NOT_A_KIND', { key: 'kind', target: 'customer' })).toBeUndefined();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: '/common/dictionary/{typeCode}', data: { typeCode: 'customer_kind', all: true } }));
    const en = await wordsIn('en');
    await waitFor(() => expect(en.current('INDIVIDUAL', { key: 'kind', target: 'customer' })).toBe('Individual'));
  });
});
