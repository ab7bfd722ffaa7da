import Cookies from 'js-cookie';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, httpError, response } from '../../test/http';
import { showConfirm, showError } from '../api/notifier';
import { request } from '../api/request';
import { i18n } from '../i18n';
import { installTokenRefresher } from './refresh';
import { getToken, getUserInfo, setToken, setUserInfo, type UserInfo } from './token';

vi.mock('../api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

const NOW = Date.now();
const FRESH = { token: 'tok-new', refreshToken: 'ref-new', expirationTime: NOW + 3_600_000, username: 'alice' };

function signIn(info: Partial<UserInfo> = {}) {
  setToken('tok-old');
  setUserInfo({
    username: 'alice',
    expirationTime: NOW - 1,
    refreshToken: 'ref-old',
    authorities: ['admin:user:table'],
    ...info,
  });
}

const ok = (config: InternalAxiosRequestConfig) =>
  response(config, { result: true, code: 200, msg: '', data: `answer of ${config.url}` });

/** Refresh calls answer `refresh`; every other call answers with its own URL. */
function server(refresh: (config: InternalAxiosRequestConfig) => Promise<ReturnType<typeof response>>) {
  return fakeServer(async (config) => (config.url?.includes('/login/refresh/') ? refresh(config) : ok(config)));
}

const refreshed = async (config: InternalAxiosRequestConfig) =>
  response(config, { result: true, code: 200, msg: '', data: FRESH });

let uninstall: () => void;
beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
  uninstall = installTokenRefresher();
});
afterEach(() => {
  uninstall();
});

describe('token refresh before a request (the product specification)', () => {
  it('a burst of requests with an expired token waits for one refresh, then all carry the new token', async () => {
    signIn();
    const { sent } = server(refreshed);
    const answers = await Promise.all([request({ url: '/a' }), request({ url: '/b', method: 'post', data: { x: 1 } })]);

    expect(answers).toEqual(['answer of /a', 'answer of /b']);
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/admin/login/refresh/ref-old'],
      ['GET', '/a'],
      ['POST', '/b'],
    ]);
    // The refresh itself: form-encoded, no body fields.
    expect(sent[0]?.body).toBe('');
    expect(sent[0]?.headers.getContentType()).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.slice(1).map((s) => s.headers.get('authorization-token'))).toEqual(['tok-new', 'tok-new']);
  });

  it('stores the new token (storage and cookie) and user info, keeping the authorities', async () => {
    signIn();
    server(refreshed);
    await request({ url: '/a' });
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(Cookies.get('Admin-Token')).toBe('tok-new');
    expect(getUserInfo()).toEqual({
      username: 'alice',
      expirationTime: FRESH.expirationTime,
      refreshToken: 'ref-new',
      authorities: ['admin:user:table'],
    });
  });

  it('does not refresh again once the new expiration time lies ahead', async () => {
    signIn();
    const { sent } = server(refreshed);
    await request({ url: '/a' });
    await Promise.all([request({ url: '/b' }), request({ url: '/c' })]);
    expect(sent.map((s) => s.url)).toEqual(['/admin/login/refresh/ref-old', '/a', '/b', '/c']);
  });

  it('does nothing while the token is valid', async () => {
    signIn({ expirationTime: NOW + 60_000 });
    const { sent } = server(refreshed);
    await request({ url: '/a' });
    expect(sent.map((s) => s.url)).toEqual(['/a']);
    expect(sent[0]?.headers.get('authorization-token')).toBe('tok-old');
  });

  it('a capital-provider account (no authorities) refreshes at /capital and stays without authorities', async () => {
    signIn({ username: 'fund', authorities: undefined });
    const { sent } = server(async (config) =>
      response(config, { result: true, code: 200, data: { ...FRESH, username: 'fund' } }),
    );
    await request({ url: '/capital/order/page', method: 'post', data: {} });
    expect(sent.map((s) => s.url)).toEqual(['/capital/login/refresh/ref-old', '/capital/order/page']);
    expect(getUserInfo()).toEqual({ username: 'fund', expirationTime: FRESH.expirationTime, refreshToken: 'ref-new' });
  });

  it('the refresh token travels URL-encoded in the path', async () => {
    signIn({ refreshToken: 'a/b+c' });
    const { sent } = server(refreshed);
    await request({ url: '/a' });
    expect(sent[0]?.url).toBe('/admin/login/refresh/a%2Fb%2Bc');
  });

  it('a failed refresh lets the requests go with the old token, and shows nothing itself', async () => {
    signIn();
    const { sent } = server(httpError(401));
    const answers = await Promise.all([request({ url: '/a' }), request({ url: '/b' })]);
    expect(answers).toEqual(['answer of /a', 'answer of /b']);
    expect(sent.map((s) => s.url)).toEqual(['/admin/login/refresh/ref-old', '/a', '/b']);
    expect(sent.slice(1).map((s) => s.headers.get('authorization-token'))).toEqual(['tok-old', 'tok-old']);
    expect(getToken()).toBe('tok-old');
    expect(getUserInfo()?.refreshToken).toBe('ref-old');
    expect(vi.mocked(showConfirm)).not.toHaveBeenCalled();
    expect(vi.mocked(showError)).not.toHaveBeenCalled();
  });

  it('after a failed refresh, the answers to the waiting requests drive the dialogs of the product specification (one dialog)', async () => {
    signIn();
    fakeServer(async (config) =>
      config.url?.includes('/login/refresh/')
        ? httpError(401)(config)
        : response(config, { result: false, code: 401, msg: '登录已过期', data: null }),
    );
    const outcomes = await Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await vi.waitFor(() => expect(vi.mocked(showConfirm)).toHaveBeenCalledTimes(1));
    expect(vi.mocked(showConfirm).mock.calls[0]?.[0]).toMatchObject({ title: '温馨提示', content: '登录已过期，请重新登录！' });
  });

  it('a refresh answer without a token changes nothing', async () => {
    signIn();
    const { sent } = server(async (config) => response(config, { result: true, code: 200, data: null }));
    await expect(request({ url: '/a' })).resolves.toBe('answer of /a');
    expect(sent.map((s) => s.url)).toEqual(['/admin/login/refresh/ref-old', '/a']);
    expect(getToken()).toBe('tok-old');
    expect(vi.mocked(showError)).not.toHaveBeenCalled();
  });

  it('waits its turn behind another browser tab and uses the session that tab refreshed', async () => {
    signIn();
    const locks = {
      request: vi.fn(async (_name: string, run: () => Promise<void>) => {
        // Another tab held the lock and refreshed the shared session meanwhile.
        setToken('tok-other-tab');
        setUserInfo({ ...FRESH, refreshToken: 'ref-other-tab', authorities: ['admin:user:table'] });
        return run();
      }),
    };
    vi.stubGlobal('navigator', { ...navigator, locks });
    try {
      const { sent } = server(refreshed);
      await request({ url: '/a' });
      expect(locks.request).toHaveBeenCalledWith('beehive:token-refresh', expect.any(Function));
      expect(sent.map((s) => s.url)).toEqual(['/a']);
      expect(sent[0]?.headers.get('authorization-token')).toBe('tok-other-tab');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('without a session there is nothing to refresh', async () => {
    const { sent } = server(refreshed);
    await request({ url: '/admin/login/uid' });
    expect(sent.map((s) => s.url)).toEqual(['/admin/login/uid']);
  });
});
