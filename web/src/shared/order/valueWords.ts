import { useTranslation } from 'react-i18next';
import { addResources } from '../i18n';
import { surrenderLabelDictionaries } from '../surrender/labels';
import { isOrderStatus, ORDER_STATUS_NS } from './status';

/**
 * The words of the coded values of an order's money and lifecycle records, in the four languages,
 * written once: the statuses of each record keyed by its table (`crates/domain/src/status.rs`,
 * `enum X in "table"`; the allocation, plan and plan item as their tables name them), the payment
 * channels, and the other codes those records carry (a repayment's purpose and source, a policy's
 * kind, a signer's role, a recovery's method, a write-off's bearer, a collection note's method).
 * The order screens, the waiver, recovery, premium, advance, overdue and surrender screens take
 * their tables from here, and the operation log reads a detail's codes with `useValueWords`. The
 * surrender's own words (status, demand notice, reason, shortfall resolution) stay in
 * `shared/surrender/labels.ts` and are referenced, not copied.
 */

const zh = {
  status: {
    order_contract: { SIGNING: '签署中', SIGNED: '已签署', REJECTED: '已拒签', VOIDED: '已作废' },
    order_receipt: { RECORDED: '待确认', CONFIRMED: '已确认', REJECTED: '已驳回' },
    repayment: { RECORDED: '待确认', CONFIRMED: '已确认', REJECTED: '已驳回', REVERSED: '已冲正' },
    waiver: {
      PENDING_APPROVAL: '待审批',
      PENDING_SECOND: '待复审',
      APPROVED: '已批准（待客户还款）',
      EFFECTIVE: '已生效',
      REJECTED: '已驳回',
      WITHDRAWN: '已撤回',
      EXPIRED: '已过期',
    },
    recovery: {
      PENDING_APPROVAL: '待审批',
      PENDING_SECOND: '待复审',
      APPROVED: '追偿中',
      EXECUTED: '已完成',
      REJECTED: '已驳回',
      CANCELLED: '已撤回',
    },
    write_off: { PENDING_APPROVAL: '待审批', PENDING_SECOND: '待复审', EXECUTED: '已核销', REJECTED: '已驳回', WITHDRAWN: '已撤回' },
    premium_payment: { DRAFT: '草稿', SUBMITTED: '已提交', CP_APPROVED: '资金方已审批', PARTIALLY_PAID: '部分已付', PAID: '已付款', CANCELLED: '已取消' },
    premium_payment_line: { LIVE: '待付款', PAID: '已付款', REMOVED: '已移出', REVERSED: '已冲正' },
    insurance_policy: { QUOTED: '已报价', UNDERWRITTEN: '已核保', ISSUED: '已出单' },
    allocation: { RESERVED: '待确认', ACTIVE: '已确认', FUNDED: '已放款', CLOSED: '已结束', DECLINED: '已拒绝', CANCELLED: '已撤回' },
    order_plan: { PENDING: '待生效', ACTIVE: '生效中' },
    order_plan_item: { NOT_DUE: '未到期', DUE: '待还', OVERDUE: '已逾期', PAID: '已还清', CANCELLED: '已取消', WRITTEN_OFF: '已核销' },
    surrender: surrenderLabelDictionaries.zh.status,
    demand_notice: surrenderLabelDictionaries.zh.notice,
  },
  /** How money was paid or paid out (a receipt, a repayment, a surrender's refund and payout). */
  channel: { BANK_TRANSFER: '银行转账', WITHHOLD: '代扣', ONLINE_PAY: '在线支付', OFFLINE: '线下' },
  repaymentPurpose: { REPAYMENT: '还款', EARLY_SETTLEMENT: '提前结清', FIRST_INSTALMENT: '首期款（首付时收取）', DEPOSIT_OFFSET: '保证金抵扣' },
  repaymentSource: { CUSTOMER: '客户本人', THIRD_PARTY: '第三方代付', CREDIT: '客户余额', DEPOSIT: '保证金' },
  policyKind: { COMMERCIAL: '商业险', COMPULSORY: '交强险', VEHICLE_TAX: '车船税' },
  signerRole: { CUSTOMER: '客户', PLATFORM: '平台', CAPITAL: '资金方' },
  recoveryMethod: { COLLECTION_AGENCY: '委外催收', LITIGATION: '诉讼', WRITE_OFF: '核销' },
  writeOffBearer: { CAPITAL_PROVIDER: '资金方承担', PLATFORM: '平台承担（买断资金方本金）' },
  collectionMethod: { PHONE: '电话', SMS: '短信', VISIT: '上门', LETTER: '信函', OTHER: '其他' },
  surrenderReason: surrenderLabelDictionaries.zh.reason,
  shortfallResolution: surrenderLabelDictionaries.zh.resolution,
};

export type ValueWords = typeof zh;

const en: ValueWords = {
  status: {
    order_contract: { SIGNING: 'Signing', SIGNED: 'Signed', REJECTED: 'Refused', VOIDED: 'Voided' },
    order_receipt: { RECORDED: 'To confirm', CONFIRMED: 'Confirmed', REJECTED: 'Rejected' },
    repayment: { RECORDED: 'To confirm', CONFIRMED: 'Confirmed', REJECTED: 'Rejected', REVERSED: 'Reversed' },
    waiver: {
      PENDING_APPROVAL: 'Awaiting approval',
      PENDING_SECOND: 'Awaiting second approval',
      APPROVED: 'Approved (awaiting payment)',
      EFFECTIVE: 'Effective',
      REJECTED: 'Rejected',
      WITHDRAWN: 'Withdrawn',
      EXPIRED: 'Expired',
    },
    recovery: {
      PENDING_APPROVAL: 'Awaiting approval',
      PENDING_SECOND: 'Awaiting second approval',
      APPROVED: 'In recovery',
      EXECUTED: 'Completed',
      REJECTED: 'Rejected',
      CANCELLED: 'Withdrawn',
    },
    write_off: { PENDING_APPROVAL: 'Awaiting approval', PENDING_SECOND: 'Awaiting second approval', EXECUTED: 'Written off', REJECTED: 'Rejected', WITHDRAWN: 'Withdrawn' },
    premium_payment: { DRAFT: 'Draft', SUBMITTED: 'Submitted', CP_APPROVED: 'Approved by provider', PARTIALLY_PAID: 'Partly paid', PAID: 'Paid', CANCELLED: 'Cancelled' },
    premium_payment_line: { LIVE: 'To pay', PAID: 'Paid', REMOVED: 'Removed', REVERSED: 'Reversed' },
    insurance_policy: { QUOTED: 'Quoted', UNDERWRITTEN: 'Underwritten', ISSUED: 'Issued' },
    allocation: { RESERVED: 'Reserved', ACTIVE: 'Confirmed', FUNDED: 'Funded', CLOSED: 'Closed', DECLINED: 'Declined', CANCELLED: 'Withdrawn' },
    order_plan: { PENDING: 'Pending', ACTIVE: 'Active' },
    order_plan_item: { NOT_DUE: 'Not due', DUE: 'Due', OVERDUE: 'Overdue', PAID: 'Paid', CANCELLED: 'Cancelled', WRITTEN_OFF: 'Written off' },
    surrender: surrenderLabelDictionaries.en.status,
    demand_notice: surrenderLabelDictionaries.en.notice,
  },
  channel: { BANK_TRANSFER: 'Bank transfer', WITHHOLD: 'Direct debit', ONLINE_PAY: 'Online payment', OFFLINE: 'Offline' },
  repaymentPurpose: {
    REPAYMENT: 'Repayment',
    EARLY_SETTLEMENT: 'Early settlement',
    FIRST_INSTALMENT: 'First instalment (with the down payment)',
    DEPOSIT_OFFSET: 'Deposit offset',
  },
  repaymentSource: { CUSTOMER: 'Customer', THIRD_PARTY: 'Third party', CREDIT: 'Customer credit', DEPOSIT: 'Deposit' },
  policyKind: { COMMERCIAL: 'Commercial', COMPULSORY: 'Compulsory', VEHICLE_TAX: 'Vehicle tax' },
  signerRole: { CUSTOMER: 'Customer', PLATFORM: 'Platform', CAPITAL: 'Capital provider' },
  recoveryMethod: { COLLECTION_AGENCY: 'Collection agency', LITIGATION: 'Litigation', WRITE_OFF: 'Write-off' },
  writeOffBearer: { CAPITAL_PROVIDER: 'Capital provider', PLATFORM: 'Platform (buys the provider out)' },
  collectionMethod: { PHONE: 'Phone', SMS: 'SMS', VISIT: 'Visit', LETTER: 'Letter', OTHER: 'Other' },
  surrenderReason: surrenderLabelDictionaries.en.reason,
  shortfallResolution: surrenderLabelDictionaries.en.resolution,
};

const es: ValueWords = {
  status: {
    order_contract: { SIGNING: 'En firma', SIGNED: 'Firmado', REJECTED: 'Rechazado', VOIDED: 'Anulado' },
    order_receipt: { RECORDED: 'Por confirmar', CONFIRMED: 'Confirmado', REJECTED: 'Rechazado' },
    repayment: { RECORDED: 'Por confirmar', CONFIRMED: 'Confirmado', REJECTED: 'Rechazado', REVERSED: 'Revertido' },
    waiver: {
      PENDING_APPROVAL: 'Pendiente de aprobación',
      PENDING_SECOND: 'Pendiente de segunda aprobación',
      APPROVED: 'Aprobada (pendiente de pago)',
      EFFECTIVE: 'En vigor',
      REJECTED: 'Rechazada',
      WITHDRAWN: 'Retirada',
      EXPIRED: 'Caducada',
    },
    recovery: {
      PENDING_APPROVAL: 'Pendiente de aprobación',
      PENDING_SECOND: 'Pendiente de segunda aprobación',
      APPROVED: 'En recobro',
      EXECUTED: 'Completada',
      REJECTED: 'Rechazada',
      CANCELLED: 'Retirada',
    },
    write_off: {
      PENDING_APPROVAL: 'Pendiente de aprobación',
      PENDING_SECOND: 'Pendiente de 2.ª aprobación',
      EXECUTED: 'Castigada',
      REJECTED: 'Rechazada',
      WITHDRAWN: 'Retirada',
    },
    premium_payment: {
      DRAFT: 'Borrador',
      SUBMITTED: 'Enviada',
      CP_APPROVED: 'Aprobada por el financiador',
      PARTIALLY_PAID: 'Pagada en parte',
      PAID: 'Pagada',
      CANCELLED: 'Cancelada',
    },
    premium_payment_line: { LIVE: 'Por pagar', PAID: 'Pagado', REMOVED: 'Retirado', REVERSED: 'Revertido' },
    insurance_policy: { QUOTED: 'Cotizada', UNDERWRITTEN: 'Suscrita', ISSUED: 'Emitida' },
    allocation: { RESERVED: 'Reservado', ACTIVE: 'Confirmado', FUNDED: 'Financiado', CLOSED: 'Cerrado', DECLINED: 'Rechazado', CANCELLED: 'Retirado' },
    order_plan: { PENDING: 'Pendiente', ACTIVE: 'Vigente' },
    order_plan_item: { NOT_DUE: 'No vencida', DUE: 'Por pagar', OVERDUE: 'Vencida', PAID: 'Pagada', CANCELLED: 'Cancelada', WRITTEN_OFF: 'Castigada' },
    surrender: surrenderLabelDictionaries.es.status,
    demand_notice: surrenderLabelDictionaries.es.notice,
  },
  channel: { BANK_TRANSFER: 'Transferencia', WITHHOLD: 'Domiciliación', ONLINE_PAY: 'Pago en línea', OFFLINE: 'Presencial' },
  repaymentPurpose: {
    REPAYMENT: 'Reembolso',
    EARLY_SETTLEMENT: 'Liquidación anticipada',
    FIRST_INSTALMENT: 'Primera cuota (con la entrada)',
    DEPOSIT_OFFSET: 'Compensación con depósito',
  },
  repaymentSource: { CUSTOMER: 'Cliente', THIRD_PARTY: 'Tercero', CREDIT: 'Saldo a favor', DEPOSIT: 'Depósito' },
  policyKind: { COMMERCIAL: 'Comercial', COMPULSORY: 'Obligatorio', VEHICLE_TAX: 'Impuesto de vehículos' },
  signerRole: { CUSTOMER: 'Cliente', PLATFORM: 'Plataforma', CAPITAL: 'Financiador' },
  recoveryMethod: { COLLECTION_AGENCY: 'Agencia de cobro', LITIGATION: 'Vía judicial', WRITE_OFF: 'Castigo' },
  writeOffBearer: { CAPITAL_PROVIDER: 'Proveedor de capital', PLATFORM: 'Plataforma (compra al proveedor)' },
  collectionMethod: { PHONE: 'Teléfono', SMS: 'SMS', VISIT: 'Visita', LETTER: 'Carta', OTHER: 'Otro' },
  surrenderReason: surrenderLabelDictionaries.es.reason,
  shortfallResolution: surrenderLabelDictionaries.es.resolution,
};

const ja: ValueWords = {
  status: {
    order_contract: { SIGNING: '署名中', SIGNED: '署名済み', REJECTED: '署名拒否', VOIDED: '無効' },
    order_receipt: { RECORDED: '確認待ち', CONFIRMED: '確認済み', REJECTED: '却下' },
    repayment: { RECORDED: '確認待ち', CONFIRMED: '確認済み', REJECTED: '差し戻し', REVERSED: '取消済み' },
    waiver: {
      PENDING_APPROVAL: '承認待ち',
      PENDING_SECOND: '二次承認待ち',
      APPROVED: '承認済み（入金待ち）',
      EFFECTIVE: '有効',
      REJECTED: '却下',
      WITHDRAWN: '取下げ',
      EXPIRED: '期限切れ',
    },
    recovery: {
      PENDING_APPROVAL: '承認待ち',
      PENDING_SECOND: '二次承認待ち',
      APPROVED: '回収中',
      EXECUTED: '完了',
      REJECTED: '却下',
      CANCELLED: '取下げ',
    },
    write_off: { PENDING_APPROVAL: '承認待ち', PENDING_SECOND: '二次承認待ち', EXECUTED: '償却済', REJECTED: '却下', WITHDRAWN: '取下げ' },
    premium_payment: { DRAFT: '下書き', SUBMITTED: '提出済み', CP_APPROVED: '資金提供者承認済み', PARTIALLY_PAID: '一部支払済み', PAID: '支払済み', CANCELLED: '取消' },
    premium_payment_line: { LIVE: '支払待ち', PAID: '支払済み', REMOVED: '除外', REVERSED: '取消済み' },
    insurance_policy: { QUOTED: '見積済み', UNDERWRITTEN: '引受済み', ISSUED: '発行済み' },
    allocation: { RESERVED: '確認待ち', ACTIVE: '確認済み', FUNDED: '融資済み', CLOSED: '終了', DECLINED: '辞退', CANCELLED: '取消済み' },
    order_plan: { PENDING: '未発効', ACTIVE: '有効' },
    order_plan_item: { NOT_DUE: '期日前', DUE: '返済待ち', OVERDUE: '延滞', PAID: '返済済み', CANCELLED: '取消', WRITTEN_OFF: '償却済み' },
    surrender: surrenderLabelDictionaries.ja.status,
    demand_notice: surrenderLabelDictionaries.ja.notice,
  },
  channel: { BANK_TRANSFER: '銀行振込', WITHHOLD: '口座引落', ONLINE_PAY: 'オンライン決済', OFFLINE: 'オフライン' },
  repaymentPurpose: { REPAYMENT: '返済', EARLY_SETTLEMENT: '繰上完済', FIRST_INSTALMENT: '初回返済（頭金と同時）', DEPOSIT_OFFSET: '保証金充当' },
  repaymentSource: { CUSTOMER: '顧客本人', THIRD_PARTY: '第三者による支払い', CREDIT: '顧客預り金', DEPOSIT: '保証金' },
  policyKind: { COMMERCIAL: '任意保険', COMPULSORY: '自賠責保険', VEHICLE_TAX: '車船税' },
  signerRole: { CUSTOMER: '顧客', PLATFORM: 'プラットフォーム', CAPITAL: '資金提供者' },
  recoveryMethod: { COLLECTION_AGENCY: '外部委託回収', LITIGATION: '訴訟', WRITE_OFF: '償却' },
  writeOffBearer: { CAPITAL_PROVIDER: '資金提供者', PLATFORM: 'プラットフォーム（資金提供者から買い取り）' },
  collectionMethod: { PHONE: '電話', SMS: 'SMS', VISIT: '訪問', LETTER: '書面', OTHER: 'その他' },
  surrenderReason: surrenderLabelDictionaries.ja.reason,
  shortfallResolution: surrenderLabelDictionaries.ja.resolution,
};

export const VALUE_WORDS_NS = 'valueWords';
export const valueWordDictionaries = { zh, en, es, ja };

addResources(VALUE_WORDS_NS, valueWordDictionaries);

/** The tables whose statuses have words here. */
export type StatusTable = keyof ValueWords['status'];

function isStatusTable(target: string | undefined): target is StatusTable {
  return target !== undefined && Object.hasOwn(zh.status, target);
}

/** Detail keys that hold a status of the record itself: `{from, to}` of a change, `status`. */
const STATUS_KEYS: ReadonlySet<string> = new Set(['status', 'from', 'to']);

/** What a coded value stands for: the detail key it is under and the table of the record (the operation log's `targetType`). */
export interface ValueContext {
  key?: string;
  target?: string;
}

type WordTable = Exclude<keyof ValueWords, 'status'>;

/**
 * Which table of words reads a value under `key` of a record of `target`: `status.<table>` for a
 * status, `order` for an order's status (a dictionary of `shared/order/status.ts`), another table
 * of these words, or nothing (the value is shown as it is). Some records log under the order
 * (`orders`): a write-off's and a surrender's application, a collection note.
 */
export function valueTable(context: ValueContext): `status.${StatusTable}` | 'order' | WordTable | undefined {
  const { key, target } = context;
  if (key === undefined) return undefined;
  if (STATUS_KEYS.has(key)) {
    if (target === 'orders') return 'order';
    return isStatusTable(target) ? `status.${target}` : undefined;
  }
  // A payment channel; a notice's channel (SMS, IN_APP) has none of these codes (its words are in shared/records/valueWords.ts).
  if (key === 'channel') return 'channel';
  if (key === 'shortfallResolution') return 'shortfallResolution';
  switch (`${target}.${key}`) {
    case 'repayment.purpose':
      return 'repaymentPurpose';
    case 'repayment.source':
      return 'repaymentSource';
    case 'insurance_policy.kind':
      return 'policyKind';
    case 'order_contract.role':
      return 'signerRole';
    case 'recovery.method':
      return 'recoveryMethod';
    case 'orders.method':
      return 'collectionMethod';
    case 'orders.bearer':
    case 'write_off.bearer':
      return 'writeOffBearer';
    // A surrender application's reason is a code (free text elsewhere, which no code matches).
    case 'orders.reason':
    case 'surrender.reason':
      return 'surrenderReason';
    default:
      return undefined;
  }
}

/** Whether `table` has words for `value` (a code: free text never becomes a dictionary key). */
function hasWords(table: `status.${StatusTable}` | WordTable, value: string): boolean {
  const words: Record<string, string> = table.startsWith('status.') ? zh.status[table.slice('status.'.length) as StatusTable] : zh[table as WordTable];
  return Object.hasOwn(words, value);
}

/** A coded value in words in the interface language (see `valueTable`); the value itself when it has none. */
export function useValueWords(): (value: string, context: ValueContext) => string {
  const { t } = useTranslation(VALUE_WORDS_NS);
  const order = useTranslation(ORDER_STATUS_NS).t;
  return (value, context) => {
    const table = valueTable(context);
    if (table === undefined) return value;
    if (table === 'order') return isOrderStatus(value) ? order(`status.${value}`) : value;
    return hasWords(table, value) ? t(`${table}.${value}`) : value;
  };
}
