/**
 * The state of a list page (docs/architecture.md): page, size, sort and filters, kept in the
 * URL so that a link or a reload shows the same rows, and turned into the body of `POST .../page`
 * (and of `.../export`, which ignores page and size).
 */

export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export type SortOrder = 'asc' | 'desc';

export interface SortSpec {
  field: string;
  order: SortOrder;
}

/** One page of rows as the server answers `POST .../page`. */
export interface PageResult<T> {
  records: T[];
  total: number;
  page: number;
  size: number;
}

/** Filters as the URL holds them: strings, absent when empty. */
export type FilterValues = Readonly<Record<string, string>>;

export interface ListQuery {
  page: number;
  size: number;
  sort?: SortSpec;
  filters: FilterValues;
}

/** How a filter's URL value becomes request fields. */
export type FilterKind =
  /** Free text, trimmed: `{ [name]: text }`. */
  | 'text'
  /** A choice whose values are numbers: `{ [name]: number }`. */
  | 'number'
  /** A choice of `true` / `false`: `{ [name]: boolean }`. */
  | 'boolean'
  /** A choice whose values are strings: `{ [name]: value }`. */
  | 'choice'
  /** Two epoch-millisecond bounds written `from~to`: `{ from, to }` (either may be empty). */
  | 'range';

export interface FilterSpec {
  name: string;
  kind: FilterKind;
}

const SORT_PARAM = 'sort';
const PAGE_PARAM = 'page';
const SIZE_PARAM = 'size';

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= 1 ? value : undefined;
}

/** Whether `size` is one of the page sizes a list offers. */
export function isPageSize(size: number): boolean {
  return (PAGE_SIZES as readonly number[]).includes(size);
}

/**
 * Reads a list's state from the URL; anything malformed falls back to the defaults. `defaultSize`
 * is the page size of 系统设置 (the built-in 10 until it is known).
 */
export function readQuery(
  params: URLSearchParams,
  filters: readonly FilterSpec[],
  defaultSort?: SortSpec,
  defaultSize: number = DEFAULT_PAGE_SIZE,
): ListQuery {
  const page = positiveInt(params.get(PAGE_PARAM)) ?? 1;
  const sizeParam = positiveInt(params.get(SIZE_PARAM));
  const size = sizeParam !== undefined && isPageSize(sizeParam) ? sizeParam : defaultSize;
  const sortMatch = /^([A-Za-z][A-Za-z0-9_]{0,63}),(asc|desc)$/.exec(params.get(SORT_PARAM) ?? '');
  const sort = sortMatch?.[1] && sortMatch[2] ? { field: sortMatch[1], order: sortMatch[2] as SortOrder } : defaultSort;
  const values: Record<string, string> = {};
  for (const filter of filters) {
    const value = params.get(filter.name);
    if (value !== null && value.trim() !== '') values[filter.name] = value;
  }
  return { page, size, ...(sort ? { sort } : {}), filters: values };
}

/** The URL parameters of a list's state; defaults are left out so that a fresh list has a clean URL. */
export function writeQuery(query: ListQuery, defaultSort?: SortSpec, defaultSize: number = DEFAULT_PAGE_SIZE): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query.filters)) {
    if (value.trim() !== '') params.set(name, value);
  }
  if (query.sort && (query.sort.field !== defaultSort?.field || query.sort.order !== defaultSort.order)) {
    params.set(SORT_PARAM, `${query.sort.field},${query.sort.order}`);
  }
  if (query.page !== 1) params.set(PAGE_PARAM, String(query.page));
  if (query.size !== defaultSize) params.set(SIZE_PARAM, String(query.size));
  return params;
}

/** `from~to` for a range filter (epoch ms; an open end stays empty). */
export function formatRange(from: number | undefined, to: number | undefined): string {
  if (from === undefined && to === undefined) return '';
  return `${from ?? ''}~${to ?? ''}`;
}

export function parseRange(value: string | undefined): { from?: number; to?: number } {
  const [from = '', to = ''] = (value ?? '').split('~');
  const read = (raw: string) => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined);
  const range: { from?: number; to?: number } = {};
  const start = read(from);
  const end = read(to);
  if (start !== undefined) range.from = start;
  if (end !== undefined) range.to = end;
  return range;
}

/** The request body for `POST .../page` and `.../export`. */
export function toRequestBody(query: ListQuery, filters: readonly FilterSpec[]): Record<string, unknown> {
  const body: Record<string, unknown> = { page: query.page, size: query.size };
  if (query.sort) body.sort = query.sort;
  for (const filter of filters) {
    const raw = query.filters[filter.name];
    if (raw === undefined || raw.trim() === '') continue;
    switch (filter.kind) {
      case 'text':
      case 'choice':
        body[filter.name] = raw.trim();
        break;
      case 'number': {
        const value = Number(raw);
        if (Number.isFinite(value)) body[filter.name] = value;
        break;
      }
      case 'boolean':
        if (raw === 'true' || raw === 'false') body[filter.name] = raw === 'true';
        break;
      case 'range':
        Object.assign(body, parseRange(raw));
        break;
    }
  }
  return body;
}

/** The same list with other filters: back to page 1, as a user expects after searching. */
export function withFilters(query: ListQuery, filters: FilterValues): ListQuery {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(filters)) if (value.trim() !== '') kept[name] = value;
  return { ...query, page: 1, filters: kept };
}
