import { formatDate } from '../../../shared/format/datetime';
import { formatBp, formatMoney } from '../../../shared/format/money';
import { fromScaled, PLACES } from '../orderRules/units';

/** What the summary needs in the reader's language. */
export interface SummaryWords {
  /**
   * The label of a detail key (the key itself when it has none); `context` says where it stands
   * (the row's table, and the key's path when it is inside an object: `target.filter.kind`).
   */
  field: (key: string, context?: CodeContext) => string;
  yes: string;
  no: string;
  /**
   * A coded value in words; the value itself when it has none. `key` is the detail key the value
   * stands under (`status` for a `{from, to}` change) and `target` the row's table (`targetType`):
   * together they say which words apply (a repayment's status, a payment channel, an order's status).
   */
  code?: (value: string, context: CodeContext) => string;
}

/** What a coded value stands for: the detail key it is under and the row's table. */
export interface CodeContext {
  key?: string;
  target?: string;
  /**
   * The key's path when it is inside an object of the detail, its parents' keys joined by dots
   * (`target.filter.kind` in a notice batch's target); absent at the top.
   */
  path?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export const SEPARATOR = '; ';
export const ARROW = ' → ';

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The detail as an object, or undefined when it is not a JSON object. */
export function parseDetail(detail: string): JsonObject | undefined {
  try {
    const value = JSON.parse(detail) as Json;
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The detail pretty-printed (two spaces), or the text as it is when it is not JSON. */
export function prettyDetail(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

function same(a: Json | undefined, b: Json | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function blank(value: Json | undefined): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** Keys that only name the record: the target column names it already, so they come last (the rest keeps the server's order). */
const NAMING_KEYS = ['name', 'title', 'account', 'code', 'nameZh', 'labelZh'];

function rank(key: string): number {
  return NAMING_KEYS.indexOf(key) + 1;
}

/** Keys whose array holds other keys (`changed: ["name", "enabled"]`), shown by their labels. */
const KEY_LISTS = new Set(['changed', 'fields']);

/**
 * A value as a reader reads it: yes/no, amounts in yuan (`…Fen`), rates in percent (`…Bp`, `…Ppm…`), codes in
 * words (a list's items too), an object as its `field: value` pairs in brackets.
 */
function text(value: Json | undefined, key: string | undefined, words: SummaryWords, target: string | undefined, path?: string): string {
  if (blank(value)) return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    if (key?.endsWith('Fen') && Number.isInteger(value)) return formatMoney(value);
    if (key?.endsWith('Bp') && Number.isInteger(value)) return formatBp(value);
    // A daily rate in parts per million (a product's `penaltyRatePpmPerDay`: 500 → 0.0500%), as 订单规则配置 shows it.
    if (key?.includes('Ppm') && Number.isInteger(value)) return `${fromScaled(value, PLACES.percentPerDay)}%`;
    return String(value);
  }
  if (typeof value === 'string') return words.code ? words.code(value, withPath({ key, target }, path)) : value;
  if (Array.isArray(value)) {
    // A list of codes reads like one code under the list's key (an insurer's `compulsoryReasons`).
    return value.map((item) => (key && KEY_LISTS.has(key) && typeof item === 'string' ? words.field(item, { target }) : text(item, key, words, target, path))).join(', ');
  }
  // An object inside a list (a premium payment's lines): its own keys, under the list's path.
  if (!isObject(value)) return JSON.stringify(value);
  const inner = pairs(value, words, target, path ?? key);
  return inner.length > 0 ? `(${inner.join(', ')})` : '—';
}

function withPath(context: CodeContext, path: string | undefined): CodeContext {
  return path !== undefined && path !== context.key ? { ...context, path } : context;
}

/** A date range the server writes as two epoch-ms keys (`createdFrom`, `createdTo`): one key in the summary. */
const RANGES: readonly (readonly [from: string, to: string, key: string])[] = [['createdFrom', 'createdTo', 'created']];

/**
 * The `field: value` pairs of an object's keys, blank ones left out; `parent` is the object's path
 * (undefined at the top). An object under a key is read as its own keys (a notice batch's
 * `target: {mode, filter: {kind, …}}`, a new product's `terms`) with their paths
 * (`target.filter.kind`), except an order transition's own `detail`, whose keys read like the
 * detail's; a range of two dates reads as one pair (`created: 2026-05-01 ~ 2026-05-31`).
 */
function pairs(object: JsonObject, words: SummaryWords, target: string | undefined, parent?: string): string[] {
  const ranged = new Set<string>();
  const out: [string, string][] = [];
  for (const [from, to, key] of RANGES) {
    if (!Object.hasOwn(object, from) || !Object.hasOwn(object, to)) continue;
    ranged.add(from).add(to);
    const start = object[from];
    const end = object[to];
    if (blank(start) && blank(end)) continue;
    const date = (value: Json | undefined) => (typeof value === 'number' ? formatDate(value) : text(value, key, words, target));
    const path = parent === undefined ? undefined : `${parent}.${key}`;
    out.push([key, `${words.field(key, withPath({ key, target }, path))}: ${date(start)} ~ ${date(end)}`]);
  }
  // An order transition's own details (`{"detail": {"channel": …}}`) read like the other keys.
  const entries = Object.entries(object).flatMap(([key, value]): [string, Json][] =>
    key === 'detail' && parent === undefined && isObject(value) ? Object.entries(value) : [[key, value]],
  );
  for (const [key, value] of entries) {
    if (ranged.has(key) || blank(value)) continue;
    if (isObject(value)) {
      for (const part of pairs(value, words, target, parent === undefined ? key : `${parent}.${key}`)) out.push([key, part]);
      continue;
    }
    const path = parent === undefined ? undefined : `${parent}.${key}`;
    out.push([key, `${words.field(key, withPath({ key, target }, path))}: ${text(value, key, words, target, path)}`]);
  }
  return out.sort(([a], [b]) => rank(a) - rank(b)).map(([, part]) => part);
}

/**
 * One line saying what an operation-log detail holds (docs/lists.md, "The operation log"):
 * the changed fields first as `field: before → after` — from `{before: {…}, after: {…}}`, from
 * an old-values object (`before` or `from`) beside the new values, from `{from, to}` (a status
 * change), from `previousName` beside `name`, and from a value `{from, to}` — then the other
 * keys as `field: value` (those that only name the record last; an order transition's own
 * `detail` object read as keys of its own, another object's keys with their paths, see `pairs`),
 * blank ones left out, joined with `; `. Known keys get their labels (`words.field`, told the
 * row's table and the path); coded values are put in words by `words.code`, told the key, the
 * row's table `target` and the path.
 * A detail that is not a JSON object is answered as it is.
 */
export function summarizeDetail(detail: string, words: SummaryWords, target?: string): string {
  return detailParts(detail, words, target).join(SEPARATOR);
}

/** The parts of the summary (`summarizeDetail` joins them), one per change or key. */
export function detailParts(detail: string, words: SummaryWords, target?: string): string[] {
  const parsed = parseDetail(detail);
  if (!parsed) return detail.trim() ? [detail.trim()] : [];
  const changes: string[] = [];
  const used = new Set<string>();
  const change = (key: string | undefined, before: Json | undefined, after: Json | undefined) => {
    if (same(before, after)) return;
    const values = `${text(before, key, words, target)}${ARROW}${text(after, key, words, target)}`;
    changes.push(key === undefined ? values : `${words.field(key, { key, target })}: ${values}`);
  };

  const { before, after, from, to } = parsed;
  if (before !== undefined && after !== undefined) {
    // {"before": {…}, "after": {…}}: each key whose value differs.
    used.add('before').add('after');
    if (isObject(before) && isObject(after)) {
      for (const key of new Set([...Object.keys(after), ...Object.keys(before)])) change(key, before[key], after[key]);
    } else {
      change(undefined, before, after);
    }
  }
  // Old values beside the new ones at the top: {"before": {"vin": …}, "vin": …}, {"from": {"name": …}, "name": …}.
  for (const name of ['before', 'from'] as const) {
    const old: Json | undefined = parsed[name];
    if (used.has(name) || !isObject(old) || (name === 'from' && to !== undefined)) continue;
    used.add(name);
    for (const key of Object.keys(old)) {
      if (Object.hasOwn(parsed, key)) {
        used.add(key);
        change(key, old[key], parsed[key]);
      }
    }
  }
  // {"from": "PENDING", "to": "ACTIVE"}: a status change.
  if (!used.has('from') && from !== undefined && to !== undefined && !isObject(from) && !isObject(to)) {
    used.add('from').add('to');
    change('status', from, to);
  }
  // {"previousName": "a", "name": "b"}.
  for (const key of Object.keys(parsed)) {
    const match = /^previous([A-Z]\w*)$/.exec(key);
    if (!match?.[1]) continue;
    const current = match[1].charAt(0).toLowerCase() + match[1].slice(1);
    if (!Object.hasOwn(parsed, current) || used.has(current)) continue;
    used.add(key);
    if (!same(parsed[key], parsed[current])) {
      used.add(current);
      change(current, parsed[key], parsed[current]);
    }
  }
  // {"creditLimitFen": {"from": 1, "to": 2}}.
  for (const [key, value] of Object.entries(parsed)) {
    if (used.has(key) || !isObject(value)) continue;
    const keys = Object.keys(value);
    if (keys.length === 2 && Object.hasOwn(value, 'from') && Object.hasOwn(value, 'to')) {
      used.add(key);
      change(key, value.from, value.to);
    }
  }

  const rest: JsonObject = {};
  for (const [key, value] of Object.entries(parsed)) if (!used.has(key)) rest[key] = value;
  return [...changes, ...pairs(rest, words, target)];
}
