import { lazy } from 'react';
import { Navigate } from 'react-router';
import { hasPermission, usePermissions } from '../shared/auth/permissions';
import type { SectionEntry } from '../shared/routing/table';

/** The workspace shell, a lazy chunk (with antd): loaded once the guard has let a signed-in user in. */
export const LazyAppLayout = lazy(async () => ({ default: (await import('../layout/AppLayout')).AppLayout }));

/** A section's own path goes to its first screen the user may open (else the first: the guard says 401). */
export function SectionIndex({ entry }: { entry: SectionEntry }) {
  const held = usePermissions();
  const target = entry.children.find((child) => hasPermission(child.meta.permission, held)) ?? entry.children[0];
  return <Navigate to={target?.path ?? '/404'} replace />;
}

/**
 * Pages are React-lazy elements rather than route `lazy` loaders: the guard decides before a
 * page's chunk (with antd) is fetched, so a visitor without a token goes to /login at once.
 */
export const LazyDashboardPage = lazy(async () => ({ default: (await import('./pages/DashboardPage')).DashboardPage }));
export const LazyNotBuiltPage = lazy(async () => ({ default: (await import('./pages/NotBuiltPage')).NotBuiltPage }));

/** System management (features/system): one chunk per screen. */
export const LazyOrganizationPage = lazy(async () => ({
  default: (await import('../features/system/organization/OrganizationPage')).OrganizationPage,
}));
export const LazyRolePage = lazy(async () => ({ default: (await import('../features/system/role/RolePage')).RolePage }));
export const LazyAdministratorsPage = lazy(async () => ({
  default: (await import('../features/system/administrators/AdministratorsPage')).AdministratorsPage,
}));
export const LazyJournalPage = lazy(async () => ({ default: (await import('../features/system/journal/JournalPage')).JournalPage }));
export const LazySecurityPage = lazy(async () => ({ default: (await import('../features/system/settings/SecurityPage')).SecurityPage }));
export const LazyBasicSetPage = lazy(async () => ({ default: (await import('../features/system/settings/BasicSetPage')).BasicSetPage }));
export const LazyInterfaceConfigPage = lazy(async () => ({
  default: (await import('../features/system/interface/InterfaceConfigPage')).InterfaceConfigPage,
}));
export const LazyUsagePage = lazy(async () => ({ default: (await import('../features/system/usage/UsagePage')).UsagePage }));
export const LazyMessagePage = lazy(async () => ({ default: (await import('../features/system/message/MessagePage')).MessagePage }));
export const LazySignaturePage = lazy(async () => ({
  default: (await import('../features/system/signature/SignaturePage')).SignaturePage,
}));
