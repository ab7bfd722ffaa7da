// 订单规则配置 (docs/order-rules.md): an administrator creates a product, activates it, runs the
// schedule calculator on the worked example of docs/money.md (¥10 000.00, 12 × 1 %/month from
// 31 January: 888.49 a month, the last 888.47, IRR 12.68 %), edits the active product (a new
// draft version, the active one unchanged), and saves the order rules; the same screens in English.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { enterDate, signInAsAdmin } from '../lib/workspace.mjs';

const PATH = '/systemManagement/orderRules';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

/** @param {import('playwright-core').Page} page */
function shown(page) {
  return page.locator(`.bh-page[data-page="${PATH}"]`);
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

/** The cells' texts of a table row. @param {import('playwright-core').Locator} row */
async function cells(row) {
  return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
}

describe('order rules: products, versions, the calculator', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('creates, activates and versions a product; the calculator shows the worked example', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);
      await page.goto(`${baseURL}${PATH}`);
      const screen = shown(page);
      await screen.getByRole('button', { name: '新增产品' }).click();
      const editor = await dialog(page, '新增产品');
      // The terms start from the defaults: annuity, 1 %/month, 0.05 %/day penalty, cap 24 %.
      assert.equal(await editor.locator('[id="terms_rateBp"]').inputValue(), '1.00');
      assert.equal(await editor.locator('[id="terms_penaltyRatePpmPerDay"]').inputValue(), '0.0500');
      await editor.locator('#code').fill('CAR_12');
      await editor.locator('#name').fill('车险分期标准产品');
      await editor.locator('#remark').fill('等额本息，月利率 1%');
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-product-editor-zh', { fullPage: false });
      await editor.getByTestId('section-allocation').scrollIntoViewIfNeeded();
      await screenshot(page, 'order-rules-product-editor-zh-penalties', { fullPage: false });
      // A refused term shows its message under the field (the server names it).
      await editor.locator('[id="terms_maxFinancedFen"]').fill('0.10');
      await editor.getByRole('button', { name: /确\s*定/ }).click();
      await editor.getByText('最高融资额低于任何期数的最低本金', { exact: false }).first().waitFor({ timeout: 10_000 });
      await editor.locator('[id="terms_maxFinancedFen"]').fill('1000000');
      await editor.getByRole('button', { name: /确\s*定/ }).click();
      await editor.waitFor({ state: 'hidden', timeout: 10_000 });
      const row = screen.locator('.ant-table-row', { hasText: 'CAR_12' });
      await row.waitFor({ timeout: 10_000 });
      assert.match(await row.innerText(), /草稿/);
      assert.match(await row.innerText(), /1\.00%\/月/);

      // Activate version 1.
      // 启用 is the third action of a draft: in the row's 更多 menu, confirmed in a dialog.
      await row.getByRole('button', { name: /更多/ }).click();
      await page.getByRole('menuitem', { name: '启用' }).click();
      await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '已启用');
      await screen.locator('.ant-table-row', { hasText: 'CAR_12' }).filter({ hasText: '启用' }).filter({ hasText: 'V1' }).first().waitFor();

      // The calculator: the worked example, computed by the server.
      await screen.locator('.ant-table-row', { hasText: 'CAR_12' }).getByRole('button', { name: '试算' }).click();
      const drawer = page.locator('.ant-drawer', { hasText: '还款计划试算' });
      await drawer.waitFor({ timeout: 10_000 });
      await drawer.locator('[id="principal"]').fill('10000');
      await enterDate(drawer.locator('.ant-picker input'), '2026-01-31');
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/api/admin/config/product/schedule') && (r.request().postData() ?? '').includes('"anchorDate":"2026-01-31"'),
      );
      await drawer.getByRole('button', { name: '计 算' }).or(drawer.getByRole('button', { name: '计算' })).first().click();
      const reply = await (await answered).json();
      assert.equal(reply.data.lines[0].dueDate, '2026-02-28');
      const plan = drawer.getByTestId('calc-plan');
      const lines = plan.locator('.ant-table-tbody .ant-table-row');
      await plan.locator('.ant-table-tbody .ant-table-row', { hasText: '2026-02-28' }).waitFor({ timeout: 10_000 });
      assert.equal(await lines.count(), 12);
      assert.deepEqual(await cells(lines.nth(0)), ['1', '2026-02-28', '788.49', '100.00', '0.00', '888.49', '9,211.51']);
      assert.deepEqual(await cells(lines.nth(1)), ['2', '2026-03-31', '796.37', '92.12', '0.00', '888.49', '8,415.14']);
      assert.deepEqual(await cells(lines.nth(11)), ['12', '2027-01-31', '879.67', '8.80', '0.00', '888.47', '0.00']);
      const sum = await plan.locator('.bh-schedule__sum td').allInnerTexts();
      assert.deepEqual(sum.map((t) => t.trim()), ['合计', '10,000.00', '661.86', '0.00', '10,661.86', '']);
      const summary = drawer.getByTestId('calc-summary');
      assert.equal((await drawer.getByTestId('calc-irr').innerText()).trim(), '12.68%');
      // Each rate says which it is (docs/money.md): the product's nominal rate, the IRR's effective and nominal ones.
      assert.match(await summary.innerText(), /名义年利率（产品月利率×12）\s*12\.00%/);
      assert.match(await summary.innerText(), /实际年化利率（IRR，按月复利）\s*12\.68%/);
      assert.match(await summary.innerText(), /名义年利率（月 IRR×12）\s*12\.00%/);
      assert.match(await summary.innerText(), /每期本息\s*888\.49/);
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-calculator-zh', { fullPage: false });
      await drawer.locator('.ant-drawer-close').click();
      await drawer.waitFor({ state: 'hidden' });

      // Editing the active version makes version 2, a draft; version 1 stays as it was.
      await screen.locator('.ant-table-row', { hasText: 'CAR_12' }).getByRole('button', { name: '编辑' }).click();
      const edit = await dialog(page, '编辑产品（V1）');
      await edit.getByText('保存后将生成新的草稿版本 V2', { exact: false }).waitFor();
      await edit.locator('[id="terms_rateBp"]').fill('0.9');
      await edit.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '已生成新版本 V2');
      const latest = screen.locator('.ant-table-row', { hasText: 'CAR_12' });
      await latest.filter({ hasText: 'V2' }).first().waitFor({ timeout: 10_000 });
      assert.match(await latest.innerText(), /0\.90%\/月/);
      assert.match(await latest.innerText(), /草稿/);
      await latest.getByRole('button', { name: 'V2', exact: true }).click();
      const versions = page.locator('.ant-drawer', { hasText: '版本记录' });
      await versions.locator('.ant-table-row').nth(1).waitFor({ timeout: 10_000 });
      assert.match(await versions.locator('.ant-table-row').nth(0).innerText(), /V2\s+草稿\s+0\.90%\/月/);
      assert.match(await versions.locator('.ant-table-row').nth(1).innerText(), /V1\s+启用\s+1\.00%\/月/);
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-versions-zh', { fullPage: false });
      await versions.locator('.ant-drawer-close').click();

      // The order rules: a deadline saved with its version.
      await screen.getByRole('tab', { name: '订单规则' }).click();
      const signing = page.locator('[id="rules_signingDeadlineDays"]');
      await signing.waitFor({ timeout: 10_000 });
      assert.equal(await signing.inputValue(), '7');
      assert.equal(await page.getByTestId('buckets').locator('input[aria-label="分档名称"]').count(), 5);
      await signing.fill('10');
      await page.getByRole('button', { name: '保存订单规则' }).click();
      await succeeded(page, '保存成功');
      await page.getByText('版本 1', { exact: true }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'order-rules-rules-zh');

      // The same screens in English.
      await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
      await page.goto(`${baseURL}${PATH}`);
      const english = shown(page);
      const product = english.locator('.ant-table-row', { hasText: 'CAR_12' });
      await product.waitFor({ timeout: 10_000 });
      assert.match(await product.innerText(), /Annuity/);
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-products-en', { fullPage: false });
      await product.getByRole('button', { name: 'Edit' }).click();
      await dialog(page, 'Edit product (V2)');
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-product-editor-en', { fullPage: false });
      await page.locator('.ant-modal').getByTestId('section-penalty').scrollIntoViewIfNeeded();
      await screenshot(page, 'order-rules-product-editor-en-penalties', { fullPage: false });
      await page.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
      await product.getByRole('button', { name: 'Calculator' }).click();
      const calc = page.locator('.ant-drawer', { hasText: 'Schedule calculator' });
      await calc.getByTestId('calc-plan').locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(600);
      await screenshot(page, 'order-rules-calculator-en', { fullPage: false });
      await calc.locator('.ant-drawer-close').click();
      await page.goto(`${baseURL}${PATH}?tab=rules`);
      await page.getByRole('button', { name: 'Save order rules' }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'order-rules-rules-en');

      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });
});
