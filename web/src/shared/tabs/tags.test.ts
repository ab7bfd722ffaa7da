import { describe, expect, it } from 'vitest';
import { EMPTY_TAGS, lastView, tagCommand, tagsReducer, type Tag, type TagsState } from './tags';

const tag = (key: string, extra: Partial<Tag> = {}): Tag => ({
  key,
  fullPath: key,
  title: `route.${key.slice(1)}`,
  affix: false,
  keepAlive: true,
  ...extra,
});
const home = tag('/dashboard', { affix: true });
const a = tag('/a');
const b = tag('/b');
const c = tag('/c', { keepAlive: false });

/** dashboard (affix), /a, /b, /c (not kept alive). */
function opened(): TagsState {
  return [a, b, c].reduce(
    (state, t) => tagsReducer(state, { type: 'visit', tag: t }),
    tagsReducer(EMPTY_TAGS, { type: 'affix', tags: [home] }),
  );
}
const keys = (state: TagsState) => state.visited.map((v) => v.key);

describe('tags reducer', () => {
  it.each<[string, TagsState, Parameters<typeof tagsReducer>[1], string[], string[]]>([
    ['affix tags come first', tagsReducer(EMPTY_TAGS, { type: 'visit', tag: a }), { type: 'affix', tags: [home] }, ['/dashboard', '/a'], ['/a', '/dashboard']],
    ['a visit appends a tag and keeps its page alive', opened(), { type: 'visit', tag: tag('/d') }, ['/dashboard', '/a', '/b', '/c', '/d'], ['/dashboard', '/a', '/b', '/d']],
    ['a page without keep-alive gets a tab but is not kept', EMPTY_TAGS, { type: 'visit', tag: c }, ['/c'], []],
    ['close removes the tab and its kept state', opened(), { type: 'close', key: '/a' }, ['/dashboard', '/b', '/c'], ['/dashboard', '/b']],
    ['an affix tab cannot be closed', opened(), { type: 'close', key: '/dashboard' }, ['/dashboard', '/a', '/b', '/c'], ['/dashboard', '/a', '/b']],
    ['close others keeps affix and the chosen tab, with their kept state', opened(), { type: 'closeOthers', key: '/b' }, ['/dashboard', '/b'], ['/dashboard', '/b']],
    ['close all keeps the affix tabs only', opened(), { type: 'closeAll' }, ['/dashboard'], ['/dashboard']],
    ['uncache forgets the kept state but keeps the tab', opened(), { type: 'uncache', key: '/a' }, ['/dashboard', '/a', '/b', '/c'], ['/dashboard', '/b']],
    ['reset (logout) clears everything', opened(), { type: 'reset' }, [], []],
  ])('%s', (_name, before, action, visited, cached) => {
    const after = tagsReducer(before, action);
    expect(keys(after)).toEqual(visited);
    expect(after.cached).toEqual(cached);
  });

  it('the same path with another query re-uses the tag and remembers the query', () => {
    const state = tagsReducer(opened(), { type: 'visit', tag: tag('/a', { fullPath: '/a?page=3' }) });
    expect(keys(state)).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(state.visited[1]?.fullPath).toBe('/a?page=3');
  });

  it('visiting an open tab again changes nothing', () => {
    const state = opened();
    expect(tagsReducer(state, { type: 'visit', tag: b })).toBe(state);
  });

  it('a visit after a refresh keeps the page alive again', () => {
    const state = tagsReducer(tagsReducer(opened(), { type: 'uncache', key: '/a' }), { type: 'visit', tag: a });
    expect(state.cached).toContain('/a');
  });

  it('affix tags are added once', () => {
    const state = opened();
    expect(tagsReducer(state, { type: 'affix', tags: [home] })).toBe(state);
  });
});

describe('tab commands and where they lead', () => {
  it.each<[string, Parameters<typeof tagCommand>[1], string, string, string | undefined, string[]]>([
    ['closing the active tab goes to the right-most remaining tab', 'close', '/a', '/a', '/c', ['/dashboard', '/b', '/c']],
    ['closing the last tab goes to the one left of it', 'close', '/c', '/c', '/b', ['/dashboard', '/a', '/b']],
    ['closing another tab stays', 'close', '/b', '/a', undefined, ['/dashboard', '/a', '/c']],
    ['closing an affix tab does nothing', 'close', '/dashboard', '/dashboard', undefined, ['/dashboard', '/a', '/b', '/c']],
    ['close others goes to the chosen tab', 'closeOthers', '/b', '/a', '/b', ['/dashboard', '/b']],
    ['close others on the active tab stays', 'closeOthers', '/a', '/a', undefined, ['/dashboard', '/a']],
    ['close all goes to the last affix tab', 'closeAll', '/b', '/a', '/dashboard', ['/dashboard']],
    ['close all from an affix tab also leaves the untabbed page (upstream quirk fixed)', 'closeAll', '/dashboard', '/b', '/dashboard', ['/dashboard']],
    ['close all on the affix page stays', 'closeAll', '/a', '/dashboard', undefined, ['/dashboard']],
  ])('%s', (_name, command, key, active, to, visited) => {
    const result = tagCommand(opened(), command, key, active);
    expect(result.navigateTo).toBe(to);
    expect(keys(result.state)).toEqual(visited);
  });

  it('closing every tab without affix goes home', () => {
    const state = tagsReducer(EMPTY_TAGS, { type: 'visit', tag: a });
    expect(tagCommand(state, 'close', '/a', '/a').navigateTo).toBe('/');
    expect(lastView(EMPTY_TAGS)).toBe('/');
  });

  it('refresh forgets the kept state and goes through /redirect with the query, replacing', () => {
    const state = tagsReducer(opened(), { type: 'visit', tag: tag('/a', { fullPath: '/a?x=1' }) });
    const result = tagCommand(state, 'refresh', '/a', '/a');
    expect(result).toMatchObject({ navigateTo: '/redirect/a?x=1', replace: true });
    expect(result.state.cached).not.toContain('/a');
    expect(keys(result.state)).toEqual(keys(state));
  });
});

describe('restore (after a reload)', () => {
  it('puts the saved tabs back in their order, affix first, keeping tabs opened meanwhile', () => {
    const current = tagsReducer(EMPTY_TAGS, { type: 'visit', tag: c });
    const restored = tagsReducer(current, { type: 'restore', tags: [a, home, b, a] });
    expect(keys(restored)).toEqual(['/dashboard', '/a', '/b', '/c']);
    expect(restored.cached).toEqual(current.cached);
    expect(tagsReducer(current, { type: 'restore', tags: [] })).toBe(current);
  });
});
