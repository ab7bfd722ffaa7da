import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to '{page title} - {app title}' (spec §1), following language changes. */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const title = t('pageTitle', { page: pageTitle, app: t('appTitle') });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
