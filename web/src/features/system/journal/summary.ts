import { formatBp, formatMoney } from '../../../shared/format/money';

/** What the summary needs in the reader's language. */
export interface SummaryWords {
  /** The label of a detail key (the key itself when it has none). */
  field: (key: string) => string;
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

/** A value as a reader reads it: yes/no, amounts in yuan (`…Fen`), rates in percent (`…Bp`), codes in words (a list's items too). */
function text(value: Json | undefined, key: string | undefined, words: SummaryWords, target: string | undefined): string {
  if (blank(value)) return '—';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    if (key?.endsWith('Fen') && Number.isInteger(value)) return formatMoney(value);
    if (key?.endsWith('Bp') && Number.isInteger(value)) return formatBp(value);
    return String(value);
  }
  if (typeof value === 'string') return words.code ? words.code(value, { key, target }) : value;
  if (Array.isArray(value)) {
    // A list of codes reads like one code under the list's key (an insurer's `compulsoryReasons`).
    return value.map((item) => (key && KEY_LISTS.has(key) && typeof item === 'string' ? words.field(item) : text(item, key, words, target))).join(', ');
  }
  return JSON.stringify(value);
}

/**
 * One line saying what an operation-log detail holds (docs/lists.md, "The operation log"):
 * the changed fields first as `field: before → after` — from `{before: {…}, after: {…}}`, from
 * an old-values object (`before` or `from`) beside the new values, from `{from, to}` (a status
 * change), from `previousName` beside `name`, and from a value `{from, to}` — then the other
 * keys as `field: value` (those that only name the record last; an order transition's own
 * `detail` object read as keys of its own), blank ones left out, joined with `; `. Known keys get their labels;
 * coded values are put in words by `words.code`, told the key and the row's table `target`.
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
    changes.push(key === undefined ? values : `${words.field(key)}: ${values}`);
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

  const pairs = Object.entries(parsed)
    .filter(([key]) => !used.has(key))
    // An order transition's own details (`{"detail": {"channel": …}}`) read like the other keys.
    .flatMap(([key, value]): [string, Json][] => (key === 'detail' && isObject(value) ? Object.entries(value) : [[key, value]]))
    .filter(([, value]) => !blank(value))
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, value]) => `${words.field(key)}: ${text(value, key, words, target)}`);
  return [...changes, ...pairs];
}
