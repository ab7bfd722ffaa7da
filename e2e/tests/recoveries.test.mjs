// 追偿申请 (docs/recoveries.md) against the real server. Three orders made late from the start (their
// interest runs from 100 days back, so the nightly run's catch-up has the platform advance their
// first instalments at once, as in advances.test.mjs), then in Chromium as a recovery officer:
// 逾期挂账 → 申请追偿 on the first order opens 追偿申请's form for it; 委外催收 with an agency and a
// reason is 待审批, approved by another user through the API it is 追偿中, and 结案 with a result and
// a cost of ¥88.85 makes it 已完成 with that cost (posted in fen). The second order: 核销, approved by
// the other user, is 已完成 with the claim written off, and the order page shows its advanced
// instalments 已核销. A third order's litigation, applied for by the other user, waits for the
// officer's approval. Screenshots of the list and of the form in Chinese and English at 1440×900:
// e2e/artifacts/recoveries-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { repayingOrder, seedWorld, shift } from '../lib/orders.mjs';
import { startBeehive } from '../lib/server.mjs';
import { eventually, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The browser's user (one session per account: the API's maker and checker stay signed in). */
const OFFICER = { username: 'officer01', password: 'Officer-Passw0rd1' };
const LIST = '/business/recoveryApplication';
const ADVANCES = '/business/overdueAccount';
const DESKTOP = { width: 1440, height: 900 };
const AGENCY = '北京信达催收服务有限公司';

/** A button's accessible name: antd puts a space between two Chinese characters. @param {string} name */
function named(name) {
  return new RegExp(`^${[...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`);
}

/** `88849` fen → `"888.49"` as the lists show it. @param {number} fen */
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
 * The list fits its screen at 1440 px: no cell clipped, the actions on one line, no sideways
 * scroll in Chinese (English is reported).
 * @param {import('playwright-core').Page} page @param {string} lang
 */
async function fits(page, lang) {
  const area = page.locator('.bh-page:visible');
  const overflow = await area.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-content, .ant-table-body')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
  );
  const list = new URL(page.url()).pathname;
  if (lang === 'zh') assert.deepEqual(overflow, [], `${list} fits 1440 px without scrolling sideways`);
  else if (overflow.length > 0) console.log(`${lang} ${list}: the table scrolls sideways (${overflow.join(', ')})`);
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

describe('追偿申请: agency case closed with its cost, write-off, against the real server', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('apply from 逾期挂账, approve, close; write off; the order shows it', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    // ---------------------------------------------------------------- the world and three late orders, through the API (lib/orders.mjs)
    const world = await seedWorld(baseURL, {
      role: { code: 'e2e_recovery_officer', name: '追偿专员', description: '逾期挂账的追偿、核销与结案' },
      permissions: ['admin:order_plan:table', 'admin:order_plan_overdue:table', 'admin:order_plan_recover:table', 'admin:order_plan_recover:create', 'admin:order_plan_recover:approve'],
      users: [
        [MAKER, '王经办'],
        [CHECKER, '李复核'],
        [OFFICER, '赵追偿'],
      ],
      guaranteeMode: 'PLATFORM_ADVANCE_AFTER_N_DAYS',
    });
    const { call, get } = world;
    const [maker, checker] = world.tokens;
    const anchorDate = shift(world.businessDate, { days: -100 });
    const agencyOrder = await repayingOrder(world, { maker, checker, tag: '1201', anchorDate });
    const writeOffOrder = await repayingOrder(world, {
      maker,
      checker,
      tag: '1202',
      anchorDate,
      customer: { name: '林晓梅', idNo: '440304198511204567', mobile: '13912340021', plateNo: '沪B7K219', vin: 'LFV2A21K4N3012345' },
    });
    const courtOrder = await repayingOrder(world, {
      maker,
      checker,
      tag: '1203',
      anchorDate,
      customer: { name: '陈建国', idNo: '320102197803150411', mobile: '13698765432', plateNo: '苏A5M882', vin: 'LSGPC52U1NF018826' },
    });
    /** What the platform still claims on an order's advanced instalments, and which ones. */
    const claimOf = async (/** @type {number} */ orderId) => {
      const form = await get(`/api/admin/order/recovery/recoverable/${orderId}`, maker);
      return { claimFen: form.claimFen, seqs: form.items.map((/** @type {any} */ i) => i.seq) };
    };
    const agencyClaim = await claimOf(agencyOrder.orderId);
    const writeOffClaim = await claimOf(writeOffOrder.orderId);
    assert.ok(agencyClaim.claimFen > 0 && agencyClaim.seqs.length >= 1, `advanced: ${JSON.stringify(agencyClaim)}`);
    assert.ok(writeOffClaim.claimFen > 0, `advanced: ${JSON.stringify(writeOffClaim)}`);
    // The third order's litigation, applied for by the maker: it waits for the officer's approval.
    const litigation = await call(
      `/api/admin/order/recovery/create/${courtOrder.orderId}`,
      { method: 'LITIGATION', agency: '北京市朝阳区人民法院', reason: '客户失联且名下有可执行车辆，向法院起诉追偿代偿款' },
      maker,
    );
    assert.equal(litigation.status, 'PENDING_APPROVAL');
    /** The order's latest application (the list through the API). */
    const latest = async (/** @type {number} */ orderId) => (await call('/api/admin/order/recovery/page', { page: 1, size: 10, orderId })).records[0];

    // ---------------------------------------------------------------- the browser
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, OFFICER, '登录');
      const area = page.locator('.bh-page:visible');
      const row = (/** @type {string} */ text) => area.locator('.ant-table-row', { hasText: text }).first();

      // ---------------------------------------------------------------- 逾期挂账 → 申请追偿: 委外催收
      await page.goto(`${baseURL}${ADVANCES}`);
      await row(agencyOrder.orderNo).waitFor({ timeout: 10_000 });
      // Every advanced instalment still claimed offers 申请追偿 (and 查看); 已核销 is a column to show.
      assert.deepEqual(await actionLabels(row(agencyOrder.orderNo)), ['申请追偿', '查看']);
      await settle(page);
      await screenshot(page, 'recoveries-advances-1440-zh', { fullPage: false });
      await fits(page, 'zh');
      await rowAction(page, row(agencyOrder.orderNo), '申请追偿');
      await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get('orderId') === String(agencyOrder.orderId), { timeout: 10_000 });
      let form = await dialog(page, '申请追偿');
      const items = form.getByTestId('recoverable-items');
      await items.getByText('第 1 期').waitFor({ timeout: 10_000 });
      assert.deepEqual(
        (await items.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean),
        ['期数', '到期日', '代偿日', '代偿金额', '已收回', '待追偿', '客户欠款', '逾期天数'],
      );
      assert.equal(await items.locator('.ant-table-row').count(), agencyClaim.seqs.length);
      assert.equal((await form.getByTestId('recovery-claim').innerText()).replace(/\s/g, ''), `${yuan(agencyClaim.claimFen)}元`);
      assert.match(await form.getByTestId('recoverable-facts').innerText(), /客户 郭子豪/);
      assert.match(await form.innerText(), new RegExp(agencyOrder.orderNo), 'the linked order is chosen');
      // The form asks for the agency: refused without it.
      await form.getByLabel('委外催收', { exact: true }).check();
      await form.getByTestId('recovery-reason').fill('客户失联超过 60 天，电话与上门催收无果，委托专业机构催收');
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await form.getByText('请输入催收机构').waitFor({ timeout: 5_000 });
      await form.getByLabel('催收机构', { exact: true }).fill(AGENCY);
      await form.getByLabel('催收机构', { exact: true }).blur();
      await form.getByText('请输入催收机构').waitFor({ state: 'detached', timeout: 5_000 });
      await page.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
      await settle(page);
      await screenshot(page, 'recoveries-dialog-1440-zh', { fullPage: false });
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await succeeded(page, /已提交追偿申请 ZC\d+，等待审批/);
      await form.waitFor({ state: 'hidden', timeout: 10_000 });
      await eventually(() => new URL(page.url()).searchParams.has('orderId'), false, 'closing forgets the link');
      const agencyCase = await latest(agencyOrder.orderId);
      assert.deepEqual(
        { method: agencyCase.method, agency: agencyCase.agency, claimFen: agencyCase.claimFen, levels: agencyCase.levels, status: agencyCase.status, createdByName: agencyCase.createdByName },
        { method: 'COLLECTION_AGENCY', agency: AGENCY, claimFen: agencyClaim.claimFen, levels: 1, status: 'PENDING_APPROVAL', createdByName: '赵追偿' },
      );
      const agencyRow = row(agencyCase.recoveryNo);
      await agencyRow.getByText('待审批').waitFor({ timeout: 10_000 });
      assert.match(await agencyRow.innerText(), new RegExp(AGENCY));
      // The officer made it: no 审批 or 驳回 on it, only 撤回.
      assert.deepEqual(await actionLabels(agencyRow), ['撤回']);

      // ---------------------------------------------------------------- another user approves it: 追偿中
      await call(`/api/admin/order/recovery/approve/${agencyCase.id}`, {}, checker);
      await area.getByRole('button', { name: '刷新' }).click();
      await page.mouse.move(700, 800);
      await agencyRow.getByText('追偿中').waitFor({ timeout: 10_000 });
      assert.match(await agencyRow.innerText(), /审批 1\/1/);
      assert.match(await agencyRow.innerText(), /初审\s*李复核/);

      // ---------------------------------------------------------------- 结案 with a result and ¥88.85
      await rowAction(page, agencyRow, '结案');
      let decide = await dialog(page, `结案：追偿申请 ${agencyCase.recoveryNo}`);
      await decide.getByTestId('close-recovered').getByText('批准以来已收回 0.00 元', { exact: false }).waitFor();
      await decide.getByTestId('close-result').fill('机构催收 30 天，客户仍失联，终止委托');
      await decide.getByTestId('close-cost').fill('88.85');
      await settle(page);
      await screenshot(page, 'recoveries-close-1440-zh', { fullPage: false });
      await decide.locator('.ant-modal-footer').getByRole('button', { name: named('结案') }).click();
      await succeeded(page, '已结案');
      await decide.waitFor({ state: 'hidden', timeout: 10_000 });
      await agencyRow.getByText('已完成').waitFor({ timeout: 10_000 });
      const closed = await latest(agencyOrder.orderId);
      assert.deepEqual({ status: closed.status, costFen: closed.costFen, result: closed.result }, { status: 'EXECUTED', costFen: 8_885, result: '机构催收 30 天，客户仍失联，终止委托' });
      const headers = (await area.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
      assert.deepEqual(headers, ['申请编号', '订单号 / 客户', '追偿方式', '申请时追偿金额', '已收回', '核销金额', '费用', '状态', '申请人', '操作']);
      const cell = async (/** @type {import('playwright-core').Locator} */ r, /** @type {string} */ header) => (await r.locator('td').nth(headers.indexOf(header)).innerText()).trim();
      assert.equal(await cell(agencyRow, '费用'), '88.85');
      assert.equal(await cell(agencyRow, '核销金额'), '—');
      assert.equal(await cell(agencyRow, '申请时追偿金额'), yuan(agencyClaim.claimFen));
      assert.deepEqual(await actionLabels(agencyRow), [], 'a completed case offers nothing');
      // Its details: the approval chain up to the close.
      await agencyRow.getByText(agencyCase.recoveryNo).click();
      const details = page.locator('.ant-drawer-section').filter({ hasText: `追偿申请 ${agencyCase.recoveryNo}` });
      const chain = details.getByTestId('recovery-chain');
      await chain.waitFor({ timeout: 10_000 });
      const chainText = (await chain.innerText()).replace(/\s/g, '');
      for (const step of ['提交申请赵追偿', '初审通过李复核', `移交追偿${AGENCY}`, '结案赵追偿']) assert.ok(chainText.includes(step), `${step} in ${chainText}`);
      await settle(page);
      await screenshot(page, 'recoveries-details-1440-zh', { fullPage: false });
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden', timeout: 10_000 });

      // ---------------------------------------------------------------- the second order: 核销, approved by the other user
      await page.goto(`${baseURL}${ADVANCES}`);
      await row(writeOffOrder.orderNo).waitFor({ timeout: 10_000 });
      await rowAction(page, row(writeOffOrder.orderNo), '申请追偿');
      form = await dialog(page, '申请追偿');
      await form.getByTestId('recoverable-items').getByText('第 1 期').waitFor({ timeout: 10_000 });
      await form.getByLabel('核销', { exact: true }).check();
      // Below the order rules' ¥5 000: one approval; no agency asked for.
      await form.getByTestId('recovery-single').getByText('一级审批即可（核销金额超过 5,000.00 元需复审）。').waitFor();
      assert.equal(await form.getByTestId('recovery-agency').count(), 0);
      await form.getByTestId('recovery-reason').fill('客户已身故，无遗产可供执行，申请核销代偿款');
      await form.locator('.ant-modal-footer').getByRole('button', { name: named('提交申请') }).click();
      await succeeded(page, /已提交追偿申请 ZC\d+，等待审批/);
      await form.waitFor({ state: 'hidden', timeout: 10_000 });
      const writeOff = await latest(writeOffOrder.orderId);
      assert.deepEqual({ method: writeOff.method, agency: writeOff.agency, status: writeOff.status }, { method: 'WRITE_OFF', agency: '', status: 'PENDING_APPROVAL' });
      const approved = await call(`/api/admin/order/recovery/approve/${writeOff.id}`, {}, checker);
      assert.equal(approved.status, 'EXECUTED', 'one approval writes it off');
      assert.equal(approved.writtenOffFen, writeOffClaim.claimFen);
      await area.getByRole('button', { name: '刷新' }).click();
      await page.mouse.move(700, 800);
      const writeOffRow = row(writeOff.recoveryNo);
      await writeOffRow.getByText('已完成').waitFor({ timeout: 10_000 });
      assert.equal(await cell(writeOffRow, '核销金额'), yuan(writeOffClaim.claimFen));
      assert.equal(await cell(writeOffRow, '费用'), '—');
      assert.equal((await claimOf(writeOffOrder.orderId)).claimFen, 0, 'nothing is claimed on the order any more');

      // The litigation the maker applied for: the officer may approve or reject it.
      assert.deepEqual(await actionLabels(row(litigation.recoveryNo)), ['审批', '驳回']);
      await row(litigation.recoveryNo).getByText('待审批').waitFor();
      await settle(page);
      await screenshot(page, 'recoveries-list-1440-zh', { fullPage: false });
      await fits(page, 'zh');
      // Approving it says what it does.
      await rowAction(page, row(litigation.recoveryNo), '审批');
      decide = await dialog(page, `审批追偿申请 ${litigation.recoveryNo}`);
      await decide.getByTestId('approve-level').getByText('通过后案件移交北京市朝阳区人民法院（诉讼）', { exact: false }).waitFor();
      await decide.locator('.ant-modal-footer').getByRole('button').first().click();
      await decide.waitFor({ state: 'hidden', timeout: 10_000 });

      // ---------------------------------------------------------------- the order page: the advanced instalments 已核销
      await writeOffRow.getByRole('link', { name: writeOffOrder.orderNo }).click();
      await page.waitForURL((url) => url.pathname === `/business/orderDetail/${writeOffOrder.orderId}`, { timeout: 10_000 });
      const section = page.getByTestId('order-repayment');
      await section.getByTestId('repay-summary').waitFor({ timeout: 10_000 });
      await section.getByRole('tab', { name: '分期明细' }).click();
      const plan = section.getByTestId('instalments');
      await plan.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      for (const seq of writeOffClaim.seqs) {
        const item = plan.locator('.ant-table-row').nth(seq - 1);
        await item.getByText('已核销').waitFor({ timeout: 10_000 });
      }
      await plan.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, 'recoveries-order-1440-zh', { fullPage: false });
      assert.deepEqual(errors.all(), []);
      await page.close();
    } catch (error) {
      for (const [i, open] of context.pages().entries()) await screenshot(open, `recoveries-failure-${i}`, { fullPage: false }).catch(() => undefined);
      throw error;
    } finally {
      await context.close();
    }

    // ---------------------------------------------------------------- English: the list and the form
    const en = await browser.newContext({ viewport: DESKTOP });
    try {
      await en.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
      const page = await en.newPage();
      const errors = collectErrors(page);
      await signIn(page, OFFICER, 'Sign in');
      await page.goto(`${baseURL}${LIST}`);
      const area = page.locator('.bh-page:visible');
      await area.locator('.ant-table-row', { hasText: litigation.recoveryNo }).getByText('Awaiting approval').waitFor({ timeout: 10_000 });
      const headers = (await area.locator('.ant-table-thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
      assert.deepEqual(headers, ['Recovery no.', 'Order / customer', 'Method', 'Claimed', 'Recovered', 'Written off', 'Cost', 'Status', 'Applicant', 'Actions']);
      await settle(page);
      await screenshot(page, 'recoveries-list-1440-en', { fullPage: false });
      await fits(page, 'en');
      // The agency case's order still has its claim (the agency recovered nothing): a new application.
      await page.goto(`${baseURL}${LIST}?orderId=${agencyOrder.orderId}`);
      const form = await dialog(page, 'Apply for recovery');
      await form.getByTestId('recoverable-items').getByText('No. 1').waitFor({ timeout: 10_000 });
      await form.getByLabel('Litigation').check();
      await form.getByLabel('Court').fill("Beijing Chaoyang District People's Court");
      await form.getByLabel('Court').blur();
      await form.getByTestId('recovery-reason').fill('The collection agency could not reach the customer; sue for the advanced instalments.');
      await page.locator('.ant-modal-wrap:visible').evaluate((wrap) => wrap.scrollTo(0, 0));
      await settle(page);
      await screenshot(page, 'recoveries-dialog-1440-en', { fullPage: false });
      await form.getByLabel('Write-off').check();
      await form.getByTestId('recovery-single').waitFor();
      await form.locator('.ant-modal-footer').getByRole('button').first().click();
      await form.waitFor({ state: 'hidden', timeout: 10_000 });
      assert.deepEqual(errors.all(), []);
    } finally {
      await en.close();
    }

    /** Signs in through the login page. @param {import('playwright-core').Page} p @param {{ username: string, password: string }} account @param {string} button */
    async function signIn(p, account, button) {
      await p.goto(`${baseURL}/login`);
      await p.locator('#login-username').fill(account.username);
      await p.locator('#login-password').fill(account.password);
      await p.getByRole('button', { name: button, exact: true }).click();
      await p.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
    }
  });
});
