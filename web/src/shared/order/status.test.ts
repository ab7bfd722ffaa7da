import { describe, expect, it } from 'vitest';
import { ORDER_EVENTS, ORDER_STATUSES, STATUS_COLORS, orderPath, orderStatusDictionaries, recoveryApplyPath, statusColor, surrenderApplyPath } from './status';
import { scheduleDictionaries } from '../schedule/locales';

describe('order statuses and events', () => {
  it('every status has a colour and a label in the four languages; every event a label', () => {
    for (const dictionary of Object.values(orderStatusDictionaries)) {
      expect(Object.keys(dictionary.status).sort()).toEqual([...ORDER_STATUSES].sort());
      expect(Object.keys(dictionary.event).sort()).toEqual([...ORDER_EVENTS].sort());
      for (const label of [...Object.values(dictionary.status), ...Object.values(dictionary.event)]) expect(label.trim()).not.toBe('');
    }
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('the Chinese labels are the domain’s (crates/domain/src/order.rs)', () => {
    expect(orderStatusDictionaries.zh.status.PENDING_DECLARATION).toBe('待车主声明/授权');
    expect(orderStatusDictionaries.zh.event.NO_FUNDER).toBe('无资金方，拒绝');
  });

  it('links to the order page, and to 追偿申请 and 退保申请 on their forms for an order', () => {
    expect(orderPath(42)).toBe('/business/orderDetail/42');
    expect(recoveryApplyPath(42)).toBe('/business/recoveryApplication?orderId=42');
    expect(surrenderApplyPath(42)).toBe('/business/surrenderApplication?orderId=42');
  });

  it('an unknown status is grey', () => {
    expect(statusColor('NOPE')).toBe('default');
    expect(statusColor(undefined)).toBe('default');
    expect(statusColor('REJECTED')).toBe('red');
  });
});

describe('schedule texts', () => {
  it('the four languages have the same keys', () => {
    const zh = Object.keys(scheduleDictionaries.zh).sort();
    for (const lang of ['en', 'es', 'ja'] as const) expect(Object.keys(scheduleDictionaries[lang]).sort()).toEqual(zh);
  });
});
