// 逾期挂账 (docs/advances.md) against the real server. The release binary has no clock control,
// so the orders are made overdue the other way round: their interest runs from a date months back
// (the policies' start, the schedule's anchor), so that when the policies are issued today the
// nightly run's catch-up finds instalments overdue for more than the provider's 30 days and the
// platform advances them at once (E6). Two such orders, then in Chromium: 逾期挂账 lists the three
// advanced instalments with what was advanced and is still claimed; a repayment of the older
// order's first instalment (recorded and confirmed by two users through the API) takes it off the
// list, and 全部 shows it recovered; the order page marks the advanced instalments 已代偿.
// Screenshots in Chinese and English at 1440×900 and on a phone (414×860):
// e2e/artifacts/advances-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { repayingOrder, seedWorld, shift } from '../lib/orders.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { eventually } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The browser's user (one session per account: the API's maker and checker stay signed in). */
const VIEWER = { username: 'viewer01', password: 'Viewer-Passw0rd1' };
const LIST = '/business/overdueAccount';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 414, height: 860 };

/** @param {import('playwright-core').Page} page @param {string} baseURL @param {{ username: string, password: string }} account @param {string} button */
async function signIn(page, baseURL, account, button) {
  await page.goto(`${baseURL}/login`);
  await page.locator('#login-username').fill(account.username);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
}

/** The table fits its page: nothing hides under the fixed actions column. @param {import('playwright-core').Locator} area */
async function fitsWidth(area) {
  const [scroll, client] = await area.locator('.ant-table-content, .ant-table-body').first().evaluate((el) => [el.scrollWidth, el.clientWidth]);
  assert.ok(scroll <= client + 1, `the table scrolls sideways at 1440 px: ${scroll} > ${client}`);
}

/** The money texts of a column, e.g. ['888.49', …]. @param {import('playwright-core').Locator} area @param {number} index */
async function column(area, index) {
  return (await area.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${index + 1})`).allInnerTexts()).map((t) => t.trim());
}

describe('逾期挂账: instalments the platform advanced, against the real server', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('lists the advanced instalments, drops one when the customer repays it, marks them on the order page', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const world = await seedWorld(baseURL, {
      role: { code: 'e2e_post_loan', name: '贷后专员', description: '逾期、代偿挂账与还款' },
      permissions: ['admin:order_plan:table', 'admin:order_plan_overdue:table'],
      users: [
        [MAKER, '王经办'],
        [CHECKER, '李复核'],
        [VIEWER, '赵贷后'],
      ],
      guaranteeMode: 'PLATFORM_ADVANCE_AFTER_N_DAYS',
    });
    const [maker, checker] = world.tokens;
    const today = world.businessDate;
    const older = await repayingOrder(world, { maker, checker, tag: '1101', anchorDate: shift(today, { days: -100 }) });
    const newer = await repayingOrder(world, {
      maker,
      checker,
      tag: '1102',
      anchorDate: shift(today, { days: -75 }),
      customer: { name: '林晓梅', idNo: '440304198511204567', mobile: '13912340021', plateNo: '沪B7K219', vin: 'LFV2A21K4N3012345' },
    });
    for (const order of [older, newer]) assert.equal((await order.read()).order.status, 'OVERDUE', 'late from the start');

    // What the server advanced: the instalments more than 30 days past due.
    const page1 = await world.call('/api/admin/order/advance/page', { page: 1, size: 10 });
    const expected = [];
    for (const order of [older, newer]) {
      const money = await world.get(`/api/admin/order/money/${order.orderId}`);
      for (const item of money.items) {
        const late = (Date.parse(today) - Date.parse(item.dueDate)) / 86_400_000;
        assert.equal(item.advancedFen > 0, late >= 30, `instalment ${item.seq} due ${item.dueDate}: advanced after 30 days`);
        if (late >= 30) {
          assert.equal(item.advancedOn, shift(item.dueDate, { days: 30 }), 'dated the 30th day, however late the run');
          assert.equal(item.advancedFen, item.principal.dueFen + item.interest.dueFen, 'principal and interest, nothing was paid');
          expected.push({ orderNo: order.orderNo, seq: item.seq, advancedFen: item.advancedFen, advancedOn: item.advancedOn });
        }
      }
    }
    assert.equal(expected.length, 3, JSON.stringify(expected));
    assert.equal(page1.total, 3);

    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, baseURL, VIEWER, '登录');
      const submenu = page.locator('.bh-sidebar .ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: '业务管理' }) });
      if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) await submenu.locator('.ant-menu-submenu-title').click();
      await eventually(
        () => submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open') && !/motion/.test(el.querySelector(':scope > .ant-menu-sub')?.className ?? 'motion')),
        true,
        '业务管理 open and still',
        10_000,
      );
      await submenu.locator('.ant-menu-item', { hasText: '逾期挂账列表' }).click();
      await page.waitForURL((url) => url.pathname === LIST, { timeout: 10_000 });
      const area = page.locator('.bh-page:visible');
      await area.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      const headers = (await area.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
      assert.deepEqual(headers, ['订单号', '客户', '期次 / 应还日', '代偿日', '代偿金额（元）', '已追回（元）', '挂账余额（元）', '逾期天数', '操作']);
      assert.equal(await area.locator('.ant-table-row').count(), 3);
      // Newest advance first.
      const byDate = [...expected].sort((a, b) => b.advancedOn.localeCompare(a.advancedOn));
      assert.deepEqual(await column(area, 3), byDate.map((e) => e.advancedOn));
      assert.deepEqual(await column(area, 4), byDate.map((e) => (e.advancedFen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })));
      assert.deepEqual(await column(area, 6), await column(area, 4), 'nothing recovered yet: all still claimed');
      // No cell is clipped at 1440 px.
      const clipped = await area.locator('.ant-table-tbody td').evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
      assert.deepEqual(clipped, []);
      await fitsWidth(area);
      await screenshot(page, 'advances-list-zh');

      // The customer of the older order pays its first instalment with the penalty.
      const money = await world.get(`/api/admin/order/money/${older.orderId}`);
      const first = money.items[0];
      const body = new FormData();
      for (const [k, v] of Object.entries({ amountFen: String(first.outstandingFen), source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: 'ICBC20261127004411', payer: '郭子豪', valueDate: today, earlySettlement: 'false' })) body.append(k, v);
      body.append('voucher', new Blob([png(120, 80, () => [250, 250, 246, 255])], { type: 'image/png' }), 'slip.png');
      const recorded = await (await fetch(`${baseURL}/api/admin/order/repayment/record/${older.orderId}`, { method: 'POST', body, headers: { 'authorization-token': maker } })).json();
      assert.equal(recorded.result, true, JSON.stringify(recorded));
      await world.call(`/api/admin/order/repayment/confirm/${recorded.data.id}`, {}, checker);
      const after = await world.call('/api/admin/order/advance/page', { page: 1, size: 10 });
      assert.equal(after.total, 2, `recovered: ${JSON.stringify(after.records)}`);
      await area.getByRole('button', { name: '刷新' }).click();
      await eventually(() => area.locator('.ant-table-row').count(), 2, 'the recovered instalment left the list', 10_000);
      // 全部: it is back, recovered in full, nothing claimed.
      await area.getByRole('combobox', { name: '范围' }).click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '全部（含已追回）' }).click();
      await area.getByRole('button', { name: /查\s*询/ }).click();
      await eventually(() => area.locator('.ant-table-row').count(), 3, 'all advanced instalments', 10_000);
      const recoveredRow = area.locator('.ant-table-row', { hasText: older.orderNo }).filter({ hasText: '第 1 期' });
      const cells = (await recoveredRow.locator('td').allInnerTexts()).map((t) => t.trim());
      assert.equal(cells[5], cells[4], `recovered = advanced: ${cells.join(' | ')}`);
      assert.equal(cells[6], '0.00');
      await screenshot(page, 'advances-list-all-zh');

      // The order page marks the advanced instalments.
      await area.locator('.ant-table-row', { hasText: older.orderNo }).first().getByRole('link', { name: older.orderNo }).click();
      await page.waitForURL((url) => url.pathname === `/business/orderDetail/${older.orderId}`, { timeout: 10_000 });
      const section = page.getByTestId('order-repayment');
      await section.getByTestId('repay-summary').waitFor({ timeout: 10_000 });
      await section.getByRole('tab', { name: '分期明细' }).click();
      const plan = section.getByTestId('instalments');
      await plan.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      await plan.scrollIntoViewIfNeeded();
      await plan.getByTestId('advanced-1').waitFor();
      await plan.getByTestId('advanced-2').waitFor();
      assert.equal(await plan.getByTestId('advanced-3').count(), 0, 'instalment 3 is not 30 days late yet');
      await plan.getByTestId('advanced-2').hover();
      await page.locator('.ant-tooltip:visible', { hasText: '已追回 0.00 元' }).waitFor({ timeout: 5_000 });
      await screenshot(page, 'advances-order-zh', { fullPage: false });
      assert.deepEqual(errors.all(), []);
      await page.close();
    } finally {
      await context.close();
    }

    // English, at 1440 px and on a phone.
    for (const [viewport, name] of /** @type {const} */ ([[DESKTOP, 'advances-list-en'], [PHONE, 'advances-list-en-phone']])) {
      const c = await browser.newContext(viewport === PHONE ? { viewport, deviceScaleFactor: 1, isMobile: true, hasTouch: true } : { viewport });
      try {
        await c.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
        const page = await c.newPage();
        const errors = collectErrors(page);
        await signIn(page, baseURL, VIEWER, 'Sign in');
        await page.goto(`${baseURL}${LIST}`);
        const area = page.locator('.bh-page:visible');
        await area.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
        if (viewport === DESKTOP) {
          const headers = (await area.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
          assert.ok(headers.includes('Advanced') && headers.includes('Still owed'), headers.join(', '));
          const clipped = await area.locator('.ant-table-tbody td').evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent));
          assert.deepEqual(clipped, []);
          await fitsWidth(area);
        }
        await screenshot(page, name);
        assert.deepEqual(errors.all(), []);
      } finally {
        await c.close();
      }
    }
  });
});
