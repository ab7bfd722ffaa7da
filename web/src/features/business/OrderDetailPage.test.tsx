import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import { i18n } from '../../shared/i18n';
import type * as ApiModule from './api';
import type * as DictionaryModule from '../../shared/dictionary/dictionary';
import type { OrderView } from './api';
import type { OrderMoneyData } from './part2Types';
import { OrderDetailPage } from './OrderDetailPage';
import type { SurrenderData, SurrenderPageBody } from '../../shared/surrender/types';
import type { PageResult } from '../../shared/crud/query';
import { tagWidth } from '../../shared/crud/columns';
import type { Schedule } from '../../shared/schedule/ScheduleView';

const api = vi.hoisted(() => ({
  view: vi.fn<(id: number) => Promise<OrderView>>(),
  approve: vi.fn<(id: number, input: unknown) => Promise<unknown>>(),
}));

const money = vi.hoisted(() => vi.fn<(id: number) => Promise<OrderMoneyData>>());

const dp = vi.hoisted(() => ({
  record: vi.fn<(orderId: number, fields: unknown, voucher: File | null) => Promise<unknown>>(),
  refund: vi.fn<(orderId: number, input: unknown) => Promise<unknown>>(),
}));

const surrenders = vi.hoisted(() => vi.fn<(body: SurrenderPageBody) => Promise<PageResult<SurrenderData>>>());
vi.mock('../../shared/surrender/api', () => ({ surrenderPage: surrenders }));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return {
    ...real,
    orderApi: { ...real.orderApi, ...api },
    downPaymentApi: { ...real.downPaymentApi, ...dp },
    repaymentApi: { ...real.repaymentApi, money },
    orderFileApi: { ...real.orderFileApi, page: () => Promise.resolve({ records: [], total: 0, page: 1, size: 100 }) },
    lookupApi: { choices: () => Promise.resolve({ products: [], insurers: [], providers: [] }) },
  };
});

vi.mock('../../shared/dictionary/dictionary', async (original) => ({
  ...(await original<typeof DictionaryModule>()),
  fetchDictionary: () => Promise.resolve([]),
}));

function view(status: string, nextEvents: string[]): OrderView {
  return {
    order: {
      id: 7, orderNo: 'BH20261125000007', status, statusSort: 120, customerId: 3, customerName: '郭子豪', customerMobile: '138****5678',
      vehicleId: 4, plateNo: '京A12345', vin: 'LSVAU218XN2183294', productId: 1, productCode: 'CAR_12', productName: '车险分期标准产品',
      productVersion: 1, termN: 12, channel: '4S店', totalPremiumFen: 575000, downPaymentFen: 75000, financedFen: 500000,
      approvedFinancedFen: null, capitalProviderId: null, capitalProviderName: null, insurerNames: ['人保'], assigneeName: 'admin', reviewerName: '李审核', returnCount: 1,
      returnReason: '交强险保费不符', rejectReasonCode: '', rejectReason: '', rejectStage: '', appliedAt: 1, submittedAt: 2,
      statusChangedAt: 3, updatedAt: 3, version: 5, outstandingFen: 0, paidFen: 0, overdueDays: 0, bucket: '',
      nextDueDate: null, nextDueFen: 0, customerCreditFen: 0, settleType: '', settledAt: null, disbursedAt: null, demandNoticeStatus: '', noticeSentOn: null, cureDeadline: null, paidPrincipalFen: 0, paidInterestFen: 0, paidFeeFen: 0, paidPenaltyFen: 0, surrenderNo: '', surrenderRefundFen: null, surrenderAppliedFen: 0, surrenderSurplusFen: 0, surplusPaidOn: null, surrenderShortfallFen: 0, shortfallResolution: '',
    },
    customerKind: 'INDIVIDUAL', customerIdNo: '110***********002X', customerAddress: '建国路 88 号', vehicleBrandModel: '帕萨特',
    vehicleUsage: 'PRIVATE', vehicleEngineNo: '', vehicleOwnerName: '', anchorDate: '2026-12-01', firstDueDate: '2027-01-01',
    upfrontFeeFen: 0, depositFen: 0, firstInstalmentFen: 44424, dueAtDownPaymentFen: 75000, reviewOpinion: '', returnFields: ['policies'],
    cancelReason: '', remark: '', snapshotted: true,
    policies: [
      {
        id: 11, kind: 'COMMERCIAL', insurerId: 1, insurerName: '人保', premiumFen: 480000, proposalNo: '', policyNo: '', finalPremiumFen: null,
        specialAgreement: '', underwriting: '', startDate: null, endDate: null, ePolicyFileId: null, ePolicySha256: '', status: 'QUOTED', financed: true,
      },
    ],
    contracts: [], receipts: [], refunds: [], plan: null, disbursement: null, premiumLine: null, receivedFen: 0,
    schedule: null, allocations: [],
    timeline: [
      { fromStatus: null, toStatus: 'APPLIED', event: 'APPLY', eventLabel: '提交申请', actorType: 'USER', actorName: 'admin', businessDate: '2026-11-25', occurredAt: 1000, reasonCode: '', comment: '', amountFen: 575000, detail: {} },
      { fromStatus: 'INTAKE_REVIEW', toStatus: 'RETURNED', event: 'RETURN', eventLabel: '退回补件', actorType: 'USER', actorName: '李审核', businessDate: '2026-11-25', occurredAt: 3000, reasonCode: '', comment: '交强险保费不符', amountFen: null, detail: {} },
    ],
    nextEvents,
    sameCustomerOrders: [{ id: 9, orderNo: 'BH20261120000002', status: 'REPAYING' }],
    sameVinOrders: [],
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/business/orderDetail/7']}>
          <Routes>
            <Route path="/business/orderDetail/:id" element={<OrderDetailPage />} />
            <Route path="/business/surrenderApplication" element={<Here />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** Where the page went (the surrender screen's link). */
function Here() {
  const location = useLocation();
  return <div data-testid="here">{`${location.pathname}${location.search}`}</div>;
}

const buttons = () => within(screen.getByRole('toolbar')).queryAllByRole('button').map((b) => (b.textContent ?? '').replace(/\s/g, ''));

describe('the order page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.view.mockReset();
    api.approve.mockReset();
    dp.record.mockReset();
    dp.refund.mockReset();
    money.mockReset();
  });

  it('offers the review to a reviewer only, and shows the timeline newest first', async () => {
    api.view.mockResolvedValue(view('INTAKE_REVIEW', ['APPROVE_INTAKE', 'RETURN', 'REJECT', 'CANCEL']));
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_REVIEW, P.ORDER_INFO_CANCEL]));
    renderPage();
    await screen.findByText('BH20261125000007');
    expect(buttons()).toEqual(['通过', '退回', '拒绝', '取消订单']);
    expect(screen.getByText('该客户还有其他订单')).toBeTruthy();
    const entries = screen.getAllByTestId('timeline-entry').map((e) => e.querySelector('strong')?.textContent);
    expect(entries).toEqual(['退回补件', '提交申请']);
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_CANCEL]));
    expect(buttons()).toEqual(['取消订单']);
  });

  it('shows the maker ≠ checker refusal inside the approval dialog', async () => {
    api.view.mockResolvedValue(view('INTAKE_REVIEW', ['APPROVE_INTAKE', 'RETURN', 'REJECT']));
    api.approve.mockRejectedValue(new ApiError('business', 403, '提交人不能审核自己提交的订单'));
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_REVIEW]));
    renderPage();
    await screen.findByText('BH20261125000007');
    fireEvent.click(within(screen.getByRole('toolbar')).getAllByRole('button')[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('button').find((b) => (b.textContent ?? '').replace(/\s/g, '') === '通过') as HTMLElement);
    await waitFor(() => expect(within(dialog).getByTestId('refusal').textContent).toContain('提交人不能审核自己提交的订单'));
    expect(api.approve).toHaveBeenCalledWith(7, { approvedFinancedFen: 500000, opinion: null });
  });

  it('a returned order shows the reason and what to fix', async () => {
    api.view.mockResolvedValue(view('RETURNED', ['RESUBMIT', 'CANCEL']));
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_EDIT, P.ORDER_INFO_SUBMIT]));
    renderPage();
    const notice = await screen.findByTestId('return-notice');
    expect(notice.textContent).toContain('交强险保费不符');
    expect(notice.textContent).toContain('保单');
    expect(buttons()).toEqual(['进件', '重新提交']);
  });

  it('records the down payment in one request: the amount due, the fields typed, no voucher', async () => {
    const order = view('PENDING_DOWN_PAYMENT', ['DOWN_PAYMENT_CONFIRMED', 'CANCEL']);
    api.view.mockResolvedValue(order);
    dp.record.mockResolvedValue({});
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_DOWN_PAYMENT]));
    renderPage();
    await screen.findByText('BH20261125000007');
    fireEvent.click(within(screen.getByRole('toolbar')).getAllByRole('button').find((b) => (b.textContent ?? '').replace(/\s/g, '') === '首付款') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    // The amount is the order's due at down payment, shown, not typed.
    expect(within(dialog).getByTestId('receipt-amount').textContent).toContain('750.00');
    fireEvent.change(within(dialog).getAllByRole('textbox').find((i) => i.getAttribute('id')?.endsWith('serialNo')) as HTMLElement, { target: { value: ' S20261202 ' } });
    fireEvent.click(within(dialog).getAllByRole('button').find((b) => (b.textContent ?? '').replace(/\s/g, '') === '登记收款') as HTMLElement);
    await waitFor(() => expect(dp.record).toHaveBeenCalledTimes(1));
    const [orderId, fields, voucher] = dp.record.mock.calls[0] as [number, Record<string, unknown>, File | null];
    expect(orderId).toBe(7);
    expect(fields).toMatchObject({ amountFen: 75000, channel: 'BANK_TRANSFER', serialNo: 'S20261202', payer: '郭子豪' });
    expect(fields.valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(voucher).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.view.mock.calls.length).toBeGreaterThan(1));
  });

  it('shows the plan\'s deposit offset as a tag, and refunds the whole amount received', async () => {
    const order = view('PENDING_DISBURSEMENT', ['DISBURSED', 'CANCEL']);
    order.receivedFen = 75000;
    order.plan = {
      id: 1, status: 'PENDING', method: 'ANNUITY', principalFen: 500000, interestFen: 33088, feeFen: 0, termN: 2, versionNo: 1,
      items: [
        { seq: 1, dueDate: '2027-01-01', principalFen: 250000, interestFen: 20000, feeFen: 0, totalFen: 270000, remainingFen: 250000, depositOffset: false },
        { seq: 2, dueDate: '2027-02-01', principalFen: 250000, interestFen: 13088, feeFen: 0, totalFen: 263088, remainingFen: 0, depositOffset: true },
      ],
    };
    api.view.mockResolvedValue(order);
    dp.refund.mockResolvedValue({});
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_CANCEL]));
    renderPage();
    const plan = await screen.findByTestId('plan');
    expect(within(plan).getAllByText('已抵扣')).toHaveLength(1);
    fireEvent.click(within(screen.getByRole('toolbar')).getAllByRole('button').find((b) => (b.textContent ?? '').replace(/\s/g, '') === '登记退款') as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('refund-amount').textContent).toContain('750.00');
    const boxes = within(dialog).getAllByRole('textbox');
    fireEvent.change(boxes.find((i) => i.getAttribute('id')?.endsWith('serialNo')) as HTMLElement, { target: { value: 'R1' } });
    fireEvent.change(boxes.find((i) => i.getAttribute('id')?.endsWith('reason')) as HTMLElement, { target: { value: '客户取消' } });
    fireEvent.click(within(dialog).getAllByRole('button').find((b) => (b.textContent ?? '').replace(/\s/g, '') === '登记退款') as HTMLElement);
    await waitFor(() => expect(dp.refund).toHaveBeenCalledTimes(1));
    const [orderId, body] = dp.refund.mock.calls[0] as [number, Record<string, unknown>];
    expect(orderId).toBe(7);
    expect(body).toMatchObject({ channel: 'BANK_TRANSFER', serialNo: 'R1', reason: '客户取消' });
    expect(body).not.toHaveProperty('amountFen');
    // The page settles (dialog closed, order reloaded) before the test ends: no render after teardown.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.view.mock.calls.length).toBeGreaterThan(1));
  });

  it('a disbursed order opens on its repayments: summary, instalments per component, penalties, journals in tabs', async () => {
    const order = view('OVERDUE', []);
    order.order.disbursedAt = 1_764_000_000_000;
    order.order.nextDueDate = '2027-01-01';
    order.order.nextDueFen = 44_424;
    api.view.mockResolvedValue(order);
    const component = (dueFen: number, paidFen: number) => ({ dueFen, paidFen, waivedFen: 0, writtenOffFen: 0, cancelledFen: 0, outstandingFen: dueFen - paidFen });
    money.mockResolvedValue({
      businessDate: '2027-01-05', outstandingFen: 480_000, paidFen: 20_000, customerCreditFen: 0, daysPastDue: 4, bucket: 'M1',
      items: [
        {
          seq: 1, fromDate: '2026-12-01', dueDate: '2027-01-01', status: 'OVERDUE', partial: true, isDepositOffset: false,
          principal: component(40_000, 10_000), interest: component(4_424, 4_424), fee: component(0, 0), penalty: component(120, 0),
          outstandingFen: 30_120, overdueDays: 4, settledOn: null,
          advancedFen: 0, advancedOn: null, recoveredFen: 0, advanceWaivedFen: 0, advanceWrittenOffFen: 0, advanceClaimFen: 0, advanceClaimPrincipalFen: 0,
        },
      ],
      repayments: [],
      penalties: [{ itemSeq: 1, date: '2027-01-05', baseFen: 30_000, amountFen: 15 }],
      journals: [
        {
          id: 5, eventType: 'DISBURSEMENT', businessDate: '2026-11-25', occurredAt: 1, description: '放款 BH20261125000007', reversalOfId: null,
          postings: [
            { owner: 'CAPITAL', account: 'C.LOAN_PRINCIPAL', subledger: '7', side: 'D', amountFen: 500_000 },
            { owner: 'CAPITAL', account: 'C.BANK', subledger: '', side: 'C', amountFen: 500_000 },
          ],
        },
      ],
    });
    act(() => setRoles([P.ORDER_INFO_TABLE]));
    renderPage();
    const section = await screen.findByTestId('order-repayment');
    expect((await within(section).findByTestId('repay-outstanding')).textContent).toBe('4,800.00');
    expect(money).toHaveBeenCalledWith(7);
    fireEvent.click(within(section).getByRole('tab', { name: '分期明细' }));
    const items = await within(section).findByTestId('instalments');
    expect(items.textContent).toContain('已逾期');
    expect(items.textContent).toContain('部分还款');
    expect(items.textContent).toContain('已还 100.00');
    expect(items.textContent).toContain('未还 300.00');
    fireEvent.click(within(section).getByRole('tab', { name: /罚息明细/ }));
    expect((await within(section).findByTestId('penalties')).textContent).toContain('0.15');
    fireEvent.click(within(section).getByRole('tab', { name: /会计分录/ }));
    const journals = await within(section).findByTestId('journals');
    expect(journals.textContent).toContain('贷款本金');
    expect(journals.textContent).toContain('订单 #7');
    expect(journals.textContent).toContain('5,000.00');
  });

  it('the policies fit their columns in English: the status column as wide as its longest tag; the table scrolls sideways', async () => {
    await i18n.changeLanguage('en');
    const order = view('PENDING_POLICY', []);
    order.policies = order.policies.map((p) => ({ ...p, status: 'UNDERWRITTEN', proposalNo: 'TDAA202611010000000123' }));
    api.view.mockResolvedValue(order);
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_POLICY]));
    renderPage();
    const policies = await screen.findByTestId('policies');
    await within(policies).findByText('Underwritten');
    const table = policies.querySelector('table') as HTMLTableElement;
    const widths = [...table.querySelectorAll('colgroup col')].map((col) => parseFloat((col as HTMLElement).style.width));
    const headers = [...policies.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(widths).toHaveLength(headers.length);
    // Small table: 8 px padding each side.
    expect(widths[headers.indexOf('Status')]).toBeGreaterThanOrEqual(tagWidth('Underwritten') + 16);
    // As wide as its columns together (scroll.x), laid out as declared: a narrower card scrolls.
    expect(table.style.width).toBe(`${widths.reduce((sum, width) => sum + width, 0)}px`);
    expect(table.style.tableLayout).toBe('fixed');
  });

  describe('the instalments are listed once', () => {
    const schedule: Schedule = {
      productId: 1, productVersion: 1, principalFen: 500_000, term: 2, anchorDate: '2026-12-01', generatorVersion: 1, emiFen: 266_544,
      upfrontFeeFen: 0, depositFen: 0, totalPrincipalFen: 500_000, totalInterestFen: 33_088, totalFeeFen: 0, totalRepaymentFen: 533_088,
      nominalAnnualBp: 1200, annualised: { monthlyRateE12: 10_000_000_000, effectiveAnnualBp: 1268, nominalAnnualBp: 1200 },
      lines: [
        { seq: 1, dueDate: '2027-01-01', principalFen: 250_000, interestFen: 20_000, feeFen: 0, totalFen: 270_000, remainingFen: 250_000, isDepositOffset: false },
        { seq: 2, dueDate: '2027-02-01', principalFen: 250_000, interestFen: 13_088, feeFen: 0, totalFen: 263_088, remainingFen: 0, isDepositOffset: false },
      ],
    };
    const plan = (status: string) => ({
      id: 1, status, method: 'ANNUITY', principalFen: 500_000, interestFen: 33_088, feeFen: 0, termN: 2, versionNo: 1,
      items: schedule.lines.map((l) => ({ seq: l.seq, dueDate: l.dueDate, principalFen: l.principalFen, interestFen: l.interestFen, feeFen: 0, totalFen: l.totalFen, remainingFen: l.remainingFen, depositOffset: false })),
    });

    it('before the plan: the schedule with its instalments', async () => {
      const order = view('PENDING_SIGN', []);
      order.schedule = schedule;
      api.view.mockResolvedValue(order);
      act(() => setRoles([P.ORDER_INFO_TABLE]));
      renderPage();
      expect(await screen.findByTestId('order-schedule-plan')).toBeTruthy();
      expect(screen.queryByTestId('schedule-show-instalments')).toBeNull();
    });

    it('from the signing: the stored plan; the amounts keep the rates and link to it', async () => {
      const order = view('PENDING_DISBURSEMENT', []);
      order.schedule = schedule;
      order.plan = plan('PENDING');
      api.view.mockResolvedValue(order);
      act(() => setRoles([P.ORDER_INFO_TABLE]));
      renderPage();
      const planSection = await screen.findByTestId('plan');
      expect(within(planSection).getAllByText('2027-02-01')).toHaveLength(1);
      expect(screen.getByTestId('order-schedule-summary').textContent).toContain('12.68%');
      expect(screen.queryByTestId('order-schedule-plan')).toBeNull();
      expect(screen.getByTestId('schedule-show-instalments').textContent).toBe('查看还款计划');
    });

    it('from the disbursement: 还款 › 分期明细; the plan and the amounts link to that tab', async () => {
      const order = view('REPAYING', []);
      order.order.disbursedAt = 1_764_000_000_000;
      order.schedule = schedule;
      order.plan = plan('ACTIVE');
      api.view.mockResolvedValue(order);
      money.mockResolvedValue({ businessDate: '2026-12-10', outstandingFen: 500_000, paidFen: 0, customerCreditFen: 0, daysPastDue: 0, bucket: '', items: [], repayments: [], penalties: [], journals: [] });
      act(() => setRoles([P.ORDER_INFO_TABLE]));
      renderPage();
      const planSection = await screen.findByTestId('plan');
      expect(planSection.querySelector('.ant-table')).toBeNull();
      expect(planSection.textContent).toContain('生效中');
      expect(screen.queryByTestId('order-schedule-plan')).toBeNull();
      expect(screen.getByTestId('schedule-show-instalments').textContent).toBe('查看分期明细');
      const section = screen.getByTestId('order-repayment');
      expect(within(section).getByRole('tab', { name: '分期明细' }).getAttribute('aria-selected')).toBe('false');
      // jsdom does not scroll: the link's scroll is recorded instead.
      const scrolled: Element[] = [];
      Element.prototype.scrollIntoView = function (this: Element) {
        scrolled.push(this);
      };
      try {
        fireEvent.click(within(planSection).getByTestId('plan-show-instalments'));
        await waitFor(() => expect(within(section).getByRole('tab', { name: '分期明细' }).getAttribute('aria-selected')).toBe('true'));
        expect(await within(section).findByTestId('instalments')).toBeTruthy();
        expect(scrolled).toEqual([section]);
      } finally {
        Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
      }
    });
  });

  describe('退保', () => {
    const application = (over: Partial<SurrenderData>): SurrenderData => ({
      id: 1, surrenderNo: 'TB2026112700001', orderId: 7, orderNo: 'BH20261125000007', customerName: '郭子豪', capitalProviderName: '华夏消费金融', orderStatus: 'REPAYING',
      reason: 'CUSTOMER_REQUEST', initiatedBy: 'CUSTOMER', remark: '', requestedCancelDate: '2026-11-27', estimateFen: 355_068, payoffFen: 334_210, outstandingFen: 352_880,
      noticeSentOn: null, cureDeadline: null, status: 'WITHDRAWN', createdBy: 3, createdByName: '王经办', createdAt: Date.parse('2026-11-27T09:30:15+08:00'),
      approvedByName: '', approvedAt: null, submittedOn: null, insurerRefundFen: null, endorsementNo: '', effectiveDate: null, refundReceivedOn: null, refundChannel: '',
      refundSerialNo: '', appliedFen: 0, surplusFen: 0, shortfallFen: 0, shortfallResolution: '', bearer: '', settledByName: '', settledAt: null, surplusPaidOn: null,
      payoutChannel: '', payoutSerialNo: '', rejectReason: '客户改为正常还款', policies: [],
      ...over,
    });
    const repaying = (status: string) => {
      const order = view(status, []);
      order.order.disbursedAt = 1_764_000_000_000;
      api.view.mockResolvedValue(order);
      money.mockResolvedValue({ businessDate: '2026-11-27', outstandingFen: 352_880, paidFen: 0, customerCreditFen: 0, daysPastDue: 0, bucket: '', items: [], repayments: [], penalties: [], journals: [] });
    };
    const openTab = async () => {
      const section = await screen.findByTestId('order-repayment');
      fireEvent.click(await within(section).findByRole('tab', { name: '退保' }));
      return within(section).findByTestId('surrenders');
    };

    beforeEach(() => surrenders.mockReset());

    it('lists the order’s applications; 申请退保 opens the surrender screen on its form for the order', async () => {
      repaying('REPAYING');
      surrenders.mockResolvedValue({
        records: [
          application({
            id: 2, surrenderNo: 'TB2026112700002', status: 'SETTLED', insurerRefundFen: 362_000, refundReceivedOn: '2026-11-27', appliedFen: 334_210, surplusFen: 27_790, rejectReason: '',
          }),
          application({}),
        ],
        total: 2, page: 1, size: 50,
      });
      act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_REFUND_TABLE]));
      renderPage();
      const panel = await openTab();
      await within(panel).findByText('TB2026112700002');
      expect(surrenders).toHaveBeenCalledWith({ page: 1, size: 50, orderId: 7, sort: { field: 'createdAt', order: 'desc' } });
      const settled = within(panel).getAllByRole('row').find((r) => r.textContent?.includes('TB2026112700002')) as HTMLElement;
      for (const part of ['已结案', '客户申请', '退保日 2026-11-27', '3,550.68', '3,620.00', '3,342.10', '余款 277.90', '待退还', '王经办']) expect(settled.textContent, part).toContain(part);
      // The one date-time format of the workspace, with the seconds (the hour is the test's time zone).
      expect(settled.textContent).toMatch(/2026-11-27 \d\d:30:15/);
      expect(within(panel).getByText('已撤回')).toBeTruthy();
      expect(within(settled).getByRole('link', { name: '查看' }).getAttribute('href')).toBe('/business/surrenderApplication?orderNo=BH20261125000007');
      fireEvent.click(within(panel).getByTestId('surrender-apply'));
      expect((await screen.findByTestId('here')).textContent).toBe('/business/surrenderApplication?orderId=7');
    });

    it('one under way: 申请退保 greyed out with its number; a surrendering order offers none; without the permission no tab', async () => {
      repaying('OVERDUE');
      surrenders.mockResolvedValue({ records: [application({ status: 'PENDING_APPROVAL', rejectReason: '' })], total: 1, page: 1, size: 50 });
      act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_REFUND_TABLE]));
      const first = renderPage();
      let panel = await openTab();
      await within(panel).findByText('TB2026112700001');
      expect((within(panel).getByTestId('surrender-apply') as HTMLButtonElement).disabled).toBe(true);
      expect(panel.textContent).toContain('已有进行中的退保申请 TB2026112700001');
      first.unmount();

      repaying('SURRENDERING');
      surrenders.mockResolvedValue({ records: [application({ status: 'SUBMITTED_TO_INSURER', rejectReason: '' })], total: 1, page: 1, size: 50 });
      const second = renderPage();
      panel = await openTab();
      await within(panel).findByText('已提交保险公司');
      expect(within(panel).queryByTestId('surrender-apply')).toBeNull();
      second.unmount();

      repaying('REPAYING');
      act(() => setRoles([P.ORDER_INFO_TABLE]));
      renderPage();
      const section = await screen.findByTestId('order-repayment');
      await within(section).findByRole('tab', { name: '分期明细' });
      expect(within(section).queryByRole('tab', { name: '退保' })).toBeNull();
    });
  });
});
