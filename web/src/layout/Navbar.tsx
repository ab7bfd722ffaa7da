import {
  CaretDownOutlined,
  FontSizeOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Dropdown } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { routeTable } from '../shared/routing/routes';
import { useLogout } from '../shared/auth/logout';
import { LazyChangePasswordDialog } from '../shared/auth/password/LazyChangePasswordDialog';
import { useGreetingName } from '../shared/builtin/names';
import { changeLanguage, currentLanguage } from '../shared/i18n';
import { loadUiLocale } from '../shared/i18n/antdLocale';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../shared/i18n/languages';
import { trailOf } from '../shared/routing/table';
import { SIZES, uiActions, useUi, type UiSize } from '../shared/settings/store';
import { SHELL_NS } from './locales';
import { SettingsPanel } from './SettingsPanel';

/** The top bar (the product specification): hamburger, breadcrumb, full screen, language, size, greeting and user menu. */
export function Navbar() {
  const { t } = useTranslation(SHELL_NS);
  const { sidebarOpened, device } = useUi();
  const mobile = device === 'mobile';
  return (
    <div className="bh-navbar">
      <button
        type="button"
        className="bh-navbar__hamburger"
        aria-label={t('navbar.toggleSidebar')}
        aria-expanded={sidebarOpened}
        onClick={() => uiActions.toggleSidebar()}
      >
        {sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
      </button>
      <ShellBreadcrumb />
      <div className="bh-navbar__right">
        {mobile ? null : <FullscreenToggle />}
        <LanguageSelect />
        {mobile ? null : <SizeSelect />}
        <SettingsPanel />
        <UserMenu />
      </div>
    </div>
  );
}

/** Home first, then the section and the page (sections have no page of their own: plain text). */
function ShellBreadcrumb() {
  const { t } = useTranslation(SHELL_NS);
  const { pathname } = useLocation();
  const [last, setLast] = useState(pathname);
  // Not updated while a tab refreshes through /redirect (as upstream).
  if (!pathname.startsWith('/redirect/') && last !== pathname) setLast(pathname);
  const trail = trailOf(routeTable, last);
  const home = routeTable[0];
  const items = trail[0] === home || !home ? [] : [{ title: <Link to={home.path ?? '/'}>{t(home.meta.title)}</Link> }];
  for (const entry of trail) items.push({ title: <span>{t(entry.meta.title)}</span> });
  return <Breadcrumb className="bh-breadcrumb" items={items} />;
}

function FullscreenToggle() {
  const { t } = useTranslation(SHELL_NS);
  const { message } = App.useApp();
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled || !document.documentElement.requestFullscreen) {
      void message.warning(t('navbar.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => message.warning(t('navbar.fullscreenUnsupported')));
  };
  const label = full ? t('navbar.exitFullscreen') : t('navbar.fullscreen');
  return (
    <button type="button" className="bh-navbar__item" aria-label={label} title={label} onClick={toggle}>
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}

function LanguageSelect() {
  const { t, i18n } = useTranslation(SHELL_NS);
  const { message } = App.useApp();
  const lang = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [lang],
        items: LANGUAGES.map((key) => ({ key, label: LANGUAGE_NAMES[key], disabled: key === lang })),
        onClick: ({ key }) => {
          if (!isLanguage(key)) return;
          // The antd/dayjs locale first, so that the shell does not suspend while it loads.
          void loadUiLocale(key)
            .then(() => changeLanguage(key))
            .then(() => message.success(i18n.t('navbar.languageSwitched', { ns: SHELL_NS })));
        },
      }}
    >
      <button type="button" className="bh-navbar__item" aria-label={t('navbar.language')} title={t('navbar.language')}>
        <GlobalOutlined />
      </button>
    </Dropdown>
  );
}

function SizeSelect() {
  const { t } = useTranslation(SHELL_NS);
  const { message } = App.useApp();
  const { size } = useUi();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [size],
        items: SIZES.map((key) => ({ key, label: t(`navbar.sizes.${key}`), disabled: key === size })),
        onClick: ({ key }) => {
          uiActions.setSize(key as UiSize);
          void message.success(t('navbar.sizeSwitched'));
        },
      }}
    >
      <button type="button" className="bh-navbar__item" aria-label={t('navbar.size')} title={t('navbar.size')}>
        <FontSizeOutlined />
      </button>
    </Dropdown>
  );
}

function UserMenu() {
  const { t } = useTranslation();
  const logout = useLogout();
  const [changingPassword, setChangingPassword] = useState(false);
  // The person's name, not the account code (docs/workspace.md).
  const username = useGreetingName();
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'password', label: t('user.changePassword') },
            { type: 'divider' },
            { key: 'logout', label: t('user.logout') },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChangingPassword(true);
            else void logout();
          },
        }}
      >
        <button type="button" className="bh-navbar__user" aria-label={t('navbar.userMenu', { ns: SHELL_NS })}>
          <span className="bh-navbar__greeting">{t('user.welcome', { username })}</span>
          <Avatar size={28} icon={<UserOutlined />} className="bh-navbar__avatar" />
          <CaretDownOutlined className="bh-navbar__caret" />
        </button>
      </Dropdown>
      <LazyChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
