// 运营管理 (docs/templates.md): an administrator writes a contract template with variables from
// the palette and previews it as a PDF; then sends an in-app notice to the customers a filter
// chooses and watches the batch finish in the progress drawer.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, signInAsAdmin } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

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

/**
 * A valid 18-digit resident ID number (GB 11643 check character) born on 1990-03-07, told apart by `seq`.
 *
 * @param {number} seq 0..999
 */
function residentId(seq) {
  const body = `11010519900307${String(seq).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, digit, i) => acc + Number(digit) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

/**
 * `count` customers made through the customer API (名 + a four-digit number, distinct mobiles).
 *
 * @param {string} baseURL @param {string} token @param {number} count @param {string} prefix @param {number} mobileBase @param {number} idBase
 */
async function createCustomers(baseURL, token, count, prefix, mobileBase, idBase) {
  for (let i = 0; i < count; i += 1) {
    await api(baseURL, token, 'POST', '/api/admin/customer/create', {
      kind: 'INDIVIDUAL',
      name: `${prefix}${String(i).padStart(4, '0')}`,
      idType: 'RESIDENT_ID',
      idNo: residentId(idBase + i),
      mobile: String(mobileBase + i),
    });
  }
}

describe('operations: contract template preview, notice sending', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('writes a contract template with palette variables and previews it as a PDF', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);
      await page.goto(`${baseURL}/operate/contract`);
      const list = shown(page, '/operate/contract');
      await list.getByRole('button', { name: '新增合同模板' }).click();
      const editor = await dialog(page, '新增合同模板');
      await editor.locator('#code').fill('LOAN_STANDARD');
      await editor.locator('#name').fill('机动车保费分期借款合同');
      const body = editor.getByTestId('contract-body');
      await body.fill('甲方（借款人）：');
      await editor.getByTestId('variable-palette').getByText('客户姓名/名称', { exact: true }).click();
      await body.press('End');
      await body.pressSequentially('\n乙方（贷款人）：');
      await editor.getByTestId('variable-palette').getByText('资金方名称', { exact: true }).click();
      await body.press('End');
      await body.pressSequentially(
        '\n\n第一条 借款金额\n甲方向乙方借款人民币（金额）元，分（期数）期归还，用于支付车辆保险费。甲方应当按照还款计划表按期足额归还每期借款本金和利息，逾期未还的，乙方有权按照本合同约定收取逾期罚息。',
      );
      assert.match(await body.inputValue(), /甲方（借款人）：\{\{customer\.name\}\}\n乙方（贷款人）：\{\{capital\.name\}\}/);
      await screenshot(page, 'templates-contract-editor');
      // An unknown variable is refused under the field, naming it.
      await body.press('End');
      await body.pressSequentially('\n签署日期：{{today}} {{customer.nmae}}');
      await editor.getByRole('button', { name: /确\s*定/ }).click();
      await editor.getByText('未知变量：{{customer.nmae}}', { exact: false }).first().waitFor({ timeout: 10_000 });
      const text = await body.inputValue();
      await body.fill(text.replace(' {{customer.nmae}}', ''));
      await editor.getByRole('button', { name: /确\s*定/ }).click();
      await editor.waitFor({ state: 'hidden', timeout: 10_000 });
      const row = list.locator('.ant-table-row', { hasText: 'LOAN_STANDARD' });
      await row.waitFor({ timeout: 10_000 });
      assert.match(await row.innerText(), /草稿/);

      const served = page.waitForResponse((r) => r.url().includes('/api/admin/contract/template/preview/'));
      await row.getByRole('button', { name: '预览 PDF' }).click();
      const response = await served;
      assert.equal(response.headers()['content-type'], 'application/pdf');
      const pdf = await response.body();
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      assert.ok(pdf.length > 5_000, `a PDF with an embedded font: ${pdf.length} bytes`);
      const preview = await dialog(page, '合同预览：机动车保费分期借款合同 V1');
      const frame = preview.getByTestId('contract-pdf');
      await frame.waitFor({ timeout: 15_000 });
      const src = await frame.getAttribute('src');
      assert.ok(src?.startsWith('blob:'), `a blob URL: ${src}`);
      await page.waitForTimeout(1_500);
      await screenshot(page, 'templates-contract-preview', { fullPage: false });
      await preview.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      await screenshot(page, 'templates-contract-list');
      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });

  it('sends an in-app notice to a filtered set and watches it finish', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const token = await apiSignIn(baseURL);
    await createCustomers(baseURL, token, 300, '续保客户', 13900000000, 0);
    await createCustomers(baseURL, token, 25, '其他客户', 13800000000, 300);
    await api(baseURL, token, 'POST', '/api/admin/notice/template/create', {
      code: 'RENEWAL',
      name: '续保提醒',
      channel: 'IN_APP',
      content: '尊敬的{{customer.name}}，您的车险将于{{dueDate}}到期，请及时续保。',
      enabled: true,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);
      await page.goto(`${baseURL}/operate/noticeSend`);
      const list = shown(page, '/operate/noticeSend');
      await list.getByRole('button', { name: '发送通知' }).click();
      const send = await dialog(page, '发送通知');
      await send.locator('#templateId').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '续保提醒' }).click();
      await send.locator('input[id="params_dueDate"]').fill('2026年12月31日');
      await send.locator('#name').fill('续保');
      await send.getByTestId('send-matching').getByText('符合条件的客户：300 位').waitFor({ timeout: 10_000 });
      await send.getByTestId('send-preview').getByText('您的车险将于2026年12月31日到期').waitFor();
      await screenshot(page, 'templates-notice-send-dialog');
      // The send carries an idempotency key: a resent request creates no second batch.
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/admin/notice/batch/create'));
      await send.getByRole('button', { name: '发送通知' }).click();
      assert.match((await sent).headers()['idempotency-key'] ?? '', /^[0-9a-f-]{36}$/);
      await page.locator('.ant-message-notice', { hasText: '共 300 位客户' }).waitFor({ timeout: 10_000 });
      const drawer = page.locator('.ant-drawer', { hasText: '发送详情' });
      await drawer.getByTestId('batch-status').getByText('已完成').waitFor({ timeout: 60_000 });
      await drawer.locator('.ant-statistic', { hasText: '成功' }).getByText('300').waitFor();
      await drawer.locator('.ant-table-row', { hasText: '续保客户' }).first().waitFor();
      await screenshot(page, 'templates-notice-progress', { fullPage: false });
      await drawer.locator('.ant-drawer-close').click();
      const row = list.locator('.ant-table-row', { hasText: '续保提醒' });
      await row.getByText('已完成').waitFor({ timeout: 10_000 });
      await screenshot(page, 'templates-notice-list');
      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });
});
