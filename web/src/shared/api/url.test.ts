import { describe, expect, it } from 'vitest';
import { fillPath, withQuery } from './url';

describe('path placeholders and query strings', () => {
  it('fills every placeholder, URL-encoded, and removes it from the rest', () => {
    expect(fillPath('/admin/{section}/view/{id}', { section: 'order file', id: '1/2', page: 1 })).toEqual({
      path: '/admin/order%20file/view/1%2F2',
      rest: { page: 1 },
    });
  });

  it('fills a placeholder used twice', () => {
    expect(fillPath('/{id}/copy/{id}', { id: 3 }).path).toBe('/3/copy/3');
  });

  it('accepts 0 and false as values', () => {
    expect(fillPath('/x/{n}/{flag}', { n: 0, flag: false }).path).toBe('/x/0/false');
  });

  it.each([undefined, null, ''])('refuses a missing value (%s)', (value) => {
    expect(() => fillPath('/x/{id}', { id: value })).toThrow(/id/);
  });

  it('leaves paths without placeholders alone', () => {
    expect(fillPath('/admin/customer/page', { page: 1, size: 20 })).toEqual({
      path: '/admin/customer/page',
      rest: { page: 1, size: 20 },
    });
  });

  it('encodes the query: repeated keys for arrays, JSON for objects, no null/undefined', () => {
    expect(withQuery('/p', { a: [1, 2], b: { c: 1 }, d: null, e: undefined, f: 'x y' })).toBe(
      '/p?a=1&a=2&b=%7B%22c%22%3A1%7D&f=x+y',
    );
    expect(withQuery('/p', {})).toBe('/p');
    expect(withQuery('/p?x=1', { y: 2 })).toBe('/p?x=1&y=2');
  });
});
