import { describe, expect, it } from 'vitest';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { waiverDictionaries } from './locales';
import { BEARERS, ITEM_STATUSES, WAIVER_STATUSES } from './types';

describe('waiver texts', () => {
  it('the four languages have the same keys, none empty', () => {
    const zh = dictionaryKeys(waiverDictionaries.zh);
    for (const lang of ['en', 'es', 'ja'] as const) expect(dictionaryKeys(waiverDictionaries[lang]), lang).toEqual(zh);
    for (const [lang, dictionary] of Object.entries(waiverDictionaries)) {
      for (const key of zh) {
        const value = dictionaryText(dictionary, key);
        expect(typeof value === 'string' && value.trim() !== '', `${lang} ${key}`).toBe(true);
      }
    }
  });

  it('every status, bearer and instalment state has a label, the placeholders kept in every language', () => {
    for (const status of WAIVER_STATUSES) expect(waiverDictionaries.zh.status[status], status).toBeTruthy();
    for (const bearer of BEARERS) expect(waiverDictionaries.zh.bearer[bearer], bearer).toBeTruthy();
    for (const state of ITEM_STATUSES) expect(waiverDictionaries.zh.itemStatus[state], state).toBeTruthy();
    const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of dictionaryKeys(waiverDictionaries.zh)) {
      const zh = placeholders(dictionaryText(waiverDictionaries.zh, key));
      for (const lang of ['en', 'es', 'ja'] as const) expect(placeholders(dictionaryText(waiverDictionaries[lang], key)), `${lang} ${key}`).toEqual(zh);
    }
  });
});
