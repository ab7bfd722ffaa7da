import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { useValueWords, valueTable, valueWordDictionaries } from './valueWords';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** The statuses of `crates/domain/src/status.rs` (`enum X in "table"`) this module words. */
const DOMAIN_STATUSES: Record<string, string[]> = {
  order_contract: ['SIGNING', 'SIGNED', 'REJECTED', 'VOIDED'],
  order_receipt: ['RECORDED', 'CONFIRMED', 'REJECTED'],
  repayment: ['RECORDED', 'CONFIRMED', 'REJECTED', 'REVERSED'],
  waiver: ['PENDING_APPROVAL', 'PENDING_SECOND', 'APPROVED', 'EFFECTIVE', 'REJECTED', 'WITHDRAWN', 'EXPIRED'],
  recovery: ['PENDING_APPROVAL', 'PENDING_SECOND', 'APPROVED', 'EXECUTED', 'REJECTED', 'CANCELLED'],
  write_off: ['PENDING_APPROVAL', 'PENDING_SECOND', 'EXECUTED', 'REJECTED', 'WITHDRAWN'],
  premium_payment: ['DRAFT', 'SUBMITTED', 'CP_APPROVED', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'],
  premium_payment_line: ['LIVE', 'PAID', 'REMOVED', 'REVERSED'],
  surrender: [
    'PENDING_APPROVAL',
    'APPROVED',
    'SUBMITTED_TO_INSURER',
    'INSURER_CONFIRMED',
    'REFUND_RECEIVED',
    'SETTLED',
    'REJECTED',
    'WITHDRAWN',
    'CANCELLED',
    'INSURER_DECLINED',
  ],
  demand_notice: ['SENT', 'CURED', 'CLOSED'],
};

async function wordsIn(lang: string) {
  await i18n.changeLanguage(lang);
  return renderHook(() => useValueWords()).result.current;
}

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('the words of coded values', () => {
  it('the four languages have the same codes, none without words', () => {
    const zh = keys(valueWordDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(valueWordDictionaries[lang]).sort()).toEqual(zh);
    for (const dictionary of Object.values(valueWordDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it("every status of the domain's tables has its words", () => {
    for (const [table, codes] of Object.entries(DOMAIN_STATUSES)) {
      expect(Object.keys(valueWordDictionaries.zh.status[table as keyof typeof valueWordDictionaries.zh.status]).sort(), table).toEqual([...codes].sort());
    }
  });

  it('picks the words by the detail key and the record table', () => {
    expect(valueTable({ key: 'to', target: 'repayment' })).toBe('status.repayment');
    expect(valueTable({ key: 'status', target: 'order_receipt' })).toBe('status.order_receipt');
    expect(valueTable({ key: 'from', target: 'orders' })).toBe('order');
    expect(valueTable({ key: 'channel', target: 'order_receipt' })).toBe('channel');
    expect(valueTable({ key: 'purpose', target: 'repayment' })).toBe('repaymentPurpose');
    expect(valueTable({ key: 'kind', target: 'insurance_policy' })).toBe('policyKind');
    expect(valueTable({ key: 'method', target: 'recovery' })).toBe('recoveryMethod');
    expect(valueTable({ key: 'bearer', target: 'orders' })).toBe('writeOffBearer');
    // A table without words here, a key without a code, no key.
    expect(valueTable({ key: 'status', target: 'customer' })).toBeUndefined();
    expect(valueTable({ key: 'kind', target: 'capital_provider' })).toBeUndefined();
    expect(valueTable({ key: 'serialNo', target: 'repayment' })).toBeUndefined();
    expect(valueTable({ target: 'repayment' })).toBeUndefined();
  });

  it('reads a code in the interface language, anything else as it is', async () => {
    let words = await wordsIn('zh');
    expect(words('CONFIRMED', { key: 'to', target: 'repayment' })).toBe('已确认');
    expect(words('BANK_TRANSFER', { key: 'channel', target: 'order_receipt' })).toBe('银行转账');
    expect(words('PENDING_DOWN_PAYMENT', { key: 'to', target: 'orders' })).toBe('待付首付');
    expect(words('DEFAULT', { key: 'reason', target: 'orders' })).toBe('逾期违约，依授权委托书退保');
    expect(words('客户已还清', { key: 'reason', target: 'orders' })).toBe('客户已还清');
    expect(words('ACTIVE', { key: 'to', target: 'repayment' })).toBe('ACTIVE');
    expect(words('SMS', { key: 'channel', target: 'notice_template' })).toBe('SMS');
    expect(words('CONFIRMED', { key: 'remark', target: 'repayment' })).toBe('CONFIRMED');
    words = await wordsIn('en');
    expect(words('RECORDED', { key: 'from', target: 'repayment' })).toBe('To confirm');
    expect(words('BANK_TRANSFER', { key: 'channel', target: 'repayment' })).toBe('Bank transfer');
    expect(words('EARLY_SETTLEMENT', { key: 'purpose', target: 'repayment' })).toBe('Early settlement');
  });
});
