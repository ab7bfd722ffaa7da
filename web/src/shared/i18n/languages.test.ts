import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { changeLanguage, i18n } from './index';
import { detectLanguage, LANGUAGES } from './languages';
import { en } from './locales/en';
import { es } from './locales/es';
import { ja } from './locales/ja';
import { zh } from './locales/zh';

describe('language detection (the product specification)', () => {
  it('uses the saved cookie first', () => {
    expect(detectLanguage('ja', 'zh-CN')).toBe('ja');
  });

  it('ignores an unsupported cookie value and uses the browser language', () => {
    expect(detectLanguage('fr', 'es-419')).toBe('es');
  });

  it.each([
    ['zh-CN', 'zh'],
    ['zh-TW', 'zh'],
    ['ZH', 'zh'],
    ['en-GB', 'en'],
    ['es-ES', 'es'],
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
  ])('maps the browser language %s to %s', (browser, expected) => {
    expect(detectLanguage(undefined, browser)).toBe(expected);
  });

  it.each([['fr-FR'], ['de'], ['jav'], [undefined]])('falls back to English for %s', (browser) => {
    expect(detectLanguage(undefined, browser)).toBe('en');
  });

  it('reads the `language` cookie and navigator.language by default', () => {
    Cookies.set('language', 'es');
    expect(detectLanguage()).toBe('es');
    Cookies.remove('language');
    expect(detectLanguage()).toBe(detectLanguage(undefined, navigator.language));
  });

  it('switching saves the cookie and sets <html lang>', async () => {
    await changeLanguage('ja');
    expect(Cookies.get('language')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
    expect(i18n.t('appTitle')).toBe('ミツバチタスク共有システム');
    await changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('dictionaries', () => {
  it('the app titles are the ones of docs/architecture.md', () => {
    expect([zh.appTitle, en.appTitle, es.appTitle, ja.appTitle]).toEqual([
      '小蜜蜂任务共享系统',
      'Bee Task Sharing System',
      'Sistema Abeja de Tareas Compartidas',
      'ミツバチタスク共有システム',
    ]);
  });

  it('all four languages have the same keys, none empty', () => {
    const dictionaries = { zh, en, es, ja };
    const reference = dictionaryKeys(zh);
    for (const lang of LANGUAGES) {
      expect(dictionaryKeys(dictionaries[lang]), lang).toEqual(reference);
      for (const key of reference) expect(dictionaryText(dictionaries[lang], key), `${lang}/${key}`).not.toBe('');
    }
  });
});
