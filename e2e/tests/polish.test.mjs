// Workspace polish (issue 15, web side): what the shared building blocks promise every list,
// checked mechanically in Chromium — no clipped cell at 1440 px on any built list (zh and en), a
// failed load shows the server's message and 重试, a detail page keeps its list highlighted and
// goes back to it with the filters, a phone's first load has the sidebar closed in its first frame,
// open tabs survive a reload, the theme colour reaches table links, an English user gets the
// server's messages in English with every field error of a form in one answer. It also takes the screenshots of
// the list screens (zh and en, 1440×900 and 414×860) into e2e/artifacts/ (prefix from
// POLISH_SHOTS, default `polish`).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, eventually, md5, signInAsAdmin, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;
/** @type {number} */
let customerId = 0;

const SHOTS = process.env.POLISH_SHOTS ?? 'polish';

/** The built list screens an administrator opens, with a short name for the screenshots. */
const LISTS = [
  ['customers', '/operate/customerManagement'],
  ['contracts', '/operate/contract'],
  ['notice-templates', '/operate/noticeTemplate'],
  ['notice-send', '/operate/noticeSend'],
  ['banners', '/content/banner'],
  ['articles', '/content/advertisingSpace'],
  ['insurers', '/partner/insuranceCompany'],
  ['providers', '/partner/fundSide'],
  ['organization', '/systemManagement/organization'],
  ['roles', '/systemManagement/role'],
  ['administrators', '/systemManagement/administrators'],
  ['journal', '/systemManagement/journal'],
  ['sms-templates', '/systemManagement/message'],
  ['usage', '/systemManagement/verification'],
];

/**
 * @param {{ language?: string, width?: number, height?: number }} options
 * @param {(page: import('playwright-core').Page, errors: import('../lib/browser.mjs').PageErrors) => Promise<void>} body
 */
async function withSignedIn({ language = 'zh', width = 1440, height = 900 }, body) {
  assert.ok(browser && server);
  const context = await browser.newContext({ viewport: { width, height } });
  try {
    await context.addCookies([{ name: 'language', value: 'zh', url: server.baseURL }]);
    const page = await context.newPage();
    await signInAsAdmin(page, server.baseURL);
    if (language !== 'zh') await context.addCookies([{ name: 'language', value: language, url: server.baseURL }]);
    const errors = collectErrors(page);
    await body(page, errors);
  } finally {
    await context.close();
  }
}

/** The page area of a route once shown, its table loaded (no spinner). */
async function loadedList(/** @type {import('playwright-core').Page} */ page, /** @type {string} */ path) {
  const area = page.locator(`.bh-page[data-page="${path}"]`);
  await area.locator('.ant-table').first().waitFor({ state: 'visible', timeout: 15_000 });
  await eventually(() => area.locator('.ant-spin-spinning').count(), 0, `${path}: loaded`, 15_000);
  await page.evaluate(() => document.fonts.ready);
  await sleep(300);
  return area;
}

/**
 * Table cells whose content is wider than the cell (clipped or spilling), except cells ellipsized
 * on purpose (antd's ellipsis cell, whose text ListPage puts in a tooltip).
 *
 * @param {import('playwright-core').Locator} area
 */
function clippedCells(area) {
  return area.evaluate((root) =>
    [...root.querySelectorAll('.ant-table-thead th, .ant-table-tbody td')]
      .filter((cell) => !cell.classList.contains('ant-table-cell-ellipsis') && !cell.closest('.ant-table-placeholder'))
      .filter((cell) => !cell.classList.contains('ant-table-selection-column') && !cell.classList.contains('ant-table-cell-scrollbar'))
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => `${(cell.textContent ?? '').trim().slice(0, 40)} (${cell.scrollWidth} > ${cell.clientWidth})`),
  );
}

/** Some rows in every list, so that the widths are tried on real content. */
async function seed(/** @type {string} */ baseURL) {
  const token = await apiSignIn(baseURL);
  const customer = await api(baseURL, token, 'POST', '/api/admin/customer/create', {
    kind: 'ENTERPRISE', name: '福州蜂巢物流有限公司', creditCode: '91350100M000100Y43', mobile: '13911112222',
    address: '福建省福州市鼓楼区五四路 128 号', kycStatus: 'VERIFIED',
  });
  customerId = customer.id;
  await api(baseURL, token, 'POST', '/api/admin/customer/create', {
    kind: 'INDIVIDUAL', name: '李娜', idType: 'RESIDENT_ID', idNo: '440304198511204567', mobile: '13612345678',
    address: '广东省深圳市福田区深南大道 6008 号',
  });
  const role = await api(baseURL, token, 'POST', '/api/admin/role/create', {
    code: 'risk_reviewer', name: '风控审核员', description: '负责审核分期申请、核对保单与车辆信息，并在放款前复核资金方额度和客户征信报告', enabled: true,
    permissions: ['admin:customer:table', 'admin:logs:table'],
  });
  await api(baseURL, token, 'POST', '/api/admin/role/create', { code: 'auditor', name: '审计员', description: '', enabled: true, permissions: ['admin:logs:table'] });
  await api(baseURL, token, 'POST', '/api/admin/user/create', {
    account: 'wangfang', name: '王芳', mobile: '13800138000', departmentId: null, roleIds: [role.id], password: md5('Clerk-Passw0rd'),
  });
  await api(baseURL, token, 'POST', '/api/admin/insurer/create', {
    name: '中国人民财产保险股份有限公司北京市分公司', code: 'PICC-BJ', contactName: '王建国', contactPhone: '010-88886666',
    preStartFeeBp: 300, dayBasis: 365, compulsoryReasons: ['VEHICLE_SCRAPPED', 'DUPLICATE_INSURANCE'], enabled: true,
    accounts: [{ bankName: '中国工商银行', branchName: '北京分行', accountName: '中国人民财产保险股份有限公司北京市分公司', accountNo: '0200001234567890123' }],
  });
  await api(baseURL, token, 'POST', '/api/admin/capital/create', {
    name: '星河消费金融股份有限公司', kind: 'FACTORING', creditLimitFen: 12_345_678_900, costRateBp: 720, penaltyShareBp: 3000,
    guaranteeMode: 'BUYBACK', advanceAfterDays: 30, settlementCycle: 'MONTHLY', acceptMode: 'AUTO',
  });
  await api(baseURL, token, 'POST', '/api/admin/notice/template/create', {
    code: 'RENEWAL', name: '续保提醒', channel: 'IN_APP', content: '尊敬的{{customer.name}}，您的车险将于{{dueDate}}到期，请及时续保，以免影响您的正常用车和分期还款计划。', enabled: true,
  });
  await api(baseURL, token, 'POST', '/api/admin/config/sms/template/create', {
    code: 'REPAY_NOTICE', name: '还款提醒', content: '尊敬的{{name}}，您本期应还{{amount}}元，请于{{date}}前还款。', providerTemplateId: 'SMS_778899', enabled: true,
  });
  await api(baseURL, token, 'POST', '/api/admin/article/category/create', { name: '平台公告', sort: 1, enabled: true });
  await api(baseURL, token, 'POST', '/api/admin/contract/template/create', {
    code: 'SERVICE_GENERAL', name: '车险保费分期服务协议', docKind: 'SERVICE_AGREEMENT', capitalProviderId: null,
    body: '甲方：{{customer.name}}\n第一条 服务内容', remark: '',
  });
}

describe('workspace polish: lists, error state, detail highlight, phone first load, tabs over a reload', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
    await seed(server.baseURL);
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  for (const language of ['zh', 'en']) {
    it(`no clipped cell in any built list at 1440×900 (${language})`, async () => {
      assert.ok(server);
      const { baseURL } = server;
      await withSignedIn({ language }, async (page, errors) => {
        /** @type {string[]} */
        const problems = [];
        for (const [, path] of LISTS) {
          await page.goto(`${baseURL}${path}`);
          const area = await loadedList(page, path);
          const clipped = await clippedCells(area);
          if (clipped.length > 0) problems.push(`${path}: ${clipped.join('; ')}`);
          // Nothing hides under the fixed actions column: the table fits without scrolling sideways.
          const hidden = await area.evaluate((root) =>
            [...root.querySelectorAll('.ant-table-content, .ant-table-body')]
              .filter((box) => box.scrollWidth > box.clientWidth + 1)
              .map((box) => `${box.scrollWidth} > ${box.clientWidth}`),
          );
          // In both languages: the longer English headers make a list's optional columns give way
          // (column settings) rather than slide under the actions column.
          if (hidden.length > 0) problems.push(`${path}: the table scrolls sideways (${hidden.join(', ')})`);
          // Row actions stay on one line.
          const stacked = await area.evaluate((root) =>
            [...root.querySelectorAll('.bh-list__actions')].filter((actions) => actions.getBoundingClientRect().height > 40).length,
          );
          if (stacked > 0) problems.push(`${path}: ${stacked} rows of actions wrap`);
        }
        assert.deepEqual(problems, [], 'clipped or wrapped cells');
        assert.deepEqual(errors.all(), []);
      });
    });
  }

  it('a failed load shows the server message and 重试 (no 暂无数据, no full-screen mask); retrying shows the rows', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withSignedIn({}, async (page) => {
      let fail = true;
      await page.route('**/api/admin/role/page', async (route) => {
        if (!fail) return route.continue();
        return route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ result: false, code: 500, msg: '数据库暂时不可用，请稍后再试', data: null }),
        });
      });
      await page.goto(`${baseURL}/systemManagement/role`);
      const area = page.locator('.bh-page[data-page="/systemManagement/role"]');
      const alert = area.getByRole('alert');
      await alert.waitFor({ timeout: 10_000 });
      assert.match(await alert.innerText(), /加载失败[\s\S]*数据库暂时不可用，请稍后再试/);
      assert.equal(await area.getByText('暂无数据').count(), 0, 'not an empty list');
      assert.equal(await page.locator('.bh-loading-overlay').count(), 0, 'no full-screen mask');
      assert.equal(await page.locator('.ant-message-notice').count(), 0, 'no red message on top of the error state');
      await screenshot(page, `${SHOTS}-error-state-zh-1440x900`, { fullPage: false });
      fail = false;
      await alert.getByRole('button', { name: /重试/ }).click();
      await area.getByText('风控审核员').waitFor({ timeout: 10_000 });
      assert.equal(await area.getByRole('alert').count(), 0);
    });
  });

  it('a detail page keeps its list highlighted in the sidebar; its back button returns to the list with the filters', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withSignedIn({}, async (page, errors) => {
      await page.goto(`${baseURL}/operate/customerManagement?name=${encodeURIComponent('福州')}`);
      const list = await loadedList(page, '/operate/customerManagement');
      await list.getByText('福州蜂巢物流有限公司').first().click();
      await page.waitForURL((url) => url.pathname === `/operate/customerManagement/detail/${customerId}`);
      await page.locator('.bh-detail').waitFor({ timeout: 10_000 });
      const selected = page.locator('.bh-sidebar .ant-menu-item-selected');
      await eventually(async () => (await selected.count()) === 1 && (await selected.innerText()).trim(), '客户管理', 'the list stays highlighted');
      await page.locator('.bh-detail__heading button').first().click();
      await page.waitForURL((url) => url.pathname === '/operate/customerManagement');
      assert.equal(new URL(page.url()).searchParams.get('name'), '福州', 'the filters came back');
      assert.equal(await page.locator('.bh-page[data-page="/operate/customerManagement"] .ant-input').first().inputValue(), '福州');
      assert.deepEqual(errors.all(), []);
    });
  });

  it("a phone's first load: the sidebar is closed in the first frame, without the slide", async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    await withSignedIn({ width: 414, height: 860 }, async (page) => {
      // A fresh load of a list on the phone: record the sidebar from its very first appearance.
      await page.addInitScript(() => {
        const seen = /** @type {{ right: number, transition: string }[]} */ ([]);
        Object.assign(window, { bhSidebar: seen });
        const record = () => {
          const sidebar = document.querySelector('.bh-sidebar');
          if (!sidebar) return;
          const box = sidebar.getBoundingClientRect();
          seen.push({ right: Math.round(box.right), transition: getComputedStyle(sidebar).transitionDuration });
        };
        new MutationObserver(record).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
      });
      await page.goto(`${baseURL}/systemManagement/role`);
      await loadedList(page, '/systemManagement/role');
      const seen = /** @type {{ right: number, transition: string }[]} */ (await page.evaluate(() => Reflect.get(window, 'bhSidebar')));
      assert.ok(seen.length > 0, 'the sidebar was seen');
      assert.equal(seen[0]?.right, 0, `closed (off screen) in its first frame: ${JSON.stringify(seen.slice(0, 3))}`);
      assert.ok(seen.every((s) => s.right <= 0), 'never shown while loading');
      assert.equal(seen[0]?.transition, '0s', 'no transition on the first render');
      // The settings gear is in the top bar, not over the page.
      const gear = await page.getByRole('button', { name: '系统布局配置' }).boundingBox();
      assert.ok(gear && gear.y + gear.height <= 50, 'the settings button sits in the top bar');
      // The filters are behind 筛选; the table scrolls sideways with its first column fixed.
      assert.equal(await page.locator('.bh-page:visible .bh-list__filters').count(), 0, 'no inline filter form on a phone');
      await page.getByRole('button', { name: /筛选/ }).click();
      const drawer = page.getByRole('dialog', { name: '筛选条件' });
      await drawer.waitFor({ state: 'visible' });
      await sleep(600); // the drawer slides in
      const box = await drawer.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 414.5, `the filter drawer fits the screen: ${JSON.stringify(box)}`);
      await screenshot(page, `${SHOTS}-filters-drawer-zh-414x860`, { fullPage: false });
      await page.keyboard.press('Escape');
      assert.ok((await page.locator('.bh-page:visible .ant-table-cell-fix-start, .bh-page:visible .ant-table-cell-fix-left').count()) > 0, 'a key column stays');
    });
  });

  it('open tabs survive a reload; the active one is the URL', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withSignedIn({}, async (page, errors) => {
      await page.goto(`${baseURL}/systemManagement/role`);
      await loadedList(page, '/systemManagement/role');
      await page.goto(`${baseURL}/operate/customerManagement?name=${encodeURIComponent('李')}`);
      await loadedList(page, '/operate/customerManagement');
      await page.goto(`${baseURL}/systemManagement/journal`);
      await loadedList(page, '/systemManagement/journal');
      const tags = () => page.locator('.bh-tags .bh-tag').evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
      const before = await tags();
      assert.deepEqual(before, ['系统首页', '角色管理', '客户管理', '日志管理']);
      await page.reload();
      await loadedList(page, '/systemManagement/journal');
      assert.deepEqual(await tags(), before, 'the same tabs after the reload');
      assert.equal((await page.locator('.bh-tags .bh-tag--active').innerText()).trim(), '日志管理');
      // A restored tab goes back to its address, filters included.
      await page.locator('.bh-tags .bh-tag', { hasText: '客户管理' }).click();
      await page.waitForURL((url) => url.pathname === '/operate/customerManagement');
      assert.equal(new URL(page.url()).searchParams.get('name'), '李');
      assert.deepEqual(errors.all(), []);
    });
  });

  it("an English user gets the server's messages in English, and every field error of a form in one answer", async () => {
    await withSignedIn({ language: 'en' }, async (page, errors) => {
      // What the request layer sends: the interface's language in Accept-Language.
      const answer = await page.evaluate(async () => {
        const response = await fetch('/api/admin/customer/create', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'authorization-token': localStorage.getItem('token') ?? '', 'accept-language': 'en' },
          body: JSON.stringify({ kind: 'INDIVIDUAL', name: ' ', idType: 'RESIDENT_ID', idNo: '110105194912310021', mobile: '12812345678', bankCard: '6222-abc' }),
        });
        return response.json();
      });
      assert.equal(answer.code, 400);
      assert.deepEqual(Object.keys(answer.data.fields).sort(), ['bankCard', 'idNo', 'mobile', 'name'], 'every field at once');
      assert.equal(answer.data.fields.idNo, 'The check character of the resident ID number is incorrect');
      assert.equal(answer.data.fields.mobile, 'Enter a valid mobile number');
      for (const text of Object.values(answer.data.fields)) assert.doesNotMatch(String(text), /[\u4e00-\u9fff]/, 'no Chinese');

      // In the dialog: what only the server knows (the ID number belongs to another customer),
      // in English under its field.
      await page.goto(`${server?.baseURL}/operate/customerManagement`);
      await loadedList(page, '/operate/customerManagement');
      await page.getByRole('button', { name: 'New customer' }).click();
      const box = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: 'New customer' }) });
      await box.waitFor({ state: 'visible', timeout: 10_000 });
      await box.getByLabel('Name', { exact: true }).fill('Li Na');
      await box.getByLabel('ID number', { exact: true }).fill('440304198511204567');
      await box.getByLabel('Mobile', { exact: true }).fill('13612345679');
      await box.getByRole('button', { name: /OK|Save|Confirm/ }).last().click();
      await box.getByText('This ID number is already registered to another customer').waitFor({ timeout: 10_000 });
      await screenshot(page, `${SHOTS}-server-message-en`, { fullPage: false });
      assert.deepEqual(errors.page, [], 'no uncaught error');
    });
  });

  it('the theme colour reaches table links and buttons', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withSignedIn({}, async (page) => {
      await page.evaluate(() => localStorage.setItem('beehive.settings', JSON.stringify({ theme: '#fa541c' })));
      await page.goto(`${baseURL}/systemManagement/role`);
      const area = await loadedList(page, '/systemManagement/role');
      const link = area.locator('.bh-list__actions .ant-btn-link:not([disabled])').first();
      await link.waitFor();
      assert.equal(await link.evaluate((el) => getComputedStyle(el).color), 'rgb(250, 84, 28)', 'row action links');
      const primary = area.locator('.bh-list__toolbar .ant-btn-primary').first();
      assert.equal(await primary.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(250, 84, 28)', 'primary buttons');
      // One font stack for antd's components and the page.
      const fonts = await page.evaluate(() => [getComputedStyle(document.body).fontFamily, getComputedStyle(document.querySelector('.ant-table') ?? document.body).fontFamily]);
      assert.equal(fonts[0], fonts[1]);
    });
  });

  it('screenshots of the list screens: zh and en, 1440×900 and 414×860', async () => {
    for (const language of ['zh', 'en']) {
      for (const [width, height] of [[1440, 900], [414, 860]]) {
        await withSignedIn({ language, width, height }, async (page) => {
          assert.ok(server);
          for (const [name, path] of LISTS) {
            await page.goto(`${server.baseURL}${path}`);
            await loadedList(page, path);
            await screenshot(page, `${SHOTS}-${name}-${language}-${width}x${height}`, { fullPage: false });
          }
        });
      }
    }
  });
});
