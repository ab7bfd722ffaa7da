// Sign-in stage (the product specification; docs/auth.md): signing in and out as an
// administrator and as a capital-provider user, the guard's redirect, the session dialogs of
// the product specification (expired token, signed in elsewhere), the silent token refresh and the change-password
// dialog. Every text is the Chinese one of the product specification (the `language=zh` cookie).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { runBeehive, startBeehive, TEST_ADMIN_PASSWORD } from '../lib/server.mjs';
import { eventually, FIRST_ADMIN_NAME, md5, sleep } from '../lib/workspace.mjs';

const TEXT = {
  appTitle: '小蜜蜂任务共享系统',
  submit: '登录',
  capital: '资金方',
  badCredentials: '账号或密码错误',
  welcome: (/** @type {string} */ username) => `欢迎您，${username}`,
  changePassword: '修改密码',
  logout: '退出登录',
  tipTitle: '温馨提示',
  sessionExpired: '登录已过期，请重新登录！',
  signedInElsewhere: '当前账号已在他处登录，请您修改密码或重新登录。',
  relogin: '重新登录',
  cancel: '取消',
  ok: '确定',
  noMenuPermission: '无法获取登录账号的菜单权限！',
  unauthorizedTitle: '无访问权限',
  password: {
    title: '修改登录密码',
    oldRequired: '请输入原密码',
    newRequired: '请输入新密码',
    confirmRequired: '请确认新密码',
    mismatch: '两次输入密码不一致!',
    length: '密码长度为 6 到 30 个字符',
    wrongOld: '原密码不正确',
    success: '修改成功,请重新登录',
  },
};

const CAPITAL = { provider: '华夏银行', account: 'hx-ops', name: '张敏', password: 'Hx-Ops-Passw0rd' };


/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** The server shared by the cases whose state does not matter to the others. */
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let shared;

/**
 * Starts a server for one case and stops it afterwards, whatever happens.
 *
 * @template T
 * @param {Parameters<typeof startBeehive>[0]} options
 * @param {(server: import('../lib/server.mjs').Beehive) => Promise<T>} body
 */
async function withServer(options, body) {
  const server = await startBeehive(options);
  try {
    return await body(server);
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  }
}

/**
 * A fresh context (no token) with `language=zh`, closed after `body` whatever happens.
 *
 * @template T
 * @param {import('../lib/server.mjs').Beehive} server
 * @param {(context: import('playwright-core').BrowserContext) => Promise<T>} body
 */
async function withContext(server, body) {
  assert.ok(browser);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  try {
    await context.addCookies([{ name: 'language', value: 'zh', url: server.baseURL }]);
    return await body(context);
  } finally {
    await context.close();
  }
}

/**
 * Fills and submits the login form of the current page (which must be /login).
 *
 * @param {import('playwright-core').Page} page
 * @param {{ kind?: 'admin' | 'capital', username?: string, password?: string }} [account]
 */
async function submitLogin(page, { kind = 'admin', username = 'admin', password = TEST_ADMIN_PASSWORD } = {}) {
  await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
  if (kind === 'capital') {
    // The radio itself is hidden under its label's text, which is what a user clicks.
    await page.locator('.bh-segmented__item').filter({ hasText: TEXT.capital }).click();
    assert.equal(await page.getByRole('radio', { name: TEXT.capital, exact: true }).isChecked(), true);
    // SMS sign-in is for administrators only.
    assert.equal(await page.getByRole('tab').count(), 1, 'a capital-provider user has the password tab only');
  }
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: TEXT.submit, exact: true }).click();
}

/**
 * Opens the user menu of the top bar (the greeting) and chooses an item of it.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} item  the item's text
 */
async function chooseFromUserMenu(page, item) {
  await page.locator('.bh-navbar__user').click();
  const entry = page.getByRole('menuitem', { name: item, exact: true });
  await entry.waitFor({ state: 'visible', timeout: 10_000 });
  await entry.click();
}

/**
 * Opens /login, signs in and waits for the dashboard's greeting.
 *
 * @param {import('playwright-core').Page} page
 * @param {import('../lib/server.mjs').Beehive} server
 * @param {{ kind?: 'admin' | 'capital', username?: string, password?: string, name?: string }} [account]
 */
async function signIn(page, server, account = {}) {
  await page.goto(`${server.baseURL}/login`);
  await submitLogin(page, account);
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  // Everyone is greeted by the person's name the sign-in answers (the first administrator's is 超级管理员).
  const greeted = account.name ?? ((account.username ?? 'admin') === 'admin' ? FIRST_ADMIN_NAME : (account.username ?? ''));
  await page.getByText(TEXT.welcome(greeted), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * What the page holds for the session: local storage and the `Admin-Token` cookie.
 *
 * @param {import('playwright-core').Page} page
 */
async function session(page) {
  const stored = await page.evaluate(() => ({
    keys: Object.keys(localStorage),
    token: localStorage.getItem('token'),
    userinfo: localStorage.getItem('userinfo'),
  }));
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  return {
    ...stored,
    userinfo: stored.userinfo === null ? null : JSON.parse(stored.userinfo),
    cookie: cookie?.value,
  };
}

/**
 * Records the main frame's URLs from now on (client-side navigations included).
 *
 * @param {import('playwright-core').Page} page
 * @returns {string[]}
 */
function recordNavigations(page) {
  /** @type {string[]} */
  const urls = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  return urls;
}

/**
 * How the server answers the administrator's permission call with this token.
 *
 * @param {import('../lib/server.mjs').Beehive} server
 * @param {string} token
 */
async function permissionCall(server, token) {
  const response = await fetch(`${server.baseURL}/api/admin/role/permission`, { headers: { 'authorization-token': token } });
  return { status: response.status, body: await response.json() };
}

/**
 * The collected errors, less the ones a case provokes on purpose: Chromium logs an HTTP error
 * answer as `Failed to load resource: … status of 401 (Unauthorized)` at the request's URL.
 *
 * @param {import('../lib/browser.mjs').PageErrors} errors
 * @param {{ status: 401, url: string }[]} [expected]
 */
function unexpectedErrors(errors, expected = []) {
  const provoked = new Set(
    expected.map(({ status, url }) => `console.error: Failed to load resource: the server responded with a status of ${status} (Unauthorized) (${url}:0)`),
  );
  return errors.all().filter((line) => !provoked.has(line));
}

/** @param {import('playwright-core').Page} page  the visible antd message notices (text) */
async function messages(page) {
  return page.locator('.ant-message-notice').allInnerTexts();
}

/**
 * The one antd confirm/alert dialog with this content, once it is visible.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} content
 */
async function confirmDialog(page, content) {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: content });
  await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  assert.equal((await dialog.locator('.ant-modal-confirm-title').innerText()).trim(), TEXT.tipTitle);
  assert.equal((await dialog.locator('.ant-modal-confirm-content').innerText()).trim(), content);
  return dialog;
}

/**
 * Texts of the open change-password dialog's field messages, by field.
 *
 * @param {import('playwright-core').Locator} dialog
 */
async function fieldMessages(dialog) {
  /** @type {Record<string, string[]>} */
  const result = {};
  for (const id of ['passwordOld', 'passwordNew', 'newPassword2']) {
    // antd links each input to its messages with aria-describedby="<id>_help".
    result[id] = (await dialog.locator(`#${id}_help .ant-form-item-explain-error`).allInnerTexts()).map((t) => t.trim());
  }
  return result;
}


describe('sign-in: login, logout, guard, session dialogs, password change', () => {
  before(async () => {
    browser = await launchBrowser();
    shared = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await shared?.stop();
    if (shared && code !== 0) console.error(`beehive exited with ${code}:\n${shared.output()}`);
  });

  it('administrator signs in through the form, is greeted on /dashboard, logs out: storage, cookie and server session gone', async () => {
    const server = shared;
    assert.ok(server);
    await withContext(server, async (context) => {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, server);
      assert.equal(page.url(), `${server.baseURL}/dashboard`);

      const held = await session(page);
      assert.match(held.token ?? '', /^[0-9a-f]{64}$/, 'the token is in local storage');
      assert.equal(held.cookie, held.token, 'and in the Admin-Token cookie');
      assert.equal(held.userinfo?.username, 'admin');
      assert.ok(Array.isArray(held.userinfo?.authorities) && held.userinfo.authorities.length > 0, 'an administrator has authorities');
      const before = await permissionCall(server, held.token ?? '');
      assert.equal(before.status, 200);
      assert.equal(before.body.result, true, JSON.stringify(before.body));

      const logoutCall = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/logout');
      const navigations = recordNavigations(page);
      await chooseFromUserMenu(page, TEXT.logout);
      assert.equal((await logoutCall).status(), 200, 'the server was told');
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: TEXT.appTitle }).waitFor({ state: 'visible' });
      await sleep(300);
      assert.deepEqual(navigations, [`${server.baseURL}/login`], 'straight to /login');

      const after = await session(page);
      assert.deepEqual(after.keys, [], 'local storage is empty');
      assert.equal(after.cookie, undefined, 'the Admin-Token cookie is gone');
      const dead = await permissionCall(server, held.token ?? '');
      assert.equal(dead.status, 401, `the old token is dead: ${JSON.stringify(dead.body)}`);

      assert.deepEqual(unexpectedErrors(errors), [], 'no errors while signing in and out');
    });
  });

  it('a wrong password shows the red message 账号或密码错误 and stays on /login', async () => {
    const server = shared;
    assert.ok(server);
    await withContext(server, async (context) => {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await page.goto(`${server.baseURL}/login`);
      await submitLogin(page, { password: 'not-the-password' });

      // The request layer's red message at the top…
      const notice = page.locator('.ant-message-notice').filter({ hasText: TEXT.badCredentials });
      await notice.waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal((await notice.innerText()).trim(), TEXT.badCredentials);
      assert.equal(await notice.locator('.ant-message-error').count(), 1, 'an error message (red icon)');
      // …and the same message under the password field, in red.
      const fieldError = page.locator('#login-password-error');
      assert.equal((await fieldError.innerText()).trim(), TEXT.badCredentials);
      const color = await fieldError.evaluate((el) => getComputedStyle(el).color);
      const [r, g, b] = (color.match(/\d+/g) ?? []).map(Number);
      assert.ok(r > 150 && g < 100 && b < 100, `the field message is red (${color})`);
      assert.equal(await page.locator('#login-password').getAttribute('aria-invalid'), 'true');

      assert.equal(new URL(page.url()).pathname, '/login');
      assert.deepEqual((await session(page)).keys, [], 'nothing stored');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'auth-login-wrong-password');
      assert.deepEqual(unexpectedErrors(errors), []);
    });
  });

  it('capital-provider user signs in as 资金方 and lands in the workspace without authorities', async () => {
    const server = shared;
    assert.ok(server);
    await runBeehive(
      server.workDir,
      ['create-capital-user', '--provider', CAPITAL.provider, '--account', CAPITAL.account, '--name', CAPITAL.name],
      { BEEHIVE_CAPITAL_PASSWORD: CAPITAL.password },
    );
    await withContext(server, async (context) => {
      const page = await context.newPage();
      const errors = collectErrors(page);
      /** @type {string[]} */
      const calls = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        // The public branding call (platform name and logo of 系统设置) is not an account's call.
        if (pathname.startsWith('/api/') && !pathname.startsWith('/api/common/branding')) calls.push(`${request.method()} ${pathname}`);
      });

      await signIn(page, server, { kind: 'capital', username: CAPITAL.account, password: CAPITAL.password, name: CAPITAL.name });
      assert.equal(page.url(), `${server.baseURL}/dashboard`);
      // The sign-in calls come first; after them only the capital home's own calls (its credit and
      // the signature to-do) — never an administrator's endpoint.
      assert.deepEqual(calls.slice(0, 2), ['GET /api/capital/login/uid', 'POST /api/capital/login/account']);
      await sleep(300);
      const foreign = calls.filter((call) => !call.split(' ')[1].startsWith('/api/capital/'));
      assert.deepEqual(foreign, [], `capital calls only: ${calls.join(', ')}`);

      // No permission error: neither the message of the product specification nor the no-access page.
      assert.deepEqual(await messages(page), []);
      assert.equal(await page.getByText(TEXT.noMenuPermission).count(), 0);
      assert.equal(await page.getByText(TEXT.unauthorizedTitle).count(), 0);

      const held = await session(page);
      assert.equal(held.userinfo?.username, CAPITAL.account);
      assert.ok(!('authorities' in (held.userinfo ?? {})), `no authorities: ${JSON.stringify(held.userinfo)}`);
      assert.equal(held.cookie, held.token);

      // The session survives a reload (the roles come from the account kind, not from the server).
      await page.reload();
      await page.getByText(TEXT.welcome(CAPITAL.name), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(new URL(page.url()).pathname, '/dashboard');
      assert.deepEqual(unexpectedErrors(errors), []);
    });
  });

  it('the guard sends /dashboard?tab=2&x=中 to /login?redirect=… and signing in lands there, query intact', async () => {
    const server = shared;
    assert.ok(server);
    await withContext(server, async (context) => {
      const page = await context.newPage();
      const errors = collectErrors(page);
      const target = '/dashboard?tab=2&x=%E4%B8%AD';
      await page.goto(`${server.baseURL}${target}`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      assert.equal(page.url(), `${server.baseURL}/login?redirect=${encodeURIComponent(target)}`);

      await submitLogin(page);
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      await page.getByText(TEXT.welcome(FIRST_ADMIN_NAME), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(page.url(), `${server.baseURL}${target}`);
      const query = new URL(page.url()).searchParams;
      assert.equal(query.get('tab'), '2');
      assert.equal(query.get('x'), '中');
      assert.deepEqual(unexpectedErrors(errors), []);
    });
  });

  it('expired token (no refresh attempted): reload shows 温馨提示 / 登录已过期，请重新登录！, and 重新登录 returns to /login', async () => {
    await withServer({ args: ['--token-lifetime', '3'] }, async (server) => {
      await withContext(server, async (context) => {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await signIn(page, server);
        // The client believes the token is good for a day, so it sends it instead of refreshing it.
        await page.evaluate(() => {
          const info = JSON.parse(localStorage.getItem('userinfo') ?? '{}');
          localStorage.setItem('userinfo', JSON.stringify({ ...info, expirationTime: Date.now() + 86_400_000 }));
        });
        await sleep(4_000);

        /** @type {string[]} */
        const refreshes = [];
        page.on('request', (r) => {
          if (new URL(r.url()).pathname.includes('/login/refresh/')) refreshes.push(r.url());
        });
        const permission = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/role/permission');
        await page.reload();
        const answer = await (await permission).json();
        assert.equal(answer.code, 401, `the server says expired: ${JSON.stringify(answer)}`);

        const dialog = await confirmDialog(page, TEXT.sessionExpired);
        assert.deepEqual((await dialog.locator('button').allInnerTexts()).map((t) => t.trim()).sort(), [TEXT.cancel, TEXT.relogin].sort());
        await sleep(500); // any further dialog would have opened by now
        assert.equal(await page.locator('.ant-modal-confirm').count(), 1, 'exactly one dialog');
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, 'auth-session-expired-dialog');
        assert.deepEqual(refreshes, [], 'no refresh was attempted');

        await dialog.getByRole('button', { name: TEXT.relogin, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
        await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(await page.locator('.ant-modal-confirm').count(), 0, 'the dialog is gone');
        const held = await session(page);
        assert.equal(held.token, null, 'the token is cleared from local storage');
        assert.equal(held.cookie, undefined, 'and from the cookie');
        assert.deepEqual(unexpectedErrors(errors), []);
      });
    });
  });

  it('expired token (untouched): the client refreshes it silently and the page keeps working', async () => {
    await withServer({ args: ['--token-lifetime', '3'] }, async (server) => {
      await withContext(server, async (context) => {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await signIn(page, server);
        const before = await session(page);
        assert.ok(before.userinfo.expirationTime - Date.now() <= 3_500, `a 3 s token: ${before.userinfo.expirationTime - Date.now()} ms left`);
        await sleep(4_000);

        /** @type {{ url: string, token: string | undefined }[]} */
        const calls = [];
        page.on('request', (r) => {
          const { pathname } = new URL(r.url());
          // The public branding call (platform name and logo of 系统设置) carries no token.
          if (pathname.startsWith('/api/') && !pathname.startsWith('/api/common/branding')) {
            calls.push({ url: pathname, token: r.headers()['authorization-token'] });
          }
        });
        const permission = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/role/permission');
        await page.reload();
        const answer = await (await permission).json();
        assert.equal(answer.result, true, `the permission call succeeded: ${JSON.stringify(answer)}`);
        await page.getByText(TEXT.welcome(FIRST_ADMIN_NAME), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(new URL(page.url()).pathname, '/dashboard');

        const after = await session(page);
        assert.match(after.token ?? '', /^[0-9a-f]{64}$/);
        assert.notEqual(after.token, before.token, 'the stored token changed');
        assert.notEqual(after.userinfo.refreshToken, before.userinfo.refreshToken, 'so did the refresh token');
        assert.equal(after.cookie, after.token, 'the cookie holds the new token');
        assert.ok(after.userinfo.expirationTime > before.userinfo.expirationTime);
        assert.deepEqual(after.userinfo.authorities, before.userinfo.authorities, 'still an administrator');
        assert.deepEqual(
          calls.map((c) => c.url),
          [`/api/admin/login/refresh/${before.userinfo.refreshToken}`, '/api/admin/role/permission'],
          'one refresh, then the call',
        );
        assert.equal(calls[1].token, after.token, 'the call went with the new token');

        await sleep(300);
        assert.equal(await page.locator('.ant-modal').count(), 0, 'no dialog');
        assert.deepEqual(await messages(page), [], 'no message');
        assert.equal((await permissionCall(server, after.token ?? '')).status, 200, 'the server accepts the new token');
        assert.deepEqual(unexpectedErrors(errors), []);
      });
    });
  });

  it('signed in elsewhere: code 504 shows one 温馨提示 alert, even for a burst of failing calls; 确定 returns to /login', async () => {
    const server = shared;
    assert.ok(server);
    await withContext(server, async (contextA) => {
      await withContext(server, async (contextB) => {
        const pageA = await contextA.newPage();
        const pageB = await contextB.newPage();
        const errorsA = collectErrors(pageA);
        const errorsB = collectErrors(pageB);

        // A signs in, then B with the same account: A's session is superseded.
        await signIn(pageA, server);
        await signIn(pageB, server);
        const permission = pageA.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/role/permission');
        await pageA.reload();
        const answer = await (await permission).json();
        assert.equal(answer.code, 504, JSON.stringify(answer));

        const alert = await confirmDialog(pageA, TEXT.signedInElsewhere);
        assert.deepEqual((await alert.locator('button').allInnerTexts()).map((t) => t.trim()), [TEXT.ok], 'a single 确定 button');
        // An alert: Escape and the mask do not dismiss it.
        await pageA.keyboard.press('Escape');
        await pageA.mouse.click(10, 10);
        await sleep(500);
        assert.equal(await alert.isVisible(), true, 'Escape and a click outside do not close it');
        assert.equal(await pageA.locator('.ant-modal-confirm').count(), 1, 'exactly one dialog');
        assert.deepEqual(await messages(pageA), [], 'no red message for code 504');
        await pageA.evaluate(() => document.fonts.ready);
        await screenshot(pageA, 'auth-signed-in-elsewhere-alert');

        await alert.getByRole('button', { name: TEXT.ok, exact: true }).click();
        await pageA.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
        await pageA.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal((await session(pageA)).token, null, 'A no longer holds a token');
        assert.equal(await pageA.locator('.ant-modal-confirm').count(), 0);

        // A signs in again, which supersedes B; B then fires three calls at once (through the
        // application's own lazily loaded permission module, so its request layer answers them).
        await submitLogin(pageA);
        await pageA.getByText(TEXT.welcome(FIRST_ADMIN_NAME), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
        let answered = 0;
        pageB.on('response', (r) => {
          if (new URL(r.url()).pathname === '/api/admin/role/permission') answered += 1;
        });
        const outcomes = await pageB.evaluate(async () => {
          const chunk = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .find((name) => /\/assets\/rolesApi-[^/]+\.js$/.test(name));
          if (!chunk) throw new Error('the rolesApi chunk was not loaded');
          const { fetchAdminPermissions } = await import(chunk);
          const results = await Promise.allSettled([fetchAdminPermissions(), fetchAdminPermissions(), fetchAdminPermissions()]);
          return results.map((r) => (r.status === 'rejected' ? `${r.reason?.name} ${r.reason?.code}` : 'fulfilled'));
        });
        assert.deepEqual(outcomes, ['ApiError 504', 'ApiError 504', 'ApiError 504']);
        assert.equal(answered, 3);
        const alertB = await confirmDialog(pageB, TEXT.signedInElsewhere);
        await sleep(500);
        assert.equal(await pageB.locator('.ant-modal-confirm').count(), 1, 'one dialog for three failed calls');
        await alertB.getByRole('button', { name: TEXT.ok, exact: true }).click();
        await pageB.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
        await pageB.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal((await session(pageB)).token, null);

        // A, signed in last, is unaffected.
        await pageA.reload();
        await pageA.getByText(TEXT.welcome(FIRST_ADMIN_NAME), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(await pageA.locator('.ant-modal').count(), 0);

        assert.deepEqual(unexpectedErrors(errorsA), [], 'errors in A');
        assert.deepEqual(unexpectedErrors(errorsB), [], 'errors in B');
      });
    });
  });

  it('修改登录密码: 550 px, not dismissable, validates on blur, reports 原密码不正确, changes the password and signs out', async (t) => {
    await withServer({}, async (server) => {
      await withContext(server, async (context) => {
        const page = await context.newPage();
        const errors = collectErrors(page);
        /** @type {{ body: unknown, contentType: string | undefined }[]} */
        const updates = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/admin/user/password/update') {
            updates.push({ body: request.postDataJSON(), contentType: request.headers()['content-type'] });
          }
        });
        await signIn(page, server);
        const oldToken = (await session(page)).token ?? '';

        await chooseFromUserMenu(page, TEXT.changePassword);
        const dialog = page.locator('.ant-modal').filter({ hasText: TEXT.password.title });
        await dialog.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal((await dialog.locator('.ant-modal-title').innerText()).trim(), TEXT.password.title);
        await sleep(400); // the opening animation scales the box
        const box = await dialog.boundingBox();
        assert.ok(box);
        assert.equal(Math.round(box.width), 550, 'the dialog is 550 px wide');

        // Neither the mask nor Escape closes it.
        await page.mouse.click(20, 20);
        await sleep(400);
        assert.equal(await dialog.isVisible(), true, 'a click on the mask does not close it');
        await page.locator('#passwordOld').focus();
        await page.keyboard.press('Escape');
        await sleep(400);
        assert.equal(await dialog.isVisible(), true, 'Escape does not close it');

        const submit = dialog.getByRole('button', { name: TEXT.ok, exact: true });
        assert.equal(await submit.isDisabled(), true, 'nothing typed: submit is disabled');

        // Leaving each empty field shows its message.
        await page.locator('#passwordOld').click();
        await page.locator('#passwordNew').click();
        await page.locator('#newPassword2').click();
        await dialog.locator('.ant-modal-title').click();
        await eventually(
          () => fieldMessages(dialog),
          { passwordOld: [TEXT.password.oldRequired], passwordNew: [TEXT.password.newRequired], newPassword2: [TEXT.password.confirmRequired] },
          'the required messages',
        );
        assert.equal(await submit.isDisabled(), true);
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, 'auth-change-password-required');

        // Too short, and a confirmation that differs.
        await page.locator('#passwordOld').fill('not-the-password');
        await page.locator('#passwordNew').fill('abc');
        await page.locator('#newPassword2').fill('abd');
        await dialog.locator('.ant-modal-title').click();
        await eventually(
          () => fieldMessages(dialog),
          { passwordOld: [], passwordNew: [TEXT.password.length], newPassword2: [TEXT.password.mismatch] },
          'the length and mismatch messages',
        );
        assert.equal(await submit.isDisabled(), true, 'invalid: submit is disabled');
        await screenshot(page, 'auth-change-password-invalid');

        // Long enough but still different: still disabled.
        const newPassword = 'New-Passw0rd!';
        await page.locator('#passwordNew').fill(newPassword);
        await page.locator('#passwordNew').blur();
        await eventually(() => fieldMessages(dialog).then((m) => m.passwordNew), [], 'a valid new password clears its message');
        assert.equal(await submit.isDisabled(), true, 'the confirmation still differs');
        await page.locator('#newPassword2').fill(newPassword);
        await page.locator('#newPassword2').blur();
        await eventually(() => fieldMessages(dialog).then((m) => m.newPassword2), [], 'a matching confirmation clears the mismatch');
        assert.equal(await submit.isDisabled(), false, 'all valid: submit is enabled');

        // A wrong old password: the server's message, and the dialog stays open.
        await submit.click();
        const wrongNotice = page.locator('.ant-message-notice').filter({ hasText: TEXT.password.wrongOld });
        await wrongNotice.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal((await wrongNotice.innerText()).trim(), TEXT.password.wrongOld);
        await eventually(() => fieldMessages(dialog).then((m) => m.passwordOld), [TEXT.password.wrongOld], 'the message under 原密码');
        assert.equal(await dialog.isVisible(), true);
        assert.equal(updates.length, 1);
        assert.deepEqual(updates[0].body, { passwordOld: md5('not-the-password'), passwordNew: md5(newPassword), enabled: true });
        assert.match(updates[0].contentType ?? '', /^application\/json/);
        await screenshot(page, 'auth-change-password-wrong-old');

        // The right old password: success, then about 1 s later the login page.
        await page.locator('#passwordOld').fill(TEST_ADMIN_PASSWORD);
        await sleep(2_200); // the previous red message has gone
        const navigations = recordNavigations(page);
        // Timed in the page, where polling and a loaded machine do not blur the interval.
        await page.evaluate((text) => {
          const w = /** @type {any} */ (window);
          new MutationObserver((_, observer) => {
            if (document.body.innerText.includes(text)) {
              w.__successAt = performance.now();
              observer.disconnect();
            }
          }).observe(document.body, { childList: true, subtree: true, characterData: true });
          const timer = setInterval(() => {
            if (location.pathname === '/login') {
              w.__loginAt = performance.now();
              clearInterval(timer);
            }
          }, 10);
        }, TEXT.password.success);
        await submit.click();
        const success = page.locator('.ant-message-notice').filter({ hasText: TEXT.password.success });
        await success.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal((await success.innerText()).trim(), TEXT.password.success);
        assert.equal(await success.locator('.ant-message-success').count(), 1);
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
        await page.waitForFunction(() => /** @type {any} */ (window).__loginAt !== undefined);
        const delay = await page.evaluate(() => /** @type {any} */ (window).__loginAt - /** @type {any} */ (window).__successAt);
        assert.ok(delay >= 800 && delay <= 1_500, `signed out ${Math.round(delay)} ms after the success message (about 1 s)`);
        t.diagnostic(`signed out ${Math.round(delay)} ms after the success message`);
        await sleep(300);
        assert.deepEqual(navigations, [`${server.baseURL}/login`], 'straight to /login');
        assert.equal(updates.length, 2);
        const sent = /** @type {Record<string, unknown>} */ (updates[1].body);
        assert.deepEqual(Object.keys(sent).sort(), ['enabled', 'passwordNew', 'passwordOld'], 'no newPassword2');
        assert.match(String(sent.passwordOld), /^[0-9a-f]{32}$/);
        assert.match(String(sent.passwordNew), /^[0-9a-f]{32}$/);
        assert.deepEqual(sent, { passwordOld: md5(TEST_ADMIN_PASSWORD), passwordNew: md5(newPassword), enabled: true });
        const after = await session(page);
        assert.deepEqual(after.keys, [], 'local storage is empty');
        assert.equal(after.cookie, undefined);
        assert.equal((await permissionCall(server, oldToken)).status, 401, 'the old session is over');

        // The old password no longer opens the account; the new one does.
        await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
        await submitLogin(page);
        await page.locator('.ant-message-notice').filter({ hasText: TEXT.badCredentials }).waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(new URL(page.url()).pathname, '/login');
        await page.locator('#login-password').fill(newPassword);
        await page.getByRole('button', { name: TEXT.submit, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
        await page.getByText(TEXT.welcome(FIRST_ADMIN_NAME), { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });

        // The change ended the session on the server, so the client does not call logout with the dead token.
        assert.deepEqual(unexpectedErrors(errors), []);
      });
    });
  });
});
