import type { OrderRules, ProductTerms } from '../api';
import { PLACES, fromScaled, toScaled } from './units';

/** The terms fields the form shows in other units: percent (from bp), yuan (from fen), percent per day (from ppm). */
const PERCENT_FIELDS = ['rateBp', 'feeRateBp', 'minDownPaymentBp', 'penaltyCapBpOfPrincipal', 'earlySettlementFeeBp'] as const;
const YUAN_FIELDS = ['maxFinancedFen', 'minPrincipalPerInstalmentFen'] as const;
const PER_DAY_FIELDS = ['penaltyRatePpmPerDay'] as const;

type Converted = (typeof PERCENT_FIELDS)[number] | (typeof YUAN_FIELDS)[number] | (typeof PER_DAY_FIELDS)[number];

/** The product terms as the form holds them: the converted fields as decimal text. */
export type TermsForm = Omit<ProductTerms, Converted> & Record<Converted, string>;

/** The decimal places of a converted field. */
export function placesOf(field: Converted): number {
  if ((YUAN_FIELDS as readonly string[]).includes(field)) return PLACES.yuan;
  if ((PER_DAY_FIELDS as readonly string[]).includes(field)) return PLACES.percentPerDay;
  return PLACES.percent;
}

const CONVERTED: readonly Converted[] = [...PERCENT_FIELDS, ...YUAN_FIELDS, ...PER_DAY_FIELDS];

export function termsToForm(terms: ProductTerms): TermsForm {
  const form = { ...terms } as unknown as Record<string, unknown>;
  for (const field of CONVERTED) form[field] = fromScaled(terms[field], placesOf(field));
  return form as unknown as TermsForm;
}

/** The form's terms as the API takes them; a converted field that is not a number becomes -1 (the server names it). */
export function formToTerms(form: TermsForm): ProductTerms {
  const terms = { ...form } as unknown as Record<string, unknown>;
  for (const field of CONVERTED) terms[field] = toScaled(form[field], placesOf(field)) ?? -1;
  terms.termOptions = [...form.termOptions].map(Number).sort((a, b) => a - b);
  terms.inAdvanceFirstPeriodInterestFree = Boolean(form.inAdvanceFirstPeriodInterestFree);
  return terms as unknown as ProductTerms;
}

/** The order rules as the form holds them: the two shares as percent text, the approval thresholds as yuan text. */
export type RulesForm = Omit<
  OrderRules,
  'premiumChangeToleranceBp' | 'defaultPenaltyCapBp' | 'waiverSecondApprovalFen' | 'writeOffSecondApprovalFen'
> & {
  premiumChangeToleranceBp: string;
  defaultPenaltyCapBp: string;
  waiverSecondApprovalFen: string;
  writeOffSecondApprovalFen: string;
};

export function rulesToForm(rules: OrderRules): RulesForm {
  return {
    ...rules,
    premiumChangeToleranceBp: fromScaled(rules.premiumChangeToleranceBp, PLACES.percent),
    defaultPenaltyCapBp: fromScaled(rules.defaultPenaltyCapBp, PLACES.percent),
    waiverSecondApprovalFen: fromScaled(rules.waiverSecondApprovalFen, PLACES.yuan),
    writeOffSecondApprovalFen: fromScaled(rules.writeOffSecondApprovalFen, PLACES.yuan),
  };
}

export function formToRules(form: RulesForm): OrderRules {
  return {
    ...form,
    premiumChangeToleranceBp: toScaled(form.premiumChangeToleranceBp, PLACES.percent) ?? -1,
    defaultPenaltyCapBp: toScaled(form.defaultPenaltyCapBp, PLACES.percent) ?? -1,
    waiverSecondApprovalFen: toScaled(form.waiverSecondApprovalFen, PLACES.yuan) ?? -1,
    writeOffSecondApprovalFen: toScaled(form.writeOffSecondApprovalFen, PLACES.yuan) ?? -1,
    delinquencyBuckets: form.delinquencyBuckets.map((b) => ({
      classification: (b.classification ?? '').trim(),
      minDays: Number(b.minDays ?? 0),
      maxDays: b.maxDays === null || b.maxDays === undefined || String(b.maxDays) === '' ? null : Number(b.maxDays),
    })),
  };
}
