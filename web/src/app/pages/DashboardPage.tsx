import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getToken, getUserInfo, removeToken } from '../../shared/auth/token';
import { loginPath } from '../../shared/auth/redirect';
import { usePageTitle } from '../../shared/i18n/usePageTitle';
import './DashboardPage.css';

/**
 * Placeholder for /dashboard until the workspace shell and its guard arrive: without a token it
 * sends the user to the login page, otherwise it says honestly that the workspace is not built yet.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  usePageTitle(t('dashboard.title'));

  if (!getToken()) return <Navigate to={loginPath(location.pathname + location.search)} replace />;

  const username = getUserInfo()?.username;
  const signOut = () => {
    removeToken();
    navigate('/login', { replace: true });
  };
  return (
    <main className="bh-dashboard">
      <h1>{t('dashboard.title')}</h1>
      {username && <p className="bh-dashboard__user">{username}</p>}
      <p>{t('dashboard.placeholder')}</p>
      <button type="button" onClick={signOut}>
        {t('dashboard.signOut')}
      </button>
    </main>
  );
}
