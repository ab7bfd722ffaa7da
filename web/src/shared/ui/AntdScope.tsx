import { ConfigProvider } from 'antd';
import dayjs from 'dayjs';
import { use, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadUiLocale } from '../i18n/antdLocale';
import { isLanguage, FALLBACK_LANGUAGE } from '../i18n/languages';
import { ANTD_SIZE, useUi } from '../settings/store';
import { antdButton, themeTokens } from './theme';

/**
 * antd context (theme colour and size of the settings, locale of the current language) for a page that uses antd. Pages wrap
 * themselves in it so that antd stays out of the entry chunk. Suspends while a locale loads.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
  const locale = use(loadUiLocale(lang));
  const { settings, size } = useUi();
  // Spec §2.4: the settings panel's theme colour applies at once through antd's tokens.
  const theme = useMemo(() => ({ token: themeTokens(settings.theme) }), [settings.theme]);
  if (dayjs.locale() !== locale.dayjs) dayjs.locale(locale.dayjs);
  return (
    <ConfigProvider locale={locale.antd} theme={theme} button={antdButton} componentSize={ANTD_SIZE[size]}>
      {children}
    </ConfigProvider>
  );
}
