/**
 * The checks of Chinese identifiers and contact details, as the server makes them, so that a form
 * shows every field's problem at once before it calls the server. Each function follows one
 * server rule exactly (same normalization, same limits); the server stays the judge:
 *
 * - resident ID number (GB 11643), other ID documents: `crates/domain/src/customer.rs`
 *   (`resident_id`), `crates/service/src/customer/mod.rs` (`check_id_no`);
 * - VIN (ISO 3779 / GB 16735 check digit at position 9), plate: `crates/domain/src/customer.rs`
 *   (`vin_problem`, `is_plate`);
 * - mobile, contact telephone, unified social credit code (GB 32100): `crates/domain/src/contact.rs`;
 * - a customer's bank card (12 to 19 digits): `crates/service/src/customer/mod.rs` (`check_card`);
 * - a partner's bank account (8 to 30 digits): `crates/service/src/partner/mod.rs` (`check_account_no`);
 * - an account name: `crates/domain/src/validate.rs` (`is_account_name`).
 *
 * The messages are in `./locales.ts` (namespace `validate`; the Chinese ones are the server's).
 */

export type ResidentIdProblem = 'format' | 'birthDate' | 'checkCharacter';
export type VinProblem = 'format' | 'letter' | 'checkDigit';

/** The normalization the server applies to ID numbers, VINs and credit codes: trimmed, ASCII upper case. */
export function normalizeCode(value: string): string {
  return value.trim().replace(/[a-z]/g, (c) => c.toUpperCase());
}

/** Blanks removed (card and account numbers are typed in groups of four). */
export function withoutBlanks(value: string): string {
  return value.replace(/\s/g, '');
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Whether `(year, month, day)` is a real calendar date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const days = [31, isLeap(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return days !== undefined && day >= 1 && day <= days;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The GB 11643 check character of the first 17 digits. */
export function residentIdCheckCharacter(first17: string): string {
  const sum = [...first17].reduce((acc, digit, i) => acc + Number(digit) * (ID_WEIGHTS[i] ?? 0), 0);
  return ID_CHECK[sum % 11] ?? '';
}

/**
 * What is wrong with a resident ID number (居民身份证), or null: 18 characters, 17 digits and a
 * final digit or X (a lower-case x counts: the server upper-cases), a real birth date from 1900 on
 * and not after `today`, the GB 11643 check character.
 */
export function residentIdProblem(value: string, today: Date = new Date()): ResidentIdProblem | null {
  const id = normalizeCode(value);
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  if (year < 1900 || !isCalendarDate(year, month, day)) return 'birthDate';
  if (residentIdCheckCharacter(id.slice(0, 17)) !== id[17]) return 'checkCharacter';
  const born = year * 10000 + month * 100 + day;
  const now = today.getFullYear() * 10000 + (today.getMonth() + 1) * 100 + today.getDate();
  if (born > now) return 'birthDate';
  return null;
}

/** Another ID document's number (passport, permits): 5 to 32 letters, digits or `-`. */
export function isOtherIdNo(value: string): boolean {
  return /^[A-Z0-9-]{5,32}$/.test(normalizeCode(value));
}

const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
/** ISO 3779 transliteration: A–H 1–8, J–N 1–5, P 7, R 9, S–Z 2–9 (I, O, Q are not used). */
const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGH'].map((c, i) => [c, i + 1] as const).concat(
    [...'JKLMN'].map((c, i) => [c, i + 1] as const),
    [['P', 7], ['R', 9]],
    [...'STUVWXYZ'].map((c, i) => [c, i + 2] as const),
  ),
);

/** The check digit (position 9) the other 16 characters of a VIN call for: '0'–'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((acc, c, i) => acc + (/\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0)) * (VIN_WEIGHTS[i] ?? 0), 0);
  const rest = sum % 11;
  return rest === 10 ? 'X' : String(rest);
}

/**
 * What is wrong with a VIN (车架号), or null: 17 digits and letters (upper-cased as the server
 * does), none of I, O, Q, and the check digit at position 9 (ISO 3779, GB 16735).
 */
export function vinProblem(value: string): VinProblem | null {
  const vin = normalizeCode(value);
  if (!/^[0-9A-Z]{17}$/.test(vin)) return 'format';
  if (/[IOQ]/.test(vin)) return 'letter';
  if (vin[8] !== vinCheckDigit(vin)) return 'checkDigit';
  return null;
}

const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
const plateChar = (c: string) => /^[A-HJ-NP-Z0-9]$/.test(c);

/**
 * A Chinese plate number (upper-cased as the server does): a province character, the authority's
 * letter (not I or O), then five characters (letters without I and O, digits; the last may be
 * 挂学警港澳领) — or, new-energy, six: D/F, a character, four digits (small cars), or five digits
 * then D/F (large vehicles).
 */
export function isPlate(value: string): boolean {
  const chars = [...value.trim().toUpperCase()];
  const [first = '', second = ''] = chars;
  if (!PROVINCES.includes(first) || first === '' || !/^[A-HJ-NP-Z]$/.test(second)) return false;
  const rest = chars.slice(2);
  if (rest.length === 5) {
    const last = rest[4] ?? '';
    return rest.slice(0, 4).every(plateChar) && (plateChar(last) || '挂学警港澳领'.includes(last));
  }
  if (rest.length === 6) {
    const small = /^[DF]$/.test(rest[0] ?? '') && plateChar(rest[1] ?? '') && rest.slice(2).every((c) => /^\d$/.test(c));
    const large = rest.slice(0, 5).every((c) => /^\d$/.test(c)) && /^[DF]$/.test(rest[5] ?? '');
    return small || large;
  }
  return false;
}

/** A mainland mobile (trimmed): 11 digits, 1[3-9] then 9 digits. */
export function isMobile(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value.trim());
}

/** A contact telephone (trimmed; empty passes): 5 to 20 digits with `-`, `+`, blanks or parentheses, at most 32 characters. */
export function isPhone(value: string): boolean {
  const phone = value.trim();
  if (phone === '') return true;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20 && [...phone].length <= 32 && /^[\d\-+ ()]*$/.test(phone);
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code (统一社会信用代码, GB 32100-2015; trimmed, upper-cased): 18 characters, the last the check character of the first 17. */
export function isCreditCode(value: string): boolean {
  const code = normalizeCode(value);
  if (code.length !== 18) return false;
  const values = [...code].map((c) => CREDIT_ALPHABET.indexOf(c));
  if (values.some((v) => v < 0)) return false;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * (values[i] ?? 0), 0);
  return values[17] === (31 - (sum % 31)) % 31;
}

/** A customer's bank card number (blanks removed): 12 to 19 digits. */
export function isBankCard(value: string): boolean {
  return /^\d{12,19}$/.test(withoutBlanks(value));
}

/**
 * Whether a digit string passes the Luhn check (ISO/IEC 7812) that card numbers carry. The server
 * does not check it, so a form only warns (a card issued without it can still be saved).
 */
export function passesLuhn(value: string): boolean {
  const digits = withoutBlanks(value);
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A partner's bank account number (blanks removed): 8 to 30 digits. */
export function isAccountNo(value: string): boolean {
  return /^\d{8,30}$/.test(withoutBlanks(value));
}

/** A sign-in account name (trimmed): 3 to 32 ASCII letters, digits, `_`, `.`, `-` or `@`. */
export function isAccountName(value: string): boolean {
  return /^[A-Za-z0-9_.\-@]{3,32}$/.test(value.trim());
}
