import { describe, expect, it } from 'vitest';
import { fenToYuan, formatBp, formatMoney, formatYuan, percentToBp, yuanToFen } from './money';

describe('money: fen → yuan', () => {
  it.each([
    [0, '0.00', '0.00', '¥0.00'],
    [1, '0.01', '0.01', '¥0.01'],
    [7, '0.07', '0.07', '¥0.07'],
    [99, '0.99', '0.99', '¥0.99'],
    [100, '1.00', '1.00', '¥1.00'],
    [123450, '1234.50', '1,234.50', '¥1,234.50'],
    [123456, '1234.56', '1,234.56', '¥1,234.56'],
    [-1, '-0.01', '-0.01', '-¥0.01'],
    [-123456, '-1234.56', '-1,234.56', '-¥1,234.56'],
    [50_000_000_000, '500000000.00', '500,000,000.00', '¥500,000,000.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91', '90,071,992,547,409.91', '¥90,071,992,547,409.91'],
  ])('%i fen → %s / %s / %s', (fen, plain, grouped, money) => {
    expect(fenToYuan(fen)).toBe(plain);
    expect(formatYuan(fen)).toBe(grouped);
    expect(formatMoney(fen)).toBe(money);
  });

  it('shows -0 as 0 and rounds a fractional fen', () => {
    expect(formatYuan(-0)).toBe('0.00');
    expect(formatYuan(10.4)).toBe('0.10');
    expect(formatYuan(10.6)).toBe('0.11');
  });
});

describe('money: typed yuan → fen', () => {
  it('parses the text, not through floating point', () => {
    expect(yuanToFen('1234.5')).toBe(123450);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen(' 19.99 ')).toBe(1999);
    expect(yuanToFen('500,000,000')).toBe(50_000_000_000);
    expect(yuanToFen('99999999999.99')).toBe(9_999_999_999_999);
    // 1.15 * 100 is 114.99999999999999 and 0.29 * 100 is 28.999999999999996 in floating point.
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('0.29')).toBe(29);
  });

  it("adds '0.1' and '0.2' to exactly '0.3'", () => {
    const sum = (yuanToFen('0.1') ?? NaN) + (yuanToFen('0.2') ?? NaN);
    expect(sum).toBe(30);
    expect(sum).toBe(yuanToFen('0.3'));
    expect(formatYuan(sum)).toBe('0.30');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', ' ', 'abc', '-1', '1.005', '1.', '.5', '1e3', '123456789012', '1,2.3.4']) expect(yuanToFen(bad), bad).toBeNull();
  });

  it('round-trips every amount it shows', () => {
    for (const fen of [0, 1, 10, 99, 100, 123456, 50_000_000_000]) expect(yuanToFen(formatYuan(fen))).toBe(fen);
  });
});

describe('money: rates in basis points', () => {
  it('shows and parses percentages', () => {
    expect(formatBp(650)).toBe('6.50%');
    expect(formatBp(0)).toBe('0.00%');
    expect(formatBp(10_000)).toBe('100.00%');
    expect(percentToBp('6.5')).toBe(650);
    expect(percentToBp('100')).toBe(10_000);
    expect(percentToBp('100.01')).toBeNull();
    expect(percentToBp('3.333')).toBeNull();
    expect(percentToBp('-1')).toBeNull();
  });
});
