import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/** A record id as the URL carries it: a positive integer, else nothing. */
export function parseViewId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

export interface ViewParam {
  /** The record shown (from `?view=<id>`), or null. */
  id: number | null;
  /** Shows a record: writes `?view=<id>` (other parameters, a list's filters, stay). */
  open: (id: number) => void;
  /** Closes it: removes the parameter. */
  close: () => void;
}

/**
 * The record a drawer shows, kept in the URL (`?view=<id>`, docs/workspace.md "Drawers"): a
 * reload opens the same drawer, the address can be shared, closing it removes the parameter. The
 * URL is read while the page is on its own path (a kept-alive page hidden behind another tab
 * keeps what it showed). Both changes replace the history entry, so Back leaves the page.
 */
export function useViewParam(name = 'view'): ViewParam {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [ownPath] = useState(pathname);
  const onOwnPath = pathname === ownPath;
  const fromUrl = parseViewId(params.get(name));
  const [kept, setKept] = useState(fromUrl);
  if (onOwnPath && fromUrl !== kept) setKept(fromUrl);
  const write = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(name);
        else next.set(name, String(id));
        return next;
      },
      { replace: true },
    );
  return {
    id: onOwnPath ? fromUrl : kept,
    open: (id) => write(id),
    close: () => write(null),
  };
}
