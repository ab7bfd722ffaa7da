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
import { RecoveryPage } from './RecoveryPage';
import type { AdvanceData, RecoverableData, RecoveryBody, RecoveryCloseBody, RecoveryData } from './types';

const api = vi.hoisted(() => ({
  page: vi.fn<(body: unknown) => Promise<PageResult<RecoveryData>>>(),
  recoverable: vi.fn<(orderId: number) => Promise<RecoverableData>>(),
  create: vi.fn<(orderId: number, body: RecoveryBody) => Promise<RecoveryData>>(),
  approve: vi.fn<(id: number) => Promise<RecoveryData>>(),
  close: vi.fn<(id: number, body: RecoveryCloseBody) => Promise<RecoveryData>>(),
  reject: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  withdraw: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  claimed: vi.fn<(orderNo: string) => Promise<PageResult<AdvanceData>>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, recoveryApi: { ...real.recoveryApi, ...api } };
});

const ME = 9;

const recovery = (over: Partial<RecoveryData>): RecoveryData => ({
  id: 1, recoveryNo: 'ZC2026121000001', orderId: 7, orderNo: 'BH20261125000007', customerName: '郭子豪', capitalProviderName: '华夏消费金融', orderStatus: 'OVERDUE',
  method: 'COLLECTION_AGENCY', agency: '北京信达催收服务有限公司', claimFen: 177_698, reason: '客户失联超过 90 天，委外催收', levels: 1, status: 'PENDING_APPROVAL',
  createdBy: 3, createdByName: '王经办', createdAt: Date.parse('2026-12-10T09:30:15+08:00'), firstBy: null, firstByName: '', firstAt: null, secondByName: '', secondAt: null,
  approvedOn: null, rejectReason: '', executedOn: null, executedByName: '', result: '', recoveredFen: 0, costFen: 0, writtenOffFen: 0,
  ...over,
});

const ROWS: RecoveryData[] = [
  recovery({}),
  recovery({
    id: 2, recoveryNo: 'ZC2026121000002', orderId: 8, orderNo: 'BH20261125000008', customerName: '林晓梅', method: 'WRITE_OFF', agency: '', claimFen: 612_345, levels: 2,
    status: 'PENDING_SECOND', firstBy: ME, firstByName: '李复核', firstAt: 1,
  }),
  recovery({ id: 3, recoveryNo: 'ZC2026121000003', createdBy: ME, createdByName: '我自己' }),
  recovery({
    id: 4, recoveryNo: 'ZC2026121000004', method: 'LITIGATION', agency: '北京市朝阳区人民法院', status: 'APPROVED', firstBy: 5, firstByName: '李复核', approvedOn: '2026-12-01', recoveredFen: 20_000,
  }),
  recovery({
    id: 5, recoveryNo: 'ZC2026121000005', status: 'EXECUTED', firstBy: 5, firstByName: '李复核', approvedOn: '2026-11-01', executedOn: '2026-12-05', executedByName: '王经办',
    result: '机构收回部分欠款后终止委托', recoveredFen: 50_000, costFen: 8_885,
  }),
  recovery({
    id: 6, recoveryNo: 'ZC2026121000006', method: 'WRITE_OFF', agency: '', status: 'EXECUTED', firstBy: 5, firstByName: '李复核', approvedOn: '2026-12-06', executedOn: '2026-12-06',
    executedByName: '李复核', writtenOffFen: 88_849,
  }),
  recovery({ id: 7, recoveryNo: 'ZC2026121000007', status: 'REJECTED', rejectReason: '材料不全' }),
];

const RECOVERABLE: RecoverableData = {
  orderNo: 'BH20261125000007',
  customerName: '郭子豪',
  businessDate: '2026-12-10',
  items: [
    { seq: 1, dueDate: '2026-08-25', advancedOn: '2026-09-24', advancedFen: 88_849, recoveredFen: 0, claimFen: 88_849, outstandingFen: 95_321, daysPastDue: 107 },
    { seq: 2, dueDate: '2026-09-25', advancedOn: '2026-10-25', advancedFen: 88_849, recoveredFen: 20_000, claimFen: 68_849, outstandingFen: 92_100, daysPastDue: 76 },
  ],
  claimFen: 157_698,
  secondApprovalFen: 100_000,
  openNo: null,
};

function renderPage(url = '/business/recoveryApplication') {
  const router = createMemoryRouter(
    [
      { path: '/business/recoveryApplication', element: <RecoveryPage /> },
      { path: '/business/orderDetail/:id', element: <div>order page</div> },
    ],
    { initialEntries: [url] },
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

const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s/g, '');
const rowOf = (no: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(no)) as HTMLElement;
const actionsOf = (row: HTMLElement) => [...row.querySelectorAll('.bh-list__actions .ant-btn')].map((b) => text(b));
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim());

describe('追偿申请', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    for (const fn of Object.values(api)) fn.mockReset();
    api.page.mockResolvedValue({ records: ROWS, total: ROWS.length, page: 1, size: 10 });
    api.claimed.mockResolvedValue({ records: [], total: 0, page: 1, size: 50 });
    api.recoverable.mockResolvedValue(RECOVERABLE);
    removeToken();
    act(() => setRoles([P.ORDER_PLAN_RECOVER_TABLE, P.ORDER_PLAN_RECOVER_CREATE, P.ORDER_PLAN_RECOVER_APPROVE, P.ORDER_INFO_TABLE, P.ORDER_PLAN_OVERDUE_TABLE]));
  });

  it('lists the applications with method, agency, claim, what came back, was written off and cost, status and approvers', async () => {
    renderPage();
    await screen.findByText('ZC2026121000002');
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: { field: 'createdAt', order: 'desc' } }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['申请编号', '订单号 / 客户', '追偿方式', '申请时追偿金额', '已收回', '核销金额', '费用', '状态', '申请人', '操作']);
    const pending = rowOf('ZC2026121000001');
    expect(pending.textContent).toContain('委外催收');
    expect(pending.textContent).toContain('北京信达催收服务有限公司');
    expect(pending.textContent).toContain('1,776.98');
    expect(pending.textContent).toContain('待审批');
    expect(pending.textContent).toContain('审批 0/1');
    expect(pending.textContent).toContain('王经办');
    // The one date-time format of the workspace, with the seconds (the hour is the test's time zone).
    expect(pending.textContent).toMatch(/2026-12-10 \d\d:30:15/);
    // The order number opens the order page.
    expect(within(pending).getByText('BH20261125000007').closest('a')?.getAttribute('href')).toBe('/business/orderDetail/7');
    const second = rowOf('ZC2026121000002');
    expect(second.textContent).toContain('核销');
    expect(second.textContent).toContain('待复审');
    expect(second.textContent).toContain('审批 1/2');
    expect(second.textContent).toContain('初审 李复核');
    // A case in progress: 追偿中 with what came back so far; the cost only once closed.
    expect(cells(rowOf('ZC2026121000004')).slice(2, 7)).toEqual(['诉讼北京市朝阳区人民法院', '1,776.98', '200.00', '—', '—']);
    expect(rowOf('ZC2026121000004').textContent).toContain('追偿中');
    expect(cells(rowOf('ZC2026121000005')).slice(3, 7)).toEqual(['1,776.98', '500.00', '—', '88.85']);
    expect(rowOf('ZC2026121000005').textContent).toContain('已完成');
    expect(cells(rowOf('ZC2026121000006')).slice(3, 7)).toEqual(['1,776.98', '—', '888.49', '—']);
    expect(rowOf('ZC2026121000007').textContent).toContain('材料不全');
  });

  it('offers the actions the permissions allow when the session does not name the user', async () => {
    renderPage();
    await screen.findByText('ZC2026121000002');
    expect(actionsOf(rowOf('ZC2026121000001'))).toEqual(['审批', '驳回', '更多']);
    expect(actionsOf(rowOf('ZC2026121000004'))).toEqual(['结案']);
    expect(actionsOf(rowOf('ZC2026121000005'))).toEqual([]);
    expect(actionsOf(rowOf('ZC2026121000007'))).toEqual([]);
    expect(screen.getByRole('button', { name: /申请追偿/ })).toBeTruthy();
  });

  it('hides approve from the maker and from the first approver, withdraw from anyone but the maker', async () => {
    setUserInfo({ username: 'checker01', expirationTime: Date.now() + 3_600_000, refreshToken: 'r', authorities: [], userId: ME });
    renderPage();
    await screen.findByText('ZC2026121000002');
    await waitFor(() => expect(actionsOf(rowOf('ZC2026121000003'))).toEqual(['撤回']));
    expect(actionsOf(rowOf('ZC2026121000002'))).toEqual(['驳回']);
    expect(actionsOf(rowOf('ZC2026121000001'))).toEqual(['审批', '驳回']);
  });

  it('without the create and approve permissions: no action, no 申请追偿', async () => {
    act(() => setRoles([P.ORDER_PLAN_RECOVER_TABLE]));
    renderPage();
    await screen.findByText('ZC2026121000002');
    for (const no of ['ZC2026121000001', 'ZC2026121000002', 'ZC2026121000004']) expect(actionsOf(rowOf(no))).toEqual([]);
    expect(screen.queryByRole('button', { name: /申请追偿/ })).toBeNull();
    // Nor the order page: the order number is text.
    expect(within(rowOf('ZC2026121000001')).getByText('BH20261125000007').closest('a')).toBeNull();
  });

  it('approving a write-off at its last level says the claim will be written off', async () => {
    api.approve.mockResolvedValue(recovery({ id: 2, status: 'EXECUTED' }));
    setUserInfo({ username: 'checker02', expirationTime: Date.now() + 3_600_000, refreshToken: 'r', authorities: [], userId: 11 });
    renderPage();
    await screen.findByText('ZC2026121000002');
    fireEvent.click(within(rowOf('ZC2026121000002')).getByRole('button', { name: /审\s*批/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('recovery-summary').textContent).toContain('6,123.45');
    expect(within(dialog).getByTestId('approve-level').textContent).toContain('终审：通过后立即核销该订单各期待追偿的代偿款');
    fireEvent.click(within(dialog).getByRole('button', { name: /审批通过/ }));
    await waitFor(() => expect(api.approve).toHaveBeenCalledWith(2));
    expect(await screen.findByText('已批准，代偿款已核销')).toBeTruthy();
  });

  it("the first approval of a two-level write-off says a second one follows; the server's refusal shows in the dialog", async () => {
    api.approve.mockRejectedValue(new ApiError('business', 403, '不能审批自己提交的追偿申请（申请人与审批人须为不同用户）'));
    renderPage();
    await screen.findByText('ZC2026121000002');
    fireEvent.click(within(rowOf('ZC2026121000001')).getByRole('button', { name: /审\s*批/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('approve-level').textContent).toContain('通过后案件移交北京信达催收服务有限公司（委外催收）');
    fireEvent.click(within(dialog).getByRole('button', { name: /审批通过/ }));
    const refusal = await within(dialog).findByTestId('refusal');
    expect(refusal.textContent).toContain('未能审批');
    expect(refusal.textContent).toContain('不能审批自己提交的追偿申请');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    api.page.mockResolvedValue({ records: [recovery({ id: 8, recoveryNo: 'ZC2026121000008', method: 'WRITE_OFF', agency: '', levels: 2 })], total: 1, page: 1, size: 10 });
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await screen.findByText('ZC2026121000008');
    fireEvent.click(within(rowOf('ZC2026121000008')).getByRole('button', { name: /审\s*批/ }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('approve-level').textContent).toContain('初审：核销金额超过复审金额');
  });

  it('rejects with a reason', async () => {
    api.reject.mockResolvedValue(null);
    renderPage();
    await screen.findByText('ZC2026121000002');
    fireEvent.click(within(rowOf('ZC2026121000002')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('原因'), { target: { value: '  客户已承诺还款 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.reject).toHaveBeenCalledWith(2, '客户已承诺还款'));
  });

  it('closes a case with its result and its cost in fen (no floating point); a bad cost is refused', async () => {
    api.close
      .mockRejectedValueOnce(new ApiError('business', 400, '追偿费用过大', { fields: { costFen: '追偿费用过大' } }))
      .mockResolvedValueOnce(recovery({ id: 4, status: 'EXECUTED' }));
    renderPage();
    await screen.findByText('ZC2026121000004');
    fireEvent.click(within(rowOf('ZC2026121000004')).getByRole('button', { name: /结\s*案/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('close-recovered').textContent).toContain('批准以来已收回 200.00 元');
    fireEvent.click(within(dialog).getByRole('button', { name: /结\s*案/ }));
    expect(await within(dialog).findByText('请输入追偿结果')).toBeTruthy();
    expect(await within(dialog).findByText('请输入追偿费用（没有费用填 0）')).toBeTruthy();
    const cost = within(dialog).getByTestId('close-cost');
    fireEvent.change(cost, { target: { value: '-3' } });
    fireEvent.blur(cost);
    expect(await within(dialog).findByText('请输入金额（元，不小于 0，最多两位小数）')).toBeTruthy();
    fireEvent.change(cost, { target: { value: '88.85' } });
    fireEvent.change(within(dialog).getByTestId('close-result'), { target: { value: ' 判决胜诉，执行回款 200 元后终结执行 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /结\s*案/ }));
    // The server's answer names the field: shown under it, the dialog stays open.
    expect(await within(dialog).findByText('追偿费用过大')).toBeTruthy();
    expect(api.close).toHaveBeenCalledWith(4, { result: '判决胜诉，执行回款 200 元后终结执行', costFen: 8_885 });
    fireEvent.change(cost, { target: { value: '0.1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /结\s*案/ }));
    await waitFor(() => expect(api.close).toHaveBeenCalledTimes(2));
    expect(api.close.mock.calls[1]?.[1]).toEqual({ result: '判决胜诉，执行回款 200 元后终结执行', costFen: 10 });
    expect(await screen.findByText('已结案')).toBeTruthy();
  });

  it('shows an application with its approval chain', async () => {
    renderPage();
    await screen.findByText('ZC2026121000005');
    fireEvent.click(screen.getByText('ZC2026121000005'));
    const drawer = await screen.findByText('追偿申请 ZC2026121000005');
    const body = drawer.closest('.ant-drawer-section') as HTMLElement;
    expect(within(body).getByTestId('recovery-summary').textContent).toContain('机构收回部分欠款后终止委托');
    const chain = within(body).getByTestId('recovery-chain');
    expect(text(chain)).toContain('提交申请王经办');
    expect(text(chain)).toContain('初审通过李复核');
    expect(text(chain)).toContain('移交追偿北京信达催收服务有限公司·2026-11-01');
    expect(text(chain)).toContain('结案王经办·2026-12-05机构收回部分欠款后终止委托');
  });

  it('?orderId= opens 申请追偿 for that order: its advanced instalments and claim; the agency asked for; the server’s field errors shown', async () => {
    api.create
      .mockRejectedValueOnce(new ApiError('business', 400, '机构名称不超过 100 个字符', { fields: { agency: '机构名称不超过 100 个字符' } }))
      .mockResolvedValueOnce(recovery({ id: 9, recoveryNo: 'ZC2026121000009' }));
    const router = renderPage('/business/recoveryApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(api.recoverable).toHaveBeenCalledWith(7));
    const items = await within(dialog).findByTestId('recoverable-items');
    expect(within(items).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['期数', '到期日', '代偿日', '代偿金额', '已收回', '待追偿', '客户欠款', '逾期天数']);
    expect(items.textContent).toContain('第 2 期');
    expect(items.textContent).toContain('2026-10-25');
    expect(items.textContent).toContain('688.49');
    expect(items.textContent).toContain('921.00');
    expect(items.textContent).toContain('107 天');
    expect(within(dialog).getByTestId('recoverable-facts').textContent).toContain('郭子豪');
    expect(text(within(dialog).getByTestId('recovery-claim'))).toBe('1,576.98元');
    expect(within(dialog).queryByTestId('recoverable-open')).toBeNull();
    // The linked order is labelled by its number.
    expect(dialog.textContent).toContain('BH20261125000007');

    // A write-off above the threshold needs two approvals, and names no agency.
    fireEvent.click(within(dialog).getByLabelText('核销'));
    expect((await within(dialog).findByTestId('recovery-second')).textContent).toContain('复审金额 1,000.00 元');
    expect(within(dialog).queryByTestId('recovery-agency')).toBeNull();
    // Litigation names the court.
    fireEvent.click(within(dialog).getByLabelText('诉讼'));
    expect(await within(dialog).findByLabelText('受理法院')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('委外催收'));
    expect(await within(dialog).findByLabelText('催收机构')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('recovery-reason'), { target: { value: '客户失联，委外催收' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请输入催收机构')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('recovery-agency'), { target: { value: ' 北京信达催收服务有限公司 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    // The server's answer names the field: shown under it, the dialog stays open.
    expect(await within(dialog).findByText('机构名称不超过 100 个字符')).toBeTruthy();
    expect(api.create).toHaveBeenCalledWith(7, { method: 'COLLECTION_AGENCY', agency: '北京信达催收服务有限公司', reason: '客户失联，委外催收' });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('已提交追偿申请 ZC2026121000009，等待审批')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a write-off sends no agency; an open application is mentioned', async () => {
    api.recoverable.mockResolvedValue({ ...RECOVERABLE, claimFen: 88_849, openNo: 'ZC2026121000001' });
    api.create.mockResolvedValue(recovery({ id: 10, recoveryNo: 'ZC2026121000010', method: 'WRITE_OFF' }));
    renderPage('/business/recoveryApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    expect((await within(dialog).findByTestId('recoverable-open')).textContent).toContain('已有进行中的追偿申请 ZC2026121000001');
    fireEvent.click(within(dialog).getByLabelText('核销'));
    expect((await within(dialog).findByTestId('recovery-single')).textContent).toContain('一级审批即可');
    fireEvent.change(within(dialog).getByTestId('recovery-reason'), { target: { value: '诉讼终结，无可执行财产，申请核销' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(api.create).toHaveBeenCalledWith(7, { method: 'WRITE_OFF', reason: '诉讼终结，无可执行财产，申请核销' }));
  });
});
