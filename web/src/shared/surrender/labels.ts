import { addResources } from '../i18n';
import type { NOTICE_STATUSES, SHORTFALL_RESOLUTIONS, SURRENDER_REASONS, SURRENDER_STATUSES } from './types';

/**
 * The labels of a surrender application's status, reason and shortfall resolution and of a demand notice's status, in
 * the four languages (the Chinese ones the domain's, crates/domain/src/status.rs), with a colour
 * per status and reason: the screen 退保申请 and the order page's 退保 tab show them alike.
 */

type Labels<T extends readonly string[]> = Record<T[number], string>;

interface SurrenderLabels {
  status: Labels<typeof SURRENDER_STATUSES>;
  /** The reason in full (forms, details). */
  reason: Labels<typeof SURRENDER_REASONS>;
  /** The reason as a list's tag. */
  reasonShort: Labels<typeof SURRENDER_REASONS>;
  notice: Labels<typeof NOTICE_STATUSES>;
  /** What became of a settled surrender's shortfall (`shortfallResolution`). */
  resolution: Labels<typeof SHORTFALL_RESOLUTIONS>;
}

const zh: SurrenderLabels = {
  status: {
    PENDING_APPROVAL: '待审批',
    APPROVED: '已审批（退保中）',
    SUBMITTED_TO_INSURER: '已提交保险公司',
    INSURER_CONFIRMED: '保险公司已确认',
    REFUND_RECEIVED: '退保款已冲账（差额待清）',
    SETTLED: '已结案',
    REJECTED: '已驳回',
    WITHDRAWN: '已撤回',
    CANCELLED: '已撤销退保',
    INSURER_DECLINED: '保险公司拒绝',
  },
  reason: {
    DEFAULT: '逾期违约，依授权委托书退保',
    CUSTOMER_REQUEST: '客户申请',
    VEHICLE_SOLD: '车辆过户/转让',
    TOTAL_LOSS: '车辆报废/全损',
    DUPLICATE: '重复投保',
    POLICY_NOT_ISSUED: '保单未出，全额退保',
  },
  reasonShort: {
    DEFAULT: '逾期违约',
    CUSTOMER_REQUEST: '客户申请',
    VEHICLE_SOLD: '车辆过户',
    TOTAL_LOSS: '报废/全损',
    DUPLICATE: '重复投保',
    POLICY_NOT_ISSUED: '保单未出',
  },
  notice: { SENT: '已催告', CURED: '已纠正', CLOSED: '已关闭' },
  resolution: { OPEN: '客户继续偿还', PAID: '客户已补足', WRITTEN_OFF: '差额已核销' },
};

const en: SurrenderLabels = {
  status: {
    PENDING_APPROVAL: 'Awaiting approval',
    APPROVED: 'Approved (surrendering)',
    SUBMITTED_TO_INSURER: 'Submitted to insurer',
    INSURER_CONFIRMED: 'Confirmed by insurer',
    REFUND_RECEIVED: 'Refund applied (shortfall open)',
    SETTLED: 'Closed',
    REJECTED: 'Rejected',
    WITHDRAWN: 'Withdrawn',
    CANCELLED: 'Surrender cancelled',
    INSURER_DECLINED: 'Declined by insurer',
  },
  reason: {
    DEFAULT: 'Default: surrendered under the power of attorney',
    CUSTOMER_REQUEST: 'Customer request',
    VEHICLE_SOLD: 'Vehicle sold or transferred',
    TOTAL_LOSS: 'Vehicle scrapped or total loss',
    DUPLICATE: 'Duplicate insurance',
    POLICY_NOT_ISSUED: 'Policy not issued: full refund',
  },
  reasonShort: {
    DEFAULT: 'Default',
    CUSTOMER_REQUEST: 'Customer request',
    VEHICLE_SOLD: 'Vehicle sold',
    TOTAL_LOSS: 'Total loss',
    DUPLICATE: 'Duplicate',
    POLICY_NOT_ISSUED: 'Not issued',
  },
  notice: { SENT: 'Notice sent', CURED: 'Cured', CLOSED: 'Closed' },
  resolution: { OPEN: 'Customer still owes it', PAID: 'Paid by customer', WRITTEN_OFF: 'Written off' },
};

const es: SurrenderLabels = {
  status: {
    PENDING_APPROVAL: 'Pendiente de aprobación',
    APPROVED: 'Aprobada (en rescate)',
    SUBMITTED_TO_INSURER: 'Enviada a la aseguradora',
    INSURER_CONFIRMED: 'Confirmada por la aseguradora',
    REFUND_RECEIVED: 'Reembolso aplicado (diferencia pendiente)',
    SETTLED: 'Cerrada',
    REJECTED: 'Rechazada',
    WITHDRAWN: 'Retirada',
    CANCELLED: 'Rescate anulado',
    INSURER_DECLINED: 'Rechazada por la aseguradora',
  },
  reason: {
    DEFAULT: 'Impago: rescate en virtud del poder',
    CUSTOMER_REQUEST: 'Solicitud del cliente',
    VEHICLE_SOLD: 'Vehículo vendido o transferido',
    TOTAL_LOSS: 'Vehículo desguazado o siniestro total',
    DUPLICATE: 'Seguro duplicado',
    POLICY_NOT_ISSUED: 'Póliza no emitida: reembolso total',
  },
  reasonShort: {
    DEFAULT: 'Impago',
    CUSTOMER_REQUEST: 'Solicitud',
    VEHICLE_SOLD: 'Vendido',
    TOTAL_LOSS: 'Siniestro total',
    DUPLICATE: 'Duplicado',
    POLICY_NOT_ISSUED: 'No emitida',
  },
  notice: { SENT: 'Requerido', CURED: 'Subsanado', CLOSED: 'Cerrado' },
  resolution: { OPEN: 'Lo sigue pagando el cliente', PAID: 'Pagado por el cliente', WRITTEN_OFF: 'Castigado' },
};

const ja: SurrenderLabels = {
  status: {
    PENDING_APPROVAL: '承認待ち',
    APPROVED: '承認済み（解約中）',
    SUBMITTED_TO_INSURER: '保険会社へ提出済み',
    INSURER_CONFIRMED: '保険会社確認済み',
    REFUND_RECEIVED: '返戻金充当済み（差額未清算）',
    SETTLED: '完了',
    REJECTED: '却下',
    WITHDRAWN: '取下げ',
    CANCELLED: '解約取消',
    INSURER_DECLINED: '保険会社が拒否',
  },
  reason: {
    DEFAULT: '延滞違約：委任状に基づく解約',
    CUSTOMER_REQUEST: '顧客の申請',
    VEHICLE_SOLD: '車両の売却・譲渡',
    TOTAL_LOSS: '車両の廃車・全損',
    DUPLICATE: '重複加入',
    POLICY_NOT_ISSUED: '証券未発行：全額返戻',
  },
  reasonShort: {
    DEFAULT: '延滞違約',
    CUSTOMER_REQUEST: '顧客申請',
    VEHICLE_SOLD: '車両譲渡',
    TOTAL_LOSS: '廃車・全損',
    DUPLICATE: '重複加入',
    POLICY_NOT_ISSUED: '証券未発行',
  },
  notice: { SENT: '催告済み', CURED: '解消', CLOSED: '終了' },
  resolution: { OPEN: '顧客が引き続き返済', PAID: '顧客が完済', WRITTEN_OFF: '償却済み' },
};

export const SURRENDER_LABELS_NS = 'surrenderLabels';
export const surrenderLabelDictionaries = { zh, en, es, ja };

addResources(SURRENDER_LABELS_NS, surrenderLabelDictionaries);

/** antd tag colours: waiting gold, under way blues, money in orange, done green, stopped red or grey. */
export const SURRENDER_STATUS_COLORS: Record<string, string> = {
  PENDING_APPROVAL: 'gold',
  APPROVED: 'blue',
  SUBMITTED_TO_INSURER: 'geekblue',
  INSURER_CONFIRMED: 'cyan',
  REFUND_RECEIVED: 'orange',
  SETTLED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
  CANCELLED: 'default',
  INSURER_DECLINED: 'volcano',
};

/** A default surrender (the platform's decision) stands out; the customer's reasons are calm. */
export const SURRENDER_REASON_COLORS: Record<string, string> = {
  DEFAULT: 'volcano',
  CUSTOMER_REQUEST: 'blue',
  VEHICLE_SOLD: 'purple',
  TOTAL_LOSS: 'magenta',
  DUPLICATE: 'cyan',
  POLICY_NOT_ISSUED: 'gold',
};

export const NOTICE_STATUS_COLORS: Record<string, string> = { SENT: 'orange', CURED: 'green', CLOSED: 'default' };
