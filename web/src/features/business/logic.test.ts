import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import type { OrderView, RuleRow } from './api';
import { withAppliedRange } from './api';
import {
  actorText,
  applyBody,
  availableCredit,
  intakeBody,
  intakeField,
  intakeInitial,
  optionalFen,
  orderActions,
  premiumTotal,
  requiredFen,
  ruleBody,
  ruleInitial,
} from './logic';

const ALL = Object.values(P);

describe('which actions the order page shows', () => {
  it('follows the events the order can take now', () => {
    expect(orderActions('APPLIED', ['START_INTAKE', 'CANCEL'], ALL)).toEqual(['startIntake', 'cancel']);
    expect(orderActions('INTAKE', ['SUBMIT_INTAKE', 'CANCEL'], ALL)).toEqual(['editIntake', 'submit', 'cancel']);
    expect(orderActions('RETURNED', ['RESUBMIT', 'CANCEL'], ALL)).toEqual(['editIntake', 'resubmit', 'cancel']);
    expect(orderActions('INTAKE_REVIEW', ['APPROVE_INTAKE', 'RETURN', 'REJECT', 'CANCEL'], ALL)).toEqual(['approve', 'return', 'reject', 'cancel']);
    expect(orderActions('PENDING_ALLOCATION', ['ALLOCATE', 'NO_FUNDER', 'CANCEL'], ALL)).toEqual(['allocate', 'noFunder', 'cancel']);
    expect(orderActions('ALLOCATED', ['CP_ACCEPT', 'UNALLOCATE', 'CANCEL'], ALL)).toEqual(['accept', 'unallocate', 'cancel']);
    expect(orderActions('REJECTED', [], ALL)).toEqual([]);
  });

  it('and the permissions the user holds', () => {
    const clerk = [P.ORDER_INFO_TABLE, P.ORDER_INFO_EDIT, P.ORDER_INFO_SUBMIT];
    expect(orderActions('INTAKE_REVIEW', ['APPROVE_INTAKE', 'RETURN', 'REJECT', 'CANCEL'], clerk)).toEqual([]);
    expect(orderActions('INTAKE', ['SUBMIT_INTAKE', 'CANCEL'], clerk)).toEqual(['editIntake', 'submit']);
    const reviewer = [P.ORDER_INFO_TABLE, P.ORDER_INFO_REVIEW];
    expect(orderActions('INTAKE_REVIEW', ['APPROVE_INTAKE', 'RETURN', 'REJECT'], reviewer)).toEqual(['approve', 'return', 'reject']);
    expect(orderActions('PENDING_ALLOCATION', ['ALLOCATE', 'NO_FUNDER'], reviewer)).toEqual([]);
  });
});

describe('which actions the order page shows, part 2', () => {
  it('follows the events of the steps after the acceptance', () => {
    expect(orderActions('PENDING_DECLARATION', ['DECLARATION_SIGNED', 'CANCEL'], ALL)).toEqual(['declaration', 'cancel']);
    // 投保确认 is one command: either outcome's event offers it.
    expect(orderActions('PENDING_INSURE_CONFIRM', ['INSURE_CONFIRMED', 'REQUOTE', 'CANCEL'], ALL)).toEqual(['insure', 'cancel']);
    expect(orderActions('PENDING_INSURE_CONFIRM', ['REQUOTE'], ALL)).toEqual(['insure']);
    expect(orderActions('PENDING_SIGN', ['CONTRACT_SIGNED', 'CANCEL'], ALL)).toEqual(['contract', 'cancel']);
    expect(orderActions('PENDING_DOWN_PAYMENT', ['DOWN_PAYMENT_CONFIRMED', 'CANCEL'], ALL)).toEqual(['downPayment', 'cancel']);
    expect(orderActions('PENDING_DISBURSEMENT', ['DISBURSED', 'CANCEL'], ALL)).toEqual(['disburse', 'cancel']);
    expect(orderActions('PENDING_POLICY', ['UNDO_DISBURSE', 'POLICY_ISSUED'], ALL)).toEqual(['undoDisburse', 'policy']);
  });

  it('offers 登记退款 while money received can be given back before a cancellation', () => {
    expect(orderActions('PENDING_DISBURSEMENT', ['DISBURSED', 'CANCEL'], ALL, { receivedFen: 83000 })).toEqual(['disburse', 'refund', 'cancel']);
    expect(orderActions('PENDING_DISBURSEMENT', ['DISBURSED', 'CANCEL'], ALL, { receivedFen: 0 })).toEqual(['disburse', 'cancel']);
    expect(orderActions('PENDING_POLICY', ['UNDO_DISBURSE', 'POLICY_ISSUED'], ALL, { receivedFen: 83000 })).toEqual(['undoDisburse', 'policy']);
    expect(orderActions('PENDING_DISBURSEMENT', ['DISBURSED', 'CANCEL'], [P.ORDER_INFO_DISBURSE], { receivedFen: 83000 })).toEqual(['disburse']);
  });

  it('each step needs its own permission', () => {
    const cashier = [P.ORDER_INFO_TABLE, P.ORDER_INFO_DOWN_PAYMENT];
    expect(orderActions('PENDING_DOWN_PAYMENT', ['DOWN_PAYMENT_CONFIRMED', 'CANCEL'], cashier)).toEqual(['downPayment']);
    expect(orderActions('PENDING_SIGN', ['CONTRACT_SIGNED', 'CANCEL'], cashier)).toEqual([]);
    expect(orderActions('PENDING_POLICY', ['UNDO_DISBURSE', 'POLICY_ISSUED'], [P.ORDER_INFO_DISBURSE])).toEqual([]);
    expect(orderActions('PENDING_POLICY', ['UNDO_DISBURSE', 'POLICY_ISSUED'], [P.ORDER_INFO_DISBURSE_REVERSE])).toEqual(['undoDisburse']);
  });
});

describe('yuan ↔ fen in the forms', () => {
  it('converts on the text, never through floating point', () => {
    expect(requiredFen('6800.50')).toBe(680050);
    expect(requiredFen('0.1')).toBe(10);
    expect(requiredFen('1,234.5')).toBe(123450);
    expect(requiredFen('1.005')).toBeNull();
    expect(requiredFen(undefined)).toBeNull();
    expect(optionalFen('')).toBeUndefined();
    expect(optionalFen(undefined)).toBeUndefined();
    expect(optionalFen('-3')).toBeNull();
    expect(optionalFen('0.29')).toBe(29);
  });

  it('sums policy premiums in fen', () => {
    expect(premiumTotal([{ premium: '0.1' }, { premium: '0.2' }])).toBe(30);
    expect(premiumTotal([{ premium: '4800' }, { premium: '950' }, { premium: '300' }])).toBe(605000);
    expect(premiumTotal([{ premium: 'x' }])).toBeNull();
    expect(premiumTotal(undefined)).toBe(0);
  });

  it('a provider can take limit − reserved − used', () => {
    expect(availableCredit({ creditLimitFen: 1_000_000_00, creditReservedFen: 30_000_00, creditUsedFen: 20_000_00 })).toBe(950_000_00);
    expect(availableCredit({ creditLimitFen: 100, creditReservedFen: 80, creditUsedFen: 50 })).toBe(0);
  });
});

describe('form → request body', () => {
  it('the application', () => {
    expect(applyBody({ customerId: 1, vehicleId: 2, productId: 3, termN: 12, premium: '6800', financed: '', channel: ' 门店 ', remark: '' })).toEqual({
      customerId: 1,
      vehicleId: 2,
      productId: 3,
      termN: 12,
      requestedPremiumFen: 680000,
      requestedFinancedFen: null,
      channel: '门店',
      remark: null,
    });
    expect(applyBody({ customerId: 1, vehicleId: 2, productId: 3, termN: 6, premium: '6800', financed: '5000.5' }).requestedFinancedFen).toBe(500050);
    expect(() => applyBody({ customerId: 1, vehicleId: 2, productId: 3, termN: 6, premium: 'abc' })).toThrow();
  });

  it('the intake form, and back', () => {
    const body = intakeBody(
      {
        vehicleId: 2,
        productId: 3,
        termN: 12,
        anchorDate: dayjs('2026-12-01'),
        policies: [
          { kind: 'COMMERCIAL', insurerId: 7, premium: '4800.00' },
          { kind: 'COMPULSORY', insurerId: 7, premium: '950' },
        ],
        financed: '5000',
        channel: '',
        remark: '客户到店',
      },
      4,
    );
    expect(body).toEqual({
      vehicleId: 2,
      productId: 3,
      termN: 12,
      anchorDate: '2026-12-01',
      policies: [
        { kind: 'COMMERCIAL', insurerId: 7, premiumFen: 480000 },
        { kind: 'COMPULSORY', insurerId: 7, premiumFen: 95000 },
      ],
      financedFen: 500000,
      channel: null,
      remark: '客户到店',
      version: 4,
    });
    const view = {
      order: { vehicleId: 2, productId: 3, termN: 12, totalPremiumFen: 575000, financedFen: 500000, channel: '' },
      anchorDate: '2026-12-01',
      policies: [{ kind: 'COMMERCIAL', insurerId: 7, insurerName: '人保', premiumFen: 480000 }],
      remark: '',
    } as unknown as OrderView;
    const initial = intakeInitial(view, (d) => dayjs(d), dayjs('2026-11-25'));
    expect(initial.financed).toBe('5000.00');
    expect(initial.policies).toEqual([{ kind: 'COMMERCIAL', insurerId: 7, premium: '4800.00' }]);
    expect(initial.anchorDate?.format('YYYY-MM-DD')).toBe('2026-12-01');
    const fresh = intakeInitial({ ...view, anchorDate: null, policies: [] } as unknown as OrderView, (d) => dayjs(d), dayjs('2026-11-25'));
    expect(fresh.anchorDate?.format('YYYY-MM-DD')).toBe('2026-11-25');
    expect(fresh.policies?.[0]?.premium).toBe('5750.00');
  });

  it('server field names land on the form fields', () => {
    expect(intakeField('financedFen')).toBe('financed');
    expect(intakeField('policies[1].premiumFen')).toBe('policies[1].premium');
    expect(intakeField('anchorDate')).toBe('anchorDate');
  });

  it('an allocation rule, and back', () => {
    const body = ruleBody(
      {
        name: ' 人保优先 ',
        capitalProviderId: 9,
        priority: 100,
        weight: 50,
        insurerIds: [7],
        regions: ['440000'],
        vehicleUsages: ['PRIVATE'],
        productCodes: ['AUTO_PREMIUM'],
        terms: [6, 12],
        financedMin: '1000',
        financedMax: '',
        dailyQuota: '500000',
        window: [dayjs('2026-01-01T09:00'), dayjs('2026-01-01T18:30')],
        effective: [dayjs('2026-12-01'), null],
      },
      3,
    );
    expect(body).toEqual({
      name: '人保优先',
      capitalProviderId: 9,
      priority: 100,
      weight: 50,
      conditions: {
        insurerIds: [7],
        regions: ['440000'],
        vehicleUsages: ['PRIVATE'],
        productCodes: ['AUTO_PREMIUM'],
        terms: [6, 12],
        financedMinFen: 100000,
        financedMaxFen: null,
      },
      dailyQuotaFen: 50000000,
      windowStart: '09:00',
      windowEnd: '18:30',
      effectiveFrom: '2026-12-01',
      effectiveTo: null,
      remark: null,
      version: 3,
    });
    const row = { ...body, id: 1, enabled: true, ruleVersion: 2, capitalProviderName: 'X', remark: '', updatedAt: 0, version: 3 } as unknown as RuleRow;
    const form = ruleInitial(row, (hhmm) => dayjs(`2026-01-01T${hhmm}`), (d) => dayjs(d));
    expect(form.financedMin).toBe('1000.00');
    expect(form.financedMax).toBeUndefined();
    expect(form.dailyQuota).toBe('500000.00');
    expect(form.window?.[1].format('HH:mm')).toBe('18:30');
    expect(ruleBody(form, 3)).toEqual({ ...body, remark: null });
  });

  it('the list range filter becomes appliedFrom/appliedTo', () => {
    expect(withAppliedRange({ page: 1, from: 10, to: 20, orderNo: 'BH' })).toEqual({ page: 1, orderNo: 'BH', appliedFrom: 10, appliedTo: 20 });
    expect(withAppliedRange({ page: 1 })).toEqual({ page: 1 });
  });
});

describe('actorText', () => {
  const t = (key: string, options?: Record<string, unknown>) => (key.startsWith('systemSource.') && key !== 'systemSource.signing' ? String(options?.defaultValue) : key);
  it('names a user, and never shows a system step’s code raw', () => {
    expect(actorText('USER', '王经办', t)).toBe('王经办');
    expect(actorText('USER', '', t)).toBe('actor.USER');
    expect(actorText('SYSTEM', 'signing', t)).toBe('actor.SYSTEM · systemSource.signing');
    expect(actorText('USER', 'allocation', t)).toBe('actor.SYSTEM · allocation');
    expect(actorText('SYSTEM', '', t)).toBe('actor.SYSTEM');
    expect(actorText('CP', '华夏消费金融', t)).toBe('actor.CP · 华夏消费金融');
  });
});
