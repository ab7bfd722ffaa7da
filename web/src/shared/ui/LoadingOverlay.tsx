import { useTranslation } from 'react-i18next';
import { usePendingRequests } from '../api/loading';
import './LoadingOverlay.css';

/** Full-screen overlay shown while any request is pending (the product specification). */
export function LoadingOverlay({ force = false }: { force?: boolean }) {
  const pending = usePendingRequests();
  const { t } = useTranslation();
  if (!force && pending === 0) return null;
  return (
    <div className="bh-loading-overlay" role="progressbar" aria-busy="true" aria-label={t('loading')}>
      <div className="bh-loading-spinner" />
    </div>
  );
}
