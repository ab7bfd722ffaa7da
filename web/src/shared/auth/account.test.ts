import { describe, expect, it } from 'vitest';
import { accountKind, type AccountKind } from './account';
import { setUserInfo, type UserInfo } from './token';

const base = { username: 'a', expirationTime: 1, refreshToken: 'r' };

describe('kind of account (the product specification)', () => {
  it.each<[string, UserInfo | undefined, AccountKind | undefined]>([
    ['authorities listed', { ...base, authorities: ['admin:user:table'] }, 'admin'],
    ['an empty list is still an administrator', { ...base, authorities: [] }, 'admin'],
    ['no authorities', base, 'capital'],
    ['no user info', undefined, undefined],
  ])('%s → %s', (_name, info, kind) => {
    expect(accountKind(info)).toBe(kind);
  });

  it('reads the stored user info by default', () => {
    expect(accountKind()).toBeUndefined();
    setUserInfo(base);
    expect(accountKind()).toBe('capital');
    setUserInfo({ ...base, authorities: ['admin:user:table'] });
    expect(accountKind()).toBe('admin');
  });
});
