import { getUserInfo, type UserInfo } from './token';

/** Platform administrators sign in under /api/admin, capital-provider users under /api/capital (spec §7). */
export type AccountKind = 'admin' | 'capital';

/**
 * The kind of the signed-in account, read from the stored user info (spec §3, §6): administrators
 * carry an `authorities` list (possibly empty), capital-provider accounts carry none. Undefined when
 * no user info is stored.
 */
export function accountKind(info: UserInfo | undefined = getUserInfo()): AccountKind | undefined {
  if (!info) return undefined;
  return info.authorities === undefined ? 'capital' : 'admin';
}
