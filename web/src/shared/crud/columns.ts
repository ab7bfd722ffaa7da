/**
 * Pure helpers of the list page's table (docs/lists.md, "Columns"): standard widths of the column
 * kinds, header widths, which row actions stay links and which go into 更多, and the column
 * settings kept per user and route.
 */

/**
 * What a column holds, which fixes its width and alignment:
 * - `date` 2026-11-22, `datetime` 2026-11-22 09:30:15 (never wrapped);
 * - `money` ¥1,234,567.89, right-aligned, tabular figures;
 * - `status` a tag;
 * - `code` a number or code (customer number, ID number, mobile), never wrapped; a longer one than
 *   the width truncates with a tooltip;
 * - `text` (default) free text: wraps, or truncates with a tooltip when `ellipsis` is set.
 */
export type ColumnKind = 'date' | 'datetime' | 'money' | 'status' | 'code' | 'text';

/** Content widths (px, at 14 px) of the kinds with a fixed shape; the cell padding comes on top. */
export const KIND_WIDTHS: Readonly<Record<Exclude<ColumnKind, 'text'>, number>> = {
  date: 90,
  datetime: 152,
  money: 120,
  status: 90,
  code: 116,
};

/** Horizontal padding of a cell: antd's large table 16 + 16, the middle and small ones 8 + 8. */
export const CELL_PADDINGS: Readonly<Record<Density, number>> = { large: 32, middle: 16, small: 16 };
export const CELL_PADDING = CELL_PADDINGS.large;
/** The sort arrows next to a sortable header. */
export const SORTER_WIDTH = 26;
/** A free-text column's width when it declares none (it may grow). */
export const TEXT_MIN_WIDTH = 120;

/** Estimated width (px) of a text at 14 px: CJK and full-width characters 14, capitals 9.5, others 7.6. */
export function textWidth(text: string, fontSize = 14): number {
  let width = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0x2e80) width += 1;
    else if (/[A-Z@%&mwMW]/.test(char)) width += 0.68;
    else if (/[ .,:;'|!il1]/.test(char)) width += 0.34;
    else width += 0.56;
  }
  return Math.ceil(width * fontSize);
}

/** What decides a column's width. */
export interface ColumnShape {
  title: string;
  kind?: ColumnKind;
  width?: number;
  sortable?: boolean;
}

/** The header's width on one line (the title, the cell padding and the sort arrows). */
export function headerWidth(column: ColumnShape, padding = CELL_PADDING): number {
  // Headers are semibold: 15 % wider than the estimate of regular text.
  return Math.ceil(textWidth(column.title) * 1.15) + padding + (column.sortable ? SORTER_WIDTH : 0);
}

/**
 * The width of a column at a cell padding (the table's density): the declared one or its kind's
 * (plus padding), never narrower than its header on one line. A free-text column without a
 * declared width gets a minimum; wider tables stretch every column.
 */
export function columnWidth(column: ColumnShape, padding = CELL_PADDING): number {
  const kind = column.kind ?? 'text';
  const base = column.width ?? (kind === 'text' ? TEXT_MIN_WIDTH : KIND_WIDTHS[kind] + padding);
  return Math.max(base, headerWidth(column, padding));
}

/** Width (px) of an antd tag with this label: 12 px text, 7 px padding and a 1 px border each side. */
export function tagWidth(label: string): number {
  return textWidth(label, 12) + 16;
}

/**
 * A status column's width for the labels its tags may show (in the interface language): the
 * kind's standard width, or the longest tag when that is wider ("Underwritten" is), never
 * narrower than the header.
 */
export function statusWidth(title: string, labels: readonly string[], padding = CELL_PADDING): number {
  const widest = labels.reduce((max, label) => Math.max(max, tagWidth(label)), KIND_WIDTHS.status);
  return columnWidth({ title, kind: 'status', width: widest + padding }, padding);
}

/** The `scroll.x` of a table of these columns: their widths added up, so that it scrolls sideways rather than squeezes or clips them. */
export function tableWidth(columns: readonly { width?: number | string }[]): number {
  return columns.reduce<number>((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), 0);
}

/** Row actions: at most `inline` stay links; more than that, the first `inline` stay and the rest go into 更多. */
export function splitActions<A>(actions: readonly A[], inline = 2): { links: A[]; more: A[] } {
  if (actions.length <= inline) return { links: [...actions], more: [] };
  return { links: actions.slice(0, inline), more: actions.slice(inline) };
}

/** Width of a link button (small: 6 px padding and a 1 px border each side) with this label. */
export function linkWidth(label: string): number {
  return textWidth(label) + 16;
}

/**
 * The actions column's width for the labels of each row's links (and whether the row has a 更多),
 * at least the header's: the widest row decides.
 */
export function actionsWidth(
  rows: readonly { links: readonly string[]; more: boolean }[],
  moreLabel: string,
  title: string,
  padding = CELL_PADDING,
): number {
  const widest = rows.reduce((max, row) => {
    const width = row.links.reduce((sum, label) => sum + linkWidth(label), 0) + (row.more ? linkWidth(moreLabel) + 14 : 0);
    return Math.max(max, width);
  }, 0);
  return Math.max(widest + padding + 4, headerWidth({ title }, padding));
}

/** Table density: antd's table sizes. */
export type Density = 'large' | 'middle' | 'small';

/** What a user chose for one list: hidden columns (absent: the list's defaults) and density. */
export interface ListPrefs {
  hidden?: string[];
  density?: Density;
}

const PREFS_PREFIX = 'beehive.list';

/** The localStorage key of a list's settings: per user and per route. */
export function prefsKey(user: string, route: string): string {
  return `${PREFS_PREFIX}:${user}:${route}`;
}

export function readPrefs(storage: Pick<Storage, 'getItem'>, key: string): ListPrefs {
  try {
    const saved = JSON.parse(storage.getItem(key) ?? '{}') as Partial<ListPrefs>;
    const hidden = Array.isArray(saved.hidden) ? saved.hidden.filter((name): name is string => typeof name === 'string') : undefined;
    const density = saved.density === 'large' || saved.density === 'middle' || saved.density === 'small' ? saved.density : undefined;
    return { ...(hidden ? { hidden } : {}), ...(density ? { density } : {}) };
  } catch {
    return {};
  }
}

export function writePrefs(storage: Pick<Storage, 'setItem' | 'removeItem'>, key: string, prefs: ListPrefs): void {
  try {
    if (!prefs.hidden && !prefs.density) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(prefs));
  } catch {
    // Private mode or full storage: the choice holds until the page is reloaded.
  }
}

/** The shell's top bar and tags bar (layout.css `--bh-navbar-height`, `--bh-tags-height`): a sticky header stays below them when they are fixed. */
const NAVBAR_HEIGHT = 50;
const TAGS_HEIGHT = 34;

/** Where a sticky table header stops: under the shell's header when the settings fix it, else at the top of the window. */
export function stickyOffset(settings: { fixedHeader: boolean; tagsView: boolean }): number {
  return settings.fixedHeader ? NAVBAR_HEIGHT + (settings.tagsView ? TAGS_HEIGHT : 0) : 0;
}

/** The widest a phone's fixed key column gets: the rest of the row needs room to scroll by. */
export const PHONE_KEY_WIDTH = 170;

/** A column's width, capped at `PHONE_KEY_WIDTH` when it is a phone's fixed key column. */
export function phoneKey(fixedOnPhone: boolean, width: number): number {
  return fixedOnPhone ? Math.min(width, PHONE_KEY_WIDTH) : width;
}

/** A column as the fit sees it: its key, its width and whether it may give way. */
export interface FitColumn {
  key: string;
  width: number;
  optional?: boolean;
}

/**
 * The optional columns to hide so that the table fits `available` px without scrolling
 * sideways (docs/lists.md, "Columns"): the last optional column goes first, then the one before
 * it, until the rest fits; `extra` is what the table needs besides the columns (the actions
 * column, the selection checkboxes). Nothing is hidden when the table fits, or when the width is
 * not known yet (0).
 */
export function fitHidden(columns: readonly FitColumn[], extra: number, available: number): string[] {
  if (available <= 0) return [];
  let total = columns.reduce((sum, column) => sum + column.width, extra);
  const hidden: string[] = [];
  for (let index = columns.length - 1; index >= 0 && total > available; index -= 1) {
    const column = columns[index];
    if (!column?.optional) continue;
    hidden.push(column.key);
    total -= column.width;
  }
  return hidden;
}

/** A filter control's usual width, and the widest it grows to show its whole placeholder. */
export const FILTER_WIDTH = 180;
export const FILTER_MAX_WIDTH = 280;

/**
 * A text or choice filter's width: wide enough for its placeholder ("Enter customer name" is
 * longer than 请输入客户名称) plus the input's padding and clear icon, up to 280 px; at least the
 * width the screen declares, else 180 px.
 */
export function filterWidth(placeholder: string, declared?: number): number {
  const needed = Math.min(FILTER_MAX_WIDTH, textWidth(placeholder) + 44);
  // A screen's declared width is what it wants at least ("Select Outcome" does not fit 120 px).
  return Math.max(declared ?? FILTER_WIDTH, needed);
}
