import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { setRoles } from '../../shared/auth/permissions';
import { i18n } from '../../shared/i18n';
import type * as ApiModule from './api';
import type { OrderRow } from './api';
import type { OrderMoneyData, PreviewData, QuoteData, RepaymentData } from './part2Types';
import { RepaymentPanel } from './Repayments';

const repay = vi.hoisted(() => ({
  money: vi.fn<(orderId: number) => Promise<OrderMoneyData>>(),
  preview: vi.fn<(orderId: number, body: unknown) => Promise<PreviewData>>(),
  quote: vi.fn<(orderId: number, date: string) => Promise<QuoteData>>(),
  record: vi.fn<(orderId: number, fields: unknown, voucher: File | null) => Promise<unknown>>(),
  confirm: vi.fn<(id: number, key: string) => Promise<unknown>>(),
  reject: vi.fn<(id: number, reason: string) => Promise<unknown>>(),
  reverse: vi.fn<(id: number, reason: string, key: string) => Promise<unknown>>(),
}));

vi.mock('./api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, repaymentApi: { ...real.repaymentApi, ...repay } };
});

const BUSINESS_DATE = '2026-12-10';

const order: OrderRow = {
  id: 7, orderNo: 'BH20261125000007', status: 'REPAYING', statusSort: 150, customerId: 3, customerName: '郭子豪', customerMobile: '138****5678',
  vehicleId: 4, plateNo: '京A12345', vin: 'LSVAU218XN2183294', productId: 1, productCode: 'CAR_12', productName: '车险分期标准产品',
  productVersion: 1, termN: 12, channel: '4S店', totalPremiumFen: 575000, downPaymentFen: 75000, financedFen: 500000,
  approvedFinancedFen: null, capitalProviderId: 2, capitalProviderName: '华夏消费金融', insurerNames: ['人保'], assigneeName: 'admin', reviewerName: '李审核', returnCount: 0,
  returnReason: '', rejectReasonCode: '', rejectReason: '', rejectStage: '', appliedAt: 1, submittedAt: 2,
  statusChangedAt: 3, updatedAt: 3, version: 9, outstandingFen: 527_500, paidFen: 0, overdueDays: 0, bucket: '',
  nextDueDate: '2026-12-25', nextDueFen: 43_958, customerCreditFen: 0, settleType: '', settledAt: null, disbursedAt: Date.parse('2026-11-25T10:00:00+08:00'), demandNoticeStatus: '', noticeSentOn: null, cureDeadline: null, paidPrincipalFen: 0, paidInterestFen: 0, paidFeeFen: 0, paidPenaltyFen: 0, surrenderNo: '', surrenderRefundFen: null, surrenderAppliedFen: 0, surrenderSurplusFen: 0, surplusPaidOn: null, surrenderShortfallFen: 0, shortfallResolution: '',
};

const repayment = (over: Partial<RepaymentData>): RepaymentData => ({
  id: 31, orderId: 7, purpose: 'REPAYMENT', source: 'CUSTOMER', amountFen: 50_000, channel: 'BANK_TRANSFER', serialNo: 'ICBC0001', payer: '郭子豪',
  valueDate: '2026-12-05', hasVoucher: false, status: 'RECORDED', recordedBy: 2, recordedByName: '王经办', confirmedBy: null, confirmedByName: '', confirmedAt: null,
  overpaymentFen: 0, recoveredFen: 0, rejectReason: '', reversedByName: '', reversedAt: null, reversalReason: '', createdAt: 1_765_000_000_000, lines: [],
  ...over,
});

function money(repayments: RepaymentData[]): OrderMoneyData {
  return {
    businessDate: BUSINESS_DATE, items: [], repayments, penalties: [], journals: [], outstandingFen: 527_500, paidFen: 12_000,
    customerCreditFen: 0, daysPastDue: 3, bucket: 'M1',
  };
}

function renderPanel(onChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RepaymentPanel order={order} onChanged={onChanged} />
      </App>
    </QueryClientProvider>,
  );
  return onChanged;
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s/g, '');
const button = (scope: HTMLElement, label: string) => within(scope).getAllByRole('button').find((b) => text(b) === label) as HTMLElement;
const input = (dialog: HTMLElement, id: string) => within(dialog).getAllByRole('textbox').find((i) => i.getAttribute('id')?.endsWith(id)) as HTMLElement;

describe('the repayment panel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    for (const fn of Object.values(repay)) fn.mockReset();
    act(() => setRoles([P.ORDER_INFO_TABLE, P.ORDER_INFO_REPAY, P.ORDER_PLAN_REVERSE]));
  });

  it('shows where the money stands and the repayments with their allocation, actions by status', async () => {
    repay.money.mockResolvedValue(
      money([
        repayment({ id: 30, purpose: 'FIRST_INSTALMENT', source: 'CREDIT', channel: '', serialNo: '', payer: '', status: 'CONFIRMED', recordedBy: null, recordedByName: '', amountFen: 44_424, lines: [{ itemSeq: 1, component: 'PRINCIPAL', amountFen: 44_424 }] }),
        repayment({
          id: 31, status: 'CONFIRMED', confirmedByName: '李复核', confirmedAt: 1_765_100_000_000,
          lines: [{ itemSeq: 1, component: 'PENALTY', amountFen: 101 }, { itemSeq: 1, component: 'INTEREST', amountFen: 10_000 }, { itemSeq: 2, component: 'PRINCIPAL', amountFen: 39_899 }],
        }),
        repayment({ id: 32, serialNo: 'ICBC0002' }),
      ]),
    );
    renderPanel();
    const summary = await screen.findByTestId('repay-summary');
    expect(within(summary).getByTestId('repay-outstanding').textContent).toBe('5,275.00');
    expect(summary.textContent).toContain('2026-12-25');
    expect(summary.textContent).toContain('439.58');
    expect(summary.textContent).toContain('3 天');
    expect(summary.textContent).toContain('M1');
    const table = screen.getByTestId('repayments');
    const rows = table.querySelectorAll('tbody tr.ant-table-row');
    // Newest first: the recorded one, the confirmed one, the system's first instalment.
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('待确认');
    expect(within(rows[0] as HTMLElement).getByTestId('confirm-repayment')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('reject-repayment')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByTestId('reverse-repayment')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByTestId('confirm-repayment')).toBeNull();
    expect(rows[2]?.textContent).toContain('首期款（首付时收取）');
    expect(within(rows[2] as HTMLElement).queryByTestId('reverse-repayment')).toBeNull();
    // The allocation of the confirmed one, per instalment and component.
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: /展开|Expand/ }));
    const allocation = await screen.findByTestId('allocation');
    expect(allocation.textContent).toContain('第 1 期');
    expect(allocation.textContent).toContain('1.01');
    expect(allocation.textContent).toContain('398.99');
    expect(allocation.textContent).toContain('500.00');
  });

  it('a confirmation by the recorder is refused: the panel says why', async () => {
    repay.money.mockResolvedValue(money([repayment({})]));
    repay.confirm.mockRejectedValue(new ApiError('business', 403, '不能确认自己登记的还款（登记人与确认人须为不同用户）'));
    renderPanel();
    fireEvent.click(await screen.findByTestId('confirm-repayment'));
    fireEvent.click(await screen.findByRole('button', { name: /OK|确\s*定/ }));
    const refusal = await screen.findByTestId('refusal');
    expect(refusal.textContent).toContain('确认人不能是登记人');
    expect(refusal.textContent).toContain('不能确认自己登记的还款');
    const [id, key] = repay.confirm.mock.calls[0] as [number, string];
    expect(id).toBe(31);
    expect(key).toMatch(/.{8,}/);
  });

  it('records a repayment typed in yuan after previewing its allocation', async () => {
    repay.money.mockResolvedValue(money([]));
    repay.preview.mockResolvedValue({
      lines: [{ itemSeq: 1, component: 'INTEREST', amountFen: 4_167 }, { itemSeq: 1, component: 'PRINCIPAL', amountFen: 39_791 }, { itemSeq: 2, component: 'PRINCIPAL', amountFen: 6_042 }],
      overpaymentFen: 0, outstandingBeforeFen: 527_500, outstandingAfterFen: 477_500, daysPastDueAfter: 0,
    });
    repay.record.mockResolvedValue({});
    const changed = renderPanel();
    fireEvent.click(await screen.findByTestId('record-repayment'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('repay-preview').textContent).toContain('填写还款金额和到账日期后');
    fireEvent.change(within(dialog).getByTestId('repay-amount'), { target: { value: '500' } });
    await waitFor(() => expect(repay.preview).toHaveBeenCalledWith(7, { amountFen: 50_000, valueDate: BUSINESS_DATE }));
    await waitFor(() => expect(within(dialog).getByTestId('preview-after').textContent).toBe('4,775.00'));
    const allocation = within(dialog).getByTestId('preview-allocation');
    expect(allocation.textContent).toContain('第 2 期');
    expect(allocation.textContent).toContain('60.42');
    fireEvent.change(input(dialog, 'serialNo'), { target: { value: ' ICBC20261210001 ' } });
    fireEvent.click(button(dialog, '登记还款'));
    await waitFor(() => expect(repay.record).toHaveBeenCalledTimes(1));
    const [orderId, fields, voucher] = repay.record.mock.calls[0] as [number, Record<string, unknown>, File | null];
    expect(orderId).toBe(7);
    expect(fields).toEqual({ amountFen: 50_000, source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: 'ICBC20261210001', payer: '郭子豪', valueDate: BUSINESS_DATE });
    expect(voucher).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changed).toHaveBeenCalled();
  });

  it('an early settlement shows the quote and records exactly its total for today', async () => {
    repay.money.mockResolvedValue(money([]));
    repay.quote.mockResolvedValue({
      date: BUSINESS_DATE, principalFen: 500_000, interestFen: 4_167, feeFen: 0, penaltyFen: 120, settlementFeeFen: 10_000, totalFen: 514_287,
      cancelledInterestFen: 23_333, lines: [{ itemSeq: 1, principalFen: 41_667, interestFen: 4_167, feeFen: 0, penaltyFen: 120, cancelledInterestFen: 0 }],
    });
    repay.record.mockResolvedValue({});
    renderPanel();
    fireEvent.click(await screen.findByTestId('settle-early'));
    const dialog = await screen.findByRole('dialog');
    const quote = await within(dialog).findByTestId('repay-quote');
    expect(repay.quote).toHaveBeenCalledWith(7, BUSINESS_DATE);
    expect(within(quote).getByTestId('quote-total').textContent).toBe('5,142.87');
    for (const part of ['剩余本金', '当期利息', '服务费', '罚息', '提前结清手续费']) expect(quote.textContent).toContain(part);
    expect(within(quote).getByTestId('quote-cancelled').textContent).toContain('233.33');
    expect(within(dialog).getByTestId('repay-amount-shown').textContent).toBe('5,142.87');
    expect(within(dialog).queryByTestId('repay-preview')).toBeNull();
    fireEvent.change(input(dialog, 'serialNo'), { target: { value: 'ICBC-EARLY-1' } });
    fireEvent.click(button(dialog, '提前结清'));
    await waitFor(() => expect(repay.record).toHaveBeenCalledTimes(1));
    const [, fields] = repay.record.mock.calls[0] as [number, Record<string, unknown>, File | null];
    expect(fields).toEqual({ amountFen: 514_287, source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: 'ICBC-EARLY-1', payer: '郭子豪', valueDate: BUSINESS_DATE, earlySettlement: 'true' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('without the repayment permissions: nothing to record, confirm or reverse', async () => {
    act(() => setRoles([P.ORDER_INFO_TABLE]));
    repay.money.mockResolvedValue(money([repayment({}), repayment({ id: 33, status: 'CONFIRMED', confirmedByName: '李复核' })]));
    renderPanel();
    await screen.findByTestId('repay-summary');
    expect(screen.queryByTestId('record-repayment')).toBeNull();
    expect(screen.queryByTestId('settle-early')).toBeNull();
    expect(screen.queryByTestId('confirm-repayment')).toBeNull();
    expect(screen.queryByTestId('reverse-repayment')).toBeNull();
  });
});
