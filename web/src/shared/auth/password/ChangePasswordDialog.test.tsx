import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import md5 from 'blueimp-md5';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer, type SentRequest } from '../../../test/http';
import { showError, showSuccess } from '../../api/notifier';
import { dictionaryKeys, dictionaryText } from '../../../test/dictionaries';
import { i18n } from '../../i18n';
import { LANGUAGES } from '../../i18n/languages';
import { getToken, setToken, setUserInfo } from '../token';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { passwordResources } from './locales';

vi.mock('../../api/notifier', () => ({
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
  showConfirm: vi.fn(async () => false),
  showAlert: vi.fn(async () => undefined),
}));

function signIn(kind: 'admin' | 'capital' = 'admin') {
  setToken('tok');
  setUserInfo({
    username: 'alice',
    expirationTime: Date.now() + 3_600_000,
    refreshToken: 'r',
    ...(kind === 'admin' ? { authorities: ['admin:user:table'] } : {}),
  });
}

/** Awaited: the dialog suspends while antd's locale loads. */
async function renderDialog() {
  const onClose = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <Suspense fallback={null}>
            <ChangePasswordDialog open onClose={onClose} />
          </Suspense>
        ),
      },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
  return { router, onClose };
}

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const leave = (label: string) => fireEvent.blur(input(label));
const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '确定' });

async function fill(old: string, next: string, again: string) {
  type('原密码', old);
  type('新密码', next);
  type('确认新密码', again);
  for (const label of ['原密码', '新密码', '确认新密码']) leave(label);
}

const changes = (sent: SentRequest[]) => sent.filter((s) => s.url.includes('password'));

beforeAll(async () => {
  await i18n.changeLanguage('zh');
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});
beforeEach(() => {
  vi.clearAllMocks();
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

// The first test pays for importing antd and its locale.
describe('change-password dialog (the product specification)', { timeout: 20_000 }, () => {
  it("is titled '修改登录密码', 550 px wide, with three password fields", async () => {
    await renderDialog();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(screen.getByText('修改登录密码')).toBeTruthy();
    expect(dialog.closest<HTMLElement>('.ant-modal')?.style.width).toBe('550px');
    for (const label of ['原密码', '新密码', '确认新密码']) expect(input(label).type).toBe('password');
  });

  it('neither Escape nor a click outside closes it', async () => {
    const { onClose } = await renderDialog();
    const dialog = await screen.findByRole('dialog', {}, { timeout: 15_000 });
    fireEvent.keyDown(dialog, { key: 'Escape', code: 'Escape', keyCode: 27 });
    fireEvent.keyDown(document.body, { key: 'Escape', code: 'Escape', keyCode: 27 });
    const wrap = document.querySelector('.ant-modal-wrap');
    expect(wrap).toBeTruthy();
    if (wrap) {
      fireEvent.mouseDown(wrap);
      fireEvent.mouseUp(wrap);
      fireEvent.click(wrap);
    }
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['原密码', '请输入原密码'],
    ['新密码', '请输入新密码'],
    ['确认新密码', '请确认新密码'],
  ])('%s left empty: %s (on blur)', async (label, message) => {
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(screen.queryByText(message, { selector: '.ant-form-item-explain-error' })).toBeNull();
    leave(label);
    expect(await screen.findByText(message, { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });

  it.each(['12345', 'x'.repeat(31)])('a new password of %j: 6 to 30 characters', async (value) => {
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    type('新密码', value);
    expect(screen.queryByText('密码长度为 6 到 30 个字符')).toBeNull(); // only on blur
    leave('新密码');
    expect(await screen.findByText('密码长度为 6 到 30 个字符')).toBeTruthy();
  });

  it.each(['123456', 'x'.repeat(30)])('a new password of %j is long enough', async (value) => {
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    type('新密码', value);
    leave('新密码');
    await waitFor(() => expect(input('新密码').getAttribute('aria-invalid')).not.toBe('true'));
    expect(screen.queryByText('密码长度为 6 到 30 个字符')).toBeNull();
  });

  it("a confirmation that differs: '两次输入密码不一致!'", async () => {
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await fill('old-secret', 'new-secret', 'new-secreT');
    expect(await screen.findByText('两次输入密码不一致!')).toBeTruthy();
    type('确认新密码', 'new-secret');
    leave('确认新密码');
    await waitFor(() => expect(screen.queryByText('两次输入密码不一致!')).toBeNull());
  });

  it('the submit button stays disabled while the form is incomplete or invalid', async () => {
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    expect(submitButton().disabled).toBe(true);
    type('原密码', 'old-secret');
    type('新密码', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    type('确认新密码', 'other-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    type('确认新密码', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    type('新密码', 'short');
    type('确认新密码', 'short');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    type('新密码', 'long-enough');
    type('确认新密码', 'long-enough');
    type('原密码', '');
    await waitFor(() => expect(submitButton().disabled).toBe(true));
  });

  it('sends MD5 hashes and enabled: true, never the confirmation; success logs out after 1 s', async () => {
    const server = fakeServer(envelope({ result: true, code: 200, msg: '', data: null }));
    const { router } = await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await fill('old-secret', 'new-secret', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(false));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(submitButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));

    expect(server.sent.map((s) => [s.method, s.url, s.body])).toEqual([
      [
        'POST',
        '/admin/user/password/update',
        { passwordOld: md5('old-secret'), passwordNew: md5('new-secret'), enabled: true },
      ],
    ]);
    expect(server.sent[0]?.body).not.toHaveProperty('newPassword2');
    expect(vi.mocked(showSuccess)).toHaveBeenCalledWith('修改成功,请重新登录', expect.any(Number));

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(server.sent.map((s) => s.url)).toEqual(['/admin/user/password/update']);
    expect(getToken()).toBe('tok');

    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    vi.useRealTimers();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The change ended the session on the server: no logout call with a dead token.
    expect(server.sent.map((s) => s.url)).toEqual(['/admin/user/password/update']);
    expect(getToken()).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it('a capital-provider account uses /capital/password/update', async () => {
    signIn('capital');
    const server = fakeServer(envelope({ result: true, code: 200, data: null }));
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await fill('old-secret', 'new-secret', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(changes(server.sent)).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      url: '/capital/password/update',
      body: { passwordOld: md5('old-secret'), passwordNew: md5('new-secret'), enabled: true },
    });
    await waitFor(() => expect(getToken()).toBeUndefined(), { timeout: 3000 });
    expect(server.sent.map((s) => s.url)).toEqual(['/capital/password/update']);
  });

  it("a wrong old password: the server's message is shown, the dialog stays and nobody is logged out", async () => {
    const server = fakeServer(envelope({ result: false, code: 400, msg: '原密码不正确', data: null }));
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await fill('wrong-secret', 'new-secret', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    await waitFor(() => expect(vi.mocked(showError)).toHaveBeenCalledWith('原密码不正确', 2));
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(vi.mocked(showSuccess)).not.toHaveBeenCalled();
    expect(server.sent.map((s) => s.url)).toEqual(['/admin/user/password/update']);
    expect(getToken()).toBe('tok');
  });

  it('server field messages are shown on their fields', async () => {
    fakeServer(
      envelope({ result: false, code: 400, msg: '原密码不正确', data: { fields: { passwordOld: '原密码不正确' } } }),
    );
    await renderDialog();
    await screen.findByRole('dialog', {}, { timeout: 15_000 });
    await fill('wrong-secret', 'new-secret', 'new-secret');
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    fireEvent.click(submitButton());
    expect(await screen.findByText('原密码不正确', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
  });
});

describe('dialog texts', () => {
  it('are complete in all four languages', () => {
    const reference = dictionaryKeys(passwordResources.zh);
    for (const lang of LANGUAGES) {
      expect(dictionaryKeys(passwordResources[lang]), lang).toEqual(reference);
      for (const key of reference) expect(dictionaryText(passwordResources[lang], key), `${lang}/${key}`).not.toBe('');
    }
  });
});
