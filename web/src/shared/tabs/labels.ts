import { useEffect, useSyncExternalStore } from 'react';
import { onLogout } from '../auth/logout';

/**
 * Labels a page gives its own tab (an order's number): the tags bar shows the route's title
 * followed by the label. Kept by the tab's key (its path), also while the page is not mounted (a
 * tab that is not kept alive keeps its label), and in sessionStorage like the tabs themselves, so
 * that a reload does not turn every order tab back into a bare "订单".
 */
export const LABELS_STORAGE_KEY = 'beehive.tabLabels';

function load(): Readonly<Record<string, string>> {
  try {
    const raw = typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LABELS_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

let labels: Readonly<Record<string, string>> = load();
const listeners = new Set<() => void>();

export function setTabLabel(key: string, label: string | null): void {
  if ((labels[key] ?? null) === label) return;
  const others = Object.entries(labels).filter(([k]) => k !== key);
  labels = Object.fromEntries(label === null ? others : [...others, [key, label]]);
  try {
    sessionStorage.setItem(LABELS_STORAGE_KEY, JSON.stringify(labels));
  } catch {
    // Storage full or refused: the labels still hold for this page's life.
  }
  for (const listener of listeners) listener();
}

/** Forgets every label (sign-out: the next user's tabs start bare). */
export function clearTabLabels(): void {
  labels = {};
  try {
    sessionStorage.removeItem(LABELS_STORAGE_KEY);
  } catch {
    // Nothing was saved.
  }
  for (const listener of listeners) listener();
}

onLogout(clearTabLabels);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const read = () => labels;

export function useTabLabels(): Readonly<Record<string, string>> {
  return useSyncExternalStore(subscribe, read, read);
}

/** Gives the tab at `key` the label once it is known. */
export function useTabLabel(key: string, label: string | null | undefined): void {
  useEffect(() => {
    if (label) setTabLabel(key, label);
  }, [key, label]);
}
