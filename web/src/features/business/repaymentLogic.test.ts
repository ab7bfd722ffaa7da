import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { businessDictionaries } from './locales';
import type { QuoteData, RepaymentData } from './part2Types';
import {
  accountKey,
  allocationRows,
  bucketColor,
  canRecordRepayment,
  canSettleEarly,
  componentFigures,
  ITEM_STATUSES,
  journalAmount,
  penaltyTotal,
  previewBody,
  quoteBreakdown,
  REPAYMENT_PURPOSES,
  REPAYMENT_SOURCES,
  REPAYMENT_STATUSES,
  repaymentActions,
  repaymentFields,
  SETTLE_TYPES,
  subledgerKind,
  usedComponents,
  valueDateAllowed,
} from './repaymentLogic';

const repayment = (over: Partial<RepaymentData>): RepaymentData => ({
  id: 1, orderId: 7, purpose: 'REPAYMENT', source: 'CUSTOMER', amountFen: 100_000, channel: 'BANK_TRANSFER', serialNo: 'S1', payer: '郭子豪',
  valueDate: '2026-12-01', hasVoucher: false, status: 'RECORDED', recordedBy: 2, recordedByName: '王经办', confirmedBy: null, confirmedByName: '', confirmedAt: null,
  overpaymentFen: 0, recoveredFen: 0, rejectReason: '', reversedByName: '', reversedAt: null, reversalReason: '', createdAt: 1, lines: [],
  ...over,
});

const quote: QuoteData = {
  date: '2026-12-10', principalFen: 458_333, interestFen: 4_125, feeFen: 0, penaltyFen: 37, settlementFeeFen: 9_167, totalFen: 471_662,
  cancelledInterestFen: 27_500,
  lines: [{ itemSeq: 2, principalFen: 41_667, interestFen: 4_125, feeFen: 0, penaltyFen: 37, cancelledInterestFen: 0 }],
};

const form = { source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: ' ICBC001 ', payer: ' 郭子豪 ', valueDate: dayjs('2026-12-05') };

describe('repayment actions', () => {
  const both = [P.ORDER_INFO_TABLE, P.ORDER_INFO_REPAY, P.ORDER_PLAN_REVERSE];

  it('confirm and reject a recorded one with 还款 permission, reverse a confirmed one with 冲正 permission', () => {
    expect(repaymentActions(repayment({ status: 'RECORDED' }), both)).toEqual(['confirm', 'reject']);
    expect(repaymentActions(repayment({ status: 'CONFIRMED' }), both)).toEqual(['reverse']);
    expect(repaymentActions(repayment({ status: 'REJECTED' }), both)).toEqual([]);
    expect(repaymentActions(repayment({ status: 'REVERSED' }), both)).toEqual([]);
    // An early settlement is a repayment like the others.
    expect(repaymentActions(repayment({ purpose: 'EARLY_SETTLEMENT', status: 'CONFIRMED' }), both)).toEqual(['reverse']);
  });

  it('not 确认 by the user who recorded it, nor 冲正 by the one who confirmed it (maker ≠ checker)', () => {
    expect(repaymentActions(repayment({ status: 'RECORDED', recordedBy: 2 }), both, 2)).toEqual(['reject']);
    expect(repaymentActions(repayment({ status: 'RECORDED', recordedBy: 2 }), both, 3)).toEqual(['confirm', 'reject']);
    expect(repaymentActions(repayment({ status: 'CONFIRMED', confirmedBy: 3 }), both, 3)).toEqual([]);
    expect(repaymentActions(repayment({ status: 'CONFIRMED', confirmedBy: 3 }), both, 2)).toEqual(['reverse']);
  });

  it('each action needs its own permission', () => {
    expect(repaymentActions(repayment({ status: 'RECORDED' }), [P.ORDER_INFO_TABLE, P.ORDER_PLAN_REVERSE])).toEqual([]);
    expect(repaymentActions(repayment({ status: 'CONFIRMED' }), [P.ORDER_INFO_TABLE, P.ORDER_INFO_REPAY])).toEqual([]);
    expect(repaymentActions(repayment({ status: 'RECORDED' }), [P.ORDER_INFO_TABLE, P.ORDER_INFO_REPAY])).toEqual(['confirm', 'reject']);
  });

  it('the system repayments (first instalment, deposit offset) offer nothing', () => {
    for (const purpose of ['FIRST_INSTALMENT', 'DEPOSIT_OFFSET']) {
      for (const status of ['RECORDED', 'CONFIRMED']) expect(repaymentActions(repayment({ purpose, status, source: 'CREDIT' }), both)).toEqual([]);
    }
  });

  it('登记还款 for a disbursed order that takes repayments; 提前结清 while it runs and owes something', () => {
    const held = [P.ORDER_INFO_TABLE, P.ORDER_INFO_REPAY];
    expect(canRecordRepayment({ status: 'REPAYING', disbursedAt: 1 }, held)).toBe(true);
    expect(canRecordRepayment({ status: 'SETTLED', disbursedAt: 1 }, held)).toBe(true);
    expect(canRecordRepayment({ status: 'PENDING_DISBURSEMENT', disbursedAt: null }, held)).toBe(false);
    expect(canRecordRepayment({ status: 'REPAYING', disbursedAt: 1 }, [P.ORDER_INFO_TABLE])).toBe(false);
    expect(canSettleEarly({ status: 'OVERDUE', disbursedAt: 1 }, 10, held)).toBe(true);
    expect(canSettleEarly({ status: 'PENDING_POLICY', disbursedAt: 1 }, 10, held)).toBe(true);
    expect(canSettleEarly({ status: 'REPAYING', disbursedAt: 1 }, 0, held)).toBe(false);
    expect(canSettleEarly({ status: 'SETTLED', disbursedAt: 1 }, 10, held)).toBe(false);
  });
});

describe('the record form', () => {
  it('sends the yuan typed as integer fen, trimmed texts, the date', () => {
    expect(repaymentFields({ ...form, amount: '1,234.5' }, null)).toEqual({
      amountFen: 123_450, source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: 'ICBC001', payer: '郭子豪', valueDate: '2026-12-05',
    });
    // No floating point: 0.1 + 0.2 stays 30 fen, 19.99 stays 1999.
    expect(repaymentFields({ ...form, amount: '0.3' }, null).amountFen).toBe(30);
    expect(repaymentFields({ ...form, amount: '19.99' }, null).amountFen).toBe(1999);
    expect(repaymentFields({ ...form, amount: '4716.62' }, null).amountFen).toBe(471_662);
    expect(() => repaymentFields({ ...form, amount: '1.234' }, null)).toThrow();
    expect(() => repaymentFields({ ...form, amount: '0' }, null)).toThrow();
    expect(() => repaymentFields({ ...form, amount: '-5' }, null)).toThrow();
  });

  it('an early settlement takes exactly the quote: its total and date, flagged', () => {
    expect(repaymentFields({ ...form, amount: '1' }, quote)).toEqual({
      amountFen: 471_662, source: 'CUSTOMER', channel: 'BANK_TRANSFER', serialNo: 'ICBC001', payer: '郭子豪', valueDate: '2026-12-10', earlySettlement: 'true',
    });
  });

  it('previews once an amount above zero and a date are there', () => {
    expect(previewBody('500', dayjs('2026-12-05'))).toEqual({ amountFen: 50_000, valueDate: '2026-12-05' });
    expect(previewBody('', dayjs('2026-12-05'))).toBeNull();
    expect(previewBody('0.00', dayjs('2026-12-05'))).toBeNull();
    expect(previewBody('12.345', dayjs('2026-12-05'))).toBeNull();
    expect(previewBody('500', null)).toBeNull();
  });

  it('value dates: not after the business date, not before the disbursement', () => {
    const today = dayjs('2026-12-10');
    const disbursed = dayjs('2026-11-25');
    expect(valueDateAllowed(dayjs('2026-12-10'), today, disbursed)).toBe(true);
    expect(valueDateAllowed(dayjs('2026-12-11'), today, disbursed)).toBe(false);
    expect(valueDateAllowed(dayjs('2026-11-25'), today, disbursed)).toBe(true);
    expect(valueDateAllowed(dayjs('2026-11-24'), today, disbursed)).toBe(false);
    expect(valueDateAllowed(dayjs('2020-01-01'), today, null)).toBe(true);
  });
});

describe('allocation, quote, instalments, journals', () => {
  it('groups the allocation per instalment, components in allocation order, with totals', () => {
    const { rows, total } = allocationRows([
      { itemSeq: 2, component: 'INTEREST', amountFen: 4_125 },
      { itemSeq: 1, component: 'PENALTY', amountFen: 101 },
      { itemSeq: 1, component: 'INTEREST', amountFen: 10_000 },
      { itemSeq: 1, component: 'PRINCIPAL', amountFen: 40_000 },
      { itemSeq: 2, component: 'PRINCIPAL', amountFen: 5_774 },
    ]);
    expect(rows.map((r) => r.seq)).toEqual([1, 2]);
    expect(rows[0]).toEqual({ seq: 1, PENALTY: 101, FEE: 0, INTEREST: 10_000, PRINCIPAL: 40_000, total: 50_101 });
    expect(rows[1]).toEqual({ seq: 2, PENALTY: 0, FEE: 0, INTEREST: 4_125, PRINCIPAL: 5_774, total: 9_899 });
    expect(total.total).toBe(60_000);
    expect(total.PRINCIPAL).toBe(45_774);
    expect(allocationRows([]).rows).toEqual([]);
    // The columns: the components touched, all four when none.
    expect(usedComponents(total)).toEqual(['PENALTY', 'INTEREST', 'PRINCIPAL']);
    expect(usedComponents(allocationRows([]).total)).toEqual(['PENALTY', 'FEE', 'INTEREST', 'PRINCIPAL']);
  });

  it('the quote breakdown lists principal, current interest, fee, penalty and settlement fee, which make the total', () => {
    const parts = quoteBreakdown(quote);
    expect(parts.map((p) => p.key)).toEqual(['principal', 'interest', 'fee', 'penalty', 'settlementFee']);
    expect(parts.reduce((sum, p) => sum + p.fen, 0)).toBe(quote.totalFen);
    // The interest cancelled is no part of what is paid.
    expect(parts.some((p) => p.fen === quote.cancelledInterestFen)).toBe(false);
  });

  it('a component cell shows what was paid, waived, written off, cancelled and is still owed, nothing while untouched', () => {
    const base = { dueFen: 10_000, paidFen: 0, waivedFen: 0, writtenOffFen: 0, cancelledFen: 0, outstandingFen: 10_000 };
    expect(componentFigures(base)).toEqual([]);
    expect(componentFigures({ ...base, paidFen: 10_000, outstandingFen: 0 })).toEqual([{ key: 'paid', fen: 10_000 }]);
    expect(componentFigures({ ...base, paidFen: 2_500, outstandingFen: 7_500 })).toEqual([{ key: 'paid', fen: 2_500 }, { key: 'outstanding', fen: 7_500 }]);
    expect(componentFigures({ ...base, cancelledFen: 10_000, outstandingFen: 0 })).toEqual([{ key: 'cancelled', fen: 10_000 }]);
    expect(componentFigures({ ...base, paidFen: 4_000, waivedFen: 1_000, cancelledFen: 2_000, outstandingFen: 3_000 }).map((f) => f.key)).toEqual([
      'paid', 'waived', 'cancelled', 'outstanding',
    ]);
  });

  it('buckets, penalties, journals', () => {
    expect(bucketColor('')).toBeNull();
    expect(bucketColor('M0')).toBe('green');
    expect(bucketColor('M1')).toBe('gold');
    expect(bucketColor('M3+')).toBe('red');
    expect(penaltyTotal([{ amountFen: 44 }, { amountFen: 19 }, { amountFen: 19 }])).toBe(82);
    // A repayment posts in both sets of books: its amount is one book's debits, not both.
    expect(
      journalAmount({
        postings: [
          { owner: 'PLATFORM', account: 'P.COLLECTION', subledger: '', side: 'D', amountFen: 60_000 },
          { owner: 'PLATFORM', account: 'P.DUE_TO_CP', subledger: '1', side: 'C', amountFen: 60_000 },
          { owner: 'CAPITAL', account: 'C.DUE_FROM_PLATFORM', subledger: '', side: 'D', amountFen: 60_000 },
          { owner: 'CAPITAL', account: 'C.LOAN_PRINCIPAL', subledger: '1', side: 'C', amountFen: 50_394 },
          { owner: 'CAPITAL', account: 'C.INCOME_INTEREST', subledger: '', side: 'C', amountFen: 9_606 },
        ],
      }),
    ).toBe(60_000);
    expect(journalAmount({ postings: [] })).toBe(0);
    expect(accountKey('P.DUE_TO_CP')).toBe('P_DUE_TO_CP');
    expect(subledgerKind('P.DUE_TO_CP', '1')).toBe('CP');
    expect(subledgerKind('C.LOAN_PRINCIPAL', '7')).toBe('ORDER');
    expect(subledgerKind('P.COLLECTION', '')).toBeNull();
    expect(subledgerKind('C.LOAN_PRINCIPAL', '')).toBeNull();
  });
});

describe('repayment texts', () => {
  it('every status, purpose, source, settle type, instalment status and account has a label', () => {
    const zh = businessDictionaries.zh;
    for (const s of REPAYMENT_STATUSES) expect(zh.repaymentStatus[s], s).toBeTruthy();
    for (const p of REPAYMENT_PURPOSES) expect(zh.repay.purposes[p], p).toBeTruthy();
    for (const s of REPAYMENT_SOURCES) expect(zh.repay.sources[s], s).toBeTruthy();
    for (const s of SETTLE_TYPES) expect(zh.settleType[s], s).toBeTruthy();
    for (const s of ITEM_STATUSES) expect(zh.itemStatus[s], s).toBeTruthy();
    for (const code of ['P.COLLECTION', 'P.DUE_TO_CP', 'C.LOAN_PRINCIPAL', 'C.INCOME_INTEREST', 'P.INCOME_PENALTY', 'C.INCOME_PENALTY', 'P.CUSTOMER_CREDIT']) {
      expect(zh.account[accountKey(code) as keyof typeof zh.account], code).toBeTruthy();
    }
    expect(zh.settleType.DEPOSIT_OFFSET).toBe('保证金抵扣结清');
    expect(zh.repay.record).toBe('登记还款');
    expect(zh.repay.settle).toBe('提前结清');
  });
});
