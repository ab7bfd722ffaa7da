import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeTable } from '../shared/routing/routes';
import { onLogout } from '../shared/auth/logout';
import { hasPermission, usePermissions } from '../shared/auth/permissions';
import { useAppTitle } from '../shared/branding/branding';
import { MOBILE_QUERY, uiActions, uiState, useUi } from '../shared/settings/store';
import { dispatchTags, restoreTags } from '../shared/tabs/store';
import { permittedMenu, allScreens, trailOf } from '../shared/routing/table';
import { AntdScope } from '../shared/ui/AntdScope';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { SHELL_NS } from './locales';
import { Navbar } from './Navbar';
import { ProgressBar } from './ProgressBar';
import { Sidebar } from './Sidebar';
import { TagsView } from './TagsView';
import './layout.css';


/**
 * The workspace shell (the product specification): sidebar, top bar, tags view, the kept-alive pages, the settings
 * panel and the route progress bar. A lazy chunk, loaded after sign-in with antd.
 */
/**
 * The data cache of the workspace's pages. A failed call has already been reported by the request
 * layer (the product specification), so queries do not retry it; data is fresh for 10 s (a tab switch does not refetch).
 */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
// Another user may sign in next in this tab: nothing of this one's data stays cached.
onLogout(() => queryClient.clear());

export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <AntdScope>
        <App component={false}>
          <Shell />
        </App>
      </AntdScope>
    </QueryClientProvider>
  );
}

function useDevice(): void {
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const update = () => {
      if (!document.hidden) uiActions.setDevice(query.matches ? 'mobile' : 'desktop');
    };
    uiActions.setDevice(query.matches ? 'mobile' : 'desktop');
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
}

/** Tabs for the pages the user arrives at, affix tabs first; '{page} - {app}' as the document title. */
function useVisits(): void {
  const { pathname, search } = useLocation();
  const held = usePermissions();
  const { t } = useTranslation(SHELL_NS);
  // The tabs open before a reload come back first (those the user may still open).
  useEffect(() => {
    if (held.length === 0) return; // roles not known yet: nothing could be checked
    restoreTags((key, fullPath) => {
      const trail = trailOf(routeTable, key);
      const screen = trail.at(-1);
      if (screen?.kind !== 'screen' || !trail.every((entry) => hasPermission(entry.meta.permission, held))) return undefined;
      return { key, fullPath, title: screen.meta.title, affix: Boolean(screen.meta.affix), keepAlive: Boolean(screen.meta.keepAlive) };
    });
  }, [held]);

  useEffect(() => {
    const affix = allScreens(permittedMenu(routeTable, held)).filter((screen) => screen.meta.affix);
    dispatchTags({
      type: 'affix',
      tags: affix.map((screen) => ({ key: screen.path, fullPath: screen.path, title: screen.meta.title, affix: true, keepAlive: Boolean(screen.meta.keepAlive) })),
    });
  }, [held]);

  const screen = trailOf(routeTable, pathname).at(-1);
  useEffect(() => {
    if (screen?.kind !== 'screen') return;
    dispatchTags({
      type: 'visit',
      tag: {
        // A detail screen (`.../detail/:id`) has a tab per record: the key is the real path.
        key: pathname,
        fullPath: pathname + search,
        title: screen.meta.title,
        affix: Boolean(screen.meta.affix),
        keepAlive: Boolean(screen.meta.keepAlive),
      },
    });
  }, [screen, pathname, search]);

  const redirecting = pathname.startsWith('/redirect/');
  const pageTitle = screen ? t(screen.meta.title) : '';
  const appTitle = useAppTitle();
  const title = pageTitle ? t('pageTitle', { ns: 'common', page: pageTitle, app: appTitle }) : appTitle;
  useEffect(() => {
    if (!redirecting) document.title = title;
  }, [title, redirecting]);
}

function Shell() {
  const ui = useUi();
  const { pathname } = useLocation();
  useDevice();
  useVisits();

  // Spec §2.4: on mobile, navigating closes an open sidebar.
  useEffect(() => {
    if (uiState().device === 'mobile') uiActions.closeSidebar(false);
  }, [pathname]);

  const mobile = ui.device === 'mobile';
  const className = [
    'bh-app',
    ui.sidebarOpened ? 'bh-app--open' : 'bh-app--collapsed',
    mobile ? 'bh-app--mobile' : '',
    ui.withoutAnimation ? 'bh-app--no-animation' : '',
    ui.settings.fixedHeader ? 'bh-app--fixed-header' : '',
    ui.settings.tagsView ? 'bh-app--tags' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={className} style={{ ['--bh-primary' as string]: ui.settings.theme }}>
      <ProgressBar />
      {mobile && ui.sidebarOpened ? <div className="bh-drawer-bg" onClick={() => uiActions.closeSidebar(false)} /> : null}
      <Sidebar />
      <div className="bh-main">
        <header className="bh-header">
          <Navbar />
          {ui.settings.tagsView ? <TagsView /> : null}
        </header>
        <main className="bh-app-main">
          <KeepAliveOutlet />
        </main>
      </div>
    </div>
  );
}
