import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadUiLocale } from '../i18n/antdLocale';
import { isLanguage, FALLBACK_LANGUAGE } from '../i18n/languages';
import { antdButton, antdTheme } from './theme';

/**
 * antd context (theme + locale of the current language) for a page that uses antd. Pages wrap
 * themselves in it so that antd stays out of the entry chunk. Suspends while a locale loads.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const locale = use(loadUiLocale(lang));
  if (dayjs.locale() !== locale.dayjs) dayjs.locale(locale.dayjs);
  return (
    <ConfigProvider locale={locale.antd} theme={antdTheme} button={antdButton}>
      {children}
    </ConfigProvider>
  );
}
