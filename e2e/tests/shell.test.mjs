// The workspace shell (the product specification; web/README.md "Shell decisions"): the permitted
// sidebar, the 401 page by URL, the tags view and its context menu, kept-alive pages, the phone
// overlay, the settings panel, sizes and the four languages. Texts are the Chinese ones unless a
// case switches language.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { collectErrors, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startBeehive } from '../lib/server.mjs';
import { api, apiSignIn, eventually, md5, signInAsAdmin, sleep } from '../lib/workspace.mjs';

const APP_TITLE = '小蜜蜂任务共享系统';

/** The administrator's sidebar: every section an administrator can reach (the capital ones are not). */
const ADMIN_MENU = ['系统首页', '工作台', '保费管理', '业务管理', '还款统计', '财务管理', '运营管理', '内容管理', '合作方管理', '系统管理'];

/** @type {import('playwright-core').Browser | undefined} */
let browser;
/** @type {import('../lib/server.mjs').Beehive | undefined} */
let server;

/**
 * A fresh context (language cookie set), closed after `body` whatever happens.
 *
 * @template T
 * @param {{ language?: string, width?: number, height?: number }} options
 * @param {(page: import('playwright-core').Page, errors: import('../lib/browser.mjs').PageErrors) => Promise<T>} body
 */
async function withPage({ language = 'zh', width = 1366, height = 768 }, body) {
  assert.ok(browser && server);
  const context = await browser.newContext({ viewport: { width, height } });
  try {
    await context.addCookies([{ name: 'language', value: language, url: server.baseURL }]);
    const page = await context.newPage();
    const errors = collectErrors(page);
    return await body(page, errors);
  } finally {
    await context.close();
  }
}

/** @param {import('playwright-core').Page} page  the first-level sidebar labels, in order */
function topMenu(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.bh-sidebar .ant-menu-root > li')]
      .map((item) => item.querySelector(':scope > .ant-menu-submenu-title .ant-menu-title-content, :scope > .ant-menu-title-content'))
      .map((label) => label?.textContent?.trim() ?? ''),
  );
}

/** @param {import('playwright-core').Page} page  the tags' titles, in order */
function tags(page) {
  return page.locator('.bh-tags .bh-tag').evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ''));
}

/** @param {import('playwright-core').Page} page */
function activeTag(page) {
  return page.locator('.bh-tags .bh-tag--active').innerText().then((text) => text.trim());
}

/**
 * Opens a screen through the sidebar: its section first (if it has one), then the item.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} section  the submenu's label, or '' for a top-level item
 * @param {string} item
 */
async function openFromMenu(page, section, item) {
  const sidebar = page.locator('.bh-sidebar');
  if (section) {
    const submenu = sidebar.locator('.ant-menu-submenu').filter({ has: page.locator('.ant-menu-submenu-title', { hasText: section }) });
    if (!(await submenu.evaluate((el) => el.classList.contains('ant-menu-submenu-open')))) {
      await submenu.locator('.ant-menu-submenu-title').click();
    }
    // Wait for the section's expand animation to end: an item clicked while its list is still
    // growing (or a route change is still collapsing another section) can miss on a loaded machine.
    await eventually(
      () =>
        submenu.evaluate((el) => {
          const list = el.querySelector(':scope > .ant-menu-sub');
          return el.classList.contains('ant-menu-submenu-open') && !!list && !/motion/.test(list.className);
        }),
      true,
      `${section} open and still`,
      10_000,
    );
  }
  const entry = sidebar.locator('.ant-menu-item').filter({ hasText: item }).first();
  await entry.waitFor({ state: 'visible', timeout: 5_000 });
  await entry.click();
  await page.locator('.bh-tags .bh-tag--active', { hasText: item }).waitFor({ timeout: 10_000 });
}

/**
 * Right-clicks a tag and chooses an entry of its context menu.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} tag
 * @param {'刷新' | '关闭' | '关闭其他' | '关闭所有'} command
 */
async function tagMenu(page, tag, command) {
  await page.locator('.bh-tags .bh-tag', { hasText: tag }).click({ button: 'right' });
  const menu = page.locator('.bh-tags__menu');
  await menu.waitFor({ state: 'visible' });
  await menu.getByRole('menuitem', { name: command, exact: true }).click();
}

/**
 * The page area of a route (one per kept-alive tab), once it is the one shown.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} path
 */
async function shownPage(page, path) {
  const area = page.locator(`.bh-page[data-page="${path}"]`);
  await area.waitFor({ state: 'visible', timeout: 5_000 });
  return area;
}

/**
 * Leaves a mark on the DOM of a shown page; it survives only while the page stays mounted.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} path
 */
async function markPage(page, path) {
  await (await shownPage(page, path)).evaluate((el) => el.setAttribute('data-e2e-mark', 'kept'));
}

/** @param {import('playwright-core').Page} page @param {string} path  whether the shown page still carries the mark */
async function pageIsMarked(page, path) {
  return (await shownPage(page, path)).evaluate((el) => el.getAttribute('data-e2e-mark') === 'kept');
}

describe('workspace shell: menu, 401, tabs, keep-alive, phone, settings, languages', () => {
  before(async () => {
    browser = await launchBrowser();
    server = await startBeehive();
  });

  after(async () => {
    await browser?.close().catch((error) => console.error('closing the browser:', error));
    const code = await server?.stop();
    if (server && code !== 0) console.error(`beehive exited with ${code}:\n${server.output()}`);
  });

  it('the administrator sees every section; a screen not built yet says so under its title; breadcrumb and document title follow the route', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({}, async (page, errors) => {
      await signInAsAdmin(page, baseURL);
      assert.deepEqual(await topMenu(page), ADMIN_MENU);
      assert.equal(await page.title(), `系统首页 - ${APP_TITLE}`);
      assert.deepEqual(await tags(page), ['系统首页'], 'the dashboard is the affix tab');
      assert.equal(await page.locator('.bh-tags .bh-tag', { hasText: '系统首页' }).locator('.bh-tag__close').count(), 0, 'not closable');

      // One submenu open at a time.
      await openFromMenu(page, '业务管理', '进件订单审核');
      await page.locator('.bh-sidebar .ant-menu-submenu-title', { hasText: '系统管理' }).click();
      await eventually(
        () => page.locator('.bh-sidebar .ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts().then((t) => t.map((s) => s.trim())),
        ['系统管理'],
        'opening 系统管理 closed 业务管理',
      );
      await openFromMenu(page, '系统管理', '日志管理');
      assert.equal(new URL(page.url()).pathname, '/systemManagement/journal');
      assert.equal(await page.title(), `日志管理 - ${APP_TITLE}`);
      assert.deepEqual(
        (await page.locator('.bh-breadcrumb li').allInnerTexts()).map((t) => t.replace(/\//g, '').trim()).filter(Boolean),
        ['系统首页', '系统管理', '日志管理'],
      );
      assert.equal((await page.locator('.bh-sidebar .ant-menu-item-selected').innerText()).trim(), '日志管理', 'the current route is highlighted');

      // A screen whose capability is not built: its title and an honest empty state, no data.
      await openFromMenu(page, '财务管理', '平台收入');
      await page.locator('.bh-page:visible').getByRole('heading', { level: 1, name: '平台收入' }).waitFor();
      await page.locator('.bh-page:visible').getByText('此页面暂未开放，相关功能将在后续版本中上线。').waitFor();
      assert.equal(await page.locator('.bh-page:visible table').count(), 0, 'no table of sample data');

      // The sidebar is 210 px, 54 px collapsed (icons only), and the choice is kept in a cookie.
      assert.equal(Math.round((await page.locator('.bh-sidebar').boundingBox())?.width ?? 0), 210);
      await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
      await eventually(async () => Math.round((await page.locator('.bh-sidebar').boundingBox())?.width ?? 0), 54, 'collapsed width');
      const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebarStatus');
      assert.equal(cookie?.value, '0');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-collapsed-1366x768', { fullPage: false });
      await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
      await eventually(async () => Math.round((await page.locator('.bh-sidebar').boundingBox())?.width ?? 0), 210, 'open width');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-1366x768', { fullPage: false });
      assert.deepEqual(errors.all(), []);
    });
  });

  it('a user holding some permissions sees only those screens; another screen by URL shows the 401 page', async () => {
    assert.ok(server);
    const { baseURL } = server;
    const admin = await apiSignIn(baseURL);
    const role = await api(baseURL, admin, 'POST', '/api/admin/role/create', {
      code: 'e2e_clerk',
      name: '日志查看员',
      description: '只看日志和角色',
      enabled: true,
      permissions: ['admin:logs:table', 'admin:role:table', 'admin:customer:table'],
    });
    await api(baseURL, admin, 'POST', '/api/admin/user/create', {
      account: 'clerk01',
      name: '王芳',
      mobile: '',
      departmentId: null,
      roleIds: [role.id],
      password: md5('Clerk-Passw0rd'),
    });

    await withPage({}, async (page, errors) => {
      await signInAsAdmin(page, baseURL, { username: 'clerk01', password: 'Clerk-Passw0rd', name: '王芳' });
      // 运营管理 has one screen for this user: the screen itself is the item.
      assert.deepEqual(await topMenu(page), ['系统首页', '客户管理', '系统管理']);
      await page.locator('.bh-sidebar .ant-menu-submenu-title', { hasText: '系统管理' }).click();
      await eventually(
        () => page.locator('.bh-sidebar .ant-menu-submenu-open .ant-menu-item').allInnerTexts().then((t) => t.map((s) => s.trim())),
        ['角色管理', '日志管理'],
        'only the permitted screens of 系统管理',
      );
      // The dashboard's shortcuts offer the same screens.
      assert.deepEqual(
        (await page.locator('.bh-home__group h3').allInnerTexts()).map((t) => t.trim()),
        ['运营管理', '系统管理'],
      );

      // The no-access page shows in place: the address stays what the user asked for.
      for (const path of ['/systemManagement/administrators', '/business/order', '/capitalOrder/capitalOrderView']) {
        await page.goto(`${baseURL}${path}`);
        await page.getByText('无访问权限').first().waitFor({ timeout: 10_000 });
        assert.equal(new URL(page.url()).pathname, path, `${path} is refused in place`);
        assert.equal(await page.locator('.bh-sidebar').count(), 0, 'no workspace behind it');
      }
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-401-1366x768', { fullPage: false });
      // A permitted screen by URL opens.
      await page.goto(`${baseURL}/systemManagement/journal`);
      await page.locator('.bh-tags .bh-tag--active', { hasText: '日志管理' }).waitFor({ timeout: 10_000 });
      assert.deepEqual(errors.all(), []);
    });
  });

  it('tabs: open, close icon, middle-click, close others, close all, refresh through /redirect; kept pages keep their state and scroll', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({}, async (page, errors) => {
      await signInAsAdmin(page, baseURL);
      await openFromMenu(page, '系统管理', '角色管理');
      await openFromMenu(page, '系统管理', '用户管理');
      await openFromMenu(page, '系统管理', '日志管理');
      await openFromMenu(page, '运营管理', '客户管理');
      assert.deepEqual(await tags(page), ['系统首页', '角色管理', '用户管理', '日志管理', '客户管理']);

      // Kept alive: the dashboard scrolled down and marked, another tab, back: same page, same place.
      await page.locator('.bh-tags .bh-tag', { hasText: '系统首页' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await markPage(page, '/dashboard');
      // As far down as the dashboard goes (it lists the built screens only), at most 400 px.
      const target = await page.evaluate(() => Math.min(400, document.documentElement.scrollHeight - window.innerHeight));
      assert.ok(target >= 100, `the dashboard scrolls (${target} px)`);
      await page.evaluate((top) => window.scrollTo(0, top), target);
      await eventually(() => page.evaluate(() => Math.round(window.scrollY)), target, 'scrolled');
      // Through the sidebar, which stays in view (the tags bar scrolled away with the page).
      await openFromMenu(page, '系统管理', '角色管理');
      assert.equal(await pageIsMarked(page, '/systemManagement/role'), false, 'another page');
      await openFromMenu(page, '', '系统首页');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      assert.equal(await pageIsMarked(page, '/dashboard'), true, 'the dashboard was kept, not mounted again');
      await eventually(() => page.evaluate(() => Math.round(window.scrollY)), target, 'its scroll position is back');

      // Refresh goes through /redirect and mounts the page again (state lost).
      const urls = /** @type {string[]} */ ([]);
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
      });
      await tagMenu(page, '系统首页', '刷新');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      await page.getByRole('heading', { level: 1, name: '超级管理员，您好' }).waitFor();
      assert.equal(await pageIsMarked(page, '/dashboard'), false, 'refreshed: a new page');
      assert.ok(urls.includes('/redirect/dashboard'), `through /redirect: ${urls.join(' → ')}`);

      // The context menu is 105 px wide; an affix tab has no 关闭.
      await page.locator('.bh-tags .bh-tag', { hasText: '系统首页' }).click({ button: 'right' });
      const menu = page.locator('.bh-tags__menu');
      assert.equal(Math.round((await menu.boundingBox())?.width ?? 0), 105);
      assert.deepEqual((await menu.getByRole('menuitem').allInnerTexts()).map((t) => t.trim()), ['刷新', '关闭其他', '关闭所有']);
      await page.mouse.click(700, 25); // a click elsewhere (the top bar's empty middle, no shortcut there) closes it
      await menu.waitFor({ state: 'detached' });

      // A closed tab loses its state.
      await page.locator('.bh-tags .bh-tag', { hasText: '日志管理' }).click();
      await markPage(page, '/systemManagement/journal');
      await page.locator('.bh-tags .bh-tag', { hasText: '用户管理' }).click();
      await page.getByRole('button', { name: '关闭标签页: 日志管理' }).click();
      assert.deepEqual(await tags(page), ['系统首页', '角色管理', '用户管理', '客户管理']);
      assert.equal(new URL(page.url()).pathname, '/systemManagement/administrators', 'closing another tab stays here');
      await openFromMenu(page, '系统管理', '日志管理');
      assert.equal(await pageIsMarked(page, '/systemManagement/journal'), false, 'reopened after closing: a new page');

      // Closing the active tab moves to the last remaining tab.
      await page.getByRole('button', { name: '关闭标签页: 日志管理' }).click();
      await page.waitForURL((url) => url.pathname === '/operate/customerManagement');
      assert.equal(await activeTag(page), '客户管理');

      // Middle-click closes.
      await page.locator('.bh-tags .bh-tag', { hasText: '角色管理' }).click({ button: 'middle' });
      assert.deepEqual(await tags(page), ['系统首页', '用户管理', '客户管理']);

      // Close others keeps the affix tab and the chosen one, and goes to it.
      await tagMenu(page, '用户管理', '关闭其他');
      await page.waitForURL((url) => url.pathname === '/systemManagement/administrators');
      assert.deepEqual(await tags(page), ['系统首页', '用户管理']);

      // Close all leaves the affix dashboard and goes there.
      await openFromMenu(page, '系统管理', '角色管理');
      await tagMenu(page, '角色管理', '关闭所有');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      assert.deepEqual(await tags(page), ['系统首页']);
      assert.deepEqual(errors.all(), []);
    });
  });

  it('at 992 px or less the sidebar is an overlay that navigating closes', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({ width: 414, height: 860 }, async (page, errors) => {
      await signInAsAdmin(page, baseURL);
      const sidebarRight = async () => {
        const box = await page.locator('.bh-sidebar').boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      };
      await eventually(sidebarRight, 0, 'closed on a phone: off screen');
      const content = await page.locator('.bh-main').boundingBox();
      assert.equal(Math.round(content?.x ?? -1), 0, 'the content takes the whole width');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-mobile-414x860', { fullPage: false });

      await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
      await eventually(sidebarRight, 210, 'opened over the content');
      assert.equal(await page.locator('.bh-drawer-bg').count(), 1, 'with a backdrop');
      assert.equal(Math.round((await page.locator('.bh-main').boundingBox())?.x ?? -1), 0, 'the content does not move');
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-mobile-open-414x860', { fullPage: false });
      await openFromMenu(page, '系统管理', '角色管理');
      await eventually(sidebarRight, 0, 'navigating closed it');
      assert.equal(await page.locator('.bh-drawer-bg').count(), 0);

      // A click on the backdrop closes it too; the desktop cookie is not touched by the phone.
      await page.getByRole('button', { name: '展开/收起侧边栏' }).click();
      await eventually(sidebarRight, 210, 'open again');
      await page.locator('.bh-drawer-bg').click({ position: { x: 380, y: 400 } });
      await eventually(sidebarRight, 0, 'the backdrop closed it');
      assert.deepEqual(errors.all(), []);
    });
  });

  it('settings panel: theme colour at once with 正在编译主题, tags view, fixed header and sidebar logo switches, kept over a reload; size in its cookie', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({}, async (page, errors) => {
      await signInAsAdmin(page, baseURL);
      await page.getByRole('button', { name: '系统布局配置' }).click();
      const drawer = page.getByRole('dialog', { name: '系统布局配置' });
      await drawer.waitFor({ state: 'visible' });
      const switchOf = (/** @type {string} */ label) => drawer.getByLabel(label, { exact: true });
      assert.equal(await switchOf('显示标签栏').isChecked(), true, 'tags view on by default');
      assert.equal(await switchOf('固定顶栏').isChecked(), false, 'fixed header off by default');
      assert.equal(await switchOf('侧边栏 Logo').isChecked(), false, 'sidebar logo off by default');
      const primary = () => page.evaluate(() => getComputedStyle(document.querySelector('.bh-app') ?? document.body).getPropertyValue('--bh-primary').trim());
      assert.equal(await primary(), '#349cff', 'default theme colour');

      // Theme colour: a preset of the picker.
      await drawer.locator('.ant-color-picker-trigger').click();
      const popup = page.locator('.ant-color-picker:visible, .ant-popover:visible').last();
      await popup.waitFor({ state: 'visible' });
      // The notice shows for 1.2 s: record every notice as it appears rather than poll for it (a
      // loaded CI machine polled past it once).
      await page.evaluate(() => {
        const seen = /** @type {string[]} */ ([]);
        Object.assign(window, { bhNotices: seen });
        new MutationObserver(() => {
          for (const notice of document.querySelectorAll('.ant-message-notice')) seen.push(notice.textContent ?? '');
        }).observe(document.body, { childList: true, subtree: true });
      });
      await popup.locator('.ant-color-picker-presets-color').nth(5).click();
      await eventually(primary, '#fa541c', 'the new colour applies at once', 10_000);
      await eventually(
        () => page.evaluate(() => /** @type {string[]} */ (Reflect.get(window, 'bhNotices')).some((text) => text.includes('正在编译主题'))),
        true,
        'the 正在编译主题 notice showed',
      );
      await page.keyboard.press('Escape');

      await switchOf('显示标签栏').click();
      await page.locator('.bh-tags').waitFor({ state: 'detached' });
      await switchOf('固定顶栏').click();
      await eventually(() => page.locator('.bh-header').evaluate((el) => getComputedStyle(el).position), 'fixed', 'header fixed');
      await switchOf('侧边栏 Logo').click();
      await page.locator('.bh-sidebar').getByText(APP_TITLE).waitFor({ state: 'visible' });
      await sleep(400); // the switches' animation
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-zh-settings-1366x768', { fullPage: false });

      await page.reload();
      await page.getByText('欢迎您，超级管理员', { exact: true }).waitFor({ timeout: 10_000 });
      assert.equal(await page.locator('.bh-tags').count(), 0, 'tags view still off after a reload');
      await page.locator('.bh-sidebar').getByText(APP_TITLE).waitFor({ state: 'visible' });
      assert.equal(await primary(), '#fa541c');
      assert.equal(await page.locator('.bh-header').evaluate((el) => getComputedStyle(el).position), 'fixed');

      // Size: 紧凑 goes to the cookie and to antd's components.
      await page.getByRole('button', { name: '布局大小' }).click();
      await page.getByRole('menuitem', { name: '紧凑' }).click();
      // The notice shows for 3 s; on a busy machine a poll can miss that window, so the cookie
      // (what the switch is for) is what the test waits for.
      let size;
      for (let waited = 0; waited < 15_000 && size?.value !== 'small'; waited += 250) {
        size = (await page.context().cookies()).find((c) => c.name === 'size');
        if (size?.value !== 'small') await sleep(250);
      }
      assert.equal(size?.value, 'small');
      assert.deepEqual(errors.all(), []);
    });
  });

  it('the language switch changes the menu, the tabs and the title in each of the four languages; the full-screen fallback message', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({}, async (page, errors) => {
      await signInAsAdmin(page, baseURL);
      await openFromMenu(page, '系统管理', '角色管理');
      /** @type {[string, string, string[], string, string][]} */
      const languages = [
        ['English', 'en', ['Home', 'Workbench', 'Premium payments'], 'Roles', 'Bee Task Sharing System'],
        ['Español', 'es', ['Inicio', 'Área de trabajo'], 'Roles', 'Sistema Abeja de Tareas Compartidas'],
        ['日本語', 'ja', ['ホーム'], 'ロール管理', 'ミツバチタスク共有システム'],
        ['中文', 'zh', ['系统首页', '工作台', '保费管理'], '角色管理', APP_TITLE],
      ];
      for (const [name, code, menuStart, roleLabel, appTitle] of languages) {
        await page.getByRole('button', { name: /切换语言|Language|Idioma|言語/ }).click();
        await page.getByRole('menuitem', { name, exact: true }).click();
        await eventually(async () => (await topMenu(page)).slice(0, menuStart.length), menuStart, `${code} menu`);
        assert.equal(await activeTag(page), roleLabel, `${code} tab title`);
        assert.equal(await page.title(), `${roleLabel} - ${appTitle}`, `${code} document title`);
        const cookie = (await page.context().cookies()).find((c) => c.name === 'language');
        assert.equal(cookie?.value, code);
        if (code === 'en') {
          await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
          await page.evaluate(() => document.fonts.ready);
          await screenshot(page, 'shell-en-1366x768', { fullPage: false });
          // Without the Fullscreen API the toggle says so (the product specification's text, as written).
          await page.evaluate(() => Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, get: () => false }));
          await page.getByRole('button', { name: 'Full screen' }).click();
          await page.locator('.ant-message-notice', { hasText: 'you browser can not work' }).waitFor({ timeout: 5_000 });
        }
      }
      assert.deepEqual(errors.all(), []);
    });
  });

  it('English at phone width', async () => {
    assert.ok(server);
    const { baseURL } = server;
    await withPage({ language: 'en', width: 414, height: 860 }, async (page, errors) => {
      await page.goto(`${baseURL}/login`);
      await page.locator('#login-username').fill('admin');
      const { TEST_ADMIN_PASSWORD } = await import('../lib/server.mjs');
      await page.locator('#login-password').fill(TEST_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
      await page.getByRole('heading', { level: 1, name: 'Hello, Super administrator' }).waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: /sidebar/i }).click();
      await sleep(400);
      await page.evaluate(() => document.fonts.ready);
      await screenshot(page, 'shell-en-mobile-open-414x860', { fullPage: false });
      assert.deepEqual((await topMenu(page)).slice(0, 2), ['Home', 'Workbench']);
      assert.deepEqual(errors.all(), []);
    });
  });
});
