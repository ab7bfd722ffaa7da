import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { yuanToFen } from '../../shared/format/money';
import type { WaivableItemData, WaiverComponent, WaiverData } from './types';

/** The logic of 减免申请 apart from React: the actions a row offers, the form's scope and amounts. */

export type WaiverAction = 'approve' | 'reject' | 'withdraw';

/** Waiting for an approval: approve or reject. */
const OPEN = ['PENDING_APPROVAL', 'PENDING_SECOND'];
/** Not in effect yet: the maker side may withdraw it (an approved conditional one too). */
const WITHDRAWABLE = [...OPEN, 'APPROVED'];

/**
 * Who is signed in, as far as the web knows: the account id the sign-in answered (`null` for a
 * session stored before sessions carried it; the server's 403 is then the only check).
 */
export interface Me {
  id: number | null;
}

/** The user id of a stored session (one rule for every screen that hides maker ≠ checker actions). */
export { userIdOf } from '../../shared/auth/token';

/**
 * The actions a waiver offers to this user (the server's rules, docs/waivers.md):
 * - 审批 (approve permission) while it waits for an approval, not to its maker, and at the
 *   second level not to its first approver;
 * - 驳回 (approve permission) while it waits for an approval, not to its maker;
 * - 撤回 (create permission) until it takes effect, by its maker only (when the session does not
 *   name the user, it is offered and the server's 403 answers anyone else).
 */
export function waiverActions(row: Pick<WaiverData, 'status' | 'createdBy' | 'firstBy'>, held: readonly string[], me: Me): WaiverAction[] {
  const known = me.id !== null;
  const maker = known && row.createdBy === me.id;
  const firstApprover = known && row.firstBy === me.id;
  const open = OPEN.includes(row.status);
  const approver = hasPermission(PERMISSIONS.ORDER_PLAN_REDUCTION_APPROVE, held);
  const actions: WaiverAction[] = [];
  if (open && approver && !maker && !(row.status === 'PENDING_SECOND' && firstApprover)) actions.push('approve');
  const reject = open && approver && !maker;
  if (reject) actions.push('reject');
  if (WITHDRAWABLE.includes(row.status) && hasPermission(PERMISSIONS.ORDER_PLAN_REDUCTION_CREATE, held) && (!known || maker)) {
    actions.push('withdraw');
  }
  return actions;
}

/** Approvals given so far (the names the server keeps). */
export function approvalsDone(row: Pick<WaiverData, 'firstByName' | 'secondByName'>): number {
  return (row.firstByName ? 1 : 0) + (row.secondByName ? 1 : 0);
}

/** The form's scope: every instalment already due, or one instalment by its number. */
export type Scope = 'due' | number;

/** The instalments a scope covers (the items are those with something outstanding). */
export function coveredItems(items: readonly WaivableItemData[], scope: Scope | undefined): WaivableItemData[] {
  if (scope === undefined) return [];
  return items.filter((item) => (scope === 'due' ? item.due : item.seq === scope));
}

export type Amounts = Record<WaiverComponent, number>;

/** What can be waived of each component in a scope: the sum outstanding on the covered instalments (fen). */
export function scopeMaximums(items: readonly WaivableItemData[], scope: Scope | undefined): Amounts {
  return coveredItems(items, scope).reduce<Amounts>(
    (sum, item) => ({ interest: sum.interest + item.interestFen, fee: sum.fee + item.feeFen, penalty: sum.penalty + item.penaltyFen }),
    { interest: 0, fee: 0, penalty: 0 },
  );
}

/** The scope sent to the server: `itemSeq` null for every due instalment. */
export function itemSeqOf(scope: Scope): number | null {
  return scope === 'due' ? null : scope;
}

/** A typed amount in fen: empty is 0, `null` when it is not an amount of yuan (at most two decimals). */
export function amountFen(text: string | null | undefined): number | null {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  return yuanToFen(value);
}

/** Why a typed amount is refused: not an amount, or more than can be waived; undefined when fine. */
export function amountProblem(text: string | null | undefined, maxFen: number): 'format' | 'max' | undefined {
  const fen = amountFen(text);
  if (fen === null) return 'format';
  return fen > maxFen ? 'max' : undefined;
}

/** The total of the typed amounts (invalid ones count 0). */
export function typedTotal(texts: Partial<Record<WaiverComponent, string>>): number {
  return (['interest', 'fee', 'penalty'] as const).reduce((sum, c) => sum + (amountFen(texts[c]) ?? 0), 0);
}

/** A total above the order rules' threshold needs a second approval by another user. */
export function needsSecondApproval(totalFen: number, thresholdFen: number): boolean {
  return totalFen > thresholdFen;
}

/** The longest a conditional waiver may wait for the customer's payment. */
export const MAX_VALID_DAYS = 90;

/** `YYYY-MM-DD` plus days (calendar arithmetic in UTC: no time zone moves the day). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A deadline may be from the business date up to 90 days on. */
export function deadlineAllowed(day: string, businessDate: string): boolean {
  return day >= businessDate && day <= addDays(businessDate, MAX_VALID_DAYS);
}
