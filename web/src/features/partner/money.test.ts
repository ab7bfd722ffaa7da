import { describe, expect, it } from 'vitest';
import { fenToYuan, formatBp, formatYuan, percentToBp, yuanToFen } from './money';

describe('money in yuan on screen, fen on the wire', () => {
  it('parses yuan text without floating point', () => {
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('500,000,000')).toBe(50_000_000_000);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('1.005')).toBeNull();
    expect(yuanToFen('-1')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });

  it('formats fen back', () => {
    expect(fenToYuan(123450)).toBe('1234.50');
    expect(fenToYuan(7)).toBe('0.07');
    expect(formatYuan(50_000_000_000)).toBe('500,000,000.00');
    expect(formatBp(650)).toBe('6.50%');
  });

  it('reads percentages as basis points', () => {
    expect(percentToBp('6.5')).toBe(650);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('3.333')).toBeNull();
  });
});
