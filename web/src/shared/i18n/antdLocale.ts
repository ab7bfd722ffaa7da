import type { Locale } from 'antd/es/locale';
import type { Language } from './languages';

/**
 * antd and dayjs locales per interface language. Imported only by chunks that use antd; each
 * locale is its own small chunk. Both are switched together because antd's date panels read dayjs.
 */
const loaders: Record<Language, () => Promise<UiLocale>> = {
  zh: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]);
    return { antd: antd.default, dayjs: 'zh-cn' };
  },
  en: async () => {
    const antd = await import('antd/es/locale/en_US');
    return { antd: antd.default, dayjs: 'en' };
  },
  es: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/es_ES'), import('dayjs/locale/es')]);
    return { antd: antd.default, dayjs: 'es' };
  },
  ja: async () => {
    const [antd] = await Promise.all([import('antd/es/locale/ja_JP'), import('dayjs/locale/ja')]);
    return { antd: antd.default, dayjs: 'ja' };
  },
};

export interface UiLocale {
  antd: Locale;
  /** dayjs locale name, loaded and ready for `dayjs.locale(name)`. */
  dayjs: string;
}

const cache = new Map<Language, Promise<UiLocale>>();

/** The antd + dayjs locale of `lang`: one stable promise per language, suitable for React's `use`. */
export function loadUiLocale(lang: Language): Promise<UiLocale> {
  let promise = cache.get(lang);
  if (!promise) {
    promise = loaders[lang]();
    cache.set(lang, promise);
  }
  return promise;
}
