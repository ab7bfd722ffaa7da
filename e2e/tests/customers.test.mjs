// Customers (issue "customers"): an administrator creates a customer through the screens, adds a
// vehicle on the customer's page, uploads an ID photo, previews it and deletes it.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, signInAsAdmin, sleep } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

/** A 640×400 PNG that looks like a card: a blue header band, a photo box and text lines. */
function cardPng() {
  const [width, height] = [640, 400];
  return png(width, height, (x, y) => {
    let rgb = [246, 241, 228];
    if (y < 70) rgb = [52, 156, 255];
    else if (x > 470 && x < 600 && y > 110 && y < 280) rgb = [200, 210, 222];
    else if (x > 40 && x < 420 && [130, 180, 230, 280, 330].some((line) => y > line && y < line + 14)) rgb = [90, 96, 110];
    if (x < 6 || y < 6 || x >= width - 6 || y >= height - 6) rgb = [180, 150, 90];
    return [...rgb, 255];
  });
}

/** @param {import('playwright-core').Page} page @param {string} title */
async function dialog(page, title) {
  const box = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  return box;
}

/** @param {import('playwright-core').Page} page @param {string} text */
async function succeeded(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

describe('customers: create with a vehicle, upload, preview and delete a file', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('through the screens', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    // Two customers already on file, so the list looks like a working day's.
    const token = await apiSignIn(baseURL);
    await api(baseURL, token, 'POST', '/api/admin/customer/create', {
      kind: 'ENTERPRISE', name: '福州蜂巢物流有限公司', creditCode: '91350100M000100Y43', mobile: '13911112222',
      address: '福建省福州市鼓楼区五四路 128 号', kycStatus: 'VERIFIED',
    });
    await api(baseURL, token, 'POST', '/api/admin/customer/create', {
      kind: 'INDIVIDUAL', name: '李娜', idType: 'RESIDENT_ID', idNo: '440304198511204567', mobile: '13612345678',
      address: '广东省深圳市福田区深南大道 6008 号',
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      await page.goto(`${baseURL}/operate/customerManagement`);
      await page.getByText('福州蜂巢物流有限公司').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: '新增客户' }).click();
      const create = await dialog(page, '新增客户');
      await create.getByLabel('姓名').fill('张三');
      await create.getByLabel('证件号码').fill('11010519491231002X');
      await create.getByLabel('手机号').fill('13812345678');
      // The area: province → city → district in the shared cascader (the area data).
      await create.getByLabel('所在地区').click();
      for (const name of ['广东省', '深圳市', '南山区']) {
        await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
      }
      await create.getByTitle('广东省 / 深圳市 / 南山区').waitFor({ timeout: 10_000 });
      await create.getByLabel('详细地址').fill('科技园南区高新南七道 18 号 3 单元 1201');
      await create.getByLabel('开户银行').fill('中国工商银行北京分行');
      await create.getByLabel('银行卡号').fill('6222021234567890123');
      await screenshot(page, 'customers-create', { fullPage: false });
      await create.getByRole('button', { name: '确 定' }).or(create.getByRole('button', { name: '确定' })).click();
      await succeeded(page, '保存成功');

      // The customer's page: masked values, 'show full' on demand.
      await page.waitForURL((url) => url.pathname.startsWith('/operate/customerManagement/detail/'), { timeout: 10_000 });
      // Scoped to the profile: the list, kept alive behind this tab, shows the same masked values.
      const mobileCell = page.locator('.ant-descriptions-item', { hasText: '手机号' });
      await mobileCell.getByText('138****5678').waitFor({ timeout: 10_000 });
      await page.locator('.ant-descriptions-item', { hasText: '证件号码' }).getByText('110***********002X').waitFor();
      await mobileCell.getByText('查看完整').click();
      await mobileCell.getByText('13812345678').waitFor({ timeout: 10_000 });
      await page.getByText('该客户暂无订单').waitFor();
      await page.getByText('广东省 / 深圳市 / 南山区').waitFor();
      await page.locator('.ant-descriptions-item', { hasText: '客户类型' }).getByText('个人').waitFor();
      await page.locator('.ant-descriptions-item', { hasText: '证件类型' }).getByText('居民身份证').waitFor();

      // A vehicle.
      await page.getByRole('button', { name: '添加车辆' }).click();
      const vehicle = await dialog(page, '添加车辆');
      await vehicle.getByLabel('车牌号').fill('京AD12345');
      await vehicle.getByLabel('车架号（VIN）').fill('LSVAU218XN2183294');
      await vehicle.getByLabel('品牌型号').fill('比亚迪 汉 EV 2023 款');
      await vehicle.getByLabel('发动机号').fill('TZ220XS0123');
      await vehicle.getByRole('button', { name: '确 定' }).or(vehicle.getByRole('button', { name: '确定' })).click();
      await succeeded(page, '保存成功');
      await page.getByRole('cell', { name: '京AD12345' }).waitFor({ timeout: 10_000 });
      await page.getByRole('cell', { name: '家庭自用' }).waitFor();

      // A file: the ID card's photo side.
      await page.getByRole('button', { name: '上传文件' }).click();
      const upload = await dialog(page, '上传客户资料');
      await upload.locator('input[type=file]').setInputFiles({ name: '身份证人像面.png', mimeType: 'image/png', buffer: cardPng() });
      await upload.getByLabel('备注').fill('客户现场提交原件拍照');
      await page.waitForTimeout(800); // the dialog's and the file list's animations
      await screenshot(page, 'customers-upload-dialog', { fullPage: false });
      await upload.getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(page, '上传成功');
      await page.getByRole('cell', { name: '身份证人像面.png' }).waitFor({ timeout: 10_000 });
      await page.getByRole('cell', { name: '身份证人像面', exact: true }).waitFor();
      await screenshot(page, 'customers-detail');

      // Preview in the browser.
      await page.getByRole('cell', { name: '预览' }).getByText('预览').click();
      const preview = page.locator('.ant-image-preview-img');
      await preview.waitFor({ state: 'visible', timeout: 10_000 });
      const loaded = await preview.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth);
      assert.equal(loaded, 640, 'the previewed image is the uploaded one');
      await sleep(600); // the viewer's zoom-in and its mask
      await screenshot(page, 'customers-preview', { fullPage: false });
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'hidden', timeout: 10_000 });

      // Delete: gone from the list.
      await page.getByRole('cell', { name: '预览' }).getByText('删除').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
      await succeeded(page, '已删除');
      await page.getByText('暂无文件').waitFor({ timeout: 10_000 });

      await page.goto(`${baseURL}/operate/customerManagement`);
      await page.getByText('张三', { exact: true }).waitFor({ timeout: 10_000 });
      await page.getByText('138****5678').waitFor();
      await screenshot(page, 'customers-list');
      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });
});
