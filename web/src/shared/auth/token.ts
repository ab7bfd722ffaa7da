import Cookies from 'js-cookie';

/** Spec §3: the token lives in local storage and in a (session) cookie; user info in local storage. */
const TOKEN_KEY = 'token';
const TOKEN_COOKIE = 'Admin-Token';
const USERINFO_KEY = 'userinfo';

export interface UserInfo {
  /** The account name the user signs in with (a code, never shown as a greeting). */
  username: string;
  /** The person's name (the sign-in answers it; administrators' also `GET /admin/role/permission`). */
  name?: string;
  /** Epoch milliseconds after which the token must be refreshed before the next request. */
  expirationTime: number;
  refreshToken: string;
  /** Permission strings; absent for capital-provider accounts (the product specification). */
  authorities?: string[];
  /** The account's id (absent in user info stored before it was kept): screens hide what the
   *  server would refuse to this user (confirming what they recorded, maker ≠ checker). */
  userId?: number;
}

export function getToken(): string | undefined {
  return localStorage.getItem(TOKEN_KEY) ?? Cookies.get(TOKEN_COOKIE) ?? undefined;
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  Cookies.set(TOKEN_COOKIE, token);
}

/** Resets the session: token (storage and cookie) and user info. */
export function removeToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USERINFO_KEY);
  Cookies.remove(TOKEN_COOKIE);
}

export function getUserInfo(): UserInfo | undefined {
  const raw = localStorage.getItem(USERINFO_KEY);
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    return isUserInfo(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The user id of the stored session (`userId`; `id` accepted too), when it carries one. */
export function userIdOf(answer: unknown): number | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { id, userId } = answer as { id?: unknown; userId?: unknown };
  const value = typeof id === 'number' ? id : userId;
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

/**
 * How the signed-in user is greeted: the person's name, else the account (a session stored
 * before the sign-in answered the name).
 */
export function displayName(info: UserInfo | undefined = getUserInfo()): string {
  return info?.name?.trim() || info?.username || '';
}

/** The signed-in user's id (absent in a session stored before it carried one). */
export function currentUserId(): number | null {
  return userIdOf(getUserInfo());
}

export function setUserInfo(info: UserInfo): void {
  const stored: UserInfo = {
    username: info.username,
    expirationTime: info.expirationTime,
    refreshToken: info.refreshToken,
    ...(info.authorities ? { authorities: info.authorities } : {}),
    ...(info.userId !== undefined ? { userId: info.userId } : {}),
    ...(info.name ? { name: info.name } : {}),
  };
  localStorage.setItem(USERINFO_KEY, JSON.stringify(stored));
}

function isUserInfo(value: unknown): value is UserInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.username === 'string' &&
    typeof v.expirationTime === 'number' &&
    typeof v.refreshToken === 'string' &&
    (v.authorities === undefined ||
      (Array.isArray(v.authorities) && v.authorities.every((a) => typeof a === 'string'))) &&
    (v.userId === undefined || typeof v.userId === 'number') &&
    (v.name === undefined || typeof v.name === 'string')
  );
}
