import { describe, expect, it } from 'vitest';
import { SURRENDER_TAB, SURRENDERABLE, surrenderListPath } from './surrenderLogic';

describe('the order page’s 退保 tab', () => {
  it('shows for the orders that may be surrendered, are surrendering or were surrendered; 申请退保 only for the first', () => {
    expect([...SURRENDERABLE]).toEqual(['PENDING_POLICY', 'REPAYING', 'OVERDUE']);
    expect([...SURRENDER_TAB]).toEqual(['PENDING_POLICY', 'REPAYING', 'OVERDUE', 'SURRENDERING', 'SURRENDERED']);
    for (const status of ['SETTLED', 'WRITTEN_OFF', 'PENDING_DISBURSEMENT']) expect(SURRENDER_TAB.includes(status), status).toBe(false);
  });

  it('opens the surrender screen filtered to the order', () => {
    expect(surrenderListPath('BH20261125000007')).toBe('/business/surrenderApplication?orderNo=BH20261125000007');
    expect(surrenderListPath('BH 1&2')).toBe('/business/surrenderApplication?orderNo=BH%201%262');
  });
});
