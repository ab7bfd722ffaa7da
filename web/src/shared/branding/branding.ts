import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The platform's name and logo from 系统设置 (`GET /api/common/branding`, public). When the name
 * is empty the built-in title of the language shows; without a logo, the bee logo.
 */
export interface Branding {
  platformName: string;
  logoUrl: string | null;
  /** Rows a list shows until the user picks another size (系统设置; 10 until the server says). */
  defaultPageSize: number;
}

/** Kept free of the request layer (axios): the login page's first load stays small. */
const BRANDING_URL = '/api/common/branding';

let current: Branding = { platformName: '', logoUrl: null, defaultPageSize: 10 };
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Replaces the branding (after 系统设置 was saved) and redraws whoever shows it. */
export function setBranding(next: Branding): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Asks the server once per page load; a failure keeps the built-in title and logo. */
export function loadBranding(): void {
  if (requested) return;
  requested = true;
  void fetch(BRANDING_URL)
    .then((reply) => reply.json() as Promise<{ code?: number; data?: Partial<Branding> }>)
    .then((envelope) => {
      if (envelope.code === 200 && envelope.data) {
        setBranding({
          platformName: envelope.data.platformName ?? '',
          logoUrl: envelope.data.logoUrl ?? null,
          defaultPageSize: envelope.data.defaultPageSize ?? 10,
        });
      }
    })
    .catch(() => undefined);
}

export function useBranding(): Branding {
  useEffect(loadBranding, []);
  return useSyncExternalStore(subscribe, () => current);
}

/** The application title: the platform name of 系统设置, else the built-in one. */
export function useAppTitle(): string {
  const { t } = useTranslation();
  const { platformName } = useBranding();
  return platformName || t('appTitle', { ns: 'common' });
}
