import axios from 'axios';
import { ApiError } from './errors';
import { showError } from './notifier';
import { API_BASE, ERROR_MESSAGE_SECONDS, apiHeaders } from './request';

/**
 * Multipart commands and files of the API outside the JSON `request` (the token travels in the
 * header): a form with files, a file as a blob, a blob opened in a new tab.
 */

interface Envelope<T> {
  result: boolean;
  code: number;
  msg: string;
  data: T;
}

/** Sends a multipart form with the token; a refusal rejects with the envelope's code, message and data (field errors). */
export async function postMultipart<T>(path: string, fields: Record<string, string | Blob>): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  let envelope: Envelope<T>;
  try {
    const reply = await fetch(`${API_BASE}${path}`, { method: 'POST', body, headers: apiHeaders() });
    envelope = (await reply.json()) as Envelope<T>;
  } catch {
    throw new ApiError('http', 0, '');
  }
  if (envelope.result) return envelope.data;
  void showError(envelope.msg || 'Error', ERROR_MESSAGE_SECONDS);
  throw new ApiError('business', envelope.code, envelope.msg, envelope.data);
}

/** A file of the API as a blob (the token travels in the header). */
export async function fetchBlob(path: string, params?: Record<string, string>): Promise<Blob> {
  const response = await axios.get<Blob>(`${API_BASE}${path}`, {
    responseType: 'blob',
    headers: apiHeaders(),
    timeout: 120_000,
    ...(params ? { params } : {}),
  });
  if ((response.headers['content-type'] as string | undefined)?.includes('application/json')) {
    const envelope = JSON.parse(await response.data.text()) as Envelope<unknown>;
    throw new Error(envelope.msg);
  }
  return response.data;
}

/** Opens a blob in a new tab (a PDF, an image); the object URL is revoked after a minute. */
export function openBlob(blob: Blob) {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

