import { describe, expect, it } from 'vitest';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { recoveryDictionaries } from './locales';
import { CASE_METHODS, METHODS, RECOVERY_STATUSES } from './types';

describe('recovery texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = dictionaryKeys(recoveryDictionaries.zh);
    for (const lang of ['en', 'es', 'ja'] as const) expect(dictionaryKeys(recoveryDictionaries[lang]), lang).toEqual(zh);
    for (const [lang, dictionary] of Object.entries(recoveryDictionaries)) {
      for (const key of zh) {
        const value = dictionaryText(dictionary, key);
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key}`).toBe(true);
      }
    }
  });

  it('every status and method has a label (agency and court named), the placeholders kept in every language', () => {
    for (const status of RECOVERY_STATUSES) expect(recoveryDictionaries.zh.status[status], status).toBeTruthy();
    for (const method of METHODS) {
      expect(recoveryDictionaries.zh.method[method], method).toBeTruthy();
      expect(recoveryDictionaries.zh.methodShort[method], method).toBeTruthy();
      expect(recoveryDictionaries.zh.form.methodHint[method], method).toBeTruthy();
    }
    for (const method of CASE_METHODS) {
      expect(recoveryDictionaries.zh.agency[method], method).toBeTruthy();
      expect(recoveryDictionaries.zh.form.agencyRequired[method], method).toBeTruthy();
    }
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of dictionaryKeys(recoveryDictionaries.zh)) {
      const zh = placeholders(dictionaryText(recoveryDictionaries.zh, key));
      for (const lang of ['en', 'es', 'ja'] as const) expect(placeholders(dictionaryText(recoveryDictionaries[lang], key)), `${lang} ${key}`).toEqual(zh);
    }
  });
});
