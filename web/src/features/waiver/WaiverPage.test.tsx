import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import { removeToken, setUserInfo } from '../../shared/auth/token';
import type { PageResult } from '../../shared/crud/query';
import { i18n } from '../../shared/i18n';
import type * as ApiModule from './api';
import type { OrderRowData, WaivableData, WaiverBody, WaiverData } from './types';
import { WaiverPage } from './WaiverPage';

const api = vi.hoisted(() => ({
  page: vi.fn<(body: unknown) => Promise<PageResult<WaiverData>>>(),
  waivable: vi.fn<(orderId: number) => Promise<WaivableData>>(),
  create: vi.fn<(orderId: number, body: WaiverBody) => Promise<WaiverData>>(),
  approve: vi.fn<(id: number) => Promise<WaiverData>>(),
  reject: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  withdraw: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  orders: vi.fn<(orderNo: string) => Promise<PageResult<OrderRowData>>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, waiverApi: { ...real.waiverApi, ...api } };
});

const ME = 9;

const waiver = (over: Partial<WaiverData>): WaiverData => ({
  id: 1, waiverNo: 'JM2026121000001', orderId: 7, orderNo: 'BH20261125000007', customerName: '郭子豪', orderStatus: 'REPAYING', itemSeq: 3,
  interestFen: 1_000, feeFen: 0, penaltyFen: 0, totalFen: 1_000, bearer: 'PLATFORM', reason: '客户住院，利息部分减免', conditional: false, expectedFen: 0,
  validUntil: null, levels: 1, status: 'PENDING_APPROVAL', createdBy: 3, createdByName: '王经办', createdAt: Date.parse('2026-12-10T09:30:15+08:00'),
  firstBy: null, firstByName: '', firstAt: null, secondByName: '', secondAt: null, approvedOn: null, effectiveOn: null, rejectReason: '', lines: [],
  ...over,
});

const ROWS: WaiverData[] = [
  waiver({}),
  waiver({
    id: 2, waiverNo: 'JM2026121000002', itemSeq: null, interestFen: 52_000, feeFen: 1_000, penaltyFen: 176, totalFen: 53_176, bearer: 'CAPITAL_PROVIDER',
    conditional: true, expectedFen: 88_937, validUntil: '2026-12-31', levels: 2, status: 'PENDING_SECOND', firstBy: ME, firstByName: '李复核', firstAt: 1,
  }),
  waiver({ id: 3, waiverNo: 'JM2026121000003', createdBy: ME, createdByName: '我自己' }),
  waiver({ id: 4, waiverNo: 'JM2026121000004', status: 'REJECTED', rejectReason: '材料不全' }),
];

const WAIVABLE: WaivableData = {
  orderNo: 'BH20261125000007',
  businessDate: '2026-12-10',
  items: [
    { seq: 1, dueDate: '2026-12-25', status: 'NOT_DUE', interestFen: 4_167, feeFen: 0, penaltyFen: 0, outstandingFen: 44_424, due: false },
    { seq: 3, dueDate: '2027-02-25', status: 'NOT_DUE', interestFen: 3_640, feeFen: 0, penaltyFen: 0, outstandingFen: 43_958, due: false },
  ],
  outstandingFen: 527_500,
  secondApprovalFen: 50_000,
  open: 1,
};

function renderPage(url = '/business/exemptionApplication') {
  const router = createMemoryRouter([{ path: '/business/exemptionApplication', element: <WaiverPage /> }], { initialEntries: [url] });
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

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s/g, '');
const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no)) as HTMLElement;
const actionsOf = (row: HTMLElement) => [...row.querySelectorAll('.bh-list__actions .ant-btn')].map((b) => text(b));

async function choose(label: string, option: string) {
  const select = screen.getByLabelText(label);
  await act(async () => {
    fireEvent.mouseDown(select);
    await Promise.resolve();
  });
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

describe('减免申请', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    for (const fn of Object.values(api)) fn.mockReset();
    api.page.mockResolvedValue({ records: ROWS, total: ROWS.length, page: 1, size: 10 });
    removeToken();
    api.orders.mockResolvedValue({ records: [], total: 0, page: 1, size: 20 });
    api.waivable.mockResolvedValue(WAIVABLE);
    act(() => setRoles([P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_CREATE, P.ORDER_PLAN_REDUCTION_APPROVE, P.ORDER_INFO_TABLE]));
  });

  it('lists the waivers with scope, amounts, bearer, condition, approvals and status', async () => {
    renderPage();
    await screen.findByText('JM2026121000002');
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: { field: 'createdAt', order: 'desc' } }));
    const single = rowOf('JM2026121000001');
    expect(single.textContent).toContain('第 3 期');
    expect(single.textContent).toContain('10.00');
    expect(single.textContent).toContain('平台');
    expect(single.textContent).toContain('无条件');
    expect(single.textContent).toContain('审批 0/1');
    expect(single.textContent).toContain('待审批');
    expect(single.textContent).toContain('王经办');
    // The one date-time format of the workspace, with the seconds (the hour is the test's time zone).
    expect(single.textContent).toMatch(/2026-12-10 \d\d:30:15/);
    const due = rowOf('JM2026121000002');
    expect(due.textContent).toContain('已到期各期');
    expect(due.textContent).toContain('531.76');
    expect(text(due)).toContain('利息520.00');
    expect(text(due)).toContain('费用10.00');
    expect(text(due)).toContain('罚息1.76');
    expect(due.textContent).toContain('资金方');
    expect(due.textContent).toContain('须还 889.37 元');
    expect(due.textContent).toContain('2026-12-31 前');
    expect(due.textContent).toContain('审批 1/2');
    expect(due.textContent).toContain('初审 李复核');
    expect(due.textContent).toContain('待复审');
    expect(rowOf('JM2026121000004').textContent).toContain('材料不全');
    // The order number opens the order page.
    expect(within(single).getByText('BH20261125000007').tagName).toBe('A');
  });

  it('offers the actions the permissions allow when the session does not name the user', async () => {
    renderPage();
    await screen.findByText('JM2026121000002');
    expect(actionsOf(rowOf('JM2026121000001'))).toEqual(['审批', '驳回', '更多']);
    expect(actionsOf(rowOf('JM2026121000004'))).toEqual([]);
    expect(screen.getByRole('button', { name: /申请减免/ })).toBeTruthy();
  });

  it('hides approve from the maker and from the first approver: the session names the user', async () => {
    setUserInfo({ username: 'checker01', expirationTime: Date.now() + 3_600_000, refreshToken: 'r', authorities: [], userId: ME });
    renderPage();
    await screen.findByText('JM2026121000002');
    await waitFor(() => expect(actionsOf(rowOf('JM2026121000003'))).toEqual(['撤回']));
    expect(actionsOf(rowOf('JM2026121000002'))).toEqual(['驳回']);
    expect(actionsOf(rowOf('JM2026121000001'))).toEqual(['审批', '驳回']);
  });

  it('without the approve permission: no approve or reject', async () => {
    act(() => setRoles([P.ORDER_PLAN_REDUCTION_TABLE]));
    renderPage();
    await screen.findByText('JM2026121000002');
    expect(actionsOf(rowOf('JM2026121000001'))).toEqual([]);
    expect(screen.queryByRole('button', { name: /申请减免/ })).toBeNull();
  });

  it("an approval the server refuses (409: a repayment since) shows the server's message in the dialog", async () => {
    api.approve.mockRejectedValue(new ApiError('business', 409, '利息最多可减免 5.00 元（第 3 期未还）（审批时重新核对：期间已有还款或减免），请驳回后重新申请'));
    renderPage();
    await screen.findByText('JM2026121000002');
    fireEvent.click(within(rowOf('JM2026121000001')).getByRole('button', { name: /审\s*批/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('waiver-summary').textContent).toContain('客户住院，利息部分减免');
    expect(within(dialog).getByTestId('approve-level').textContent).toContain('终审');
    fireEvent.click(within(dialog).getByRole('button', { name: /审批通过/ }));
    const refusal = await within(dialog).findByTestId('refusal');
    expect(refusal.textContent).toContain('未能审批');
    expect(refusal.textContent).toContain('利息最多可减免 5.00 元（第 3 期未还）');
    expect(api.approve).toHaveBeenCalledWith(1);
  });

  it('rejects with a reason', async () => {
    api.reject.mockResolvedValue(null);
    renderPage();
    await screen.findByText('JM2026121000002');
    fireEvent.click(within(rowOf('JM2026121000002')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '  金额与协商结果不符 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.reject).toHaveBeenCalledWith(2, '金额与协商结果不符'));
  });

  it('?orderId= opens 申请减免 for that order: the instalments, the maximum of the scope, too much refused, the server’s field errors shown', async () => {
    api.create
      .mockRejectedValueOnce(new ApiError('business', 400, '利息最多可减免 30.00 元（第 3 期未还）', { fields: { interestFen: '利息最多可减免 30.00 元（第 3 期未还）' } }))
      .mockResolvedValueOnce(waiver({ id: 5, waiverNo: 'JM2026121000005' }));
    renderPage('/business/exemptionApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(api.waivable).toHaveBeenCalledWith(7));
    const items = await within(dialog).findByTestId('waivable-items');
    expect(items.textContent).toContain('第 3 期');
    expect(items.textContent).toContain('36.40');
    expect(within(dialog).getByTestId('waivable-facts').textContent).toContain('5,275.00');
    expect(within(dialog).getByTestId('waivable-open').textContent).toContain('1 笔');
    // The linked order is labelled by its number.
    expect(dialog.textContent).toContain('BH20261125000007');

    await choose('减免范围', '第 3 期（2027-02-25 到期）');
    await waitFor(() => expect(within(dialog).getByTestId('max-interest').textContent).toContain('最多 36.40 元'));
    const interest = within(dialog).getByTestId('amount-interest');
    fireEvent.change(interest, { target: { value: '36.41' } });
    fireEvent.blur(interest);
    expect(await within(dialog).findByText('利息最多可减免 36.40 元（第 3 期未还）')).toBeTruthy();
    fireEvent.change(interest, { target: { value: '600' } });
    fireEvent.blur(interest);
    fireEvent.change(interest, { target: { value: '36.4' } });
    fireEvent.blur(interest);
    await waitFor(() => expect(within(dialog).queryByText('利息最多可减免 36.40 元（第 3 期未还）')).toBeNull());
    expect(text(within(dialog).getByTestId('waiver-total'))).toBe('36.40元');
    expect(within(dialog).queryByTestId('waiver-second')).toBeNull();
    fireEvent.click(within(dialog).getByLabelText('平台承担'));
    fireEvent.change(within(dialog).getByTestId('waiver-reason'), { target: { value: '客户住院，减免第 3 期利息' } });

    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    // The server's answer names the field: shown under it, the dialog stays open.
    expect(await within(dialog).findByText('利息最多可减免 30.00 元（第 3 期未还）')).toBeTruthy();
    expect(api.create).toHaveBeenCalledWith(7, {
      itemSeq: 3, interestFen: 3_640, feeFen: 0, penaltyFen: 0, bearer: 'PLATFORM', reason: '客户住院，减免第 3 期利息', conditional: false, expectedFen: 0, validUntil: null,
    });
    fireEvent.change(interest, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(2));
    expect(api.create.mock.calls[1]?.[1]).toMatchObject({ itemSeq: 3, interestFen: 3_000 });
    expect(await screen.findByText('已提交减免申请 JM2026121000005，等待审批')).toBeTruthy();
  });

  it('notes a second approval when the total is above the threshold, and asks for the condition', async () => {
    api.waivable.mockResolvedValue({
      ...WAIVABLE,
      items: [{ seq: 1, dueDate: '2026-11-25', status: 'OVERDUE', interestFen: 60_000, feeFen: 500, penaltyFen: 176, outstandingFen: 100_676, due: true }],
      open: 0,
    });
    renderPage('/business/exemptionApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    // Every due instalment is the first scope offered.
    await waitFor(() => expect(within(dialog).getByTestId('max-penalty').textContent).toContain('最多 1.76 元'));
    fireEvent.click(within(dialog).getByText('全额', { selector: '[data-testid="max-interest"] *' }));
    await waitFor(() => expect(text(within(dialog).getByTestId('waiver-total'))).toBe('600.00元'));
    expect(within(dialog).getByTestId('waiver-second').textContent).toContain('复审金额 500.00 元');
    fireEvent.click(within(dialog).getByRole('switch'));
    expect(await within(dialog).findByTestId('waiver-expected')).toBeTruthy();
    expect(dialog.textContent).toContain('至 2027-03-10');
    fireEvent.click(within(dialog).getByLabelText('资金方承担'));
    fireEvent.change(within(dialog).getByTestId('waiver-reason'), { target: { value: '协商' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请输入客户须还款的金额')).toBeTruthy();
    expect(await within(dialog).findByText('请选择还款截止日')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
  });
});
