// Orders, part 2 (docs/orders-screens.md "Part 2"): an order the API brought to 待车主声明/授权 goes
// through every screen in Chromium — the declaration package signed by the customer on the public
// signing page, the insurer's confirmation, the loan package signed by the customer, the capital
// provider and the platform, the down payment recorded by one user and confirmed by another
// (maker ≠ checker refused first), a premium payment application paid by another user than its
// creator (the order disbursed), the e-policies uploaded — until 还款中, with the order page's plan,
// contracts, receipt, disbursement and timeline. Screenshots of every screen in Chinese and English
// (1440×900) and of the signing page on a phone (414×860).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, enterDate, md5, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

// One session per account: the browser's two users, and two more for the API's part of the story.
const MAKER = { username: 'maker01', password: 'Maker-Passw0rd1' };
const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd1' };
const SEEDER = { username: 'seed01', password: 'Seed-Passw0rd1' };
const APPROVER = { username: 'approver01', password: 'Approver-Passw0rd1' };
const CUSTOMER = '郭子豪';
const PICC = '中国人民财产保险股份有限公司北京分公司';
const AUTO_CP = '华夏消费金融';
/** The platform's name when 系统设置 gives none (crates/service/src/order/contracts.rs). */
const PLATFORM = '小蜜蜂任务共享系统';
const PREMIUMS = [480_000, 95_000];
const SIGN_VIEWPORT = { width: 414, height: 860 };

/** A 480×300 PNG that looks like a bank transfer slip. */
function slipPng() {
  return png(480, 300, (x, y) => {
    let rgb = [250, 250, 246];
    if (y < 46) rgb = [176, 32, 40];
    else if (x > 30 && x < 450 && [90, 130, 170, 210].some((line) => y > line && y < line + 10)) rgb = [90, 90, 100];
    if (x < 3 || y < 3 || x >= 477 || y >= 297) rgb = [160, 160, 160];
    return [...rgb, 255];
  });
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

/** Opens an antd select and picks the option showing `text`. @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} select @param {string | RegExp} text */
async function choose(page, select, text) {
  await select.click();
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const option = dropdown.locator('.ant-select-item-option', { hasText: text }).first();
  await option.waitFor({ state: 'visible', timeout: 10_000 });
  await option.click();
  await dropdown.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  await sleep(150);
}

/** A button's accessible name: antd puts a space between two Chinese characters. @param {string} name */
function named(name) {
  return new RegExp(`^${[...name].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`);
}

/** The dialog's primary button. @param {import('playwright-core').Locator} box @param {string} label */
function okOf(box, label) {
  return box.locator('.ant-modal-footer').getByRole('button', { name: named(label) });
}

/** @param {import('playwright-core').Page} page @param {string} text */
async function statusIs(page, text) {
  await page.getByTestId('order-status').filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

/** Settles animations and fonts before a screenshot. @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await sleep(400);
}

/** Waits until the success messages are gone (they cover a drawer's title). @param {import('playwright-core').Page} page */
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

describe('orders, part 2: declaration → insurance → contracts → down payment → premium → e-policy', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('through the screens, with a second user confirming and paying', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const root = await apiSignIn(baseURL);
    const call = (/** @type {string} */ path, /** @type {unknown} */ body, token = root) => api(baseURL, token, 'POST', path, body ?? {});

    // ---------------------------------------------------------------- the world, through the API
    const { businessDate } = await api(baseURL, root, 'GET', '/api/admin/config/system/business-date');
    const terms = await api(baseURL, root, 'GET', '/api/admin/config/product/defaults');
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
    await call('/api/admin/allocation/rule/create', {
      name: '人保车险优先华夏', priority: 100, weight: 100, capitalProviderId: autoCp.id, conditions: { insurerIds: [picc.id] }, remark: '人保业务默认走华夏',
    });
    const permissions = [
      ...['table', 'edit', 'submit', 'review', 'cancel', 'declaration', 'insure', 'contract', 'down_payment', 'disburse', 'disburse_reverse', 'policy'].map((p) => `admin:order_info:${p}`),
      'admin:order_apply:table', 'admin:order_apply:create', 'admin:assignment_queue:table', 'admin:assignment_queue:allocate',
      'admin:order_premium:table', 'admin:order_premium:create', 'admin:order_premium:pay',
    ];
    const role = await call('/api/admin/role/create', { code: 'e2e_order_officer', name: '订单专员', description: '办理放款前的各步', enabled: true, permissions });
    for (const [user, name] of /** @type {const} */ ([[MAKER, '王经办'], [CHECKER, '李复核'], [SEEDER, '张录入'], [APPROVER, '赵审批']])) {
      await call('/api/admin/user/create', { account: user.username, name, mobile: '', departmentId: null, roleIds: [role.id], password: md5(user.password) });
    }
    const seeder = await apiSignIn(baseURL, SEEDER);
    const approver = await apiSignIn(baseURL, APPROVER);

    // The order: applied, taken in with today's business date as the policy start (the first due
    // date is a month later), submitted, approved by another user: the rule gives it to the AUTO provider.
    const created = await call('/api/admin/order/apply', { customerId: customer.id, vehicleId: vehicle.id, productId: product.id, termN: 12, requestedPremiumFen: PREMIUMS[0] + PREMIUMS[1], channel: '4S店' }, seeder);
    await call(`/api/admin/order/start-intake/${created.id}`, {}, seeder);
    const intake = await api(baseURL, seeder, 'GET', `/api/admin/order/view/${created.id}`);
    await call(`/api/admin/order/intake/${created.id}`, {
      vehicleId: vehicle.id, productId: product.id, termN: 12, anchorDate: businessDate, financedFen: 500_000, version: intake.order.version,
      policies: [{ kind: 'COMMERCIAL', insurerId: picc.id, premiumFen: PREMIUMS[0] }, { kind: 'COMPULSORY', insurerId: picc.id, premiumFen: PREMIUMS[1] }],
    }, seeder);
    await call(`/api/admin/order/submit/${created.id}`, {}, seeder);
    await call(`/api/admin/order/approve/${created.id}`, { opinion: '资料齐全，同意' }, approver);
    const orderId = created.id;
    const orderNo = created.orderNo;
    const read = () => api(baseURL, root, 'GET', `/api/admin/order/view/${orderId}`);
    assert.equal((await read()).order.status, 'PENDING_DECLARATION', 'approved and allocated to the AUTO provider');

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const checkerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    // The customer's phone (and the provider's and platform's signers): no sign-in.
    const phone = await browser.newContext({ viewport: SIGN_VIEWPORT, deviceScaleFactor: 1, isMobile: true, hasTouch: true });
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
      for (const c of [context, checkerContext, phone]) await c.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signIn(page, MAKER);

      /** Sets the interface language of a context (the cookie the app reads at load). */
      const language = (/** @type {import('playwright-core').BrowserContext} */ c, /** @type {string} */ lang) => c.addCookies([{ name: 'language', value: lang, url: baseURL }]);
      /**
       * Screenshots a screen in Chinese and English: loads `path`, waits for `ready`, shoots; the
       * interface is Chinese again afterwards (the page reloaded at `path`).
       * @param {string} name @param {string} path @param {(lang: string) => Promise<unknown>} ready @param {boolean} [fullPage]
       */
      const bothLanguages = async (name, path, ready, fullPage = false) => {
        for (const lang of ['en', 'zh']) {
          await language(context, lang);
          await page.goto(`${baseURL}${path}`);
          await ready(lang);
          await settle(page);
          await screenshot(page, `orders2-${name}-${lang}`, { fullPage });
        }
      };
      const listed = () => page.locator('.bh-page:visible .ant-table-row', { hasText: orderNo }).first().waitFor({ timeout: 10_000 });
      const row = () => page.locator('.bh-page:visible .ant-table-row', { hasText: orderNo }).first();

      /** Copies each pending signer's link from the open contract panel: [{ name, url }]. */
      const signingLinks = async (/** @type {import('playwright-core').Locator} */ panel) => {
        const links = [];
        const signers = panel.locator('.bh-order-signer', { has: page.getByTestId('copy-sign-link') });
        const count = await signers.count();
        for (let i = 0; i < count; i += 1) {
          const signer = signers.nth(i);
          const name = (await signer.locator('strong').innerText()).trim();
          await signer.getByTestId('copy-sign-link').click();
          await succeeded(page, `已复制 ${name} 的签署链接`);
          const url = await page.evaluate(() => navigator.clipboard.readText());
          assert.match(url, new RegExp(`^${baseURL}/sign/[A-Za-z0-9_-]{20,}$`), `a signing link for ${name}`);
          links.push({ name, url });
        }
        return links;
      };
      let phoneShots = 0;
      /** Signs on the public signing page as `name` (a new page, no sign-in); the first one is photographed. */
      const sign = async (/** @type {string} */ url, /** @type {string} */ name, /** @type {string} */ shotName = '') => {
        const signPage = await phone.newPage();
        const signErrors = collectErrors(signPage);
        try {
          await signPage.goto(url);
          await signPage.getByTestId('sign-pdf').waitFor({ timeout: 15_000 });
          await signPage.getByTestId('sign-details').waitFor();
          if (shotName) {
            // English first (the language select of the page), then back to Chinese.
            await signPage.locator('.bh-sign__language').click();
            await signPage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: 'English' }).click();
            await signPage.getByTestId('sign-submit').filter({ hasText: 'Sign' }).waitFor();
            await settle(signPage);
            await screenshot(signPage, `orders2-${shotName}-en`);
            await signPage.locator('.bh-sign__language').click();
            await signPage.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '中文' }).click();
            await signPage.getByTestId('sign-submit').filter({ hasText: /确\s*认\s*签\s*署/ }).waitFor();
            await settle(signPage);
            await screenshot(signPage, `orders2-${shotName}-zh`);
            phoneShots += 2;
          }
          await signPage.getByTestId('sign-name').fill(name);
          await signPage.getByTestId('sign-agree').check();
          await signPage.getByTestId('sign-submit').click();
          await signPage.getByTestId('sign-done').waitFor({ timeout: 15_000 });
          await signPage.getByText('签署完成').first().waitFor();
          if (shotName) {
            await settle(signPage);
            await screenshot(signPage, `orders2-${shotName}-done-zh`);
          }
          assert.deepEqual(signErrors.all(), [], `the signing page of ${name}`);
        } finally {
          await signPage.close();
        }
      };

      // ---------------------------------------------------------------- 订单车主声明及授权书
      await bothLanguages('declaration-list', '/business/orderStatement', listed);
      await listed();
      await rowAction(page, row(), '声明及授权书');
      let panel = await drawerOf(page, `车主声明及授权书：${orderNo}`);
      await panel.getByTestId('contract-generate').click();
      await succeeded(page, '已生成，签署链接已发出');
      await panel.getByTestId('copy-sign-link').nth(1).waitFor({ timeout: 10_000 });
      await quiet(page);
      await settle(page);
      await screenshot(page, 'orders2-declaration-panel-zh', { fullPage: false });
      const declarationLinks = await signingLinks(panel);
      assert.deepEqual(declarationLinks.map((l) => l.name), [CUSTOMER, CUSTOMER], 'both documents are signed by the customer');
      for (const [i, link] of declarationLinks.entries()) await sign(link.url, CUSTOMER, i === 0 ? 'sign-page' : '');
      // A link already used shows what was signed.
      const usedPage = await phone.newPage();
      await usedPage.goto(declarationLinks[0]?.url ?? '');
      await usedPage.getByTestId('sign-done').waitFor({ timeout: 10_000 });
      await usedPage.close();
      await page.keyboard.press('Escape');

      // Back in the workspace: the order moved on; the signed PDF opens from the contract panel.
      await page.goto(`${baseURL}/business/orderDetail/${orderId}`);
      await statusIs(page, '待投保确认');
      const contracts = page.locator('#order-contracts');
      await contracts.getByText('已签署').first().waitFor({ timeout: 10_000 });
      const pdfResponse = page.waitForResponse((r) => r.url().includes('/api/admin/order/contract/file/') && r.request().method() === 'GET', { timeout: 10_000 });
      await contracts.locator('.ant-table-row').first().getByText('下载', { exact: true }).click();
      const pdf = await pdfResponse;
      assert.match(pdf.headers()['content-type'] ?? '', /^application\/pdf/, 'the signed document is a PDF');
      const signedPdf = await pdf.body();
      assert.equal(signedPdf.subarray(0, 5).toString('latin1'), '%PDF-', 'the body is a PDF');
      assert.match(pdf.url(), /signed=true/, 'the signed version was asked for');
      await sleep(300);
      for (const open of context.pages()) if (open !== page) await open.close();

      // ---------------------------------------------------------------- 投保确认
      await bothLanguages('insure-list', '/business/insuranceForm', listed);
      await listed();
      await rowAction(page, row(), '投保确认');
      const insure = await dialog(page, `投保确认：${orderNo}`);
      const insureRows = insure.getByTestId('insure-row');
      assert.equal(await insureRows.count(), 2, 'one row per policy');
      for (let i = 0; i < 2; i += 1) {
        const premium = insure.getByTestId(`final-premium-${i}`);
        assert.equal(Number((await premium.inputValue()).replace(/,/g, '')), (PREMIUMS[i] ?? 0) / 100, 'the final premium starts at the quote');
        await insureRows.nth(i).locator('input[id$="_proposalNo"]').fill(`TDAA2026110500${i + 1}88`);
        await insureRows.nth(i).locator('textarea[id$="_specialAgreement"]').fill('本保单退保须经出借人书面同意，退保金划付至出借人指定账户。');
      }
      await insure.getByTestId('insure-summary').getByText('0.00%').first().waitFor({ timeout: 5_000 }).catch(() => undefined);
      await settle(page);
      await screenshot(page, 'orders2-insure-dialog-zh', { fullPage: false });
      await okOf(insure, '确认').click();
      await succeeded(page, '投保已确认');
      assert.equal((await read()).order.status, 'PENDING_SIGN', 'the order is 待签约');

      // ---------------------------------------------------------------- 订单合同管理
      await bothLanguages('contract-list', '/business/contractSigning', listed);
      await listed();
      await rowAction(page, row(), '合同');
      panel = await drawerOf(page, `订单合同：${orderNo}`);
      await panel.getByTestId('contract-generate').click();
      await succeeded(page, '已生成，签署链接已发出');
      await panel.getByTestId('copy-sign-link').nth(6).waitFor({ timeout: 10_000 });
      await quiet(page);
      await settle(page);
      await screenshot(page, 'orders2-contract-panel-zh', { fullPage: false });
      const loanLinks = await signingLinks(panel);
      assert.deepEqual(
        loanLinks.map((l) => l.name).sort(),
        [AUTO_CP, CUSTOMER, CUSTOMER, CUSTOMER, CUSTOMER, PLATFORM, PLATFORM].sort(),
        'the customer signs four documents, the platform two, the provider one',
      );
      for (const link of loanLinks) await sign(link.url, link.name, link.name === AUTO_CP ? 'sign-page-provider' : '');
      await page.keyboard.press('Escape');
      assert.equal((await read()).order.status, 'PENDING_DOWN_PAYMENT', 'every contract signed: 待付首付');

      // ---------------------------------------------------------------- 首付款管理
      const openDownPayment = async (/** @type {import('playwright-core').Page} */ p, /** @type {string} */ lang) => {
        const r = p.locator('.bh-page:visible .ant-table-row', { hasText: orderNo }).first();
        await r.waitFor({ timeout: 10_000 });
        await rowAction(p, r, lang === 'en' ? 'Down payment' : '首付款');
        return drawerOf(p, lang === 'en' ? `Down payment: ${orderNo}` : `首付款：${orderNo}`);
      };
      await bothLanguages('down-payment-list', '/business/downPayments', listed);
      await bothLanguages('down-payment-panel', '/business/downPayments', (lang) => openDownPayment(page, lang));
      panel = await drawerOf(page, `首付款：${orderNo}`);
      const due = (await panel.getByTestId('dp-total').innerText()).trim();
      await panel.getByTestId('record-receipt').click();
      const record = await dialog(page, `登记收款：${orderNo}`);
      assert.equal((await record.getByTestId('receipt-amount').innerText()).trim(), due, 'the amount is what is due');
      await record.getByLabel('银行流水号').fill('ICBC20261125000918');
      await record.getByLabel('付款人').fill(CUSTOMER);
      await enterDate(record.getByLabel('到账日期'), businessDate);
      await record.locator('input[type=file]').setInputFiles({ name: '转账回单.png', mimeType: 'image/png', buffer: slipPng() });
      await record.getByText('转账回单.png').waitFor();
      await settle(page);
      await screenshot(page, 'orders2-record-receipt-zh', { fullPage: false });
      await okOf(record, '登记收款').click();
      await succeeded(page, '已登记，待他人确认收款');
      // The maker may not confirm their own record.
      await panel.getByTestId('confirm-receipt').click();
      await page.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
      await panel.getByTestId('refusal').filter({ hasText: '确认人不能是登记人' }).waitFor({ timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'orders2-maker-checker-zh', { fullPage: false });
      await page.keyboard.press('Escape');

      const checker = await checkerContext.newPage();
      const checkerErrors = collectErrors(checker);
      await signIn(checker, CHECKER);
      await checker.goto(`${baseURL}/business/downPayments`);
      const checkerPanel = await openDownPayment(checker, 'zh');
      await checkerPanel.getByTestId('confirm-receipt').click();
      await checker.locator('.ant-popconfirm:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(checker, '已确认收款');
      assert.equal((await read()).order.status, 'PENDING_DISBURSEMENT', 'the down payment confirmed: 待放款');
      await checker.keyboard.press('Escape');

      // ---------------------------------------------------------------- 保费管理
      await page.goto(`${baseURL}/companyRepayment/premiumManagement`);
      await page.getByRole('button', { name: '新建申请' }).click();
      const creating = await dialog(page, '新建保费付款申请');
      await choose(page, creating.getByTestId('premium-group'), AUTO_CP);
      await choose(page, creating.getByTestId('premium-payee'), '中国工商银行');
      await creating.getByText(orderNo).waitFor();
      await creating.getByTestId('premium-total').filter({ hasText: '5,000.00' }).waitFor({ timeout: 5_000 });
      await settle(page);
      await screenshot(page, 'orders2-premium-create-zh', { fullPage: false });
      await okOf(creating, '新建申请').click();
      await succeeded(page, '申请已创建');
      const viewing = await drawerOf(page, '保费付款申请：');
      await viewing.getByTestId('premium-lines').getByText(orderNo).waitFor({ timeout: 10_000 });
      await page.keyboard.press('Escape');
      const application = page.locator('.bh-page:visible .ant-table-row').first();
      const applicationNo = (await application.locator('a.bh-num').first().innerText()).trim();
      assert.match(applicationNo, /^PP\d+/);
      await rowAction(page, application, '提交');
      await page.locator('.ant-popconfirm:visible, .ant-modal-confirm:visible').getByRole('button', { name: /确\s*定|OK/ }).last().click();
      await succeeded(page, '已提交');
      await application.getByText('已提交').waitFor({ timeout: 10_000 });
      await rowAction(page, application, '记录资金方审批');
      const approving = await dialog(page, `记录资金方审批：${applicationNo}`);
      await approving.getByLabel('资金方审批号').fill('HX-2026-04417');
      await okOf(approving, '记录资金方审批').click();
      await succeeded(page, '已记录审批');
      await application.getByText('资金方已审批').waitFor({ timeout: 10_000 });
      await bothLanguages('premium-list', '/companyRepayment/premiumManagement', () => page.locator('.bh-page:visible .ant-table-row', { hasText: applicationNo }).waitFor({ timeout: 10_000 }));
      // The checker pays it (the creator may not).
      await checker.goto(`${baseURL}/companyRepayment/premiumManagement`);
      const toPay = checker.locator('.bh-page:visible .ant-table-row', { hasText: applicationNo });
      await toPay.waitFor({ timeout: 10_000 });
      await rowAction(checker, toPay, '标记已付');
      const paying = await dialog(checker, `标记已付：${applicationNo}`);
      await paying.getByLabel('银行流水号').fill('HXCF20261125007731');
      await settle(checker);
      await screenshot(checker, 'orders2-premium-pay-zh', { fullPage: false });
      await okOf(paying, '标记已付').click();
      await succeeded(checker, '已标记已付，订单已放款');
      await toPay.getByText('已付款').waitFor({ timeout: 10_000 });
      assert.equal((await read()).order.status, 'PENDING_POLICY', 'paid: the order is disbursed, 待出单');

      // ---------------------------------------------------------------- 放款管理
      await bothLanguages('disbursement-list', '/business/loanConfirmation', async () => {
        await listed();
        await row().locator('.ant-tag').first().waitFor();
      });
      assert.match(await row().innerText(), /待出单/, 'listed as disbursed, waiting for the policies');

      // ---------------------------------------------------------------- 电子保单
      const openPolicies = async (/** @type {string} */ lang) => {
        await listed();
        await rowAction(page, row(), lang === 'en' ? 'E-policies' : '电子保单');
        return drawerOf(page, lang === 'en' ? `Electronic policies: ${orderNo}` : `电子保单：${orderNo}`);
      };
      await bothLanguages('policy-list', '/business/electronicInsurance', listed);
      await bothLanguages('policy-panel', '/business/electronicInsurance', openPolicies);
      panel = await drawerOf(page, `电子保单：${orderNo}`);
      for (let i = 0; i < 2; i += 1) {
        await panel.getByTestId('upload-policy').first().click();
        const uploading = await dialog(page, '上传电子保单：');
        await uploading.locator('input[type=file]').setInputFiles({ name: `电子保单-${i + 1}.pdf`, mimeType: 'application/pdf', buffer: signedPdf });
        await uploading.getByLabel('保单号', { exact: true }).fill(`PDAA2026110500${i + 1}77`);
        if (i === 0) {
          await settle(page);
          await screenshot(page, 'orders2-policy-upload-zh', { fullPage: false });
        }
        await okOf(uploading, '上传电子保单').click();
        await succeeded(page, '电子保单已上传');
        await uploading.waitFor({ state: 'hidden', timeout: 10_000 });
        await panel.getByTestId('policies').getByText('已出单').nth(i).waitFor({ timeout: 10_000 });
      }
      assert.equal((await read()).order.status, 'REPAYING', 'every policy issued: 还款中');
      await page.keyboard.press('Escape');

      // ---------------------------------------------------------------- the order page
      await page.goto(`${baseURL}/business/orderDetail/${orderId}`);
      await statusIs(page, '还款中');
      const plan = page.getByTestId('plan');
      await plan.getByText('生效中').first().waitFor({ timeout: 10_000 });
      // A disbursed order lists its instalments once, in 还款 › 分期明细: the plan links there.
      assert.equal(await plan.locator('.ant-table').count(), 0, 'the plan keeps its summary');
      assert.equal(await page.getByTestId('order-schedule-plan').count(), 0, 'the schedule keeps its rates');
      await plan.getByTestId('plan-show-instalments').click();
      const instalments = page.getByTestId('order-repayment').getByTestId('instalments');
      await instalments.locator('.ant-table-tbody .ant-table-row').first().waitFor({ timeout: 10_000 });
      assert.equal(await instalments.locator('.ant-table-tbody .ant-table-row').count(), 12, 'twelve instalments');
      const firstDue = (await instalments.locator('.ant-table-tbody .ant-table-row').first().locator('td').nth(1).innerText()).trim();
      assert.ok(firstDue > businessDate, `the first instalment is due after today (${firstDue} > ${businessDate})`);
      assert.equal(await page.locator('#order-contracts .ant-table-row').filter({ hasText: '已签署' }).count(), 6, 'six contracts signed');
      await page.getByTestId('receipts').getByText('ICBC20261125000918').waitFor();
      await page.getByTestId('receipts').getByText('已确认').waitFor();
      const disbursement = page.getByTestId('disbursement-info');
      await disbursement.getByText(applicationNo).waitFor();
      await disbursement.getByText('HXCF20261125007731').waitFor();
      const steps = (await page.getByTestId('timeline-entry').locator('strong').allInnerTexts()).map((t) => t.trim());
      for (const step of ['提交申请', '开始进件', '提交审核', '审核通过', '分配资金方', '资金方确认', '车主声明已签署', '核保通过', '合同已签署', '首付已确认', '已放款', '保单已出']) {
        assert.ok(steps.includes(step), `the timeline shows ${step}: ${steps.join(', ')}`);
      }
      assert.equal(steps[0], '保单已出', 'the newest step first');
      await bothLanguages('order-page', `/business/orderDetail/${orderId}`, (lang) => statusIs(page, lang === 'en' ? 'Repaying' : '还款中'), true);

      assert.equal(phoneShots, 4);
      assert.deepEqual(errors.all(), []);
      assert.deepEqual(checkerErrors.all(), []);
    } catch (error) {
      for (const [i, open] of [...context.pages(), ...checkerContext.pages()].entries()) {
        await screenshot(open, `orders2-failure-${i}`, { fullPage: false }).catch(() => undefined);
      }
      throw error;
    } finally {
      await phone.close();
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
