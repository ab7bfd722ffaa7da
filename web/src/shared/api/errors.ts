/** Why a call was rejected. */
export type ApiErrorKind = 'business' | 'http' | 'timeout' | 'canceled';

/**
 * The rejection of every failed call. `code` is the envelope code for business errors, the HTTP
 * status for HTTP errors, 0 when no response arrived. Forms read `fieldErrors(error)`.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly code: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(kind: ApiErrorKind, code: number, msg: string, data: unknown = null) {
    super(msg || `Request failed (${kind} ${code})`);
    this.name = 'ApiError';
    this.kind = kind;
    this.code = code;
    this.msg = msg;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Server validation messages by field (`data.fields` of a code-400 envelope), or an empty map. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  const fields = (error.data as { fields?: unknown }).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * The antd name path of a server field: `accounts[1].accountNo` → `['accounts', 1, 'accountNo']`
 * (a row of a Form.List), `name` → `['name']`.
 */
export function namePath(field: string): (string | number)[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}
