import { Link } from 'react-router';
import { useAppTitle, useBranding } from '../shared/branding/branding';

/** The sidebar's logo block (settings panel: sidebar logo), 50 px high; the title hides when collapsed.
 * The platform name and logo of 系统设置 replace the built-in title and bee logo when set. */
export function ShellLogo({ collapsed }: { collapsed: boolean }) {
  const title = useAppTitle();
  const { logoUrl } = useBranding();
  return (
    <Link to="/dashboard" className="bh-logo" title={title}>
      {logoUrl ? (
        <img className="bh-logo__mark" src={logoUrl} alt="" />
      ) : (
        <svg className="bh-logo__mark" viewBox="0 0 32 32" aria-hidden="true">
          <path d="M16 2 28 9v14L16 30 4 23V9z" fill="#f5b41e" />
          <path d="M10 13h12M10 17h12M10 21h12" stroke="#3b2f12" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      )}
      {collapsed ? null : <span className="bh-logo__title">{title}</span>}
    </Link>
  );
}
