import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppTitle } from '../branding/branding';

/** Sets `document.title` to '{page title} - {app title}' (the product specification), following language changes. */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const app = useAppTitle();
  const title = t('pageTitle', { page: pageTitle, app });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
