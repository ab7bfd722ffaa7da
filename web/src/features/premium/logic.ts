import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import type { CandidateGroupData, CandidateOrderData } from './types';

/** The logic of 保费管理 apart from React: which actions an application offers, candidate groups, totals. */

export type ApplicationAction = 'submit' | 'approve' | 'pay' | 'cancel';

/** Each action: the statuses it starts from and the permission it needs (the server's). */
export const APPLICATION_ACTIONS: readonly { action: ApplicationAction; from: readonly string[]; perm: string }[] = [
  { action: 'submit', from: ['DRAFT'], perm: PERMISSIONS.ORDER_PREMIUM_CREATE },
  { action: 'approve', from: ['SUBMITTED'], perm: PERMISSIONS.ORDER_PREMIUM_CREATE },
  { action: 'pay', from: ['CP_APPROVED', 'PARTIALLY_PAID'], perm: PERMISSIONS.ORDER_PREMIUM_PAY },
  { action: 'cancel', from: ['DRAFT', 'SUBMITTED', 'CP_APPROVED'], perm: PERMISSIONS.ORDER_PREMIUM_CREATE },
];

export function applicationActions(status: string, held: readonly string[]): ApplicationAction[] {
  return APPLICATION_ACTIONS.filter((a) => a.from.includes(status) && hasPermission(a.perm, held)).map((a) => a.action);
}

/** A candidate group's key (provider + insurer), as the select holds it. */
export function groupKey(group: Pick<CandidateGroupData, 'capitalProviderId' | 'insurerId'>): string {
  return `${group.capitalProviderId}:${group.insurerId}`;
}

/** Σ financed amounts (fen) of the ticked orders. */
export function selectedTotal(orders: readonly CandidateOrderData[], ids: readonly number[]): number {
  const ticked = new Set(ids);
  return orders.reduce((sum, o) => (ticked.has(o.id) ? sum + o.financedFen : sum), 0);
}
