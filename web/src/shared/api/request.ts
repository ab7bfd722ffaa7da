import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { getToken, removeToken } from '../auth/token';
import { currentLanguage, translate as t } from '../i18n';
import { reloadPage } from '../utils/reload';
import { ApiError } from './errors';
import { ERROR_MESSAGE_SECONDS, REQUEST_TIMEOUT_MS } from './constants';
import { runBeforeRequestHooks, type RequestMethod } from './beforeRequest';
import { beginLoading, endLoading } from './loading';
import { showAlert, showConfirm, showError } from './notifier';
import { fillPath, toSearchParams, withQuery } from './url';

/** Spec §7, §8, §9: the one way the application talks to the server. */

export const API_BASE = '/api';
export { ERROR_MESSAGE_SECONDS, REQUEST_TIMEOUT_MS } from './constants';
export const TOKEN_HEADER = 'authorization-token';

export { registerTokenRefresher } from './beforeRequest';
export type { BeforeRequestHook, RequestInfo, RequestMethod } from './beforeRequest';

export interface RequestOptions {
  url: string;
  method?: RequestMethod;
  /** Fills `{name}` placeholders; the rest is the query (GET, text) or the body. */
  data?: object;
  /** No loading overlay (background polls). */
  silent?: boolean;
  /** Skip the before-request hooks (the token refresh call itself). */
  skipBeforeRequest?: boolean;
  /** No message and no dialog when the call fails: the caller ignores the outcome (logout). */
  quiet?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

/** The header that makes a command run once however often it is sent (docs/jobs.md). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A new idempotency key: one per intended command, reused for its retries. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export interface Envelope<T = unknown> {
  result?: boolean;
  code: number;
  msg?: string;
  data: T;
}

export const http = axios.create({
  baseURL: API_BASE,
  timeout: REQUEST_TIMEOUT_MS,
  transitional: { clarifyTimeoutError: true },
});

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set(TOKEN_HEADER, token);
  // The server writes its messages in the interface's language (docs/i18n.md).
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});

/**
 * The headers of a call made outside `request` (multipart uploads, files as blobs): the token
 * and the interface language the server writes its messages in.
 */
export function apiHeaders(): Record<string, string> {
  const token = getToken();
  return { ...(token ? { [TOKEN_HEADER]: token } : {}), 'Accept-Language': currentLanguage() };
}

/** The URL a call would use, placeholders filled and the remainder appended as the query. */
export function apiUrl(url: string, data?: object): string {
  const { path, rest } = fillPath(url, data);
  return withQuery(`${API_BASE}${path}`, rest);
}

export function request(options: RequestOptions & { method: 'text' }): Promise<string>;
export function request<T = unknown>(options: RequestOptions): Promise<T>;
export async function request<T>(options: RequestOptions): Promise<T | string> {
  const method = options.method ?? 'get';
  if (method === 'text') return apiUrl(options.url, options.data);

  // Read before the first `await`: `loadInline` sets it only while it starts its calls.
  const inline = inlineDepth > 0;
  const silent = options.silent === true || inline;
  const feedback = options.quiet ? QUIET : inline ? INLINE : LOUD;
  const config = toAxiosConfig(method, options);
  if (!silent) beginLoading();
  try {
    if (!options.skipBeforeRequest) await runBeforeRequestHooks({ url: options.url, method });
    let body: unknown;
    try {
      body = (await http.request<unknown>(config)).data;
    } catch (error) {
      throw axios.isAxiosError(error) ? transportError(error, feedback) : error;
    }
    return unwrap<T>(body, feedback);
  } finally {
    if (!silent) endLoading();
  }
}

/** Above zero while `loadInline` starts its calls. */
let inlineDepth = 0;

/**
 * Starts the calls of `run` as a screen's own loads (docs/lists.md, "Loading and errors"): no
 * full-screen overlay and no red message, because the screen shows its own spinner and an error
 * state with the server's message; the session dialogs (code 401 / 504, HTTP 401) still open.
 * Only the calls `run` starts before its first `await` count (a list's `fetchPage` calls
 * `request` at once).
 */
export function loadInline<T>(run: () => Promise<T>): Promise<T> {
  inlineDepth += 1;
  try {
    return run();
  } finally {
    inlineDepth -= 1;
  }
}

/** How a failure is reported: messages and session dialogs (the product specification), or nothing at all. */
interface Feedback {
  error(content: string): void;
  session(ask: () => Promise<boolean>): void;
}

const LOUD: Feedback = {
  error: (content) => void showError(content, ERROR_MESSAGE_SECONDS),
  session: (ask) => openSessionDialog(ask),
};

/** A screen's own load: the screen shows the message; the session dialogs still open. */
const INLINE: Feedback = {
  error: () => undefined,
  session: (ask) => openSessionDialog(ask),
};

const QUIET: Feedback = {
  error: () => undefined,
  session: () => undefined,
};

function toAxiosConfig(method: Exclude<RequestMethod, 'text'>, options: RequestOptions): AxiosRequestConfig {
  const { path, rest } = fillPath(options.url, options.data);
  const base: AxiosRequestConfig = { signal: options.signal, ...(options.headers ? { headers: options.headers } : {}) };
  switch (method) {
    case 'get':
      return { ...base, method: 'GET', url: withQuery(path, rest) };
    case 'form':
      return {
        ...base,
        method: 'POST',
        url: path,
        data: toSearchParams(rest).toString(),
        headers: { ...options.headers, 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      };
    case 'post':
    case 'put':
    case 'delete':
      return { ...base, method: method.toUpperCase(), url: path, data: rest };
  }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/** Spec §8, envelope rows. */
function unwrap<T>(body: unknown, feedback: Feedback): T {
  if (!isEnvelope(body)) {
    feedback.error(t('request.serverError'));
    throw new ApiError('http', 200, t('request.serverError'), body);
  }
  if (body.result === true) return body.data as T;

  const { code, data } = body;
  const msg = body.msg ?? '';
  // Codes 0 and 200 without `result: true` are not listed as errors by the product specification (the red message is
  // for "any other code except 0, 200 and 504"), so they are treated as success.
  if (code === 0 || code === 200) return data as T;

  if (code === 504) {
    feedback.session(async () => {
      await showAlert({ title: t('request.tipTitle'), content: t('request.signedInElsewhere'), okText: t('request.ok') });
      return true;
    });
  } else {
    // Spec §8 excludes only 504 from the red message, so code 401 gets it as well as the dialog.
    feedback.error(msg || t('request.error'));
    if (code === 401) {
      feedback.session(() =>
        showConfirm({
          title: t('request.tipTitle'),
          content: t('request.sessionExpired'),
          okText: t('request.relogin'),
          cancelText: t('request.cancel'),
        }),
      );
    }
  }
  throw new ApiError('business', code, msg, data);
}

/** Spec §8, HTTP rows. */
function transportError(error: AxiosError, feedback: Feedback): ApiError {
  if (axios.isCancel(error)) return new ApiError('canceled', 0, error.message);
  if (error.code === 'ETIMEDOUT' || (error.code === 'ECONNABORTED' && /timeout/i.test(error.message))) {
    feedback.error(t('request.timeout'));
    return new ApiError('timeout', 0, t('request.timeout'));
  }
  if (error.code === 'ECONNABORTED') {
    return new ApiError('canceled', 0, error.message); // aborted by the browser (navigation)
  }
  const status = error.response?.status ?? 0;
  const body: unknown = error.response?.data;
  if (status === 401) {
    feedback.session(() =>
      showConfirm({
        title: t('request.loggedOutTitle'),
        content: t('request.loggedOut'),
        okText: t('request.relogin'),
        cancelText: t('request.cancel'),
      }),
    );
    return new ApiError('http', status, t('request.loggedOut'), body);
  }
  const bodyMsg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
  const msg = typeof bodyMsg === 'string' && bodyMsg ? bodyMsg : t('request.serverError');
  feedback.error(msg);
  return new ApiError('http', status, msg, isEnvelope(body) ? body.data : body);
}

/**
 * At most one session dialog (code 401, code 504, HTTP 401) is open at a time, however many
 * requests fail together. `ask` resolves true when the user chose to sign in again: the session
 * is then reset and the page reloaded, which lands on the login page.
 */
let sessionDialogOpen = false;

function openSessionDialog(ask: () => Promise<boolean>): void {
  if (sessionDialogOpen) return;
  sessionDialogOpen = true;
  void (async () => {
    try {
      if (await ask()) {
        removeToken();
        reloadPage();
      }
    } finally {
      sessionDialogOpen = false;
    }
  })();
}
