import { describe, expect, it } from 'vitest';
import { routeTable } from '../routing/routes';
import { EMPTY_TAGS, tagsReducer, type Tag } from '../tabs/tags';
import { listUrlOf } from './backToList';

const tag = (key: string, fullPath = key): Tag => ({ key, fullPath, title: 'route.x', affix: false, keepAlive: true });

describe('listUrlOf (a detail page back to its list)', () => {
  it('returns to the list with the filters its tab remembers', () => {
    const tags = tagsReducer(EMPTY_TAGS, { type: 'visit', tag: tag('/operate/customerManagement', '/operate/customerManagement?name=%E5%BC%A0&page=2') });
    expect(listUrlOf(routeTable, tags, '/operate/customerManagement/detail/7')).toBe('/operate/customerManagement?name=%E5%BC%A0&page=2');
  });

  it("goes to the list's plain path when its tab was closed; a screen without a list has none", () => {
    expect(listUrlOf(routeTable, EMPTY_TAGS, '/operate/customerManagement/detail/7')).toBe('/operate/customerManagement');
    expect(listUrlOf(routeTable, EMPTY_TAGS, '/systemManagement/role')).toBeUndefined();
  });
});
