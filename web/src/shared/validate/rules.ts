import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  isAccountName,
  isAccountNo,
  isBankCard,
  isCreditCode,
  isMobile,
  isOtherIdNo,
  isPhone,
  isPlate,
  passesLuhn,
  residentIdProblem,
  vinProblem,
} from './identifiers';
import { VALIDATE_NS } from './locales';

/** The ID type whose numbers carry the GB 11643 check (the server's `RESIDENT_ID`). */
export const RESIDENT_ID = 'RESIDENT_ID';

/**
 * A rule that checks a filled field with `problem` (a message, or null when the value is right).
 * An empty field passes: whether it is required is the form's own `required` rule.
 */
function check(problem: (value: string) => string | null, options: { warningOnly?: boolean } = {}): FormRule {
  return {
    ...(options.warningOnly ? { warningOnly: true } : {}),
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const message = problem(value);
      if (message !== null) throw new Error(message);
    },
  };
}

/**
 * The antd rules of the identifier checks (`./identifiers.ts`), with the server's messages in the
 * interface language. Each rule leaves an empty field alone; put a `required` rule beside it.
 *
 * ```tsx
 * const rules = useIdentifierRules();
 * <Form.Item name="mobile" rules={[{ required: true, message: ... }, rules.mobile]}>
 * ```
 */
export function useIdentifierRules() {
  const { t } = useTranslation(VALIDATE_NS);
  const residentId = check((v) => {
    const problem = residentIdProblem(v);
    return problem ? t(`residentId.${problem}`) : null;
  });
  const otherId = check((v) => (isOtherIdNo(v) ? null : t('idNo')));
  return {
    mobile: check((v) => (isMobile(v) ? null : t('mobile'))),
    phone: check((v) => (isPhone(v) ? null : t('phone'))),
    residentId,
    /** An ID number of the chosen ID type: a resident ID is checked in full, another document by its form. */
    idNo: (idType: string | undefined): FormRule => (idType === RESIDENT_ID ? residentId : otherId),
    vin: check((v) => {
      const problem = vinProblem(v);
      return problem ? t(`vin.${problem}`) : null;
    }),
    plate: check((v) => (isPlate(v) ? null : t('plate'))),
    creditCode: check((v) => (isCreditCode(v) ? null : t('creditCode'))),
    bankCard: check((v) => (isBankCard(v) ? null : t('bankCard'))),
    /** A warning only: the server accepts a card without the Luhn check digit. */
    bankCardLuhn: check((v) => (!isBankCard(v) || passesLuhn(v) ? null : t('bankCardLuhn')), { warningOnly: true }),
    accountNo: check((v) => (isAccountNo(v) ? null : t('accountNo'))),
    accountName: check((v) => (isAccountName(v) ? null : t('accountName'))),
    /** The bank is required once a card number is typed (put on the bank field, with `dependencies: [cardField]`). */
    bankNameForCard: (cardField: string): FormRule => ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const card = getFieldValue(cardField) as unknown;
        const hasCard = typeof card === 'string' && card.trim() !== '';
        if (hasCard && (typeof value !== 'string' || value.trim() === '')) throw new Error(t('bankNameForCard'));
      },
    }),
  };
}

export type IdentifierRules = ReturnType<typeof useIdentifierRules>;
