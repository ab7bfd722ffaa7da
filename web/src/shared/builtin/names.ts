import { useTranslation } from 'react-i18next';
import { displayName, getUserInfo } from '../auth/token';
import { isLanguage, type Language } from '../i18n/languages';

/**
 * Names of the records the server creates itself (docs/content.md, "Built-in names"), in the
 * four languages. A built-in record is known by its stable code; the Chinese name is the one the
 * server stores when it creates the record (crates/service/src/system/bootstrap.rs, the
 * migrations m0005, m0016, m0023, m0024). Stored names are never changed: a user may have
 * renamed the record, so the translation is shown only while the stored name is still that
 * default, else the stored name as it is.
 */
export type BuiltInKind = 'role' | 'roleDescription' | 'person' | 'smsTemplate' | 'noticeTemplate' | 'contractTemplate';

type Names = Record<Language, string>;

export const BUILT_IN_NAMES: Record<BuiltInKind, Readonly<Record<string, Names>>> = {
  role: {
    super_admin: { zh: '超级管理员', en: 'Super administrator', es: 'Superadministrador', ja: 'スーパー管理者' },
  },
  /**
   * The person's name of the first administrator the server creates on an empty database
   * (account `admin`, name 超级管理员), shown in the greeting.
   */
  person: {
    admin: { zh: '超级管理员', en: 'Super administrator', es: 'Superadministrador', ja: 'スーパー管理者' },
  },
  /** A built-in role's description, the same way as its name. */
  roleDescription: {
    super_admin: {
      zh: '内置角色，拥有全部平台管理权限',
      en: 'Built-in role holding every platform administration permission',
      es: 'Rol predefinido con todos los permisos de administración de la plataforma',
      ja: 'すべてのプラットフォーム管理権限を持つ組み込みロール',
    },
  },
  smsTemplate: {
    LOGIN_CODE: { zh: '登录验证码', en: 'Sign-in code', es: 'Código de acceso', ja: 'ログイン認証コード' },
  },
  noticeTemplate: {
    DEMAND_NOTICE: {
      zh: '逾期催告函（退保前）',
      en: 'Overdue demand notice (before surrender)',
      es: 'Requerimiento por impago (antes de la rescisión)',
      ja: '延滞催告書（解約前）',
    },
  },
  contractTemplate: {
    BUILTIN_OWNER_DECLARATION: { zh: '车主声明', en: 'Owner declaration', es: 'Declaración del propietario', ja: '車両所有者声明書' },
    BUILTIN_POWER_OF_ATTORNEY: { zh: '授权委托书', en: 'Power of attorney', es: 'Poder notarial', ja: '委任状' },
    BUILTIN_LOAN_CONTRACT: {
      zh: '保费分期借款合同',
      en: 'Premium instalment loan contract',
      es: 'Contrato de préstamo de la prima a plazos',
      ja: '保険料分割払い借入契約書',
    },
    BUILTIN_SERVICE_AGREEMENT: { zh: '分期服务协议', en: 'Instalment service agreement', es: 'Acuerdo de servicio de pago a plazos', ja: '分割払いサービス契約書' },
    BUILTIN_WITHHOLDING_AUTH: { zh: '代扣授权书', en: 'Direct debit authorisation', es: 'Autorización de domiciliación', ja: '口座振替承諾書' },
    BUILTIN_PRIVACY_AUTH: {
      zh: '个人信息处理授权书',
      en: 'Personal information processing authorisation',
      es: 'Autorización para el tratamiento de datos personales',
      ja: '個人情報取扱同意書',
    },
    BUILTIN_SETTLEMENT_CERTIFICATE: { zh: '结清证明', en: 'Settlement certificate', es: 'Certificado de liquidación', ja: '完済証明書' },
  },
};

/**
 * The name to show of a record of `kind` with `code` whose stored name is `name`: the built-in
 * record's name in `language` while `name` is still the built-in default, else `name` unchanged
 * (a renamed built-in record, or any record that is not built in).
 */
export function builtInName(kind: BuiltInKind, code: string | null | undefined, name: string, language: string): string {
  if (!code || !Object.hasOwn(BUILT_IN_NAMES[kind], code)) return name;
  const names = BUILT_IN_NAMES[kind][code];
  if (names === undefined || name.trim() !== names.zh) return name;
  return isLanguage(language) ? names[language] : names.en;
}

/** `builtInName` in the current interface language; re-renders when the language changes. */
export function useBuiltInName(): (kind: BuiltInKind, code: string | null | undefined, name: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return (kind, code, name) => builtInName(kind, code, name, language);
}

/**
 * How the signed-in user is greeted, in the current interface language: the person's name (the
 * first administrator's default name translated), else the account.
 */
export function useGreetingName(): string {
  const name = useBuiltInName();
  const info = getUserInfo();
  return name('person', info?.username, displayName(info));
}
