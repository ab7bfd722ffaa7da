import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import type { PageResult } from '../../shared/crud/query';
import { i18n } from '../../shared/i18n';
import { AdvancePage } from './AdvancePage';
import type * as ApiModule from './api';
import { withAdvancedOn } from './api';
import type { AdvanceData, OrderChoicesData } from './types';

const api = vi.hoisted(() => ({
  page: vi.fn<(body: Record<string, unknown>) => Promise<PageResult<AdvanceData>>>(),
  choices: vi.fn<() => Promise<OrderChoicesData>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, advanceApi: { ...real.advanceApi, ...api } };
});

const row = (over: Partial<AdvanceData>): AdvanceData => ({
  orderId: 7, orderNo: 'BH20261125000007', customerName: '郭子豪', plateNo: '京A·12345', capitalProviderId: 2, capitalProviderName: '华夏消费金融',
  itemSeq: 1, dueDate: '2026-02-28', advancedOn: '2026-03-30', advancedFen: 88_849, recoveredFen: 0, waivedFen: 0, writtenOffFen: 0, claimFen: 88_849,
  daysPastDue: 33, itemStatus: 'OVERDUE',
  ...over,
});

const ROWS: AdvanceData[] = [
  row({}),
  row({ orderId: 8, orderNo: 'BH20261125000008', customerName: '林晓梅', plateNo: '沪B·7K219', itemSeq: 3, dueDate: '2026-04-30', advancedOn: '2026-05-30', advancedFen: 44_424, recoveredFen: 20_000, claimFen: 24_424, daysPastDue: 35 }),
];

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/business/overdueAccount', element: <AdvancePage /> },
      { path: '/business/orderDetail/:id', element: <div>order page</div> },
      { path: '/business/recoveryApplication', element: <div>recovery page</div> },
    ],
    { initialEntries: ['/business/overdueAccount'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
}

const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no)) as HTMLElement;

describe('逾期挂账', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.page.mockReset();
    api.choices.mockReset();
    api.page.mockResolvedValue({ records: ROWS, total: ROWS.length, page: 1, size: 10 });
    api.choices.mockResolvedValue({ products: [], insurers: [], providers: [{ id: 2, name: '华夏消费金融' }] } as unknown as OrderChoicesData);
    act(() => setRoles([P.ORDER_PLAN_OVERDUE_TABLE, P.ORDER_INFO_TABLE]));
  });

  it('lists the advanced instalments, newest advance first, with what is advanced, recovered and still owed', async () => {
    renderPage();
    await screen.findByText('BH20261125000008');
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: { field: 'advancedOn', order: 'desc' } }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['订单号', '客户', '期次 / 应还日', '代偿日', '代偿金额（元）', '已追回（元）', '挂账余额（元）', '逾期天数', '操作']);
    const part = rowOf('BH20261125000008');
    expect(part.textContent).toContain('第 3 期');
    expect(part.textContent).toContain('2026-05-30');
    expect(part.textContent).toContain('444.24');
    expect(part.textContent).toContain('200.00');
    expect(part.textContent).toContain('244.24');
    expect(part.textContent).toContain('35 天');
    expect(within(rowOf('BH20261125000007')).getByText('BH20261125000007').closest('a')?.getAttribute('href')).toBe('/business/orderDetail/7');
  });

  it('without the order pages, the order number is text and there is no action', async () => {
    act(() => setRoles([P.ORDER_PLAN_OVERDUE_TABLE]));
    renderPage();
    await screen.findByText('BH20261125000007');
    expect(within(rowOf('BH20261125000007')).getByText('BH20261125000007').closest('a')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: /查\s*看/ })).toBeNull());
  });

  it('申请追偿 opens the recovery screen on the order, for the create permission and while something is claimed', async () => {
    api.page.mockResolvedValue({ records: [...ROWS, row({ orderId: 9, orderNo: 'BH20261125000009', itemSeq: 2, recoveredFen: 88_849, claimFen: 0 })], total: 3, page: 1, size: 10 });
    act(() => setRoles([P.ORDER_PLAN_OVERDUE_TABLE, P.ORDER_INFO_TABLE, P.ORDER_PLAN_RECOVER_CREATE]));
    const router = renderPage();
    await screen.findByText('BH20261125000008');
    expect(within(rowOf('BH20261125000009')).queryByRole('button', { name: '申请追偿' })).toBeNull();
    fireEvent.click(within(rowOf('BH20261125000008')).getByRole('button', { name: '申请追偿' }));
    await screen.findByText('recovery page');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/business/recoveryApplication?orderId=8');
  });

  it('without the recovery permission there is no 申请追偿; 已核销 is a column to show', async () => {
    renderPage();
    await screen.findByText('BH20261125000008');
    expect(screen.queryByRole('button', { name: '申请追偿' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '已核销（元）' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '已核销（元）' }));
    expect(await screen.findByRole('columnheader', { name: '已核销（元）' })).toBeTruthy();
  });

  it('sends the advance date range as days', () => {
    // The picker's bounds are the start and end of local days.
    const from = new Date(2026, 2, 1).getTime();
    const to = new Date(2026, 2, 31, 23, 59, 59).getTime();
    expect(withAdvancedOn({ page: 1, from, to, all: true })).toEqual({ page: 1, advancedFrom: '2026-03-01', advancedTo: '2026-03-31', all: true });
    expect(withAdvancedOn({ page: 1 })).toEqual({ page: 1 });
  });
});
