import { describe, expect, it } from 'vitest';
import { businessDictionaries } from './locales';
import { ORDER_STATUSES } from '../../shared/order/status';
import { ACTIONS, POLICY_KINDS, RETURN_FIELDS } from './logic';

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

  it('every open status names its next step', () => {
    const closed = ['SURRENDERING', 'SETTLED', 'SURRENDERED', 'WRITTEN_OFF', 'REJECTED', 'CANCELLED'];
    for (const status of ORDER_STATUSES.filter((s) => !closed.includes(s))) {
      expect(businessDictionaries.zh.next[status as keyof typeof businessDictionaries.zh.next], status).toBeTruthy();
    }
  });
});
