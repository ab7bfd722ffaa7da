import { AxiosError, AxiosHeaders, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { http } from '../shared/api/request';

/** What the fake adapter saw for one call. */
export interface SentRequest {
  method: string;
  url: string;
  baseURL: string | undefined;
  timeout: number | undefined;
  headers: AxiosHeaders;
  body: unknown;
}

type Reply = (config: InternalAxiosRequestConfig) => Promise<AxiosResponse>;

export function response(config: InternalAxiosRequestConfig, data: unknown, status = 200): AxiosResponse {
  return { data, status, statusText: String(status), headers: {}, config };
}

/** A reply with an HTTP error status, rejected the way axios's own adapters reject it. */
export function httpError(status: number, data: unknown = ''): Reply {
  return async (config) => {
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response(config, data, status),
    );
  };
}

export function envelope(body: Record<string, unknown>): Reply {
  return async (config) => response(config, body);
}

/** Replaces the HTTP transport of the request layer; replies are used in order, the last one repeats. */
export function fakeServer(...replies: Reply[]) {
  const sent: SentRequest[] = [];
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const isJson = String(headers.getContentType() ?? '').includes('json');
    sent.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      baseURL: config.baseURL,
      timeout: config.timeout,
      headers,
      body: isJson && typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    });
    const reply = replies[Math.min(sent.length - 1, replies.length - 1)];
    if (!reply) throw new Error('fakeServer: no reply configured');
    return reply(config);
  });
  http.defaults.adapter = adapter;
  return { sent, adapter };
}
