import { describe, expect, it } from 'vitest';
import { formatBp, formatYuan, isCreditCode } from './money';

describe('capital workspace formats', () => {
  it('shows fen as yuan and basis points as percent', () => {
    expect(formatYuan(50_000_000_000)).toBe('500,000,000.00');
    expect(formatYuan(7)).toBe('0.07');
    expect(formatBp(650)).toBe('6.50%');
  });

  it('checks the credit code check character', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(isCreditCode('123')).toBe(false);
  });
});
