import type { Dayjs } from 'dayjs';
import { parseRange } from '../../shared/crud/query';
import { yuanToFen } from '../../shared/format/money';
import { ORDER_CHOICES_PERMISSIONS } from '../../shared/order/choices';
import type { CollectionNoteBody, OrderRulesData } from './types';

/** The logic of 逾期管理 apart from React: severity, the days-past-due filter, buckets, the note form. */

/** How late an order is, for its highlight: the default buckets' ages (M1 1–30, M2 31–60, M3 61–90, M3+ over 90). */
export type Severity = 'early' | 'late' | 'serious' | 'severe';

export function severity(daysPastDue: number): Severity {
  if (daysPastDue > 90) return 'severe';
  if (daysPastDue > 60) return 'serious';
  if (daysPastDue > 30) return 'late';
  return 'early';
}

/** The antd tag colour of a severity (the bucket tag). */
export const SEVERITY_COLORS: Readonly<Record<Severity, string>> = { early: 'gold', late: 'orange', serious: 'volcano', severe: 'red' };

/** The largest days past due the server takes in a filter. */
export const MAX_DPD = 36_500;

/**
 * The list body as the server names it: the one range filter (`dpd`, `from~to` in the URL, which
 * the shared list sends as `from` / `to`) becomes `dpdFrom` / `dpdTo`.
 */
export function withDpd(body: Record<string, unknown>): Record<string, unknown> {
  const { from, to, ...rest } = body;
  return {
    ...rest,
    ...(typeof from === 'number' ? { dpdFrom: from } : {}),
    ...(typeof to === 'number' ? { dpdTo: to } : {}),
  };
}

/** Whether a days-past-due range is backwards (the server refuses it naming `dpdTo`). */
export function dpdBackwards(value: string | undefined): boolean {
  const { from, to } = parseRange(value);
  return from !== undefined && to !== undefined && to < from;
}

/** The URL value of a days-past-due range from its two inputs (empty: no filter). */
export function dpdValue(from: number | null | undefined, to: number | null | undefined): string | undefined {
  const clean = (n: number | null | undefined) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? Math.min(n, MAX_DPD) : undefined);
  const a = clean(from);
  const b = clean(to);
  if (a === undefined && b === undefined) return undefined;
  return `${a ?? ''}~${b ?? ''}`;
}

/** The default bucket names (docs/money.md) past day 0, offered when the rules cannot be read. */
export const DEFAULT_BUCKETS = ['M1', 'M2', 'M3', 'M3+'] as const;

/**
 * The buckets an OVERDUE order can be in: the configured ones after the first (which starts at day
 * 0: not past due, or within the grace days), else the defaults.
 */
export function overdueBuckets(rules: OrderRulesData | undefined): string[] {
  const ranges = rules?.rules.delinquencyBuckets ?? [];
  const named = ranges.filter((range) => range.minDays > 0).map((range) => range.classification);
  return named.length > 0 ? named : [...DEFAULT_BUCKETS];
}

/** Who may read the order screens' choices (the provider filter): shared with the other order lists. */
export const CHOICES_PERMISSIONS = ORDER_CHOICES_PERMISSIONS;

/** The latest promise to pay, in days from today (the server's `MAX_PROMISE_DAYS`). */
export const MAX_PROMISE_DAYS = 90;

/** A promise day outside today … today + 90 (the server checks it against the business date). */
export function promiseDayOutOfRange(day: Dayjs, today: Dayjs): boolean {
  return day.isBefore(today, 'day') || day.isAfter(today.add(MAX_PROMISE_DAYS, 'day'), 'day');
}

/** What is wrong with a promised amount (typed yuan), checked as the server does; undefined when fine or empty. */
export type AmountProblem = 'invalid' | 'notPositive' | 'tooMuch';

export function promiseAmountProblem(text: string | undefined, outstandingFen: number): AmountProblem | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const fen = yuanToFen(text);
  if (fen === null) return 'invalid';
  if (fen <= 0) return 'notPositive';
  if (fen > Math.max(outstandingFen, 0)) return 'tooMuch';
  return undefined;
}

/** The note form's values. */
export interface NoteValues {
  method?: string;
  contact?: string;
  result?: string;
  promisedDate?: Dayjs | null;
  /** Typed yuan. */
  promisedYuan?: string;
}

/** The form field that shows a server field's message. */
export const NOTE_FIELDS: Readonly<Record<string, keyof NoteValues>> = {
  method: 'method',
  contact: 'contact',
  result: 'result',
  promisedDate: 'promisedDate',
  promisedFen: 'promisedYuan',
};

/** The request body of a checked form: texts trimmed, yuan to fen from the text, no promise when left empty. */
export function noteBody(values: NoteValues): CollectionNoteBody {
  const amount = values.promisedYuan?.trim() ? yuanToFen(values.promisedYuan) : null;
  return {
    method: values.method ?? '',
    contact: (values.contact ?? '').trim(),
    result: (values.result ?? '').trim(),
    promisedDate: values.promisedDate ? values.promisedDate.format('YYYY-MM-DD') : null,
    promisedFen: amount,
  };
}

/** The waiver screen, opened on its 申请减免 dialog for an order (the waiver screen reads `?orderId=`). */
export function waiverPath(orderId: number): string {
  return `/business/exemptionApplication?orderId=${orderId}`;
}

/** The demand notice (催告函) of a row as the 催告 column shows it. */
export type NoticeState =
  | { kind: 'none' }
  | { kind: 'notice'; status: string; sentOn: string; cureDeadline: string | null; graceOver: boolean };

/**
 * The row's latest demand notice: none sent, or sent on a day with its cure deadline — the grace
 * is over when a notice still standing (SENT) has a deadline before `today` (`YYYY-MM-DD`).
 */
export function noticeState(row: { demandNoticeStatus: string; noticeSentOn: string | null; cureDeadline: string | null }, today: string): NoticeState {
  if (!row.demandNoticeStatus || !row.noticeSentOn) return { kind: 'none' };
  const graceOver = row.demandNoticeStatus === 'SENT' && row.cureDeadline !== null && row.cureDeadline < today;
  return { kind: 'notice', status: row.demandNoticeStatus, sentOn: row.noticeSentOn, cureDeadline: row.cureDeadline, graceOver };
}

/** Today in the browser as `YYYY-MM-DD`. */
export function todayText(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
