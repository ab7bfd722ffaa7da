import { RightOutlined } from '@ant-design/icons';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeIcon } from '../../layout/icons';
import { SHELL_NS } from '../../layout/locales';
import { usePermissions } from '../../shared/auth/permissions';
import { accountKind } from '../../shared/auth/account';
import { useGreetingName } from '../../shared/builtin/names';
import { builtShortcuts, permittedMenu, type ScreenEntry } from '../../shared/routing/table';
import { routeTable } from '../../shared/routing/routes';
import './DashboardPage.css';

/** A section with more screens than this spreads over two columns. */
const WIDE_SECTION = 10;

/** A capital provider user's credit and to-dos (features/capital), loaded for such a user only. */
const LazyCapitalHome = lazy(async () => ({ default: (await import('../../features/capital/home/CapitalHome')).CapitalHome }));

/**
 * The system home page (the product specification 'dashboard'): a greeting and shortcuts to the screens the user
 * may open and that are built, grouped as in the sidebar. A capital provider user also sees its
 * available credit and to-dos; an administrator no statistics (nothing real to show yet).
 */
export function DashboardPage() {
  const { t } = useTranslation(SHELL_NS);
  const held = usePermissions();
  const username = useGreetingName();
  // Only what works today: the built screens, by section (no 'coming soon' entries).
  const groups = useMemo(
    () =>
      builtShortcuts(permittedMenu(routeTable, held)).map(({ section, screens }) => ({
        key: section.name,
        title: section.meta.title,
        icon: section.meta.icon,
        screens,
      })),
    [held],
  );

  return (
    <div className="bh-home">
      <section className="bh-home__welcome">
        <h1>{t('home.greeting', { username })}</h1>
        <p>{t('home.intro', { app: t('appTitle', { ns: 'common' }) })}</p>
      </section>
      {accountKind() === 'capital' ? (
        <Suspense fallback={null}>
          <LazyCapitalHome />
        </Suspense>
      ) : null}
      <h2 className="bh-home__heading">{t('home.shortcuts')}</h2>
      {groups.length === 0 ? <p className="bh-home__none">{t('home.none')}</p> : null}
      <div className="bh-home__groups">
        {groups.map((group) => (
          // A long section (业务管理) takes two columns and lists its screens in two.
          <section key={group.key} className={group.screens.length > WIDE_SECTION ? 'bh-home__group bh-home__group--wide' : 'bh-home__group'}>
            <h3>
              <span className="bh-home__icon">{routeIcon(group.icon)}</span>
              {t(group.title)}
            </h3>
            <ul>
              {group.screens.map((screen: ScreenEntry) => (
                <li key={screen.path}>
                  <Link to={screen.path}>
                    <span className="bh-home__label">{t(screen.meta.title)}</span>
                    <RightOutlined className="bh-home__arrow" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
