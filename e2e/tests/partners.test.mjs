// Partners (issue "partners"): an administrator creates an insurer, then a capital provider with a
// bank account and a user through the screens; that user signs in as 资金方, sees only its own
// provider in 资金账户信息, uploads a seal image in 电子签章账户 and, in 合同模板, sees the ACTIVE
// contract templates for its provider and general ones (never another provider's) and previews one.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { png } from '../lib/png.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, signInAsAdmin } from '../lib/workspace.mjs';

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

const PROVIDER = '星河消费金融股份有限公司';
const OTHER = '远山商业保理有限公司';
const USER = { account: 'xinghe_ops', name: '周婷', password: 'Xinghe-Pass-01' };

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

/** A red round seal, 160×160 with a transparent background. */
function sealPng() {
  const size = 160;
  return png(size, size, (x, y) => {
    const d = Math.hypot(x - size / 2, y - size / 2);
    const ring = d > 62 && d < 74;
    const star = Math.abs(x - size / 2) + Math.abs(y - size / 2) < 26;
    return [220, 30, 30, ring || star ? 255 : 0];
  });
}

describe('partners: insurer, capital provider with account and user, the capital workspace', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('the screens create them and the provider user sees only its own data', async () => {
    assert.ok(browser && server);
    const { baseURL } = server;
    // Another provider with its own account: the capital user must never see it.
    const root = await apiSignIn(baseURL);
    const other = await api(baseURL, root, 'POST', '/api/admin/capital/create', {
      name: OTHER, kind: 'FACTORING', creditLimitFen: 80_000_000_00, costRateBp: 720, penaltyShareBp: 3000,
      guaranteeMode: 'BUYBACK', advanceAfterDays: 30, settlementCycle: 'MONTHLY', acceptMode: 'AUTO',
    });
    await api(baseURL, root, 'POST', `/api/admin/capital/account/create/${other.id}`, {
      purpose: 'SETTLEMENT', bankName: '中国银行', accountName: OTHER, accountNo: '6013820000004444', isDefault: true,
    });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await context.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await context.newPage();
      const errors = collectErrors(page);
      await signInAsAdmin(page, baseURL);

      // 保险公司管理: one insurer with a settlement account.
      await page.goto(`${baseURL}/partner/insuranceCompany`);
      const insurers = shown(page, '/partner/insuranceCompany');
      await insurers.getByRole('button', { name: '新增保险公司' }).click();
      let box = await dialog(page, '新增保险公司');
      await box.getByLabel('保险公司名称').fill('中国人民财产保险股份有限公司北京市分公司');
      await box.getByLabel('编码').fill('PICC-BJ');
      await box.getByLabel('联系人').fill('王建国');
      await box.getByLabel('联系电话').fill('010-88886666');
      await box.getByLabel('起保前退保手续费').fill('3');
      await box.getByRole('button', { name: '添加结算账户' }).click();
      await box.getByLabel('开户银行', { exact: true }).fill('中国工商银行');
      await box.getByLabel('开户支行', { exact: true }).fill('北京西单支行');
      await box.getByLabel('户名', { exact: true }).fill('中国人民财产保险股份有限公司北京市分公司');
      await box.getByLabel('银行账号', { exact: true }).fill('6222 0212 3456 7890');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-insurer-dialog-zh-1440x900', { fullPage: false });
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await insurers.getByText('中国工商银行 · 6222********7890').waitFor({ timeout: 10_000 });
      assert.equal(await insurers.getByText('6222021234567890').count(), 0, 'the number is masked');
      // Edited again, the stored account shows its masked number (never a blank field) under its column labels.
      await insurers.getByRole('row', { name: /PICC-BJ/ }).getByRole('button', { name: /编\s*辑/ }).click();
      box = await dialog(page, '编辑保险公司');
      assert.equal(await box.getByLabel('银行账号', { exact: true }).inputValue(), '6222********7890');
      await box.locator('.bh-account-rows__header').getByText('开户支行').waitFor();
      await box.getByRole('button', { name: /取\s*消/ }).click();
      await box.waitFor({ state: 'hidden', timeout: 10_000 });
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-insurers-zh-1440x900', { fullPage: false });

      // 资金方管理: a provider, amounts typed in yuan.
      await page.goto(`${baseURL}/partner/fundSide`);
      const providers = shown(page, '/partner/fundSide');
      await providers.getByRole('button', { name: '新增资金方' }).click();
      box = await dialog(page, '新增资金方');
      await box.getByLabel('资金方名称').fill(PROVIDER);
      await box.getByLabel('授信额度（元）').fill('5000000.005');
      await box.getByLabel('资金成本年化利率（%）').click();
      await box.getByText('请输入金额（元），最多两位小数').waitFor();
      await box.getByLabel('授信额度（元）').fill('5000000.50');
      await box.getByLabel('资金成本年化利率（%）').fill('6.5');
      await box.getByLabel('罚息分成比例（%）').fill('50');
      await box.getByLabel('联系人').fill('李娜');
      await box.getByLabel('联系电话').fill('021-66668888');
      await box.getByLabel('通知手机号').fill('13812345678');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      const row = providers.getByRole('row', { name: new RegExp(PROVIDER) });
      await row.getByText('5,000,000.50').first().waitFor({ timeout: 10_000 });
      // The contact column is one of those shown on demand (column settings): the row has the masked mobile.
      await providers.getByRole('button', { name: '列设置' }).click();
      await page.locator('.ant-popover:visible').getByRole('checkbox', { name: '联系人' }).check();
      await page.keyboard.press('Escape');
      await row.getByText('138****5678').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-providers-zh-1440x900', { fullPage: false });

      // Its detail: a bank account and a user.
      await row.getByText(PROVIDER).click();
      const drawer = page.locator('.ant-drawer:visible').filter({ hasText: `资金方详情：${PROVIDER}` });
      await drawer.getByText('5,000,000.50').first().waitFor({ timeout: 10_000 });
      // The drawer is in the address: a reload (or the link, shared) opens it again.
      assert.match(new URL(page.url()).search, /[?&]view=\d+/, 'the drawer is in the URL');
      await page.reload();
      await drawer.getByText('5,000,000.50').first().waitFor({ timeout: 15_000 });
      await drawer.getByRole('tab', { name: '银行账户' }).click();
      await drawer.getByRole('button', { name: '新增银行账户' }).click();
      box = await dialog(page, '新增银行账户');
      await box.getByLabel('开户银行').fill('招商银行');
      await box.getByLabel('开户支行').fill('上海分行营业部');
      await box.getByLabel('户名').fill(PROVIDER);
      await box.getByLabel('银行账号').fill('6214830000001111');
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await drawer.getByRole('cell', { name: '6214********1111' }).waitFor({ timeout: 10_000 });
      await drawer.getByRole('tab', { name: '用户' }).click();
      await drawer.getByRole('button', { name: '新增用户' }).click();
      box = await dialog(page, '新增资金方用户');
      await box.getByLabel('账号').fill(USER.account);
      await box.getByLabel('姓名').fill(USER.name);
      await box.getByLabel('手机号').fill('13900001111');
      await box.getByText('手动设置').click();
      await box.getByLabel('密码', { exact: true }).fill(USER.password);
      await box.getByRole('button', { name: /确\s*定/ }).click();
      await succeeded(page, '保存成功');
      await drawer.getByRole('cell', { name: '139****1111' }).waitFor({ timeout: 10_000 });
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-provider-users-zh-1440x900', { fullPage: false });
      assert.deepEqual(errors.all(), [], 'no console errors');
    } finally {
      await context.close();
    }

    // Contract templates through the admin API: ACTIVE ones for this provider and for all, one for
    // the other provider, and a DRAFT for this provider (neither of the last two may show). The
    // browser's sign-in ended the earlier API session (one session per account): sign in again.
    const admin = await apiSignIn(baseURL);
    const { providers } = await api(baseURL, admin, 'GET', '/api/admin/contract/template/catalogue');
    const mine = providers.find((/** @type {{ name: string }} */ p) => p.name === PROVIDER);
    const theirs = providers.find((/** @type {{ name: string }} */ p) => p.name === OTHER);
    assert.ok(mine && theirs, `both providers in the catalogue: ${JSON.stringify(providers)}`);
    const body = '甲方（借款人）：{{customer.name}}\n乙方（贷款人）：{{capital.name}}\n\n第一条 借款用途\n甲方向乙方借款用于支付机动车保险费，并按还款计划表按期足额归还。';
    /** @param {string} code @param {string} name @param {string} docKind @param {number | null} providerId @param {boolean} activate */
    const template = async (code, name, docKind, providerId, activate) => {
      const saved = await api(baseURL, admin, 'POST', '/api/admin/contract/template/create', {
        code, name, docKind, capitalProviderId: providerId, body, remark: '',
      });
      if (activate) await api(baseURL, admin, 'POST', `/api/admin/contract/template/activate/${saved.id}`);
      return saved.id;
    };
    await template('LOAN_XINGHE', '星河消费金融车险分期借款合同', 'LOAN_CONTRACT', mine.id, true);
    await template('SERVICE_GENERAL', '车险保费分期服务协议', 'SERVICE_AGREEMENT', null, true);
    await template('WITHHOLD_GENERAL', '银行卡代扣授权书', 'WITHHOLDING_AUTH', null, true);
    await template('OWNER_GENERAL', '机动车所有人声明书', 'OWNER_DECLARATION', null, true);
    await template('LOAN_YUANSHAN', '远山保理应收账款借款合同', 'LOAN_CONTRACT', theirs.id, true);
    await template('POA_XINGHE_DRAFT', '星河授权委托书（草稿）', 'POWER_OF_ATTORNEY', mine.id, false);
    const theirsId = (await api(baseURL, admin, 'POST', '/api/admin/contract/template/page', { keyword: 'LOAN_YUANSHAN' })).records?.[0]?.id;
    assert.ok(theirsId, 'the other provider’s template exists');

    // The provider's user signs in as 资金方.
    const capital = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      await capital.addCookies([{ name: 'language', value: 'zh', url: baseURL }]);
      const page = await capital.newPage();
      const errors = collectErrors(page);
      await page.goto(`${baseURL}/login`);
      await page.locator('#login-username').waitFor({ state: 'visible', timeout: 10_000 });
      await page.locator('.bh-segmented__item').filter({ hasText: '资金方' }).click();
      await page.locator('#login-username').fill(USER.account);
      await page.locator('#login-password').fill(USER.password);
      await page.getByRole('button', { name: '登录', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      // The home page: its available credit and what it has to do (the e-signature account is not submitted yet).
      const home = shown(page, '/dashboard');
      assert.equal(await home.getByTestId('capital-available').innerText({ timeout: 10_000 }), '5,000,000.50');
      await home.getByTestId('capital-todos').getByText(/电子签章账户尚未提交/).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-capital-home-zh-1440x900', { fullPage: false });

      await page.goto(`${baseURL}/capitalAccount/accountInfo`);
      const info = shown(page, '/capitalAccount/accountInfo');
      await info.getByText(PROVIDER).first().waitFor({ timeout: 10_000 });
      await info.getByText('5,000,000.50').first().waitFor();
      await info.getByRole('cell', { name: '6214********1111' }).waitFor();
      assert.equal(await info.getByText(OTHER).count(), 0, 'another provider never shows');
      assert.equal(await info.getByText('6013********4444').count(), 0, "another provider's account never shows");
      await info.getByLabel('联系人').fill('周婷');
      await info.getByRole('button', { name: '保存联系方式' }).click();
      await succeeded(page, '联系方式已保存');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-capital-account-info-zh-1440x900', { fullPage: false });

      await page.goto(`${baseURL}/capitalAccount/signatureInfo`);
      const sign = shown(page, '/capitalAccount/signatureInfo');
      await sign.getByLabel('机构名称').fill(PROVIDER);
      await sign.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
      await sign.getByLabel('法定代表人').click();
      await sign.getByText('统一社会信用代码不正确（18 位，末位为校验码）').waitFor();
      await sign.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
      await sign.getByLabel('法定代表人').fill('陈明');
      await sign.getByLabel('联系手机号').fill('13500003333');
      await sign.getByRole('button', { name: /保\s*存/ }).click();
      await succeeded(page, '已保存');
      await sign.locator('input[type=file]').setInputFiles({ name: '星河公章.png', mimeType: 'image/png', buffer: sealPng() });
      await succeeded(page, '印章已上传');
      await sign.locator('.bh-seal-preview img').waitFor({ state: 'visible', timeout: 10_000 });
      await sign.getByText(/星河公章\.png/).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-capital-signature-zh-1440x900', { fullPage: false });

      // 合同模板: its own and the general ACTIVE templates, never another provider's or a draft.
      await page.goto(`${baseURL}/capitalAccount/contractTemplate`);
      const templates = shown(page, '/capitalAccount/contractTemplate');
      const own = templates.locator('.ant-table-row', { hasText: 'LOAN_XINGHE' });
      await own.waitFor({ timeout: 10_000 });
      assert.match(await own.innerText(), /星河消费金融车险分期借款合同[\s\S]*借款合同[\s\S]*V1[\s\S]*本机构专用/);
      const general = templates.locator('.ant-table-row', { hasText: 'SERVICE_GENERAL' });
      assert.match(await general.innerText(), /服务协议[\s\S]*通用/);
      // Own + three general + the seven built-in general templates of a fresh installation (the six
      // it signs with and the settlement certificate).
      assert.equal(await templates.locator('.ant-table-row').count(), 11, 'own + three general + seven built-in');
      assert.equal(await templates.getByText('LOAN_YUANSHAN').count(), 0, "another provider's template never shows");
      assert.equal(await templates.getByText('POA_XINGHE_DRAFT').count(), 0, 'a draft never shows');
      await templates.getByPlaceholder('名称或编码').fill('代扣');
      await templates.getByPlaceholder('名称或编码').press('Enter');
      await templates.getByText('共 2 份模板').waitFor(); // its own 代扣 template and the built-in 代扣授权书
      await templates.getByPlaceholder('名称或编码').fill('');
      await templates.getByText('共 11 份模板').waitFor();
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'partners-capital-templates-zh-1440x900', { fullPage: false });

      const served = page.waitForResponse((r) => r.url().includes('/api/capital/contract/template/preview/'));
      await own.getByRole('button', { name: /预\s*览/ }).click();
      const response = await served;
      assert.equal(response.headers()['content-type'], 'application/pdf');
      const pdf = await response.body();
      assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
      const preview = await dialog(page, '合同预览：星河消费金融车险分期借款合同 V1');
      const frame = preview.getByTestId('contract-template-pdf');
      await frame.waitFor({ timeout: 15_000 });
      const src = await frame.getAttribute('src');
      assert.ok(src?.startsWith('blob:'), `a blob URL: ${src}`);
      assert.ok(await preview.getByRole('button', { name: '在新标签页打开' }).isEnabled());
      await page.waitForTimeout(1_500);
      await screenshot(page, 'partners-capital-template-preview-zh-1440x900', { fullPage: false });
      await preview.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      await preview.waitFor({ state: 'hidden', timeout: 10_000 });
      assert.deepEqual(errors.all(), [], 'no console errors');
    } finally {
      await capital.close();
    }

    // Through the API too: the other provider's template is neither listed nor previewable.
    const capitalToken = await apiSignIn(baseURL, { kind: 'capital', username: USER.account, password: USER.password });
    const listed = await api(baseURL, capitalToken, 'GET', '/api/capital/contract/template/list');
    assert.deepEqual(
      listed
        .map((/** @type {{ code: string }} */ r) => r.code)
        .filter((code) => !code.startsWith('BUILTIN_')) // the built-in general templates are there too (checked on the screen)
        .sort(),
      ['LOAN_XINGHE', 'OWNER_GENERAL', 'SERVICE_GENERAL', 'WITHHOLD_GENERAL'],
    );
    const refused = await fetch(`${baseURL}/api/capital/contract/template/preview/${theirsId}`, { headers: { 'authorization-token': capitalToken } });
    assert.notEqual(refused.headers.get('content-type'), 'application/pdf', "another provider's preview is refused");
    const envelope = await refused.json();
    assert.equal(envelope.result, false);
    assert.equal(envelope.code, 404);
  });
});
