import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../shared/auth/logout';
import { LazyChangePasswordDialog } from '../../shared/auth/password/LazyChangePasswordDialog';
import { getUserInfo } from '../../shared/auth/token';
import { usePageTitle } from '../../shared/i18n/usePageTitle';
import './DashboardPage.css';

/**
 * Placeholder for /dashboard until the workspace shell arrives (the guard has let the user in):
 * the greeting of the top bar and its two user actions, change password and log out.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  const [leaving, setLeaving] = useState(false);
  usePageTitle(t('dashboard.title'));

  const username = getUserInfo()?.username ?? '';
  return (
    <main className="bh-dashboard">
      <h1>{t('dashboard.title')}</h1>
      <p className="bh-dashboard__user">{t('user.welcome', { username })}</p>
      <p>{t('dashboard.placeholder')}</p>
      <div className="bh-dashboard__actions">
        <button type="button" onClick={() => setChangingPassword(true)}>
          {t('user.changePassword')}
        </button>
        <button
          type="button"
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          {t('user.logout')}
        </button>
      </div>
      <LazyChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </main>
  );
}
