/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters, the last the check character of the first 17.
 * The server checks it too; this spares a round trip.
 */
export function isCreditCode(code: string): boolean {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  if (code.length !== 18) return false;
  const values = [...code].map((c) => chars.indexOf(c));
  if (values.some((v) => v < 0)) return false;
  const sum = weights.reduce((acc, w, i) => acc + w * (values[i] ?? 0), 0);
  return values[17] === (31 - (sum % 31)) % 31;
}
