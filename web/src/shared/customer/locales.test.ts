import { describe, expect, it } from 'vitest';
import { customerDictionaries } from './locales';
import { OPTION_CODES, optionLabels } from './options';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('customer texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = keys(customerDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) {
      expect(keys(customerDictionaries[lang]).sort()).toEqual(zh);
    }
    for (const dictionary of Object.values(customerDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it('every option code has a label in every language (the server checks the same codes)', () => {
    for (const labels of Object.values(optionLabels)) {
      for (const [kind, codes] of Object.entries(OPTION_CODES)) {
        const own = labels[kind as keyof typeof OPTION_CODES] as Record<string, string>;
        expect(Object.keys(own).sort()).toEqual([...codes].sort());
      }
    }
    // Kinds, ID types, usages and file kinds are data-dictionary types, not local lists.
    expect(Object.keys(OPTION_CODES).sort()).toEqual(['kycStatus', 'status']);
  });
});
