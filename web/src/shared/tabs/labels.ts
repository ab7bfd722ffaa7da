import { useEffect, useSyncExternalStore } from 'react';

/**
 * Labels a page gives its own tab (an order's number): the tags bar shows the route's title
 * followed by the label. Kept by the tab's key (its path),
 * also while the page is not mounted (a tab that is not kept alive keeps its label).
 */
let labels: Readonly<Record<string, string>> = {};
const listeners = new Set<() => void>();

export function setTabLabel(key: string, label: string | null): void {
  if ((labels[key] ?? null) === label) return;
  const others = Object.entries(labels).filter(([k]) => k !== key);
  labels = Object.fromEntries(label === null ? others : [...others, [key, label]]);
  for (const listener of listeners) listener();
}

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
