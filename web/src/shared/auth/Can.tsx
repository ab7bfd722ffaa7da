import type { ReactNode } from 'react';
import { hasAnyPermission, hasPermission, usePermissions } from './permissions';

interface CanProps {
  /** The permission the user must hold. */
  perm?: string;
  /** The user must hold at least one of these. */
  anyOf?: readonly string[];
  /** Shown instead when the user lacks the permission (nothing by default: the product specification hides it). */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Renders its children only for a user who holds the permission (the product specification: an element whose
 * permission the user lacks is hidden). With both `perm` and `anyOf`, both must be satisfied.
 * Follows changes of the user's permissions.
 */
export function Can({ perm, anyOf, fallback = null, children }: CanProps) {
  const held = usePermissions();
  const allowed = hasPermission(perm, held) && hasAnyPermission(anyOf ?? [], held);
  return <>{allowed ? children : fallback}</>;
}
