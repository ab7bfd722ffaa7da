import { Navigate, useLocation } from 'react-router';

/** Landing page of an external sign-in hand-off: continues to the login page with the same query. */
export function AuthRedirectPage() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace />;
}
