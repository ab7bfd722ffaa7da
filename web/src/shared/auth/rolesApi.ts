import { request } from '../api/request';

/** Spec §6, §7: the administrator's current permissions. Loaded on demand (it brings the request layer). */
export interface AdminPermissions {
  username: string;
  name: string;
  authorities: string[];
}

export function fetchAdminPermissions(): Promise<AdminPermissions> {
  return request<AdminPermissions>({ url: '/admin/role/permission' });
}
