import axios from 'axios';
import { translate as t } from '../i18n';
import { ERROR_MESSAGE_SECONDS } from './constants';
import { beginLoading, endLoading } from './loading';
import { showError } from './notifier';
import { apiHeaders, API_BASE } from './request';

/** The file name of a `Content-Disposition` header (RFC 5987 `filename*` first), else `fallback`. */
export function dispositionFileName(header: string | null | undefined, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

/**
 * Downloads a file the server has written to object storage (the product specification:
 * `GET /api/file/download?delete=true&objectName=...`). The token travels in the header, so the
 * file is fetched as a blob and handed to the browser as a download.
 */
export async function downloadObject(objectName: string, { keep = false }: { keep?: boolean } = {}): Promise<void> {
  beginLoading();
  try {
    const response = await axios.get<Blob>(`${API_BASE}/file/download`, {
      params: { delete: keep ? 'false' : 'true', objectName },
      responseType: 'blob',
      headers: apiHeaders(),
      timeout: 120_000,
    });
    const header = response.headers['content-disposition'] as string | undefined;
    const name = dispositionFileName(header, objectName.split('/').pop() ?? 'download');
    const url = URL.createObjectURL(response.data);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    void showError(t('request.downloadFailed'), ERROR_MESSAGE_SECONDS);
    throw new Error('download failed');
  } finally {
    endLoading();
  }
}
