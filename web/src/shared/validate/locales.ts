import { addResources } from '../i18n';

/**
 * The messages of the identifier checks (namespace `validate`). The Chinese ones are the server's
 * own, word for word, so a field says the same thing whether the form or the server caught it.
 */
const zh = {
  mobile: '请输入正确的手机号',
  phone: '请输入正确的联系电话',
  residentId: {
    format: '身份证号须为 18 位（前 17 位数字，末位数字或 X）',
    birthDate: '身份证号中的出生日期无效',
    checkCharacter: '身份证号校验位不正确',
  },
  idNo: '证件号码须为 5 到 32 位字母、数字或 -',
  vin: {
    format: '车架号（VIN）须为 17 位数字或大写字母',
    letter: '车架号（VIN）不能含字母 I、O、Q',
    checkDigit: '车架号（VIN）第 9 位校验位不正确',
  },
  plate: '车牌号格式不正确（如 京A12345，新能源 粤BD12345）',
  creditCode: '统一社会信用代码不正确（18 位，末位为校验码）',
  bankCard: '银行卡号须为 12 到 19 位数字',
  bankCardLuhn: '该卡号未通过校验（Luhn），请核对后再保存',
  bankNameForCard: '填写银行卡号时须填写开户银行',
  accountNo: '银行账号须为 8 到 30 位数字',
  accountName: '账号须为 3 到 32 位字母、数字或 _ . - @',
};

type Dictionary<T> = { [K in keyof T]: T[K] extends string ? string : Dictionary<T[K]> };
export type ValidateDictionary = Dictionary<typeof zh>;

const en: ValidateDictionary = {
  mobile: 'Enter a valid mobile number',
  phone: 'Enter a valid telephone number',
  residentId: {
    format: 'A resident ID number has 18 characters (17 digits, then a digit or X)',
    birthDate: 'The birth date in the ID number is not valid',
    checkCharacter: 'The ID number’s check character is wrong',
  },
  idNo: 'An ID number has 5 to 32 letters, digits or -',
  vin: {
    format: 'A VIN has 17 digits or capital letters',
    letter: 'A VIN contains no I, O or Q',
    checkDigit: 'The VIN’s check digit (9th character) is wrong',
  },
  plate: 'Not a plate number (e.g. 京A12345, new energy 粤BD12345)',
  creditCode: 'Not a unified social credit code (18 characters, the last one a check character)',
  bankCard: 'A bank card number has 12 to 19 digits',
  bankCardLuhn: 'This card number fails the Luhn check; check it before saving',
  bankNameForCard: 'Enter the bank of the card',
  accountNo: 'A bank account number has 8 to 30 digits',
  accountName: 'An account name has 3 to 32 letters, digits or _ . - @',
};

const es: ValidateDictionary = {
  mobile: 'Introduzca un móvil válido',
  phone: 'Introduzca un teléfono válido',
  residentId: {
    format: 'El documento de identidad tiene 18 caracteres (17 dígitos y un dígito o X)',
    birthDate: 'La fecha de nacimiento del documento no es válida',
    checkCharacter: 'El carácter de control del documento no es correcto',
  },
  idNo: 'El número de documento tiene de 5 a 32 letras, dígitos o -',
  vin: {
    format: 'El VIN tiene 17 dígitos o letras mayúsculas',
    letter: 'El VIN no contiene las letras I, O ni Q',
    checkDigit: 'El dígito de control del VIN (9.º carácter) no es correcto',
  },
  plate: 'Matrícula no válida (p. ej. 京A12345, eléctrica 粤BD12345)',
  creditCode: 'Código de crédito social no válido (18 caracteres, el último de control)',
  bankCard: 'El número de tarjeta tiene de 12 a 19 dígitos',
  bankCardLuhn: 'Este número de tarjeta no supera el control de Luhn; revíselo antes de guardar',
  bankNameForCard: 'Introduzca el banco de la tarjeta',
  accountNo: 'El número de cuenta tiene de 8 a 30 dígitos',
  accountName: 'La cuenta tiene de 3 a 32 letras, dígitos o _ . - @',
};

const ja: ValidateDictionary = {
  mobile: '正しい携帯電話番号を入力してください',
  phone: '正しい電話番号を入力してください',
  residentId: {
    format: '身分証番号は 18 桁です（17 桁の数字と、数字または X）',
    birthDate: '身分証番号の生年月日が正しくありません',
    checkCharacter: '身分証番号のチェック文字が正しくありません',
  },
  idNo: '証件番号は 5〜32 文字の英数字または - です',
  vin: {
    format: '車台番号（VIN）は 17 文字の数字または大文字です',
    letter: '車台番号（VIN）に I、O、Q は使えません',
    checkDigit: '車台番号（VIN）の 9 文字目（チェックディジット）が正しくありません',
  },
  plate: 'ナンバーの形式が正しくありません（例：京A12345、新エネルギー車 粤BD12345）',
  creditCode: '統一社会信用コードが正しくありません（18 文字、末尾はチェック文字）',
  bankCard: '銀行カード番号は 12〜19 桁の数字です',
  bankCardLuhn: 'このカード番号は Luhn チェックを通りません。保存前にご確認ください',
  bankNameForCard: 'カードの銀行を入力してください',
  accountNo: '口座番号は 8〜30 桁の数字です',
  accountName: 'アカウントは 3〜32 文字の英数字または _ . - @ です',
};

export const validateDictionaries = { zh, en, es, ja };
export const VALIDATE_NS = 'validate';
addResources(VALIDATE_NS, validateDictionaries);
