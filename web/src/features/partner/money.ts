/**
 * Money on the partner screens: typed in yuan with at most two decimals, carried as integer fen.
 * The conversion works on the text, never through floating point.
 */
const YUAN = /^\d{1,11}(\.\d{1,2})?$/;

/** `"1234.5"` → `123450`; `null` when the text is not an amount of yuan. */
export function yuanToFen(text: string): number | null {
  const value = text.trim().replace(/,/g, '');
  if (!YUAN.test(value)) return null;
  const [whole = '0', decimals = ''] = value.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/** `123450` → `"1234.50"`. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `123450` → `"1,234.50"`, for reading. */
export function formatYuan(fen: number): string {
  const [whole = '0', decimals = '00'] = fenToYuan(fen).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${decimals}`;
}

/** Basis points as a percentage: `650` → `"6.50%"`. */
export function formatBp(bp: number): string {
  return `${fenToYuan(bp)}%`;
}

/** A percentage typed with up to two decimals → basis points (`"6.5"` → `650`); `null` if invalid or over 100. */
export function percentToBp(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(value)) return null;
  const bp = yuanToFen(value);
  return bp !== null && bp <= 10_000 ? bp : null;
}
