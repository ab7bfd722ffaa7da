import { request } from '../api/request';
import { accountKind } from './account';
import { sessionExpired } from './refresh';
import { getUserInfo, setToken, setUserInfo } from './token';

/** Spec §7: what the refresh call answers. Both tokens are rotated; the old refresh token is dead. */
export interface RefreshedSession {
  token: string;
  refreshToken: string;
  /** Epoch milliseconds. */
  expirationTime: number;
  userId?: number;
  username?: string;
  authorities?: string[];
}

const LOCK_NAME = 'beehive:token-refresh';

/**
 * Calls `POST /{kind}/login/refresh/{refreshToken}` (form-encoded, no body) and stores the new
 * token and user info. Refresh tokens are single-use, so browser tabs of the same session take
 * turns (Web Locks, where available) and a tab whose session another tab has just refreshed
 * does not refresh again.
 */
export async function refreshSession(): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    await locks.request(LOCK_NAME, refreshNow);
  } else {
    await refreshNow();
  }
}

async function refreshNow(): Promise<void> {
  if (!sessionExpired()) return;
  const info = getUserInfo();
  const kind = accountKind(info);
  if (!info || !kind) return;

  const data = await request<RefreshedSession>({
    url: '/{kind}/login/refresh/{refreshToken}',
    method: 'form',
    data: { kind, refreshToken: info.refreshToken },
    skipBeforeRequest: true,
    silent: true,
    // A failed refresh is reported by the answers to the requests that wait for it (the product specification).
    quiet: true,
  });
  if (!isRefreshedSession(data)) throw new Error('The refresh answer carries no token');
  // Signed out (or in as someone else) while the call was under way: nothing to update.
  if (getUserInfo()?.refreshToken !== info.refreshToken) return;

  setToken(data.token);
  setUserInfo({
    username: data.username || info.username,
    expirationTime: data.expirationTime,
    refreshToken: data.refreshToken,
    // The kind of account and its permissions do not change with a refresh.
    authorities: info.authorities,
    ...((data.userId ?? info.userId) !== undefined ? { userId: data.userId ?? info.userId } : {}),
    // Nor does the person's name (the refresh does not answer it).
    ...(info.name ? { name: info.name } : {}),
  });
}

function isRefreshedSession(value: unknown): value is RefreshedSession {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.token === 'string' &&
    v.token !== '' &&
    typeof v.refreshToken === 'string' &&
    v.refreshToken !== '' &&
    typeof v.expirationTime === 'number'
  );
}
