// 逾期管理 (docs/overdue.md "The screen"). An order becomes OVERDUE only when the business date
// passes a due date plus the grace days, and the release binary has no clock control, so no real
// overdue row exists here: the rows, the notes drawer and the note form are covered by the render
// test (web/src/features/overdue/OverduePage.test.tsx) with the API mocked. What this file checks
// against the real server: a collection user (admin:order_plan:table, plus 业务管理's section
// permission admin:assignment_queue:table) opens the screen from the sidebar and sees the empty list
// (not an error) — also after filtering by bucket and days past due and sorting by each column the
// screen sorts by, so the server takes the bodies the screen sends —, a backwards days-past-due
// range is said without asking the server, and a user without the permission has no menu item, gets
// the 401 page by URL and a 403 from the API.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, eventually, md5 } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const COLLECTOR = { username: 'collector01', password: 'Collect-Passw0rd1' };
const CLERK = { username: 'clerk01', password: 'Clerk-Passw0rd1' };
const LIST = '/business/overdueManagement';
const MENU_ITEM = '逾期还款管理';

/**
 * Signs in through the login page (Chinese texts: the context holds the `language=zh` cookie).
 * @param {import('playwright-core').Page} page @param {string} baseURL @param {{ username: string, password: string }} account
 */
async function signIn(page, baseURL, account) {
  await page.goto(`${baseURL}/login`);
  await page.locator('#login-username').fill(account.username);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
}

/** The items of 业务管理 in the sidebar, once it is open. @param {import('playwright-core').Page} page */
async function businessItems(page) {
  const submenu = page.locator('.bh-sidebar .ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: '业务管理' }) });
  if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await submenu.locator('.ant-menu-submenu-title').click();
  await eventually(
    () => submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open') && !/motion/.test(el.querySelector(':scope > .ant-menu-sub')?.className ?? 'motion')),
    true,
    '业务管理 open and still',
    10_000,
  );
  return { submenu, labels: (await submenu.locator('.ant-menu-item').allInnerTexts()).map((label) => label.trim()) };
}

describe('overdue management: the screen against the real server', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('a collection user sees the empty list, filters and sorts it; a user without the permission has neither menu item nor list', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const root = await apiSignIn(baseURL);
    const call = (/** @type {string} */ path, /** @type {unknown} */ body) => api(baseURL, root, 'POST', path, body);
    const collector = await call('/api/admin/role/create', {
      code: 'e2e_collector',
      name: '催收专员',
      description: '逾期订单与催收记录',
      enabled: true,
      permissions: ['admin:assignment_queue:table', 'admin:order_plan:table'],
    });
    const clerk = await call('/api/admin/role/create', {
      code: 'e2e_order_clerk',
      name: '订单专员',
      description: '订单，不含逾期',
      enabled: true,
      permissions: ['admin:assignment_queue:table', 'admin:order_info:table'],
    });
    for (const [account, name, role] of /** @type {const} */ ([[COLLECTOR, '赵催收', collector], [CLERK, '王订单', clerk]])) {
      await call('/api/admin/user/create', { account: account.username, name, mobile: '', departmentId: null, roleIds: [role.id], password: md5(account.password) });
    }

    let context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);

      // ------------------------------------------------------------ the collection user
      let page = await context.newPage();
      let errors = collectErrors(page);
      /** @type {{ body: any, answer: any }[]} */
      const calls = [];
      page.on('response', async (response) => {
        if (!response.url().endsWith('/api/admin/order/overdue/page')) return;
        calls.push({ body: response.request().postDataJSON(), answer: await response.json().catch(() => null) });
      });
      await signIn(page, baseURL, COLLECTOR);
      const { submenu, labels } = await businessItems(page);
      assert.ok(labels.includes(MENU_ITEM), `业务管理 offers ${MENU_ITEM}: ${labels.join(', ')}`);
      await submenu.locator('.ant-menu-item', { hasText: MENU_ITEM }).click();
      await page.locator('.bh-tags .bh-tag--active', { hasText: MENU_ITEM }).waitFor({ timeout: 10_000 });
      const area = page.locator(`.bh-page[data-page="${LIST}"]`);
      await area.locator('.ant-table').waitFor({ timeout: 10_000 });

      // The empty list, not an error: the server answered, nothing is overdue.
      await area.locator('.ant-table-placeholder .ant-empty').waitFor({ timeout: 10_000 });
      assert.equal(await area.locator('.bh-list__error').count(), 0, 'no error state');
      await eventually(() => calls.length > 0, true, 'the list was asked for');
      assert.deepEqual(calls[0]?.body, { page: 1, size: 10, sort: { field: 'overdueDays', order: 'desc' } }, 'latest first by days past due');
      assert.equal(calls[0]?.answer?.result, true, JSON.stringify(calls[0]?.answer));
      assert.equal(calls[0]?.answer?.data?.total, 0);
      const headers = (await area.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
      assert.deepEqual(headers, ['订单号', '客户', '车牌号', '逾期天数', '分档', '催告', '未还金额（元）', '下期应还', '操作']);
      // The list's own permission exports it: the collection team takes its work list away as a sheet.
      assert.equal(await area.locator('.bh-list__toolbar').getByRole('button', { name: /导\s*出/ }).count(), 1);

      // Bucket and days past due: the server takes the body the screen sends.
      await area.getByRole('combobox', { name: '逾期分档' }).fill('M2');
      await area.getByLabel('逾期天数 最少').fill('31');
      await area.getByLabel('逾期天数 最多').fill('60');
      await area.getByRole('button', { name: /查\s*询/ }).click();
      await eventually(() => calls.at(-1)?.body?.dpdTo, 60, 'the filtered list was asked for');
      const filtered = calls.at(-1);
      assert.deepEqual(filtered?.body, { page: 1, size: 10, sort: { field: 'overdueDays', order: 'desc' }, bucket: 'M2', dpdFrom: 31, dpdTo: 60 });
      assert.equal(filtered?.answer?.result, true, JSON.stringify(filtered?.answer));
      assert.equal(new URL(page.url()).searchParams.get('dpd'), '31~60', 'the filters are in the address');

      // Each column the screen sorts by is one the server sorts by.
      for (const [header, field] of [['未还金额（元）', 'outstandingFen'], ['下期应还', 'nextDueDate']]) {
        const before = calls.length;
        await area.locator('.ant-table-thead th', { hasText: header }).click();
        await eventually(() => calls.length > before && calls.at(-1)?.body?.sort?.field === field, true, `sorted by ${field}`);
        assert.equal(calls.at(-1)?.answer?.result, true, `${field}: ${JSON.stringify(calls.at(-1)?.answer)}`);
        await area.locator('.ant-table-placeholder .ant-empty').waitFor();
      }

      // A backwards range is said in the list, not sent.
      const before = calls.length;
      await area.getByLabel('逾期天数 最多').fill('20');
      await area.getByRole('button', { name: /查\s*询/ }).click();
      await area.locator('.bh-list__error', { hasText: '逾期天数上限不能小于下限' }).waitFor({ timeout: 5_000 });
      assert.equal(calls.length, before, 'nothing sent');
      assert.deepEqual(errors.all(), []);
      await page.close();

      // ------------------------------------------------------------ a user without the permission
      await context.close();
      context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      page = await context.newPage();
      errors = collectErrors(page);
      await signIn(page, baseURL, CLERK);
      const clerkMenu = await businessItems(page);
      assert.ok(clerkMenu.labels.length > 0, '业务管理 is there');
      assert.ok(!clerkMenu.labels.includes(MENU_ITEM), `no ${MENU_ITEM}: ${clerkMenu.labels.join(', ')}`);
      await page.goto(`${baseURL}${LIST}`);
      await page.getByText('无访问权限').first().waitFor({ timeout: 10_000 });
      assert.equal(new URL(page.url()).pathname, LIST, 'refused in place');
      assert.deepEqual(errors.all(), []);
      await page.close();
    } finally {
      await context.close();
    }

    // The API agrees: the list and the notes are the collection staff's.
    const clerkToken = await apiSignIn(baseURL, CLERK);
    for (const [method, path, body] of /** @type {const} */ ([
      ['POST', '/api/admin/order/overdue/page', { page: 1, size: 10 }],
      ['GET', '/api/admin/order/collection/list/1', undefined],
    ])) {
      const response = await fetch(`${baseURL}${path}`, {
        method,
        headers: { 'authorization-token': clerkToken, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const envelope = await response.json();
      assert.equal(envelope.result, false, `${path}: ${JSON.stringify(envelope)}`);
      assert.equal(envelope.code, 403, `${path}: ${JSON.stringify(envelope)}`);
    }
  });
});
