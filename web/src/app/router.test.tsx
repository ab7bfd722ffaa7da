import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getToken, setToken, setUserInfo } from '../shared/auth/token';
import { envelope, fakeServer } from '../test/http';
import { i18n } from '../shared/i18n';
import { routes } from './router';

vi.mock('../shared/api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

function renderAt(entry: string) {
  const router = createMemoryRouter(routes, { initialEntries: [entry] });
  render(<RouterProvider router={router} />);
  const here = () => router.state.location.pathname + router.state.location.search;
  return { router, here };
}

function signIn() {
  setToken('tok');
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r' });
}

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('public routes (the product specification)', () => {
  it('/ goes to /dashboard, which sends a visitor without a token to the login page', async () => {
    const { here } = renderAt('/');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard'));
    expect(await screen.findByRole('heading', { name: '小蜜蜂任务共享系统' })).toBeTruthy();
  });

  it('keeps the query of the page asked for in the redirect', async () => {
    const { here } = renderAt('/dashboard?tab=2');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard%3Ftab%3D2'));
  });

  it('/dashboard with a token shows the home page in the workspace, with the greeting', async () => {
    signIn();
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'alice，您好' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('欢迎您，alice')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('系统首页 - 小蜜蜂任务共享系统')); // set by an effect
  }, 20_000);

  it('an unknown path goes to /404, whose button leads home', async () => {
    signIn();
    const { here } = renderAt('/no/such/page');
    // The first antd page takes a while to import in the test environment.
    await waitFor(() => expect(here()).toBe('/404'), { timeout: 15_000 });
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
    await waitFor(() => expect(here()).toBe('/dashboard'));
  });

  it.each(['/401', '/404', '/redirect/dashboard'])('%s without a token goes to the login page (the product specification)', async (path) => {
    const { here } = renderAt(path);
    await waitFor(() => expect(here()).toBe(`/login?redirect=${encodeURIComponent(path)}`));
  });

  it('/401 shows the no-access page', async () => {
    signIn();
    renderAt('/401');
    expect(await screen.findByText('无访问权限', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeTruthy();
  });

  it('/redirect/<path> replaces itself with /<path> and its query', async () => {
    signIn();
    const { router, here } = renderAt('/redirect/dashboard?x=1');
    await waitFor(() => expect(here()).toBe('/dashboard?x=1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/auth-redirect continues to the login page with its query', async () => {
    const { here } = renderAt('/auth-redirect?redirect=%2Fdashboard');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard'));
  });
});

/** Opens the top bar's user menu and picks an entry. */
async function pickUserMenu(label: string) {
  fireEvent.click(await screen.findByRole('button', { name: '用户菜单' }, { timeout: 15_000 }));
  fireEvent.click(await screen.findByText(label));
}

describe('the user menu of the top bar', () => {
  it('log out: calls the server, clears the session and lands on the login page', async () => {
    signIn();
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    const { here } = renderAt('/dashboard');
    await pickUserMenu('退出登录');
    await waitFor(() => expect(here()).toBe('/login'));
    // (The capital user's home reads its credit and e-sign account; the one change is the logout.)
    expect(server.sent.filter((s) => s.method !== 'GET').map((s) => [s.method, s.url])).toEqual([['POST', '/capital/logout']]);
    expect(getToken()).toBeUndefined();
    expect(localStorage.length).toBe(0);
    expect(await screen.findByRole('heading', { name: '小蜜蜂任务共享系统' })).toBeTruthy();
  });

  it("change password opens the '修改登录密码' dialog", async () => {
    signIn();
    renderAt('/dashboard');
    await pickUserMenu('修改密码');
    expect(await screen.findByRole('dialog', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('修改登录密码')).toBeTruthy();
    for (const label of ['原密码', '新密码', '确认新密码']) expect(screen.getByLabelText(label)).toBeTruthy();
  }, 20_000);
});
