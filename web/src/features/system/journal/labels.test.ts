import { describe, expect, it } from 'vitest';
import { orderEventOf } from './labels';

describe('orderEventOf', () => {
  it("finds the order event of a transition's action, and nothing in other actions", () => {
    expect(orderEventOf('order.down_payment_confirmed')).toBe('DOWN_PAYMENT_CONFIRMED');
    expect(orderEventOf('order.contract_signed')).toBe('CONTRACT_SIGNED');
    expect(orderEventOf('order.refund')).toBeUndefined();
    expect(orderEventOf('order_contract.signed')).toBeUndefined();
    expect(orderEventOf('customer.create')).toBeUndefined();
  });
});
