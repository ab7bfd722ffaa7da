import { describe, expect, it } from 'vitest';
import { routeTable } from '../shared/routing/routes';
import { allScreens } from '../shared/routing/table';
import { dictionaryKeys, dictionaryText } from '../test/dictionaries';
import { shellDictionaries } from './locales';

describe('shell dictionaries (en, zh, es, ja)', () => {
  const { zh, en, es, ja } = shellDictionaries;

  it.each([
    ['en', en],
    ['es', es],
    ['ja', ja],
  ])('%s has exactly the keys of zh, none empty', (_lang, dictionary) => {
    expect(dictionaryKeys(dictionary)).toEqual(dictionaryKeys(zh));
    for (const key of dictionaryKeys(dictionary)) expect(String(dictionaryText(dictionary, key)).trim()).not.toBe('');
  });

  it('every route of the table has a label in every language', () => {
    const titles = [...routeTable.map((entry) => entry.meta.title), ...allScreens(routeTable).map((s) => s.meta.title)];
    for (const dictionary of [zh, en, es, ja]) {
      for (const title of titles) expect(typeof dictionaryText(dictionary, title), title).toBe('string');
    }
  });

  it("uses the spec's wording for the shell messages", () => {
    expect(en.navbar.fullscreenUnsupported).toBe('you browser can not work');
    expect(en.settings.compiling).toBe('Compiling the theme');
    expect([zh.tags.refresh, zh.tags.close, zh.tags.closeOthers, zh.tags.closeAll]).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    expect(zh.route.dashboard).toBe('系统首页');
  });
});
