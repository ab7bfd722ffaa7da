import { describe, expect, it } from 'vitest';
import { advanceDictionaries } from './locales';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const valueAt = (dictionary: object, key: string) => key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);

describe('overdue booked-account texts', () => {
  it('the four languages have the same keys, none empty, with the Chinese placeholders', () => {
    const zh = keys(advanceDictionaries.zh).sort();
    const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const lang of ['en', 'es', 'ja'] as const) {
      expect(keys(advanceDictionaries[lang]).sort()).toEqual(zh);
      for (const key of zh) {
        const value = valueAt(advanceDictionaries[lang], key);
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key}`).toBe(true);
        expect(placeholders(value as string), `${lang} ${key}`).toEqual(placeholders(valueAt(advanceDictionaries.zh, key) as string));
      }
    }
  });
});
