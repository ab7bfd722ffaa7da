import { getUserInfo, type UserInfo } from './token';

/** Platform administrators sign in under /api/admin, capital-provider users under /api/capital (the product specification). */
export type AccountKind = 'admin' | 'capital';

/**
 * The kind of the signed-in account, read from the stored user info (the product specification): administrators
 * carry an `authorities` list (possibly empty), capital-provider accounts carry none. Undefined when
 * no user info is stored.
 */
export function accountKind(info: UserInfo | undefined = getUserInfo()): AccountKind | undefined {
  if (!info) return undefined;
  return info.authorities === undefined ? 'capital' : 'admin';
}
