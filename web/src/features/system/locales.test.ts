import { describe, expect, it } from 'vitest';
import { crudDictionaries } from '../../shared/crud/locales';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { systemDictionaries } from './locales';

describe.each([
  ['system', systemDictionaries],
  ['crud', crudDictionaries],
])('%s dictionaries (en, zh, es, ja)', (_name, dictionaries) => {
  const { zh, en, es, ja } = dictionaries;
  it.each([
    ['en', en],
    ['es', es],
    ['ja', ja],
  ])('%s has exactly the keys of zh, none empty', (_lang, dictionary) => {
    expect(dictionaryKeys(dictionary)).toEqual(dictionaryKeys(zh));
    for (const key of dictionaryKeys(dictionary)) expect(String(dictionaryText(dictionary, key)).trim()).not.toBe('');
  });
});
