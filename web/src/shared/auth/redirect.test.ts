import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect';

describe('login redirect target (open-redirect guard)', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/business/order?page=2&status=1', '/business/order?page=2&status=1'],
    ['/a#section', '/a#section'],
    ['/a/../b', '/b'],
  ])('accepts the in-app path %s', (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });

  it.each([
    [null],
    [''],
    ['dashboard'],
    ['//evil.example'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['/\\/evil.example'],
    ['https://evil.example'],
    ['javascript:alert(1)'],
    ['/\t/evil.example'],
    [' /dashboard'],
    ['/login'],
    ['/login?redirect=/x'],
  ])('refuses %s and falls back to /', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('builds /login?redirect= with the encoded path and query', () => {
    expect(loginPath('/business/order?page=2&q=a b')).toBe('/login?redirect=%2Fbusiness%2Forder%3Fpage%3D2%26q%3Da%20b');
  });
});
