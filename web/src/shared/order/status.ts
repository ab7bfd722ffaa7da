import { addResources } from '../i18n';

/**
 * The order statuses and events of `crates/domain/src/order.rs` (codes, display order, Chinese
 * labels as the domain names them) with a colour per status and the labels in the four languages.
 * Every order screen and the customer page's orders section read them from here.
 */
export const ORDER_STATUSES = [
  'APPLIED',
  'INTAKE',
  'INTAKE_REVIEW',
  'RETURNED',
  'PENDING_ALLOCATION',
  'ALLOCATED',
  'PENDING_DECLARATION',
  'PENDING_INSURE_CONFIRM',
  'PENDING_SIGN',
  'PENDING_DOWN_PAYMENT',
  'PENDING_DISBURSEMENT',
  'PENDING_POLICY',
  'REPAYING',
  'OVERDUE',
  'SURRENDERING',
  'SETTLED',
  'SURRENDERED',
  'WRITTEN_OFF',
  'REJECTED',
  'CANCELLED',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_EVENTS = [
  'APPLY',
  'START_INTAKE',
  'SUBMIT_INTAKE',
  'APPROVE_INTAKE',
  'RETURN',
  'RESUBMIT',
  'REJECT',
  'ALLOCATE',
  'CP_ACCEPT',
  'UNALLOCATE',
  'NO_FUNDER',
  'DECLARATION_SIGNED',
  'INSURE_CONFIRMED',
  'REQUOTE',
  'CONTRACT_SIGNED',
  'DOWN_PAYMENT_CONFIRMED',
  'TIMEOUT',
  'DISBURSED',
  'UNDO_DISBURSE',
  'POLICY_ISSUED',
  'BECAME_OVERDUE',
  'CURED',
  'SETTLE',
  'SURRENDER_START',
  'SURRENDER_ABORT',
  'SURRENDER_SETTLED',
  'WRITE_OFF',
  'REOPEN',
  'CANCEL',
] as const;

export type OrderEvent = (typeof ORDER_EVENTS)[number];

/** antd tag colours: intake blue, review orange, allocation purple, pre-loan cyan, repaying green, trouble red, closed grey. */
export const STATUS_COLORS: Record<OrderStatus, string> = {
  APPLIED: 'blue',
  INTAKE: 'processing',
  INTAKE_REVIEW: 'orange',
  RETURNED: 'gold',
  PENDING_ALLOCATION: 'purple',
  ALLOCATED: 'geekblue',
  PENDING_DECLARATION: 'cyan',
  PENDING_INSURE_CONFIRM: 'cyan',
  PENDING_SIGN: 'cyan',
  PENDING_DOWN_PAYMENT: 'cyan',
  PENDING_DISBURSEMENT: 'cyan',
  PENDING_POLICY: 'cyan',
  REPAYING: 'green',
  OVERDUE: 'red',
  SURRENDERING: 'volcano',
  SETTLED: 'default',
  SURRENDERED: 'default',
  WRITTEN_OFF: 'default',
  REJECTED: 'red',
  CANCELLED: 'default',
};

type StatusLabels = Record<OrderStatus, string>;
type EventLabels = Record<OrderEvent, string>;

const zhStatus: StatusLabels = {
  APPLIED: '待进件',
  INTAKE: '进件中',
  INTAKE_REVIEW: '进件待审核',
  RETURNED: '退回补件',
  PENDING_ALLOCATION: '待分配',
  ALLOCATED: '资金方确认中',
  PENDING_DECLARATION: '待车主声明/授权',
  PENDING_INSURE_CONFIRM: '待投保确认',
  PENDING_SIGN: '待签约',
  PENDING_DOWN_PAYMENT: '待付首付',
  PENDING_DISBURSEMENT: '待放款',
  PENDING_POLICY: '待出单',
  REPAYING: '还款中',
  OVERDUE: '逾期',
  SURRENDERING: '退保中',
  SETTLED: '已结清',
  SURRENDERED: '已退保',
  WRITTEN_OFF: '已核销',
  REJECTED: '已拒绝',
  CANCELLED: '已取消',
};

const enStatus: StatusLabels = {
  APPLIED: 'Applied',
  INTAKE: 'Intake in progress',
  INTAKE_REVIEW: 'Awaiting intake review',
  RETURNED: 'Returned for correction',
  PENDING_ALLOCATION: 'Awaiting allocation',
  ALLOCATED: 'Awaiting provider confirmation',
  PENDING_DECLARATION: 'Awaiting owner declaration',
  PENDING_INSURE_CONFIRM: 'Awaiting insurance confirmation',
  PENDING_SIGN: 'Awaiting signing',
  PENDING_DOWN_PAYMENT: 'Awaiting down payment',
  PENDING_DISBURSEMENT: 'Awaiting disbursement',
  PENDING_POLICY: 'Awaiting policy',
  REPAYING: 'Repaying',
  OVERDUE: 'Overdue',
  SURRENDERING: 'Surrendering',
  SETTLED: 'Settled',
  SURRENDERED: 'Surrendered',
  WRITTEN_OFF: 'Written off',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

const esStatus: StatusLabels = {
  APPLIED: 'Solicitado',
  INTAKE: 'En alta',
  INTAKE_REVIEW: 'Pendiente de revisión',
  RETURNED: 'Devuelto para corregir',
  PENDING_ALLOCATION: 'Pendiente de asignación',
  ALLOCATED: 'Pendiente de confirmación del financiador',
  PENDING_DECLARATION: 'Pendiente de declaración del titular',
  PENDING_INSURE_CONFIRM: 'Pendiente de confirmación del seguro',
  PENDING_SIGN: 'Pendiente de firma',
  PENDING_DOWN_PAYMENT: 'Pendiente de entrada',
  PENDING_DISBURSEMENT: 'Pendiente de desembolso',
  PENDING_POLICY: 'Pendiente de póliza',
  REPAYING: 'En amortización',
  OVERDUE: 'En mora',
  SURRENDERING: 'En rescate',
  SETTLED: 'Liquidado',
  SURRENDERED: 'Rescatado',
  WRITTEN_OFF: 'Cancelado contablemente',
  REJECTED: 'Rechazado',
  CANCELLED: 'Anulado',
};

const jaStatus: StatusLabels = {
  APPLIED: '受付待ち',
  INTAKE: '受付中',
  INTAKE_REVIEW: '受付審査待ち',
  RETURNED: '差し戻し',
  PENDING_ALLOCATION: '割当待ち',
  ALLOCATED: '資金提供者確認中',
  PENDING_DECLARATION: '車主申告・委任待ち',
  PENDING_INSURE_CONFIRM: '保険確認待ち',
  PENDING_SIGN: '契約待ち',
  PENDING_DOWN_PAYMENT: '頭金待ち',
  PENDING_DISBURSEMENT: '融資実行待ち',
  PENDING_POLICY: '証券発行待ち',
  REPAYING: '返済中',
  OVERDUE: '延滞',
  SURRENDERING: '解約中',
  SETTLED: '完済',
  SURRENDERED: '解約済み',
  WRITTEN_OFF: '償却済み',
  REJECTED: '否決',
  CANCELLED: '取消',
};

const zhEvent: EventLabels = {
  APPLY: '提交申请',
  START_INTAKE: '开始进件',
  SUBMIT_INTAKE: '提交审核',
  APPROVE_INTAKE: '审核通过',
  RETURN: '退回补件',
  RESUBMIT: '重新提交',
  REJECT: '审核拒绝',
  ALLOCATE: '分配资金方',
  CP_ACCEPT: '资金方确认',
  UNALLOCATE: '撤回分配',
  NO_FUNDER: '无资金方，拒绝',
  DECLARATION_SIGNED: '车主声明已签署',
  INSURE_CONFIRMED: '核保通过',
  REQUOTE: '保费变动需重审',
  CONTRACT_SIGNED: '合同已签署',
  DOWN_PAYMENT_CONFIRMED: '首付已确认',
  TIMEOUT: '超时取消',
  DISBURSED: '已放款',
  UNDO_DISBURSE: '放款冲正',
  POLICY_ISSUED: '保单已出',
  BECAME_OVERDUE: '转入逾期',
  CURED: '逾期已结清',
  SETTLE: '结清',
  SURRENDER_START: '开始退保',
  SURRENDER_ABORT: '退保终止',
  SURRENDER_SETTLED: '退保完成',
  WRITE_OFF: '核销',
  REOPEN: '重新打开',
  CANCEL: '取消订单',
};

const enEvent: EventLabels = {
  APPLY: 'Application submitted',
  START_INTAKE: 'Intake started',
  SUBMIT_INTAKE: 'Submitted for review',
  APPROVE_INTAKE: 'Review approved',
  RETURN: 'Returned for correction',
  RESUBMIT: 'Resubmitted',
  REJECT: 'Review rejected',
  ALLOCATE: 'Provider allocated',
  CP_ACCEPT: 'Provider confirmed',
  UNALLOCATE: 'Allocation withdrawn',
  NO_FUNDER: 'Rejected: no provider',
  DECLARATION_SIGNED: 'Owner declaration signed',
  INSURE_CONFIRMED: 'Insurance confirmed',
  REQUOTE: 'Premium changed, re-review',
  CONTRACT_SIGNED: 'Contract signed',
  DOWN_PAYMENT_CONFIRMED: 'Down payment confirmed',
  TIMEOUT: 'Cancelled on timeout',
  DISBURSED: 'Disbursed',
  UNDO_DISBURSE: 'Disbursement reversed',
  POLICY_ISSUED: 'Policy issued',
  BECAME_OVERDUE: 'Became overdue',
  CURED: 'Overdue cleared',
  SETTLE: 'Settled',
  SURRENDER_START: 'Surrender started',
  SURRENDER_ABORT: 'Surrender stopped',
  SURRENDER_SETTLED: 'Surrender completed',
  WRITE_OFF: 'Written off',
  REOPEN: 'Reopened',
  CANCEL: 'Order cancelled',
};

const esEvent: EventLabels = {
  APPLY: 'Solicitud presentada',
  START_INTAKE: 'Alta iniciada',
  SUBMIT_INTAKE: 'Enviado a revisión',
  APPROVE_INTAKE: 'Revisión aprobada',
  RETURN: 'Devuelto para corregir',
  RESUBMIT: 'Reenviado',
  REJECT: 'Revisión rechazada',
  ALLOCATE: 'Financiador asignado',
  CP_ACCEPT: 'Financiador confirmó',
  UNALLOCATE: 'Asignación retirada',
  NO_FUNDER: 'Rechazado: sin financiador',
  DECLARATION_SIGNED: 'Declaración del titular firmada',
  INSURE_CONFIRMED: 'Seguro confirmado',
  REQUOTE: 'Prima cambiada, nueva revisión',
  CONTRACT_SIGNED: 'Contrato firmado',
  DOWN_PAYMENT_CONFIRMED: 'Entrada confirmada',
  TIMEOUT: 'Anulado por plazo',
  DISBURSED: 'Desembolsado',
  UNDO_DISBURSE: 'Desembolso revertido',
  POLICY_ISSUED: 'Póliza emitida',
  BECAME_OVERDUE: 'Pasó a mora',
  CURED: 'Mora regularizada',
  SETTLE: 'Liquidado',
  SURRENDER_START: 'Rescate iniciado',
  SURRENDER_ABORT: 'Rescate detenido',
  SURRENDER_SETTLED: 'Rescate completado',
  WRITE_OFF: 'Cancelación contable',
  REOPEN: 'Reabierto',
  CANCEL: 'Pedido anulado',
};

const jaEvent: EventLabels = {
  APPLY: '申込',
  START_INTAKE: '受付開始',
  SUBMIT_INTAKE: '審査提出',
  APPROVE_INTAKE: '審査承認',
  RETURN: '差し戻し',
  RESUBMIT: '再提出',
  REJECT: '審査否決',
  ALLOCATE: '資金提供者割当',
  CP_ACCEPT: '資金提供者確認',
  UNALLOCATE: '割当取消',
  NO_FUNDER: '資金提供者なしで否決',
  DECLARATION_SIGNED: '車主申告署名済み',
  INSURE_CONFIRMED: '保険確認済み',
  REQUOTE: '保険料変更・再審査',
  CONTRACT_SIGNED: '契約締結',
  DOWN_PAYMENT_CONFIRMED: '頭金確認',
  TIMEOUT: '期限切れ取消',
  DISBURSED: '融資実行',
  UNDO_DISBURSE: '融資実行取消',
  POLICY_ISSUED: '証券発行',
  BECAME_OVERDUE: '延滞発生',
  CURED: '延滞解消',
  SETTLE: '完済',
  SURRENDER_START: '解約開始',
  SURRENDER_ABORT: '解約中止',
  SURRENDER_SETTLED: '解約完了',
  WRITE_OFF: '償却',
  REOPEN: '再開',
  CANCEL: '注文取消',
};

export const ORDER_STATUS_NS = 'orderStatus';

export const orderStatusDictionaries = {
  zh: { status: zhStatus, event: zhEvent },
  en: { status: enStatus, event: enEvent },
  es: { status: esStatus, event: esEvent },
  ja: { status: jaStatus, event: jaEvent },
};

addResources(ORDER_STATUS_NS, orderStatusDictionaries);

export function isOrderStatus(code: string): code is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(code);
}

/** The tag colour of a status ('default' when unknown). */
export function statusColor(code: string | null | undefined): string {
  return code && isOrderStatus(code) ? STATUS_COLORS[code] : 'default';
}

/** The order page (one tab per order). */
export function orderPath(id: number): string {
  return `/business/orderDetail/${id}`;
}

/** 追偿申请 opened on its 申请追偿 dialog for an order (the screen reads `?orderId=`). */
export function recoveryApplyPath(orderId: number): string {
  return `/business/recoveryApplication?orderId=${orderId}`;
}

/** 退保申请 opened on its 申请退保 dialog for an order (the screen reads `?orderId=`). */
export function surrenderApplyPath(orderId: number): string {
  return `/business/surrenderApplication?orderId=${orderId}`;
}
