import { describe, expect, it } from 'vitest';
import { dictLabel } from './dictionary';

describe('dictionary labels', () => {
  const item = { labelZh: '居民身份证', labelEn: 'Resident ID card', labelEs: 'Documento de identidad de residente', labelJa: '居民身分証' };
  it('the label in each language', () => {
    expect(dictLabel(item, 'zh')).toBe('居民身份证');
    expect(dictLabel(item, 'en')).toBe('Resident ID card');
    expect(dictLabel(item, 'es')).toBe('Documento de identidad de residente');
    expect(dictLabel(item, 'ja')).toBe('居民身分証');
  });
  it('English where the language has no label (empty, blank or missing)', () => {
    const english = { labelZh: '护照', labelEn: 'Passport', labelEs: '', labelJa: '  ' };
    expect(dictLabel(english, 'es')).toBe('Passport');
    expect(dictLabel(english, 'ja')).toBe('Passport');
    expect(dictLabel({ labelZh: '护照', labelEn: 'Passport' }, 'ja')).toBe('Passport');
  });
  it('Chinese where English is empty too', () => {
    const chinese = { labelZh: '其他', labelEn: ' ', labelEs: '', labelJa: '' };
    expect(dictLabel(chinese, 'en')).toBe('其他');
    expect(dictLabel(chinese, 'es')).toBe('其他');
    expect(dictLabel(chinese, 'ja')).toBe('其他');
  });
  it('a language label is used without an English one', () => {
    expect(dictLabel({ labelZh: '其他', labelEn: '', labelEs: 'Otro', labelJa: 'その他' }, 'es')).toBe('Otro');
    expect(dictLabel({ labelZh: '其他', labelEn: '', labelEs: 'Otro', labelJa: 'その他' }, 'en')).toBe('其他');
  });
  it('Chinese stays Chinese; an unknown language reads English', () => {
    expect(dictLabel({ labelZh: '个人', labelEn: 'Individual', labelEs: 'Particular', labelJa: '個人' }, 'zh')).toBe('个人');
    expect(dictLabel({ labelZh: '个人', labelEn: 'Individual', labelEs: 'Particular', labelJa: '個人' }, 'fr')).toBe('Individual');
  });
});
