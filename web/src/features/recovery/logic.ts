import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { yuanToFen } from '../../shared/format/money';
import { CASE_METHODS, type AdvanceData, type CaseMethod, type RecoveryData } from './types';

/** The logic of 追偿申请 apart from React: the actions a row offers, the approval's effect, the close form's cost. */

export type RecoveryAction = 'approve' | 'reject' | 'withdraw' | 'close';

/** Waiting for an approval: approve, reject or withdraw. */
const OPEN = ['PENDING_APPROVAL', 'PENDING_SECOND'];

/**
 * Who is signed in, as far as the web knows: the account id the sign-in answered (`null` for a
 * session stored before sessions carried it; the server's 403 is then the only check).
 */
export interface Me {
  id: number | null;
}

/** The user id of a stored session (one rule for every screen that hides maker ≠ checker actions). */
export { userIdOf } from '../../shared/auth/token';

/** An agency or litigation case (it names who pursues the claim and ends with 结案). */
export function isCase(method: string): method is CaseMethod {
  return (CASE_METHODS as readonly string[]).includes(method);
}

/**
 * The actions an application offers to this user (the server's rules, docs/recoveries.md):
 * - 审批 (approve permission) while it waits for an approval, not to its maker, and at the
 *   second level not to its first approver;
 * - 驳回 (approve permission) while it waits for an approval, not to its maker;
 * - 撤回 (create permission) while it waits for an approval, by its maker only (when the session
 *   does not name the user, it is offered and the server's 403 answers anyone else);
 * - 结案 (create permission) of an agency or litigation case in progress (APPROVED).
 */
export function recoveryActions(row: Pick<RecoveryData, 'status' | 'method' | 'createdBy' | 'firstBy'>, held: readonly string[], me: Me): RecoveryAction[] {
  const known = me.id !== null;
  const maker = known && row.createdBy === me.id;
  const firstApprover = known && row.firstBy === me.id;
  const open = OPEN.includes(row.status);
  const approver = hasPermission(PERMISSIONS.ORDER_PLAN_RECOVER_APPROVE, held);
  const creator = hasPermission(PERMISSIONS.ORDER_PLAN_RECOVER_CREATE, held);
  const actions: RecoveryAction[] = [];
  if (open && approver && !maker && !(row.status === 'PENDING_SECOND' && firstApprover)) actions.push('approve');
  if (open && approver && !maker) actions.push('reject');
  if (open && creator && (!known || maker)) actions.push('withdraw');
  if (row.status === 'APPROVED' && isCase(row.method) && creator) actions.push('close');
  return actions;
}

/** What the outcome columns show: the recovered amount of a case (live while it runs), the write-off and the cost once done. */
export const applies = {
  recovered: (row: Pick<RecoveryData, 'method' | 'status'>) => isCase(row.method) && (row.status === 'APPROVED' || row.status === 'EXECUTED'),
  writtenOff: (row: Pick<RecoveryData, 'method' | 'status'>) => row.method === 'WRITE_OFF' && row.status === 'EXECUTED',
  cost: (row: Pick<RecoveryData, 'method' | 'status'>) => isCase(row.method) && row.status === 'EXECUTED',
};

/** Approvals given so far (the names the server keeps). */
export function approvalsDone(row: Pick<RecoveryData, 'firstByName' | 'secondByName'>): number {
  return (row.firstByName ? 1 : 0) + (row.secondByName ? 1 : 0);
}

/**
 * What an approval by this user does now: the first of two levels, a write-off's last level (the
 * claim is written off at once), or the hand-over of an agency or litigation case.
 */
export type ApprovalEffect = 'first' | 'writeOff' | 'handOver';

export function approvalEffect(row: Pick<RecoveryData, 'status' | 'levels' | 'method'>): ApprovalEffect {
  if (row.status === 'PENDING_APPROVAL' && row.levels > 1) return 'first';
  return row.method === 'WRITE_OFF' ? 'writeOff' : 'handOver';
}

/** A write-off whose claim is above the order rules' threshold needs a second approval by another user. */
export function needsSecondApproval(method: string | undefined, claimFen: number, thresholdFen: number): boolean {
  return method === 'WRITE_OFF' && claimFen > thresholdFen;
}

/** The close form's cost in fen, `null` when it is not an amount of yuan (empty, negative, more than two decimals). */
export function costFen(text: string | null | undefined): number | null {
  return yuanToFen((text ?? '').trim());
}

/** Why a typed cost is refused: missing or not an amount; undefined when fine (0 is fine: no cost). */
export function costProblem(text: string | null | undefined): 'required' | 'format' | undefined {
  if ((text ?? '').trim() === '') return 'required';
  return costFen(text) === null ? 'format' : undefined;
}

/** An order the picker offers: its number, customer, and what is still claimed on its advanced instalments. */
export interface ClaimedOrder {
  orderId: number;
  orderNo: string;
  customerName: string;
  claimFen: number;
}

/** The advanced instalments still claimed, one entry per order (in the list's order), with the sum claimed. */
export function claimedOrders(rows: readonly AdvanceData[]): ClaimedOrder[] {
  const orders = new Map<number, ClaimedOrder>();
  for (const row of rows) {
    if (row.claimFen <= 0) continue;
    const known = orders.get(row.orderId);
    if (known) known.claimFen += row.claimFen;
    else orders.set(row.orderId, { orderId: row.orderId, orderNo: row.orderNo, customerName: row.customerName, claimFen: row.claimFen });
  }
  return [...orders.values()];
}
