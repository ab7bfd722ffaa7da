// Foundation stage: the binary starts on an empty database and serves the SPA with compressed,
// immutable assets; without a token only the login page is open (the product specification); after signing in, an
// unknown path shows the 404 page.

import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive, TEST_ADMIN_PASSWORD } from '../lib/server.mjs';

const APP_TITLE = { zh: '小蜜蜂任务共享系统', en: 'Bee Task Sharing System' };

/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;
/** @type {import('playwright-core').Browser | undefined} */
let browser;

/**
 * A fresh context (no token, no cache) with the `language` cookie set.
 *
 * @param {'zh' | 'en'} language
 * @param {import('playwright-core').BrowserContextOptions} [options]
 */
async function newContext(language, options = {}) {
  assert.ok(browser && server);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ...options });
  await context.addCookies([{ name: 'language', value: language, url: server.baseURL }]);
  return context;
}

/**
 * GET with `Accept-Encoding: gzip` and no decoding, to see exactly what goes over the wire.
 *
 * @param {string} url
 * @returns {Promise<{ status: number, headers: http.IncomingHttpHeaders, body: Buffer }>}
 */
function rawGet(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout: GET ${url}`)));
  });
}

/**
 * Waits until `predicate(output)` holds (the banner is printed right after the server starts).
 *
 * @param {() => string} output
 * @param {(text: string) => boolean} predicate
 */
async function waitForOutput(output, predicate, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return output();
}

describe('foundation: binary, SPA shell, public pages', () => {
  before(async () => {
    server = await startBeehive();
    browser = await launchBrowser();
  });

  after(async () => {
    // Each step on its own, so a failing one does not leave the other running.
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('starts on an empty SQLite database and announces the first administrator without its password', async () => {
    assert.ok(server);
    const response = await fetch(`${server.baseURL}/api/health`);
    assert.equal(response.status, 200);
    const body = await response.json();
    assert.equal(body.result, true, JSON.stringify(body));
    assert.equal(body.data.status, 'ok');
    assert.equal(body.data.database, 'sqlite');
    assert.ok(Array.isArray(body.data.migrations) && body.data.migrations.length > 0, 'migrations were applied');

    const output = await waitForOutput(server.output, (text) => text.includes('administrator created'));
    assert.match(output, /administrator created: admin\b/, output);
    assert.match(output, /password from BEEHIVE_ADMIN_PASSWORD/, output);
    assert.ok(!output.includes(TEST_ADMIN_PASSWORD), 'the administrator password must not be printed');
  });

  it('loads /login without errors, titled in the cookie language, with gzip-compressed immutable assets', async () => {
    assert.ok(server);
    for (const language of /** @type {const} */ (['zh', 'en'])) {
      const context = await newContext(language);
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        /** @type {import('playwright-core').Response[]} */
        const responses = [];
        page.on('response', (response) => responses.push(response));

        await page.goto(`${server.baseURL}/login`, { waitUntil: 'networkidle' });
        const heading = page.getByRole('heading', { level: 1, name: APP_TITLE[language] });
        await heading.waitFor({ state: 'visible', timeout: 10_000 });
        assert.equal(new URL(page.url()).pathname, '/login');
        assert.equal(await page.title(), `${language === 'zh' ? '登录' : 'Sign in'} - ${APP_TITLE[language]}`);
        assert.equal(await page.locator('html').getAttribute('lang'), language === 'zh' ? 'zh-CN' : 'en');
        await page.locator('#login-username').waitFor({ state: 'visible' });
        await page.locator('#login-password').waitFor({ state: 'visible' });

        if (language === 'zh') {
          await page.evaluate(() => document.fonts.ready);
          await screenshot(page, 'login-zh-1366x768');
        }
        assert.deepEqual(errors.all(), [], `errors on /login (${language})`);

        // What the browser got: every asset compressed and cacheable for ever.
        const assets = responses.filter((r) => new URL(r.url()).pathname.startsWith('/assets/'));
        assert.ok(assets.length >= 2, `expected the entry script and stylesheet, got ${assets.map((r) => r.url())}`);
        for (const asset of assets) {
          const headers = await asset.allHeaders();
          assert.equal(asset.status(), 200, asset.url());
          assert.match(headers['content-encoding'] ?? '', /^(gzip|br)$/, `${asset.url()} is compressed`);
          assert.match(headers['cache-control'] ?? '', /immutable/, `${asset.url()} cache-control`);
        }
        const html = responses.find((r) => r.request().resourceType() === 'document');
        assert.ok(html, 'the document response');
        assert.doesNotMatch((await html.allHeaders())['cache-control'] ?? '', /immutable/, 'index.html must not be immutable');

        // And to a client that accepts only gzip, the same files go gzip-compressed.
        if (language === 'zh') {
          for (const asset of assets) {
            const { status, headers, body } = await rawGet(asset.url());
            assert.equal(status, 200, asset.url());
            assert.equal(headers['content-encoding'], 'gzip', `${asset.url()} with Accept-Encoding: gzip`);
            assert.match(String(headers['cache-control']), /immutable/, asset.url());
            const decoded = gunzipSync(body);
            assert.ok(body.length < decoded.length, `${asset.url()}: ${body.length} B gzip < ${decoded.length} B`);
          }
        }
      } finally {
        await context.close();
      }
    }
  });

  it('without a token only the login page is open: /dashboard and an unknown path go to /login?redirect=…', async () => {
    assert.ok(server);
    const context = await newContext('zh');
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      for (const [path, redirect] of [
        ['/dashboard', '%2Fdashboard'],
        ['/no/such/page', '%2Fno%2Fsuch%2Fpage'],
        ['/404', '%2F404'],
      ]) {
        await page.goto(`${server.baseURL}${path}`);
        await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
        assert.equal(page.url(), `${server.baseURL}/login?redirect=${redirect}`, `from ${path}`);
        await page.getByRole('heading', { level: 1, name: APP_TITLE.zh }).waitFor({ state: 'visible', timeout: 10_000 });
      }
      assert.deepEqual(errors.all(), [], 'errors on the way to /login');
    } finally {
      await context.close();
    }
  });

  it('signs in as admin, follows the redirect target and shows the 404 page for an unknown path', async () => {
    assert.ok(server);
    const context = await newContext('zh');
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);

      await page.goto(`${server.baseURL}/no/such/page`);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });
      await page.locator('#login-username').fill('admin');
      await page.locator('#login-password').fill(TEST_ADMIN_PASSWORD);
      await page.getByRole('button', { name: '登录', exact: true }).click();

      // Back to the target, which is no page: the 404 page.
      await page.waitForURL((url) => url.pathname === '/404', { timeout: 10_000 });
      await page.getByText('页面不存在', { exact: true }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.getByText('抱歉，您访问的页面不存在或已被移除。').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: '返回首页' }).waitFor({ state: 'visible' });
      assert.equal(await page.title(), `页面不存在 - ${APP_TITLE.zh}`);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'not-found-zh-1366x768');

      // 返回首页 leads to the dashboard, signed in.
      await page.getByRole('button', { name: '返回首页' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: '超级管理员，您好' }).waitFor({ state: 'visible', timeout: 10_000 });
      assert.equal(await page.title(), `系统首页 - ${APP_TITLE.zh}`);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'dashboard-zh-1366x768');
      assert.deepEqual(errors.all(), [], 'errors while signing in and on the 404 page');
    } finally {
      await context.close();
    }
  });
});
