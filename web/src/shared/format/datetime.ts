import { currentLanguage } from '../i18n';
import type { Language } from '../i18n/languages';

/**
 * The one date-time formatter of the workspace (README "Shared building blocks"). Every screen
 * shows times through `formatDateTime` / `formatDate` (epoch ms from the server → '2026-11-22
 * 09:30:15' / '2026-11-22', '—' for none) and relative times through `formatRelative`: one
 * date-time format everywhere, always with the seconds (a list, a detail, a dialog alike).
 *
 * Underneath, `parseTime` / `formatTime` of the product specification, ported from vue-element-admin's `src/utils/index.js`
 * (same test vectors), with two deliberate differences: the labels are localized (en, zh, es, ja),
 * and ISO 8601 strings with a `T` ('2018-07-13T17:54:01Z') are parsed as ISO instead of giving
 * 'NaN-NaN-NaN …' (upstream replaces every '-' by '/', which breaks them).
 */
export type TimeInput = Date | number | string | null | undefined;

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';
/** '2026-11-22'. */
export const DATE_FORMAT = '{y}-{m}-{d}';
/**
 * A date and time typed in a date picker (dayjs tokens): the same '2026-11-22 09:30:15' as
 * `formatDateTime` shows, so a time reads alike in a form and in a list.
 */
export const PICKER_DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** The shown text for no time. */
export const NO_TIME = '—';

const WEEKDAYS: Record<Language, readonly string[]> = {
  zh: ['日', '一', '二', '三', '四', '五', '六'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  es: ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb'],
  ja: ['日', '月', '火', '水', '木', '金', '土'],
};

const MONTHS: Record<'en' | 'es', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  es: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'],
};

/** A Date from what the back end and the pages hand over; `null` for nothing. */
export function toDate(time: TimeInput): Date | null {
  if (time === undefined || time === null || time === '' || time === 0) return null;
  if (time instanceof Date) return time;
  let value: number | string = time;
  if (typeof value === 'string') {
    if (/^-?\d+$/.test(value)) value = parseInt(value, 10);
    else if (!value.includes('T')) value = value.replace(/-/g, '/'); // '2018-07-13' → local midnight, as upstream
  }
  // A 10-digit number is a Unix timestamp in seconds.
  if (typeof value === 'number' && String(Math.trunc(Math.abs(value))).length === 10) value *= 1000;
  return new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Formats with the tokens {y} {m} {d} {h} {i} {s} (zero-padded) and {a} (weekday). `null` for no time. */
export function parseTime(time?: TimeInput, format: string = DEFAULT_TIME_FORMAT, lang: Language = 'zh'): string | null {
  const date = toDate(time);
  if (!date) return null;
  const values: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return format.replace(/\{([ymdhisa])+\}/g, (_match, key: string) => {
    const value = values[key] ?? NaN;
    if (key === 'a') return WEEKDAYS[lang][value] ?? '';
    return key === 'y' ? String(value) : pad(value);
  });
}

interface RelativeLabels {
  justNow: string;
  minutes: (n: number) => string;
  hours: (n: number) => string;
  oneDay: string;
  date: (d: Date) => string;
}

const LABELS: Record<Language, RelativeLabels> = {
  zh: {
    justNow: '刚刚',
    minutes: (n) => `${n}分钟前`,
    hours: (n) => `${n}小时前`,
    oneDay: '1天前',
    date: (d) => `${d.getMonth() + 1}月${d.getDate()}日${d.getHours()}时${d.getMinutes()}分`,
  },
  en: {
    justNow: 'just now',
    minutes: (n) => (n === 1 ? '1 minute ago' : `${n} minutes ago`),
    hours: (n) => (n === 1 ? '1 hour ago' : `${n} hours ago`),
    oneDay: '1 day ago',
    date: (d) => `${MONTHS.en[d.getMonth()]} ${d.getDate()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`,
  },
  es: {
    justNow: 'justo ahora',
    minutes: (n) => (n === 1 ? 'hace 1 minuto' : `hace ${n} minutos`),
    hours: (n) => (n === 1 ? 'hace 1 hora' : `hace ${n} horas`),
    oneDay: 'hace 1 día',
    date: (d) => `${d.getDate()} ${MONTHS.es[d.getMonth()]}, ${pad(d.getHours())}:${pad(d.getMinutes())}`,
  },
  ja: {
    justNow: 'たった今',
    minutes: (n) => `${n}分前`,
    hours: (n) => `${n}時間前`,
    oneDay: '1日前',
    date: (d) => `${d.getMonth() + 1}月${d.getDate()}日 ${pad(d.getHours())}:${pad(d.getMinutes())}`,
  },
};

/**
 * Relative time (the product specification): 'just now' under 30 s, minutes under an hour, hours under a day,
 * '1 day ago' under two days, then a date — `format` if given (parseTime tokens), else a short
 * date of the language. Minutes and hours are rounded up, as upstream.
 */
export function formatTime(time: TimeInput, format?: string, lang: Language = 'zh', now: number = Date.now()): string | null {
  const date = toDate(time);
  if (!date) return null;
  const labels = LABELS[lang];
  const diff = (now - date.getTime()) / 1000;
  if (diff < 30) return labels.justNow;
  if (diff < 3600) return labels.minutes(Math.ceil(diff / 60));
  if (diff < 3600 * 24) return labels.hours(Math.ceil(diff / 3600));
  if (diff < 3600 * 24 * 2) return labels.oneDay;
  return format ? parseTime(date, format, lang) : labels.date(date);
}

/**
 * Date and time as the staff read it, in the interface language: epoch ms (or any `TimeInput`) →
 * '2026-11-22 09:30:15' (the product specification's default format; `format` takes parseTime tokens); '—' for none.
 */
export function formatDateTime(time: TimeInput, format: string = DEFAULT_TIME_FORMAT): string {
  return parseTime(time, format, currentLanguage()) ?? NO_TIME;
}

/** The date only: '2026-11-22'; '—' for none. */
export function formatDate(time: TimeInput): string {
  return formatDateTime(time, DATE_FORMAT);
}

/** 'just now', '5 minutes ago' … in the interface language (the product specification's formatTime); '—' for none. */
export function formatRelative(time: TimeInput, now: number = Date.now()): string {
  return formatTime(time, undefined, currentLanguage(), now) ?? NO_TIME;
}
