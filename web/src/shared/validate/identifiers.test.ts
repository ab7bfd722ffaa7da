import { describe, expect, it } from 'vitest';
import {
  isAccountName,
  isAccountNo,
  isBankCard,
  isCreditCode,
  isMobile,
  isOtherIdNo,
  isPhone,
  isPlate,
  passesLuhn,
  residentIdCheckCharacter,
  residentIdProblem,
  vinCheckDigit,
  vinProblem,
} from './identifiers';

const TODAY = new Date(2026, 10, 22);

describe('resident ID numbers (GB 11643), as crates/domain/src/customer.rs checks them', () => {
  it('accepts real-format numbers with their check character', () => {
    // The standard's own example: 北京市朝阳区, born 1949-12-31, check character X.
    expect(residentIdProblem('11010519491231002X', TODAY)).toBeNull();
    expect(residentIdProblem('11010519491231002x', TODAY)).toBeNull(); // the server upper-cases
    expect(residentIdProblem(' 110101200002290018 ', TODAY)).toBeNull(); // 29 February 2000, trimmed
    expect(residentIdProblem('44030419900307123X', TODAY)).toBeNull();
    expect(residentIdProblem('320106198801014010', TODAY)).toBeNull();
    expect(residentIdCheckCharacter('11010519491231002')).toBe('X');
  });

  it('names what is wrong, in the server’s order', () => {
    expect(residentIdProblem('1101051949123100', TODAY)).toBe('format');
    expect(residentIdProblem('11010519491231002Y', TODAY)).toBe('format');
    expect(residentIdProblem('１１０１０５１９４９１２３１００２Ｘ', TODAY)).toBe('format');
    expect(residentIdProblem('440524188001010014', TODAY)).toBe('birthDate'); // before 1900
    expect(residentIdProblem('110105194902300020', TODAY)).toBe('birthDate'); // 30 February
    expect(residentIdProblem('110101190002290011', TODAY)).toBe('birthDate'); // 1900 is no leap year
    expect(residentIdProblem('110105194912310021', TODAY)).toBe('checkCharacter');
    // Born after today (with a correct check character).
    const future = `11010520301231001`;
    expect(residentIdProblem(future + residentIdCheckCharacter(future), TODAY)).toBe('birthDate');
  });

  it('other ID documents: 5 to 32 letters, digits or -', () => {
    expect(isOtherIdNo('E12345678')).toBe(true);
    expect(isOtherIdNo('h123-456')).toBe(true);
    expect(isOtherIdNo('1234')).toBe(false);
    expect(isOtherIdNo('E1234 5678')).toBe(false);
    expect(isOtherIdNo('A'.repeat(33))).toBe(false);
  });
});

describe('VINs (ISO 3779 / GB 16735)', () => {
  it('accepts VINs whose ninth character is their check digit', () => {
    expect(vinProblem('1M8GDM9AXKP042788')).toBeNull(); // check digit X
    expect(vinProblem('LSVAU218XN2183294')).toBeNull();
    expect(vinProblem('LFV2A21K367001234')).toBeNull(); // check digit 3
    expect(vinProblem(' 1m8gdm9axkp042788 ')).toBeNull(); // the server trims and upper-cases
    expect(vinCheckDigit('LFV2A21K067001234')).toBe('3');
  });

  it('names what is wrong', () => {
    expect(vinProblem('1M8GDM9AXKP04278')).toBe('format'); // 16 characters
    expect(vinProblem('1M8GDM9AXKP0427-8')).toBe('format');
    expect(vinProblem('1M8GDM9AXKP0427O8')).toBe('letter');
    expect(vinProblem('IM8GDM9AXKP042788')).toBe('letter');
    expect(vinProblem('1M8GDM9A1KP042788')).toBe('checkDigit');
  });
});

describe('plates', () => {
  it('as the server’s is_plate', () => {
    for (const good of ['京A12345', '粤B8D8F8', '沪AD12345', '苏E12345F', '浙A1234挂', '川AF1234', '京a12345']) expect(isPlate(good), good).toBe(true);
    for (const bad of ['A12345', '京I12345', '京A1234', '京A123456', '京AO1234', '京AD1234X', '港A12345', '']) expect(isPlate(bad), bad).toBe(false);
  });
});

describe('contact details', () => {
  it('mainland mobiles: 11 digits starting 1[3-9]', () => {
    expect(isMobile('13812345678')).toBe(true);
    expect(isMobile(' 19912345678 ')).toBe(true);
    expect(isMobile('12812345678')).toBe(false);
    expect(isMobile('1381234567')).toBe(false);
    expect(isMobile('138123456789')).toBe(false);
    expect(isMobile('1381234567a')).toBe(false);
  });

  it('contact telephones', () => {
    expect(isPhone('010-88886666')).toBe(true);
    expect(isPhone('+86 (10) 8888 6666')).toBe(true);
    expect(isPhone('')).toBe(true);
    expect(isPhone('1234')).toBe(false);
    expect(isPhone('010-8888x666')).toBe(false);
  });

  it('unified social credit codes (GB 32100)', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91110000600037341L')).toBe(true);
    expect(isCreditCode('91110000600037341l')).toBe(true);
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100I000100Y43')).toBe(false);
  });

  it('account names', () => {
    expect(isAccountName('admin')).toBe(true);
    expect(isAccountName('li.na-01@hq')).toBe(true);
    expect(isAccountName('ab')).toBe(false);
    expect(isAccountName('has space')).toBe(false);
    expect(isAccountName('管理员')).toBe(false);
  });
});

describe('bank numbers', () => {
  it('a customer’s bank card: 12 to 19 digits, blanks ignored', () => {
    expect(isBankCard('6222 0212 3456 7894')).toBe(true);
    expect(isBankCard('622202123456')).toBe(true);
    expect(isBankCard('62220212345')).toBe(false);
    expect(isBankCard('62220212345678901234')).toBe(false);
    expect(isBankCard('6222-0212-3456-7894')).toBe(false);
  });

  it('the Luhn check of card numbers', () => {
    expect(passesLuhn('6222 0212 3456 7894')).toBe(true);
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(passesLuhn('6212261202011584340')).toBe(true);
    expect(passesLuhn('6222021234567890')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('42a2')).toBe(false);
  });

  it('a partner’s bank account: 8 to 30 digits, blanks ignored', () => {
    expect(isAccountNo(' 6222 0212 3456 7890 ')).toBe(true);
    expect(isAccountNo('12345678')).toBe(true);
    expect(isAccountNo('1234567')).toBe(false);
    expect(isAccountNo('62220212345678X0')).toBe(false);
    expect(isAccountNo('1'.repeat(31))).toBe(false);
  });
});
