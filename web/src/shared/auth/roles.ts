import { translate } from '../i18n';
import { accountKind } from './account';
import { getRoles, rolesGeneration, rolesLoaded, setRoles } from './permissions';
import { getUserInfo, setUserInfo } from './token';

/** Spec §6: a capital-provider account has no authorities; its only role is this one. */
export const CAPITAL_ROLES: readonly string[] = Object.freeze(['capital:order:table']);

/** The roles could not be established: no user info, or an administrator without any permission. */
export class MissingPermissionsError extends Error {
  constructor() {
    super(translate('auth.noMenuPermission'));
    this.name = 'MissingPermissionsError';
  }
}

let loading: Promise<readonly string[]> | undefined;

/**
 * The signed-in user's roles, loaded once per sign-in (the product specification): administrators ask the server
 * (GET /admin/role/permission), capital-provider accounts get `CAPITAL_ROLES`. Concurrent callers
 * share one load. Rejects with `MissingPermissionsError` when the list is empty (the message of
 * the product specification) and with the request's error when the call fails.
 */
export function ensureRoles(): Promise<readonly string[]> {
  const loaded = getRoles();
  if (loaded) return Promise.resolve(loaded);
  if (!loading) {
    const session = rolesGeneration();
    const current = fetchRoles().then((roles) => {
      // A sign-out during the call ended this session: its roles must not leak into the next one.
      if (session === rolesGeneration() && !rolesLoaded()) setRoles(roles);
      return roles;
    });
    loading = current;
    void current
      .finally(() => {
        if (loading === current) loading = undefined;
      })
      .catch(() => undefined);
  }
  return loading;
}

async function fetchRoles(): Promise<readonly string[]> {
  const info = getUserInfo();
  const kind = accountKind(info);
  if (!info || !kind) throw new MissingPermissionsError();
  if (kind === 'capital') return CAPITAL_ROLES;

  const { fetchAdminPermissions } = await import('./rolesApi');
  const { authorities, name } = await fetchAdminPermissions();
  if (!Array.isArray(authorities)) throw new MissingPermissionsError();
  const roles = authorities.filter((authority): authority is string => typeof authority === 'string' && authority !== '');
  if (roles.length === 0) throw new MissingPermissionsError();
  // The stored user info keeps the permissions up to date (the product specification).
  // (Re-read: the token may have been refreshed before the call.)
  const latest = getUserInfo();
  if (latest && latest.username === info.username && accountKind(latest) === 'admin') {
    setUserInfo({ ...latest, authorities: roles, ...(typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {}) });
  }
  return roles;
}
