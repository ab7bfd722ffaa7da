import { describe, expect, it } from 'vitest';
import { fromScaled, percent, toScaled } from './units';

describe('product form units', () => {
  it('turns integers into decimal text and back without drift', () => {
    expect(fromScaled(100, 2)).toBe('1.00');
    expect(fromScaled(500, 4)).toBe('0.0500');
    expect(fromScaled(100_000_000, 2)).toBe('1000000.00');
    expect(toScaled('1', 2)).toBe(100);
    expect(toScaled('0.05', 4)).toBe(500);
    expect((toScaled('0.1', 2) ?? 0) + (toScaled('0.2', 2) ?? 0)).toBe(toScaled('0.3', 2));
    expect(toScaled('12,345.6', 2)).toBe(1_234_560);
    expect(toScaled('1.500', 2)).toBe(150);
  });

  it('refuses what is not an amount', () => {
    expect(toScaled('1.005', 2)).toBeNull();
    expect(toScaled('-1', 2)).toBeNull();
    expect(toScaled('abc', 2)).toBeNull();
    expect(toScaled('', 2)).toBeNull();
    expect(toScaled(undefined, 2)).toBeNull();
  });

  it('shows rates as percent', () => {
    expect(percent(1268)).toBe('12.68%');
    expect(percent(0)).toBe('0.00%');
  });
});
