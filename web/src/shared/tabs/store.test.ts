import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setUserInfo } from '../auth/token';
import { clearTags, dispatchTags, readSavedTabs, restoreTags, tabsStorageKey, tagsState } from './store';
import type { Tag } from './tags';

const tag = (key: string, extra: Partial<Tag> = {}): Tag => ({ key, fullPath: key, title: `route.${key.slice(1)}`, affix: false, keepAlive: true, ...extra });
const describeKnown = (key: string, fullPath: string): Tag | undefined =>
  key === '/gone' ? undefined : tag(key, { fullPath, affix: key === '/dashboard' });

beforeEach(() => {
  sessionStorage.clear();
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r' });
});

afterEach(() => clearTags());

describe('open tabs over a reload', () => {
  it('are saved per user as they change and come back in their order after a reload', () => {
    restoreTags(describeKnown);
    dispatchTags({ type: 'affix', tags: [tag('/dashboard', { affix: true })] });
    dispatchTags({ type: 'visit', tag: tag('/role') });
    dispatchTags({ type: 'visit', tag: tag('/customers', { fullPath: '/customers?name=%E5%BC%A0' }) });
    const saved = sessionStorage.getItem(tabsStorageKey('alice'));
    expect(readSavedTabs(saved).map((t) => t.fullPath)).toEqual(['/dashboard', '/role', '/customers?name=%E5%BC%A0']);

    // A reload: the module state is gone, the storage is not.
    clearTags(false);
    expect(tagsState().visited).toEqual([]);
    restoreTags(describeKnown);
    expect(tagsState().visited.map((t) => t.fullPath)).toEqual(['/dashboard', '/role', '/customers?name=%E5%BC%A0']);
    // The pages themselves are not mounted until visited.
    expect(tagsState().cached).toEqual([]);
  });

  it('skips tabs the user may no longer open and anything unreadable', () => {
    sessionStorage.setItem(
      tabsStorageKey('alice'),
      JSON.stringify([{ key: '/gone', fullPath: '/gone' }, { key: '/role', fullPath: '/role?page=2' }, { key: 3 }, { key: '/x', fullPath: '/elsewhere' }]),
    );
    restoreTags(describeKnown);
    expect(tagsState().visited.map((t) => t.fullPath)).toEqual(['/role?page=2']);
    expect(readSavedTabs('{broken')).toEqual([]);
  });

  it('are not shown to another user, and logout forgets them', () => {
    sessionStorage.setItem(tabsStorageKey('bob'), JSON.stringify([{ key: '/role', fullPath: '/role' }]));
    restoreTags(describeKnown);
    expect(tagsState().visited).toEqual([]);
    dispatchTags({ type: 'visit', tag: tag('/role') });
    expect(sessionStorage.getItem(tabsStorageKey('alice'))).not.toBeNull();
    clearTags();
    expect(sessionStorage.getItem(tabsStorageKey('alice'))).toBeNull();
  });
});
