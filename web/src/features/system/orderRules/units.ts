/**
 * The units of the product form: integers on the wire (fen, basis points, ppm per day), decimal
 * text in the form (yuan, percent, percent per day). Converted on the text, never through
 * floating point: `toScaled('0.05', 4)` is exactly 500.
 */

/** Decimal places of each unit as the form shows it. */
export const PLACES = { yuan: 2, percent: 2, percentPerDay: 4 } as const;

/** `12345, 2` → `"123.45"`; `500, 4` → `"0.0500"`. */
export function fromScaled(value: number, places: number): string {
  const abs = Math.abs(Math.trunc(value));
  const scale = 10 ** places;
  const whole = Math.floor(abs / scale);
  const fraction = String(abs % scale).padStart(places, '0');
  return `${value < 0 ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

/** `"123.45", 2` → `12345`; `null` for text that is not a non-negative decimal with at most `places` decimals. */
export function toScaled(text: string | number | null | undefined, places: number): number | null {
  if (text === null || text === undefined) return null;
  const value = String(text).trim().replace(/,/g, '');
  const match = /^(\d{1,12})(?:\.(\d*))?$/.exec(value);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > places && /[1-9]/.test(fraction.slice(places))) return null;
  return Number(whole) * 10 ** places + Number(fraction.slice(0, places).padEnd(places, '0') || '0');
}

/** Basis points as a percentage for reading: `1200` → `"12.00%"`. */
export function percent(bp: number): string {
  return `${fromScaled(bp, PLACES.percent)}%`;
}
