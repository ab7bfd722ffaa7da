import dayjs from 'dayjs';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { formatDate, formatDateTime, formatRelative, formatTime, parseTime, PICKER_DATE_TIME_FORMAT } from './datetime';

// The vectors of vue-element-admin's tests/unit/utils/parseTime.spec.js and formatTime.spec.js.
describe('parseTime', () => {
  const d = new Date('2018/07/13 17:54:01');
  it.each([
    ['a Date', d],
    ['a Date string', String(d)],
    ['a 10-digit timestamp string (seconds)', (+d / 1000).toFixed(0)],
    ['a 10-digit timestamp number (seconds)', Math.round(+d / 1000)],
    ['a millisecond timestamp', +d],
    ['a copied Date', new Date(d)],
    ['a dashed date string', '2018-07-13 17:54:01'],
  ])('formats %s with the default format', (_name, input) => {
    expect(parseTime(input)).toBe('2018-07-13 17:54:01');
  });

  it('formats with the given tokens', () => {
    expect(parseTime(d, '{y}-{m}-{d} {h}:{i}')).toBe('2018-07-13 17:54');
    expect(parseTime(d, '{y}-{m}-{d}')).toBe('2018-07-13');
    expect(parseTime(d, '{y}/{m}/{d} {h}-{i}')).toBe('2018/07/13 17-54');
  });

  it('gives the day of the week, localized', () => {
    expect(parseTime(d, '{a}')).toBe('五');
    expect(parseTime(+d + 1000 * 60 * 60 * 24 * 2, '{a}')).toBe('日');
    expect(parseTime(d, '{a}', 'en')).toBe('Fri');
    expect(parseTime(d, '{a}', 'ja')).toBe('金');
  });

  it.each([[undefined], [null], [''], [0]])('gives null for %s', (input) => {
    expect(parseTime(input)).toBeNull();
  });

  it("'2018-07-13' is local midnight, as upstream", () => {
    expect(parseTime('2018-07-13')).toBe('2018-07-13 00:00:00');
  });

  it('parses ISO 8601 strings (upstream gives NaN; deliberate fix)', () => {
    const iso = new Date(Date.UTC(2018, 6, 13, 9, 54, 1));
    expect(parseTime('2018-07-13T09:54:01Z')).toBe(parseTime(iso));
    expect(parseTime('2018-07-13T09:54:01Z')).not.toContain('NaN');
  });
});

describe('formatTime', () => {
  const d = +new Date('2018/07/13 17:54:01');
  const retrofit = 5 * 1000;
  const now = Date.now();

  it('treats a 10-digit timestamp as seconds and shows an old date as month, day, hour, minute', () => {
    expect(formatTime((d / 1000).toFixed(0), undefined, 'zh', now)).toBe('7月13日17时54分');
    expect(formatTime(d, undefined, 'zh', now)).toBe('7月13日17时54分');
  });

  it.each([
    ['now', now - 1, '刚刚', 'just now'],
    ['29 s ago', now - 29_000, '刚刚', 'just now'],
    ['30 s ago', now - 30_000, '1分钟前', '1 minute ago'],
    ['under two minutes ago', now - 60 * 2 * 1000 + retrofit, '2分钟前', '2 minutes ago'],
    ['under two hours ago', now - 60 * 60 * 2 * 1000 + retrofit, '2小时前', '2 hours ago'],
    ['one day ago', now - 60 * 60 * 24 * 1000, '1天前', '1 day ago'],
    ['47 hours ago', now - 60 * 60 * 47 * 1000, '1天前', '1 day ago'],
  ])('%s', (_name, time, zh, en) => {
    expect(formatTime(time, undefined, 'zh', now)).toBe(zh);
    expect(formatTime(time, undefined, 'en', now)).toBe(en);
  });

  it('is localized in Spanish and Japanese', () => {
    expect(formatTime(now - 5 * 60_000, undefined, 'es', now)).toBe('hace 5 minutos');
    expect(formatTime(now - 5 * 60_000, undefined, 'ja', now)).toBe('5分前');
    expect(formatTime(now, undefined, 'ja', now)).toBe('たった今');
  });

  it('uses the format for a date two days old or more', () => {
    expect(formatTime(d, '{y}-{m}-{d} {h}:{i}', 'zh', now)).toBe('2018-07-13 17:54');
    expect(formatTime(d, undefined, 'en', now)).toBe('Jul 13, 17:54');
  });

  it('gives null for no time', () => {
    expect(formatTime(null)).toBeNull();
  });
});

describe('formatDateTime / formatDate / formatRelative (what the screens call)', () => {
  const ms = new Date('2026/11/22 09:30:15').getTime();

  it('formats epoch ms as date and time, or the date only', () => {
    expect(formatDateTime(ms)).toBe('2026-11-22 09:30:15');
    expect(formatDateTime(ms, '{y}-{m}-{d} {h}:{i}')).toBe('2026-11-22 09:30');
    expect(formatDate(ms)).toBe('2026-11-22');
  });

  it('shows a dash for no time', () => {
    for (const none of [null, undefined, 0, '']) {
      expect(formatDateTime(none)).toBe('—');
      expect(formatDate(none)).toBe('—');
      expect(formatRelative(none)).toBe('—');
    }
  });

  it('gives relative times in the interface language', async () => {
    await changeLanguage('en');
    expect(formatRelative(ms - 5 * 60_000, ms)).toBe('5 minutes ago');
    await changeLanguage('zh');
    expect(formatRelative(ms - 5 * 60_000, ms)).toBe('5分钟前');
  });
});

describe('one date-time format everywhere', () => {
  // A screen that formats a date-time itself, or asks the formatter for fewer parts, shows
  // '2026-11-22 09:30' beside the '2026-11-22 09:30:15' of every other screen. Times of day
  // (an allocation rule's window, 'HH:mm') and dates are not date-times.
  const root = join(__dirname, '..', '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const DATE_TIME_WITHOUT_SECONDS = [/\{h\}:\{i\}(?!:\{s\})/, /YYYY-MM-DD HH:mm(?!:ss)/, /MINUTES_FORMAT/];

  it('no source formats a date and time without the seconds', () => {
    const offending = sources(root)
      .filter((path) => !path.endsWith(join('shared', 'format', 'datetime.ts')) && !path.endsWith('schema.d.ts'))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, index) => ({ path: relative(root, path), line: index + 1, text: line.trim() }))
          .filter(({ text }) => DATE_TIME_WITHOUT_SECONDS.some((pattern) => pattern.test(text))),
      );
    expect(offending).toEqual([]);
  });

  it("the date pickers' date-time format is the one formatDateTime shows", () => {
    const ms = new Date('2026/11/22 09:30:15').getTime();
    expect(dayjs(ms).format(PICKER_DATE_TIME_FORMAT)).toBe(formatDateTime(ms));
  });
});
