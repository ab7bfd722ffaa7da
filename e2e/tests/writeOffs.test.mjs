// 核销 from the order page (T28, docs/write-offs.md) against the real server. An order made
// overdue the way the advances suite does (its interest runs from a date months back); in Chromium
// a post-loan officer opens the order page's 核销 tab, sees what the order owes per component,
// applies for a write-off borne by the platform; two other users approve it through the API (it is
// above the ¥5 000 threshold); the page shows the order 已核销, the application executed and every
// instalment written off. Screenshots in Chinese and English at 1440×900:
// e2e/artifacts/write-off-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { repayingOrder, seedWorld, shift } from '../lib/orders.mjs';
import { startBeehive } from '../lib/server.mjs';
import { eventually } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The browser's user, who applies (one session per account). */
const OFFICER = { username: 'officer01', password: 'Officer-Passw0rd1' };
const DESKTOP = { width: 1440, height: 900 };

/** @param {import('playwright-core').Page} page @param {string} baseURL @param {{ username: string, password: string }} account @param {string} button */
async function signIn(page, baseURL, account, button) {
  await page.goto(`${baseURL}/login`);
  await page.locator('#login-username').fill(account.username);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
}

describe('核销 from the order page, against the real server', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('applies for a write-off of an overdue order and shows it written off after two approvals', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const world = await seedWorld(baseURL, {
      role: { code: 'e2e_write_off', name: '贷后主管', description: '逾期订单核销' },
      permissions: ['admin:order_plan:table', 'admin:order_plan:write_off'],
      users: [
        [MAKER, '王经办'],
        [CHECKER, '李复核'],
        [OFFICER, '周贷后'],
      ],
    });
    const [maker, checker] = world.tokens;
    const order = await repayingOrder(world, { maker, checker, tag: '1201', anchorDate: shift(world.businessDate, { days: -100 }) });
    assert.equal((await order.read()).order.status, 'OVERDUE');
    const quote = await world.get(`/api/admin/order/write-off/quote/${order.orderId}`);
    assert.equal(quote.owed.principalFen, 500_000);
    const yuan = (/** @type {number} */ fen) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });

    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, baseURL, OFFICER, '登录');
      await page.goto(`${baseURL}/business/orderDetail/${order.orderId}`);
      const section = page.getByTestId('order-repayment');
      await section.getByRole('tab', { name: '核销' }).click();
      const panel = section.getByTestId('write-offs');
      await panel.getByText('暂无核销申请').waitFor({ timeout: 10_000 });
      await panel.getByTestId('write-off-apply').click();
      const dialog = page.locator('.ant-modal:visible', { hasText: '申请核销订单' });
      const owed = dialog.getByTestId('write-off-owed');
      await owed.waitFor({ timeout: 10_000 });
      const text = await owed.innerText();
      for (const fen of [quote.owed.principalFen, quote.owed.penaltyFen, quote.owed.totalFen]) assert.ok(text.includes(yuan(fen)), `${yuan(fen)} in ${text}`);
      await dialog.getByText('须两位审批人审批', { exact: false }).waitFor();
      // The reason is required: nothing is sent without it.
      await dialog.getByRole('button', { name: '申请核销' }).click();
      await dialog.getByText('请输入核销原因').waitFor();
      await dialog.getByLabel('平台承担（买断资金方本金）').check();
      await dialog.getByLabel('原因').fill('客户失联 100 天，车辆已处置，平台买断');
      // The field's error clears as it is filled in.
      await dialog.getByText('请输入核销原因').waitFor({ state: 'hidden', timeout: 5_000 });
      await screenshot(page, 'write-off-apply-zh', { fullPage: false });
      await dialog.getByRole('button', { name: '申请核销' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
      const row = panel.locator('.ant-table-row').first();
      await row.getByText('待审批').waitFor({ timeout: 10_000 });
      assert.equal(await panel.getByTestId('write-off-apply').isDisabled(), true, 'one waiting application per order');
      // The maker only withdraws.
      assert.deepEqual((await row.getByRole('button').allInnerTexts()).map((t) => t.trim()).filter(Boolean), ['撤回']);

      // Two other users approve.
      const [waiting] = await world.get(`/api/admin/order/write-off/list/${order.orderId}`);
      assert.equal(waiting.levels, 2);
      assert.equal(waiting.bearer, 'PLATFORM');
      await world.call(`/api/admin/order/write-off/approve/${waiting.id}`, {}, checker);
      await world.call(`/api/admin/order/write-off/approve/${waiting.id}`, {}, maker);
      assert.equal((await order.read()).order.status, 'WRITTEN_OFF');

      await page.reload();
      await eventually(() => page.getByTestId('order-status').innerText(), '已核销', 'the order is written off', 10_000);
      await section.getByRole('tab', { name: '核销' }).click();
      await panel.locator('.ant-table-row').first().getByText('已核销').waitFor({ timeout: 10_000 });
      const cells = (await panel.locator('.ant-table-row').first().locator('td').allInnerTexts()).map((t) => t.trim());
      assert.ok(cells.includes('平台承担（买断资金方本金）'), cells.join(' | '));
      assert.ok(cells.some((c) => c.includes('李复核') && c.includes('王经办')), cells.join(' | '));
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'write-off-done-zh', { fullPage: false });
      await section.getByRole('tab', { name: '分期明细' }).click();
      const plan = section.getByTestId('instalments');
      await plan.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      const statuses = await plan.locator('.ant-table-row .ant-tag').allInnerTexts();
      assert.ok(statuses.filter((s) => s.trim() === '已核销').length === 12, statuses.join(', '));
      assert.deepEqual(errors.all(), []);
      await page.close();
    } finally {
      await context.close();
    }

    // English.
    const c = await browser.newContext({ viewport: DESKTOP });
    try {
      await c.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
      const page = await c.newPage();
      const errors = collectErrors(page);
      await signIn(page, baseURL, OFFICER, 'Sign in');
      await page.goto(`${baseURL}/business/orderDetail/${order.orderId}`);
      const section = page.getByTestId('order-repayment');
      await section.getByRole('tab', { name: 'Write-off' }).click();
      const panel = section.getByTestId('write-offs');
      await panel.locator('.ant-table-row').first().getByText('Written off').waitFor({ timeout: 10_000 });
      await panel.locator('.ant-table-row-expand-icon').first().click();
      await panel.getByText('Two approvers').waitFor();
      await panel.scrollIntoViewIfNeeded();
      await screenshot(page, 'write-off-done-en', { fullPage: false });
      assert.deepEqual(errors.all(), []);
    } finally {
      await c.close();
    }
  });
});
