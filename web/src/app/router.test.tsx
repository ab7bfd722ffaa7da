import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setToken, setUserInfo } from '../shared/auth/token';
import { i18n } from '../shared/i18n';
import { routes } from './router';

vi.mock('../shared/api/notifier', () => ({
  showError: vi.fn(async () => undefined),
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

describe('public routes (spec §2.1)', () => {
  it('/ goes to /dashboard, which sends a visitor without a token to the login page', async () => {
    const { here } = renderAt('/');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard'));
    expect(await screen.findByRole('heading', { name: '小蜜蜂任务共享系统' })).toBeTruthy();
  });

  it('keeps the query of the page asked for in the redirect', async () => {
    const { here } = renderAt('/dashboard?tab=2');
    await waitFor(() => expect(here()).toBe('/login?redirect=%2Fdashboard%3Ftab%3D2'));
  });

  it('/dashboard with a token shows the placeholder home page', async () => {
    signIn();
    renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: '系统首页' })).toBeTruthy();
    expect(screen.getByText('alice')).toBeTruthy();
    expect(document.title).toBe('系统首页 - 小蜜蜂任务共享系统');
  });

  it('an unknown path goes to /404, whose button leads home', async () => {
    signIn();
    const { here } = renderAt('/no/such/page');
    // The first antd page takes a while to import in the test environment.
    await waitFor(() => expect(here()).toBe('/404'), { timeout: 15_000 });
    expect(await screen.findByText('页面不存在')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /返回首页/ }));
    await waitFor(() => expect(here()).toBe('/dashboard'));
  });

  it('/401 shows the no-access page', async () => {
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
