import { describe, expect, it } from 'vitest';
import { isCreditCode } from './creditCode';

describe('统一社会信用代码', () => {
  it('checks the credit code check character', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
    expect(isCreditCode('123')).toBe(false);
  });
});
