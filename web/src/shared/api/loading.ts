import { useSyncExternalStore } from 'react';

/** Number of non-silent requests in flight; the full-screen overlay shows while it is above zero (the product specification). */
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function beginLoading(): void {
  pending += 1;
  emit();
}

export function endLoading(): void {
  pending = Math.max(0, pending - 1);
  emit();
}

export function pendingRequests(): number {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingRequests(): number {
  return useSyncExternalStore(subscribe, pendingRequests, pendingRequests);
}
