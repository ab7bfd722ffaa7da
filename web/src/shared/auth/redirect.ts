/** The login page's `redirect` query value, accepted only when it is a path inside this application. */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target) return fallback;
  // Only same-origin absolute paths: not '//host', not '/\host' (browsers read '\' as '/'), no schemes,
  // no control characters or whitespace that browsers strip before parsing.
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if ([...target].some((ch) => ch <= ' ' || ch === '\u007f' || ch === '\\')) return fallback;
  try {
    const base = 'http://beehive.invalid';
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return fallback;
    if (resolved.pathname === '/login') return fallback;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return fallback;
  }
}

/** `/login?redirect=...` for the current location (path and query kept, encoded). */
export function loginPath(pathWithQuery: string): string {
  return `/login?redirect=${encodeURIComponent(pathWithQuery)}`;
}

/**
 * Navigation state of the login page's move to the redirect target: the guard then sends a user
 * who may not see the target (another user's last page) home instead of to the no-access page.
 */
export const AFTER_LOGIN_STATE = Object.freeze({ afterLogin: true });

export function isAfterLogin(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { afterLogin?: unknown }).afterLogin === true;
}
