// Helpers for suites that work inside the signed-in workspace: the API as a script sees it (to
// prepare data the way an administrator would) and signing in through the login page.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { TEST_ADMIN_PASSWORD } from './server.mjs';

export const md5 = (/** @type {string} */ text) => createHash('md5').update(text, 'utf8').digest('hex');
export const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Calls the API and returns the envelope; fails the test unless it answers `result: true`.
 *
 * @param {string} baseURL
 * @param {string | undefined} token
 * @param {'GET' | 'POST'} method
 * @param {string} path  under the origin, e.g. `/api/admin/role/create`
 * @param {unknown} [body]
 * @returns {Promise<any>} the envelope's `data`
 */
export async function api(baseURL, token, method, path, body) {
  /** @type {Record<string, string>} */
  const headers = {};
  if (token) headers['authorization-token'] = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await response.json();
  assert.equal(envelope.result, true, `${method} ${path}: ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/**
 * Signs in through the API (uid ticket, then the MD5 of the password) and returns the token.
 *
 * @param {string} baseURL
 * @param {{ kind?: 'admin' | 'capital', username?: string, password?: string }} [account]
 */
export async function apiSignIn(baseURL, { kind = 'admin', username = 'admin', password = TEST_ADMIN_PASSWORD } = {}) {
  const { uid } = await api(baseURL, undefined, 'GET', `/api/${kind}/login/uid`);
  const session = await api(baseURL, undefined, 'POST', `/api/${kind}/login/account`, { uid, username, password: md5(password) });
  return /** @type {string} */ (session.token);
}

/** The name of the administrator `admin` that a new installation creates (crates/service/src/system/bootstrap.rs). */
export const FIRST_ADMIN_NAME = '超级管理员';

/**
 * Opens /login, signs in through the form and waits for the dashboard's greeting (Chinese texts:
 * the context must hold the `language=zh` cookie).
 *
 * @param {import('playwright-core').Page} page
 * @param {string} baseURL
 * @param {{ username?: string, password?: string, name?: string }} [account]  `name`: the person's
 *   name the greeting shows (the first administrator's is 超级管理员)
 */
export async function signInAsAdmin(page, baseURL, { username = 'admin', password = TEST_ADMIN_PASSWORD, name = username === 'admin' ? FIRST_ADMIN_NAME : username } = {}) {
  await page.goto(`${baseURL}/login`);
  await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
  // An administrator is greeted by name, not by account.
  await page.getByText(`欢迎您，${name}`, { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
}

/**
 * Waits until `read()` deep-equals `expected`, then asserts it (antd animates things in and out).
 *
 * @param {() => Promise<unknown>} read
 * @param {unknown} expected
 * @param {string} what
 */
export async function eventually(read, expected, what, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  let actual = await read();
  while (!isDeepEqual(actual, expected) && Date.now() < deadline) {
    await sleep(50);
    actual = await read();
  }
  assert.deepEqual(actual, expected, what);
}

/** @param {unknown} a @param {unknown} b */
function isDeepEqual(a, b) {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
}

/**
 * Types a date into an antd DatePicker and confirms it with Enter, checking the picker kept it:
 * the popup's opening animation can swallow the first keystrokes, so it tries up to three times
 * (retyping, never pressing Escape).
 * @param {import('playwright-core').Locator} input the picker's `<input>`
 * @param {string} value `YYYY-MM-DD`
 */
export async function enterDate(input, value) {
  for (let attempt = 1; ; attempt += 1) {
    await input.click();
    await input.fill(value);
    await input.press('Enter');
    await sleep(250);
    const kept = await input.inputValue();
    const open = await input.page().locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)').count();
    if (kept === value && open === 0) return;
    if (attempt === 3) assert.fail(`the date picker shows ${kept} (popup open: ${open > 0}) instead of ${value}`);
    // No Escape here: inside a drawer or a dialog it would close the drawer or dialog itself, and
    // the next attempt would wait for an input that is gone. Clicking the input again and
    // retyping replaces whatever the first attempt left.
  }
}
