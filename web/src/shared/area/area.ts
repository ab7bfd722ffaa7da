import { useQuery } from '@tanstack/react-query';
import type { components } from '../../api/schema';
import { request } from '../api/request';

/** An administrative area and the areas under it (`form /api/common/area/data`, the product specification). */
export type Area = components['schemas']['AreaData'];

export const AREA_KEY = 'area';

/** The whole tree, province → city → district (the browser revalidates it with its ETag). */
export function fetchAreas(): Promise<Area[]> {
  return request<Area[]>({ url: '/common/area/data', method: 'form', silent: true });
}

/** The tree, fetched once per session. */
export function useAreas() {
  return useQuery({ queryKey: [AREA_KEY], queryFn: fetchAreas, staleTime: Infinity, gcTime: Infinity });
}

/** The names along `codes` (province, city, district), as far as they are found. */
export function areaNames(tree: readonly Area[], codes: readonly (string | null | undefined)[]): string[] {
  const names: string[] = [];
  let level: readonly Area[] = tree;
  for (const code of codes) {
    if (!code) break;
    const found = level.find((area) => area.code === code);
    if (!found) break;
    names.push(found.name);
    level = found.children;
  }
  return names;
}
