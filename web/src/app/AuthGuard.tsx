import { lazy, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { ERROR_MESSAGE_SECONDS } from '../shared/api/constants';
import { isApiError } from '../shared/api/errors';
import { showError } from '../shared/api/notifier';
import { clearRoles, getRoles } from '../shared/auth/permissions';
import { isAfterLogin, loginPath } from '../shared/auth/redirect';
import { ensureRoles, MissingPermissionsError } from '../shared/auth/roles';
import { getToken, removeToken } from '../shared/auth/token';
import { translate } from '../shared/i18n';
import { requiredPermissions } from '../shared/routing/meta';
import { LoadingOverlay } from '../shared/ui/LoadingOverlay';
import { decideNavigation } from './guard';

const UnauthorizedPage = lazy(async () => ({ default: (await import('./pages/UnauthorizedPage')).UnauthorizedPage }));

/** The session as the guard saw it when the user arrived at a location. */
interface Snapshot {
  locationKey: string;
  hasToken: boolean;
  roles: readonly string[] | undefined;
}

function takeSnapshot(locationKey: string): Snapshot {
  return { locationKey, hasToken: Boolean(getToken()), roles: getRoles() };
}

/**
 * Layout route around every page: the navigation guard of the product specification (`decideNavigation`). It
 * decides when the user arrives at a location (like a before-each hook), from the session as it
 * was then, and again once the roles have been loaded; a session that ends or starts while a
 * page is shown (logout, sign-in) does not redirect behind the back of the code that then
 * navigates. A route whose permission the user lacks shows the no-access page in place.
 */
export function AuthGuard() {
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();

  const [snapshot, setSnapshot] = useState(() => takeSnapshot(location.key));
  let session = snapshot;
  if (session.locationKey !== location.key) {
    session = takeSnapshot(location.key);
    setSnapshot(session);
  }

  const decision = decideNavigation({
    pathname: location.pathname,
    search: location.search,
    hasToken: session.hasToken,
    roles: session.roles,
    required: requiredPermissions(matches),
    afterLogin: isAfterLogin(location.state),
  });

  const loadRolesFor = decision.action === 'loadRoles' ? location.key : undefined;
  const target = location.pathname + location.search;
  useEffect(() => {
    if (loadRolesFor === undefined) return undefined;
    let active = true;
    ensureRoles().then(
      () => {
        if (active) setSnapshot(takeSnapshot(loadRolesFor));
      },
      (error: unknown) => {
        if (!active) return; // the location changed: its own run handles the same (shared) load
        removeToken();
        clearRoles();
        // The request layer has already shown why a call failed; anything else is shown here.
        if (error instanceof MissingPermissionsError) void showError(error.message, ERROR_MESSAGE_SECONDS);
        else if (!isApiError(error)) void showError(translate('request.error'), ERROR_MESSAGE_SECONDS);
        void navigate(loginPath(target), { replace: true });
      },
    );
    return () => {
      active = false;
    };
  }, [loadRolesFor, target, navigate]);

  switch (decision.action) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'loadRoles':
      return <LoadingOverlay force />;
    case 'forbidden':
      return <UnauthorizedPage />;
  }
}
