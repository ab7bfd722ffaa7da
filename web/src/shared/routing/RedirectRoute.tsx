import { Navigate, useLocation, useParams } from 'react-router';

/** `/redirect/<path>?<query>` → `/<path>?<query>` with replace: remounts a page to refresh its tab (the product specification). */
export function RedirectRoute() {
  const { '*': splat = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${splat}${search}`} replace />;
}
