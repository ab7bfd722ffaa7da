import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import {
  addDays,
  amountFen,
  amountProblem,
  approvalsDone,
  coveredItems,
  deadlineAllowed,
  itemSeqOf,
  needsSecondApproval,
  scopeMaximums,
  typedTotal,
  userIdOf,
  waiverActions,
} from './logic';
import type { WaivableItemData } from './types';

const ALL = [P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_CREATE, P.ORDER_PLAN_REDUCTION_APPROVE];
const MAKER = 7;
const FIRST = 8;
const OTHER = 9;
const row = (status: string, firstBy: number | null = null) => ({ status, createdBy: MAKER, firstBy });

describe('the actions a waiver offers', () => {
  it('to an approver who is neither its maker nor its first approver: approve and reject while it waits', () => {
    const me = { id: OTHER };
    expect(waiverActions(row('PENDING_APPROVAL'), ALL, me)).toEqual(['approve', 'reject']);
    expect(waiverActions(row('PENDING_SECOND', FIRST), ALL, me)).toEqual(['approve', 'reject']);
    // Approved and waiting for the customer: nothing to approve; only its maker may withdraw it.
    expect(waiverActions(row('APPROVED', FIRST), ALL, me)).toEqual([]);
    expect(waiverActions(row('APPROVED', FIRST), ALL, { id: MAKER })).toEqual(['withdraw']);
    for (const status of ['EFFECTIVE', 'REJECTED', 'WITHDRAWN', 'EXPIRED']) expect(waiverActions(row(status, FIRST), ALL, me), status).toEqual([]);
  });

  it('to its maker: withdraw only (the maker may neither approve nor reject it)', () => {
    const me = { id: MAKER };
    expect(waiverActions(row('PENDING_APPROVAL'), ALL, me)).toEqual(['withdraw']);
    expect(waiverActions(row('PENDING_SECOND', FIRST), ALL, me)).toEqual(['withdraw']);
    expect(waiverActions(row('APPROVED', FIRST), ALL, me)).toEqual(['withdraw']);
    expect(waiverActions(row('EFFECTIVE', FIRST), ALL, me)).toEqual([]);
  });

  it('to its first approver at the second level: reject, not approve again', () => {
    expect(waiverActions(row('PENDING_SECOND', FIRST), ALL, { id: FIRST })).toEqual(['reject']);
    // At the first level the same user is simply another approver.
    expect(waiverActions(row('PENDING_APPROVAL'), ALL, { id: FIRST })).toEqual(['approve', 'reject']);
  });

  it('by permission: approving and rejecting need approve, withdrawing needs create', () => {
    expect(waiverActions(row('PENDING_APPROVAL'), [P.ORDER_PLAN_REDUCTION_TABLE], { id: OTHER })).toEqual([]);
    expect(waiverActions(row('PENDING_APPROVAL'), [P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_CREATE], { id: OTHER })).toEqual([]);
    expect(waiverActions(row('PENDING_APPROVAL'), [P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_CREATE], { id: MAKER })).toEqual(['withdraw']);
    expect(waiverActions(row('PENDING_APPROVAL'), [P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_APPROVE], { id: MAKER })).toEqual([]);
    expect(waiverActions(row('PENDING_APPROVAL'), [P.ORDER_PLAN_REDUCTION_TABLE, P.ORDER_PLAN_REDUCTION_APPROVE], { id: OTHER })).toEqual(['approve', 'reject']);
  });

  it('when the web does not know who is signed in: every action the permissions allow (the server refuses the maker)', () => {
    expect(waiverActions(row('PENDING_APPROVAL'), ALL, { id: null })).toEqual(['approve', 'reject', 'withdraw']);
    expect(waiverActions(row('PENDING_SECOND', FIRST), ALL, { id: null })).toEqual(['approve', 'reject', 'withdraw']);
  });

  it('reads the user id of the stored session when it carries one', () => {
    expect(userIdOf({ username: 'admin', name: '管理员', authorities: [] })).toBeNull();
    expect(userIdOf({ id: 12, username: 'a' })).toBe(12);
    expect(userIdOf({ userId: 5 })).toBe(5);
    expect(userIdOf({ id: '12' })).toBeNull();
    expect(userIdOf(undefined)).toBeNull();
  });

  it('counts the approvals given', () => {
    expect(approvalsDone({ firstByName: '', secondByName: '' })).toBe(0);
    expect(approvalsDone({ firstByName: '李复核', secondByName: '' })).toBe(1);
    expect(approvalsDone({ firstByName: '李复核', secondByName: '赵审批' })).toBe(2);
  });
});

describe('typed amounts', () => {
  it('are yuan read from the text, never through floating point', () => {
    expect(amountFen('')).toBe(0);
    expect(amountFen('  ')).toBe(0);
    expect(amountFen(undefined)).toBe(0);
    expect(amountFen('0.1')).toBe(10);
    expect(amountFen('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(amountFen('1.005')).toBeNull();
    expect(amountFen('1,234.5')).toBe(123_450);
    expect(amountFen('-1')).toBeNull();
    expect(amountFen('1e3')).toBeNull();
    expect(amountFen('abc')).toBeNull();
    expect(typedTotal({ interest: '0.1', fee: '0.2', penalty: '' })).toBe(30);
    expect(typedTotal({ interest: 'x', fee: '2' })).toBe(200);
  });

  it('are refused above what can be waived, or when not an amount', () => {
    expect(amountProblem('12.34', 1234)).toBeUndefined();
    expect(amountProblem('12.35', 1234)).toBe('max');
    expect(amountProblem('', 0)).toBeUndefined();
    expect(amountProblem('0.001', 1000)).toBe('format');
  });
});

describe('the scope', () => {
  const item = (seq: number, due: boolean, interestFen: number, feeFen: number, penaltyFen: number): WaivableItemData => ({
    seq, dueDate: `2027-0${seq}-25`, status: due ? 'OVERDUE' : 'NOT_DUE', interestFen, feeFen, penaltyFen, outstandingFen: 40_000 + interestFen + feeFen + penaltyFen, due,
  });
  const items = [item(1, true, 4_167, 500, 176), item(2, true, 3_900, 500, 44), item(3, false, 3_640, 500, 0)];

  it('every due instalment: the sums of what they have outstanding', () => {
    expect(coveredItems(items, 'due').map((i) => i.seq)).toEqual([1, 2]);
    expect(scopeMaximums(items, 'due')).toEqual({ interest: 8_067, fee: 1_000, penalty: 220 });
    expect(itemSeqOf('due')).toBeNull();
  });

  it('one instalment, due or not: what it has outstanding', () => {
    expect(scopeMaximums(items, 3)).toEqual({ interest: 3_640, fee: 500, penalty: 0 });
    expect(scopeMaximums(items, 1)).toEqual({ interest: 4_167, fee: 500, penalty: 176 });
    expect(itemSeqOf(3)).toBe(3);
  });

  it('nothing chosen, or nothing due: nothing can be waived', () => {
    expect(scopeMaximums(items, undefined)).toEqual({ interest: 0, fee: 0, penalty: 0 });
    expect(scopeMaximums([items[2] as WaivableItemData], 'due')).toEqual({ interest: 0, fee: 0, penalty: 0 });
  });

  it('a total above the threshold needs a second approval', () => {
    expect(needsSecondApproval(50_000, 50_000)).toBe(false);
    expect(needsSecondApproval(50_001, 50_000)).toBe(true);
  });

  it('a deadline is from the business date up to 90 days on', () => {
    expect(addDays('2026-12-10', 90)).toBe('2027-03-10');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(deadlineAllowed('2026-12-10', '2026-12-10')).toBe(true);
    expect(deadlineAllowed('2026-12-09', '2026-12-10')).toBe(false);
    expect(deadlineAllowed('2027-03-10', '2026-12-10')).toBe(true);
    expect(deadlineAllowed('2027-03-11', '2026-12-10')).toBe(false);
  });
});
