import { describe, expect, it } from 'vitest';
import { businessDictionaries } from './locales';
import { ORDER_STATUSES } from '../../shared/order/status';
import { ACTIONS, POLICY_KINDS, RETURN_FIELDS } from './logic';
import { DECLARATION_KINDS, LOAN_KINDS, RECEIPT_CHANNELS } from './part2Logic';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('order screen texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = keys(businessDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) {
      expect(keys(businessDictionaries[lang]).sort()).toEqual(zh);
    }
    for (const dictionary of Object.values(businessDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it('every action, policy kind and field to fix has a label', () => {
    const zh = businessDictionaries.zh;
    for (const { action } of ACTIONS) expect(zh.action[action], action).toBeTruthy();
    for (const kind of POLICY_KINDS) expect(zh.policyKind[kind], kind).toBeTruthy();
    for (const field of RETURN_FIELDS) expect(zh.field[field], field).toBeTruthy();
  });

  it('part 2: every channel, status and list action has a label', () => {
    const zh = businessDictionaries.zh;
    for (const channel of RECEIPT_CHANNELS) expect(zh.receiptChannel[channel], channel).toBeTruthy();
    for (const status of ['SIGNING', 'SIGNED', 'REJECTED', 'VOIDED'] as const) expect(zh.contractStatus[status], status).toBeTruthy();
    for (const status of ['RECORDED', 'CONFIRMED', 'REJECTED'] as const) expect(zh.receiptStatus[status], status).toBeTruthy();
    for (const status of ['QUOTED', 'UNDERWRITTEN', 'ISSUED'] as const) expect(zh.policyStatus[status], status).toBeTruthy();
    for (const pkg of ['declaration', 'loan'] as const) expect(zh.contract.generate[pkg], pkg).toBeTruthy();
    expect(DECLARATION_KINDS.length + LOAN_KINDS.length).toBe(6);
    // The texts the brief fixes.
    expect(zh.contract.verified).toBe('已核验签署件上的签名与签章');
    expect(zh.contract.copyLink).toBe('复制签署链接');
    expect(zh.insure.beyond).toBe('超出容差，将退回进件审核重新审批');
  });

  it('every open status names its next step', () => {
    const closed = ['SURRENDERING', 'SETTLED', 'SURRENDERED', 'WRITTEN_OFF', 'REJECTED', 'CANCELLED'];
    for (const status of ORDER_STATUSES.filter((s) => !closed.includes(s))) {
      expect(businessDictionaries.zh.next[status as keyof typeof businessDictionaries.zh.next], status).toBeTruthy();
    }
  });
});
