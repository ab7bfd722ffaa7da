import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The sidebar's logo block (settings panel: sidebar logo), 50 px high; the title hides when collapsed. */
export function ShellLogo({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to="/dashboard" className="bh-logo" title={t('appTitle')}>
      <svg className="bh-logo__mark" viewBox="0 0 32 32" aria-hidden="true">
        <path d="M16 2 28 9v14L16 30 4 23V9z" fill="#f5b41e" />
        <path d="M10 13h12M10 17h12M10 21h12" stroke="#3b2f12" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      {collapsed ? null : <span className="bh-logo__title">{t('appTitle')}</span>}
    </Link>
  );
}
