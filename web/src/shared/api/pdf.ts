import axios from 'axios';
import { beginLoading, endLoading } from './loading';
import { API_BASE, apiHeaders } from './request';

/**
 * A PDF the server renders (the token travels in the header, so it is fetched as a blob); answers
 * an object URL the caller shows and later revokes.
 */
export async function fetchPdf(path: string): Promise<string> {
  beginLoading();
  try {
    const response = await axios.get<Blob>(`${API_BASE}${path}`, {
      responseType: 'blob',
      headers: apiHeaders(),
      timeout: 60_000,
      validateStatus: () => true,
    });
    return await pdfObjectUrl(response.data);
  } finally {
    endLoading();
  }
}

/** The object URL of a PDF blob; an envelope (403/404) that came back instead throws its message. */
export async function pdfObjectUrl(data: Blob): Promise<string> {
  if (data.type !== 'application/pdf') {
    let msg: string | undefined;
    try {
      msg = (JSON.parse(await data.text()) as { msg?: string }).msg;
    } catch {
      msg = undefined;
    }
    throw new Error(msg || 'preview failed');
  }
  return URL.createObjectURL(data);
}
