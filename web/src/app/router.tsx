import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { RouteMeta } from '../shared/routing/meta';
import { AuthGuard } from './AuthGuard';
import { RootLayout, RouteLoading } from './RootLayout';
import { RouteError } from './RouteError';
import { workspaceRoute } from './routes';

/** A route of the table; its `handle` is its `RouteMeta` (title, icon, permission, ...). */
export type AppRoute = RouteObject & { handle?: RouteMeta; children?: AppRoute[] };

/**
 * Public routes of the product specification and the workspace (`routes.tsx`: the shell around every screen), all behind the navigation guard of
 * the product specification (`AuthGuard`). Every page is a lazy chunk: the entry holds only React, the router,
 * i18n and the small session modules (budget: /login ≤ 150 KiB gzip). The `handle` stays outside
 * `lazy` so that the guard knows a route's permission before its chunk arrives.
 */
export const routes: AppRoute[] = [
  {
    element: <RootLayout />,
    HydrateFallback: RouteLoading,
    errorElement: <RouteError />,
    children: [
      // Resolved before the guard, so that a visitor without a token comes back to /dashboard.
      { path: '/', element: <Navigate to="/dashboard" replace /> },
      // The public signing page (orders, part 2): outside the guard and the workspace, for anyone
      // holding the link (a customer on a phone, signed in or not); the token is the credential.
      {
        path: '/sign/:token',
        lazy: async () => ({ Component: (await import('../features/sign/SignPage')).SignPage }),
      },
      {
        element: <AuthGuard />,
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
          workspaceRoute,
          { path: '*', element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
