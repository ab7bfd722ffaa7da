import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crudDictionaries } from '../../shared/crud/locales';
import { i18n } from '../../shared/i18n';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { SYSTEM_NS, systemDictionaries } from './locales';

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

describe('the empty department list names the button, in each language\'s own quotes and spacing', () => {
  it.each([
    ['zh', '还没有部门，点击“新增部门”建立组织架构。'],
    ['en', 'No departments yet. Click “New department” to build the organization.'],
    ['es', 'Aún no hay departamentos. Pulse «Nuevo departamento» para crear la organización.'],
    ['ja', '部署がまだありません。「部署を追加」で組織を作成してください。'],
  ] as const)('%s', (lang, expected) => {
    const t = i18n.getFixedT(lang, SYSTEM_NS);
    expect(t('organization.empty', { action: t('organization.create') })).toBe(expected);
    // The label is the toolbar button's, interpolated: renaming the button renames it here.
    expect(systemDictionaries[lang].organization.empty).toContain('{{action}}');
  });
});

describe('English and Spanish quotes keep their Latin width', () => {
  it('the page draws “…” with the proportional forms in English and Spanish (a CJK face draws them full-width)', () => {
    const css = readFileSync(join(__dirname, '..', '..', 'app', 'global.css'), 'utf8').replace(/\s+/g, ' ');
    expect(css).toContain('html:lang(en), html:lang(es) { font-variant-east-asian: proportional-width; }');
  });
});
