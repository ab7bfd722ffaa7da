import { describe, expect, it } from 'vitest';
import { premiumDictionaries } from './locales';
import { APPLICATION_ACTIONS } from './logic';
import { APPLICATION_STATUSES } from './types';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('premium management texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = keys(premiumDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(premiumDictionaries[lang]).sort()).toEqual(zh);
    for (const dictionary of Object.values(premiumDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it('every status and action has a label', () => {
    for (const status of APPLICATION_STATUSES) expect(premiumDictionaries.zh.status[status], status).toBeTruthy();
    for (const { action } of APPLICATION_ACTIONS) expect(premiumDictionaries.zh.action[action], action).toBeTruthy();
  });
});
