// Repayments (docs/orders-screens.md "Repayments"): an order the API brought to 还款中 as fast as it
// can (applied, approved, signed through the public signing API, down payment and premium paid by
// two users, e-policies uploaded), then in Chromium: 还款阶段 → 还款 on the row → 登记还款 with the
// allocation previewed, no confirmation offered to the recorder, another user confirming it (the
// allocation shown, the outstanding amount falling); 提前结清 with the payoff quote, confirmed by the
// other user; the order in 已结清订单. Screenshots of the list, the drawer, the record dialog with
// its preview, the order page's 还款 section and the settled list, in Chinese and English, at
// 1440×900 and on a phone (414×860): e2e/artifacts/repayments-*.png.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, eventually, md5, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
/** The phone's user (one session per account: the maker's desktop session stays signed in). */
const MOBILE = { username: 'mobile01', password: 'Mobile-Passw0rd1' };
const CUSTOMER = '郭子豪';
const PICC = '中国人民财产保险股份有限公司北京分公司';
const AUTO_CP = '华夏消费金融';
const PREMIUMS = [480_000, 95_000];
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 414, height: 860 };

/** A 480×300 PNG that looks like a bank transfer slip. */
function slipPng() {
  return png(480, 300, (x, y) => {
    let rgb = [250, 250, 246];
    if (y < 46) rgb = [32, 96, 176];
    else if (x > 30 && x < 450 && [90, 130, 170, 210].some((line) => y > line && y < line + 10)) rgb = [90, 90, 100];
    if (x < 3 || y < 3 || x >= 477 || y >= 297) rgb = [160, 160, 160];
    return [...rgb, 255];
  });
}

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

/** @param {import('playwright-core').Page} page @param {string | RegExp} title */
async function drawerOf(page, title) {
  const box = page.locator('.ant-drawer-section').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });
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

/** Waits until the success messages are gone. @param {import('playwright-core').Page} page */
async function quiet(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 6_000 }).catch(() => undefined);
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

/** Amount text (`5,275.00`) → fen. @param {string} text */
function fenOf(text) {
  const [whole = '0', decimals = '00'] = text.trim().replace(/,/g, '').split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
}

/**
 * The list fits its screen at 1440 px: no table scrolls sideways (Chinese; English is reported).
 * @param {import('playwright-core').Page} page @param {string} what @param {string} lang
 */
async function fits(page, what, lang) {
  const overflow = await page.locator('.bh-page:visible').evaluate((root) =>
    [...root.querySelectorAll('.ant-table-content, .ant-table-body')].filter((box) => box.scrollWidth > box.clientWidth + 1).map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
  );
  if (lang === 'zh') assert.deepEqual(overflow, [], `${what} fits 1440 px without scrolling sideways`);
  else if (overflow.length > 0) console.log(`${lang} ${what}: the table scrolls sideways (${overflow.join(', ')})`);
}

describe('repayments: record, preview, confirm by another user, early settlement', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('through 还款阶段 and the order page to 已结清订单', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const root = await apiSignIn(baseURL);
    const call = (/** @type {string} */ path, /** @type {unknown} */ body, token = root) => api(baseURL, token, 'POST', path, body ?? {});
    const get = (/** @type {string} */ path, token = root) => api(baseURL, token, 'GET', path);
    /** A multipart command; fails the test unless it answers `result: true`. */
    const multipart = async (/** @type {string} */ path, /** @type {Record<string, string | Blob>} */ fields, /** @type {string} */ token) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      const envelope = await (await fetch(`${baseURL}${path}`, { method: 'POST', body, headers: { 'authorization-token': token } })).json();
      assert.equal(envelope.result, true, `POST ${path}: ${JSON.stringify(envelope)}`);
      return envelope.data;
    };
    /** Signs every pending signer of the order's contracts through the public signing API. */
    const signAll = async (/** @type {number} */ orderId) => {
      const contracts = await get(`/api/admin/order/contract/list/${orderId}`);
      for (const contract of contracts) {
        for (const signer of contract.signers) {
          if (signer.status !== 'PENDING' || !signer.signUrl) continue;
          const token = String(signer.signUrl).split('/').pop();
          await api(baseURL, undefined, 'POST', `/api/sign/${token}`, { name: signer.name, agree: true });
        }
      }
      return contracts;
    };

    // ---------------------------------------------------------------- the world, through the API
    const { businessDate } = await get('/api/admin/config/system/business-date');
    const terms = await get('/api/admin/config/product/defaults');
    const product = await call('/api/admin/config/product/create', { code: 'CAR_12', name: '车险分期标准产品', remark: '等额本息', terms });
    await call(`/api/admin/config/product/activate/${product.id}`);
    const picc = await call('/api/admin/insurer/create', {
      name: PICC, code: 'picc-bj', contactName: '王经理', contactPhone: '010-88886666', preStartFeeBp: 300, dayBasis: 365, compulsoryReasons: [], enabled: true,
      accounts: [{ bankName: '中国工商银行', branchName: '北京分行营业部', accountName: PICC, accountNo: '0200001209020123456' }],
    });
    const customer = await call('/api/admin/customer/create', {
      kind: 'INDIVIDUAL', name: CUSTOMER, idType: 'RESIDENT_ID', idNo: '11010519491231002X', mobile: '13812345678',
      address: '建国路 88 号', provinceCode: '110000', cityCode: '110100', districtCode: '110105',
    });
    const vehicle = await call('/api/admin/customer/vehicle/create', {
      customerId: customer.id, plateNo: '京A12345', vin: 'LSVAU218XN2183294', usage: 'PRIVATE', brandModel: '大众帕萨特 2024 款 330TSI', ownerIsCustomer: true,
    });
    const autoCp = await call('/api/admin/capital/create', {
      name: AUTO_CP, kind: 'CONSUMER_FINANCE', creditLimitFen: 5_000_000_00, costRateBp: 650, penaltyShareBp: 3000, guaranteeMode: 'BUYBACK', advanceAfterDays: 30,
      settlementCycle: 'MONTHLY', acceptMode: 'AUTO',
    });
    await call('/api/admin/allocation/rule/create', { name: '人保车险优先华夏', priority: 100, weight: 100, capitalProviderId: autoCp.id, conditions: { insurerIds: [picc.id] } });
    const permissions = [
      ...['table', 'export', 'edit', 'submit', 'review', 'cancel', 'declaration', 'insure', 'contract', 'down_payment', 'disburse', 'policy', 'repay'].map((p) => `admin:order_info:${p}`),
      'admin:order_plan:reverse', 'admin:order_apply:table', 'admin:order_apply:create', 'admin:assignment_queue:table',
      'admin:order_premium:table', 'admin:order_premium:create', 'admin:order_premium:pay',
    ];
    const role = await call('/api/admin/role/create', { code: 'e2e_repayment_officer', name: '还款专员', description: '登记与确认还款', enabled: true, permissions });
    for (const [user, name] of /** @type {const} */ ([[MAKER, '王经办'], [CHECKER, '李复核'], [MOBILE, '张外勤']])) {
      await call('/api/admin/user/create', { account: user.username, name, mobile: '', departmentId: null, roleIds: [role.id], password: md5(user.password) });
    }
    const maker = await apiSignIn(baseURL, MAKER);
    const checker = await apiSignIn(baseURL, CHECKER);

    // The order: applied, taken in with today as the policy start, approved by the other user.
    const created = await call('/api/admin/order/apply', { customerId: customer.id, vehicleId: vehicle.id, productId: product.id, termN: 12, requestedPremiumFen: PREMIUMS[0] + PREMIUMS[1], channel: '4S店' }, maker);
    const orderId = created.id;
    const orderNo = created.orderNo;
    const read = () => get(`/api/admin/order/view/${orderId}`);
    await call(`/api/admin/order/start-intake/${orderId}`, {}, maker);
    await call(`/api/admin/order/intake/${orderId}`, {
      vehicleId: vehicle.id, productId: product.id, termN: 12, anchorDate: businessDate, financedFen: 500_000, version: (await read()).order.version,
      policies: [{ kind: 'COMMERCIAL', insurerId: picc.id, premiumFen: PREMIUMS[0] }, { kind: 'COMPULSORY', insurerId: picc.id, premiumFen: PREMIUMS[1] }],
    }, maker);
    await call(`/api/admin/order/submit/${orderId}`, {}, maker);
    await call(`/api/admin/order/approve/${orderId}`, { opinion: '资料齐全，同意' }, checker);
    assert.equal((await read()).order.status, 'PENDING_DECLARATION');
    // The declaration, signed by the customer; the insurer's confirmation at the quoted premiums.
    await call(`/api/admin/order/declaration/generate/${orderId}`, {}, maker);
    await signAll(orderId);
    let view = await read();
    assert.equal(view.order.status, 'PENDING_INSURE_CONFIRM');
    await call(`/api/admin/order/insure/${orderId}`, {
      version: view.order.version,
      policies: view.policies.map((/** @type {any} */ p, /** @type {number} */ i) => ({
        id: p.id, proposalNo: `TDAA2026110500${i + 1}88`, finalPremiumFen: p.premiumFen, specialAgreement: '本保单退保须经出借人书面同意，退保金划付至出借人指定账户。',
      })),
    }, maker);
    // The loan contracts, signed by everyone.
    await call(`/api/admin/order/contract/generate/${orderId}`, {}, maker);
    const loanContracts = await signAll(orderId);
    view = await read();
    assert.equal(view.order.status, 'PENDING_DOWN_PAYMENT');
    // The down payment recorded by one user, confirmed by the other.
    const receipt = await multipart(`/api/admin/order/down-payment/record/${orderId}`, {
      amountFen: String(view.dueAtDownPaymentFen), channel: 'BANK_TRANSFER', serialNo: 'ICBC20261125000918', payer: CUSTOMER, valueDate: businessDate,
    }, maker);
    await call(`/api/admin/order/down-payment/confirm/${receipt.id}`, {}, checker);
    assert.equal((await read()).order.status, 'PENDING_DISBURSEMENT');
    // The premium application: created by one user, paid by the other (the order is disbursed).
    const [payee] = await get(`/api/admin/premium/payees/${picc.id}`, maker);
    const application = await call('/api/admin/premium/create', { capitalProviderId: autoCp.id, insurerId: picc.id, payeeAccountId: payee.id, orderIds: [orderId] }, maker);
    await call(`/api/admin/premium/submit/${application.id}`, {}, maker);
    await call(`/api/admin/premium/approve/${application.id}`, { approvalNo: 'HX-2026-04417' }, maker);
    await multipart(`/api/admin/premium/pay/${application.id}`, { bankSerialNo: 'HXCF20261125007731', valueDate: businessDate }, checker);
    assert.equal((await read()).order.status, 'PENDING_POLICY');
    // The e-policies (any PDF will do: the signed contract's).
    const pdf = await (await fetch(`${baseURL}/api/admin/order/contract/file/${loanContracts[0].id}?signed=true`, { headers: { 'authorization-token': root } })).arrayBuffer();
    const end = new Date(`${businessDate}T00:00:00Z`);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    end.setUTCDate(end.getUTCDate() - 1);
    for (const [i, policy] of (await read()).policies.entries()) {
      await multipart(`/api/admin/order/policy/upload/${policy.id}`, {
        policyNo: `PDAA2026110500${i + 1}77`, startDate: businessDate, endDate: end.toISOString().slice(0, 10), file: new Blob([pdf], { type: 'application/pdf' }),
      }, maker);
    }
    assert.equal((await read()).order.status, 'REPAYING', 'every policy issued: 还款中');
    const money = await get(`/api/admin/order/money/${orderId}`);
    assert.equal(money.items.length, 12, 'twelve instalments');
    const outstandingAtStart = money.outstandingFen;
    assert.ok(outstandingAtStart > 0);

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

      const row = (/** @type {import('playwright-core').Page} */ p) => p.locator('.bh-page:visible .ant-table-row', { hasText: orderNo }).first();
      /** 还款阶段 → 还款 on the order's row: the drawer. */
      const openRepayment = async (/** @type {import('playwright-core').Page} */ p, lang = 'zh') => {
        await p.goto(`${baseURL}/business/repaymentOrder`);
        await row(p).waitFor({ timeout: 10_000 });
        await rowAction(p, row(p), lang === 'en' ? 'Repay' : '还款');
        const drawer = await drawerOf(p, lang === 'en' ? `Repayments: ${orderNo}` : `还款：${orderNo}`);
        await drawer.getByTestId('repay-summary').waitFor({ timeout: 10_000 });
        return drawer;
      };
      const outstanding = async (/** @type {import('playwright-core').Locator} */ scope) => fenOf(await scope.getByTestId('repay-outstanding').innerText());

      // ---------------------------------------------------------------- 还款阶段: a repayment with its preview
      await page.goto(`${baseURL}/business/repaymentOrder`);
      await row(page).waitFor({ timeout: 10_000 });
      assert.match(await row(page).innerText(), /还款中/, 'listed as 还款中');
      // The repayment columns sort on the server (逾期天数, 剩余应还, 下期应还).
      await page.locator('.bh-page:visible th', { hasText: '逾期天数' }).click();
      await page.waitForURL((url) => (url.searchParams.get('sort') ?? '').startsWith('overdueDays'), { timeout: 10_000 });
      await row(page).waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.bh-page:visible .ant-table-wrapper [role="alert"]').count(), 0, 'the sort is accepted');
      let drawer = await openRepayment(page);
      assert.equal(await outstanding(drawer), outstandingAtStart, 'the drawer shows what is owed');
      await drawer.getByTestId('record-repayment').click();
      let record = await dialog(page, `登记还款：${orderNo}`);
      await record.getByTestId('repay-preview').getByText('填写还款金额和到账日期后').waitFor();
      await record.getByTestId('repay-amount').fill('600');
      const previewAfter = record.getByTestId('preview-after');
      await previewAfter.waitFor({ timeout: 10_000 });
      assert.equal(fenOf(await previewAfter.innerText()), outstandingAtStart - 60_000, 'the preview: 600 yuan off what is owed');
      await record.getByTestId('preview-allocation').getByText('第 1 期').waitFor();
      await record.getByLabel('银行流水号').fill('ICBC20261210000601');
      await record.locator('input[type=file]').setInputFiles({ name: '还款回单.png', mimeType: 'image/png', buffer: slipPng() });
      await record.getByText('还款回单.png').waitFor();
      await settle(page);
      await screenshot(page, 'repayments-record-1440-zh', { fullPage: false });
      await record.locator('.ant-modal-footer').getByRole('button', { name: named('登记还款') }).click();
      await succeeded(page, '已登记，待他人确认还款');
      const repayments = drawer.getByTestId('repayments');
      await repayments.getByText('ICBC20261210000601').waitFor({ timeout: 10_000 });
      await repayments.getByText('待确认').waitFor();
      // The recorder may not confirm it: the action is not offered (and the server refuses it).
      assert.equal(await drawer.getByTestId('confirm-repayment').count(), 0, 'no 确认 for the recorder');
      assert.equal((await get(`/api/admin/order/money/${orderId}`)).outstandingFen, outstandingAtStart, 'nothing confirmed yet');
      await page.keyboard.press('Escape');

      // The other user confirms it: the allocation shows, the outstanding amount falls.
      let checkerDrawer = await openRepayment(checkerPage);
      const before = await outstanding(checkerDrawer);
      await checkerDrawer.getByTestId('confirm-repayment').click();
      await checkerPage.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(checkerPage, '已确认还款');
      await checkerDrawer.getByTestId('repayments').getByText('已确认').first().waitFor({ timeout: 10_000 });
      await eventually(() => outstanding(checkerDrawer), before - 60_000, 'the outstanding amount fell by 600 yuan', 10_000);
      const confirmedRow = checkerDrawer.getByTestId('repayments').locator('.ant-table-row', { hasText: 'ICBC20261210000601' });
      await confirmedRow.getByRole('button', { name: /展开|Expand/ }).click();
      const allocation = checkerDrawer.getByTestId('allocation');
      await allocation.getByText('第 1 期').waitFor({ timeout: 10_000 });
      const api1 = await get(`/api/admin/order/money/${orderId}`);
      const confirmed = api1.repayments.find((/** @type {any} */ r) => r.serialNo === 'ICBC20261210000601');
      assert.equal(confirmed.status, 'CONFIRMED');
      assert.equal(confirmed.lines.reduce((/** @type {number} */ s, /** @type {any} */ l) => s + l.amountFen, 0), 60_000, 'allocated in full');
      await settle(checkerPage);
      await screenshot(checkerPage, 'repayments-confirmed-1440-zh', { fullPage: false });
      await checkerPage.keyboard.press('Escape');
      assert.equal((await read()).order.status, 'REPAYING');

      // ---------------------------------------------------------------- screenshots while it repays
      /** Sets the interface language of a context (the cookie the app reads at load). */
      const language = (/** @type {import('playwright-core').BrowserContext} */ c, /** @type {string} */ lang) => c.addCookies([{ name: 'language', value: lang, url: baseURL }]);
      for (const [p, c, size] of /** @type {const} */ ([[page, context, '1440'], [phone, phoneContext, '414']])) {
        for (const lang of ['en', 'zh']) {
          await language(c, lang);
          await p.goto(`${baseURL}/business/repaymentOrder`);
          await row(p).waitFor({ timeout: 10_000 });
          await settle(p);
          await screenshot(p, `repayments-list-${size}-${lang}`, { fullPage: false });
          if (size === '1440') await fits(p, '还款阶段', lang);
          const d = await openRepayment(p, lang);
          await d.getByTestId('repayments').locator('.ant-table-row').first().waitFor();
          await settle(p);
          await screenshot(p, `repayments-drawer-${size}-${lang}`, { fullPage: false });
          await d.getByTestId('record-repayment').click();
          const box = await dialog(p, lang === 'en' ? `Record repayment: ${orderNo}` : `登记还款：${orderNo}`);
          await box.getByTestId('repay-amount').fill('1000');
          await box.getByTestId('preview-after').waitFor({ timeout: 10_000 });
          await box.getByTestId('preview-allocation').locator('.ant-table-row').first().waitFor();
          await settle(p);
          if (!(size === '1440' && lang === 'zh')) await screenshot(p, `repayments-record-${size}-${lang}`, { fullPage: false });
          // The preview scrolled into view (a phone shows the form first).
          await box.getByTestId('repay-preview').scrollIntoViewIfNeeded();
          await settle(p);
          await screenshot(p, `repayments-preview-${size}-${lang}`, { fullPage: false });
          await box.locator('.ant-modal-footer').getByRole('button').first().click();
          await box.waitFor({ state: 'hidden', timeout: 10_000 });
          // The early settlement's quote (opened, photographed, cancelled).
          await d.getByTestId('settle-early').click();
          const early = await dialog(p, lang === 'en' ? `Early settlement: ${orderNo}` : `提前结清：${orderNo}`);
          await early.getByTestId('quote-total').waitFor({ timeout: 10_000 });
          await settle(p);
          await screenshot(p, `repayments-settle-${size}-${lang}`, { fullPage: false });
          await early.locator('.ant-modal-footer').getByRole('button').first().click();
          await early.waitFor({ state: 'hidden', timeout: 10_000 });
          await p.goto(`${baseURL}/business/orderDetail/${orderId}`);
          const section = p.getByTestId('order-repayment');
          await section.getByTestId('repay-summary').waitFor({ timeout: 10_000 });
          await settle(p);
          await screenshot(p, `repayments-order-${size}-${lang}`, { fullPage: false });
          await section.getByRole('tab', { name: lang === 'en' ? 'Instalments' : '分期明细' }).click();
          await section.getByTestId('instalments').locator('.ant-table-row').first().waitFor();
          await section.getByTestId('instalments').scrollIntoViewIfNeeded();
          await settle(p);
          await screenshot(p, `repayments-order-items-${size}-${lang}`, { fullPage: false });
          await section.getByRole('tab', { name: lang === 'en' ? /^Journals/ : /^会计分录/ }).click();
          await section.getByTestId('journals').locator('.ant-table-row').first().waitFor();
          await settle(p);
          await screenshot(p, `repayments-order-journals-${size}-${lang}`, { fullPage: false });
        }
      }
      // The order page, Chinese: the instalment the repayment paid shows what was paid.
      const itemsTab = page.getByTestId('order-repayment');
      await itemsTab.getByRole('tab', { name: '分期明细' }).click();
      await itemsTab.getByTestId('instalments').getByText(/已还\s+[1-9]/).first().waitFor({ timeout: 10_000 });

      // ---------------------------------------------------------------- 提前结清
      drawer = await openRepayment(page);
      await drawer.getByTestId('settle-early').click();
      record = await dialog(page, `提前结清：${orderNo}`);
      const quoteTotal = record.getByTestId('quote-total');
      await quoteTotal.waitFor({ timeout: 10_000 });
      const quote = await get(`/api/admin/order/payoff/${orderId}?date=${businessDate}`);
      assert.equal(fenOf(await quoteTotal.innerText()), quote.totalFen, "the dialog shows the server's quote");
      assert.equal(fenOf(await record.getByTestId('repay-amount-shown').innerText()), quote.totalFen, 'the amount is the quote');
      await record.getByTestId('quote-cancelled').waitFor();
      await record.getByLabel('银行流水号').fill('ICBC20261210000999');
      await settle(page);
      await screenshot(page, 'repayments-settle-filled-1440-zh', { fullPage: false });
      await record.locator('.ant-modal-footer').getByRole('button', { name: named('提前结清') }).click();
      await succeeded(page, '已登记，待他人确认还款');
      await drawer.getByTestId('repayments').getByText('ICBC20261210000999').waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');

      checkerDrawer = await openRepayment(checkerPage);
      await checkerDrawer.getByTestId('repayments').locator('.ant-table-row', { hasText: 'ICBC20261210000999' }).getByTestId('confirm-repayment').click();
      await checkerPage.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(checkerPage, '已确认还款');
      await checkerDrawer.getByTestId('repay-outstanding').filter({ hasText: /^0\.00$/ }).waitFor({ timeout: 10_000 });
      const settled = (await read()).order;
      assert.equal(settled.status, 'SETTLED', 'the early settlement settled the order');
      assert.equal(settled.settleType, 'EARLY');
      await checkerPage.keyboard.press('Escape');

      // ---------------------------------------------------------------- 已结清订单
      for (const [p, c, size] of /** @type {const} */ ([[page, context, '1440'], [phone, phoneContext, '414']])) {
        for (const lang of ['en', 'zh']) {
          await language(c, lang);
          await p.goto(`${baseURL}/business/settleOrder`);
          await row(p).waitFor({ timeout: 10_000 });
          await row(p).getByText(lang === 'en' ? 'Settled early' : '提前结清').waitFor();
          await settle(p);
          await screenshot(p, `repayments-settled-${size}-${lang}`, { fullPage: false });
          if (size === '1440') await fits(p, '已结清订单', lang);
        }
      }
      assert.equal(await page.locator('.bh-page:visible .ant-table-row', { hasText: orderNo }).count(), 1);
      // Gone from 还款阶段.
      await page.goto(`${baseURL}/business/repaymentOrder`);
      await page.locator('.bh-page:visible .ant-table').waitFor();
      await page.locator('.bh-page:visible .ant-empty').first().waitFor({ timeout: 10_000 });
      assert.equal(await row(page).count(), 0, 'a settled order is no longer in 还款阶段');
      // The order page of the settled order.
      await page.goto(`${baseURL}/business/orderDetail/${orderId}`);
      await page.getByTestId('order-status').filter({ hasText: '已结清' }).waitFor({ timeout: 10_000 });
      await page.getByTestId('order-repayment').getByText('提前结清').first().waitFor();
      await settle(page);
      await screenshot(page, 'repayments-order-settled-1440-zh', { fullPage: false });

      assert.deepEqual(errors.all(), []);
      assert.deepEqual(checkerErrors.all(), []);
      assert.deepEqual(phoneErrors.all(), []);
    } catch (error) {
      for (const [i, open] of [...context.pages(), ...checkerContext.pages(), ...phoneContext.pages()].entries()) {
        await screenshot(open, `repayments-failure-${i}`, { fullPage: false }).catch(() => undefined);
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
