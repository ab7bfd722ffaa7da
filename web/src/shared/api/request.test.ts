import { AxiosError } from 'axios';
import Cookies from 'js-cookie';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, httpError, response } from '../../test/http';
import { getToken, getUserInfo, setToken, setUserInfo } from '../auth/token';
import { i18n } from '../i18n';
import { reloadPage } from '../utils/reload';
import { ApiError, fieldErrors } from './errors';
import { pendingRequests } from './loading';
import { showAlert, showConfirm, showError } from './notifier';
import { loadInline, registerTokenRefresher, request } from './request';

vi.mock('./notifier', () => ({
  showError: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));
vi.mock('../utils/reload', () => ({ reloadPage: vi.fn() }));

const errorMock = vi.mocked(showError);
const confirmMock = vi.mocked(showConfirm);
const alertMock = vi.mocked(showAlert);
const reloadMock = vi.mocked(reloadPage);

/** A promise plus the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to be rejected');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

/** Lets the dialog chain (await ask → reset → reload → flag reset) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function signIn() {
  setToken('tok-1');
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r-1' });
}

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
  confirmMock.mockResolvedValue(false);
});

describe('what is sent', () => {
  it('uses /api as base, a 20 s timeout and the token header when a token is held', async () => {
    setToken('tok-abc');
    const server = fakeServer(envelope({ result: true, code: 200, msg: '', data: 1 }));
    await request({ url: '/admin/role/permission' });
    expect(server.sent[0]).toMatchObject({ method: 'GET', baseURL: '/api', url: '/admin/role/permission', timeout: 20_000 });
    expect(server.sent[0]?.headers.get('authorization-token')).toBe('tok-abc');
  });

  it('sends no token header without a token', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/admin/login/uid' });
    expect(server.sent[0]?.headers.has('authorization-token')).toBe(false);
  });

  it("asks for the server's messages in the interface's language", async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/admin/login/uid' });
    expect(server.sent[0]?.headers.get('Accept-Language')).toBe('zh');
    await i18n.changeLanguage('es');
    try {
      await request({ url: '/admin/login/uid' });
      expect(server.sent[1]?.headers.get('Accept-Language')).toBe('es');
    } finally {
      await i18n.changeLanguage('zh');
    }
  });

  it('GET: fills placeholders (URL-encoded) and sends the rest as the query string', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({
      url: '/admin/customer/order/view/{id}',
      data: { id: 'a/b 1', tab: 'files', tags: ['x', 'y'], empty: undefined, none: null },
    });
    expect(server.sent[0]?.url).toBe('/admin/customer/order/view/a%2Fb%201?tab=files&tags=x&tags=y');
  });

  it('POST: placeholders filled, the remainder as a JSON body', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/admin/customer/password/{id}', method: 'post', data: { id: 7, password: 'abc' } });
    expect(server.sent[0]).toMatchObject({ method: 'POST', url: '/admin/customer/password/7', body: { password: 'abc' } });
    expect(server.sent[0]?.headers.getContentType()).toMatch(/application\/json/);
  });

  it('PUT and DELETE send a JSON body too', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/x/{id}', method: 'put', data: { id: 1, name: 'n' } });
    await request({ url: '/x/{id}', method: 'delete', data: { id: 2, reason: 'r' } });
    expect(server.sent.map((s) => [s.method, s.url, s.body])).toEqual([
      ['PUT', '/x/1', { name: 'n' }],
      ['DELETE', '/x/2', { reason: 'r' }],
    ]);
  });

  it("'form' posts the remainder urlencoded", async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/admin/login/code/{mobile}', method: 'form', data: { mobile: '13800000000', uid: 'u 1&2' } });
    expect(server.sent[0]).toMatchObject({ method: 'POST', url: '/admin/login/code/13800000000', body: 'uid=u+1%262' });
    expect(server.sent[0]?.headers.getContentType()).toMatch(/^application\/x-www-form-urlencoded/);
  });

  it("'form' with nothing left sends an empty body (token refresh)", async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: { token: 't2' } }));
    await request({ url: '/admin/login/refresh/{refreshToken}', method: 'form', data: { refreshToken: 'r/1' } });
    expect(server.sent[0]).toMatchObject({ method: 'POST', url: '/admin/login/refresh/r%2F1', body: '' });
  });

  it("'text' returns the URL without calling the server or showing the overlay", async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    const url = await request({
      url: '/file/download',
      method: 'text',
      data: { delete: true, objectName: 'exports/订单 1.xlsx' },
    });
    expect(url).toBe('/api/file/download?delete=true&objectName=exports%2F%E8%AE%A2%E5%8D%95+1.xlsx');
    expect(server.adapter).not.toHaveBeenCalled();
    expect(pendingRequests()).toBe(0);
  });

  it('rejects a missing path parameter before sending anything', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await expect(request({ url: '/x/{id}', data: {} })).rejects.toThrow(/id/);
    expect(server.adapter).not.toHaveBeenCalled();
  });
});

describe('before-request hooks (token refresh seam)', () => {
  it('awaits every registered hook before the request is sent', async () => {
    const gate = deferred<undefined>();
    const unregister = registerTokenRefresher(async () => {
      await gate.promise;
      setToken('refreshed');
    });
    const server = fakeServer(envelope({ result: true, code: 200, data: 'ok' }));
    const call = request({ url: '/a' });
    await settle();
    expect(server.adapter).not.toHaveBeenCalled();
    gate.resolve(undefined);
    await expect(call).resolves.toBe('ok');
    expect(server.sent[0]?.headers.get('authorization-token')).toBe('refreshed');
    unregister();
  });

  it('is skipped with skipBeforeRequest and after unregistering', async () => {
    const hook = vi.fn();
    const unregister = registerTokenRefresher(hook);
    fakeServer(envelope({ result: true, code: 200, data: null }));
    await request({ url: '/admin/login/refresh/{t}', method: 'form', data: { t: 'r' }, skipBeforeRequest: true });
    expect(hook).not.toHaveBeenCalled();
    await request({ url: '/b' });
    expect(hook).toHaveBeenCalledWith({ url: '/b', method: 'get' });
    unregister();
    await request({ url: '/c' });
    expect(hook).toHaveBeenCalledTimes(1);
  });
});

describe('envelope handling (the product specification)', () => {
  it('result true: resolves with data', async () => {
    fakeServer(envelope({ result: true, code: 200, msg: 'ok', data: { id: 1 } }));
    await expect(request({ url: '/a' })).resolves.toEqual({ id: 1 });
    expect(errorMock).not.toHaveBeenCalled();
  });

  it.each([0, 200])('code %i without result true: resolves with data, no message', async (code) => {
    fakeServer(envelope({ result: false, code, msg: '', data: [1, 2] }));
    await expect(request({ url: '/a' })).resolves.toEqual([1, 2]);
    fakeServer(envelope({ code, data: 'x' }));
    await expect(request({ url: '/a' })).resolves.toBe('x');
    expect(errorMock).not.toHaveBeenCalled();
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('other codes: red message with msg for 2 s; rejects with code, msg and data (field errors)', async () => {
    fakeServer(
      envelope({ result: false, code: 400, msg: '手机号格式不正确', data: { fields: { mobile: '手机号格式不正确' } } }),
    );
    const error = await rejection(request({ url: '/a', method: 'post', data: {} }));
    expect(errorMock).toHaveBeenCalledWith('手机号格式不正确', 2);
    expect(error).toMatchObject({ kind: 'business', code: 400, msg: '手机号格式不正确' });
    expect(fieldErrors(error)).toEqual({ mobile: '手机号格式不正确' });
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it.each([403, 404, 409, 429, 500])("code %i without msg shows 'Error'", async (code) => {
    fakeServer(envelope({ result: false, code, data: null }));
    const error = await rejection(request({ url: '/a' }));
    expect(error.code).toBe(code);
    expect(errorMock).toHaveBeenCalledWith('Error', 2);
  });

  it('code 401: 温馨提示 confirm; confirming resets the token and reloads', async () => {
    signIn();
    confirmMock.mockResolvedValueOnce(true);
    fakeServer(envelope({ result: false, code: 401, msg: '登录已过期', data: null }));
    const error = await rejection(request({ url: '/a' }));
    expect(error.code).toBe(401);
    expect(confirmMock).toHaveBeenCalledWith({
      title: '温馨提示',
      content: '登录已过期，请重新登录！',
      okText: '重新登录',
      cancelText: '取消',
    });
    // Spec §8 excludes only 504 from the red message.
    expect(errorMock).toHaveBeenCalledWith('登录已过期', 2);
    await settle();
    expect(getToken()).toBeUndefined();
    expect(Cookies.get('Admin-Token')).toBeUndefined();
    expect(getUserInfo()).toBeUndefined();
    expect(reloadMock).toHaveBeenCalledTimes(1);
  });

  it('code 401 cancelled: keeps the session and does not reload', async () => {
    signIn();
    fakeServer(envelope({ result: false, code: 401, msg: '', data: null }));
    await rejection(request({ url: '/a' }));
    await settle();
    expect(confirmMock).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('tok-1');
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('code 504: alert, then (on OK) resets the token and reloads; no red message', async () => {
    signIn();
    fakeServer(envelope({ result: false, code: 504, msg: 'elsewhere', data: null }));
    const error = await rejection(request({ url: '/a' }));
    expect(error.code).toBe(504);
    expect(alertMock).toHaveBeenCalledWith({
      title: '温馨提示',
      content: '当前账号已在他处登录，请您修改密码或重新登录。',
      okText: '确定',
    });
    expect(errorMock).not.toHaveBeenCalled();
    await settle();
    expect(getToken()).toBeUndefined();
    expect(reloadMock).toHaveBeenCalledTimes(1);
  });

  it('code 504: nothing is reset before the alert is acknowledged', async () => {
    signIn();
    const ack = deferred<undefined>();
    alertMock.mockReturnValueOnce(ack.promise);
    fakeServer(envelope({ result: false, code: 504, data: null }));
    await rejection(request({ url: '/a' }));
    await settle();
    expect(getToken()).toBe('tok-1');
    expect(reloadMock).not.toHaveBeenCalled();
    ack.resolve(undefined);
    await settle();
    expect(getToken()).toBeUndefined();
    expect(reloadMock).toHaveBeenCalledTimes(1);
  });

  it('a 200 answer that is not an envelope is a server error', async () => {
    fakeServer(async (config) => response(config, '<html>'));
    await rejection(request({ url: '/a' }));
    expect(errorMock).toHaveBeenCalledWith('服务器错误', 2);
  });
});

describe('HTTP errors (the product specification)', () => {
  it('timeout: 请求超时 for 2 s, rejected', async () => {
    const server = fakeServer(async (config) => {
      throw new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ETIMEDOUT, config);
    });
    const error = await rejection(request({ url: '/slow' }));
    expect(server.sent[0]?.timeout).toBe(20_000);
    expect(error.kind).toBe('timeout');
    expect(errorMock).toHaveBeenCalledWith('请求超时', 2);
  });

  it('HTTP 401: 确认注销 confirm; confirming resets the token and reloads', async () => {
    signIn();
    confirmMock.mockResolvedValueOnce(true);
    fakeServer(httpError(401, { result: false, code: 401, msg: 'unknown token', data: null }));
    const error = await rejection(request({ url: '/a' }));
    expect(error).toMatchObject({ kind: 'http', code: 401 });
    expect(confirmMock).toHaveBeenCalledWith({
      title: '确认注销',
      content: '您已注销，您可以取消以停留在此页或重新登录',
      okText: '重新登录',
      cancelText: '取消',
    });
    expect(errorMock).not.toHaveBeenCalled();
    await settle();
    expect(getToken()).toBeUndefined();
    expect(reloadMock).toHaveBeenCalledTimes(1);
  });

  it('HTTP 401 cancelled: stays on the page with the session', async () => {
    signIn();
    fakeServer(httpError(401));
    await rejection(request({ url: '/a' }));
    await settle();
    expect(getToken()).toBe('tok-1');
    expect(reloadMock).not.toHaveBeenCalled();
  });

  it('other HTTP errors show the body msg when there is one', async () => {
    fakeServer(httpError(502, { msg: '网关错误' }));
    const error = await rejection(request({ url: '/a' }));
    expect(error).toMatchObject({ kind: 'http', code: 502, msg: '网关错误' });
    expect(errorMock).toHaveBeenCalledWith('网关错误', 2);
  });

  it.each([
    ['a 500 without a body', httpError(500)],
    ['a 404 with an HTML body', httpError(404, '<html>not found</html>')],
  ])('%s: 服务器错误', async (_name, reply) => {
    fakeServer(reply);
    await rejection(request({ url: '/a' }));
    expect(errorMock).toHaveBeenCalledWith('服务器错误', 2);
  });

  it('a network error (no response): 服务器错误', async () => {
    fakeServer(async (config) => {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    });
    const error = await rejection(request({ url: '/a' }));
    expect(error).toMatchObject({ kind: 'http', code: 0 });
    expect(errorMock).toHaveBeenCalledWith('服务器错误', 2);
  });

  it('a cancelled call rejects without any message', async () => {
    fakeServer(async (config) => {
      throw new AxiosError('canceled', AxiosError.ERR_CANCELED, config);
    });
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(request({ url: '/a', signal: controller.signal }));
    expect(error.kind).toBe('canceled');
    expect(errorMock).not.toHaveBeenCalled();
  });
});

describe('quiet calls (logout: the outcome is ignored)', () => {
  it.each([
    ['code 401', envelope({ result: false, code: 401, msg: 'expired', data: null })],
    ['code 504', envelope({ result: false, code: 504, msg: '', data: null })],
    ['code 500', envelope({ result: false, code: 500, msg: 'boom', data: null })],
    ['HTTP 401', httpError(401)],
    ['HTTP 502', httpError(502, { msg: 'bad gateway' })],
    ['no envelope', async (config: Parameters<typeof response>[0]) => response(config, '<html>')],
  ])('%s: rejected, with no message and no dialog', async (_name, reply) => {
    fakeServer(reply);
    await rejection(request({ url: '/admin/logout', method: 'post', quiet: true }));
    await settle();
    expect(errorMock).not.toHaveBeenCalled();
    expect(confirmMock).not.toHaveBeenCalled();
    expect(alertMock).not.toHaveBeenCalled();
    expect(reloadMock).not.toHaveBeenCalled();
  });
});

describe('one session dialog at a time', () => {
  it('several failing requests open a single dialog until it is closed', async () => {
    const answer = deferred<boolean>();
    confirmMock.mockReturnValueOnce(answer.promise);
    fakeServer(
      envelope({ result: false, code: 401, data: null }),
      envelope({ result: false, code: 504, data: null }),
      httpError(401),
      envelope({ result: false, code: 401, data: null }),
    );
    await Promise.allSettled([request({ url: '/1' }), request({ url: '/2' }), request({ url: '/3' }), request({ url: '/4' })]);
    await settle();
    expect(confirmMock).toHaveBeenCalledTimes(1);
    expect(alertMock).not.toHaveBeenCalled();

    answer.resolve(false); // cancel: the flag is released
    await settle();
    fakeServer(httpError(401));
    await rejection(request({ url: '/5' }));
    expect(confirmMock).toHaveBeenCalledTimes(2);
  });
});

describe('loading overlay counter', () => {
  it('counts pending requests and decrements when they finish, also on failure', async () => {
    const gate = deferred<undefined>();
    fakeServer(async (config) => {
      await gate.promise;
      return config.url === '/ok' ? response(config, { result: true, code: 200, data: 1 }) : httpError(500)(config);
    });
    const ok = request({ url: '/ok' });
    const failing = request({ url: '/fail' });
    expect(pendingRequests()).toBe(2);
    gate.resolve(undefined);
    await ok;
    await failing.catch(() => undefined);
    expect(pendingRequests()).toBe(0);
  });

  it('silent requests do not show the overlay', async () => {
    const gate = deferred<undefined>();
    fakeServer(async (config) => {
      await gate.promise;
      return response(config, { result: true, code: 200, data: 1 });
    });
    const poll = request({ url: '/poll', silent: true });
    expect(pendingRequests()).toBe(0);
    gate.resolve(undefined);
    await poll;
    expect(pendingRequests()).toBe(0);
  });

  it('the counter covers the before-request hooks and is released when one fails', async () => {
    const unregister = registerTokenRefresher(async () => {
      throw new Error('refresh failed');
    });
    fakeServer(envelope({ result: true, code: 200, data: null }));
    const call = request({ url: '/a' });
    expect(pendingRequests()).toBe(1);
    await expect(call).rejects.toThrow('refresh failed');
    expect(pendingRequests()).toBe(0);
    unregister();
  });
});

describe("a screen's own loads (loadInline: lists)", () => {
  it('show no overlay and no red message; the rejection carries the server message for the error state', async () => {
    const gate = deferred<undefined>();
    fakeServer(async (config) => {
      await gate.promise;
      return config.url === '/admin/role/page'
        ? response(config, { result: false, code: 500, msg: '数据库忙，请稍后再试', data: null })
        : response(config, { result: true, code: 200, data: null });
    });
    const call = loadInline(() => request({ url: '/admin/role/page', method: 'post', data: { page: 1 } }));
    expect(pendingRequests()).toBe(0);
    // Only the calls started inside count: a mutation right after still shows the overlay.
    const mutation = request({ url: '/admin/role/delete/1', method: 'post' });
    expect(pendingRequests()).toBe(1);
    gate.resolve(undefined);
    const error = await rejection(call);
    await mutation;
    expect(error.message).toBe('数据库忙，请稍后再试');
    expect(errorMock).not.toHaveBeenCalled();
    expect(pendingRequests()).toBe(0);
  });

  it('still open the session dialog when the sign-in has expired', async () => {
    fakeServer(httpError(401));
    await rejection(loadInline(() => request({ url: '/admin/role/page', method: 'post' })));
    await settle();
    expect(confirmMock).toHaveBeenCalledTimes(1);
    expect(errorMock).not.toHaveBeenCalled();
  });
});

describe('messages follow the interface language', () => {
  it('shows English texts when the language is English', async () => {
    await i18n.changeLanguage('en');
    fakeServer(async (config) => {
      throw new AxiosError('timeout', AxiosError.ETIMEDOUT, config);
    });
    await rejection(request({ url: '/a' }));
    expect(errorMock).toHaveBeenCalledWith('The request timed out', 2);
    await i18n.changeLanguage('zh');
  });
});
