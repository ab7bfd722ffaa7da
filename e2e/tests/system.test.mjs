// System management (issue "System management"): an administrator builds a department, a role
// with some permissions and a user in both through the screens; that user then sees exactly those
// screens. The journal lists what happened and exports it to an Excel file that opens.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { eventually, signInAsAdmin, sleep } from '../lib/workspace.mjs';
import { readFirstSheet } from '../lib/xlsx.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const USER = { account: 'risk01', name: '李雷', password: 'Risk-Passw0rd' };

/** @param {import('playwright-core').Page} page @param {string} path */
function shown(page, path) {
  return page.locator(`.bh-page[data-page="${path}"]`);
}

/** @param {import('playwright-core').Page} page  the open dialog with this title */
async function dialog(page, title) {
  const box = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
  await box.waitFor({ state: 'visible', timeout: 10_000 });
  return box;
}

/** @param {import('playwright-core').Page} page @param {string} text  waits for a success message */
async function succeeded(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/**
 * Chooses an option of the antd select or tree select that has the focus-able `field`.
 *
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} field
 * @param {string} option
 */
async function choose(page, field, option) {
  await field.click();
  const item = page.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option, .ant-select-tree-treenode', { hasText: option }).first();
  await item.waitFor({ state: 'visible', timeout: 5_000 });
  await item.locator('.ant-select-tree-node-content-wrapper, .ant-select-item-option-content').first().click();
  // A multiple select stays open: a click on the dialog's title closes it, as a user would.
  await page.locator('.ant-modal:visible .ant-modal-title').click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}

describe('system management: organization, role, user, journal', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('a department, a role with some permissions and a user in them; the user sees exactly those screens', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      // 组织架构: 风控部 with 审核组 under it.
      await page.goto(`${baseURL}/systemManagement/organization`);
      const org = shown(page, '/systemManagement/organization');
      await org.getByText('还没有部门，点击“新增部门”建立组织架构。').waitFor({ timeout: 10_000 });
      await org.getByRole('button', { name: '新增部门' }).click();
      let box = await dialog(page, '新增部门');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await box.getByText('请输入部门名称').waitFor();
      await box.getByLabel('部门名称').fill('风控部');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await org.getByRole('cell', { name: '风控部' }).waitFor();
      await org.getByRole('row', { name: /风控部/ }).getByRole('button', { name: '新增下级' }).click();
      box = await dialog(page, '新增部门');
      await box.getByLabel('部门名称').fill('审核组');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await org.getByRole('cell', { name: '审核组' }).waitFor();
      // A sibling with the same name is refused by the server, and the dialog stays open.
      await org.getByRole('row', { name: /风控部/ }).getByRole('button', { name: '新增下级' }).click();
      box = await dialog(page, '新增部门');
      await box.getByLabel('部门名称').fill('审核组');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await page.locator('.ant-message-notice', { hasText: '同一上级下已有同名部门' }).waitFor({ timeout: 10_000 });
      assert.equal(await box.isVisible(), true, 'the dialog stays open');
      await box.getByRole('button', { name: /取\s*消/ }).click();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'system-organization-zh-1440x900', { fullPage: false });

      // 角色管理: 风控审核员 with 客户管理 and 日志管理.
      await page.goto(`${baseURL}/systemManagement/role`);
      const roles = shown(page, '/systemManagement/role');
      await roles.getByRole('cell', { name: /超级管理员/ }).first().waitFor({ timeout: 10_000 });
      await roles.getByRole('button', { name: '新增角色' }).click();
      box = await dialog(page, '新增角色');
      await box.getByLabel('角色编码').fill('Risk Reviewer');
      await box.getByLabel('角色名称').fill('风控审核员');
      await box.getByLabel('描述').click();
      await box.getByText('以小写字母开头，2 到 64 位小写字母、数字或下划线').last().waitFor();
      await box.getByLabel('角色编码').fill('risk_reviewer');
      await box.getByLabel('描述').fill('查看客户与日志');
      // The search narrows the tree; what it hides keeps its state.
      const tree = box.locator('.ant-tree');
      const search = box.getByPlaceholder('搜索权限名称或编码');
      for (const [query, label] of [['客户', '客户管理'], ['admin:logs:table', '日志管理']]) {
        await search.fill(query);
        const node = tree.locator('.ant-tree-treenode-leaf', { hasText: label }).first();
        await node.waitFor({ state: 'visible' });
        await node.locator('.ant-tree-checkbox').click();
        assert.equal(await node.locator('.ant-tree-checkbox-checked').count(), 1, `${label} checked`);
      }
      await search.fill(''); // both stay granted: the saved role counts 2 permissions (below)
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'system-role-dialog-zh-1440x900', { fullPage: false });
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      const roleRow = roles.getByRole('row', { name: /风控审核员/ });
      await roleRow.waitFor();
      assert.match(await roleRow.innerText(), /risk_reviewer[\s\S]*风控审核员[\s\S]*查看客户与日志[\s\S]*\b2\b/);

      // 用户管理: 李雷 in 审核组 with the role and a password set here.
      await page.goto(`${baseURL}/systemManagement/administrators`);
      const users = shown(page, '/systemManagement/administrators');
      await users.getByRole('cell', { name: 'admin', exact: true }).waitFor({ timeout: 10_000 });
      await users.getByRole('button', { name: '新增用户' }).click();
      box = await dialog(page, '新增用户');
      await box.getByLabel('账号').fill(USER.account);
      await box.getByLabel('姓名').fill(USER.name);
      await box.getByLabel('手机号').fill('1390000');
      await box.getByLabel('姓名').click();
      await box.getByText('请输入正确的手机号').waitFor();
      await box.getByLabel('手机号').fill('13900001234');
      await choose(page, box.getByLabel('部门'), '审核组');
      await choose(page, box.getByLabel('角色'), '风控审核员');
      await box.getByLabel('手动设置').check();
      await box.getByLabel('初始密码').fill(USER.password);
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      const userRow = users.getByRole('row', { name: new RegExp(USER.account) });
      await userRow.waitFor();
      const rowText = await userRow.innerText();
      assert.match(rowText, /李雷/);
      assert.match(rowText, /139\*\*\*\*1234/, 'the mobile is masked in the list');
      assert.match(rowText, /审核组/);
      assert.match(rowText, /风控审核员/);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'system-administrators-zh-1440x900', { fullPage: false });

      // The filters go to the URL and narrow the list.
      await users.getByPlaceholder('请输入账号').fill('risk');
      await users.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL((url) => url.searchParams.get('account') === 'risk');
      await eventually(() => users.locator('.ant-table-tbody tr.ant-table-row').count(), 1, 'one user matches');

      // The new user signs in and sees exactly the role's screens.
      const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        await userContext.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
        const userPage = await userContext.newPage();
        const userErrors = collectErrors(userPage);
        await signInAsAdmin(userPage, baseURL, { username: USER.account, password: USER.password, name: USER.name });
        const menu = await userPage.evaluate(() =>
          [...document.querySelectorAll('.bh-sidebar .ant-menu-root > li')].map(
            (item) => item.querySelector('.ant-menu-title-content')?.textContent?.trim() ?? '',
          ),
        );
        // A section with one visible screen shows that screen itself (web/README.md "Shell decisions").
        assert.deepEqual(menu, ['系统首页', '客户管理', '日志管理']);
        await userPage.locator('.bh-home__group li .bh-home__label').first().waitFor({ timeout: 10_000 });
        assert.deepEqual(
          (await userPage.locator('.bh-home__group li .bh-home__label').allInnerTexts()).map((t) => t.trim()),
          ['客户管理', '日志管理'],
        );
        await userPage.goto(`${baseURL}/systemManagement/role`);
        await userPage.getByText('无访问权限').first().waitFor({ timeout: 10_000 });
        // 日志管理 without the export permission: no export button.
        await userPage.goto(`${baseURL}/systemManagement/journal`);
        await shown(userPage, '/systemManagement/journal').locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
        assert.equal(await userPage.getByRole('button', { name: /导\s*出/ }).count(), 0);
        assert.deepEqual(userErrors.all().filter((line) => !line.includes('401')), []);
      } finally {
        await userContext.close();
      }

      // 日志管理: what the administrator did, filtered, exported and opened.
      await page.goto(`${baseURL}/systemManagement/journal`);
      const journal = shown(page, '/systemManagement/journal');
      await journal.locator('.ant-table-row').first().waitFor({ timeout: 10_000 });
      const actions = (await journal.locator('.ant-table-row td:nth-child(3)').allInnerTexts()).map((t) => t.trim());
      assert.ok(actions.length >= 4, `logged actions: ${actions.join(', ')}`);
      await journal.getByPlaceholder('请输入操作人').fill('admin');
      await journal.getByRole('button', { name: /查\s*询/ }).click();
      await page.waitForURL((url) => url.searchParams.has('actor'));
      await eventually(
        async () => {
          const actors = await journal.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
          return actors.length > 0 && actors.every((t) => /^admin\s+管理员$/.test(t.trim()));
        },
        true,
        'only the administrator’s operations',
      );
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'system-journal-zh-1440x900', { fullPage: false });
      const [download] = await Promise.all([page.waitForEvent('download'), journal.getByRole('button', { name: /导\s*出/ }).click()]);
      assert.match(download.suggestedFilename(), /\.xlsx$/);
      const file = await download.path();
      assert.ok(file);
      const rows = readFirstSheet(await readFile(file));
      assert.ok(rows.length >= 2, `a header and rows: ${JSON.stringify(rows).slice(0, 400)}`);
      assert.ok(rows[0]?.includes('操作人') || rows[0]?.some((cell) => cell.includes('操作')), `header: ${rows[0]?.join(' | ')}`);
      const shownRows = await journal.locator('.ant-table-row').count();
      assert.ok(rows.length - 1 >= shownRows, `the file holds every matching row (${rows.length - 1} ≥ ${shownRows})`);
      await succeeded(page, '已导出');
      // The login log tab lists the sign-ins, the new user's among them.
      await journal.getByRole('tab', { name: '登录日志' }).click();
      await journal.getByRole('cell', { name: USER.account }).first().waitFor({ timeout: 10_000 });
      await sleep(200);
      assert.deepEqual(errors.all(), []);
    } finally {
      await context.close();
    }
  });
});
