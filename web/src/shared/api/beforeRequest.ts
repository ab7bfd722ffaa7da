/**
 * Hooks awaited before every request (the product specification: the token is refreshed when the stored
 * expirationTime has passed). Kept apart from the request layer so that the application can
 * register its hooks at start-up without pulling axios into the entry chunk.
 */

/** 'form' posts urlencoded data; 'text' does not call at all and returns the URL it would call. */
export type RequestMethod = 'get' | 'post' | 'put' | 'delete' | 'form' | 'text';

export interface RequestInfo {
  url: string;
  method: RequestMethod;
}

/** Awaited, in order, before each request is sent (e.g. refresh an expired token). */
export type BeforeRequestHook = (request: RequestInfo) => Promise<void> | void;

const beforeRequestHooks: BeforeRequestHook[] = [];

/** Registers a hook run before every request; returns a function that unregisters it. */
export function registerTokenRefresher(hook: BeforeRequestHook): () => void {
  beforeRequestHooks.push(hook);
  return () => {
    const index = beforeRequestHooks.indexOf(hook);
    if (index >= 0) beforeRequestHooks.splice(index, 1);
  };
}

/** Runs the registered hooks one after the other. */
export async function runBeforeRequestHooks(request: RequestInfo): Promise<void> {
  for (const hook of [...beforeRequestHooks]) await hook(request);
}
