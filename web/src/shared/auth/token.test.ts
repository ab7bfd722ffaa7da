import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { getToken, getUserInfo, removeToken, setToken, setUserInfo } from './token';

describe('token storage (the product specification)', () => {
  it('keeps the token in localStorage key `token` and the cookie `Admin-Token`', () => {
    setToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
    expect(Cookies.get('Admin-Token')).toBe('abc');
    expect(getToken()).toBe('abc');
  });

  it('writes a session cookie (no expiry)', () => {
    const cookieSetter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const written: string[] = [];
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => cookieSetter?.get?.call(document) as string,
      set: (value: string) => {
        written.push(value);
        cookieSetter?.set?.call(document, value);
      },
    });
    try {
      setToken('abc');
    } finally {
      Reflect.deleteProperty(document, 'cookie');
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/^Admin-Token=abc/);
    expect(written[0]).not.toMatch(/expires/i);
  });

  it('falls back to the cookie when local storage was cleared', () => {
    Cookies.set('Admin-Token', 'from-cookie');
    expect(getToken()).toBe('from-cookie');
  });

  it('stores userinfo as JSON {username, expirationTime, refreshToken, authorities}', () => {
    setUserInfo({ username: 'alice', expirationTime: 1_700_000_000_000, refreshToken: 'r', authorities: ['admin:user:table'] });
    expect(JSON.parse(localStorage.getItem('userinfo') ?? 'null')).toEqual({
      username: 'alice',
      expirationTime: 1_700_000_000_000,
      refreshToken: 'r',
      authorities: ['admin:user:table'],
    });
    expect(getUserInfo()?.authorities).toEqual(['admin:user:table']);
  });

  it('stores no authorities for capital-provider accounts', () => {
    setUserInfo({ username: 'fund', expirationTime: 1, refreshToken: 'r', authorities: undefined });
    expect(JSON.parse(localStorage.getItem('userinfo') ?? 'null')).not.toHaveProperty('authorities');
    expect(getUserInfo()).toEqual({ username: 'fund', expirationTime: 1, refreshToken: 'r' });
  });

  it('ignores malformed userinfo', () => {
    localStorage.setItem('userinfo', '{not json');
    expect(getUserInfo()).toBeUndefined();
    localStorage.setItem('userinfo', JSON.stringify({ username: 1 }));
    expect(getUserInfo()).toBeUndefined();
  });

  it('removeToken resets token, cookie and userinfo, nothing else', () => {
    setToken('abc');
    setUserInfo({ username: 'alice', expirationTime: 1, refreshToken: 'r' });
    localStorage.setItem('other', 'kept');
    removeToken();
    expect(getToken()).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(getUserInfo()).toBeUndefined();
    expect(localStorage.getItem('other')).toBe('kept');
  });
});
