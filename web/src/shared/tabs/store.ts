import { useSyncExternalStore } from 'react';
import { onLogout } from '../auth/logout';
import { getUserInfo } from '../auth/token';
import { EMPTY_TAGS, tagsReducer, type Tag, type TagsAction, type TagsState } from './tags';

/**
 * The tags view's state for the shell. The open tabs are kept in sessionStorage per user
 * (`beehive.tabs:<account>`), so a reload of the browser tab shows them again (the active one is
 * the URL); a new browser tab starts with the affix tabs, and logout clears them.
 */
let state: TagsState = EMPTY_TAGS;
const listeners = new Set<() => void>();
/** Where the tabs are saved, once they have been restored for the signed-in user. */
let savedKey: string | undefined;

const STORAGE_PREFIX = 'beehive.tabs:';

export function tabsStorageKey(account: string): string {
  return `${STORAGE_PREFIX}${account}`;
}

function emit(next: TagsState): void {
  if (next === state) return;
  state = next;
  save();
  for (const listener of listeners) listener();
}

function save(): void {
  if (!savedKey) return;
  try {
    const tags = state.visited.map(({ key, fullPath }) => ({ key, fullPath }));
    sessionStorage.setItem(savedKey, JSON.stringify(tags));
  } catch {
    // Private mode or full storage: the tabs live until the page is reloaded.
  }
}

export function dispatchTags(action: TagsAction): void {
  emit(tagsReducer(state, action));
}

/** Replaces the state with one computed elsewhere (`tagCommand`). */
export function setTags(next: TagsState): void {
  emit(next);
}

/** The saved tabs (key and address only) of a storage entry; anything unreadable is skipped. */
export function readSavedTabs(raw: string | null): { key: string; fullPath: string }[] {
  try {
    const saved: unknown = JSON.parse(raw ?? '[]');
    if (!Array.isArray(saved)) return [];
    return saved.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { key, fullPath } = item as { key?: unknown; fullPath?: unknown };
      const sound = typeof key === 'string' && typeof fullPath === 'string' && key.startsWith('/') && (fullPath === key || fullPath.startsWith(`${key}?`));
      return sound ? [{ key, fullPath }] : [];
    });
  } catch {
    return [];
  }
}

/**
 * Restores the signed-in user's saved tabs (once per shell start) and saves every change from then
 * on. `describe` gives a saved path's tag (title, affix, keep-alive from the route table), or
 * undefined for a path that is no screen or that the user may no longer open.
 */
export function restoreTags(describe: (key: string, fullPath: string) => Tag | undefined): void {
  const account = getUserInfo()?.username;
  if (!account) return;
  const key = tabsStorageKey(account);
  if (savedKey === key) return;
  savedKey = key;
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(key);
  } catch {
    raw = null;
  }
  const tags = readSavedTabs(raw).flatMap(({ key: path, fullPath }) => {
    const tag = describe(path, fullPath);
    return tag ? [tag] : [];
  });
  const next = tagsReducer(state, { type: 'restore', tags });
  if (next === state) save();
  else emit(next);
}

export function tagsState(): TagsState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getState = () => state;

export function useTags(): TagsState {
  return useSyncExternalStore(subscribe, getState, getState);
}

/**
 * The tabs go; with `forgetSaved` (logout) their saved copy too, without it (a reload, in tests)
 * the copy stays for the next `restoreTags`.
 */
export function clearTags(forgetSaved = true): void {
  const key = savedKey;
  savedKey = undefined;
  dispatchTags({ type: 'reset' });
  if (key && forgetSaved) {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing was saved.
    }
  }
}

// Spec §4: the open tabs go with the session.
onLogout(() => clearTags());
