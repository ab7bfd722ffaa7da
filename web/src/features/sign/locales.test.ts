import { describe, expect, it } from 'vitest';
import { signDictionaries } from './locales';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('signing page texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = keys(signDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(keys(signDictionaries[lang]).sort()).toEqual(zh);
    for (const dictionary of Object.values(signDictionaries)) {
      for (const key of keys(dictionary)) {
        const value = key.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], dictionary);
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      }
    }
  });

  it('the Chinese texts are those of the contract', () => {
    expect(signDictionaries.zh.agree).toBe('我已阅读并同意以上文件内容');
    expect(signDictionaries.zh.sign).toBe('确认签署');
    expect(signDictionaries.zh.signedTitle).toBe('签署完成');
  });
});
