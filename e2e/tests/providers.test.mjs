// Outside providers (短信/OCR接口配置, 短信模板配置, 短信/OCR使用记录): an administrator switches the
// SMS provider to Aliyun (a tiny fake of Aliyun's SendSms started here), sends a test SMS from a
// template, finds it in the usage records with the mobile masked and exports the list, then
// points the e-signature provider at the same fake and tests the connection.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, signInAsAdmin, sleep } from '../lib/workspace.mjs';
import { readFirstSheet } from '../lib/xlsx.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;
/** @type {import('node:http').Server | undefined} */
let fake;
/** @type {URLSearchParams[]} what the fake Aliyun received */
const calls = [];

const REQUIRED = ['AccessKeyId', 'Action', 'PhoneNumbers', 'SignName', 'Signature', 'SignatureMethod', 'SignatureNonce', 'TemplateCode', 'TemplateParam', 'Timestamp', 'Version'];

/** A fake Aliyun SendSms that accepts any well-formed call. */
function startFake() {
  return new Promise((resolve) => {
    fake = createServer((req, res) => {
      const query = new URL(req.url ?? '/', 'http://fake').searchParams;
      calls.push(query);
      const ok = REQUIRED.every((k) => query.has(k)) && query.get('Action') === 'SendSms';
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(ok ? { Code: 'OK', Message: 'OK', BizId: '1', RequestId: 'r' } : { Code: 'MissingParameter', Message: 'missing' }));
    });
    fake.listen(0, '127.0.0.1', () => {
      const address = fake?.address();
      resolve(typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '');
    });
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

describe('outside providers: SMS provider, template test send, usage records', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    fake?.close();
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('configure Aliyun, send a test SMS from a template, see it masked in the usage records, export them', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const endpoint = await startFake();
    // Some history: two messages through the built-in outbox.
    const token = await apiSignIn(baseURL);
    const created = await api(baseURL, token, 'POST', '/api/admin/config/sms/template/create', {
      code: 'REPAY_NOTICE',
      name: '还款提醒',
      content: '尊敬的{{name}}，您本期应还{{amount}}元，请于{{date}}前还款。',
      providerTemplateId: 'SMS_778899',
      enabled: true,
    });
    for (const [mobile, name] of [['13911112222', '王芳'], ['13700001234', '赵强']]) {
      await api(baseURL, token, 'POST', `/api/admin/config/sms/template/test/${created.id}`, { mobile, params: { name, amount: '1,280.00', date: '12月5日' } });
    }

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      // 短信/OCR接口配置: outbox by default; switch to Aliyun.
      await page.goto(`${baseURL}/systemManagement/interfaceConfig`);
      const config = shown(page, '/systemManagement/interfaceConfig');
      const sms = config.getByTestId('sms-card');
      await sms.getByText('内置发件箱（不外发）').waitFor({ timeout: 10_000 });
      await sms.locator('.ant-select').first().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '阿里云短信' }).click();
      await sms.getByLabel('接口地址').fill(endpoint);
      await sms.getByLabel('AccessKey ID').fill('LTAI5tBeehive01');
      await sms.getByLabel('AccessKey Secret').fill('E2e-Secret-Value-42');
      await sms.getByLabel('短信签名').fill('小蜜蜂');
      await sms.getByTestId('sms-save').click();
      await succeeded(page, '保存成功');
      await sms.getByPlaceholder('已设置，留空则不修改').waitFor({ timeout: 10_000 });
      assert.equal(await sms.getByLabel('AccessKey Secret').inputValue(), '', 'the secret is never shown back');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'providers-interface-zh-1440x900', { fullPage: false });

      // 短信模板配置: test-send REPAY_NOTICE through Aliyun.
      await page.goto(`${baseURL}/systemManagement/message`);
      const message = shown(page, '/systemManagement/message');
      const row = message.locator('.ant-table-row', { hasText: 'REPAY_NOTICE' });
      await row.waitFor({ timeout: 10_000 });
      await message.locator('.ant-table-row', { hasText: 'LOGIN_CODE' }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'providers-templates-zh-1440x900', { fullPage: false });
      await row.getByRole('button', { name: '测试发送' }).click();
      const test = await dialog(page, '测试发送：还款提醒');
      await test.getByLabel('手机号').fill('13812345678');
      await test.getByLabel('name').fill('张三');
      await test.getByLabel('amount').fill('1,280.00');
      await test.getByLabel('date').fill('12月5日');
      await test.getByText('尊敬的张三，您本期应还1,280.00元，请于12月5日前还款。').waitFor();
      await screenshot(page, 'providers-test-send-zh-1440x900', { fullPage: false });
      await test.getByRole('button', { name: /发\s*送/ }).click();
      await succeeded(page, '已发送');
      assert.equal(calls.length, 1, 'one call reached the fake Aliyun');
      assert.equal(calls[0]?.get('PhoneNumbers'), '13812345678');
      assert.equal(calls[0]?.get('TemplateCode'), 'SMS_778899');
      assert.deepEqual(JSON.parse(calls[0]?.get('TemplateParam') ?? '{}'), { amount: '1,280.00', date: '12月5日', name: '张三' });

      // 短信/OCR使用记录: the three sends, masked; filtered by provider; exported.
      await page.goto(`${baseURL}/systemManagement/verification`);
      const usage = shown(page, '/systemManagement/verification');
      await usage.locator('.ant-table-row').nth(2).waitFor({ timeout: 10_000 });
      const first = (await usage.locator('.ant-table-row').first().innerText()).replace(/\s+/g, ' ');
      assert.match(first, /138\*\*\*\*5678/);
      assert.match(first, /阿里云短信/);
      const text = await usage.innerText();
      assert.ok(!text.includes('13812345678') && !text.includes('13911112222'), 'no full mobile on the page');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'providers-usage-zh-1440x900', { fullPage: false });
      const [download] = await Promise.all([page.waitForEvent('download'), usage.getByRole('button', { name: /导\s*出/ }).click()]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const file = await download.path();
      assert.ok(file);
      const rows = readFirstSheet(await readFile(file));
      assert.equal(rows.length, 4, `a header and three rows: ${JSON.stringify(rows)}`);
      assert.ok(rows[0]?.includes('服务商'), `header: ${rows[0]?.join(' | ')}`);
      const body = JSON.stringify(rows);
      assert.ok(body.includes('138****5678') && body.includes('139****2222'), body);
      assert.ok(!body.includes('13812345678'), 'the file has no full mobile');

      // 电子签章接口配置: BestSign at the fake's address; 测试连接 reports what it found.
      await page.goto(`${baseURL}/systemManagement/signatureConfigure`);
      const signature = shown(page, '/systemManagement/signatureConfigure');
      await signature.getByText('内置签署（默认）').waitFor({ timeout: 10_000 });
      await signature.locator('.ant-select').first().click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '上上签' }).click();
      await signature.getByLabel('接口地址').fill(`${endpoint}/openapi/v2`);
      await signature.getByLabel('开发者编号').fill('1588888888888');
      await signature.getByLabel('私钥').fill('-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----');
      await signature.getByLabel('回调地址').fill('https://beehive.example.com');
      await signature.getByLabel('平台统一社会信用代码').fill('91110000MA01ABCD2X');
      await signature.getByLabel('平台签署联系人手机号').fill('13900000000');
      await signature.getByRole('button', { name: /保\s*存/ }).click();
      await succeeded(page, '保存成功');
      await signature.getByPlaceholder('已设置，留空则不修改').waitFor({ timeout: 10_000 });
      await signature.getByTestId('signature-test').click();
      const result = signature.getByTestId('signature-result');
      await result.waitFor({ timeout: 10_000 });
      assert.match(await result.innerText(), /连接成功（HTTP 200）/);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'providers-signature-zh-1440x900', { fullPage: false });

      await sleep(200);
      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });
});
