import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import md5 from 'blueimp-md5';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../test/http';
import { dictionaryKeys, dictionaryText } from '../../test/dictionaries';
import { displayName, getToken, getUserInfo, setToken } from '../../shared/auth/token';
import { i18n } from '../../shared/i18n';
import { LANGUAGES } from '../../shared/i18n/languages';
import { showError } from '../../shared/api/notifier';
import './api'; // loaded on demand by the page; loaded up front here so that timers can be faked
import { LoginPage } from './LoginPage';
import { loginResources } from './locales';

vi.mock('../../shared/api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

const session = {
  token: 'tok-new',
  refreshToken: 'ref-new',
  expirationTime: 1_900_000_000_000,
  username: 'alice',
  authorities: ['admin:user:table'],
};

function Landing() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

function renderLogin(entry = '/login') {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: '登录' }));

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
});

describe('login page', () => {
  it('shows the app title, the account types, both sign-in tabs and a page title', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: '小蜜蜂任务共享系统' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '平台管理员' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: '资金方' })).toHaveProperty('checked', false);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['账号密码登录', '短信验证码登录']);
    expect(document.title).toBe('登录 - 小蜜蜂任务共享系统');
  });

  it('offers the SMS tab to administrators only', () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '短信验证码登录' }));
    expect(field('手机号')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: '资金方' }));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['账号密码登录']);
    expect(field('账号')).toBeTruthy();
  });

  it('requires the fields and sends nothing while they are empty', () => {
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    renderLogin();
    submit();
    expect(screen.getByText('请输入账号')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(field('账号').getAttribute('aria-invalid')).toBe('true');
    expect(server.adapter).not.toHaveBeenCalled();
  });

  it('validates an edited field when it loses focus and clears the message when typed into', () => {
    renderLogin();
    type('账号', 'a');
    type('账号', '');
    fireEvent.blur(field('账号'));
    expect(screen.getByText('请输入账号')).toBeTruthy();
    type('账号', 'a');
    expect(screen.queryByText('请输入账号')).toBeNull();
  });

  it('does not mark an untouched field when it loses focus (autofocus, a dialog taking the focus)', () => {
    renderLogin();
    fireEvent.blur(field('账号'));
    expect(screen.queryByText('请输入账号')).toBeNull();
  });

  it('administrator: fresh uid, then the account call with the MD5 password; stores the session and follows redirect', async () => {
    const server = fakeServer(
      envelope({ result: true, code: 200, data: { uid: 'uid-1', expiresIn: 300 } }),
      envelope({ result: true, code: 200, data: session }),
    );
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/business/order?page=2')}`);
    type('账号', ' alice ');
    type('密码', 'secret 1');
    submit();
    expect(screen.getByRole('button', { name: '登录中…' })).toHaveProperty('disabled', true);

    await screen.findByTestId('landed');
    expect(router.state.location.pathname + router.state.location.search).toBe('/business/order?page=2');
    expect(server.sent.map((s) => [s.method, s.url])).toEqual([
      ['GET', '/admin/login/uid'],
      ['POST', '/admin/login/account'],
    ]);
    expect(server.sent[1]?.body).toEqual({ uid: 'uid-1', username: 'alice', password: md5('secret 1') });
    expect(getToken()).toBe('tok-new');
    expect(getUserInfo()).toEqual({
      username: 'alice',
      expirationTime: 1_900_000_000_000,
      refreshToken: 'ref-new',
      authorities: ['admin:user:table'],
    });
  });

  it('capital provider: /capital calls, no authorities, and a foreign redirect is ignored', async () => {
    const capitalSession = { ...session, username: 'fund', name: '陈晓梅', authorities: undefined };
    const server = fakeServer(
      envelope({ result: true, code: 200, data: { uid: 'uid-c', expiresIn: 300 } }),
      envelope({ result: true, code: 200, data: capitalSession }),
    );
    const router = renderLogin('/login?redirect=%2F%2Fevil.example%2Fx');
    fireEvent.click(screen.getByRole('radio', { name: '资金方' }));
    type('账号', 'fund');
    type('密码', 'pw');
    submit();
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/');
    expect(server.sent.map((s) => s.url)).toEqual(['/capital/login/uid', '/capital/login/account']);
    expect(getUserInfo()).not.toHaveProperty('authorities');
    // Greeted by the person's name the sign-in answered, not the account code.
    expect(getUserInfo()?.name).toBe('陈晓梅');
    expect(displayName()).toBe('陈晓梅');
  });

  it('fetches a new uid for every attempt and shows server field errors', async () => {
    const server = fakeServer(
      envelope({ result: true, code: 200, data: { uid: 'uid-1', expiresIn: 300 } }),
      envelope({ result: false, code: 400, msg: '账号或密码错误', data: { fields: { password: '账号或密码错误' } } }),
      envelope({ result: true, code: 200, data: { uid: 'uid-2', expiresIn: 300 } }),
      envelope({ result: true, code: 200, data: session }),
    );
    renderLogin();
    type('账号', 'alice');
    type('密码', 'wrong');
    submit();
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
    expect(showError).toHaveBeenCalledWith('账号或密码错误', 2);
    expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', false);

    type('密码', 'right');
    submit();
    await screen.findByTestId('landed');
    expect(server.sent.filter((s) => s.url === '/admin/login/uid')).toHaveLength(2);
    expect(server.sent[3]?.body).toMatchObject({ uid: 'uid-2', password: md5('right') });
  });

  it('SMS: sends the code (form, fresh uid), counts down 60 s, then signs in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const server = fakeServer(
        envelope({ result: true, code: 200, data: { uid: 'uid-s1', expiresIn: 300 } }),
        envelope({ result: true, code: 200, data: null }),
        envelope({ result: true, code: 200, data: { uid: 'uid-s2', expiresIn: 300 } }),
        envelope({ result: true, code: 200, data: session }),
      );
      renderLogin();
      fireEvent.click(screen.getByRole('tab', { name: '短信验证码登录' }));
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(screen.getByText('请输入手机号')).toBeTruthy();
      expect(server.adapter).not.toHaveBeenCalled();

      type('手机号', '13800000000');
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(server.sent.map((s) => [s.method, s.url, s.body])).toEqual([
        ['GET', '/admin/login/uid', undefined],
        ['POST', '/admin/login/code/13800000000', 'uid=uid-s1'],
      ]);
      expect(screen.getByRole('button', { name: '60 秒后重新获取' })).toHaveProperty('disabled', true);
      expect(screen.getByText('验证码已发送，请注意查收')).toBeTruthy();

      for (let second = 0; second < 59; second += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: '1 秒后重新获取' })).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(1000));
      expect(screen.getByRole('button', { name: '获取验证码' })).toHaveProperty('disabled', false);

      type('验证码', '123456');
      submit();
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(server.sent.slice(2).map((s) => [s.method, s.url, s.body])).toEqual([
        ['GET', '/admin/login/uid', undefined],
        ['POST', '/admin/login/sms', { uid: 'uid-s2', mobile: '13800000000', code: '123456' }],
      ]);
      expect(getToken()).toBe('tok-new');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a signed-in user to /', async () => {
    setToken('tok');
    const router = renderLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('switches the language and remembers it in the cookie', async () => {
    renderLogin();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'es' } });
    expect(await screen.findByRole('heading', { name: 'Sistema Abeja de Tareas Compartidas' })).toBeTruthy();
    expect(document.cookie).toContain('language=es');
    expect(document.documentElement.lang).toBe('es');
    await act(() => i18n.changeLanguage('zh'));
  });

  it('has the same login texts in all four languages', () => {
    const reference = dictionaryKeys(loginResources.zh);
    for (const lang of LANGUAGES) {
      expect(dictionaryKeys(loginResources[lang]), lang).toEqual(reference);
      for (const key of reference) expect(dictionaryText(loginResources[lang], key), `${lang}/${key}`).not.toBe('');
    }
  });
});
