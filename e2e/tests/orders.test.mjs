// Orders, part 1 (docs/orders-screens.md): an application made on the screens goes through
// intake, review (returned once by another user: maker ≠ checker), resubmission and approval,
// after which the allocation rule gives it to the AUTO provider (待车主声明/授权); a second order
// is allocated by hand from the queue to the MANUAL provider and confirmed for it; the order page's
// timeline shows every step; a user without admin:order_info:review sees no 通过. Screenshots of
// every screen in Chinese and English.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, enterDate, md5, signInAsAdmin, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const CHECKER = { username: 'checker01', password: 'Checker-Passw0rd', name: '李审核' };
const CLERK = { username: 'clerk02', password: 'Clerk-Passw0rd2', name: '王进件' };
// One session per account: the API calls made while the browser is signed in use accounts of their own.
const SEEDER = { username: 'seed01', password: 'Seed-Passw0rd1' };
const APPROVER = { username: 'checker02', password: 'Checker-Passw0rd2' };
const PICC = '中国人民财产保险股份有限公司北京分公司';
const PINGAN = '中国平安财产保险股份有限公司';
const AUTO_CP = '华夏消费金融';
const MANUAL_CP = '海川小贷';

/** A 640×400 PNG that looks like a vehicle licence. */
function licencePng() {
  return png(640, 400, (x, y) => {
    let rgb = [236, 242, 250];
    if (y < 60) rgb = [40, 90, 160];
    else if (x > 40 && x < 560 && [110, 160, 210, 260, 310].some((line) => y > line && y < line + 12)) rgb = [80, 90, 110];
    if (x < 5 || y < 5 || x >= 635 || y >= 395) rgb = [120, 140, 170];
    return [...rgb, 255];
  });
}

/** @param {import('playwright-core').Page} page @param {string | RegExp} title */
async function dialog(page, title) {
  const box = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  return box;
}

/** @param {import('playwright-core').Page} page @param {string} text */
async function succeeded(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Opens an antd select and picks the option showing `text`. @param {import('playwright-core').Page} page @param {import('playwright-core').Locator} select @param {string | RegExp} text @param {string} [typed] */
async function choose(page, select, text, typed) {
  await select.click();
  if (typed) await page.keyboard.type(typed);
  // The newest open dropdown: the previous select's may still be closing (its animation).
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  const option = dropdown.locator('.ant-select-item-option', { hasText: text }).first();
  await option.waitFor({ state: 'visible', timeout: 10_000 });
  // A typed search leaves the first match active: Enter takes it in the select that has the focus.
  if (typed) await page.keyboard.press('Enter');
  else await option.click();
  await dropdown.waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
  await sleep(150);
}

/** @param {import('playwright-core').Locator} scope */
function ok(scope) {
  return scope.getByRole('button', { name: /^(确\s*定|OK|通\s*过|退\s*回|分\s*配|代资金方确认)$/ }).last();
}

/** @param {import('playwright-core').Page} page @param {string} text */
async function statusIs(page, text) {
  await page.getByTestId('order-status').filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

/** A button's accessible name: antd puts a space between two Chinese characters. @param {string} name */
function named(name) {
  return new RegExp(`^${[...name].join('\\s*')}$`);
}

/** A header button of the order page. @param {import('playwright-core').Page} page @param {string} name */
function headerButton(page, name) {
  return page.getByRole('toolbar').getByRole('button', { name: named(name) });
}

/** Settles animations and fonts before a screenshot. @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await sleep(500);
}

describe('orders, part 1: application → intake → review → allocation', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('through the screens, with a second user reviewing', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const root = await apiSignIn(baseURL);
    const call = (/** @type {string} */ path, /** @type {unknown} */ body, token = root) => api(baseURL, token, 'POST', path, body ?? {});

    // ---------------------------------------------------------------- the world, through the API
    const terms = await api(baseURL, root, 'GET', '/api/admin/config/product/defaults');
    const product = await call('/api/admin/config/product/create', { code: 'CAR_12', name: '车险分期标准产品', remark: '等额本息', terms });
    await call(`/api/admin/config/product/activate/${product.id}`);
    const insurer = (/** @type {string} */ name, /** @type {string} */ code) =>
      call('/api/admin/insurer/create', {
        name, code, contactName: '王经理', contactPhone: '010-88886666', preStartFeeBp: 300, dayBasis: 365, compulsoryReasons: [], enabled: true, accounts: [],
      });
    const picc = await insurer(PICC, 'picc-bj');
    const pingan = await insurer(PINGAN, 'pingan');
    const customer = await call('/api/admin/customer/create', {
      kind: 'INDIVIDUAL', name: '郭子豪', idType: 'RESIDENT_ID', idNo: '11010519491231002X', mobile: '13812345678',
      address: '建国路 88 号', provinceCode: '110000', cityCode: '110100', districtCode: '110105',
    });
    const vehicle = await call('/api/admin/customer/vehicle/create', {
      customerId: customer.id, plateNo: '京A12345', vin: 'LSVAU218XN2183294', usage: 'PRIVATE', brandModel: '大众帕萨特 2024 款 330TSI', ownerIsCustomer: true,
    });
    const other = await call('/api/admin/customer/create', {
      kind: 'INDIVIDUAL', name: '李娜', idType: 'RESIDENT_ID', idNo: '440304198511204567', mobile: '13612345678', address: '深南大道 6008 号',
      provinceCode: '440000', cityCode: '440300', districtCode: '440304',
    });
    const otherVehicle = await call('/api/admin/customer/vehicle/create', {
      customerId: other.id, plateNo: '粤B88K21', vin: 'LFV2A21K4N3012345', usage: 'PRIVATE', brandModel: '丰田凯美瑞 2.5G', ownerIsCustomer: true,
    });
    const provider = (/** @type {string} */ name, /** @type {string} */ acceptMode, /** @type {string} */ kind) =>
      call('/api/admin/capital/create', {
        name, kind, creditLimitFen: 5_000_000_00, costRateBp: 650, penaltyShareBp: 3000, guaranteeMode: 'BUYBACK', advanceAfterDays: 30,
        settlementCycle: 'MONTHLY', acceptMode,
      });
    const autoCp = await provider(AUTO_CP, 'AUTO', 'CONSUMER_FINANCE');
    await provider(MANUAL_CP, 'MANUAL', 'MICRO_LOAN');
    // The rule takes the orders insured with PICC only: an order insured elsewhere waits in the queue.
    await call('/api/admin/allocation/rule/create', {
      name: '人保车险优先华夏', priority: 100, weight: 100, capitalProviderId: autoCp.id, conditions: { insurerIds: [picc.id] }, remark: '人保业务默认走华夏',
    });
    const orderPerms = [
      'admin:assignment_queue:table', 'admin:assignment_queue:allocate', 'admin:order_apply:table', 'admin:order_apply:create',
      'admin:order_info:table', 'admin:order_info:edit', 'admin:order_info:submit', 'admin:order_info:cancel',
      'admin:statistics:not_pass', 'admin:customer:table',
    ];
    const checkerRole = await call('/api/admin/role/create', {
      code: 'e2e_checker', name: '进件审核员', description: '审核进件', enabled: true, permissions: [...orderPerms, 'admin:order_info:review'],
    });
    const clerkRole = await call('/api/admin/role/create', { code: 'e2e_order_clerk', name: '进件专员', description: '办理进件', enabled: true, permissions: orderPerms });
    await call('/api/admin/user/create', { account: CHECKER.username, name: CHECKER.name, mobile: '', departmentId: null, roleIds: [checkerRole.id], password: md5(CHECKER.password) });
    await call('/api/admin/user/create', { account: CLERK.username, name: CLERK.name, mobile: '', departmentId: null, roleIds: [clerkRole.id], password: md5(CLERK.password) });
    await call('/api/admin/user/create', { account: SEEDER.username, name: '张录入', mobile: '', departmentId: null, roleIds: [checkerRole.id], password: md5(SEEDER.password) });
    await call('/api/admin/user/create', { account: APPROVER.username, name: '赵复核', mobile: '', departmentId: null, roleIds: [checkerRole.id], password: md5(APPROVER.password) });
    const seeder = await apiSignIn(baseURL, SEEDER);
    const checker = await apiSignIn(baseURL, APPROVER);

    /** An order through the API up to INTAKE_REVIEW (submitted by the seeding account). */
    const submitted = async (/** @type {number} */ customerId, /** @type {number} */ vehicleId, /** @type {number} */ insurerId, premiums = [480_000, 95_000], financed = 500_000) => {
      const created = await call('/api/admin/order/apply', { customerId, vehicleId, productId: product.id, termN: 12, requestedPremiumFen: premiums[0] + premiums[1], channel: '4S店' }, seeder);
      await call(`/api/admin/order/start-intake/${created.id}`, {}, seeder);
      const view = await api(baseURL, seeder, 'GET', `/api/admin/order/view/${created.id}`);
      await call(`/api/admin/order/intake/${created.id}`, {
        vehicleId, productId: product.id, termN: 12, anchorDate: '2026-12-01', financedFen: financed, version: view.order.version,
        policies: [{ kind: 'COMMERCIAL', insurerId, premiumFen: premiums[0] }, { kind: 'COMPULSORY', insurerId, premiumFen: premiums[1] }],
      }, seeder);
      await call(`/api/admin/order/submit/${created.id}`, {}, seeder);
      return created;
    };
    // A rejected order and one more waiting for review, so those lists have rows.
    const rejected = await submitted(other.id, otherVehicle.id, pingan.id, [620_000, 95_000], 600_000);
    await call(`/api/admin/order/reject/${rejected.id}`, { reasonCode: 'CREDIT_NOT_MET', reason: '征信报告有多笔逾期' }, checker);

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const checkerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      await checkerContext.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      // ---------------------------------------------------------------- 新增申请
      await page.goto(`${baseURL}/business/registeredUser`);
      await page.getByRole('button', { name: '新增申请' }).click();
      const apply = await dialog(page, '新增申请');
      await choose(page, apply.locator('#customerId'), '郭子豪', '郭');
      await choose(page, apply.locator('#vehicleId'), '京A12345');
      await choose(page, apply.locator('#productId'), '车险分期标准产品');
      await choose(page, apply.locator('#termN'), '12 期');
      await apply.locator('#premium').fill('5750');
      await apply.getByLabel('渠道').fill('4S店');
      await apply.getByLabel('备注').fill('客户到店办理，保单明日出');
      await settle(page);
      await screenshot(page, 'orders-apply-dialog-zh', { fullPage: false });
      await ok(apply).click();
      await succeeded(page, '申请已提交');
      const row = page.locator('.ant-table-row', { hasText: '京A12345' }).first();
      await row.waitFor({ timeout: 10_000 });
      const orderNo = (await row.locator('.bh-order__no').innerText()).trim();
      assert.match(orderNo, /^BH\d{14}$/);
      await settle(page);
      await screenshot(page, 'orders-registered-user-zh', { fullPage: false });

      // ---------------------------------------------------------------- 开始进件 → the intake drawer
      await row.getByRole('button', { name: named('开始进件') }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/business/orderDetail/'), { timeout: 10_000 });
      const orderId = Number(new URL(page.url()).pathname.split('/').pop());
      const drawer = page.locator('.ant-drawer-section', { hasText: `进件：${orderNo}` });
      await drawer.waitFor({ timeout: 10_000 });
      await enterDate(drawer.locator('#anchorDate'), '2026-12-01');
      await choose(page, drawer.locator('#policies_0_insurerId'), PICC, '人民');
      await drawer.locator('#policies_0_premium').fill('4800');
      await drawer.getByRole('button', { name: '添加保单' }).click();
      await choose(page, drawer.locator('#policies_1_insurerId'), PICC, '人民');
      await drawer.locator('#policies_1_premium').fill('950');
      await drawer.locator('#financed').fill('5000');
      await drawer.getByTestId('intake-save').click();
      await succeeded(page, '进件信息已保存');
      await drawer.getByTestId('amounts').getByText('5,750.00').first().waitFor({ timeout: 10_000 });
      await drawer.getByTestId('intake-schedule-irr').waitFor({ timeout: 10_000 });
      // A document: the vehicle licence.
      await drawer.getByRole('button', { name: '上传资料' }).click();
      const upload = await dialog(page, '上传订单资料');
      await choose(page, upload.locator('#kind'), '行驶证');
      await upload.locator('input[type=file]').setInputFiles({ name: '行驶证.png', mimeType: 'image/png', buffer: licencePng() });
      await upload.getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(page, '上传成功');
      await drawer.getByRole('cell', { name: '行驶证.png' }).waitFor({ timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'orders-intake-drawer-zh', { fullPage: false });
      await drawer.getByTestId('intake-submit').click();
      await succeeded(page, '已提交审核');
      await statusIs(page, '进件待审核');

      // The maker may not approve their own submission: the refusal shows in the dialog.
      await headerButton(page, '通过').click();
      const selfApprove = await dialog(page, `审核通过：${orderNo}`);
      await ok(selfApprove).click();
      await selfApprove.getByTestId('refusal').waitFor({ timeout: 20_000 });
      await settle(page);
      await screenshot(page, 'orders-maker-checker-zh', { fullPage: false });
      await selfApprove.getByRole('button', { name: /取\s*消|Cancel/ }).click();

      // ---------------------------------------------------------------- the checker returns it
      const review = await checkerContext.newPage();
      const reviewErrors = collectErrors(review);
      await signInAsAdmin(review, baseURL, CHECKER);
      await review.goto(`${baseURL}/business/reviewOrder`);
      await review.locator('.ant-table-row', { hasText: orderNo }).waitFor({ timeout: 10_000 });
      await settle(review);
      await screenshot(review, 'orders-review-list-zh', { fullPage: false });
      await review.locator('.ant-table-row', { hasText: orderNo }).locator('.bh-order__no').click();
      await review.waitForURL((url) => url.pathname === `/business/orderDetail/${orderId}`, { timeout: 10_000 });
      await statusIs(review, '进件待审核');
      await headerButton(review, '退回').click();
      const returning = await dialog(review, `退回补件：${orderNo}`);
      await returning.getByLabel('退回原因').fill('交强险保费与保单不符，请按保单金额修改');
      await returning.getByRole('checkbox', { name: '保单' }).check();
      await returning.getByRole('checkbox', { name: '金额' }).check();
      await ok(returning).click();
      await statusIs(review, '退回补件');

      // ---------------------------------------------------------------- the maker corrects and resubmits
      await page.reload();
      await statusIs(page, '退回补件');
      await page.getByTestId('return-notice').getByText('交强险保费与保单不符').first().waitFor({ timeout: 10_000 });
      await headerButton(page, '进件').click();
      const again = page.locator('.ant-drawer-section', { hasText: `进件：${orderNo}` });
      await again.getByTestId('return-notice').waitFor({ timeout: 10_000 });
      await again.locator('#policies_1_premium').fill('1100');
      await settle(page);
      await screenshot(page, 'orders-intake-returned-zh', { fullPage: false });
      await again.getByTestId('intake-submit').click();
      await succeeded(page, '已提交审核');
      await statusIs(page, '进件待审核');

      // ---------------------------------------------------------------- approval → the rule allocates to the AUTO provider
      await review.reload();
      await statusIs(review, '进件待审核');
      await review.getByText('该客户还有其他订单').waitFor({ timeout: 10_000 }).catch(() => undefined);
      await settle(review);
      await screenshot(review, 'orders-review-page-zh');
      await headerButton(review, '通过').click();
      const approving = await dialog(review, `审核通过：${orderNo}`);
      await approving.getByLabel('审核意见').fill('资料齐全，同意');
      await ok(approving).click();
      await statusIs(review, '待车主声明/授权');
      await review.locator('#order-allocations').getByText(AUTO_CP).first().waitFor({ timeout: 10_000 });

      // The timeline shows each step, newest first.
      await page.reload();
      await statusIs(page, '待车主声明/授权');
      const steps = (await page.getByTestId('timeline-entry').locator('strong').allInnerTexts()).map((t) => t.trim());
      for (const step of ['提交申请', '开始进件', '提交审核', '退回补件', '重新提交', '审核通过', '分配资金方', '资金方确认']) {
        assert.ok(steps.includes(step), `the timeline shows ${step}: ${steps.join(', ')}`);
      }
      assert.equal(steps[steps.length - 1], '提交申请', 'the application is the oldest step');
      await page.getByText('交强险保费与保单不符，请按保单金额修改').first().waitFor();
      await settle(page);
      await screenshot(page, 'orders-order-page-zh');

      // ---------------------------------------------------------------- a second order: by hand from the queue to the MANUAL provider
      const second2 = await submitted(other.id, otherVehicle.id, pingan.id, [720_000, 95_000], 700_000);
      await call(`/api/admin/order/approve/${second2.id}`, { opinion: '同意' }, checker);
      const queued = await api(baseURL, seeder, 'GET', `/api/admin/order/view/${second2.id}`);
      assert.equal(queued.order.status, 'PENDING_ALLOCATION', 'no rule takes an order insured with 平安');
      await page.goto(`${baseURL}/business/allocationQueue`);
      const queueRow = page.locator('.ant-table-row', { hasText: queued.order.orderNo });
      await queueRow.waitFor({ timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'orders-allocation-queue-zh', { fullPage: false });
      await queueRow.getByRole('button', { name: named('分配') }).click();
      const allocating = await dialog(page, `分配资金方：${queued.order.orderNo}`);
      await choose(page, allocating.locator('#capitalProviderId'), MANUAL_CP);
      await settle(page);
      await screenshot(page, 'orders-allocate-dialog-zh', { fullPage: false });
      await ok(allocating).click();
      await succeeded(page, '已分配');
      await page.goto(`${baseURL}/business/orderDetail/${second2.id}`);
      await statusIs(page, '资金方确认中');
      await headerButton(page, '代资金方确认').click();
      const accepting = await dialog(page, `代资金方确认：${queued.order.orderNo}`);
      await accepting.getByLabel('资金方审批号').fill('HC-2026-00318');
      await ok(accepting).click();
      await statusIs(page, '待车主声明/授权');
      await page.locator('#order-allocations').getByText('HC-2026-00318').waitFor({ timeout: 10_000 });

      // ---------------------------------------------------------------- a user without admin:order_info:review sees no 通过
      const third = await submitted(customer.id, vehicle.id, picc.id, [300_000, 95_000], 350_000);
      const clerkContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        await clerkContext.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
        const clerk = await clerkContext.newPage();
        const clerkErrors = collectErrors(clerk);
        await signInAsAdmin(clerk, baseURL, CLERK);
        await clerk.goto(`${baseURL}/business/orderDetail/${third.id}`);
        await statusIs(clerk, '进件待审核');
        await headerButton(clerk, '取消订单').waitFor({ timeout: 10_000 });
        assert.equal(await clerk.getByRole('button', { name: named('通过') }).count(), 0, 'no 通过 without the review permission');
        assert.equal(await clerk.getByRole('button', { name: named('退回') }).count(), 0, 'no 退回 either');
        // Without the product, insurer and provider screens the clerk still gets their choices.
        await clerk.goto(`${baseURL}/business/registeredUser`);
        await clerk.getByRole('button', { name: '新增申请' }).click();
        const clerkApply = await dialog(clerk, '新增申请');
        await choose(clerk, clerkApply.locator('#productId'), '车险分期标准产品');
        await clerk.keyboard.press('Escape');
        assert.deepEqual(clerkErrors.all(), []);
      } finally {
        await clerkContext.close();
      }

      // ---------------------------------------------------------------- every screen, Chinese then English
      // A working day's lists: a new application, one in intake, one waiting for allocation.
      const newOne = await call('/api/admin/order/apply', { customerId: other.id, vehicleId: otherVehicle.id, productId: product.id, termN: 6, requestedPremiumFen: 398_000, channel: '线上' }, seeder);
      await call(`/api/admin/order/start-intake/${newOne.id}`, {}, seeder);
      const fresh = await call('/api/admin/order/apply', { customerId: customer.id, vehicleId: vehicle.id, productId: product.id, termN: 3, requestedPremiumFen: 256_000, channel: '门店' }, seeder);
      const waiting = await submitted(other.id, otherVehicle.id, pingan.id, [510_000, 95_000], 480_000);
      await call(`/api/admin/order/approve/${waiting.id}`, { opinion: '同意' }, checker);
      await page.goto(`${baseURL}/business/allocationManagement?tab=records`);
      await page.locator('.ant-table-row', { hasText: 'HC-2026-00318' }).waitFor({ timeout: 10_000 });
      const shots = [
        ['registered-user', '/business/registeredUser', fresh.orderNo],
        ['intake-list', '/business/order', newOne.orderNo],
        ['review-list', '/business/reviewOrder', third.orderNo],
        ['allocation-queue', '/business/allocationQueue', waiting.orderNo],
        ['allocation-rules', '/business/allocationManagement', '人保车险优先华夏'],
        ['allocation-records', '/business/allocationManagement?tab=records', 'HC-2026-00318'],
        ['reject-order', '/rejectOrder', rejected.orderNo],
        ['comprehensive', '/business/comprehensive', orderNo],
        ['order-page', `/business/orderDetail/${orderId}`, orderNo],
        ['customer-orders', `/operate/customerManagement/detail/${customer.id}`, orderNo],
      ];
      for (const [lang, cookie] of [['zh', 'zh'], ['en', 'en']]) {
        await context.addCookies([{ name: 'language', value: cookie, url: baseURL }]);
        for (const [name, path, text] of shots) {
          await page.goto(`${baseURL}${path}`);
          if (text) await page.locator('.bh-page:visible').getByText(text).first().waitFor({ timeout: 10_000 });
          else await page.locator('.bh-page:visible .ant-table').first().waitFor({ timeout: 10_000 });
          await settle(page);
          await screenshot(page, `orders-${name}-${lang}`, { fullPage: name === 'order-page' || name === 'customer-orders' });
        }
      }
      // The rule dialog, in English.
      await page.goto(`${baseURL}/business/allocationManagement`);
      await page.getByRole('button', { name: 'Edit', exact: true }).first().click();
      await dialog(page, 'Edit rule');
      await settle(page);
      await screenshot(page, 'orders-rule-dialog-en', { fullPage: false });

      assert.deepEqual(errors.all(), []);
      assert.deepEqual(reviewErrors.all(), []);
    } catch (error) {
      for (const [i, open] of context.pages().entries()) await screenshot(open, `orders-failure-${i}`, { fullPage: false }).catch(() => undefined);
      throw error;
    } finally {
      await checkerContext.close();
      await context.close();
    }
  });
});
