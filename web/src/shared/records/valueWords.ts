import { useTranslation } from 'react-i18next';
import { optionLabels } from '../customer/options';
import { useDictionaryLabels } from '../dictionary/dictionary';
import { addResources } from '../i18n';

/**
 * The words of the coded values of the platform's other records — a capital provider, its bank
 * accounts and e-signature account, a contract template, a product, a notice template and batch,
 * an insurer, a customer, an article, an uploaded file — and a notice batch's target's labels, in the four languages, written once (the money records'
 * are in `shared/order/valueWords.ts`): the statuses of each record keyed by its table
 * (`crates/domain/src/status.rs`, `enum X in "table"`; a customer's and an article's status, which
 * are no transition's, by their tables too), and the other codes those records carry. The partner,
 * capital, operate, content and 订单规则配置 screens take their tables from here, and the operation
 * log reads a detail's codes with `useRecordWords`. A customer's status and KYC status stay in
 * `shared/customer/options.ts` and are referenced, not copied. Codes of data-dictionary types (a
 * customer's kind, a file's kind, a refusal's reason) have their words in the dictionary, which
 * admins edit: `useRecordWords` reads them from there (`DICTIONARY_VALUES`).
 */

const zh = {
  status: {
    capital_provider: { ACTIVE: '合作中', PAUSED: '已暂停', TERMINATED: '已终止' },
    capital_esign_account: { UNSUBMITTED: '未提交', PENDING: '审核中', VERIFIED: '已认证' },
    contract_template: { DRAFT: '草稿', ACTIVE: '生效', RETIRED: '已停用' },
    product: { DRAFT: '草稿', ACTIVE: '启用', RETIRED: '已停用' },
    notice_batch: { RUNNING: '发送中', FINISHED: '已完成' },
    notice_recipient: { QUEUED: '排队中', SENDING: '发送中', SENT: '已发送', FAILED: '失败' },
    customer: optionLabels.zh.status,
    article: { DRAFT: '草稿', PUBLISHED: '已发布' },
  },
  /** A capital provider's kind of institution. */
  providerKind: { BANK: '银行', CONSUMER_FINANCE: '消费金融公司', MICRO_LOAN: '小额贷款公司', FACTORING: '保理公司', TRUST: '信托公司' },
  /** A capital provider's guarantee (the days of an advance are the provider's `advanceAfterDays`). */
  guaranteeMode: { NONE: '无担保', PLATFORM_ADVANCE_AFTER_N_DAYS: '逾期 N 天平台代偿', BUYBACK: '平台回购' },
  settlementCycle: { 'T+0': 'T+0', 'T+1': 'T+1', MONTHLY: '按月' },
  /** How a capital provider takes the orders allocated to it. */
  acceptMode: { AUTO: '自动接单', MANUAL: '人工确认' },
  /** What a capital provider's bank account is for. */
  accountPurpose: { DISBURSE: '放款账户', COLLECT: '收款账户', SETTLEMENT: '结算账户' },
  /** The kind of document a contract template makes. */
  docKind: {
    LOAN_CONTRACT: '借款合同',
    SERVICE_AGREEMENT: '服务协议',
    OWNER_DECLARATION: '车主声明',
    POWER_OF_ATTORNEY: '授权委托书',
    WITHHOLDING_AUTH: '代扣授权书',
    PRIVACY_AUTH: '个人信息授权书',
    SETTLEMENT_CERTIFICATE: '结清证明',
  },
  /** How a notice reaches the customer (a notice template's and a batch's channel). */
  noticeChannel: { SMS: '短信', IN_APP: '站内信' },
  /** Why an insurer lets a compulsory policy be surrendered. */
  compulsoryReason: { VEHICLE_SCRAPPED: '车辆报废', VEHICLE_TRANSFERRED: '车辆转让', DUPLICATE_INSURANCE: '重复投保', OTHER: '其他' },
  kycStatus: optionLabels.zh.kycStatus,
  /** What an uploaded file is for (`stored_file.purpose`): the content screens' images. */
  filePurpose: { BANNER: '广告图片', ARTICLE_COVER: '文章封面' },
  /** Whom a notice batch is sent to (通知发送's choice; the operation log reads a batch's `target.mode`). */
  noticeMode: { CUSTOMERS: '指定客户', FILTER: '按条件筛选' },
  /** The labels of a notice batch's target, as 通知发送's dialog shows them (the operation log reads the batch's `target` with them). */
  noticeTargetField: { target: '发送对象', customers: '选择客户', filterName: '姓名包含', kind: '客户类型', customerStatus: '客户状态', created: '注册时间' },
};

export type RecordWords = typeof zh;

const en: RecordWords = {
  status: {
    capital_provider: { ACTIVE: 'Active', PAUSED: 'Paused', TERMINATED: 'Terminated' },
    capital_esign_account: { UNSUBMITTED: 'Not submitted', PENDING: 'Under review', VERIFIED: 'Verified' },
    contract_template: { DRAFT: 'Draft', ACTIVE: 'Active', RETIRED: 'Retired' },
    product: { DRAFT: 'Draft', ACTIVE: 'Active', RETIRED: 'Retired' },
    notice_batch: { RUNNING: 'Sending', FINISHED: 'Finished' },
    notice_recipient: { QUEUED: 'Queued', SENDING: 'Sending', SENT: 'Sent', FAILED: 'Failed' },
    customer: optionLabels.en.status,
    article: { DRAFT: 'Draft', PUBLISHED: 'Published' },
  },
  providerKind: { BANK: 'Bank', CONSUMER_FINANCE: 'Consumer finance company', MICRO_LOAN: 'Micro-loan company', FACTORING: 'Factoring company', TRUST: 'Trust company' },
  guaranteeMode: { NONE: 'None', PLATFORM_ADVANCE_AFTER_N_DAYS: 'Platform advance after N days', BUYBACK: 'Platform buyback' },
  settlementCycle: { 'T+0': 'T+0', 'T+1': 'T+1', MONTHLY: 'Monthly' },
  acceptMode: { AUTO: 'Automatic', MANUAL: 'Manual' },
  accountPurpose: { DISBURSE: 'Disbursement', COLLECT: 'Collection', SETTLEMENT: 'Settlement' },
  docKind: {
    LOAN_CONTRACT: 'Loan contract',
    SERVICE_AGREEMENT: 'Service agreement',
    OWNER_DECLARATION: 'Owner declaration',
    POWER_OF_ATTORNEY: 'Power of attorney',
    WITHHOLDING_AUTH: 'Direct debit authorisation',
    PRIVACY_AUTH: 'Privacy authorisation',
    SETTLEMENT_CERTIFICATE: 'Settlement certificate',
  },
  noticeChannel: { SMS: 'SMS', IN_APP: 'In-app message' },
  compulsoryReason: { VEHICLE_SCRAPPED: 'Vehicle scrapped', VEHICLE_TRANSFERRED: 'Vehicle transferred', DUPLICATE_INSURANCE: 'Duplicate insurance', OTHER: 'Other' },
  kycStatus: optionLabels.en.kycStatus,
  filePurpose: { BANNER: 'Banner image', ARTICLE_COVER: 'Article cover' },
  noticeMode: { CUSTOMERS: 'Chosen customers', FILTER: 'By filter' },
  noticeTargetField: { target: 'Recipients', customers: 'Customers', filterName: 'Name contains', kind: 'Customer type', customerStatus: 'Customer status', created: 'Registered' },
};

const es: RecordWords = {
  status: {
    capital_provider: { ACTIVE: 'Activo', PAUSED: 'En pausa', TERMINATED: 'Terminado' },
    capital_esign_account: { UNSUBMITTED: 'No enviado', PENDING: 'En revisión', VERIFIED: 'Verificado' },
    contract_template: { DRAFT: 'Borrador', ACTIVE: 'Vigente', RETIRED: 'Retirada' },
    product: { DRAFT: 'Borrador', ACTIVE: 'Activa', RETIRED: 'Retirada' },
    notice_batch: { RUNNING: 'Enviando', FINISHED: 'Terminado' },
    notice_recipient: { QUEUED: 'En cola', SENDING: 'Enviando', SENT: 'Enviado', FAILED: 'Fallido' },
    customer: optionLabels.es.status,
    article: { DRAFT: 'Borrador', PUBLISHED: 'Publicado' },
  },
  providerKind: { BANK: 'Banco', CONSUMER_FINANCE: 'Financiera de consumo', MICRO_LOAN: 'Microcréditos', FACTORING: 'Factoring', TRUST: 'Fideicomiso' },
  guaranteeMode: { NONE: 'Sin garantía', PLATFORM_ADVANCE_AFTER_N_DAYS: 'Anticipo de la plataforma tras N días', BUYBACK: 'Recompra de la plataforma' },
  settlementCycle: { 'T+0': 'T+0', 'T+1': 'T+1', MONTHLY: 'Mensual' },
  acceptMode: { AUTO: 'Automática', MANUAL: 'Manual' },
  accountPurpose: { DISBURSE: 'Desembolso', COLLECT: 'Cobro', SETTLEMENT: 'Liquidación' },
  docKind: {
    LOAN_CONTRACT: 'Contrato de préstamo',
    SERVICE_AGREEMENT: 'Acuerdo de servicio',
    OWNER_DECLARATION: 'Declaración del propietario',
    POWER_OF_ATTORNEY: 'Poder notarial',
    WITHHOLDING_AUTH: 'Autorización de domiciliación',
    PRIVACY_AUTH: 'Autorización de privacidad',
    SETTLEMENT_CERTIFICATE: 'Certificado de liquidación',
  },
  noticeChannel: { SMS: 'SMS', IN_APP: 'Mensaje en la app' },
  compulsoryReason: { VEHICLE_SCRAPPED: 'Vehículo desguazado', VEHICLE_TRANSFERRED: 'Vehículo transferido', DUPLICATE_INSURANCE: 'Seguro duplicado', OTHER: 'Otro' },
  kycStatus: optionLabels.es.kycStatus,
  filePurpose: { BANNER: 'Imagen del anuncio', ARTICLE_COVER: 'Portada del artículo' },
  noticeMode: { CUSTOMERS: 'Clientes elegidos', FILTER: 'Por filtro' },
  noticeTargetField: { target: 'Destinatarios', customers: 'Clientes', filterName: 'El nombre contiene', kind: 'Tipo de cliente', customerStatus: 'Estado del cliente', created: 'Alta' },
};

const ja: RecordWords = {
  status: {
    capital_provider: { ACTIVE: '提携中', PAUSED: '一時停止', TERMINATED: '終了' },
    capital_esign_account: { UNSUBMITTED: '未提出', PENDING: '審査中', VERIFIED: '認証済み' },
    contract_template: { DRAFT: '下書き', ACTIVE: '有効', RETIRED: '廃止' },
    product: { DRAFT: '下書き', ACTIVE: '有効', RETIRED: '停止' },
    notice_batch: { RUNNING: '送信中', FINISHED: '完了' },
    notice_recipient: { QUEUED: '待機中', SENDING: '送信中', SENT: '送信済み', FAILED: '失敗' },
    customer: optionLabels.ja.status,
    article: { DRAFT: '下書き', PUBLISHED: '公開中' },
  },
  providerKind: { BANK: '銀行', CONSUMER_FINANCE: '消費者金融会社', MICRO_LOAN: '小口融資会社', FACTORING: 'ファクタリング会社', TRUST: '信託会社' },
  guaranteeMode: { NONE: '保証なし', PLATFORM_ADVANCE_AFTER_N_DAYS: 'N 日延滞後にプラットフォームが立替', BUYBACK: 'プラットフォーム買戻し' },
  settlementCycle: { 'T+0': 'T+0', 'T+1': 'T+1', MONTHLY: '月次' },
  acceptMode: { AUTO: '自動受注', MANUAL: '手動確認' },
  accountPurpose: { DISBURSE: '融資実行口座', COLLECT: '入金口座', SETTLEMENT: '決済口座' },
  docKind: {
    LOAN_CONTRACT: '借入契約書',
    SERVICE_AGREEMENT: 'サービス契約書',
    OWNER_DECLARATION: '車両所有者声明書',
    POWER_OF_ATTORNEY: '委任状',
    WITHHOLDING_AUTH: '口座振替承諾書',
    PRIVACY_AUTH: '個人情報取扱同意書',
    SETTLEMENT_CERTIFICATE: '完済証明書',
  },
  noticeChannel: { SMS: 'SMS', IN_APP: 'アプリ内メッセージ' },
  compulsoryReason: { VEHICLE_SCRAPPED: '車両廃車', VEHICLE_TRANSFERRED: '車両譲渡', DUPLICATE_INSURANCE: '重複加入', OTHER: 'その他' },
  kycStatus: optionLabels.ja.kycStatus,
  filePurpose: { BANNER: '広告画像', ARTICLE_COVER: '記事のカバー' },
  noticeMode: { CUSTOMERS: '顧客を指定', FILTER: '条件で絞り込み' },
  noticeTargetField: { target: '送信先', customers: '顧客', filterName: '名前に含む', kind: '顧客種別', customerStatus: '顧客状態', created: '登録日時' },
};

export const RECORD_WORDS_NS = 'recordWords';
export const recordWordDictionaries = { zh, en, es, ja };

addResources(RECORD_WORDS_NS, recordWordDictionaries);

/** The tables whose statuses have words here. */
export type RecordStatusTable = keyof RecordWords['status'];

type WordTable = Exclude<keyof RecordWords, 'status'>;

/** What a coded value stands for: the detail key it is under and the table of the record (the operation log's `targetType`). */
export interface RecordValueContext {
  key?: string;
  target?: string;
}

/** Detail keys that hold a status of the record itself: `{from, to}` of a change, `status`. */
const STATUS_KEYS: ReadonlySet<string> = new Set(['status', 'from', 'to']);

function isStatusTable(target: string | undefined): target is RecordStatusTable {
  return target !== undefined && Object.hasOwn(zh.status, target);
}

/**
 * The data-dictionary type of the codes under `<table>.<key>`: their words are the dictionary's
 * items (the screens show them with `DictLabel`). An order's refusal logs under `orders`.
 */
export const DICTIONARY_VALUES: Readonly<Record<string, string>> = {
  'customer.kind': 'customer_kind',
  'customer_file.kind': 'customer_file_kind',
  'order_file.kind': 'order_file_kind',
  'order_file_apply.kind': 'order_file_kind',
  'orders.reasonCode': 'reject_reason',
};

const DICTIONARY_TYPES: readonly string[] = [...new Set(Object.values(DICTIONARY_VALUES))];

/**
 * Which table of words reads a value under `key` of a record of `target`: `status.<table>` for a
 * status, another table of these words, or nothing (not a code of these records: the money
 * records' words may have it, else it is shown as it is).
 */
export function recordValueTable(context: RecordValueContext): `status.${RecordStatusTable}` | WordTable | undefined {
  const { key, target } = context;
  if (key === undefined) return undefined;
  if (STATUS_KEYS.has(key)) return isStatusTable(target) ? `status.${target}` : undefined;
  switch (`${target}.${key}`) {
    case 'capital_provider.kind':
      return 'providerKind';
    case 'capital_provider.guaranteeMode':
      return 'guaranteeMode';
    case 'capital_provider.settlementCycle':
      return 'settlementCycle';
    case 'capital_provider.acceptMode':
      return 'acceptMode';
    case 'capital_provider_account.purpose':
      return 'accountPurpose';
    case 'contract_template.docKind':
      return 'docKind';
    case 'notice_template.channel':
    case 'notice_batch.channel':
      return 'noticeChannel';
    case 'insurer.compulsoryReasons':
      return 'compulsoryReason';
    case 'customer.kycStatus':
      return 'kycStatus';
    case 'stored_file.purpose':
      return 'filePurpose';
    default:
      return undefined;
  }
}

/** Whether `table` has words for `value` (a code: free text never becomes a dictionary key). */
function hasWords(table: `status.${RecordStatusTable}` | WordTable, value: string): boolean {
  const words: Record<string, string> = table.startsWith('status.') ? zh.status[table.slice('status.'.length) as RecordStatusTable] : zh[table as WordTable];
  return Object.hasOwn(words, value);
}

/**
 * A coded value of these records in words in the interface language (see `recordValueTable`;
 * a data-dictionary code in its item's label, see `DICTIONARY_VALUES`), or undefined when these
 * records have no words for it. The dictionary types are fetched when the hook is first used
 * (until they arrive, their codes have no words).
 */
export function useRecordWords(): (value: string, context: RecordValueContext) => string | undefined {
  const { t } = useTranslation(RECORD_WORDS_NS);
  const dictionary = useDictionaryLabels(DICTIONARY_TYPES);
  return (value, context) => {
    const type = DICTIONARY_VALUES[`${context.target}.${context.key}`];
    if (type !== undefined) return dictionary(type, value);
    const table = recordValueTable(context);
    return table !== undefined && hasWords(table, value) ? t(`${table}.${value}`) : undefined;
  };
}
