import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reloadPage } from '../shared/utils/reload';
import './RouteError.css';

/** Last-resort error screen, e.g. a page chunk that failed to download after a release. No antd. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="bh-route-error" role="alert">
      <h1>{t('errors.crashedTitle')}</h1>
      <p>{t('errors.crashed')}</p>
      <button type="button" onClick={reloadPage}>
        {t('errors.reload')}
      </button>
    </main>
  );
}
