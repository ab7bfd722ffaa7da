import { loginPath } from '../shared/auth/redirect';

/** Spec §2.2: without a token only these are open. */
export const OPEN_PATHS: readonly string[] = ['/login', '/auth-redirect'];

export interface GuardInput {
  pathname: string;
  /** '?a=1' or ''. */
  search: string;
  hasToken: boolean;
  /** The user's roles; `undefined` while not loaded for this sign-in. */
  roles: readonly string[] | undefined;
  /** Permissions named on the matched routes (`RouteMeta.permission`); all are needed. */
  required: readonly string[];
  /** The navigation is the one right after signing in (to the `redirect` target). */
  afterLogin?: boolean;
}

export type GuardDecision =
  | { action: 'allow' }
  | { action: 'redirect'; to: string }
  /** Load the roles, then decide again. */
  | { action: 'loadRoles' }
  /** Show the no-access (401) page in place. */
  | { action: 'forbidden' };

function normalize(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The navigation guard of the product specification as a pure function of the session and the location. */
export function decideNavigation(input: GuardInput): GuardDecision {
  const pathname = normalize(input.pathname);
  if (!input.hasToken) {
    return OPEN_PATHS.includes(pathname)
      ? { action: 'allow' }
      : { action: 'redirect', to: loginPath(input.pathname + input.search) };
  }
  if (pathname === '/login') return { action: 'redirect', to: '/' };
  if (input.roles === undefined) return { action: 'loadRoles' };
  const held = input.roles;
  if (input.required.every((permission) => held.includes(permission))) return { action: 'allow' };
  // A redirect target the new user may not see (another user's last page) is replaced by home.
  return input.afterLogin ? { action: 'redirect', to: '/' } : { action: 'forbidden' };
}
