import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../test/http';
import { i18n } from '../i18n';
import { clearRoles, getRoles } from './permissions';
import { CAPITAL_ROLES, ensureRoles, MissingPermissionsError } from './roles';
import { displayName, getUserInfo, setToken, setUserInfo } from './token';

vi.mock('../api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

function signInAdmin() {
  setToken('tok');
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r', authorities: [] });
}

const permissions = (authorities: unknown) =>
  envelope({ result: true, code: 200, data: { username: 'alice', name: 'Alice', authorities } });

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
});

describe('loading the roles once per sign-in (the product specification)', () => {
  it('concurrent callers share one call; later callers get the loaded roles', async () => {
    signInAdmin();
    const server = fakeServer(permissions(['admin:user:table', 'admin:user:table', 'admin:logs:table']));
    const [a, b] = await Promise.all([ensureRoles(), ensureRoles()]);
    expect(a).toEqual(b);
    expect(getRoles()).toEqual(['admin:user:table', 'admin:logs:table']);
    await ensureRoles();
    expect(server.adapter).toHaveBeenCalledTimes(1);
  });

  it('keeps the administrator’s name: the greeting shows it, not the account', async () => {
    signInAdmin();
    expect(displayName()).toBe('alice');
    fakeServer(permissions(['admin:user:table']));
    await ensureRoles();
    expect(getUserInfo()?.name).toBe('Alice');
    expect(displayName()).toBe('Alice');
  });

  it('capital provider: the only role, without a call', async () => {
    setToken('tok');
    setUserInfo({ username: 'fund', expirationTime: Date.now() + 60_000, refreshToken: 'r' });
    const server = fakeServer(permissions([]));
    await expect(ensureRoles()).resolves.toEqual(CAPITAL_ROLES);
    expect(CAPITAL_ROLES).toEqual(['capital:order:table']);
    expect(server.adapter).not.toHaveBeenCalled();
  });

  it.each([[[]], [null], ['admin:user:table']])("authorities %j: '无法获取登录账号的菜单权限！'", async (authorities) => {
    signInAdmin();
    fakeServer(permissions(authorities));
    const error = await ensureRoles().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MissingPermissionsError);
    expect((error as Error).message).toBe('无法获取登录账号的菜单权限！');
    expect(getRoles()).toBeUndefined();
  });

  it('no user info: the roles cannot be known', async () => {
    setToken('tok');
    await expect(ensureRoles()).rejects.toBeInstanceOf(MissingPermissionsError);
  });

  it('a load that ends after a sign-out does not leak its roles into the next session', async () => {
    signInAdmin();
    let answer!: () => void;
    fakeServer(
      (config) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ data: { result: true, code: 200, data: { authorities: ['admin:user:table'] } }, status: 200, statusText: 'OK', headers: {}, config });
        }),
    );
    const load = ensureRoles();
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    clearRoles(); // logout
    answer();
    await load;
    expect(getRoles()).toBeUndefined();
  });
});
