import { currentLanguage } from '../../shared/i18n';
import { parseTime } from '../../shared/utils/time';

/** Date and time as the staff read it: 2026-11-22 09:30:15 (spec §9's default format). */
export function formatDateTime(ms: number | null | undefined): string {
  return parseTime(ms ?? null, undefined, currentLanguage()) ?? '—';
}
