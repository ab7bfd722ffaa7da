import { describe, expect, it } from 'vitest';
import { timeInZone } from './zonedTime';

describe('timeInZone', () => {
  it('shows the server time in the business time zone', () => {
    // 2026-11-24 23:21:11 UTC is already the 25th in Shanghai, still the 24th in New York.
    const ms = Date.UTC(2026, 10, 24, 23, 21, 11);
    expect(timeInZone(ms, 'Asia/Shanghai')).toBe('2026-11-25 07:21:11');
    expect(timeInZone(ms, 'America/New_York')).toBe('2026-11-24 18:21:11');
  });
});
