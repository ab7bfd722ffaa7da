import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { detectLanguage, FALLBACK_LANGUAGE, isLanguage, LANGUAGES, saveLanguage, type Language } from './languages';
import { en } from './locales/en';
import { es } from './locales/es';
import { ja } from './locales/ja';
import { zh } from './locales/zh';

/**
 * One i18next instance. The entry carries only the small `common` namespace; a feature adds its own
 * namespace with `addResources` when its chunk loads, so dictionaries travel with the code using them.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: detectLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: {
    zh: { common: zh },
    en: { common: en },
    es: { common: es },
    ja: { common: ja },
  },
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** `<html lang>` follows the language; 'zh-CN' so that browsers pick Simplified Chinese glyphs. */
function syncHtmlLang(lang: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
}
syncHtmlLang(i18n.language);
i18n.on('languageChanged', syncHtmlLang);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

/** Switches the interface language and remembers it in the `language` cookie (the product specification). */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await i18n.changeLanguage(lang);
}

/** Registers a feature's dictionaries (one object per language) under its own namespace. */
export function addResources<T extends object>(namespace: string, byLanguage: Record<Language, T>): void {
  for (const lang of LANGUAGES) {
    if (!i18n.hasResourceBundle(lang, namespace)) {
      i18n.addResourceBundle(lang, namespace, byLanguage[lang]);
    }
  }
}

/** Translated text by key, for code outside React (the request layer). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}
