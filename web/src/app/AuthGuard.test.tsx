import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Navigate, RouterProvider, type InitialEntry } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/login/LoginPage';
import { showError } from '../shared/api/notifier';
import { getRoles, setRoles } from '../shared/auth/permissions';
import { getToken, getUserInfo, setToken, setUserInfo } from '../shared/auth/token';
import { i18n } from '../shared/i18n';
import type { RouteMeta } from '../shared/routing/meta';
import { envelope, fakeServer, httpError } from '../test/http';
import { AuthGuard } from './AuthGuard';
import { RootLayout } from './RootLayout';

vi.mock('../shared/api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

const errorMock = vi.mocked(showError);

const users: RouteMeta = { title: 'users', permission: 'admin:user:table' };
const roles: RouteMeta = { title: 'roles', permission: 'admin:role:table' };

function renderAt(entry: InitialEntry) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <Navigate to="/dashboard" replace /> },
          {
            element: <AuthGuard />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/dashboard', handle: { title: 'dashboard.title' }, element: <p>home page</p> },
              { path: '/users', handle: users, element: <p>users page</p> },
              { path: '/roles', handle: roles, element: <p>roles page</p> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  const here = () => router.state.location.pathname + router.state.location.search;
  return { router, here };
}

function signInAdmin(authorities = ['admin:user:table']) {
  setToken('tok');
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r', authorities });
}

function signInCapital() {
  setToken('tok');
  setUserInfo({ username: 'fund', expirationTime: Date.now() + 60_000, refreshToken: 'r' });
}

const permissionsReply = (authorities: string[]) =>
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

describe('roles are loaded before the first page (the product specification)', () => {
  it('administrator: asks GET /admin/role/permission once, then shows the page', async () => {
    signInAdmin(['old:permission']);
    const server = fakeServer(permissionsReply(['admin:user:table', 'admin:logs:table']));
    const { router } = renderAt('/users');
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(server.sent.map((s) => [s.method, s.url])).toEqual([['GET', '/admin/role/permission']]);
    expect(server.sent[0]?.headers.get('authorization-token')).toBe('tok');
    expect(getRoles()).toEqual(['admin:user:table', 'admin:logs:table']);
    // The stored user info follows the loaded permissions.
    expect(getUserInfo()?.authorities).toEqual(['admin:user:table', 'admin:logs:table']);

    await router.navigate('/dashboard');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(server.adapter).toHaveBeenCalledTimes(1);
  });

  it("capital provider: no call, the only role is 'capital:order:table'", async () => {
    signInCapital();
    const server = fakeServer(permissionsReply([]));
    renderAt('/dashboard');
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(server.adapter).not.toHaveBeenCalled();
    expect(getRoles()).toEqual(['capital:order:table']);
  });

  it('a failed load clears the token and goes to the login page with the target (the request layer shows why)', async () => {
    signInAdmin();
    fakeServer(envelope({ result: false, code: 500, msg: '服务器开小差了', data: null }));
    const { here } = renderAt('/users?tab=2');
    await waitFor(() => expect(here()).toBe(`/login?redirect=${encodeURIComponent('/users?tab=2')}`));
    expect(await screen.findByRole('heading', { name: '小蜜蜂任务共享系统' })).toBeTruthy();
    expect(getToken()).toBeUndefined();
    expect(getRoles()).toBeUndefined();
    expect(errorMock.mock.calls).toEqual([['服务器开小差了', 2]]);
  });

  it('an HTTP failure does the same', async () => {
    signInAdmin();
    fakeServer(httpError(502, { msg: '网关错误' }));
    const { here } = renderAt('/dashboard');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard'));
    expect(getToken()).toBeUndefined();
    expect(errorMock.mock.calls).toEqual([['网关错误', 2]]);
  });

  it("an administrator without any permission: '无法获取登录账号的菜单权限！', token cleared, login", async () => {
    signInAdmin();
    fakeServer(permissionsReply([]));
    const { here } = renderAt('/dashboard');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard'));
    expect(errorMock.mock.calls).toEqual([['无法获取登录账号的菜单权限！', 2]]);
    expect(getToken()).toBeUndefined();
    expect(localStorage.getItem('userinfo')).toBeNull();
  });
});

describe('route permissions (the product specification)', () => {
  it('a route whose permission the user lacks shows the no-access page in place', async () => {
    signInAdmin();
    fakeServer(permissionsReply(['admin:user:table']));
    const { here } = renderAt('/roles');
    expect(await screen.findByText('无访问权限', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText('roles page')).toBeNull();
    expect(here()).toBe('/roles');
  }, 20_000); // the first antd page is slow to import on a loaded machine

  it('a route without a permission is open to every signed-in user', async () => {
    signInCapital();
    renderAt('/dashboard');
    expect(await screen.findByText('home page')).toBeTruthy();
  });

  it('a signed-in user visiting /login goes home', async () => {
    signInCapital();
    const { here } = renderAt('/login?redirect=%2Fusers');
    await waitFor(() => expect(here()).toBe('/dashboard'));
  });

  it('without a token a guarded page goes to the login page, query kept', async () => {
    const { here } = renderAt('/users?page=3&q=x');
    await waitFor(() => expect(here()).toBe(`/login?redirect=${encodeURIComponent('/users?page=3&q=x')}`));
  });
});

describe('after signing in', () => {
  const session = (authorities: string[]) => ({
    token: 'tok-new',
    refreshToken: 'ref-new',
    expirationTime: Date.now() + 60_000,
    username: 'bob',
    authorities,
  });

  async function signInThroughTheForm(redirect: string, authorities: string[]) {
    const server = fakeServer(
      envelope({ result: true, code: 200, data: { uid: 'u', expiresIn: 300 } }),
      envelope({ result: true, code: 200, data: session(authorities) }),
      permissionsReply(authorities),
    );
    const view = renderAt(`/login?redirect=${encodeURIComponent(redirect)}`);
    fireEvent.change(await screen.findByLabelText('账号'), { target: { value: 'bob' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    return { ...view, server };
  }

  it('goes to the redirect target when the new user may see it', async () => {
    const { here, server } = await signInThroughTheForm('/users?tab=1', ['admin:user:table']);
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(here()).toBe('/users?tab=1');
    expect(server.sent.map((s) => s.url)).toEqual(['/admin/login/uid', '/admin/login/account', '/admin/role/permission']);
  });

  it('goes home when the new user may not see the target (the previous user’s page)', async () => {
    const { here } = await signInThroughTheForm('/roles', ['admin:user:table']);
    expect(await screen.findByText('home page')).toBeTruthy();
    expect(here()).toBe('/dashboard');
  });

  it('loads the roles of the new user, not those left from a previous session', async () => {
    setRoles(['capital:order:table']); // a session that ended without a reload
    const { here } = await signInThroughTheForm('/users', ['admin:user:table']);
    expect(await screen.findByText('users page')).toBeTruthy();
    expect(here()).toBe('/users');
    expect(getRoles()).toEqual(['admin:user:table']);
  });
});
