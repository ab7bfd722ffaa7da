import { describe, expect, it } from 'vitest';
import type { AccountInfo, EsignAccount } from '../api';
import { capitalTodos, creditUsagePercent } from './todos';

const provider = (over: Partial<AccountInfo['provider']>): AccountInfo =>
  ({
    provider: { id: 1, name: '星河消费金融', status: 'ACTIVE', creditLimitFen: 1_000_000, creditReservedFen: 0, creditUsedFen: 0, creditAvailableFen: 1_000_000, ...over },
    accounts: [],
  }) as unknown as AccountInfo;
const esign = (status: string) => ({ status }) as EsignAccount;

describe('the capital provider’s to-dos', () => {
  it('come from its e-signature account and its cooperation status', () => {
    expect(capitalTodos(provider({}), esign('VERIFIED'))).toEqual([]);
    expect(capitalTodos(provider({}), esign('UNSUBMITTED')).map((t) => [t.key, t.actionable])).toEqual([['esignUnsubmitted', true]]);
    expect(capitalTodos(provider({ status: 'PAUSED' }), esign('PENDING')).map((t) => t.key)).toEqual(['esignPending', 'paused']);
    expect(capitalTodos(provider({ creditAvailableFen: 0, creditUsedFen: 1_000_000 }), esign('VERIFIED')).map((t) => t.key)).toEqual(['noCredit']);
    expect(capitalTodos(undefined, undefined)).toEqual([]);
  });

  it('the credit bar: reserved and used over the limit', () => {
    expect(creditUsagePercent(1_000_000, 250_000, 250_000)).toBe(50);
    expect(creditUsagePercent(0, 0, 0)).toBe(0);
    expect(creditUsagePercent(100, 80, 80)).toBe(100);
  });
});
