import { hasPermission } from '../auth/permissions';
import type { RouteMeta } from './meta';

/**
 * The shape of the route table (`routes.ts`, the product specification): top-level screens and sections
 * (sidebar submenus) of screens. Every path is absolute. Pure helpers here serve the sidebar,
 * the breadcrumb, the tabs and the dashboard's shortcuts.
 */
export interface ScreenEntry {
  kind: 'screen';
  /** Unique name; the title key is `route.<name>` unless the meta says otherwise. */
  name: string;
  path: string;
  meta: RouteMeta;
  /** The screen's capability exists (false: an honest "not available yet" page). */
  built: boolean;
}

export interface SectionEntry {
  kind: 'section';
  name: string;
  /** The section's own path (redirects to its first permitted screen), if it has one. */
  path?: string;
  meta: RouteMeta;
  children: readonly ScreenEntry[];
}

export type TableEntry = ScreenEntry | SectionEntry;

/**
 * What a user with `held` permissions may see in the menu: screens whose permission (and their
 * section's) is held and that are not hidden; a section left without screens disappears
 * (deliberate: upstream keeps it as a dead leaf).
 */
export function permittedMenu(table: readonly TableEntry[], held: readonly string[]): TableEntry[] {
  const visible = (meta: RouteMeta) => !meta.hidden && hasPermission(meta.permission, held);
  return table.flatMap((entry): TableEntry[] => {
    if (!visible(entry.meta)) return [];
    if (entry.kind === 'screen') return [entry];
    const children = entry.children.filter((child) => visible(child.meta));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/**
 * The dashboard's shortcuts: the built screens of each section of a (permitted) menu, in menu
 * order; sections without a built screen, and screens not built yet, are left out.
 */
export function builtShortcuts(menu: readonly TableEntry[]): { section: SectionEntry; screens: ScreenEntry[] }[] {
  return menu.flatMap((entry) => {
    if (entry.kind !== 'section') return [];
    const screens = entry.children.filter((child) => child.built && !child.meta.hidden);
    return screens.length > 0 ? [{ section: entry, screens }] : [];
  });
}

/** Every screen of the table (or of a filtered menu), in menu order. */
export function allScreens(table: readonly TableEntry[]): ScreenEntry[] {
  return table.flatMap((entry) => (entry.kind === 'screen' ? [entry] : [...entry.children]));
}

/** Whether `pathname` is a path of the route `pattern` (`:name` segments match any one segment). */
export function pathMatches(pattern: string, pathname: string): boolean {
  if (pattern === pathname) return true;
  if (!pattern.includes('/:')) return false;
  const want = pattern.split('/');
  const have = pathname.split('/');
  return want.length === have.length && want.every((part, i) => (part.startsWith(':') ? (have[i] ?? '') !== '' : part === have[i]));
}

/** The section and screen of a path: [screen] or [section, screen]; [] when it is no screen. */
export function trailOf(table: readonly TableEntry[], pathname: string): (SectionEntry | ScreenEntry)[] {
  for (const entry of table) {
    if (entry.kind === 'screen') {
      if (pathMatches(entry.path, pathname)) return [entry];
    } else {
      const screen = entry.children.find((child) => pathMatches(child.path, pathname));
      if (screen) return [entry, screen];
    }
  }
  return [];
}

/**
 * The sidebar item to highlight at `pathname`: the screen's own path, or for a hidden screen (a
 * detail page) the list it declares as `activeMenu`.
 */
export function menuKeyOf(table: readonly TableEntry[], pathname: string): string {
  const screen = trailOf(table, pathname).at(-1);
  return screen?.kind === 'screen' && screen.meta.activeMenu ? screen.meta.activeMenu : pathname;
}

/** The section holding `pathname`, if any (the sidebar opens it). */
export function sectionOf(table: readonly TableEntry[], pathname: string): SectionEntry | undefined {
  const [first] = trailOf(table, pathname);
  return first?.kind === 'section' ? first : undefined;
}
