import type { AccountInfo, EsignAccount } from '../api';

/** A to-do of the capital provider's home page, derived from what the provider's own calls answer. */
export interface CapitalTodo {
  key: 'esignUnsubmitted' | 'esignPending' | 'paused' | 'terminated' | 'noCredit';
  /** Something the provider can act on (else a state to know about). */
  actionable: boolean;
  /** The screen that deals with it. */
  path: string;
}

const SIGNATURE = '/capitalAccount/signatureInfo';
const ACCOUNT = '/capitalAccount/accountInfo';

/**
 * The to-dos the provider's data shows: its e-signature account not yet submitted (or waiting for
 * review), a paused or ended cooperation, credit used up. Orders awaiting the provider's
 * confirmation are not among them: no call lists them to a provider user yet (docs/partners.md).
 */
export function capitalTodos(info: AccountInfo | undefined, esign: EsignAccount | undefined): CapitalTodo[] {
  const todos: CapitalTodo[] = [];
  if (esign?.status === 'UNSUBMITTED') todos.push({ key: 'esignUnsubmitted', actionable: true, path: SIGNATURE });
  if (esign?.status === 'PENDING') todos.push({ key: 'esignPending', actionable: false, path: SIGNATURE });
  const provider = info?.provider;
  if (provider?.status === 'PAUSED') todos.push({ key: 'paused', actionable: false, path: ACCOUNT });
  if (provider?.status === 'TERMINATED') todos.push({ key: 'terminated', actionable: false, path: ACCOUNT });
  if (provider && provider.status === 'ACTIVE' && provider.creditLimitFen > 0 && provider.creditAvailableFen <= 0) {
    todos.push({ key: 'noCredit', actionable: false, path: ACCOUNT });
  }
  return todos;
}

/** The share of the credit limit reserved or used, in whole percent (0 without a limit). */
export function creditUsagePercent(limitFen: number, reservedFen: number, usedFen: number): number {
  if (limitFen <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round(((reservedFen + usedFen) / limitFen) * 100)));
}
