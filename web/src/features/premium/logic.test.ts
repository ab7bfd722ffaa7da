import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { applicationActions, groupKey, selectedTotal } from './logic';

describe('premium applications', () => {
  it('offer each action in its statuses to the holder of its permission', () => {
    const all = [P.ORDER_PREMIUM_TABLE, P.ORDER_PREMIUM_CREATE, P.ORDER_PREMIUM_PAY];
    expect(applicationActions('DRAFT', all)).toEqual(['submit', 'cancel']);
    expect(applicationActions('SUBMITTED', all)).toEqual(['approve', 'cancel']);
    expect(applicationActions('CP_APPROVED', all)).toEqual(['pay', 'cancel']);
    expect(applicationActions('PARTIALLY_PAID', all)).toEqual(['pay']);
    expect(applicationActions('PAID', all)).toEqual([]);
    expect(applicationActions('CANCELLED', all)).toEqual([]);
    expect(applicationActions('CP_APPROVED', [P.ORDER_PREMIUM_TABLE, P.ORDER_PREMIUM_CREATE])).toEqual(['cancel']);
    expect(applicationActions('CP_APPROVED', [P.ORDER_PREMIUM_TABLE, P.ORDER_PREMIUM_PAY])).toEqual(['pay']);
    expect(applicationActions('DRAFT', [P.ORDER_PREMIUM_TABLE])).toEqual([]);
  });

  it('totals the ticked orders in fen', () => {
    const orders = [
      { id: 1, orderNo: 'a', customerName: '', plateNo: '', financedFen: 10 },
      { id: 2, orderNo: 'b', customerName: '', plateNo: '', financedFen: 20 },
      { id: 3, orderNo: 'c', customerName: '', plateNo: '', financedFen: 500_000_00 },
    ];
    expect(selectedTotal(orders, [1, 3])).toBe(500_000_10);
    expect(selectedTotal(orders, [])).toBe(0);
    expect(groupKey({ capitalProviderId: 4, insurerId: 9 })).toBe('4:9');
  });
});
