import dayjs, { type Dayjs } from 'dayjs';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { yuanToFen } from '../../shared/format/money';
import { LIVE_SURRENDER_STATUSES, type SettlePreviewData, type SurrenderData, type SurrenderSettleBody } from './types';

/**
 * The logic of 退保申请 apart from React (docs/surrenders.md): the actions a row offers, the
 * surplus or shortfall it ends with, the dates the server accepts, the amounts typed in yuan.
 */

export type SurrenderAction = 'approve' | 'reject' | 'withdraw' | 'submit' | 'confirm' | 'decline' | 'cancel' | 'settle' | 'payout';

/** The actions that ask why (a reason dialog). */
export const REASON_ACTIONS = ['reject', 'withdraw', 'decline', 'cancel'] as const;
export type ReasonAction = (typeof REASON_ACTIONS)[number];

export function isReasonAction(action: SurrenderAction): action is ReasonAction {
  return (REASON_ACTIONS as readonly string[]).includes(action);
}

/**
 * Who is signed in, as far as the web knows: the account id the sign-in answered (`null` for a
 * session stored before sessions carried it; the server's 403 is then the only check).
 */
export interface Me {
  id: number | null;
}

/** The user id of a stored session (one rule for every screen that hides maker ≠ checker actions). */
export { userIdOf } from '../../shared/auth/token';

/** Still under way (one such application per order). */
export function isLive(status: string): boolean {
  return LIVE_SURRENDER_STATUSES.includes(status);
}

/** The surplus is owed to the customer and not paid out yet (退还余款). */
export function payoutDue(row: Pick<SurrenderData, 'status' | 'surplusFen' | 'surplusPaidOn'>): boolean {
  return (row.status === 'SETTLED' || row.status === 'REFUND_RECEIVED') && row.surplusFen > 0 && !row.surplusPaidOn;
}

/**
 * The actions an application offers to this user (the server's rules, docs/surrenders.md):
 * - 待审批: 审批通过 and 驳回 (approve permission, not its maker), 撤回 (its maker; when the
 *   session does not name the user it is offered and the server's 403 answers anyone else);
 * - 已审批: 提交保险公司, 撤销退保 (approve permission);
 * - 已提交保险公司: 保险公司确认, 保险公司拒绝, 撤销退保 (approve permission);
 * - 保险公司已确认: 退保款确认并冲账 (settle permission, not its maker);
 * - settled (or refund applied) with a surplus not paid out: 退还余款 (settle permission).
 */
export function surrenderActions(
  row: Pick<SurrenderData, 'status' | 'createdBy' | 'surplusFen' | 'surplusPaidOn'>,
  held: readonly string[],
  me: Me,
): SurrenderAction[] {
  const maker = me.id !== null && row.createdBy === me.id;
  const approver = hasPermission(PERMISSIONS.ORDER_REFUND_APPROVE, held);
  const settler = hasPermission(PERMISSIONS.ORDER_REFUND_SETTLE, held);
  const applicant = hasPermission(PERMISSIONS.ORDER_REFUND_TABLE, held);
  const actions: SurrenderAction[] = [];
  switch (row.status) {
    case 'PENDING_APPROVAL':
      if (approver && !maker) actions.push('approve', 'reject');
      if (applicant && (me.id === null || maker)) actions.push('withdraw');
      break;
    case 'APPROVED':
      if (approver) actions.push('submit', 'cancel');
      break;
    case 'SUBMITTED_TO_INSURER':
      if (approver) actions.push('confirm', 'decline', 'cancel');
      break;
    case 'INSURER_CONFIRMED':
      if (settler && !maker) actions.push('settle');
      break;
    default:
      break;
  }
  if (payoutDue(row) && settler) actions.push('payout');
  return actions;
}

/** What an application ends with: a surplus owed to the customer, a shortfall the customer still owes, or neither. */
export type Balance = { kind: 'surplus' | 'shortfall'; fen: number } | { kind: 'none'; fen: 0 };

/** The surplus or shortfall of a settled application (none before the refund is applied). */
export function balanceOf(row: Pick<SurrenderData, 'surplusFen' | 'shortfallFen'>): Balance {
  if (row.surplusFen > 0) return { kind: 'surplus', fen: row.surplusFen };
  if (row.shortfallFen > 0) return { kind: 'shortfall', fen: row.shortfallFen };
  return { kind: 'none', fen: 0 };
}

/** What the estimate would leave against the payoff: a surplus, a shortfall or even. */
export function predictedBalance(estimateFen: number, payoffFen: number): Balance {
  return balanceOf({ surplusFen: Math.max(estimateFen - payoffFen, 0), shortfallFen: Math.max(payoffFen - estimateFen, 0) });
}

/** Whether the refund has been applied (the applied, surplus and shortfall figures mean something). */
export function refundApplied(row: Pick<SurrenderData, 'status' | 'refundReceivedOn'>): boolean {
  return row.refundReceivedOn !== null || row.status === 'SETTLED' || row.status === 'REFUND_RECEIVED';
}

/** The server's limit on the requested cancellation date: today's business date up to 90 days on. */
export const MAX_CANCEL_DAYS = 90;

const DAY = 'YYYY-MM-DD';

/** `YYYY-MM-DD` moved by `days`. */
export function addDays(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format(DAY);
}

/** A requested cancellation date the server takes: the business date … 90 days after it. */
export function cancelDateAllowed(day: Dayjs, businessDate: string): boolean {
  const date = day.format(DAY);
  return date >= businessDate && date <= addDays(businessDate, MAX_CANCEL_DAYS);
}

/** Today in the browser (the dialogs' default day; the server checks it against the business date). */
export function today(): Dayjs {
  return dayjs().startOf('day');
}

/** A day not after today and not before `from` (a date the server names), for the date pickers. */
export function dayAllowed(day: Dayjs, from?: string | null): boolean {
  if (day.isAfter(today(), 'day')) return false;
  return !from || day.format(DAY) >= from;
}

/** Today in the browser as `YYYY-MM-DD` (the grace tag compares the cure deadline with it). */
export function todayText(): string {
  return today().format(DAY);
}

/** The demand notice's cure deadline has passed (the day after it is "grace over"). */
export function graceOver(cureDeadline: string | null | undefined, todayDate: string): boolean {
  return Boolean(cureDeadline) && (cureDeadline as string) < todayDate;
}

/** The largest refund the server takes: ¥1 000 000 000. */
export const MAX_REFUND_FEN = 100_000_000_000;

/** The insurer's refund typed in yuan → fen; `null` when it is not an amount (empty, negative, three decimals, too large). */
export function refundFen(text: string | null | undefined): number | null {
  const fen = yuanToFen((text ?? '').trim());
  return fen !== null && fen <= MAX_REFUND_FEN ? fen : null;
}

/** Why a typed refund is refused (0 is fine: an insurer may refund nothing). */
export function refundProblem(text: string | null | undefined): 'required' | 'format' | undefined {
  if ((text ?? '').trim() === '') return 'required';
  return refundFen(text) === null ? 'format' : undefined;
}

/** Why a bank serial number is refused, as the server checks it: required, at most 64 characters, no spaces. */
export function serialProblem(text: string | null | undefined): 'required' | 'format' | undefined {
  const serial = (text ?? '').trim();
  if (serial === '') return 'required';
  if ([...serial].length > 64 || /\s/.test(serial)) return 'format';
  return undefined;
}

/** The settle dialog's values. */
export interface SettleValues {
  receivedOn?: Dayjs;
  channel?: string;
  serialNo?: string;
  shortfallResolution?: 'OPEN' | 'WRITTEN_OFF';
  bearer?: 'CAPITAL_PROVIDER' | 'PLATFORM';
}

/**
 * The settle body: the channel and serial only when the insurer refunds something (the server
 * asks for them then), the shortfall's resolution only when the preview shows one, the bearer
 * only for a write-off.
 */
export function settleBody(values: SettleValues, refund: number, preview: Pick<SettlePreviewData, 'shortfallFen'> | undefined): SurrenderSettleBody {
  const shortfall = (preview?.shortfallFen ?? 0) > 0;
  const resolution = shortfall ? values.shortfallResolution : undefined;
  return {
    receivedOn: (values.receivedOn ?? today()).format(DAY),
    channel: refund > 0 ? (values.channel ?? '') : '',
    serialNo: refund > 0 ? (values.serialNo ?? '').trim() : '',
    ...(resolution ? { shortfallResolution: resolution } : {}),
    ...(resolution === 'WRITTEN_OFF' && values.bearer ? { bearer: values.bearer } : {}),
  };
}

/** The server's field names → the confirm form's (a 400 names every wrong field at once). */
export const CONFIRM_FIELDS = { insurerRefundFen: 'insurerRefund' };

/** What a cancellation takes effect on by default: the requested date, not after today. */
export function defaultEffectiveDate(requestedCancelDate: string): Dayjs {
  const requested = dayjs(requestedCancelDate);
  return requested.isAfter(today(), 'day') ? today() : requested;
}
