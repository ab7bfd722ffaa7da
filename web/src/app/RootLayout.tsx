import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';

/** Parent of every route: a boundary for pages that suspend (antd locale loading). */
export function RootLayout() {
  return (
    <Suspense fallback={<LoadingOverlay force />}>
      <Outlet />
    </Suspense>
  );
}

/** Shown while the first route's chunk loads. */
export function RouteLoading() {
  return <LoadingOverlay force />;
}
