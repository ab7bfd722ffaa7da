import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { approvalEffect, claimedOrders, costFen, costProblem, needsSecondApproval, recoveryActions, userIdOf } from './logic';
import type { AdvanceData } from './types';

const ALL = [P.ORDER_PLAN_RECOVER_TABLE, P.ORDER_PLAN_RECOVER_CREATE, P.ORDER_PLAN_RECOVER_APPROVE];
const row = (over: Partial<{ status: string; method: string; createdBy: number | null; firstBy: number | null }>) => ({
  status: 'PENDING_APPROVAL',
  method: 'COLLECTION_AGENCY',
  createdBy: 3,
  firstBy: null,
  ...over,
});

describe('recovery logic', () => {
  it('offers approve and reject to approvers other than the maker, withdraw to the maker only', () => {
    expect(recoveryActions(row({}), ALL, { id: 9 })).toEqual(['approve', 'reject']);
    expect(recoveryActions(row({}), ALL, { id: 3 })).toEqual(['withdraw']);
    // A session that does not name the user: everything the permissions allow (the server answers 403).
    expect(recoveryActions(row({}), ALL, { id: null })).toEqual(['approve', 'reject', 'withdraw']);
    // The second level: not to the first approver.
    expect(recoveryActions(row({ status: 'PENDING_SECOND', method: 'WRITE_OFF', firstBy: 9 }), ALL, { id: 9 })).toEqual(['reject']);
    expect(recoveryActions(row({ status: 'PENDING_SECOND', method: 'WRITE_OFF', firstBy: 5 }), ALL, { id: 9 })).toEqual(['approve', 'reject']);
    expect(recoveryActions(row({}), [P.ORDER_PLAN_RECOVER_TABLE], { id: 9 })).toEqual([]);
  });

  it('offers 结案 on an agency or litigation case in progress, to the create permission', () => {
    expect(recoveryActions(row({ status: 'APPROVED' }), ALL, { id: 9 })).toEqual(['close']);
    expect(recoveryActions(row({ status: 'APPROVED', method: 'LITIGATION' }), ALL, { id: 3 })).toEqual(['close']);
    expect(recoveryActions(row({ status: 'APPROVED' }), [P.ORDER_PLAN_RECOVER_APPROVE], { id: 9 })).toEqual([]);
    for (const status of ['EXECUTED', 'REJECTED', 'CANCELLED']) expect(recoveryActions(row({ status }), ALL, { id: 9 }), status).toEqual([]);
  });

  it('says what an approval does', () => {
    expect(approvalEffect({ status: 'PENDING_APPROVAL', levels: 2, method: 'WRITE_OFF' })).toBe('first');
    expect(approvalEffect({ status: 'PENDING_SECOND', levels: 2, method: 'WRITE_OFF' })).toBe('writeOff');
    expect(approvalEffect({ status: 'PENDING_APPROVAL', levels: 1, method: 'WRITE_OFF' })).toBe('writeOff');
    expect(approvalEffect({ status: 'PENDING_APPROVAL', levels: 1, method: 'LITIGATION' })).toBe('handOver');
    expect(needsSecondApproval('WRITE_OFF', 500_001, 500_000)).toBe(true);
    expect(needsSecondApproval('WRITE_OFF', 500_000, 500_000)).toBe(false);
    expect(needsSecondApproval('COLLECTION_AGENCY', 900_000, 500_000)).toBe(false);
  });

  it('reads the cost in yuan without floating point: 0 allowed, empty, negative or three decimals refused', () => {
    expect(costFen('88.85')).toBe(8_885);
    expect(costFen(' 0 ')).toBe(0);
    expect(costFen('1,200.1')).toBe(120_010);
    expect(costProblem('')).toBe('required');
    expect(costProblem('-1')).toBe('format');
    expect(costProblem('1.005')).toBe('format');
    expect(costProblem('0')).toBeUndefined();
  });

  it('reads the session user and lists each order once with what is still claimed on it', () => {
    expect(userIdOf({ userId: 9 })).toBe(9);
    expect(userIdOf({ username: 'x' })).toBeNull();
    const item = (orderId: number, itemSeq: number, claimFen: number) => ({ orderId, orderNo: `BH${orderId}`, customerName: '郭子豪', itemSeq, claimFen }) as AdvanceData;
    expect(claimedOrders([item(7, 1, 100), item(8, 1, 50), item(7, 2, 200), item(9, 1, 0)])).toEqual([
      { orderId: 7, orderNo: 'BH7', customerName: '郭子豪', claimFen: 300 },
      { orderId: 8, orderNo: 'BH8', customerName: '郭子豪', claimFen: 50 },
    ]);
  });
});
