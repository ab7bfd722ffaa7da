/**
 * What a route declares about itself, as react-router's `handle`. The route table is the one
 * source for the guard (permission), and — with the workspace shell — the sidebar (title, icon,
 * hidden), breadcrumbs, tabs (affix, keepAlive) and page titles.
 */
export interface RouteMeta {
  /** i18n key (common namespace) of the label: sidebar, breadcrumb, tab and page title. */
  title: string;
  /** Name of the sidebar icon (resolved by the shell, so the route table stays free of antd). */
  icon?: string;
  /**
   * The permission (the product specification) a user needs to open the route and its children; absent: open
   * to every signed-in user.
   */
  permission?: string;
  /** A fixed tab that cannot be closed (the product specification). */
  affix?: boolean;
  /** Not shown in the sidebar. */
  hidden?: boolean;
  /**
   * A hidden screen's list (its path): the sidebar highlights that item while this screen shows,
   * and the detail page's back button returns to it with its filters (vue-element-admin's `activeMenu`).
   */
  activeMenu?: string;
  /** The page stays mounted (state kept) while its tab is open. */
  keepAlive?: boolean;
}

/** The route's meta when its `handle` is one. */
export function routeMeta(handle: unknown): RouteMeta | undefined {
  if (typeof handle !== 'object' || handle === null) return undefined;
  return typeof (handle as { title?: unknown }).title === 'string' ? (handle as RouteMeta) : undefined;
}

/** The permissions a location needs: those of every matched route, outermost first. */
export function requiredPermissions(matches: readonly { handle: unknown }[]): string[] {
  return matches.flatMap((match) => {
    const permission = routeMeta(match.handle)?.permission;
    return permission ? [permission] : [];
  });
}
