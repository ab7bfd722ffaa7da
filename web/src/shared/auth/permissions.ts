import { useSyncExternalStore } from 'react';

/**
 * The signed-in user's roles: the permission strings of the product specification, which are at once the routes the
 * user may open and the buttons they may see. Held in memory and loaded once per sign-in by the
 * navigation guard (`ensureRoles`); `undefined` until then.
 */
let roles: readonly string[] | undefined;
/** Bumped whenever the roles are cleared, so that a load started for an ended session is dropped. */
let generation = 0;
const listeners = new Set<() => void>();
const NONE: readonly string[] = Object.freeze([]);

function emit(): void {
  for (const listener of listeners) listener();
}

export function getRoles(): readonly string[] | undefined {
  return roles;
}

export function rolesLoaded(): boolean {
  return roles !== undefined;
}

export function setRoles(next: readonly string[]): void {
  roles = Object.freeze([...new Set(next)]);
  emit();
}

/** Forgets the roles (sign-out, a new sign-in, a failed load). */
export function clearRoles(): void {
  generation += 1;
  if (roles === undefined) return;
  roles = undefined;
  emit();
}

/** Identifies the current session of the roles store; changes with every `clearRoles`. */
export function rolesGeneration(): number {
  return generation;
}

/** True when `permission` is absent (open to every signed-in user) or held. */
export function hasPermission(permission: string | undefined, held: readonly string[] = roles ?? NONE): boolean {
  return permission === undefined || held.includes(permission);
}

/** True when at least one of `permissions` is held (an empty list requires nothing). */
export function hasAnyPermission(permissions: readonly string[], held: readonly string[] = roles ?? NONE): boolean {
  return permissions.length === 0 || permissions.some((permission) => held.includes(permission));
}

export function subscribeRoles(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = () => roles ?? NONE;

/** The current user's permissions (empty while not loaded); re-renders when they change. */
export function usePermissions(): readonly string[] {
  return useSyncExternalStore(subscribeRoles, snapshot, snapshot);
}

/** The roles, `undefined` while not loaded for this sign-in; re-renders when they change. */
export function useRoles(): readonly string[] | undefined {
  return useSyncExternalStore(subscribeRoles, getRoles, getRoles);
}

/** Whether the roles have been loaded for this sign-in; re-renders when that changes. */
export function useRolesLoaded(): boolean {
  return useSyncExternalStore(subscribeRoles, rolesLoaded, rolesLoaded);
}
