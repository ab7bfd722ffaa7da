import { formatDateTime } from '../../../shared/format/datetime';

/** `ms` as 'YYYY-MM-DD HH:mm:ss' in `zone` (the business time zone), so it reads beside the business date. */
export function timeInZone(ms: number, zone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date(ms));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
  } catch {
    return formatDateTime(ms);
  }
}
