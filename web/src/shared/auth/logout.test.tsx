import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, httpError } from '../../test/http';
import { showAlert, showConfirm, showError } from '../api/notifier';
import { clearSession, logout, onLogout, useLogout } from './logout';
import { getRoles, setRoles } from './permissions';
import { installTokenRefresher } from './refresh';
import { getToken, getUserInfo, setToken, setUserInfo } from './token';

vi.mock('../api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

function signIn(kind: 'admin' | 'capital' = 'admin') {
  const authorities = kind === 'admin' ? ['admin:user:table'] : undefined;
  setToken('tok');
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r', authorities });
  setRoles(authorities ?? ['capital:order:table']);
  localStorage.setItem('something-else', 'x');
  Cookies.set('language', 'zh');
}

function expectSessionCleared() {
  expect(localStorage.length).toBe(0);
  expect(Cookies.get('Admin-Token')).toBeUndefined();
  expect(getToken()).toBeUndefined();
  expect(getUserInfo()).toBeUndefined();
  expect(getRoles()).toBeUndefined();
  // Remembered interface settings (the product specification) are not part of the session.
  expect(Cookies.get('language')).toBe('zh');
}

const noFeedback = () => {
  expect(vi.mocked(showError)).not.toHaveBeenCalled();
  expect(vi.mocked(showConfirm)).not.toHaveBeenCalled();
  expect(vi.mocked(showAlert)).not.toHaveBeenCalled();
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('logout (the product specification)', () => {
  it('administrator: POST /admin/logout with the token, then clears storage, cookie and roles', async () => {
    signIn();
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await logout();
    expect(server.sent.map((s) => [s.method, s.url])).toEqual([['POST', '/admin/logout']]);
    expect(server.sent[0]?.headers.get('authorization-token')).toBe('tok');
    expectSessionCleared();
  });

  it('capital provider: POST /capital/logout', async () => {
    signIn('capital');
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await logout();
    expect(server.sent.map((s) => s.url)).toEqual(['/capital/logout']);
    expectSessionCleared();
  });

  it.each([
    ['HTTP 401 (session already ended)', httpError(401)],
    ['code 401', envelope({ result: false, code: 401, msg: 'expired', data: null })],
    ['code 500', envelope({ result: false, code: 500, msg: 'boom', data: null })],
    ['HTTP 502', httpError(502)],
  ])('a failure (%s) is ignored silently and the session still ends', async (_name, reply) => {
    signIn();
    fakeServer(reply);
    await logout();
    expectSessionCleared();
    noFeedback();
  });

  it('refreshes an expired token first, so that the server ends the session', async () => {
    const uninstall = installTokenRefresher();
    try {
      signIn();
      setUserInfo({ username: 'alice', expirationTime: Date.now() - 1, refreshToken: 'r', authorities: ['a'] });
      const server = fakeServer(
        envelope({ result: true, code: 200, data: { token: 'tok-2', refreshToken: 'r-2', expirationTime: Date.now() + 60_000 } }),
        envelope({ result: true, code: 200, data: null }),
      );
      await logout();
      expect(server.sent.map((s) => s.url)).toEqual(['/admin/login/refresh/r', '/admin/logout']);
      expect(server.sent[1]?.headers.get('authorization-token')).toBe('tok-2');
      expectSessionCleared();
    } finally {
      uninstall();
    }
  });

  it('an expired session whose refresh fails still ends locally, without any message', async () => {
    const uninstall = installTokenRefresher();
    try {
      signIn();
      setUserInfo({ username: 'alice', expirationTime: Date.now() - 1, refreshToken: 'r', authorities: ['a'] });
      const server = fakeServer(httpError(401), envelope({ result: false, code: 401, msg: '登录已过期', data: null }));
      await logout();
      expect(server.sent.map((s) => s.url)).toEqual(['/admin/login/refresh/r', '/admin/logout']);
      expectSessionCleared();
      noFeedback();
    } finally {
      uninstall();
    }
  });

  it('without a session there is no call, and everything is cleared anyway', async () => {
    localStorage.setItem('userinfo', 'junk');
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await logout();
    expect(server.adapter).not.toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('runs the registered clean-ups (open tabs) until they unregister', async () => {
    const closeTabs = vi.fn();
    const failing = vi.fn(() => {
      throw new Error('boom');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offFailing = onLogout(failing);
    const off = onLogout(closeTabs);
    fakeServer(envelope({ result: true, code: 200, data: null }));
    signIn();
    await logout();
    expect(closeTabs).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    off();
    offFailing();
    clearSession();
    expect(closeTabs).toHaveBeenCalledTimes(1);
  });
});

describe('useLogout', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs out and goes to /login', async () => {
    signIn();
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    function Page() {
      const leave = useLogout();
      return (
        <button type="button" onClick={() => void leave()}>
          退出登录
        </button>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/dashboard', element: <Page /> },
        { path: '/login', element: <p>login page</p> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login');
    expect(server.sent.map((s) => s.url)).toEqual(['/admin/logout']);
    await waitFor(() => expectSessionCleared());
  });
});
