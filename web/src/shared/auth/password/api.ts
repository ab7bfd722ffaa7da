import md5 from 'blueimp-md5';
import { request } from '../../api/request';
import type { AccountKind } from '../account';

/** Spec §3, §7: the endpoint of each kind of account. */
const ENDPOINTS: Record<AccountKind, string> = {
  admin: '/admin/user/password/update',
  capital: '/capital/password/update',
};

/**
 * Changes the signed-in user's password. Both values travel as the MD5 hex of what was typed,
 * `enabled` is always true and the confirmation (`newPassword2`) is never sent (the product specification).
 */
export async function changePassword(kind: AccountKind, passwordOld: string, passwordNew: string): Promise<void> {
  await request<null>({
    url: ENDPOINTS[kind],
    method: 'post',
    data: { passwordOld: md5(passwordOld), passwordNew: md5(passwordNew), enabled: true },
  });
}
