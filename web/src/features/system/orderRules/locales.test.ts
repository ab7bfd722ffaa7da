import { describe, expect, it } from 'vitest';
import { dictionaryKeys, dictionaryText } from '../../../test/dictionaries';
import { orderRulesDictionaries } from './locales';

describe('order rules dictionaries (en, zh, es, ja)', () => {
  const { zh, en, es, ja } = orderRulesDictionaries;
  it.each([
    ['en', en],
    ['es', es],
    ['ja', ja],
  ])('%s has exactly the keys of zh, none empty', (_lang, dictionary) => {
    expect(dictionaryKeys(dictionary)).toEqual(dictionaryKeys(zh));
    for (const key of dictionaryKeys(dictionary)) expect(String(dictionaryText(dictionary, key)).trim()).not.toBe('');
  });
});
