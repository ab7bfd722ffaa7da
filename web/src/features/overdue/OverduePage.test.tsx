import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import dayjs from 'dayjs';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import type { PageResult } from '../../shared/crud/query';
import { i18n } from '../../shared/i18n';
import type * as ApiModule from './api';
import { OverduePage } from './OverduePage';
import type { CollectionNoteBody, CollectionNoteData, OrderChoicesData, OrderRowData } from './types';

const api = vi.hoisted(() => ({
  page: vi.fn<(body: Record<string, unknown>) => Promise<PageResult<OrderRowData>>>(),
  export: vi.fn<(body: Record<string, unknown>) => Promise<{ objectName: string; rows: number }>>(),
  notes: vi.fn<(orderId: number) => Promise<CollectionNoteData[]>>(),
  addNote: vi.fn<(orderId: number, body: CollectionNoteBody) => Promise<CollectionNoteData>>(),
  choices: vi.fn<() => Promise<OrderChoicesData>>(),
  rules: vi.fn<() => Promise<unknown>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, overdueApi: { ...real.overdueApi, ...api } };
});

const download = vi.hoisted(() => vi.fn<(objectName: string) => Promise<void>>());
vi.mock('../../shared/api/download', () => ({ downloadObject: download }));

const order = (over: Partial<OrderRowData>): OrderRowData => ({
  id: 7, orderNo: 'BH20261125000007', status: 'OVERDUE', statusSort: 14, customerId: 3, customerName: '郭子豪', customerMobile: '138****5678',
  vehicleId: 4, plateNo: '京A·12345', vin: 'LSVAM4187C2184847', productId: 1, productCode: 'P-STD', productName: '车险分期标准版', productVersion: 1,
  termN: 12, channel: '4S店', totalPremiumFen: 575_000, downPaymentFen: 57_500, financedFen: 517_500, approvedFinancedFen: 517_500,
  capitalProviderId: 2, capitalProviderName: '华夏消费金融', insurerNames: ['人保财险'], assigneeName: null, reviewerName: '李复核', returnCount: 0,
  returnReason: '', rejectReasonCode: '', rejectReason: '', rejectStage: '', appliedAt: Date.parse('2026-08-25T09:30:00+08:00'), submittedAt: null,
  statusChangedAt: 1, updatedAt: 1, version: 9, outstandingFen: 527_500, paidFen: 44_424, overdueDays: 125, bucket: 'M3+',
  nextDueDate: '2026-12-25', nextDueFen: 44_424, customerCreditFen: 0, settleType: '', settledAt: null, disbursedAt: 1,
  demandNoticeStatus: '', noticeSentOn: null, cureDeadline: null,
  paidPrincipalFen: 0, paidInterestFen: 0, paidFeeFen: 0, paidPenaltyFen: 0,
  surrenderNo: '', surrenderRefundFen: null, surrenderAppliedFen: 0, surrenderSurplusFen: 0, surplusPaidOn: null, surrenderShortfallFen: 0, shortfallResolution: '',
  ...over,
});

/** A day relative to today, `YYYY-MM-DD` (the grace tag compares the cure deadline with today). */
const day = (days: number) => dayjs().add(days, 'day').format('YYYY-MM-DD');

const ROWS: OrderRowData[] = [
  order({ demandNoticeStatus: 'SENT', noticeSentOn: day(-35), cureDeadline: day(-20) }),
  order({
    id: 8, orderNo: 'BH20261125000008', customerName: '林晓梅', customerMobile: '139****0021', plateNo: '沪B·7K219', overdueDays: 45, bucket: 'M2', outstandingFen: 96_318, nextDueDate: '2026-12-28', nextDueFen: 8_850,
    demandNoticeStatus: 'SENT', noticeSentOn: day(-5), cureDeadline: day(10),
  }),
  order({ id: 9, orderNo: 'BH20261125000009', customerName: '周建国', overdueDays: 6, bucket: 'M1', capitalProviderName: null, nextDueDate: null, nextDueFen: 0 }),
];

const NOTES: CollectionNoteData[] = [
  { id: 12, orderId: 7, method: 'PHONE', contact: '本人', result: '客户称工资延迟发放，承诺月底前还清第 1 期', promisedDate: '2026-12-31', promisedFen: 44_424, createdAt: Date.parse('2026-12-10T10:05:00+08:00'), createdByName: '赵催收' },
  { id: 11, orderId: 7, method: 'SMS', contact: '本人 138****5678', result: '已发送逾期提醒短信', promisedDate: null, promisedFen: null, createdAt: Date.parse('2026-12-08T09:00:00+08:00'), createdByName: '系统管理员' },
];

function renderPage(url = '/business/overdueManagement') {
  const router = createMemoryRouter(
    [
      { path: '/business/overdueManagement', element: <OverduePage /> },
      { path: '/business/orderDetail/:id', element: <div>order page</div> },
      { path: '/business/exemptionApplication', element: <div>waiver page</div> },
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

const ALL = [P.ORDER_PLAN_TABLE, P.ORDER_INFO_TABLE, P.ORDER_INFO_EXPORT, P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_CREATE];

async function openNotes(no = 'BH20261125000007') {
  renderPage();
  await screen.findByText(no);
  fireEvent.click(within(rowOf(no)).getByRole('button', { name: /催收记录/ }));
  return screen.findByRole('dialog');
}

describe('逾期管理', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    for (const fn of Object.values(api)) fn.mockReset();
    download.mockReset();
    api.page.mockResolvedValue({ records: ROWS, total: ROWS.length, page: 1, size: 10 });
    api.notes.mockResolvedValue(NOTES);
    api.choices.mockResolvedValue({ products: [], insurers: [], providers: [{ id: 2, name: '华夏消费金融' }] } as unknown as OrderChoicesData);
    act(() => setRoles(ALL));
  });

  it('lists the overdue orders, latest first: days past due by severity, bucket, outstanding, next instalment', async () => {
    renderPage();
    await screen.findByText('BH20261125000008');
    expect(api.page).toHaveBeenCalledWith(expect.objectContaining({ page: 1, sort: { field: 'overdueDays', order: 'desc' } }));
    const late = rowOf('BH20261125000007');
    expect(late.textContent).toContain('郭子豪');
    expect(late.textContent).toContain('138****5678');
    expect(late.textContent).toContain('京A·12345');
    expect(late.textContent).toContain('5,275.00');
    expect(text(late)).toContain('2026-12-25444.24');
    const days = within(late).getByText('125 天');
    expect(days.className).toContain('bh-overdue__dpd--severe');
    expect(within(late).getByText('M3+').className).toContain('ant-tag-red');
    const middle = rowOf('BH20261125000008');
    expect(within(middle).getByText('45 天').className).toContain('bh-overdue__dpd--late');
    expect(within(middle).getByText('M2').className).toContain('ant-tag-orange');
    const early = rowOf('BH20261125000009');
    expect(within(early).getByText('6 天').className).toContain('bh-overdue__dpd--early');
    // No next instalment: a dash, not an empty cell.
    expect(early.textContent).toContain('—');
    // The order number opens the order page.
    expect(within(late).getByText('BH20261125000007').closest('a')?.getAttribute('href')).toBe('/business/orderDetail/7');
    // Every row is 逾期: the status waits in the column settings, and the provider (a filter too) makes room for 催告.
    expect(screen.queryByRole('columnheader', { name: '状态' })).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean)).toEqual([
      '订单号', '客户', '车牌号', '逾期天数', '分档', '催告', '未还金额（元）', '下期应还', '操作',
    ]);
  });

  it('催告: the day the demand notice was sent and its cure deadline, 宽限期已过 once the deadline is past', async () => {
    renderPage();
    await screen.findByText('BH20261125000008');
    const late = within(rowOf('BH20261125000007')).getByTestId('notice');
    expect(late.textContent).toContain(`催告日 ${day(-35)}`);
    expect(late.textContent).toContain(`宽限至 ${day(-20)}`);
    expect(within(late).getByText('宽限期已过').className).toContain('ant-tag-red');
    const standing = within(rowOf('BH20261125000008')).getByTestId('notice');
    expect(standing.textContent).toContain(`宽限至 ${day(10)}`);
    expect(standing.textContent).not.toContain('宽限期已过');
    expect(rowOf('BH20261125000009').textContent).toContain('未催告');
  });

  it('offers each action to the holder of its permission; the order pages only to who may open them', async () => {
    renderPage();
    await screen.findByText('BH20261125000007');
    expect(actionsOf(rowOf('BH20261125000007'))).toEqual(['催收记录', '申请减免', '查看']);
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.getByText('资金方', { selector: '.bh-list__filter-label' })).toBeTruthy();
  });

  it('the collection team alone (admin:order_plan:table): notes only, the order number as text, export, no provider filter', async () => {
    act(() => setRoles([P.ORDER_PLAN_TABLE]));
    renderPage();
    await screen.findByText('BH20261125000007');
    expect(actionsOf(rowOf('BH20261125000007'))).toEqual(['催收记录']);
    expect(within(rowOf('BH20261125000007')).getByText('BH20261125000007').closest('a')).toBeNull();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    // The choices are the order screens' (a 403 for this user): not asked for.
    expect(api.choices).not.toHaveBeenCalled();
    expect(screen.queryByText('资金方', { selector: '.bh-list__filter-label' })).toBeNull();
  });

  it('申请减免 opens the waiver screen on the order, 查看 the order page', async () => {
    const router = renderPage();
    await screen.findByText('BH20261125000007');
    fireEvent.click(within(rowOf('BH20261125000008')).getByRole('button', { name: /申请减免/ }));
    await screen.findByText('waiver page');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/business/exemptionApplication?orderId=8');
    await act(() => router.navigate('/business/overdueManagement'));
    fireEvent.click(within(rowOf('BH20261125000009')).getByRole('button', { name: /查\s*看/ }));
    await screen.findByText('order page');
    expect(router.state.location.pathname).toBe('/business/orderDetail/9');
  });

  it('filters by bucket and days past due; a backwards range is said, not sent', async () => {
    const router = renderPage();
    await screen.findByText('BH20261125000007');
    fireEvent.change(screen.getByRole('combobox', { name: '逾期分档' }), { target: { value: 'M2' } });
    fireEvent.change(screen.getByLabelText('逾期天数 最少'), { target: { value: '31' } });
    fireEvent.change(screen.getByLabelText('逾期天数 最多'), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(api.page).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, bucket: 'M2', from: 31, to: 60 })));
    expect(new URLSearchParams(router.state.location.search).get('dpd')).toBe('31~60');

    const calls = api.page.mock.calls.length;
    fireEvent.change(screen.getByLabelText('逾期天数 最多'), { target: { value: '20' } });
    await waitFor(() => expect(screen.getByLabelText('逾期天数 最多').closest('.ant-input-number')?.className).toContain('status-error'));
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('逾期天数上限不能小于下限');
    expect(api.page).toHaveBeenCalledTimes(calls);
  });

  it('exports the rows as filtered and sorted', async () => {
    api.export.mockResolvedValue({ objectName: 'exports/overdue.xlsx', rows: 3 });
    download.mockResolvedValue();
    renderPage('/business/overdueManagement?bucket=M3%2B&dpd=91~');
    await screen.findByText('BH20261125000007');
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(download).toHaveBeenCalledWith('exports/overdue.xlsx'));
    expect(api.export).toHaveBeenCalledWith(expect.objectContaining({ bucket: 'M3+', from: 91, sort: { field: 'overdueDays', order: 'desc' } }));
  });

  it('催收记录: the notes newest first with time, author, method, contact, result and promise', async () => {
    const drawer = await openNotes();
    expect(within(drawer).getByText('催收记录：BH20261125000007')).toBeTruthy();
    expect(api.notes).toHaveBeenCalledWith(7);
    const facts = within(drawer).getByTestId('notes-facts');
    expect(facts.textContent).toContain('郭子豪');
    expect(facts.textContent).toContain('125 天');
    expect(facts.textContent).toContain('5,275.00');
    const notes = await within(drawer).findAllByTestId('note');
    expect(notes).toHaveLength(2);
    expect(within(drawer).getByText('历史记录（2）')).toBeTruthy();
    const [first, second] = notes;
    expect(first?.textContent).toContain('电话');
    expect(first?.textContent).toContain('本人');
    expect(first?.textContent).toContain('客户称工资延迟发放，承诺月底前还清第 1 期');
    expect(first?.textContent).toMatch(/2026-12-10 \d\d:05:00/); // the test's time zone
    expect(first?.textContent).toContain('赵催收 记录');
    expect(first?.textContent).toContain('承诺 2026-12-31 还款 444.24 元');
    expect(second?.textContent).toContain('短信');
    expect(second?.textContent).toContain('已发送逾期提醒短信');
    expect(second?.textContent).not.toContain('承诺');
  });

  it('an order without notes says so', async () => {
    api.notes.mockResolvedValue([]);
    const drawer = await openNotes();
    expect(await within(drawer).findByText('暂无催收记录')).toBeTruthy();
  });

  it('adds a note: checked first, the server’s field messages on their fields, then the notes read again', async () => {
    const promised = dayjs().add(10, 'day').format('YYYY-MM-DD');
    api.addNote
      .mockRejectedValueOnce(
        new ApiError('business', 400, '承诺还款日不能早于今天（业务日期）', {
          fields: { promisedDate: '承诺还款日不能早于今天（业务日期）', promisedFen: '承诺还款金额须大于 0 且不超过未还金额 5275.00 元' },
        }),
      )
      .mockResolvedValueOnce({ ...NOTES[0], id: 13 } as CollectionNoteData);
    const drawer = await openNotes();
    await within(drawer).findAllByTestId('note');
    const submit = within(drawer).getByTestId('note-submit');

    // Nothing typed: the form says what is missing and sends nothing.
    fireEvent.click(submit);
    expect(await within(drawer).findByText('请输入联系对象')).toBeTruthy();
    expect(within(drawer).getByText('请输入催收结果')).toBeTruthy();
    expect(api.addNote).not.toHaveBeenCalled();

    fireEvent.click(within(drawer).getByLabelText('上门'));
    fireEvent.change(within(drawer).getByTestId('note-contact'), { target: { value: ' 配偶 王芳 ' } });
    fireEvent.change(within(drawer).getByTestId('note-result'), { target: { value: '上门面谈，配偶同意代为还款' } });
    const amount = within(drawer).getByTestId('note-amount');
    // More than is outstanding, then an amount without a day.
    fireEvent.change(amount, { target: { value: '6000' } });
    fireEvent.blur(amount);
    expect(await within(drawer).findByText('承诺金额不能超过未还金额 5,275.00 元')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1,000.5' } });
    fireEvent.blur(amount);
    await waitFor(() => expect(within(drawer).queryByText('承诺金额不能超过未还金额 5,275.00 元')).toBeNull());
    fireEvent.click(submit);
    expect(await within(drawer).findByText('填写了承诺金额，请同时选择承诺还款日')).toBeTruthy();
    expect(api.addNote).not.toHaveBeenCalled();

    const date = within(drawer).getByTestId('note-date');
    fireEvent.mouseDown(date);
    fireEvent.change(date, { target: { value: promised } });
    fireEvent.keyDown(date, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect((date as HTMLInputElement).value).toBe(promised));
    fireEvent.click(submit);
    await waitFor(() => expect(api.addNote).toHaveBeenCalledTimes(1));
    expect(api.addNote).toHaveBeenCalledWith(7, { method: 'VISIT', contact: '配偶 王芳', result: '上门面谈，配偶同意代为还款', promisedDate: promised, promisedFen: 100_050 });
    // The server's answer names two fields: both shown under them, nothing lost.
    expect(await within(drawer).findByText('承诺还款日不能早于今天（业务日期）')).toBeTruthy();
    expect(within(drawer).getByText('承诺还款金额须大于 0 且不超过未还金额 5275.00 元')).toBeTruthy();
    expect((within(drawer).getByTestId('note-contact') as HTMLInputElement).value).toBe(' 配偶 王芳 ');

    // Sent again (the server takes it now): the form is cleared and the notes are read again.
    const reads = api.notes.mock.calls.length;
    fireEvent.click(submit);
    await waitFor(() => expect(api.addNote).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('已添加催收记录')).toBeTruthy();
    await waitFor(() => expect(api.notes.mock.calls.length).toBe(reads + 1));
    await waitFor(() => expect((within(drawer).getByTestId('note-contact') as HTMLInputElement).value).toBe(''));
  });

  it('a failed read of the notes says why and offers a retry', async () => {
    api.notes.mockRejectedValueOnce(new ApiError('business', 404, '订单不存在')).mockResolvedValueOnce(NOTES);
    const drawer = await openNotes();
    expect(await within(drawer).findByText('催收记录加载失败')).toBeTruthy();
    expect(within(drawer).getByText('订单不存在')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: /重\s*试/ }));
    expect(await within(drawer).findAllByTestId('note')).toHaveLength(2);
  });
});
