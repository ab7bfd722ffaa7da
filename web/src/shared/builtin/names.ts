import { useTranslation } from 'react-i18next';
import { displayName, getUserInfo } from '../auth/token';
import { isLanguage, type Language } from '../i18n/languages';

/**
 * Names of the records the server creates itself (docs/content.md, "Built-in names"), in the
 * four languages. A built-in record is known by its stable code; the Chinese name is the one the
 * server stores when it creates the record (crates/service/src/system/bootstrap.rs, the
 * migrations m0005, m0009, m0016, m0023, m0024). Stored names are never changed: a user may have
 * renamed the record, so the translation is shown only while the stored name is still that
 * default, else the stored name as it is.
 */
export type BuiltInKind = 'role' | 'roleDescription' | 'person' | 'smsTemplate' | 'noticeTemplate' | 'contractTemplate' | 'dictType' | 'dictTypeRemark';

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
  /**
   * The dictionary types m0009 seeds, by their code. A type stores a Chinese and an English name
   * (the English one is m0009's, editable): the English name shown is the stored one; Spanish
   * and Japanese come from here while the Chinese name is still the default.
   */
  dictType: {
    customer_kind: { zh: '客户类型', en: 'Customer kind', es: 'Tipo de cliente', ja: '顧客区分' },
    id_type: { zh: '证件类型', en: 'ID document type', es: 'Tipo de documento de identidad', ja: '証明書種別' },
    vehicle_usage: { zh: '车辆使用性质', en: 'Vehicle usage', es: 'Uso del vehículo', ja: '車両用途' },
    customer_file_kind: { zh: '客户资料类型', en: 'Customer file kind', es: 'Tipo de archivo del cliente', ja: '顧客書類の種別' },
    order_file_kind: { zh: '订单资料类型', en: 'Order file kind', es: 'Tipo de archivo del pedido', ja: '注文書類の種別' },
    reject_reason: { zh: '驳回原因', en: 'Rejection reason', es: 'Motivo del rechazo', ja: '否決理由' },
    return_reason: { zh: '退回原因', en: 'Return reason', es: 'Motivo de la devolución', ja: '差し戻し理由' },
    surrender_reason: { zh: '退保原因', en: 'Surrender reason', es: 'Motivo del rescate', ja: '解約理由' },
    banner_position: { zh: '广告位置', en: 'Banner position', es: 'Posición del anuncio', ja: '広告掲載位置' },
  },
  /** A seeded dictionary type's remark (stored in Chinese only), the same way as a name. */
  dictTypeRemark: {
    customer_kind: { zh: '个人或企业客户', en: 'Individual or enterprise customer', es: 'Cliente particular o empresa', ja: '個人または法人の顧客' },
    id_type: {
      zh: '客户（或企业法定代表人）的证件类型',
      en: "The customer's ID document (or the enterprise's legal representative's)",
      es: 'Documento de identidad del cliente (o del representante legal de la empresa)',
      ja: '顧客（または法人の代表者）の証明書の種別',
    },
    vehicle_usage: { zh: '行驶证上的使用性质', en: 'The usage stated on the vehicle licence', es: 'Uso que consta en el permiso de circulación', ja: '車検証に記載の用途' },
    customer_file_kind: {
      zh: '客户资料上传时选择的类型',
      en: 'The kind chosen when a customer file is uploaded',
      es: 'Tipo que se elige al subir un archivo del cliente',
      ja: '顧客書類のアップロード時に選ぶ種別',
    },
    order_file_kind: {
      zh: '订单资料上传时选择的类型',
      en: 'The kind chosen when an order file is uploaded',
      es: 'Tipo que se elige al subir un archivo del pedido',
      ja: '注文書類のアップロード時に選ぶ種別',
    },
    reject_reason: {
      zh: '审核不通过时选择的原因，可自行增加',
      en: 'The reason chosen when a review rejects an order; you may add your own',
      es: 'Motivo que se elige cuando la revisión rechaza un pedido; puede añadir los suyos',
      ja: '審査で否決するときに選ぶ理由。独自に追加できます',
    },
    return_reason: {
      zh: '订单退回修改时选择的原因，可自行增加',
      en: 'The reason chosen when an order is returned for correction; you may add your own',
      es: 'Motivo que se elige al devolver un pedido para corregirlo; puede añadir los suyos',
      ja: '注文を修正のため差し戻すときに選ぶ理由。独自に追加できます',
    },
    surrender_reason: { zh: '退保申请的原因', en: 'The reason for a surrender application', es: 'Motivo de una solicitud de rescate', ja: '解約申請の理由' },
    banner_position: {
      zh: '广告展示的位置，可自行增加',
      en: 'Where a banner is shown; you may add your own',
      es: 'Dónde se muestra el anuncio; puede añadir los suyos',
      ja: '広告を表示する位置。独自に追加できます',
    },
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
