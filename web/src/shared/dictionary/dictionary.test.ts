import { describe, expect, it } from 'vitest';
import { dictLabel } from './dictionary';

describe('dictionary labels', () => {
  const item = { labelZh: '居民身份证', labelEn: 'Resident ID card' };
  it('Chinese for zh, English for the other languages', () => {
    expect(dictLabel(item, 'zh')).toBe('居民身份证');
    expect(dictLabel(item, 'en')).toBe('Resident ID card');
    expect(dictLabel(item, 'es')).toBe('Resident ID card');
    expect(dictLabel(item, 'ja')).toBe('Resident ID card');
  });
  it('Chinese when an item has no English label', () => {
    expect(dictLabel({ labelZh: '其他', labelEn: ' ' }, 'en')).toBe('其他');
  });
});
