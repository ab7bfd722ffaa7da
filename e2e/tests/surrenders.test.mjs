// 退保申请 (docs/surrenders.md) against the real server. An order brought to 还款中 through the API
// (lib/orders.mjs, not overdue) is surrendered end to end through the screens, at the customer's
// request: a post-loan officer opens the order page's 退保 tab, 申请退保 opens the surrender
// screen's form for the order with its estimate per policy, the reason 客户申请 files it; another
// user approves it (the order is 退保中), submits it to the insurer, records the insurer's
// confirmation with a refund larger than the payoff, applies the refund (退保款确认并冲账: the
// preview shows what settles the order and the surplus) and pays the surplus out. The order ends
// 已退保 and is listed on 已退保订单. Screenshots of the form, the list and the settle dialog in
// Chinese and English at 1440×900: e2e/artifacts/surrenders-*.png (also copied to
// $SURRENDER_SHOTS when set). A second order, 100 days late: 逾期管理 shows its demand notice (催告) with the cure
// deadline, and a default surrender (逾期违约) is blocked until the deadline has passed.

import assert from 'node:assert/strict';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { repayingOrder, seedWorld, shift } from '../lib/orders.mjs';
import { startBeehive } from '../lib/server.mjs';
import { apiSignIn, eventually, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;
/** The world the first test seeds (one per server), for the second. @type {Awaited<ReturnType<typeof seedWorld>> | undefined} */
let seeded;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
/** The order's second user through the API, then the English screens' approver. */
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The officer who applies (the browser's first user). */
const OFFICER = { username: 'officer01', password: 'Officer-Passw0rd1' };
/** The supervisor who approves, deals with the insurer and applies the refund (the second). */
const SUPERVISOR = { username: 'supervisor01', password: 'Supervisor-Passw0rd1' };
const LIST = '/business/surrenderApplication';
const OVERDUE = '/business/overdueManagement';
const SURRENDERED = '/business/surrenderOrder';
/** The staff's browsers run in the business time zone: the dialogs' default day is the browser's today. */
const DESKTOP = { viewport: { width: 1440, height: 900 }, timezoneId: 'Asia/Shanghai' };
const ENDORSEMENT = 'PDAA2026P0001301';

/** A button's accessible name: antd puts a space between two Chinese characters. @param {string} name */
function named(name) {
  return new RegExp(`^${[...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`);
}

/** `88849` fen → `"888.49"` as the screens show it. @param {number} fen */
const yuan = (fen) => (fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** @param {import('playwright-core').Page} page @param {string | RegExp} title */
async function dialog(page, title) {
  const box = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  return box;
}

/** @param {import('playwright-core').Page} page @param {string | RegExp} text */
async function succeeded(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Settles animations and fonts before a screenshot, the success messages gone. @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await eventually(() => page.locator('.ant-message-notice').count(), 0, 'the messages gone', 10_000);
  await sleep(400);
}

/** A screenshot of what the user sees, into e2e/artifacts/ and $SURRENDER_SHOTS. @param {import('playwright-core').Page} page @param {string} name */
async function shot(page, name) {
  await settle(page);
  const file = await screenshot(page, name, { fullPage: false });
  const copies = process.env.SURRENDER_SHOTS;
  if (copies) {
    await mkdir(copies, { recursive: true });
    await copyFile(file, path.join(copies, path.basename(file)));
  }
}

/** Signs in through the login page. @param {import('playwright-core').Page} page @param {string} baseURL @param {{ username: string, password: string }} account @param {string} button */
async function signIn(page, baseURL, account, button) {
  await page.goto(`${baseURL}/login`);
  await page.locator('#login-username').fill(account.username);
  await page.locator('#login-password').fill(account.password);
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
}

/**
 * Clicks a row action of a list: a link, or an item of 更多.
 * @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} row @param {string} label
 */
async function rowAction(page, row, label) {
  const link = row.locator('.bh-list__actions').getByRole('button', { name: named(label) });
  if (await link.count()) {
    await link.first().click();
    return;
  }
  await row.locator('.bh-list__more').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: label }).first().click();
}

/** The labels of a row's actions (links and 更多). @param {import('playwright-core').Locator} row */
async function actionLabels(row) {
  return (await row.locator('.bh-list__actions .ant-btn').allInnerTexts()).map((label) => label.replace(/\s/g, ''));
}

/**
 * The labels under a row's 更多 (the menu opened, read, closed).
 * @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} row
 */
async function moreLabels(page, row) {
  await row.locator('.bh-list__more').click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await menu.waitFor({ timeout: 5_000 });
  const labels = (await menu.locator('.ant-dropdown-menu-item').allInnerTexts()).map((label) => label.replace(/\s/g, ''));
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  return labels;
}

/**
 * The list fits its screen at 1440 px with the menu open: no cell clipped, the actions on one line,
 * no sideways scroll in Chinese and English.
 * @param {import('playwright-core').Page} page @param {string} lang
 */
async function fits(page, lang) {
  const area = page.locator('.bh-page:visible');
  const overflow = await area.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-content, .ant-table-body')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
  );
  const list = new URL(page.url()).pathname;
  assert.deepEqual(overflow, [], `${lang} ${list} fits 1440 px without scrolling sideways`);
  const clipped = await area.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-thead th, .ant-table-tbody td')]
      .filter((cell) => !cell.classList.contains('ant-table-cell-ellipsis') && !cell.closest('.ant-table-placeholder') && !cell.classList.contains('ant-table-cell-scrollbar'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${(cell.textContent ?? '').trim().slice(0, 40)} (${cell.scrollWidth} > ${cell.clientWidth})`),
  );
  assert.deepEqual(clipped, [], `${lang}: no clipped cell`);
  const stacked = await area.evaluate((root) => [...root.querySelectorAll('.bh-list__actions')].filter((a) => a.getBoundingClientRect().height > 40).length);
  assert.equal(stacked, 0, `${lang}: the row actions stay on one line`);
}

describe('退保申请: a repaying order surrendered at the customer’s request, against the real server', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('apply from the order page, approve, submit, confirm a refund above the payoff, apply it, pay the surplus out', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    // ---------------------------------------------------------------- the world and a repaying order, through the API (lib/orders.mjs)
    const world = await seedWorld(baseURL, {
      role: { code: 'e2e_surrender', name: '退保专员', description: '退保申请、审批与冲账' },
      permissions: ['admin:order_plan:table', 'admin:order_refund:table', 'admin:order_refund:approve', 'admin:order_refund:settle'],
      users: [
        [MAKER, '王经办'],
        [CHECKER, '李复核'],
        [OFFICER, '周贷后'],
        [SUPERVISOR, '陈主管'],
      ],
    });
    seeded = world;
    const { call, get } = world;
    const [maker, checker, officer] = world.tokens;
    const order = await repayingOrder(world, { maker, checker, tag: '1301' });
    assert.equal((await order.read()).order.status, 'REPAYING');
    // A second repaying order, for the English form.
    const other = await repayingOrder(world, {
      maker,
      checker,
      tag: '1302',
      customer: { name: '林晓梅', idNo: '440304198511204567', mobile: '13912340021', plateNo: '沪B7K219', vin: 'LFV2A21K4N3012345' },
    });
    const quote = await get(`/api/admin/order/surrender/quote/${order.orderId}?reason=CUSTOMER_REQUEST`, officer);
    const today = () => quote.businessDate;
    assert.equal(quote.blocked, null, `the order may be surrendered: ${quote.blocked}`);
    assert.ok(quote.estimateFen > 0 && quote.payoffFen > 0, JSON.stringify(quote));
    /** The application of the order (the list through the API). */
    const latest = async () => (await call('/api/admin/order/surrender/page', { page: 1, size: 10, orderId: order.orderId })).records[0];

    // ---------------------------------------------------------------- the officer applies from the order page
    const context = await browser.newContext(DESKTOP);
    const boss = await browser.newContext(DESKTOP);
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, baseURL, OFFICER, '登录');
      await page.goto(`${baseURL}/business/orderDetail/${order.orderId}`);
      const section = page.getByTestId('order-repayment');
      await section.getByRole('tab', { name: '退保' }).click();
      const panel = section.getByTestId('surrenders');
      await panel.getByText('暂无退保申请').waitFor({ timeout: 10_000 });
      await panel.getByTestId('surrender-apply').click();
      await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get('orderId') === String(order.orderId), { timeout: 10_000 });
      const form = await dialog(page, '申请退保');
      const policies = form.getByTestId('quote-policies');
      await policies.getByText('商业险').waitFor({ timeout: 10_000 });
      assert.deepEqual(
        (await policies.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean),
        ['险种', '保险公司', '保单号', '保费', '剩余/总天数', '计算方式', '预估退款'],
      );
      assert.equal(await policies.locator('.ant-table-row').count(), quote.policies.length);
      assert.match(await form.innerText(), new RegExp(order.orderNo), 'the linked order is chosen');
      assert.match(await form.getByTestId('quote-facts').innerText(), /客户 郭子豪/);
      assert.equal(await form.getByTestId('surrender-cancel-date').inputValue(), quote.businessDate, 'today’s business date by default');
      // The reason is asked for.
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await form.getByText('请选择退保原因').waitFor({ timeout: 5_000 });
      await form.getByRole('combobox', { name: '退保原因' }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '客户申请' }).click();
      await form.getByText('客户主动申请退保，退保款先用于结清订单。').waitFor();
      await eventually(async () => (await form.getByTestId('quote-estimate').innerText()).trim(), yuan(quote.estimateFen), 'the estimate for 客户申请');
      assert.equal((await form.getByTestId('quote-payoff').innerText()).trim(), yuan(quote.payoffFen));
      await form.getByTestId('surrender-remark').fill('客户车辆置换，申请退保并提前结清');
      await page.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
      await shot(page, 'surrenders-apply-1440-zh');
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await succeeded(page, /已提交退保申请 TB\d+，等待审批/);
      await form.waitFor({ state: 'hidden', timeout: 10_000 });
      await eventually(() => new URL(page.url()).searchParams.has('orderId'), false, 'closing forgets the link');
      const filed = await latest();
      assert.deepEqual(
        { reason: filed.reason, status: filed.status, estimateFen: filed.estimateFen, requestedCancelDate: filed.requestedCancelDate, createdByName: filed.createdByName },
        { reason: 'CUSTOMER_REQUEST', status: 'PENDING_APPROVAL', estimateFen: quote.estimateFen, requestedCancelDate: quote.businessDate, createdByName: '周贷后' },
      );
      const area = page.locator('.bh-page:visible');
      const officerRow = area.locator('.ant-table-row', { hasText: filed.surrenderNo }).first();
      await officerRow.getByText('待审批').waitFor({ timeout: 10_000 });
      // The officer made it: no approval, only 撤回 (and 查看).
      assert.deepEqual(await actionLabels(officerRow), ['撤回', '更多']);
      assert.deepEqual(errors.all(), []);

      // ---------------------------------------------------------------- the supervisor approves: the order is 退保中
      await boss.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const desk = await boss.newPage();
      const deskErrors = collectErrors(desk);
      await signIn(desk, baseURL, SUPERVISOR, '登录');
      await desk.goto(`${baseURL}${LIST}`);
      const list = desk.locator('.bh-page:visible');
      const row = list.locator('.ant-table-row', { hasText: filed.surrenderNo }).first();
      await row.getByText('待审批').waitFor({ timeout: 10_000 });
      assert.deepEqual(await actionLabels(row), ['审批通过', '更多']);
      assert.deepEqual(await moreLabels(desk, row), ['驳回', '查看']);
      await rowAction(desk, row, '审批通过');
      let step = await dialog(desk, `审批退保申请 ${filed.surrenderNo}`);
      await step.getByTestId('approve-effect').getByText('通过后订单进入“退保中”', { exact: false }).waitFor();
      await step.locator('.ant-modal-footer').getByRole('button', { name: named('审批通过') }).click();
      await succeeded(desk, '已审批，订单进入退保中');
      await step.waitFor({ state: 'hidden', timeout: 10_000 });
      await row.getByText('已审批（退保中）').waitFor({ timeout: 10_000 });
      assert.equal((await order.read()).order.status, 'SURRENDERING');
      await page.goto(`${baseURL}/business/orderDetail/${order.orderId}`);
      await eventually(() => page.getByTestId('order-status').innerText(), '退保中', 'the order page shows 退保中', 10_000);

      // ---------------------------------------------------------------- submitted to the insurer, which confirms a refund above the payoff
      assert.deepEqual(await actionLabels(row), ['提交保险公司', '更多']);
      await rowAction(desk, row, '提交保险公司');
      step = await dialog(desk, `提交保险公司：退保申请 ${filed.surrenderNo}`);
      assert.equal(await step.getByTestId('submit-date').inputValue(), today());
      await step.locator('.ant-modal-footer').getByRole('button', { name: named('提交') }).click();
      await succeeded(desk, '已登记提交保险公司');
      await row.getByText('已提交保险公司').waitFor({ timeout: 10_000 });
      assert.deepEqual(await actionLabels(row), ['保险公司确认', '更多']);
      assert.deepEqual(await moreLabels(desk, row), ['保险公司拒绝', '撤销退保', '查看']);
      const refundFen = quote.payoffFen + 53_456;
      await rowAction(desk, row, '保险公司确认');
      step = await dialog(desk, `保险公司确认：退保申请 ${filed.surrenderNo}`);
      await step.getByTestId('confirm-refund').fill((refundFen / 100).toFixed(2));
      await step.getByTestId('confirm-endorsement').fill(ENDORSEMENT);
      await step.locator('.ant-modal-footer').getByRole('button', { name: named('确认') }).click();
      await succeeded(desk, '已登记保险公司确认');
      await row.getByText('保险公司已确认').waitFor({ timeout: 10_000 });
      const confirmed = await latest();
      assert.deepEqual(
        { status: confirmed.status, insurerRefundFen: confirmed.insurerRefundFen, endorsementNo: confirmed.endorsementNo, effectiveDate: confirmed.effectiveDate },
        { status: 'INSURER_CONFIRMED', insurerRefundFen: refundFen, endorsementNo: ENDORSEMENT, effectiveDate: quote.businessDate },
      );
      // The widest actions of the list (退保款确认并冲账 and 更多) still fit.
      await desk.mouse.move(700, 850);
      await fits(desk, 'zh');
      const preview = await get(`/api/admin/order/surrender/settle-preview/${confirmed.id}`);
      assert.ok(preview.surplusFen > 0 && preview.shortfallFen === 0, `a surplus: ${JSON.stringify(preview)}`);
      assert.equal(preview.appliedFen + preview.surplusFen, refundFen);

      // ---------------------------------------------------------------- English: the list and the settle dialog
      const en = await browser.newContext(DESKTOP);
      try {
        await en.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
        const english = await en.newPage();
        const englishErrors = collectErrors(english);
        // Another approver (one session per account: the supervisor stays signed in in Chinese).
        await signIn(english, baseURL, CHECKER, 'Sign in');
        await english.goto(`${baseURL}${LIST}`);
        const enArea = english.locator('.bh-page:visible');
        const enRow = enArea.locator('.ant-table-row', { hasText: filed.surrenderNo }).first();
        await enRow.getByText('Confirmed by insurer').waitFor({ timeout: 10_000 });
        assert.deepEqual(
          (await enArea.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean),
          ['Surrender no.', 'Order / customer', 'Reason', 'Estimate', 'Refund', 'Balance', 'Status', 'Actions'],
        );
        await english.mouse.move(700, 850);
        await shot(english, 'surrenders-list-1440-en');
        await fits(english, 'en');
        await rowAction(english, enRow, 'Apply refund');
        const enSettle = await dialog(english, `Apply the refund of surrender ${filed.surrenderNo}`);
        await enSettle.getByTestId('settle-preview').waitFor({ timeout: 10_000 });
        assert.equal((await enSettle.getByTestId('settle-surplus').innerText()).trim(), yuan(preview.surplusFen));
        await enSettle.getByTestId('settle-serial').fill('PICC20261127E2E');
        await shot(english, 'surrenders-settle-1440-en');
        await enSettle.locator('.ant-modal-footer').getByRole('button').first().click();
        await enSettle.waitFor({ state: 'hidden', timeout: 10_000 });
        // The form for another order, in English.
        await english.goto(`${baseURL}${LIST}?orderId=${other.orderId}`);
        const enForm = await dialog(english, 'Apply for surrender');
        await enForm.getByTestId('quote-policies').getByText('Commercial').waitFor({ timeout: 10_000 });
        await enForm.getByRole('combobox', { name: 'Reason' }).click();
        await english.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Customer request' }).click();
        await enForm.getByText('The customer asks to surrender', { exact: false }).waitFor();
        await english.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
        await shot(english, 'surrenders-apply-1440-en');
        await enForm.locator('.ant-modal-footer').getByRole('button').first().click();
        await enForm.waitFor({ state: 'hidden', timeout: 10_000 });
        assert.deepEqual(englishErrors.all(), []);
      } finally {
        await en.close();
      }

      // ---------------------------------------------------------------- 退保款确认并冲账: the preview, then the order is 已退保
      assert.deepEqual(await actionLabels(row), ['退保款确认并冲账', '更多']);
      await rowAction(desk, row, '退保款确认并冲账');
      step = await dialog(desk, `退保款确认并冲账：退保申请 ${filed.surrenderNo}`);
      const figures = step.getByTestId('settle-preview');
      await figures.waitFor({ timeout: 10_000 });
      assert.equal((await step.getByTestId('settle-applied').innerText()).trim(), yuan(preview.appliedFen));
      assert.equal((await step.getByTestId('settle-surplus').innerText()).trim(), yuan(preview.surplusFen));
      assert.equal((await step.getByTestId('settle-shortfall').innerText()).trim(), '0.00');
      await step.getByTestId('settle-hint').getByText(`余款 ${yuan(preview.surplusFen)} 元转为客户余额`, { exact: false }).waitFor();
      assert.equal(await step.getByTestId('settle-resolution').count(), 0, 'no shortfall to resolve');
      await step.getByTestId('settle-serial').fill('PICC20261127001');
      await desk.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
      await shot(desk, 'surrenders-settle-1440-zh');
      await step.locator('.ant-modal-footer').getByRole('button', { name: named('确认并冲账') }).click();
      await succeeded(desk, '已冲账，退保结案');
      await step.waitFor({ state: 'hidden', timeout: 10_000 });
      await row.getByText('已结案').waitFor({ timeout: 10_000 });
      const settled = await latest();
      assert.deepEqual(
        { status: settled.status, appliedFen: settled.appliedFen, surplusFen: settled.surplusFen, shortfallFen: settled.shortfallFen, refundSerialNo: settled.refundSerialNo },
        { status: 'SETTLED', appliedFen: preview.appliedFen, surplusFen: preview.surplusFen, shortfallFen: 0, refundSerialNo: 'PICC20261127001' },
      );
      assert.equal((await order.read()).order.status, 'SURRENDERED');
      await row.getByText(`余款 ${yuan(preview.surplusFen)}`).waitFor();
      await row.getByText('待退还').waitFor();

      // ---------------------------------------------------------------- 退还余款
      assert.deepEqual(await actionLabels(row), ['退还余款', '更多']);
      await rowAction(desk, row, '退还余款');
      step = await dialog(desk, `退还余款：退保申请 ${filed.surrenderNo}`);
      assert.match((await step.getByTestId('payout-amount').innerText()).replace(/\s/g, ''), new RegExp(`${yuan(preview.surplusFen).replace('.', '\\.')}元`));
      await step.getByTestId('payout-serial').fill('ICBC20261127088');
      await step.locator('.ant-modal-footer').getByRole('button', { name: named('确认退还') }).click();
      await succeeded(desk, '已登记退还余款');
      await step.waitFor({ state: 'hidden', timeout: 10_000 });
      await row.getByText(`已退还 ${today()}`).waitFor({ timeout: 10_000 });
      assert.deepEqual(await actionLabels(row), ['查看']);
      const paidOut = await latest();
      assert.deepEqual({ surplusPaidOn: paidOut.surplusPaidOn, payoutSerialNo: paidOut.payoutSerialNo }, { surplusPaidOn: today(), payoutSerialNo: 'ICBC20261127088' });

      // The list in Chinese fits, the details tell the whole story.
      await desk.mouse.move(700, 850);
      await shot(desk, 'surrenders-list-1440-zh');
      await fits(desk, 'zh');
      await rowAction(desk, row, '查看');
      const details = desk.locator('.ant-drawer-section').filter({ hasText: `退保申请 ${filed.surrenderNo}` });
      const chain = (await details.getByTestId('surrender-chain').innerText()).replace(/\s/g, '');
      for (const part of ['提交申请周贷后', '审批通过，订单退保中陈主管', '提交保险公司', `保险公司确认${yuan(refundFen)}元·${ENDORSEMENT}`, '退保款冲账陈主管', '退还余款']) {
        assert.ok(chain.includes(part), `${part} in ${chain}`);
      }
      await shot(desk, 'surrenders-details-1440-zh');
      await desk.keyboard.press('Escape');
      assert.deepEqual(deskErrors.all(), []);

      // ---------------------------------------------------------------- the order: 已退保, on 已退保订单, its 退保 tab
      await page.goto(`${baseURL}/business/orderDetail/${order.orderId}`);
      await eventually(() => page.getByTestId('order-status').innerText(), '已退保', 'the order page shows 已退保', 10_000);
      await section.getByRole('tab', { name: '退保' }).click();
      const settledRow = panel.locator('.ant-table-row', { hasText: filed.surrenderNo });
      await settledRow.getByText('已结案').waitFor({ timeout: 10_000 });
      assert.match(await settledRow.innerText(), new RegExp(`已退还 ${today()}`));
      assert.equal(await panel.getByTestId('surrender-apply').count(), 0, 'a surrendered order offers no new application');
      await panel.scrollIntoViewIfNeeded();
      await shot(page, 'surrenders-order-1440-zh');
      await page.goto(`${baseURL}${SURRENDERED}`);
      const surrendered = page.locator('.bh-page:visible .ant-table-row', { hasText: order.orderNo });
      await surrendered.waitFor({ timeout: 10_000 });
      for (const part of [filed.surrenderNo, yuan(refundFen), `余款 ${yuan(preview.surplusFen)}`, `已退还 ${today()}`]) {
        assert.ok((await surrendered.innerText()).includes(part), `${part} on 已退保订单`);
      }
      // What was paid, by component: the whole principal (the refund paid the rest of it).
      const paidParts = await surrendered.getByTestId('paid-parts').innerText();
      const financed = (await order.read()).order.financedFen;
      assert.ok(paidParts.includes(`本金 ${yuan(financed)}`) && paidParts.includes('利息'), paidParts);
      await page.mouse.move(700, 850);
      await shot(page, 'surrenders-surrendered-1440-zh');
      await fits(page, 'zh');
      assert.deepEqual(errors.all(), []);
    } catch (error) {
      for (const [i, open] of [...context.pages(), ...boss.pages()].entries()) await screenshot(open, `surrenders-failure-${i}`, { fullPage: false }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
      await boss.close();
    }

  });

  it('an order long overdue: 逾期管理 shows its demand notice, a default surrender waits for the cure deadline', async () => {
    assert.ok(browser && server && seeded);
    const { baseURL } = server;
    const world = seeded;
    const [maker] = world.tokens;
    // The checker's token of the first test went when it signed in through the browser.
    const checker = await apiSignIn(baseURL, CHECKER);
    const late = await repayingOrder(world, {
      maker,
      checker,
      tag: '1303',
      anchorDate: shift(world.businessDate, { days: -100 }),
      customer: { name: '陈建国', idNo: '320102197803150411', mobile: '13698765432', plateNo: '苏A5M882', vin: 'LSGPC52U1NF018826' },
    });
    assert.equal((await late.read()).order.status, 'OVERDUE');
    // The order was issued already 69 days late: the demand notice went out with the policy.
    const [listed] = (await world.call('/api/admin/order/overdue/page', { page: 1, size: 10, orderNo: late.orderNo })).records;
    assert.equal(listed.demandNoticeStatus, 'SENT', `a demand notice was sent: ${JSON.stringify(listed)}`);
    const quote = await world.get(`/api/admin/order/surrender/quote/${late.orderId}?reason=DEFAULT`);
    assert.ok(quote.blocked, 'a default surrender waits for the cure deadline');

    for (const [lang, button] of [['zh', '登录'], ['en', 'Sign in']]) {
      const context = await browser.newContext(DESKTOP);
      try {
        await context.addCookies([{ name: 'language', value: lang, url: baseURL }]);
        const page = await context.newPage();
        const errors = collectErrors(page);
        await signIn(page, baseURL, OFFICER, button);
        await page.goto(`${baseURL}${OVERDUE}`);
        const row = page.locator('.bh-page:visible .ant-table-row', { hasText: late.orderNo });
        const notice = row.getByTestId('notice');
        await notice.waitFor({ timeout: 10_000 });
        const text = await notice.innerText();
        const sent = lang === 'zh' ? `催告日 ${listed.noticeSentOn}` : `Sent ${listed.noticeSentOn}`;
        const cure = lang === 'zh' ? `宽限至 ${listed.cureDeadline}` : `Cure by ${listed.cureDeadline}`;
        assert.ok(text.includes(sent) && text.includes(cure), text);
        await page.mouse.move(700, 850);
        await shot(page, `surrenders-overdue-1440-${lang}`);
        await fits(page, lang);
        if (lang === 'zh') {
          // A default surrender: blocked, the reason said, the submit button greyed out.
          await page.goto(`${baseURL}${LIST}?orderId=${late.orderId}`);
          const form = await dialog(page, '申请退保');
          await form.getByTestId('quote-notice').waitFor({ timeout: 10_000 });
          await form.getByRole('combobox', { name: '退保原因' }).click();
          await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '逾期违约' }).click();
          const blocked = form.getByTestId('surrender-blocked');
          await blocked.getByText(quote.blocked, { exact: false }).waitFor({ timeout: 10_000 });
          assert.equal(await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).isDisabled(), true);
          assert.match(await form.getByTestId('quote-notice').innerText(), new RegExp(`宽限期至 ${listed.cureDeadline}`));
          await page.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
          await shot(page, 'surrenders-blocked-1440-zh');
        }
        assert.deepEqual(errors.all(), []);
      } finally {
        await context.close();
      }
    }
  });
});
