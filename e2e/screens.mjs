// Screenshots of every screen of the workspace, for a person to look at (scripts/screens): each
// screen of the administrator's sidebar, plus the detail pages a list opens (a customer, an
// order), in the given languages and window sizes, against a running Beehive with realistic data.
//
//   node e2e/screens.mjs --base http://127.0.0.1:8080 --password '…' --out /tmp/screens \
//        [--languages zh,en] [--sizes 1440x900,414x860] [--only customer,order]
//
// Writes <out>/<language>-<width>/<nn>-<route>.png and prints one line per screen with what it
// noticed mechanically (an error message shown, a clipped table cell, text in another
// language's script) so the pictures to look at first stand out.

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from './lib/browser.mjs';
import { sleep } from './lib/workspace.mjs';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    password: { type: 'string' },
    user: { type: 'string', default: 'admin' },
    out: { type: 'string', default: '/tmp/screens' },
    languages: { type: 'string', default: 'zh,en' },
    sizes: { type: 'string', default: '1440x900,414x860' },
    only: { type: 'string', default: '' },
  },
});
if (!values.base || !values.password) {
  console.error('usage: node e2e/screens.mjs --base URL --password PASSWORD [--out DIR]');
  process.exit(2);
}
const base = values.base.replace(/\/$/, '');

/** @param {import('playwright-core').Page} page */
async function signIn(page) {
  await page.goto(`${base}/login`);
  await page.locator('#login-username').waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('#login-username').fill(values.user ?? 'admin');
  await page.locator('#login-password').fill(values.password ?? '');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 15_000 });
}

/** The paths of the sidebar, section by section (the sections open one at a time). */
async function sidebarPaths(/** @type {import('playwright-core').Page} */ page) {
  const paths = new Set(['/dashboard']);
  const titles = page.locator('.bh-sidebar .ant-menu-submenu-title');
  await titles.first().waitFor({ state: 'visible', timeout: 15_000 });
  const count = await titles.count();
  for (let i = 0; i < count; i += 1) {
    await titles.nth(i).click();
    await sleep(400);
    // A menu item's id ends with its path (`rc-menu-uuid-…-/operate/contract`).
    const ids = await page.locator('.bh-sidebar li.ant-menu-item[data-menu-id]').evaluateAll((items) => items.map((li) => li.getAttribute('data-menu-id') ?? ''));
    for (const id of ids) {
      const at = id.indexOf('-/');
      if (at >= 0) paths.add(id.slice(at + 1).split('?')[0]);
    }
  }
  return [...paths];
}

/** Waits for the shown page: its area visible, no spinner, fonts loaded. */
async function settled(/** @type {import('playwright-core').Page} */ page) {
  await page.locator('.bh-page:visible').first().waitFor({ state: 'visible', timeout: 15_000 }).catch(() => undefined);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const spinning = await page.locator('.bh-page:visible .ant-spin-spinning, .bh-page:visible .ant-skeleton-active').count();
    if (spinning === 0) break;
    await sleep(200);
  }
  await page.evaluate(() => document.fonts.ready);
  await sleep(400);
}

/** What a glance would catch: error messages, clipped cells, Chinese on a non-Chinese screen. */
async function notes(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ language) {
  return page.evaluate((lang) => {
    const found = [];
    const root = document.querySelector('.bh-page:not([hidden])') ?? document.body;
    for (const el of document.querySelectorAll('.ant-message-error, .ant-alert-error, .ant-result-error')) {
      found.push(`error: ${(el.textContent ?? '').trim().slice(0, 80)}`);
    }
    const clipped = [...root.querySelectorAll('.ant-table-thead th, .ant-table-tbody td')]
      .filter((c) => !c.classList.contains('ant-table-cell-ellipsis') && !c.closest('.ant-table-placeholder'))
      .filter((c) => c.scrollWidth > c.clientWidth + 1);
    if (clipped.length > 0) found.push(`clipped: ${clipped.slice(0, 3).map((c) => (c.textContent ?? '').trim().slice(0, 20)).join(' | ')}`);
    // A list that scrolls sideways on a desktop hides columns under its fixed actions column.
    if (window.innerWidth > 992) {
      for (const box of root.querySelectorAll('.bh-list .ant-table-content, .bh-list .ant-table-body')) {
        if (box.scrollWidth > box.clientWidth + 1) found.push(`sideways: ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    if (lang !== 'zh') {
      // Chinese outside the data: headers, labels, buttons, titles.
      const chrome = [...document.querySelectorAll('th, label, button, .ant-menu-title-content, h1, .ant-tabs-tab, .ant-descriptions-item-label, .ant-empty-description')]
        .map((el) => (el.textContent ?? '').trim())
        .filter((text) => /[\u4e00-\u9fff]/.test(text));
      if (chrome.length > 0) found.push(`chinese: ${[...new Set(chrome)].slice(0, 5).join(' | ')}`);
    }
    return found;
  }, language);
}

/** The id of the first record a list call answers (with the page's session). */
async function firstId(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ url) {
  return page.evaluate(async (call) => {
    const response = await fetch(call, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'authorization-token': localStorage.getItem('token') ?? '' },
      body: JSON.stringify({ page: 1, size: 1 }),
    });
    const body = await response.json();
    return body?.data?.records?.[0]?.id ?? null;
  }, `${base}${url}`);
}

const browser = await launchBrowser();
try {
  const languages = (values.languages ?? 'zh').split(',');
  const sizes = (values.sizes ?? '1440x900').split(',').map((s) => s.split('x').map(Number));
  let paths = /** @type {string[]} */ ([]);
  for (const language of languages) {
    for (const [width, height] of sizes) {
      const context = await browser.newContext({ viewport: { width, height } });
      await context.addCookies([{ name: 'language', value: 'zh', url: base }]);
      const page = await context.newPage();
      await signIn(page);
      if (paths.length === 0) {
        paths = await sidebarPaths(page);
        // The detail pages: a customer's and an order's.
        const customer = await firstId(page, '/api/admin/customer/page');
        if (customer) paths.push(`/operate/customerManagement/detail/${customer}`);
        const order = await firstId(page, '/api/admin/order/all/page');
        if (order) paths.push(`/business/orderDetail/${order}`);
        if (values.only) paths = paths.filter((p) => (values.only ?? '').split(',').some((word) => p.includes(word)));
      }
      await context.addCookies([{ name: 'language', value: language, url: base }]);
      const dir = path.join(values.out ?? '/tmp/screens', `${language}-${width}`);
      await mkdir(dir, { recursive: true });
      for (const [i, route] of paths.entries()) {
        await page.goto(`${base}${route}`);
        await settled(page);
        const name = `${String(i).padStart(2, '0')}-${route.replace(/^\//, '').replace(/[/?=&]/g, '_') || 'root'}.png`;
        await page.screenshot({ path: path.join(dir, name), fullPage: true });
        const found = await notes(page, language);
        console.log(`${language}-${width} ${name}${found.length > 0 ? `  ${found.join('; ')}` : ''}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
