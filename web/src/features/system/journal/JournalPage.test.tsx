import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoles } from '../../../shared/auth/permissions';
import { i18n } from '../../../shared/i18n';
import type * as RequestModule from '../../../shared/api/request';
import type * as ApiModule from '../api';
import type { LoginLogRow, OperationLogRow } from '../api';
import { JournalPage } from './JournalPage';
import { OperationDrawer } from './OperationDrawer';

const ROW: OperationLogRow = {
  id: 7,
  actorKind: 'admin',
  actorId: 1,
  actorName: 'admin',
  action: 'customer.update',
  targetType: 'customer',
  targetId: '18',
  targetName: '郭子豪',
  outcome: 'success',
  detail: JSON.stringify({ customerNo: 'C0018', name: '郭子豪', previousName: '郭子', status: 'ACTIVE' }),
  ip: '127.0.0.1',
  requestId: 'req-1',
  createdAt: Date.UTC(2026, 4, 1, 2, 30),
};

const SYSTEM_ROW: OperationLogRow = {
  ...ROW,
  id: 8,
  actorKind: 'system',
  actorId: null,
  actorName: 'auto-accept',
  action: 'role.update',
  targetType: 'role',
  targetId: '4',
  targetName: null,
  detail: 'not json {',
};

/** repayment.confirm: a repayment's status change, with the row's table (crates/service/src/order/repayment.rs). */
const REPAYMENT_ROW: OperationLogRow = {
  ...ROW,
  id: 9,
  action: 'repayment.confirm',
  targetType: 'repayment',
  targetId: '31',
  targetName: null,
  detail: JSON.stringify({ orderNo: 'BH20260201000001', amountFen: 150000, serialNo: 'S1', valueDate: '2026-05-01', from: 'RECORDED', to: 'CONFIRMED' }),
};

/** capital_provider.set_status: a capital provider's status change (crates/service/src/partner/capital_provider.rs). */
const PROVIDER_ROW: OperationLogRow = {
  ...ROW,
  id: 10,
  action: 'capital_provider.set_status',
  targetType: 'capital_provider',
  targetId: '3',
  targetName: '星河银行',
  detail: JSON.stringify({ name: '星河银行', usersSignedOut: 2, from: 'ACTIVE', to: 'PAUSED' }),
};

/** customer.create: a customer's kind is a data-dictionary code (crates/service/src/customer/mod.rs). */
const CUSTOMER_ROW: OperationLogRow = {
  ...ROW,
  id: 11,
  action: 'customer.create',
  detail: JSON.stringify({ customerNo: 'C0018', kind: 'INDIVIDUAL', name: '郭子豪', idNo: '1101**********1234', mobile: null, creditCode: null }),
};

const LOGIN: LoginLogRow = {
  id: 1,
  account: 'admin',
  accountKind: 'admin',
  userId: 1,
  method: 'sms',
  ip: '127.0.0.1',
  userAgent: 'test',
  outcome: 'failure',
  reason: 'bad_code',
  createdAt: Date.UTC(2026, 4, 1, 2, 30),
};

const api = vi.hoisted(() => ({
  operations: vi.fn(),
  exportOperations: vi.fn(),
  logins: vi.fn(),
  exportLogins: vi.fn(),
}));

vi.mock('../api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  journalApi: api,
}));

// The data dictionary's customer kinds (GET /api/common/dictionary/{typeCode}); other types have no items here.
vi.mock('../../../shared/api/request', async (original) => {
  const real = await original<typeof RequestModule>();
  return {
    ...real,
    request: (config: Parameters<typeof real.request>[0]) =>
      config.url === '/common/dictionary/{typeCode}'
        ? Promise.resolve(
            (config.data as { typeCode: string }).typeCode === 'customer_kind'
              ? [{ code: 'INDIVIDUAL', labelZh: '个人', labelEn: 'Individual', labelEs: 'Particular', labelJa: '個人', enabled: true }]
              : [],
          )
        : real.request(config),
  };
});

function renderDrawer(row: OperationLogRow | undefined, onClose: () => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OperationDrawer row={row} onClose={onClose} />
    </QueryClientProvider>,
  );
}

function renderPage(url = '/journal') {
  const router = createMemoryRouter([{ path: '/journal', element: <JournalPage /> }], { initialEntries: [url] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('日志管理', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    setRoles(['admin:logs:table']);
    api.operations.mockReset().mockResolvedValue({ records: [ROW, SYSTEM_ROW], total: 2, page: 1, size: 10 });
    api.logins.mockReset().mockResolvedValue({ records: [LOGIN], total: 1, page: 1, size: 10 });
  });

  it('names the target and a system actor, and sums the detail up in one line', async () => {
    renderPage();
    expect(await screen.findByText('客户 郭子豪')).toBeTruthy();
    expect(screen.getByText('角色 #4')).toBeTruthy();
    expect(screen.getByText('自动接单')).toBeTruthy();
    expect(screen.getByText('名称: 郭子 → 郭子豪; 客户编号: C0018; 状态: ACTIVE')).toBeTruthy();
    expect(screen.getByText('not json {')).toBeTruthy();
  });

  it("reads a record's status change in the words of its table", async () => {
    api.operations.mockResolvedValue({ records: [REPAYMENT_ROW], total: 1, page: 1, size: 10 });
    renderPage();
    expect(await screen.findByText('状态: 待确认 → 已确认; 订单编号: BH20260201000001; 金额: ¥1,500.00; 流水号: S1; 到账日期: 2026-05-01')).toBeTruthy();
  });

  it("reads the other records' codes in words: a capital provider's status, a customer's kind", async () => {
    api.operations.mockResolvedValue({ records: [PROVIDER_ROW, CUSTOMER_ROW], total: 2, page: 1, size: 10 });
    renderPage();
    expect(await screen.findByText('状态: 合作中 → 已暂停; 登出用户数: 2; 名称: 星河银行')).toBeTruthy();
    expect(await screen.findByText('客户编号: C0018; 类型: 个人; 证件号码: 1101**********1234; 名称: 郭子豪')).toBeTruthy();
  });

  it('opens the whole detail in a drawer from the row', async () => {
    renderPage();
    const row = (await screen.findByText('客户 郭子豪')).closest('tr');
    expect(row).toBeTruthy();
    fireEvent.click(within(row as HTMLElement).getByText('详情'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('操作详情')).toBeTruthy();
    expect(within(drawer).getByText('名称: 郭子 → 郭子豪')).toBeTruthy();
    expect(within(drawer).getByLabelText('详情（JSON）').textContent).toContain('"previousName": "郭子"');
  });

  it('shows the sign-in method and why it failed in words', async () => {
    renderPage('/journal?log=login');
    expect(await screen.findByText('短信验证码')).toBeTruthy();
    expect(screen.getByText('验证码错误')).toBeTruthy();
  });
});

describe('the operation drawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the summary parts and the raw text of a detail that is not JSON', async () => {
    const onClose = vi.fn();
    renderDrawer(SYSTEM_ROW, onClose);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Operation details')).toBeTruthy();
    expect(within(drawer).getByText('Auto-accept')).toBeTruthy();
    expect(within(drawer).getByText('Role #4')).toBeTruthy();
    expect(within(drawer).getByLabelText('Details (JSON)').textContent).toBe('not json {');
    fireEvent.click(within(drawer).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("lists a record's status change in the words of its table", async () => {
    renderDrawer(REPAYMENT_ROW);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Status: To confirm → Confirmed')).toBeTruthy();
  });

  it("lists a capital provider's status change in words", async () => {
    renderDrawer(PROVIDER_ROW);
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Status: Active → Paused')).toBeTruthy();
  });

  it('is closed without a row', () => {
    renderDrawer(undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
