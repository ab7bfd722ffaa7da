import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import {
  addDays,
  balanceOf,
  cancelDateAllowed,
  dayAllowed,
  defaultEffectiveDate,
  graceOver,
  isLive,
  payoutDue,
  predictedBalance,
  refundApplied,
  refundFen,
  refundProblem,
  serialProblem,
  settleBody,
  surrenderActions,
  userIdOf,
} from './logic';

const ALL = [P.ORDER_REFUND_TABLE, P.ORDER_REFUND_APPROVE, P.ORDER_REFUND_SETTLE];
const row = (over: Partial<{ status: string; createdBy: number | null; surplusFen: number; surplusPaidOn: string | null }>) => ({
  status: 'PENDING_APPROVAL',
  createdBy: 3,
  surplusFen: 0,
  surplusPaidOn: null,
  ...over,
});

describe('surrender logic', () => {
  it('waiting for approval: approve and reject to approvers other than the maker, withdraw to the maker only', () => {
    expect(surrenderActions(row({}), ALL, { id: 9 })).toEqual(['approve', 'reject']);
    expect(surrenderActions(row({}), ALL, { id: 3 })).toEqual(['withdraw']);
    // A session that does not name the user: everything the permissions allow (the server answers 403).
    expect(surrenderActions(row({}), ALL, { id: null })).toEqual(['approve', 'reject', 'withdraw']);
    expect(surrenderActions(row({}), [P.ORDER_REFUND_TABLE], { id: 9 })).toEqual([]);
    expect(surrenderActions(row({}), [P.ORDER_REFUND_TABLE], { id: 3 })).toEqual(['withdraw']);
  });

  it('approved and at the insurer: the approver submits, records the answer or cancels', () => {
    expect(surrenderActions(row({ status: 'APPROVED' }), ALL, { id: 3 })).toEqual(['submit', 'cancel']);
    expect(surrenderActions(row({ status: 'SUBMITTED_TO_INSURER' }), ALL, { id: 9 })).toEqual(['confirm', 'decline', 'cancel']);
    for (const status of ['APPROVED', 'SUBMITTED_TO_INSURER']) expect(surrenderActions(row({ status }), [P.ORDER_REFUND_TABLE, P.ORDER_REFUND_SETTLE], { id: 9 }), status).toEqual([]);
  });

  it('confirmed by the insurer: the settle permission applies the refund, not the maker', () => {
    expect(surrenderActions(row({ status: 'INSURER_CONFIRMED' }), ALL, { id: 9 })).toEqual(['settle']);
    expect(surrenderActions(row({ status: 'INSURER_CONFIRMED' }), ALL, { id: 3 })).toEqual([]);
    expect(surrenderActions(row({ status: 'INSURER_CONFIRMED' }), [P.ORDER_REFUND_APPROVE], { id: 9 })).toEqual([]);
  });

  it('a surplus not paid out yet: 退还余款 (settle permission), on a settled application or one whose shortfall is open', () => {
    expect(surrenderActions(row({ status: 'SETTLED', surplusFen: 12_345 }), ALL, { id: 3 })).toEqual(['payout']);
    expect(surrenderActions(row({ status: 'REFUND_RECEIVED', surplusFen: 1 }), ALL, { id: 9 })).toEqual(['payout']);
    expect(surrenderActions(row({ status: 'SETTLED', surplusFen: 12_345, surplusPaidOn: '2026-12-10' }), ALL, { id: 9 })).toEqual([]);
    expect(surrenderActions(row({ status: 'SETTLED', surplusFen: 0 }), ALL, { id: 9 })).toEqual([]);
    expect(surrenderActions(row({ status: 'SETTLED', surplusFen: 12_345 }), [P.ORDER_REFUND_APPROVE], { id: 9 })).toEqual([]);
    for (const status of ['REJECTED', 'WITHDRAWN', 'CANCELLED', 'INSURER_DECLINED']) expect(surrenderActions(row({ status }), ALL, { id: 9 }), status).toEqual([]);
    expect(payoutDue({ status: 'INSURER_CONFIRMED', surplusFen: 5, surplusPaidOn: null })).toBe(false);
  });

  it('knows the live statuses and reads the session user', () => {
    for (const status of ['PENDING_APPROVAL', 'APPROVED', 'SUBMITTED_TO_INSURER', 'INSURER_CONFIRMED', 'REFUND_RECEIVED']) expect(isLive(status), status).toBe(true);
    for (const status of ['SETTLED', 'REJECTED', 'WITHDRAWN', 'CANCELLED', 'INSURER_DECLINED']) expect(isLive(status), status).toBe(false);
    expect(userIdOf({ userId: 9 })).toBe(9);
    expect(userIdOf({ username: 'x' })).toBeNull();
  });

  it('a surplus, a shortfall or neither; predicted from the estimate against the payoff', () => {
    expect(balanceOf({ surplusFen: 1_200, shortfallFen: 0 })).toEqual({ kind: 'surplus', fen: 1_200 });
    expect(balanceOf({ surplusFen: 0, shortfallFen: 300 })).toEqual({ kind: 'shortfall', fen: 300 });
    expect(balanceOf({ surplusFen: 0, shortfallFen: 0 })).toEqual({ kind: 'none', fen: 0 });
    expect(predictedBalance(412_345, 400_000)).toEqual({ kind: 'surplus', fen: 12_345 });
    expect(predictedBalance(100_000, 400_000)).toEqual({ kind: 'shortfall', fen: 300_000 });
    expect(predictedBalance(5, 5)).toEqual({ kind: 'none', fen: 0 });
    expect(refundApplied({ status: 'INSURER_CONFIRMED', refundReceivedOn: null })).toBe(false);
    expect(refundApplied({ status: 'SETTLED', refundReceivedOn: '2026-12-01' })).toBe(true);
    expect(refundApplied({ status: 'REFUND_RECEIVED', refundReceivedOn: null })).toBe(true);
  });

  it('takes the dates the server takes: the cancellation within 90 days of the business date, no day after today', () => {
    expect(addDays('2026-11-27', 90)).toBe('2027-02-25');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(cancelDateAllowed(dayjs('2026-11-27'), '2026-11-27')).toBe(true);
    expect(cancelDateAllowed(dayjs('2026-11-26'), '2026-11-27')).toBe(false);
    expect(cancelDateAllowed(dayjs('2027-02-25'), '2026-11-27')).toBe(true);
    expect(cancelDateAllowed(dayjs('2027-02-26'), '2026-11-27')).toBe(false);
    expect(dayAllowed(dayjs())).toBe(true);
    expect(dayAllowed(dayjs().add(1, 'day'))).toBe(false);
    expect(dayAllowed(dayjs().subtract(3, 'day'), dayjs().subtract(2, 'day').format('YYYY-MM-DD'))).toBe(false);
    expect(dayAllowed(dayjs().subtract(2, 'day'), dayjs().subtract(2, 'day').format('YYYY-MM-DD'))).toBe(true);
    // The effective date defaults to the requested cancellation date, never after today.
    expect(defaultEffectiveDate('2020-05-01').format('YYYY-MM-DD')).toBe('2020-05-01');
    expect(defaultEffectiveDate(dayjs().add(30, 'day').format('YYYY-MM-DD')).format('YYYY-MM-DD')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(graceOver('2026-11-26', '2026-11-27')).toBe(true);
    expect(graceOver('2026-11-27', '2026-11-27')).toBe(false);
    expect(graceOver(null, '2026-11-27')).toBe(false);
  });

  it('reads the refund in yuan without floating point: 0 allowed, up to ¥1 000 000 000', () => {
    expect(refundFen('4,123.45')).toBe(412_345);
    expect(refundFen(' 0 ')).toBe(0);
    expect(refundFen('0.1')).toBe(10);
    expect(refundFen('1000000000')).toBe(100_000_000_000);
    expect(refundFen('1000000000.01')).toBeNull();
    expect(refundProblem('')).toBe('required');
    expect(refundProblem('-1')).toBe('format');
    expect(refundProblem('1.005')).toBe('format');
    expect(refundProblem('0')).toBeUndefined();
  });

  it('checks a bank serial number as the server does', () => {
    expect(serialProblem(' ')).toBe('required');
    expect(serialProblem('ICBC 2026')).toBe('format');
    expect(serialProblem('x'.repeat(65))).toBe('format');
    expect(serialProblem(' ICBC20261127001 ')).toBeUndefined();
  });

  it('the settle body: channel and serial only with a refund, the resolution only with a shortfall, the bearer only for a write-off', () => {
    const values = { receivedOn: dayjs('2026-12-01'), channel: 'BANK_TRANSFER', serialNo: ' PICC20261201 ', shortfallResolution: 'WRITTEN_OFF' as const, bearer: 'PLATFORM' as const };
    expect(settleBody(values, 412_345, { shortfallFen: 0 })).toEqual({ receivedOn: '2026-12-01', channel: 'BANK_TRANSFER', serialNo: 'PICC20261201' });
    expect(settleBody(values, 412_345, { shortfallFen: 100 })).toEqual({
      receivedOn: '2026-12-01', channel: 'BANK_TRANSFER', serialNo: 'PICC20261201', shortfallResolution: 'WRITTEN_OFF', bearer: 'PLATFORM',
    });
    expect(settleBody({ ...values, shortfallResolution: 'OPEN' }, 412_345, { shortfallFen: 100 })).toEqual({
      receivedOn: '2026-12-01', channel: 'BANK_TRANSFER', serialNo: 'PICC20261201', shortfallResolution: 'OPEN',
    });
    expect(settleBody(values, 0, { shortfallFen: 100 })).toMatchObject({ channel: '', serialNo: '' });
  });
});
