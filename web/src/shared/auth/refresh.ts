import { registerTokenRefresher } from '../api/beforeRequest';
import { getToken, getUserInfo } from './token';

/**
 * Spec §4, §7: before a request, a token whose stored expirationTime has passed is refreshed.
 * This module is part of the entry chunk, so it is tiny: the refresh call itself (with the request
 * layer) is imported only when a token has expired.
 */

/** True when a session is held and its expirationTime (epoch ms) has passed. */
export function sessionExpired(now: number = Date.now()): boolean {
  const info = getUserInfo();
  return Boolean(info && getToken()) && now >= (info?.expirationTime ?? Infinity);
}

let inflight: Promise<void> | undefined;

/**
 * Refreshes the session when it has expired. Every request of a burst waits for the same single
 * refresh call. A failed refresh is not an error here: the requests then go with the old token
 * and the server's answer drives the dialogs of the product specification
 */
export function refreshIfExpired(): Promise<void> | undefined {
  if (inflight) return inflight;
  if (!sessionExpired()) return undefined;
  const current = (async () => {
    try {
      const { refreshSession } = await import('./refreshSession');
      await refreshSession();
    } catch {
      // The request layer has reported the failure; the original requests go on.
    } finally {
      inflight = undefined;
    }
  })();
  inflight = current;
  return current;
}

/** Registers the refresh with the request layer (application start-up); returns the unregister function. */
export function installTokenRefresher(): () => void {
  return registerTokenRefresher(() => refreshIfExpired());
}
