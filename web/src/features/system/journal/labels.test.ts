import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { orderEventOf, useJournalLabels } from './labels';
import { summarizeDetail } from './summary';

describe('orderEventOf', () => {
  it("finds the order event of a transition's action, and nothing in other actions", () => {
    expect(orderEventOf('order.down_payment_confirmed')).toBe('DOWN_PAYMENT_CONFIRMED');
    expect(orderEventOf('order.contract_signed')).toBe('CONTRACT_SIGNED');
    expect(orderEventOf('order.refund')).toBeUndefined();
    expect(orderEventOf('order_contract.signed')).toBeUndefined();
    expect(orderEventOf('customer.create')).toBeUndefined();
  });
});

/** The summary of a detail the server writes, in `lang`, for a row of table `target`. */
async function summaryIn(lang: string, detail: object, target: string) {
  await i18n.changeLanguage(lang);
  const { words } = renderHook(() => useJournalLabels()).result.current;
  return summarizeDetail(JSON.stringify(detail), words, target);
}

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('coded values in the summary', () => {
  // repayment.confirm (crates/service/src/order/repayment.rs): the transition adds from and to.
  const confirmed = { orderNo: 'BH20260201000001', amountFen: 150000, serialNo: 'S1', valueDate: '2026-05-01', from: 'RECORDED', to: 'CONFIRMED' };

  it("reads a repayment's status change in words, in Chinese and in English", async () => {
    expect(await summaryIn('zh', confirmed, 'repayment')).toBe('状态: 待确认 → 已确认; 订单编号: BH20260201000001; 金额: ¥1,500.00; 流水号: S1; 到账日期: 2026-05-01');
    expect(await summaryIn('en', confirmed, 'repayment')).toBe(
      'Status: To confirm → Confirmed; Order no.: BH20260201000001; Amount: ¥1,500.00; Serial no.: S1; Value date: 2026-05-01',
    );
  });

  it('reads a payment channel and a repayment purpose in words', async () => {
    // order_receipt.record and repayment.record.
    const receipt = { orderNo: 'BH1', amountFen: 100, channel: 'BANK_TRANSFER', serialNo: 'S2', valueDate: '2026-05-01' };
    expect(await summaryIn('zh', receipt, 'order_receipt')).toBe('订单编号: BH1; 金额: ¥1.00; 渠道: 银行转账; 流水号: S2; 到账日期: 2026-05-01');
    expect(await summaryIn('en', receipt, 'order_receipt')).toBe('Order no.: BH1; Amount: ¥1.00; Channel: Bank transfer; Serial no.: S2; Value date: 2026-05-01');
    const recorded = { orderNo: 'BH1', purpose: 'EARLY_SETTLEMENT', amountFen: 100, channel: 'WITHHOLD', serialNo: 'S3', valueDate: '2026-05-01' };
    expect(await summaryIn('zh', recorded, 'repayment')).toBe('订单编号: BH1; 用途: 提前结清; 金额: ¥1.00; 渠道: 代扣; 流水号: S3; 到账日期: 2026-05-01');
  });

  it('leaves an unknown code as it is', async () => {
    expect(await summaryIn('zh', { from: 'PENDING', to: 'ACTIVE' }, 'repayment')).toBe('状态: PENDING → ACTIVE');
    // A status of a table without words here keeps its code (an order's words are for orders only).
    expect(await summaryIn('zh', { from: 'ACTIVE', to: 'CANCELLED' }, 'customer')).toBe('状态: ACTIVE → CANCELLED');
    expect(await summaryIn('en', { channel: 'SMS', code: 'N1' }, 'notice_template')).toBe('Channel: SMS; Code: N1');
  });

  it("still reads an order's status change in words, and the transition's own details", async () => {
    // order.down_payment_confirmed (crates/service/src/order/transition.rs): the event's details under `detail`.
    const transition = { orderNo: 'BH1', from: 'PENDING_DOWN_PAYMENT', to: 'PENDING_DISBURSEMENT', reason: '', reasonCode: '', amountFen: null, detail: { channel: 'ONLINE_PAY' } };
    expect(await summaryIn('zh', transition, 'orders')).toBe('状态: 待付首付 → 待放款; 订单编号: BH1; 渠道: 在线支付');
    expect(await summaryIn('en', transition, 'orders')).toBe('Status: Awaiting down payment → Awaiting disbursement; Order no.: BH1; Channel: Online payment');
  });
});
