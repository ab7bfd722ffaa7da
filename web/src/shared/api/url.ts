/** Path placeholders and query strings (the product specification): `{name}` is filled from the payload and removed from it. */

export interface FilledPath {
  path: string;
  /** The payload without the values used in the path. */
  rest: Record<string, unknown>;
}

const PLACEHOLDER = /\{(\w+)\}/g;

export function fillPath(url: string, data: object | undefined): FilledPath {
  const source: Record<string, unknown> = { ...data };
  const used = new Set<string>();
  const path = url.replace(PLACEHOLDER, (_match, name: string) => {
    const value = source[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${url}`);
    }
    used.add(name);
    return encodeURIComponent(String(value));
  });
  const rest = Object.fromEntries(Object.entries(source).filter(([key]) => !used.has(key)));
  return { path, rest };
}

/** Query/form encoding: null and undefined are left out, arrays repeat the key, objects go as JSON. */
export function toSearchParams(params: Record<string, unknown>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return search;
}

export function withQuery(path: string, params: Record<string, unknown>): string {
  const query = toSearchParams(params).toString();
  return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;
}
