// Content management: an item added to the data dictionary shows in the select that uses it
// (the banner position); a banner is uploaded; an article is typed in the rich-text editor,
// saved, published and previewed.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, eventually, signInAsAdmin } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

/** A 720×288 PNG banner: a blue-to-orange gradient with a light band (a stand-in for artwork). */
function bannerPng() {
  const width = 720;
  return png(width, 288, (x, y) => {
    const t = x / width;
    const band = y > 110 && y < 178 && x > 60 && x < 420;
    return band ? [250, 246, 235, 255] : [Math.round(40 + 200 * t), Math.round(110 + 40 * t), Math.round(220 - 180 * t), 255];
  });
}

/** @param {import('playwright-core').Page} page @param {string} path */
function shown(page, path) {
  return page.locator(`.bh-page[data-page="${path}"]`);
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

/** @param {import('playwright-core').Page} page */
async function settle(page) {
  await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts.ready);
}

describe('content management: dictionary, banner, article', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('a dictionary item shows in the banner position select; a banner is uploaded; an article is written and published', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const token = await apiSignIn(baseURL);
    await api(baseURL, token, 'POST', '/api/admin/article/category/create', { name: '平台公告', sort: 1, enabled: true });
    await api(baseURL, token, 'POST', '/api/admin/article/category/create', { name: '分期指南', sort: 2, enabled: true });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
    try {
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      // 数据字典: add 还款页 to 广告位置.
      await page.goto(`${baseURL}/dataDispose`);
      const dict = shown(page, '/dataDispose');
      await dict.getByRole('option', { name: /广告位置/ }).click();
      await dict.getByRole('cell', { name: '客户端首页' }).waitFor({ timeout: 10_000 });
      await dict.getByRole('button', { name: /新增字典项/ }).click();
      let box = await dialog(page, '新增字典项');
      await box.getByLabel('编码').fill('REPAY_PAGE');
      await box.getByLabel('中文名称').fill('还款页');
      await box.getByLabel('英文名称').fill('Repayment page');
      await box.getByLabel('排序').fill('40');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await dict.getByRole('cell', { name: '还款页' }).waitFor();
      await settle(page);
      await screenshot(page, 'content-dictionary-zh-1440x900', { fullPage: false });

      // 广告管理: the new position is offered; upload an image and save.
      await page.goto(`${baseURL}/content/banner`);
      const banners = shown(page, '/content/banner');
      await banners.getByRole('button', { name: /新增广告/ }).click();
      box = await dialog(page, '新增广告');
      await box.locator('input[type=file]').setInputFiles({ name: '春季车险.png', mimeType: 'image/png', buffer: bannerPng() });
      await box.locator('.bh-banner-upload img').waitFor({ state: 'visible', timeout: 10_000 });
      await box.getByLabel('标题').fill('车险分期 还款日提醒');
      await box.getByLabel('广告位置').click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '还款页' });
      await option.waitFor({ state: 'visible', timeout: 5_000 });
      // The dropdown may still be animating in when the option shows: read until the list settles.
      await eventually(
        async () => (await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts()).map((t) => t.trim()),
        ['客户端首页', '借款页', '个人中心', '还款页'],
        'the banner positions offered, the new one last',
      );
      await option.click();
      await box.getByLabel('链接').fill('javascript:alert(1)');
      await box.getByLabel('标题').click();
      await box.getByText('链接格式不正确').waitFor();
      await box.getByLabel('链接').fill('/repay/plan?from=banner');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      const row = banners.getByRole('row', { name: /车险分期 还款日提醒/ });
      await row.waitFor({ timeout: 10_000 });
      assert.match(await row.innerText(), /还款页/);
      assert.match(await row.innerText(), /展示中/);
      await row.locator('img').waitFor({ state: 'visible', timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'content-banner-zh-1440x900', { fullPage: false });

      // 文章管理: type in the editor, save a draft, publish, preview.
      await page.goto(`${baseURL}/content/advertisingSpace`);
      const articles = shown(page, '/content/advertisingSpace');
      await articles.getByRole('button', { name: /新增文章/ }).click();
      box = await dialog(page, '新增文章');
      await box.getByLabel('标题').fill('车险分期还款须知');
      await box.getByLabel('分类').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '分期指南' }).click();
      await box.locator('input[type=file]').setInputFiles({ name: '还款须知封面.png', mimeType: 'image/png', buffer: bannerPng() });
      await box.locator('.bh-banner-upload img').waitFor({ state: 'visible', timeout: 10_000 });
      const editor = box.locator('.ql-editor');
      await editor.waitFor({ state: 'visible', timeout: 15_000 });
      await editor.click();
      await page.keyboard.type('每月还款日为放款日的次月同日。');
      await page.keyboard.press('Enter');
      await box.locator('.ql-toolbar button.ql-bold').click();
      await page.keyboard.type('逾期将产生罚息');
      await box.locator('.ql-toolbar button.ql-bold').click();
      await page.keyboard.type('，请按时还款。');
      await settle(page);
      await screenshot(page, 'content-article-editor-zh-1440x900', { fullPage: false });
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '已保存为草稿');
      const articleRow = articles.getByRole('row', { name: /车险分期还款须知/ });
      await articleRow.waitFor({ timeout: 10_000 });
      assert.match(await articleRow.innerText(), /草稿/);
      // 发布 is the third action: in the row's 更多 menu, confirmed in a dialog.
      await articleRow.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '发布' }).click();
      await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '已发布');
      await articles.getByRole('row', { name: /车险分期还款须知/ }).filter({ hasText: '已发布' }).waitFor({ timeout: 10_000 });

      await articles.getByRole('row', { name: /车险分期还款须知/ }).getByRole('button', { name: '预览' }).click();
      const preview = await dialog(page, '预览');
      await preview.locator('.bh-article-body strong', { hasText: '逾期将产生罚息' }).waitFor({ timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'content-article-preview-zh-1440x900', { fullPage: false });
      await preview.locator('.ant-modal-close').click();
      await preview.waitFor({ state: 'hidden', timeout: 10_000 });
      await articles.getByRole('row', { name: /车险分期还款须知/ }).locator('img').waitFor({ state: 'visible', timeout: 10_000 });
      await settle(page);
      await screenshot(page, 'content-articles-zh-1440x900', { fullPage: false });

      assert.deepEqual(errors.all(), []);

      // What the server stored (a new API session: one session per account).
      const again = await apiSignIn(baseURL);
      const published = await api(baseURL, again, 'POST', '/api/admin/article/page', { status: 'PUBLISHED' });
      assert.equal(published.total, 1);
      assert.ok(published.records[0].publishedAt > 0);
      const stored = await api(baseURL, again, 'GET', `/api/admin/article/view/${published.records[0].id}`);
      assert.match(stored.body, /每月还款日为放款日的次月同日。/);
      assert.match(stored.body, /<strong>逾期将产生罚息<\/strong>/);
      assert.ok(stored.coverFileId > 0, 'the cover was saved');
      const bannerPage = await api(baseURL, again, 'POST', '/api/admin/banner/page', {});
      assert.equal(bannerPage.records[0].position, 'REPAY_PAGE');
      assert.equal(bannerPage.records[0].link, '/repay/plan?from=banner');
    } finally {
      await context.close();
    }
  });
});
