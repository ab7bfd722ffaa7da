// 减免申请 (docs/waivers.md "The screen"): an order the API brought to 还款中 as fast as it can
// (e2e/lib/orders.mjs), then in Chromium: user A applies in the dialog for part of
// a future instalment's interest (a too-large amount refused under 利息 with what can be waived),
// is not offered 审批 on it himself, user B approves it in the list and
// it is 已生效 (the order owes that much less); a second waiver rejected by B with a reason, a third
// withdrawn by A. Screenshots of the list with realistic rows and of the dialog filled in (a
// conditional waiver needing a second approval, opened by the order page's link ?orderId=), in
// Chinese and English, at 1440×900 and on a phone (414×860): e2e/artifacts/waivers-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { repayingOrder, seedWorld } from '../lib/orders.mjs';
import { enterDate, eventually, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The phone's user (one session per account: the maker's desktop session stays signed in). */
const MOBILE = { username: 'mobile01', password: 'Mobile-Passw0rd1' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 414, height: 860 };
const LIST = '/business/exemptionApplication';

/** A button's accessible name: antd puts a space between two Chinese characters. @param {string} name */
function named(name) {
  return new RegExp(`^${[...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`);
}

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

/** Settles animations and fonts before a screenshot. @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await sleep(400);
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

/** Picks an option of an antd select by its text. @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} select @param {string | RegExp} option */
async function pick(page, select, option) {
  await select.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option }).first().click();
}

/**
 * The list fits its screen at 1440 px: no cell clipped, the actions on one line, no sideways
 * scroll in Chinese (English is reported).
 * @param {import('playwright-core').Page} page @param {string} lang
 */
async function fits(page, lang) {
  const area = page.locator('.bh-page:visible');
  const overflow = await area.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-content, .ant-table-body')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
  );
  if (lang === 'zh') assert.deepEqual(overflow, [], '减免申请 fits 1440 px without scrolling sideways');
  else if (overflow.length > 0) console.log(`${lang} 减免申请: the table scrolls sideways (${overflow.join(', ')})`);
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

describe('waivers: apply, approve by another user, reject, withdraw', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('through 减免申请', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    // ---------------------------------------------------------------- the world and the order, through the API (lib/orders.mjs)
    const world = await seedWorld(baseURL, {
      role: { code: 'e2e_waiver_officer', name: '减免专员', description: '申请与审批减免' },
      permissions: ['admin:order_plan_reduction:table', 'admin:order_plan_reduction:create', 'admin:order_plan_reduction:approve'],
      users: [
        [MAKER, '王经办'],
        [CHECKER, '李复核'],
        [MOBILE, '张外勤'],
      ],
    });
    const { call, get, businessDate } = world;
    const [maker, checker] = world.tokens;
    // The order: taken in with today as the policy start, everything paid, the policies issued.
    const { orderId, orderNo, read } = await repayingOrder(world, { maker, checker, tag: '1105' });
    assert.equal((await read()).order.status, 'REPAYING', 'every policy issued: 还款中');

    // What can be waived: nothing is due yet, so one named future instalment.
    const waivable = await get(`/api/admin/order/waiver/waivable/${orderId}`, maker);
    const third = waivable.items.find((/** @type {any} */ item) => item.seq === 3);
    const second = waivable.items.find((/** @type {any} */ item) => item.seq === 2);
    assert.ok(third && !third.due && third.interestFen > 2_000, `instalment 3 has interest outstanding: ${JSON.stringify(third)}`);
    assert.ok(second && second.interestFen > 2_000, `instalment 2 has interest outstanding: ${JSON.stringify(second)}`);
    /** The instalment with the most interest: waiving all of it needs a second approval. */
    const richest = waivable.items.reduce((/** @type {any} */ a, /** @type {any} */ b) => (b.interestFen > a.interestFen ? b : a));
    const outstandingBefore = (await get(`/api/admin/order/money/${orderId}`)).outstandingFen;
    // A lower second-approval amount (订单规则's 复审金额, ¥15), so that a row needs two approvals.
    const rules = await get('/api/admin/config/order-rules');
    await call('/api/admin/config/order-rules/update', { rules: { ...rules.rules, waiverSecondApprovalFen: 1_500 }, version: rules.version });
    /** A waiver of one instalment's interest, applied for by the maker through the API. */
    const apply = (/** @type {number} */ seq, /** @type {number} */ interestFen, /** @type {Record<string, unknown>} */ more = {}) =>
      call(`/api/admin/order/waiver/create/${orderId}`, { itemSeq: seq, interestFen, feeFen: 0, penaltyFen: 0, bearer: 'CAPITAL_PROVIDER', reason: '客户申请，资金方同意减免部分利息', conditional: false, ...more }, maker);
    // Realistic rows around the ones the browser makes: one waiting for its second approval, one conditional.
    const twoLevels = await apply(2, 1_800, { bearer: 'PLATFORM', reason: '客户车辆出险住院，平台承担第 2 期部分利息' });
    assert.equal(twoLevels.levels, 2, 'above ¥15: two approvals');
    await call(`/api/admin/order/waiver/approve/${twoLevels.id}`, {}, checker);
    const deadline = new Date(`${businessDate}T00:00:00Z`);
    deadline.setUTCDate(deadline.getUTCDate() + 30);
    const conditional = await apply(6, 1_500, { conditional: true, expectedFen: 88_937, validUntil: deadline.toISOString().slice(0, 10), reason: '客户承诺月底前还清第 1 期，减免第 6 期部分利息' });
    const toReject = await apply(4, 1_250, { reason: '客户来电投诉催收方式，申请减免第 4 期部分利息' });
    const toWithdraw = await apply(5, 800, { bearer: 'PLATFORM', reason: '录入有误，待撤回' });

    // ---------------------------------------------------------------- the browser
    const context = await browser.newContext({ viewport: DESKTOP });
    const checkerContext = await browser.newContext({ viewport: DESKTOP });
    const phoneContext = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    try {
      for (const c of [context, checkerContext, phoneContext]) await c.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, MAKER);
      const checkerPage = await checkerContext.newPage();
      const checkerErrors = collectErrors(checkerPage);
      await signIn(checkerPage, CHECKER);
      const phone = await phoneContext.newPage();
      const phoneErrors = collectErrors(phone);
      await signIn(phone, MOBILE);

      const row = (/** @type {import('playwright-core').Page} */ p, /** @type {string} */ no) => p.locator('.bh-page:visible .ant-table-row', { hasText: no }).first();
      const openList = async (/** @type {import('playwright-core').Page} */ p, /** @type {string} */ no) => {
        await p.goto(`${baseURL}${LIST}`);
        await row(p, no).waitFor({ timeout: 10_000 });
      };

      // ---------------------------------------------------------------- A applies in the dialog
      await openList(page, toWithdraw.waiverNo);
      await page.locator('.bh-page:visible .bh-list__toolbar').getByRole('button', { name: /申请减免/ }).click();
      let form = await dialog(page, '申请减免');
      await form.getByLabel('订单', { exact: true }).click();
      await page.keyboard.type(orderNo.slice(-6));
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: orderNo }).first().click();
      const items = form.getByTestId('waivable-items');
      await items.getByText('第 3 期').waitFor({ timeout: 10_000 });
      assert.match(await form.getByTestId('waivable-open').innerText(), /4 笔/, 'the open waivers of the order are mentioned');
      await pick(page, form.getByLabel('减免范围'), `第 3 期（${third.dueDate} 到期）`);
      const maxInterest = (third.interestFen / 100).toFixed(2);
      await form.getByTestId('max-interest').getByText(`最多 ${maxInterest} 元`).waitFor();
      // Too much: refused under 利息, with what can be waived.
      await form.getByTestId('amount-interest').fill('999');
      await form.getByTestId('amount-interest').blur();
      await form.getByText(`利息最多可减免 ${maxInterest} 元（第 3 期未还）`).waitFor({ timeout: 5_000 });
      await form.getByTestId('amount-interest').fill('10');
      await form.getByTestId('amount-interest').blur();
      await form.getByText(`利息最多可减免 ${maxInterest} 元（第 3 期未还）`).waitFor({ state: 'detached', timeout: 5_000 });
      assert.equal((await form.getByTestId('waiver-total').innerText()).replace(/\s/g, ''), '10.00元');
      await form.getByText('一级审批即可（合计超过 15.00 元需复审）。').waitFor();
      await form.getByLabel('平台承担').check();
      await form.getByTestId('waiver-reason').fill('客户住院期间无法按时还款，经协商减免第 3 期部分利息');
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await succeeded(page, /已提交减免申请 JM\d+，等待审批/);
      await form.waitFor({ state: 'hidden', timeout: 10_000 });
      const mine = (await call('/api/admin/order/waiver/page', { page: 1, size: 10, orderId })).records.find((/** @type {any} */ w) => w.itemSeq === 3);
      assert.ok(mine, 'the waiver was created');
      assert.deepEqual(
        { interestFen: mine.interestFen, feeFen: mine.feeFen, penaltyFen: mine.penaltyFen, bearer: mine.bearer, levels: mine.levels, status: mine.status, conditional: mine.conditional },
        { interestFen: 1_000, feeFen: 0, penaltyFen: 0, bearer: 'PLATFORM', levels: 1, status: 'PENDING_APPROVAL', conditional: false },
      );
      const myRow = row(page, mine.waiverNo);
      await myRow.waitFor({ timeout: 10_000 });
      assert.match(await myRow.innerText(), /待审批/);
      assert.match(await myRow.innerText(), /第 3 期/);

      // A may not approve his own waiver: the list does not offer it (the session names the user).
      const mineActions = await actionLabels(myRow);
      assert.ok(!mineActions.includes('审批') && !mineActions.includes('驳回'), `A's own row offers ${mineActions}`);
      let decide;
      assert.equal((await get(`/api/admin/order/money/${orderId}`)).outstandingFen, outstandingBefore, 'nothing waived yet');

      // ---------------------------------------------------------------- B approves it in the list
      await openList(checkerPage, mine.waiverNo);
      const checkerRow = row(checkerPage, mine.waiverNo);
      await rowAction(checkerPage, checkerRow, '审批');
      decide = await dialog(checkerPage, `审批减免申请 ${mine.waiverNo}`);
      await decide.getByTestId('approve-level').getByText('终审：通过后减免立即生效。').waitFor();
      await settle(checkerPage);
      await screenshot(checkerPage, 'waivers-approve-1440-zh', { fullPage: false });
      await decide.locator('.ant-modal-footer').getByRole('button', { name: named('审批通过') }).click();
      await succeeded(checkerPage, '已批准，减免已生效');
      await checkerRow.getByText('已生效').waitFor({ timeout: 10_000 });
      assert.match(await checkerRow.innerText(), /审批 1\/1/);
      assert.match(await checkerRow.innerText(), /初审 李复核/);
      const approved = (await call('/api/admin/order/waiver/page', { page: 1, size: 10, orderId })).records.find((/** @type {any} */ w) => w.id === mine.id);
      assert.equal(approved.status, 'EFFECTIVE');
      assert.deepEqual(approved.lines, [{ itemSeq: 3, component: 'INTEREST', amountFen: 1_000 }]);
      assert.equal((await get(`/api/admin/order/money/${orderId}`)).outstandingFen, outstandingBefore - 1_000, 'the order owes 10 yuan less');
      // Its details, with the breakdown fixed at approval.
      await checkerRow.getByText(mine.waiverNo).click();
      const details = checkerPage.locator('.ant-drawer-section').filter({ hasText: `减免申请 ${mine.waiverNo}` });
      await details.getByTestId('waiver-lines').getByText('第 3 期').waitFor({ timeout: 10_000 });
      await settle(checkerPage);
      await screenshot(checkerPage, 'waivers-details-1440-zh', { fullPage: false });
      await checkerPage.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden', timeout: 10_000 });

      // ---------------------------------------------------------------- B rejects one, A withdraws one
      const rejectRow = row(checkerPage, toReject.waiverNo);
      await rowAction(checkerPage, rejectRow, '驳回');
      decide = await dialog(checkerPage, `驳回减免申请 ${toReject.waiverNo}`);
      await decide.locator('.ant-modal-footer').getByRole('button', { name: named('驳回') }).click();
      await decide.getByText('请输入驳回原因').waitFor();
      await decide.getByLabel('原因').fill('投诉尚未核实，暂不减免');
      await decide.locator('.ant-modal-footer').getByRole('button', { name: named('驳回') }).click();
      await succeeded(checkerPage, '已驳回');
      await rejectRow.getByText('已驳回').waitFor({ timeout: 10_000 });
      await rejectRow.getByText('投诉尚未核实，暂不减免').waitFor();

      await openList(page, toWithdraw.waiverNo);
      const withdrawRow = row(page, toWithdraw.waiverNo);
      await rowAction(page, withdrawRow, '撤回');
      decide = await dialog(page, `撤回减免申请 ${toWithdraw.waiverNo}`);
      await decide.getByLabel('原因').fill('金额录入有误，重新申请');
      await decide.locator('.ant-modal-footer').getByRole('button', { name: named('撤回') }).click();
      await succeeded(page, '已撤回');
      await withdrawRow.getByText('已撤回').waitFor({ timeout: 10_000 });
      const statuses = Object.fromEntries(
        (await call('/api/admin/order/waiver/page', { page: 1, size: 10, orderId })).records.map((/** @type {any} */ w) => [w.waiverNo, w.status]),
      );
      assert.deepEqual(statuses, {
        [mine.waiverNo]: 'EFFECTIVE',
        [toReject.waiverNo]: 'REJECTED',
        [toWithdraw.waiverNo]: 'WITHDRAWN',
        [twoLevels.waiverNo]: 'PENDING_SECOND',
        [conditional.waiverNo]: 'PENDING_APPROVAL',
      });
      // Closed rows offer nothing; the two-level one waits for someone other than its first approver.
      assert.deepEqual(await actionLabels(row(checkerPage, toReject.waiverNo)), []);
      assert.deepEqual(await actionLabels(withdrawRow), []);

      // ---------------------------------------------------------------- the list and the dialog, zh and en, desktop and phone
      /** Sets the interface language of a context (the cookie the app reads at load). */
      const language = (/** @type {import('playwright-core').BrowserContext} */ c, /** @type {string} */ lang) => c.addCookies([{ name: 'language', value: lang, url: baseURL }]);
      const deadlineText = deadline.toISOString().slice(0, 10);
      for (const [p, c, size] of /** @type {const} */ ([[page, context, '1440'], [phone, phoneContext, '414']])) {
        for (const lang of ['zh', 'en']) {
          const en = lang === 'en';
          await language(c, lang);
          await openList(p, mine.waiverNo);
          await row(p, twoLevels.waiverNo).getByText(en ? 'Awaiting second approval' : '待复审').waitFor();
          await settle(p);
          await screenshot(p, `waivers-list-${size}-${lang}`, { fullPage: false });
          if (size === '1440') await fits(p, lang);
          // The order page's link opens the dialog for its order.
          await p.goto(`${baseURL}${LIST}?orderId=${orderId}`);
          const box = await dialog(p, en ? 'Apply for a waiver' : '申请减免');
          await box.getByTestId('waivable-items').getByText(en ? 'Instalment 2' : '第 2 期').first().waitFor({ timeout: 10_000 });
          assert.match(await box.innerText(), new RegExp(orderNo), 'the linked order is chosen');
          await pick(p, box.getByLabel(en ? 'Scope' : '减免范围'), en ? new RegExp(`^Instalment ${richest.seq} `) : new RegExp(`^第 ${richest.seq} 期`));
          await box.getByTestId('max-interest').getByRole('button').click();
          await box.getByTestId('waiver-second').waitFor();
          await box.getByLabel(en ? 'Platform' : '平台承担').check();
          await box.getByTestId('waiver-conditional').click();
          await box.getByTestId('waiver-expected').fill('889.37');
          await enterDate(box.locator('.ant-picker input').first(), deadlineText);
          await box.getByTestId('waiver-reason').fill(en ? `The customer was in hospital; waive the interest of instalment ${richest.seq} if instalment 1 is paid by the deadline.` : `客户住院，承诺截止日前还清第 1 期，减免第 ${richest.seq} 期利息`);
          // The top of the dialog (typing scrolled it down), then its end.
          await p.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
          await settle(p);
          await screenshot(p, `waivers-dialog-${size}-${lang}`, { fullPage: false });
          await box.getByTestId('waiver-reason').scrollIntoViewIfNeeded();
          await settle(p);
          await screenshot(p, `waivers-dialog-end-${size}-${lang}`, { fullPage: false });
          await box.locator('.ant-modal-footer').getByRole('button').first().click();
          await box.waitFor({ state: 'hidden', timeout: 10_000 });
          await eventually(() => new URL(p.url()).searchParams.has('orderId'), false, 'closing forgets the link');
        }
      }

      assert.deepEqual(errors.all(), []);
      assert.deepEqual(checkerErrors.all(), []);
      assert.deepEqual(phoneErrors.all(), []);
    } catch (error) {
      for (const [i, open] of [...context.pages(), ...checkerContext.pages(), ...phoneContext.pages()].entries()) {
        await screenshot(open, `waivers-failure-${i}`, { fullPage: false }).catch(() => undefined);
      }
      throw error;
    } finally {
      await phoneContext.close();
      await checkerContext.close();
      await context.close();
    }

    /** Signs in through the login page. @param {import('playwright-core').Page} p @param {{ username: string, password: string }} account */
    async function signIn(p, account) {
      await p.goto(`${baseURL}/login`);
      await p.locator('#login-username').fill(account.username);
      await p.locator('#login-password').fill(account.password);
      await p.getByRole('button', { name: '登录', exact: true }).click();
      await p.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
    }
  });
});
