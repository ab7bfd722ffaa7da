import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { accountKind } from './account';
import { clearRoles } from './permissions';
import { getToken, removeToken } from './token';

/**
 * Spec §4: logging out clears all local storage, the token, the roles and the open tabs. Parts of
 * the application that keep per-user state (the tags view) register a clean-up with `onLogout`.
 */
type LogoutHandler = () => void;

const handlers = new Set<LogoutHandler>();

/** Runs `handler` at every logout; returns a function that unregisters it. */
export function onLogout(handler: LogoutHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

export interface LogoutOptions {
  /** False when the server has already ended the session (a password change ends them all). */
  tellServer?: boolean;
}

/**
 * Ends the session: tells the server (`POST /{kind}/logout`, silently; a failure changes nothing,
 * the session ends here anyway), then clears everything the browser holds for it.
 */
export async function logout({ tellServer = true }: LogoutOptions = {}): Promise<void> {
  const kind = accountKind();
  if (tellServer && kind && getToken()) {
    try {
      const { request } = await import('../api/request');
      // An expired token is refreshed first (quietly), so that the server ends the session.
      await request({ url: '/{kind}/logout', method: 'post', data: { kind }, silent: true, quiet: true });
    } catch {
      // Ignored: the server may already have ended the session (password change, sign-in elsewhere).
    }
  }
  clearSession();
}

/** Forgets the session locally: all local storage, the token cookie, the roles, then the registered clean-ups. */
export function clearSession(): void {
  try {
    localStorage.clear();
  } finally {
    removeToken();
    clearRoles();
    for (const handler of [...handlers]) {
      try {
        handler();
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/** Logs out and goes to the login page. */
export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async (options?: LogoutOptions) => {
    await logout(options);
    await navigate('/login', { replace: true });
  }, [navigate]);
}
