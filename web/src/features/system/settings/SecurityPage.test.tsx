import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/errors';
import { setRoles } from '../../../shared/auth/permissions';
import { i18n } from '../../../shared/i18n';
import type * as ApiModule from '../api';
import type { SecurityConfig } from '../api';
import { SecurityPage } from './SecurityPage';

const DEFAULTS: SecurityConfig = {
  tokenMinutes: 120,
  refreshHours: 168,
  singleSession: true,
  maxFailures: 5,
  lockMinutes: 15,
  passwordExpiryDays: 0,
  smsPerMinute: 1,
  smsPerDay: 10,
  smsPerIpPerHour: 30,
  ipAllowList: ['10.0.0.0/8'],
};

const api = vi.hoisted(() => ({
  security: vi.fn<() => Promise<SecurityConfig>>(),
  saveSecurity: vi.fn<(input: SecurityConfig) => Promise<SecurityConfig>>(),
}));

vi.mock('../api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  configApi: api,
}));

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <SecurityPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('安全设置', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.security.mockReset().mockResolvedValue(DEFAULTS);
    api.saveSecurity.mockReset();
  });

  it('shows the saved values with their units; no 保存 without the permission', async () => {
    setRoles(['admin:role:table']);
    renderPage();
    const threshold = (await screen.findByLabelText('失败锁定阈值')) as HTMLInputElement;
    expect(threshold.value).toBe('5');
    expect(screen.getAllByText('分钟').length).toBeGreaterThan(0);
    expect((screen.getByLabelText('IP 白名单') as HTMLTextAreaElement).value).toBe('10.0.0.0/8');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('sends the list one entry a line, shows the server’s field message, then 保存成功', async () => {
    setRoles(['admin:config:security']);
    api.saveSecurity
      .mockRejectedValueOnce(new ApiError('business', 400, 'x 不是有效的 IP 地址或 CIDR 网段', { fields: { ipAllowList: 'x 不是有效的 IP 地址或 CIDR 网段' } }))
      .mockImplementationOnce((input) => Promise.resolve(input));
    renderPage();
    const list = await screen.findByLabelText('IP 白名单');
    fireEvent.change(list, { target: { value: '127.0.0.1\nx' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('x 不是有效的 IP 地址或 CIDR 网段');
    expect(api.saveSecurity).toHaveBeenCalledWith(expect.objectContaining({ ipAllowList: ['127.0.0.1', 'x'], maxFailures: 5 }));
    fireEvent.change(list, { target: { value: '127.0.0.1\n\n192.168.0.0/16' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('保存成功');
    await waitFor(() => expect(api.saveSecurity).toHaveBeenLastCalledWith(expect.objectContaining({ ipAllowList: ['127.0.0.1', '192.168.0.0/16'] })));
  });
});
