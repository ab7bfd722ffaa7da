import { useSyncExternalStore } from 'react';
import { onLogout } from '../auth/logout';
import { EMPTY_TAGS, tagsReducer, type TagsAction, type TagsState } from './tags';

/** The tags view's state for the shell (not persisted: a reload shows the affix tabs and the current page). */
let state: TagsState = EMPTY_TAGS;
const listeners = new Set<() => void>();

export function dispatchTags(action: TagsAction): void {
  const next = tagsReducer(state, action);
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/** Replaces the state with one computed elsewhere (`tagCommand`). */
export function setTags(next: TagsState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
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

// Spec §4: the open tabs go with the session.
onLogout(() => dispatchTags({ type: 'reset' }));
