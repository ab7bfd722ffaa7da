import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RedirectRoute } from './RedirectRoute';
import { RootLayout, RouteLoading } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Public routes of spec §2.1 plus the dashboard placeholder. Every page is a lazy chunk: the entry
 * holds only React, the router, i18n and the request layer (budget: /login ≤ 150 KiB gzip).
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/login/LoginPage')).LoginPage }),
      },
      {
        path: '/auth-redirect',
        lazy: async () => ({ Component: (await import('./pages/AuthRedirectPage')).AuthRedirectPage }),
      },
      {
        path: '/404',
        lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }),
      },
      {
        path: '/401',
        lazy: async () => ({ Component: (await import('./pages/UnauthorizedPage')).UnauthorizedPage }),
      },
      { path: '/redirect/*', element: <RedirectRoute /> },
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      {
        path: '/dashboard',
        lazy: async () => ({ Component: (await import('./pages/DashboardPage')).DashboardPage }),
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
