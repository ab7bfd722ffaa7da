import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { routeTable } from '../shared/routing/routes';
import { usePermissions } from '../shared/auth/permissions';
import { menuKeyOf, permittedMenu, sectionOf } from '../shared/routing/table';
import { useUi } from '../shared/settings/store';
import { tagsState } from '../shared/tabs/store';
import { routeIcon } from './icons';
import { SHELL_NS } from './locales';
import { ShellLogo } from './ShellLogo';

type MenuItem = NonNullable<MenuProps['items']>[number];

/** vue-element-admin's sidebar colours (variables.scss); the active item in the theme colour. */
function menuTokens(primary: string) {
  return {
    darkItemBg: '#304156',
    darkSubMenuItemBg: '#1f2d3d',
    darkPopupBg: '#1f2d3d',
    darkItemColor: '#bfcbd9',
    darkItemHoverBg: '#263445',
    darkItemHoverColor: '#ffffff',
    darkItemSelectedBg: '#263445',
    darkItemSelectedColor: primary,
    collapsedWidth: 54,
    itemBorderRadius: 0,
    itemMarginInline: 0,
    itemMarginBlock: 0,
    itemHeight: 50,
  };
}

const sectionKey = (name: string) => `section:${name}`;

/** A sidebar item goes back to its tab's last address (filters included) when the tab is open. */
function listTarget(path: string): string {
  return tagsState().visited.find((tag) => tag.key === path)?.fullPath ?? path;
}

/**
 * The sidebar (the product specification): built from the routes the user may open, one submenu open at a time,
 * the current route highlighted; 210 px wide, icons only when collapsed (54 px).
 */
export function Sidebar() {
  const { t } = useTranslation(SHELL_NS);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const held = usePermissions();
  const { sidebarOpened, device, settings } = useUi();
  const collapsed = !sidebarOpened && device === 'desktop';

  const menu = useMemo(() => permittedMenu(routeTable, held), [held]);
  const items = useMemo(
    () =>
      menu.map((entry): MenuItem => {
        if (entry.kind === 'screen') {
          return { key: entry.path, icon: routeIcon(entry.meta.icon ?? 'page'), label: t(entry.meta.title) };
        }
        const [only] = entry.children;
        // A section with a single screen shows that screen as a top-level item (as upstream).
        if (entry.children.length === 1 && only) {
          return { key: only.path, icon: routeIcon(entry.meta.icon), label: t(only.meta.title) };
        }
        return {
          key: sectionKey(entry.name),
          icon: routeIcon(entry.meta.icon),
          label: t(entry.meta.title),
          children: entry.children.map((child) => ({ key: child.path, label: t(child.meta.title) })),
        };
      }),
    [menu, t],
  );

  // Accordion: the section of the current page is open; opening another closes it.
  const currentSection = sectionOf(menu, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => (currentSection ? [sectionKey(currentSection.name)] : []));
  const [seen, setSeen] = useState({ pathname, collapsed });
  if (seen.pathname !== pathname || seen.collapsed !== collapsed) {
    setSeen({ pathname, collapsed });
    setOpenKeys(currentSection && !collapsed ? [sectionKey(currentSection.name)] : []);
  }

  const onOpenChange = (keys: string[]) => {
    if (collapsed) {
      setOpenKeys(keys);
      return;
    }
    const opened = keys.find((key) => !openKeys.includes(key));
    setOpenKeys(opened ? [opened] : []);
  };

  return (
    <aside className="bh-sidebar" aria-label={t('navbar.toggleSidebar')}>
      {settings.sidebarLogo ? <ShellLogo collapsed={collapsed} /> : null}
      <div className="bh-sidebar__scroll">
        <ConfigProvider theme={{ components: { Menu: menuTokens(settings.theme) } }}>
        <Menu
          mode="inline"
          theme="dark"
          inlineCollapsed={collapsed}
          items={items}
          selectedKeys={[menuKeyOf(routeTable, pathname)]}
          openKeys={openKeys}
          onOpenChange={onOpenChange}
          onClick={({ key }) => {
            if (key !== pathname) void navigate(listTarget(key));
          }}
        />
        </ConfigProvider>
      </div>
    </aside>
  );
}
