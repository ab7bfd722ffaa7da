import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import type { WriteOffData } from './part2Types';

/** Who bears the capital provider's principal of a write-off. */
export const WRITE_OFF_BEARERS = ['CAPITAL_PROVIDER', 'PLATFORM'] as const;

export type WriteOffAction = 'approve' | 'reject' | 'withdraw';

/**
 * The actions a write-off application offers to this user (the server's rules, docs/write-offs.md):
 * while it waits, another holder of the permission approves or rejects it (not the maker, and not
 * the first approver at the second level); the maker withdraws it.
 */
export function writeOffActions(
  row: Pick<WriteOffData, 'status' | 'createdBy' | 'firstBy'>,
  me: { id: number | null },
  held: readonly string[],
): WriteOffAction[] {
  if (!held.includes(PERMISSIONS.ORDER_PLAN_WRITE_OFF)) return [];
  if (row.status !== 'PENDING_APPROVAL' && row.status !== 'PENDING_SECOND') return [];
  if (me.id !== null && row.createdBy === me.id) return ['withdraw'];
  if (row.status === 'PENDING_SECOND' && me.id !== null && row.firstBy === me.id) return [];
  return ['approve', 'reject'];
}
