import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import { removeToken, setUserInfo } from '../../shared/auth/token';
import type { PageResult } from '../../shared/crud/query';
import { i18n } from '../../shared/i18n';
import type * as ApiModule from './api';
import type { QuoteParams } from './api';
import { SurrenderPage } from './SurrenderPage';
import type {
  OrderRowData,
  SettlePreviewData,
  SurrenderConfirmBody,
  SurrenderCreateBody,
  SurrenderData,
  SurrenderPayoutBody,
  SurrenderPolicyData,
  SurrenderQuoteData,
  SurrenderSettleBody,
} from './types';

const api = vi.hoisted(() => ({
  page: vi.fn<(body: unknown) => Promise<PageResult<SurrenderData>>>(),
  export: vi.fn<(body: unknown) => Promise<{ objectName: string; rows: number }>>(),
  quote: vi.fn<(orderId: number, params?: QuoteParams) => Promise<SurrenderQuoteData>>(),
  create: vi.fn<(body: SurrenderCreateBody) => Promise<SurrenderData>>(),
  approve: vi.fn<(id: number) => Promise<SurrenderData>>(),
  reject: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  withdraw: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  submit: vi.fn<(id: number, submittedOn: string) => Promise<SurrenderData>>(),
  confirm: vi.fn<(id: number, body: SurrenderConfirmBody) => Promise<SurrenderData>>(),
  decline: vi.fn<(id: number, reason: string) => Promise<SurrenderData>>(),
  cancel: vi.fn<(id: number, reason: string) => Promise<SurrenderData>>(),
  settlePreview: vi.fn<(id: number, receivedOn: string) => Promise<SettlePreviewData>>(),
  settle: vi.fn<(id: number, body: SurrenderSettleBody) => Promise<SurrenderData>>(),
  payout: vi.fn<(id: number, body: SurrenderPayoutBody) => Promise<SurrenderData>>(),
  orders: vi.fn<(orderNo: string) => Promise<PageResult<OrderRowData>>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, surrenderApi: { ...real.surrenderApi, ...api } };
});

const ME = 9;
const TODAY = dayjs().format('YYYY-MM-DD');

const POLICIES: SurrenderPolicyData[] = [
  {
    policyId: 21, kind: 'COMMERCIAL', insurerName: '中国人民财产保险股份有限公司北京分公司', policyNo: 'PDAA20261201001177', premiumFen: 480_000,
    startDate: '2026-08-25', endDate: '2027-08-24', refundFen: 355_068, daysRemaining: 270, daysInTerm: 365, method: 'PRO_RATA', reasonCode: null,
  },
  {
    policyId: 22, kind: 'COMPULSORY', insurerName: '中国人民财产保险股份有限公司北京分公司', policyNo: 'PDZA20261201002277', premiumFen: 95_000,
    startDate: '2026-08-25', endDate: '2027-08-24', refundFen: 0, daysRemaining: 270, daysInTerm: 365, method: 'NONE', reasonCode: 'COMPULSORY_REASON_NOT_ALLOWED',
  },
];

const surrender = (over: Partial<SurrenderData>): SurrenderData => ({
  id: 1, surrenderNo: 'TB2026112700001', orderId: 7, orderNo: 'BH20261125000007', customerName: '郭子豪', capitalProviderName: '华夏消费金融', orderStatus: 'REPAYING',
  reason: 'CUSTOMER_REQUEST', initiatedBy: 'CUSTOMER', remark: '客户车辆置换，申请退保提前结清', requestedCancelDate: '2026-11-27',
  estimateFen: 355_068, payoffFen: 334_210, outstandingFen: 352_880, noticeSentOn: null, cureDeadline: null,
  status: 'PENDING_APPROVAL', createdBy: 3, createdByName: '王经办', createdAt: Date.parse('2026-11-27T09:30:15+08:00'),
  approvedByName: '', approvedAt: null, submittedOn: null, insurerRefundFen: null, endorsementNo: '', effectiveDate: null,
  refundReceivedOn: null, refundChannel: '', refundSerialNo: '', appliedFen: 0, surplusFen: 0, shortfallFen: 0, shortfallResolution: '', bearer: '',
  settledByName: '', settledAt: null, surplusPaidOn: null, payoutChannel: '', payoutSerialNo: '', rejectReason: '', policies: POLICIES,
  ...over,
});

const approved = { approvedByName: '李复核', approvedAt: Date.parse('2026-11-27T10:00:00+08:00'), orderStatus: 'SURRENDERING' };
const confirmed = { ...approved, submittedOn: '2026-11-27', insurerRefundFen: 362_000, endorsementNo: 'PDAA2026P000123', effectiveDate: '2026-11-27' };

const ROWS: SurrenderData[] = [
  surrender({}),
  surrender({ id: 2, surrenderNo: 'TB2026112700002', createdBy: ME, createdByName: '我自己', orderId: 8, orderNo: 'BH20261125000008', customerName: '林晓梅' }),
  surrender({ id: 3, surrenderNo: 'TB2026112700003', status: 'APPROVED', ...approved }),
  surrender({ id: 4, surrenderNo: 'TB2026112700004', status: 'SUBMITTED_TO_INSURER', ...approved, submittedOn: '2026-11-27' }),
  surrender({ id: 5, surrenderNo: 'TB2026112700005', status: 'INSURER_CONFIRMED', ...confirmed }),
  surrender({
    id: 6, surrenderNo: 'TB2026112700006', status: 'SETTLED', ...confirmed, orderStatus: 'SURRENDERED', refundReceivedOn: '2026-11-27', refundChannel: 'BANK_TRANSFER',
    refundSerialNo: 'PICC20261127001', appliedFen: 334_210, surplusFen: 27_790, settledByName: '李复核', settledAt: Date.parse('2026-11-27T15:00:00+08:00'),
  }),
  surrender({
    id: 7, surrenderNo: 'TB2026112700007', reason: 'DEFAULT', initiatedBy: 'PLATFORM', status: 'REFUND_RECEIVED', ...confirmed, insurerRefundFen: 120_000,
    noticeSentOn: '2026-10-20', cureDeadline: '2026-11-04', refundReceivedOn: '2026-11-27', refundChannel: 'BANK_TRANSFER', refundSerialNo: 'PICC20261127002',
    appliedFen: 120_000, shortfallFen: 214_210, shortfallResolution: 'OPEN',
  }),
  surrender({ id: 8, surrenderNo: 'TB2026112700008', status: 'CANCELLED', ...approved, rejectReason: '客户已还清逾期款项，撤销退保' }),
];

const QUOTE: SurrenderQuoteData = {
  orderId: 7, orderNo: 'BH20261125000007', orderStatus: 'REPAYING', customerName: '郭子豪', businessDate: TODAY, reason: 'CUSTOMER_REQUEST', cancelDate: TODAY,
  estimateFen: 355_068, payoffFen: 334_210, outstandingFen: 352_880, daysPastDue: 0, policies: POLICIES, notice: null, blocked: null, openNo: null,
};

const PREVIEW: SettlePreviewData = { refundFen: 362_000, payoffFen: 334_210, appliedFen: 334_210, surplusFen: 27_790, shortfallFen: 0, effectiveDate: '2026-11-27' };

function renderPage(url = '/business/surrenderApplication') {
  const router = createMemoryRouter(
    [
      { path: '/business/surrenderApplication', element: <SurrenderPage /> },
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
/** The text of a date picker (its test id lands on the input, or on the picker around it). */
const dateOf = (el: HTMLElement) => ((el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement).value;
const cells = (row: HTMLElement) => [...row.querySelectorAll('td')].map((td) => text(td));

/** The labels under a row's 更多. */
async function moreOf(no: string) {
  fireEvent.click(within(rowOf(no)).getByRole('button', { name: /更\s*多/ }));
  const menus = await screen.findAllByRole('menu');
  const menu = menus[menus.length - 1] as HTMLElement;
  const labels = within(menu).getAllByRole('menuitem').map((item) => text(item));
  fireEvent.keyDown(menu, { key: 'Escape' });
  return labels;
}

/** Clicks a row action: a link, or an item of 更多. */
async function rowAction(no: string, label: RegExp) {
  const row = rowOf(no);
  const link = within(row).queryByRole('button', { name: label });
  if (link) {
    fireEvent.click(link);
    return;
  }
  fireEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
  fireEvent.click(await screen.findByRole('menuitem', { name: label }));
}

describe('退保申请', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    for (const fn of Object.values(api)) fn.mockReset();
    api.page.mockResolvedValue({ records: ROWS, total: ROWS.length, page: 1, size: 10 });
    api.orders.mockResolvedValue({ records: [], total: 0, page: 1, size: 20 });
    api.quote.mockResolvedValue(QUOTE);
    api.settlePreview.mockResolvedValue(PREVIEW);
    removeToken();
    act(() => setRoles([P.ORDER_REFUND_TABLE, P.ORDER_REFUND_APPROVE, P.ORDER_REFUND_SETTLE, P.ORDER_INFO_TABLE]));
  });

  it('lists the applications: reason and cancel date, estimate, insurer refund, surplus or shortfall, status, applicant', async () => {
    renderPage();
    await screen.findByText('TB2026112700008');
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: { field: 'createdAt', order: 'desc' } }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);
    expect(headers).toEqual(['退保编号', '订单号 / 客户', '退保原因', '预估退保款', '保险公司退款', '余款 / 差额', '状态', '操作']);
    const pending = rowOf('TB2026112700001');
    expect(cells(pending).slice(0, 7)).toEqual([
      // The one date-time format of the workspace, with the seconds (the hour is the test's time zone).
      expect.stringMatching(/^TB2026112700001 ?2026-11-27\d\d:30:15$/),
      'BH20261125000007郭子豪',
      '客户申请退保日2026-11-27',
      '3,550.68',
      '—',
      '—',
      '待审批',
    ]);
    // The order number opens the order page.
    expect(within(pending).getByText('BH20261125000007').closest('a')?.getAttribute('href')).toBe('/business/orderDetail/7');
    // A surplus to pay out; a shortfall the customer keeps paying; why a surrender was cancelled.
    expect(cells(rowOf('TB2026112700006')).slice(4, 7)).toEqual(['3,620.00', '余款277.90待退还', '已结案']);
    expect(cells(rowOf('TB2026112700007')).slice(2, 7)).toEqual(['逾期违约退保日2026-11-27', '3,550.68', '1,200.00', '差额2,142.10客户继续偿还', '退保款已冲账（差额待清）']);
    expect(rowOf('TB2026112700008').textContent).toContain('客户已还清逾期款项，撤销退保');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /申请退保/ })).toBeTruthy();
  });

  it('offers the actions each status allows when the session does not name the user: the next step a link, the rest under 更多', async () => {
    renderPage();
    await screen.findByText('TB2026112700008');
    expect(actionsOf(rowOf('TB2026112700001'))).toEqual(['审批通过', '更多']);
    expect(await moreOf('TB2026112700001')).toEqual(['驳回', '撤回', '查看']);
    expect(actionsOf(rowOf('TB2026112700003'))).toEqual(['提交保险公司', '更多']);
    expect(actionsOf(rowOf('TB2026112700004'))).toEqual(['保险公司确认', '更多']);
    expect(await moreOf('TB2026112700004')).toEqual(['保险公司拒绝', '撤销退保', '查看']);
    expect(actionsOf(rowOf('TB2026112700005'))).toEqual(['退保款确认并冲账', '更多']);
    expect(actionsOf(rowOf('TB2026112700006'))).toEqual(['退还余款', '更多']);
    expect(actionsOf(rowOf('TB2026112700007'))).toEqual(['查看']);
    expect(actionsOf(rowOf('TB2026112700008'))).toEqual(['查看']);
  });

  it('hides approving and settling from the maker, withdrawing from anyone else', async () => {
    setUserInfo({ username: 'checker01', expirationTime: Date.now() + 3_600_000, refreshToken: 'r', authorities: [], userId: ME });
    const own = surrender({ id: 10, surrenderNo: 'TB2026112700010', status: 'INSURER_CONFIRMED', ...confirmed, createdBy: ME, createdByName: '我自己' });
    api.page.mockResolvedValue({ records: [...ROWS, own], total: ROWS.length + 1, page: 1, size: 10 });
    renderPage();
    await screen.findByText('TB2026112700010');
    await waitFor(() => expect(actionsOf(rowOf('TB2026112700002'))).toEqual(['撤回', '更多']));
    expect(actionsOf(rowOf('TB2026112700001'))).toEqual(['审批通过', '更多']);
    expect(await moreOf('TB2026112700001')).toEqual(['驳回', '查看']);
    // The maker neither approves nor applies the refund of their own application.
    expect(actionsOf(rowOf('TB2026112700010'))).toEqual(['查看']);
    expect(actionsOf(rowOf('TB2026112700005'))).toEqual(['退保款确认并冲账', '更多']);
    act(() => setRoles([P.ORDER_REFUND_TABLE]));
    await waitFor(() => expect(actionsOf(rowOf('TB2026112700001'))).toEqual(['查看']));
    for (const no of ['TB2026112700003', 'TB2026112700004', 'TB2026112700005', 'TB2026112700006']) expect(actionsOf(rowOf(no)), no).toEqual(['查看']);
  });

  it('approving says the order goes to 退保中; the maker’s 403 shows in the dialog', async () => {
    api.approve.mockRejectedValueOnce(new ApiError('business', 403, '不能审批自己提交的退保申请（申请人与审批人须为不同用户）')).mockResolvedValueOnce(surrender({ status: 'APPROVED', ...approved }));
    renderPage();
    await screen.findByText('TB2026112700001');
    fireEvent.click(within(rowOf('TB2026112700001')).getByRole('button', { name: /审批通过/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('surrender-summary').textContent).toContain('3,550.68');
    expect(within(dialog).getByTestId('approve-effect').textContent).toContain('通过后订单进入“退保中”');
    fireEvent.click(within(dialog).getByRole('button', { name: /审批通过/ }));
    const refusal = await within(dialog).findByTestId('refusal');
    expect(refusal.textContent).toContain('不能审批自己提交的退保申请');
    fireEvent.click(within(dialog).getByRole('button', { name: /审批通过/ }));
    await waitFor(() => expect(api.approve).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('已审批，订单进入退保中')).toBeTruthy();
  });

  it('rejects, withdraws and cancels with a reason', async () => {
    api.reject.mockResolvedValue(null);
    api.cancel.mockResolvedValue(surrender({ id: 3, status: 'CANCELLED' }));
    renderPage();
    await screen.findByText('TB2026112700001');
    await rowAction('TB2026112700001', /驳\s*回/);
    let dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    expect(await within(dialog).findByText('请输入驳回原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('surrender-reason-text'), { target: { value: '  退保材料不全 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(api.reject).toHaveBeenCalledWith(1, '退保材料不全'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await rowAction('TB2026112700003', /撤销退保/);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('reason-effect').textContent).toContain('订单恢复为还款中或逾期');
    fireEvent.change(within(dialog).getByTestId('surrender-reason-text'), { target: { value: '客户已还清逾期款项' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /撤销退保/ }));
    await waitFor(() => expect(api.cancel).toHaveBeenCalledWith(3, '客户已还清逾期款项'));
    expect(await screen.findByText('已撤销退保，订单恢复还款')).toBeTruthy();
  });

  it('submits to the insurer on today by default', async () => {
    api.submit.mockResolvedValue(surrender({ id: 3, status: 'SUBMITTED_TO_INSURER' }));
    renderPage();
    await screen.findByText('TB2026112700003');
    fireEvent.click(within(rowOf('TB2026112700003')).getByRole('button', { name: /提交保险公司/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dateOf(within(dialog).getByTestId('submit-date'))).toBe(TODAY);
    fireEvent.click(within(dialog).getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith(3, TODAY));
    expect(await screen.findByText('已登记提交保险公司')).toBeTruthy();
  });

  it('records the insurer’s confirmation: the refund in fen (no floating point), the endorsement, the effective date; the server’s field messages under their fields', async () => {
    api.confirm
      .mockRejectedValueOnce(new ApiError('business', 400, '退保金额须为 0 至 10 亿元', { fields: { insurerRefundFen: '退保金额须为 0 至 10 亿元', effectiveDate: '退保生效日不能早于放款日期' } }))
      .mockResolvedValueOnce(surrender({ id: 4, status: 'INSURER_CONFIRMED', ...confirmed }));
    renderPage();
    await screen.findByText('TB2026112700004');
    fireEvent.click(within(rowOf('TB2026112700004')).getByRole('button', { name: /保险公司确认/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('预估 3,550.68 元');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    expect(await within(dialog).findByText('请输入保险公司退款金额（没有退款填 0）')).toBeTruthy();
    expect(await within(dialog).findByText('请输入批单号')).toBeTruthy();
    const refund = within(dialog).getByTestId('confirm-refund');
    fireEvent.change(refund, { target: { value: '3620.001' } });
    fireEvent.blur(refund);
    expect(await within(dialog).findByText('请输入金额（元，不小于 0，最多两位小数）')).toBeTruthy();
    fireEvent.change(refund, { target: { value: '3,620.1' } });
    fireEvent.change(within(dialog).getByTestId('confirm-endorsement'), { target: { value: ' PDAA2026P000123 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    expect(await within(dialog).findByText('退保金额须为 0 至 10 亿元')).toBeTruthy();
    expect(within(dialog).getByText('退保生效日不能早于放款日期')).toBeTruthy();
    expect(api.confirm).toHaveBeenCalledWith(4, { insurerRefundFen: 362_010, endorsementNo: 'PDAA2026P000123', effectiveDate: '2026-11-27' });
    fireEvent.change(refund, { target: { value: '3620' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(api.confirm).toHaveBeenCalledTimes(2));
    expect(api.confirm.mock.calls[1]?.[1]).toEqual({ insurerRefundFen: 362_000, endorsementNo: 'PDAA2026P000123', effectiveDate: '2026-11-27' });
    expect(await screen.findByText('已登记保险公司确认')).toBeTruthy();
  });

  it('settles: the preview of the day shows what is applied and the surplus; channel and serial required', async () => {
    api.settle.mockResolvedValue(surrender({ id: 5, status: 'SETTLED' }));
    renderPage();
    await screen.findByText('TB2026112700005');
    fireEvent.click(within(rowOf('TB2026112700005')).getByRole('button', { name: /退保款确认并冲账/ }));
    const dialog = await screen.findByRole('dialog');
    const preview = await within(dialog).findByTestId('settle-preview');
    expect(api.settlePreview).toHaveBeenCalledWith(5, TODAY);
    expect(text(within(preview).getByTestId('settle-applied'))).toBe('3,342.10');
    expect(text(within(preview).getByTestId('settle-surplus'))).toBe('277.90');
    expect(text(within(preview).getByTestId('settle-shortfall'))).toBe('0.00');
    expect(within(dialog).getByTestId('settle-hint').textContent).toContain('余款 277.90 元转为客户余额');
    // No shortfall: nothing to resolve.
    expect(within(dialog).queryByTestId('settle-resolution')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    expect(await within(dialog).findByText('请输入银行流水号')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('settle-serial'), { target: { value: 'PICC 001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    expect(await within(dialog).findByText('银行流水号不超过 64 个字符，且不能含空格')).toBeTruthy();
    fireEvent.change(within(dialog).getByTestId('settle-serial'), { target: { value: 'PICC20261127001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    await waitFor(() => expect(api.settle).toHaveBeenCalledWith(5, { receivedOn: TODAY, channel: 'BANK_TRANSFER', serialNo: 'PICC20261127001' }));
    expect(await screen.findByText('已冲账，退保结案')).toBeTruthy();
  });

  it('a shortfall asks what becomes of it; a write-off asks who bears it; the settler’s 403 shows in the dialog', async () => {
    api.settlePreview.mockResolvedValue({ refundFen: 120_000, payoffFen: 334_210, appliedFen: 120_000, surplusFen: 0, shortfallFen: 214_210, effectiveDate: '2026-11-27' });
    api.settle
      .mockRejectedValueOnce(new ApiError('business', 403, '不能为自己提交的退保申请冲账（申请人与冲账人须为不同用户）'))
      .mockResolvedValueOnce(surrender({ id: 5, status: 'SETTLED' }));
    renderPage();
    await screen.findByText('TB2026112700005');
    fireEvent.click(within(rowOf('TB2026112700005')).getByRole('button', { name: /退保款确认并冲账/ }));
    const dialog = await screen.findByRole('dialog');
    expect(text(await within(dialog).findByTestId('settle-shortfall'))).toBe('2,142.10');
    fireEvent.change(within(dialog).getByTestId('settle-serial'), { target: { value: 'PICC20261127002' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    expect(await within(dialog).findByText('请选择差额的处理方式')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('核销差额'));
    expect(await within(dialog).findByText('差额立即核销，订单变为已退保。')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    expect(await within(dialog).findByText('请选择核销差额的承担方')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('平台承担（买断资金方本金）'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    expect((await within(dialog).findByTestId('refusal')).textContent).toContain('不能为自己提交的退保申请冲账');
    expect(api.settle).toHaveBeenCalledWith(5, { receivedOn: TODAY, channel: 'BANK_TRANSFER', serialNo: 'PICC20261127002', shortfallResolution: 'WRITTEN_OFF', bearer: 'PLATFORM' });
    fireEvent.click(within(dialog).getByLabelText('由客户继续偿还'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确认并冲账/ }));
    await waitFor(() => expect(api.settle).toHaveBeenCalledTimes(2));
    expect(api.settle.mock.calls[1]?.[1]).toEqual({ receivedOn: TODAY, channel: 'BANK_TRANSFER', serialNo: 'PICC20261127002', shortfallResolution: 'OPEN' });
  });

  it('pays the surplus out', async () => {
    api.payout.mockResolvedValue(surrender({ id: 6, status: 'SETTLED', surplusFen: 27_790, surplusPaidOn: TODAY }));
    renderPage();
    await screen.findByText('TB2026112700006');
    fireEvent.click(within(rowOf('TB2026112700006')).getByRole('button', { name: /退还余款/ }));
    const dialog = await screen.findByRole('dialog');
    expect(text(within(dialog).getByTestId('payout-amount'))).toContain('待退还余款:277.90元');
    fireEvent.change(within(dialog).getByTestId('payout-serial'), { target: { value: 'ICBC20261127009' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确认退还/ }));
    await waitFor(() => expect(api.payout).toHaveBeenCalledWith(6, { paidOn: TODAY, channel: 'BANK_TRANSFER', serialNo: 'ICBC20261127009' }));
    expect(await screen.findByText('已登记退还余款')).toBeTruthy();
  });

  it('查看: every field, the estimate per policy and the history', async () => {
    renderPage();
    await screen.findByText('TB2026112700007');
    await rowAction('TB2026112700007', /查\s*看/);
    const title = await screen.findByText('退保申请 TB2026112700007');
    const drawer = title.closest('.ant-drawer-section') as HTMLElement;
    const summary = within(drawer).getByTestId('surrender-summary');
    for (const part of ['逾期违约，依授权委托书退保', '平台发起', '催告 2026-10-20', '宽限至 2026-11-04', 'PDAA2026P000123', '银行转账 · PICC20261127002', '客户继续偿还', '华夏消费金融']) {
      expect(summary.textContent, part).toContain(part);
    }
    const policies = within(drawer).getByTestId('surrender-policies');
    expect(within(policies).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['险种', '保险公司', '保单号', '保费', '剩余/总天数', '计算方式', '预估退款']);
    expect(policies.textContent).toContain('商业险');
    expect(policies.textContent).toContain('270 / 365');
    expect(policies.textContent).toContain('3,550.68');
    expect(policies.textContent).toContain('交强险仅在报废、过户或重复投保时可退');
    const chain = text(within(drawer).getByTestId('surrender-chain'));
    for (const step of ['提交申请王经办', '审批通过，订单退保中李复核', '提交保险公司2026-11-27', '保险公司确认1,200.00元·PDAA2026P000123·2026-11-27', '退保款冲账', '等待客户偿还差额']) {
      expect(chain, step).toContain(step.replace(/\s/g, ''));
    }
  });

  it('?orderId= opens 申请退保 for that order: the estimate per policy, the totals; the reason asks a new estimate; the server’s field errors shown', async () => {
    api.create
      .mockRejectedValueOnce(new ApiError('business', 400, '备注不超过 500 个字符', { fields: { remark: '备注不超过 500 个字符' } }))
      .mockResolvedValueOnce(surrender({ id: 9, surrenderNo: 'TB2026112700009' }));
    const router = renderPage('/business/surrenderApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(api.quote).toHaveBeenCalledWith(7, { reason: undefined, cancelDate: undefined }));
    const policies = await within(dialog).findByTestId('quote-policies');
    expect(policies.textContent).toContain('PDAA20261201001177');
    expect(policies.textContent).toContain('按日比例');
    expect(within(dialog).getByTestId('quote-facts').textContent).toContain('郭子豪');
    expect(text(within(dialog).getByTestId('quote-estimate'))).toBe('3,550.68');
    expect(text(within(dialog).getByTestId('quote-payoff'))).toBe('3,342.10');
    expect(within(dialog).getByTestId('quote-balance').textContent).toContain('预计余款 208.58 元，退还客户');
    // Not overdue, no notice: nothing said about one.
    expect(within(dialog).queryByTestId('quote-notice')).toBeNull();
    // The cancellation date defaults to the business date (not sent again: the server's default).
    await waitFor(() => expect(dateOf(within(dialog).getByTestId('surrender-cancel-date'))).toBe(TODAY));
    expect(dialog.textContent).toContain('BH20261125000007');
    // The reason is asked for; choosing it asks for its estimate.
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    expect(await within(dialog).findByText('请选择退保原因')).toBeTruthy();
    expect(api.create).not.toHaveBeenCalled();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '退保原因' }));
    fireEvent.click(await screen.findByTitle('客户申请'));
    await waitFor(() => expect(api.quote).toHaveBeenLastCalledWith(7, { reason: 'CUSTOMER_REQUEST', cancelDate: undefined }));
    expect(await within(dialog).findByText('客户主动申请退保，退保款先用于结清订单。')).toBeTruthy();
    // Another cancellation date asks for its estimate; back to the business date, the server's default again.
    const tomorrow = dayjs().add(1, 'day').format('YYYY-MM-DD');
    const picker = within(dialog).getByTestId('surrender-cancel-date');
    const input = (picker.tagName === 'INPUT' ? picker : picker.querySelector('input')) as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByTitle(tomorrow));
    await waitFor(() => expect(api.quote).toHaveBeenLastCalledWith(7, { reason: 'CUSTOMER_REQUEST', cancelDate: tomorrow }));
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    fireEvent.click(await screen.findByTitle(TODAY));
    await waitFor(() => expect(api.quote).toHaveBeenLastCalledWith(7, { reason: 'CUSTOMER_REQUEST', cancelDate: undefined }));
    fireEvent.change(within(dialog).getByTestId('surrender-remark'), { target: { value: ' 客户车辆置换 ' } });
    await waitFor(() => expect((within(dialog).getByRole('button', { name: /提交申请/ }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    // The server's answer names the field: shown under it, the dialog stays open.
    expect(await within(dialog).findByText('备注不超过 500 个字符')).toBeTruthy();
    expect(api.create).toHaveBeenCalledWith({ orderId: 7, reason: 'CUSTOMER_REQUEST', requestedCancelDate: TODAY, remark: '客户车辆置换' });
    fireEvent.click(within(dialog).getByRole('button', { name: /提交申请/ }));
    await waitFor(() => expect(api.create).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('已提交退保申请 TB2026112700009，等待审批')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('a default surrender before the cure deadline is blocked: the reason shown, the demand notice, the submit button greyed out', async () => {
    const notice = { id: 3, sentOn: '2026-11-20', cureDeadline: dayjs().add(5, 'day').format('YYYY-MM-DD'), daysPastDue: 65, outstandingFen: 352_880, status: 'SENT', closedOn: null, delivered: true };
    api.quote.mockImplementation((_orderId, params) =>
      Promise.resolve({
        ...QUOTE,
        orderStatus: 'OVERDUE',
        daysPastDue: 65,
        reason: params?.reason ?? 'CUSTOMER_REQUEST',
        notice,
        blocked: params?.reason === 'DEFAULT' ? `催告宽限期至 ${notice.cureDeadline}，期满仍未清偿方可按逾期违约退保` : null,
        estimateFen: 120_000,
      }),
    );
    renderPage('/business/surrenderApplication?orderId=7');
    const dialog = await screen.findByRole('dialog');
    const facts = await within(dialog).findByTestId('quote-facts');
    expect(facts.textContent).toContain('逾期 65 天');
    expect(within(dialog).getByTestId('quote-notice').textContent).toContain(`宽限期至 ${notice.cureDeadline}`);
    expect(within(dialog).getByTestId('quote-notice').textContent).toContain('已催告');
    expect(within(dialog).getByTestId('quote-notice').textContent).not.toContain('宽限期已过');
    expect(within(dialog).getByTestId('quote-balance').textContent).toContain('预计差额 2,142.10 元');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '退保原因' }));
    fireEvent.click(await screen.findByTitle('逾期违约，依授权委托书退保'));
    const blocked = await within(dialog).findByTestId('surrender-blocked');
    expect(blocked.textContent).toContain('暂不能申请退保');
    expect(blocked.textContent).toContain('期满仍未清偿方可按逾期违约退保');
    expect((within(dialog).getByRole('button', { name: /提交申请/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.create).not.toHaveBeenCalled();
  });

  it('without the approve and settle permissions: only 查看 (and 撤回 of one’s own); the order number as text without the order screens', async () => {
    setUserInfo({ username: 'clerk01', expirationTime: Date.now() + 3_600_000, refreshToken: 'r', authorities: [], userId: ME });
    act(() => setRoles([P.ORDER_REFUND_TABLE]));
    renderPage();
    await screen.findByText('TB2026112700008');
    await waitFor(() => expect(actionsOf(rowOf('TB2026112700002'))).toEqual(['撤回', '更多']));
    for (const no of ['TB2026112700001', 'TB2026112700004', 'TB2026112700005', 'TB2026112700006']) expect(actionsOf(rowOf(no)), no).toEqual(['查看']);
    expect(within(rowOf('TB2026112700001')).getByText('BH20261125000007').closest('a')).toBeNull();
  });
});
