import { describe, expect, it } from 'vitest';
import type { ProductTerms } from '../api';
import { formToRules, formToTerms, rulesToForm, termsToForm } from './form';

const terms: ProductTerms = {
  scheduleMethod: 'ANNUITY',
  termOptions: [12, 3, 6],
  rateBp: 100,
  ratePeriod: 'MONTH',
  dayCount: 'ACT_365',
  repayTiming: 'IN_ARREARS',
  inAdvanceFirstPeriodInterestFree: false,
  feeRateBp: 0,
  feeTiming: 'UPFRONT',
  depositRule: 'NONE',
  minDownPaymentBp: 2000,
  maxFinancedFen: 100_000_000,
  minPrincipalPerInstalmentFen: 100,
  penaltyRatePpmPerDay: 500,
  penaltyBase: 'INSTALMENT_PRINCIPAL_INTEREST',
  penaltyGraceDays: 3,
  penaltyFrom: 'DUE_DATE',
  penaltyCapBpOfPrincipal: 2400,
  allocationOrder: ['PENALTY', 'FEE', 'INTEREST', 'PRINCIPAL'],
  prepaymentRule: 'NEXT',
  earlySettlementInterest: 'CURRENT_PERIOD_FULL',
  earlySettlementFeeBp: 100,
  roundingMode: 'HALF_UP',
  remainderOn: 'LAST',
  advanceAfterDays: 30,
  surrenderAfterDays: 60,
  demandNoticeCureDays: 10,
};

describe('product form', () => {
  it('shows percent, yuan and percent per day, and sends the integers back', () => {
    const form = termsToForm(terms);
    expect(form.rateBp).toBe('1.00');
    expect(form.maxFinancedFen).toBe('1000000.00');
    expect(form.penaltyRatePpmPerDay).toBe('0.0500');
    expect(form.penaltyCapBpOfPrincipal).toBe('24.00');
    expect(formToTerms(form)).toEqual({ ...terms, termOptions: [3, 6, 12] });
  });

  it('sends a field that is not a number as -1, for the server to name', () => {
    expect(formToTerms({ ...termsToForm(terms), feeRateBp: 'x' }).feeRateBp).toBe(-1);
  });

  it('keeps an empty bucket end as open-ended', () => {
    const rules = {
      signingDeadlineDays: 7,
      downPaymentDeadlineDays: 3,
      premiumChangeToleranceBp: 500,
      defaultAdvanceDays: 30,
      defaultPenaltyCapBp: 2400,
      defaultDemandNoticeCureDays: 10,
      waiverSecondApprovalFen: 50_000,
      writeOffSecondApprovalFen: 500_000,
      delinquencyBuckets: [
        { classification: 'M0', minDays: 0, maxDays: 0 },
        { classification: 'M1+', minDays: 1, maxDays: null },
      ],
    };
    const form = rulesToForm(rules);
    expect(form.premiumChangeToleranceBp).toBe('5.00');
    expect(form.waiverSecondApprovalFen).toBe('500.00');
    expect(form.writeOffSecondApprovalFen).toBe('5000.00');
    expect(formToRules(form)).toEqual(rules);
  });
});
