import { useEffect, useState } from 'react';
import { http } from './request';

/**
 * An object URL of a file served by an API call that needs the token (an `<img>` cannot send the
 * header): fetched as a blob, revoked when the path or `version` changes or the component goes.
 */
export function useBlobUrl(path: string | null, version: number | string | null = null): string | null {
  const [state, setState] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path) return undefined;
    let made: string | null = null;
    let live = true;
    http
      .get<Blob>(path, { responseType: 'blob' })
      .then((reply) => {
        if (!live) return;
        made = URL.createObjectURL(reply.data);
        setState({ path, url: made });
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, version]);
  return path && state?.path === path ? state.url : null;
}
