/**
 * The one money module of the workspace (README "Shared building blocks"). Amounts travel as
 * integer fen (分) and rates as integer basis points; people type and read yuan (元) and percent.
 * Every conversion works on integers or on the text, never through floating point, so
 * `yuanToFen('0.1') + yuanToFen('0.2') === yuanToFen('0.3')`.
 */

/** An amount of yuan as people type it: up to 11 whole digits (thousands commas allowed), at most two decimals. */
const YUAN = /^\d{1,11}(\.\d{1,2})?$/;

/** Whole fen; a fractional input (which the server never sends) is rounded to the nearest fen. */
function wholeFen(fen: number): number {
  return Number.isInteger(fen) ? fen : Math.round(fen);
}

/** Thousands commas in a string of digits. */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Sign, whole yuan (digits) and the two decimals of an amount in fen. */
function split(fen: number): { sign: string; whole: string; decimals: string } {
  const value = wholeFen(fen);
  const abs = Math.abs(value);
  return {
    sign: value < 0 ? '-' : '',
    whole: String(Math.floor(abs / 100)),
    decimals: String(abs % 100).padStart(2, '0'),
  };
}

/** `123450` fen → `"1234.50"`: plain yuan, as a form field shows it. */
export function fenToYuan(fen: number): string {
  const { sign, whole, decimals } = split(fen);
  return `${sign}${whole}.${decimals}`;
}

/** `123450` fen → `"1,234.50"`, for reading (tables, descriptions). */
export function formatYuan(fen: number): string {
  const { sign, whole, decimals } = split(fen);
  return `${sign}${group(whole)}.${decimals}`;
}

/** `123450` fen → `"¥1,234.50"`; `-5` → `"-¥0.05"`. */
export function formatMoney(fen: number): string {
  const { sign, whole, decimals } = split(fen);
  return `${sign}¥${group(whole)}.${decimals}`;
}

/**
 * Typed yuan → fen: `"1234.5"` → `123450`, `"500,000,000"` → `50000000000`; `null` when the text
 * is not an amount (negative, more than two decimals, not a number). Parsed from the text.
 */
export function yuanToFen(text: string): number | null {
  const value = text.trim().replace(/,/g, '');
  if (!YUAN.test(value)) return null;
  const [whole = '0', decimals = ''] = value.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
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
