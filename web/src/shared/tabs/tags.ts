/**
 * The tags view (the product specification) as a pure reducer, after vue-element-admin's `store/modules/tagsView.js`
 * and `TagsView/index.vue` (frontend-anchors §1.4), with the quirks fixed on purpose:
 * - a tag is identified by its path; the same path with another query re-uses the tag and
 *   remembers the new query;
 * - `cached` (the pages kept alive) is keyed by path, not by component name;
 * - Close others keeps the affix tabs' kept state (upstream drops it);
 * - Close all always leaves a tabbed page (upstream stays on an untabbed page when the menu was
 *   opened on an affix tag).
 */
export interface Tag {
  /** The path: the tag's identity. */
  key: string;
  /** Path + query, where clicking the tag goes back to. */
  fullPath: string;
  /** Title key of the route (translated by the tags bar). */
  title: string;
  affix: boolean;
  keepAlive: boolean;
}

export interface TagsState {
  visited: readonly Tag[];
  /** Keys of the pages kept mounted while their tab is open. */
  cached: readonly string[];
}

export const EMPTY_TAGS: TagsState = { visited: [], cached: [] };

export type TagsAction =
  /** The affix tags, put first (sign-in, shell mount); existing ones are left as they are. */
  | { type: 'affix'; tags: readonly Tag[] }
  /** The user arrived at a tabbed page. */
  | { type: 'visit'; tag: Tag }
  | { type: 'close'; key: string }
  | { type: 'closeOthers'; key: string }
  | { type: 'closeAll' }
  /** Forget the kept state of a page (refresh). */
  | { type: 'uncache'; key: string }
  /** After a reload: the tabs that were open, in their order (the pages are not kept yet). */
  | { type: 'restore'; tags: readonly Tag[] }
  /** Logout: everything goes. */
  | { type: 'reset' };

function withCached(cached: readonly string[], tag: Tag): readonly string[] {
  return tag.keepAlive && !cached.includes(tag.key) ? [...cached, tag.key] : cached;
}

export function tagsReducer(state: TagsState, action: TagsAction): TagsState {
  switch (action.type) {
    case 'affix': {
      const missing = action.tags.filter((tag) => tag.affix && !state.visited.some((v) => v.key === tag.key));
      if (missing.length === 0) return state;
      const affixed = state.visited.filter((tag) => tag.affix);
      const others = state.visited.filter((tag) => !tag.affix);
      return {
        visited: [...affixed, ...missing, ...others],
        cached: missing.reduce(withCached, state.cached),
      };
    }
    case 'visit': {
      const { tag } = action;
      const index = state.visited.findIndex((v) => v.key === tag.key);
      if (index >= 0) {
        const existing = state.visited[index];
        const cached = withCached(state.cached, existing ?? tag);
        if (existing && existing.fullPath === tag.fullPath && existing.title === tag.title && cached === state.cached) {
          return state;
        }
        const visited = state.visited.map((v, i) => (i === index ? { ...v, fullPath: tag.fullPath, title: tag.title } : v));
        return { visited, cached };
      }
      return { visited: [...state.visited, tag], cached: withCached(state.cached, tag) };
    }
    case 'close': {
      const tag = state.visited.find((v) => v.key === action.key);
      if (!tag || tag.affix) return state;
      return {
        visited: state.visited.filter((v) => v.key !== action.key),
        cached: state.cached.filter((key) => key !== action.key),
      };
    }
    case 'closeOthers': {
      const keep = (v: Tag) => v.affix || v.key === action.key;
      const visited = state.visited.filter(keep);
      const keys = visited.map((v) => v.key);
      return { visited, cached: state.cached.filter((key) => keys.includes(key)) };
    }
    case 'closeAll': {
      const visited = state.visited.filter((v) => v.affix);
      const keys = visited.map((v) => v.key);
      return { visited, cached: state.cached.filter((key) => keys.includes(key)) };
    }
    case 'uncache':
      return state.cached.includes(action.key)
        ? { ...state, cached: state.cached.filter((key) => key !== action.key) }
        : state;
    case 'restore': {
      if (action.tags.length === 0) return state;
      const restored = action.tags.filter((tag, i) => action.tags.findIndex((other) => other.key === tag.key) === i);
      const merged = [...restored, ...state.visited.filter((v) => !restored.some((tag) => tag.key === v.key))];
      // Affix tabs first, as always; the others in the order they were open.
      return { visited: [...merged.filter((v) => v.affix), ...merged.filter((v) => !v.affix)], cached: state.cached };
    }
    case 'reset':
      return EMPTY_TAGS;
  }
}

/** Where to go when the tab of `activeKey` is gone: the right-most remaining tab, else home. */
export function lastView(state: TagsState): string {
  return state.visited.at(-1)?.fullPath ?? '/';
}

/**
 * A user's action on a tab, with where the browser goes afterwards (`undefined`: stay).
 * `activeKey` is the path shown now.
 */
export function tagCommand(
  state: TagsState,
  command: 'close' | 'closeOthers' | 'closeAll' | 'refresh',
  key: string,
  activeKey: string,
): { state: TagsState; navigateTo?: string; replace?: boolean } {
  const tag = state.visited.find((v) => v.key === key);
  switch (command) {
    case 'close': {
      const next = tagsReducer(state, { type: 'close', key });
      if (next === state) return { state };
      return key === activeKey ? { state: next, navigateTo: lastView(next) } : { state: next };
    }
    case 'closeOthers': {
      const next = tagsReducer(state, { type: 'closeOthers', key });
      return tag && key !== activeKey ? { state: next, navigateTo: tag.fullPath } : { state: next };
    }
    case 'closeAll': {
      const next = tagsReducer(state, { type: 'closeAll' });
      return next.visited.some((v) => v.key === activeKey) ? { state: next } : { state: next, navigateTo: lastView(next) };
    }
    case 'refresh': {
      if (!tag) return { state };
      return { state: tagsReducer(state, { type: 'uncache', key }), navigateTo: `/redirect${tag.fullPath}`, replace: true };
    }
  }
}
