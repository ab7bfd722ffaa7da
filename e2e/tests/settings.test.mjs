// Settings (安全设置, 系统设置): an administrator lowers the failed sign-in threshold through the
// screen and the very next sign-ins of another account honour it; a platform name saved in
// 系统设置 shows on the login page.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, md5, signInAsAdmin } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const USER = { account: 'locktest', password: 'Lock-Passw0rd' };
const PLATFORM = '蜂巢供应链金融平台';

/** A 64×64 PNG: an orange square with a dark centre (a stand-in for a customer's logo). */
function logoPng() {
  return png(64, 64, (x, y) => (x > 20 && x < 44 && y > 20 && y < 44 ? [40, 40, 90, 255] : [240, 130, 30, 255]));
}

/** @param {import('playwright-core').Page} page @param {string} path */
function shown(page, path) {
  return page.locator(`.bh-page[data-page="${path}"]`);
}

/** @param {import('playwright-core').Page} page @param {string} text */
async function succeeded(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** @param {import('playwright-core').Browser} b @param {string} baseURL */
async function freshContext(b, baseURL) {
  const context = await b.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
  return context;
}

/** @param {import("../lib/browser.mjs").PageErrors} errors */
const unexpected = (errors) => errors.all();

describe('settings: security and system settings through the screens', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
    const token = await apiSignIn(server.baseURL);
    await api(server.baseURL, token, 'POST', '/api/admin/user/create', {
      account: USER.account,
      name: '锁定测试',
      roleIds: [],
      password: md5(USER.password),
    });
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('a lock threshold of 2 saved in 安全设置 locks the account after two wrong passwords', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const admin = await freshContext(browser, baseURL);
    try {
      const page = await admin.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);
      await page.goto(`${baseURL}/systemManagement/security`);
      const screen = shown(page, '/systemManagement/security');
      const threshold = screen.getByLabel('失败锁定阈值');
      await threshold.waitFor({ timeout: 10_000 });
      assert.equal(await threshold.inputValue(), '5');
      // Out of range: the message shows under the field on blur, nothing is sent.
      await threshold.fill('30');
      await screen.getByLabel('锁定时长').click();
      await screen.getByText('请输入 1 到 20 之间的整数').waitFor();
      await threshold.fill('2');
      await screen.getByLabel('IP 白名单').fill('127.0.0.1\n::1\n10.0.0.0/8');
      await screen.getByRole('button', { name: /保\s*存/ }).click();
      await succeeded(page, '保存成功');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'settings-security-zh-1440x900', { fullPage: false });
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await admin.close();
    }

    const visitor = await freshContext(browser, baseURL);
    try {
      const page = await visitor.newPage();
      await page.goto(`${baseURL}/login`);
      await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
      for (const password of ['wrong-1', 'wrong-2', USER.password]) {
        await page.locator('#login-username').fill(USER.account);
        await page.locator('#login-password').fill(password);
        await page.getByRole('button', { name: '登录', exact: true }).click();
        const expected = password === USER.password ? '登录失败次数过多，已被锁定，请 15 分钟后再试' : '账号或密码错误';
        await page.locator('#login-password-error, .ant-message-notice', { hasText: expected }).first().waitFor({ timeout: 10_000 });
        // Let the message go so the next one is a new one.
        await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      }
      assert.equal(new URL(page.url()).pathname, '/login');
    } finally {
      await visitor.close();
    }
  });

  it('a platform name saved in 系统设置 shows on the login page and in the title', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const admin = await freshContext(browser, baseURL);
    try {
      const page = await admin.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);
      await page.goto(`${baseURL}/systemManagement/basicSet`);
      const screen = shown(page, '/systemManagement/basicSet');
      await screen.getByLabel('平台名称').waitFor({ timeout: 10_000 });
      await screen.getByLabel('客服邮箱').fill('not-an-email');
      await screen.getByLabel('客服电话').click();
      await screen.getByText('请输入正确的邮箱地址').waitFor();
      await screen.getByLabel('平台名称').fill(PLATFORM);
      await screen.getByLabel('客服电话').fill('400-820-8820');
      await screen.getByLabel('客服邮箱').fill('service@beehive.example.com');
      await screen.getByRole('button', { name: /保\s*存/ }).click();
      await succeeded(page, '保存成功');
      // The workspace's title follows at once.
      await page.waitForFunction((name) => document.title.endsWith(name), PLATFORM, { timeout: 5_000 });
      // A logo: a file that only claims to be a PNG is refused; a real one shows at once.
      const input = screen.locator('input[type=file]');
      await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<svg></svg>') });
      await page.locator('.ant-message-notice', { hasText: 'Logo 只能是 PNG、JPEG 或 WebP 图片' }).waitFor({ timeout: 10_000 });
      await input.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
      await succeeded(page, 'Logo 已更新');
      await screen.locator('.bh-settings__logo-box img').waitFor({ state: 'visible' });
      // The sidebar logo (settings panel switch) shows the platform's logo and name.
      await page.evaluate(() => {
        const key = 'beehive.settings';
        localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), sidebarLogo: true }));
      });
      await page.reload();
      await page.locator('.bh-logo img.bh-logo__mark').waitFor({ state: 'visible', timeout: 10_000 });
      await page.locator('.bh-logo__title', { hasText: PLATFORM }).waitFor({ state: 'visible' });
      await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'settings-basic-zh-1440x900', { fullPage: false });
      assert.deepEqual(unexpected(errors), []);
    } finally {
      await admin.close();
    }

    const visitor = await freshContext(browser, baseURL);
    try {
      const page = await visitor.newPage();
      await page.goto(`${baseURL}/login`);
      await page.getByRole('heading', { level: 1, name: PLATFORM }).waitFor({ state: 'visible', timeout: 10_000 });
      await page.waitForFunction((name) => document.title === `登录 - ${name}`, PLATFORM, { timeout: 5_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.locator('img.bh-login__logo').waitFor({ state: 'visible' });
      await screenshot(page, 'settings-login-branded', { fullPage: false });
    } finally {
      await visitor.close();
    }
  });

  it('系统设置 shows the business date and the daily run serve just did, in every language', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const token = await apiSignIn(baseURL);
    // `serve` runs the daily jobs at 00:30 business time by default and caught up on start.
    /** @type {any} */
    let info;
    for (let i = 0; i < 50; i += 1) {
      info = await api(baseURL, token, 'GET', '/api/admin/config/system/business-date');
      if (info.jobs[0]?.lastStatus === 'DONE') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    assert.equal(info.dailyJobsAt, '00:30');
    assert.equal(info.jobs[0].name, 'housekeeping');
    assert.equal(info.jobs[0].lastStatus, 'DONE');
    const labels = {
      zh: ['营业日与每日任务', '当前营业日', '已完成'],
      en: ['Business date and daily jobs', "Today's business date", 'Done'],
      es: ['Fecha de negocio y tareas diarias', 'Fecha de negocio actual', 'Completada'],
      ja: ['業務日と日次ジョブ', '現在の業務日', '完了'],
    };
    for (const [language, [title, today, done]] of Object.entries(labels)) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      try {
        const page = await context.newPage();
        const errors = collectErrors(page);
        await signInAsAdmin(page, baseURL);
        // The workspace reads the language cookie at load.
        await context.addCookies([{ name: 'language', value: language, url: baseURL }]);
        await page.goto(`${baseURL}/systemManagement/basicSet`);
        const card = shown(page, '/systemManagement/basicSet').locator('.bh-settings__business-date');
        await card.getByText(title).waitFor({ timeout: 10_000 });
        await card.getByText(today).waitFor();
        await card.locator('.bh-settings__date', { hasText: info.businessDate }).waitFor();
        // One tag per daily job (housekeeping, allocation): each ran for the date.
        await card.locator('.ant-tag', { hasText: done }).first().waitFor();
        await card.getByText(info.jobs[0].lastDate).first().waitFor();
        await card.scrollIntoViewIfNeeded();
        await page.evaluate(() => document.fonts.ready);
        await screenshot(page, `settings-business-date-${language}-1440x900`);
        assert.deepEqual(unexpected(errors), []);
      } finally {
        await context.close();
      }
    }
  });
});
