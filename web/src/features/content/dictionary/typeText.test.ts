import { describe, expect, it } from 'vitest';
import { dictTypeName, dictTypeRemark } from './typeText';

const seeded = { code: 'customer_kind', nameZh: '客户类型', nameEn: 'Customer kind', remark: '个人或企业客户', builtIn: true };

describe("a dictionary type in the reader's language", () => {
  it('a built-in type: its stored Chinese and English names, the Spanish and Japanese ones of the built-in names', () => {
    expect(dictTypeName(seeded, 'zh')).toBe('客户类型');
    expect(dictTypeName(seeded, 'en')).toBe('Customer kind');
    expect(dictTypeName(seeded, 'es')).toBe('Tipo de cliente');
    expect(dictTypeName(seeded, 'ja')).toBe('顧客区分');
  });

  it('its remark, stored in Chinese, in each language while it is the seeded one', () => {
    expect(dictTypeRemark(seeded, 'zh')).toBe('个人或企业客户');
    expect(dictTypeRemark(seeded, 'en')).toBe('Individual or enterprise customer');
    expect(dictTypeRemark(seeded, 'es')).toBe('Cliente particular o empresa');
    expect(dictTypeRemark(seeded, 'ja')).toBe('個人または法人の顧客');
  });

  it('an edited English name is shown in English; Spanish and Japanese still follow the unchanged Chinese name', () => {
    const edited = { ...seeded, nameEn: 'Client type' };
    expect(dictTypeName(edited, 'en')).toBe('Client type');
    expect(dictTypeName(edited, 'es')).toBe('Tipo de cliente');
  });

  it('a renamed or reworded built-in type, and any type of the administrators, as stored (English, else Chinese)', () => {
    const renamed = { ...seeded, nameZh: '客户性质', nameEn: 'Customer nature', remark: '个人、个体户或企业' };
    expect(dictTypeName(renamed, 'es')).toBe('Customer nature');
    expect(dictTypeRemark(renamed, 'en')).toBe('个人、个体户或企业');
    const own = { code: 'loan_purpose', nameZh: '借款用途', nameEn: '', remark: '客户填写', builtIn: false };
    expect(dictTypeName(own, 'ja')).toBe('借款用途');
    expect(dictTypeName(own, 'en')).toBe('借款用途');
    expect(dictTypeRemark(own, 'en')).toBe('客户填写');
    // A type of the administrators' with a built-in code's names is not built in.
    expect(dictTypeRemark({ ...seeded, builtIn: false }, 'en')).toBe('个人或企业客户');
  });

  it('a built-in type whose English name was cleared falls back to the built-in English name', () => {
    expect(dictTypeName({ ...seeded, nameEn: '' }, 'en')).toBe('Customer kind');
  });
});
