import { describe, expect, it } from 'vitest';
import { overdueDictionaries } from './locales';
import { METHODS } from './types';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const valueAt = (dictionary: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);

describe('overdue management texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = keys(overdueDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(overdueDictionaries[lang]).sort()).toEqual(zh);
    for (const dictionary of Object.values(overdueDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = valueAt(dictionary, key);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it('every language keeps the placeholders of the Chinese text', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of keys(overdueDictionaries.zh)) {
      const zh = placeholders(valueAt(overdueDictionaries.zh, key) as string);
      for (const lang of ['en', 'es', 'ja'] as const) expect(placeholders(valueAt(overdueDictionaries[lang], key) as string), `${lang} ${key}`).toEqual(zh);
    }
  });

  it('every contact method has a label, the Chinese ones the server’s', () => {
    for (const method of METHODS) for (const dictionary of Object.values(overdueDictionaries)) expect(dictionary.method[method], method).toBeTruthy();
    expect(Object.values(overdueDictionaries.zh.method)).toEqual(['电话', '短信', '上门', '信函', '其他']);
  });
});
