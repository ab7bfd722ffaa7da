import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import {
  absoluteSignUrl,
  beyondTolerance,
  canRecordReceipt,
  changeBp,
  contractActions,
  contractsOf,
  disbursable,
  downPaymentBreakdown,
  formatChangeBp,
  generatable,
  hasLivePackage,
  instalmentsPlace,
  insureBody,
  insureField,
  insureInitial,
  insureTotals,
  packageOf,
  policiesToIssue,
  receiptActions,
  receiptFields,
  refundBody,
} from './part2Logic';
import type { ContractData, OrderViewData, PolicyViewData } from './part2Types';

const policy = (over: Partial<PolicyViewData>): PolicyViewData => ({
  id: 1, kind: 'COMMERCIAL', insurerId: 1, insurerName: '人保', premiumFen: 480000, proposalNo: '', policyNo: '', finalPremiumFen: null,
  specialAgreement: '', underwriting: '', startDate: null, endDate: null, ePolicyFileId: null, ePolicySha256: '', status: 'QUOTED', financed: true,
  ...over,
});

const contract = (over: Partial<ContractData>): ContractData => ({
  id: 1, orderId: 7, package: 'LOAN', docKind: 'LOAN_CONTRACT', docKindName: '借款合同', title: '借款合同', contractNo: 'HT1', templateCode: 'LOAN', templateVersion: 1,
  status: 'SIGNING', provider: 'local', flowId: null, renderedSha256: 'ab'.repeat(32), signedSha256: null, signedVia: '', signedAt: null, voidReason: '',
  createdAt: 1, signers: [{ id: 1, role: 'CUSTOMER', name: '郭子豪', status: 'PENDING', signedAt: null, ip: '', signUrl: '/sign/tok' }],
  ...over,
});

describe('the premium change against the quote', () => {
  it('is in basis points as the server measures it: ceil(|final − quoted| × 10000 / quoted), on integers', () => {
    expect(changeBp(480000, 480000)).toBe(0);
    expect(changeBp(480000, 504000)).toBe(500); // +5.00% exactly
    expect(changeBp(480000, 456000)).toBe(-500);
    expect(changeBp(480000, 504001)).toBe(501); // 500.02 bp → 501
    expect(changeBp(3, 4)).toBe(3334); // 3333.33… → 3334
    expect(changeBp(3, 2)).toBe(-3334);
    expect(changeBp(40000, 40001)).toBe(1); // 0.25 bp → 1: any change counts
    expect(changeBp(40000, 39999)).toBe(-1);
    // Large amounts stay exact (a float division would drift here).
    expect(changeBp(99_999_999_999, 100_999_999_998)).toBe(100);
    expect(changeBp(99_999_999_999, 100_999_999_999)).toBe(101);
    expect(changeBp(0, 100)).toBeNull();
  });

  it('is beyond the tolerance when the rounded-up change is more than it', () => {
    expect(beyondTolerance(480000, 504000, 500)).toBe(false); // exactly 5%
    expect(beyondTolerance(480000, 504001, 500)).toBe(true); // 501 bp
    expect(beyondTolerance(480000, 455999, 500)).toBe(true);
    expect(beyondTolerance(480000, 456000, 500)).toBe(false);
    expect(beyondTolerance(3, 4, 3333)).toBe(true); // 3334 > 3333
    expect(beyondTolerance(3, 4, 3334)).toBe(false);
    expect(beyondTolerance(40000, 40001, 0)).toBe(true); // a zero tolerance takes no change at all
    expect(beyondTolerance(100, 100, 0)).toBe(false);
  });

  it('is judged on the totals, not per policy', () => {
    // +10% on one policy, −10% on another of the same quote: the total does not move.
    const policies = [policy({ id: 1, premiumFen: 100000 }), policy({ id: 2, premiumFen: 100000 })];
    const { quotedFen, finalFen } = insureTotals(policies, [{ finalPremium: '1100' }, { finalPremium: '900' }]);
    expect(finalFen).toBe(200000);
    expect(beyondTolerance(quotedFen, finalFen ?? 0, 500)).toBe(false);
    expect(beyondTolerance(100000, 110000, 500)).toBe(true);
  });

  it('reads with its sign', () => {
    expect(formatChangeBp(150)).toBe('+1.50%');
    expect(formatChangeBp(-25)).toBe('-0.25%');
    expect(formatChangeBp(0)).toBe('0.00%');
  });

  it('totals the rows in fen from the yuan typed', () => {
    const policies = [policy({ id: 1, premiumFen: 10 }), policy({ id: 2, premiumFen: 20 })];
    expect(insureTotals(policies, [{ finalPremium: '0.1' }, { finalPremium: '0.2' }])).toEqual({ quotedFen: 30, finalFen: 30 });
    expect(insureTotals(policies, [{ finalPremium: '0.1' }, { finalPremium: 'x' }])).toEqual({ quotedFen: 30, finalFen: null });
  });
});

describe('the insurance confirmation body', () => {
  it('lists every policy once with fen and trimmed texts, at the version read', () => {
    const view = { order: { version: 9 } as OrderViewData['order'], policies: [policy({ id: 11 }), policy({ id: 12, kind: 'COMPULSORY', premiumFen: 95000, financed: false })] };
    const rows = insureInitial(view.policies).policies;
    expect(rows[0]?.finalPremium).toBe('4800.00');
    expect(
      insureBody(view, [
        { proposalNo: ' TB001 ', finalPremium: '4,850.5', specialAgreement: ' 第一受益人为资金方 ' },
        { proposalNo: 'TB002', finalPremium: '950', specialAgreement: '' },
      ]),
    ).toEqual({
      version: 9,
      policies: [
        { id: 11, proposalNo: 'TB001', finalPremiumFen: 485050, specialAgreement: '第一受益人为资金方' },
        { id: 12, proposalNo: 'TB002', finalPremiumFen: 95000, specialAgreement: '' },
      ],
    });
    expect(() => insureBody(view, [{ finalPremium: '1.005' }, { finalPremium: '1' }])).toThrow();
    expect(insureField('policies[1].finalPremiumFen')).toBe('policies[1].finalPremium');
  });
});

describe('contracts', () => {
  it('belong to the package the server names', () => {
    expect(packageOf({ package: 'DECLARATION' })).toBe('declaration');
    expect(packageOf({ package: 'LOAN' })).toBe('loan');
    expect(generatable('PENDING_DECLARATION')).toBe('declaration');
    expect(generatable('PENDING_SIGN')).toBe('loan');
    expect(generatable('PENDING_DOWN_PAYMENT')).toBeNull();
  });

  it('offer their actions by status, by the order step and by the package permission', () => {
    const signing = contract({});
    const declaration = contract({ package: 'DECLARATION', docKind: 'OWNER_DECLARATION' });
    expect(contractActions(signing, 'PENDING_SIGN', [P.ORDER_INFO_TABLE, P.ORDER_INFO_CONTRACT])).toEqual(['copyLink', 'resend', 'upload', 'void', 'download']);
    // The declaration's permission does not reach the loan package; links and download need none.
    expect(contractActions(signing, 'PENDING_SIGN', [P.ORDER_INFO_TABLE, P.ORDER_INFO_DECLARATION])).toEqual(['copyLink', 'download']);
    expect(contractActions(declaration, 'PENDING_DECLARATION', [P.ORDER_INFO_DECLARATION])).toEqual(['copyLink', 'resend', 'upload', 'void', 'download']);
    expect(contractActions(declaration, 'PENDING_DECLARATION', [P.ORDER_INFO_CONTRACT])).toEqual(['copyLink', 'download']);
    // A signed contract may still be voided while the order is at the package's step, not after.
    expect(contractActions(contract({ status: 'SIGNED', signers: [] }), 'PENDING_SIGN', [P.ORDER_INFO_CONTRACT])).toEqual(['void', 'download']);
    expect(contractActions(contract({ status: 'SIGNED', signers: [] }), 'PENDING_DOWN_PAYMENT', [P.ORDER_INFO_CONTRACT])).toEqual(['download']);
    expect(contractActions(signing, 'PENDING_DOWN_PAYMENT', [P.ORDER_INFO_CONTRACT])).toEqual(['copyLink', 'resend', 'upload', 'download']);
    // A refused or voided contract is only read.
    expect(contractActions(contract({ status: 'REJECTED' }), 'PENDING_SIGN', [P.ORDER_INFO_CONTRACT])).toEqual(['download']);
    expect(contractActions(contract({ status: 'VOIDED' }), 'PENDING_SIGN', [P.ORDER_INFO_CONTRACT])).toEqual(['download']);
  });

  it('list the live ones first and know when a package is live', () => {
    const rows = [
      contract({ id: 1, status: 'VOIDED' }),
      contract({ id: 2 }),
      contract({ id: 3, package: 'DECLARATION', docKind: 'OWNER_DECLARATION', status: 'SIGNED' }),
      contract({ id: 4, status: 'REJECTED' }),
    ];
    expect(contractsOf(rows, 'loan').map((c) => c.id)).toEqual([2, 1, 4]);
    expect(contractsOf(rows, 'declaration').map((c) => c.id)).toEqual([3]);
    expect(contractsOf(rows, 'all').map((c) => c.id)).toEqual([2, 3, 1, 4]);
    expect(hasLivePackage(rows, 'loan')).toBe(true);
    expect(hasLivePackage(rows, 'declaration')).toBe(true);
    // Refused and voided documents are not live: generating again asks nothing.
    expect(hasLivePackage([contract({ status: 'VOIDED' }), contract({ status: 'REJECTED' })], 'loan')).toBe(false);
  });

  it('make the signing path absolute on this site', () => {
    expect(absoluteSignUrl('/sign/abc', 'https://beehive.example')).toBe('https://beehive.example/sign/abc');
    expect(absoluteSignUrl('sign/abc', 'https://beehive.example/')).toBe('https://beehive.example/sign/abc');
    expect(absoluteSignUrl('https://other.example/sign/abc', 'https://beehive.example')).toBe('https://other.example/sign/abc');
  });
});

describe('down payment and refunds', () => {
  const view = { order: { downPaymentFen: 75000 } as OrderViewData['order'], upfrontFeeFen: 3000, depositFen: 5000, firstInstalmentFen: 0, dueAtDownPaymentFen: 83000 };

  it('lists the parts due, the first instalment only when collected then', () => {
    expect(downPaymentBreakdown(view).map((p) => p.key)).toEqual(['downPayment', 'upfrontFee', 'deposit']);
    expect(downPaymentBreakdown({ ...view, firstInstalmentFen: 44424 }).map((p) => [p.key, p.fen])).toContainEqual(['firstInstalment', 44424]);
  });

  it('confirms or rejects a recorded receipt with the permission only', () => {
    expect(receiptActions({ status: 'RECORDED' }, [P.ORDER_INFO_DOWN_PAYMENT])).toEqual(['confirm', 'reject']);
    expect(receiptActions({ status: 'RECORDED' }, [P.ORDER_INFO_TABLE])).toEqual([]);
    expect(receiptActions({ status: 'CONFIRMED' }, [P.ORDER_INFO_DOWN_PAYMENT])).toEqual([]);
    expect(canRecordReceipt([])).toBe(true);
    expect(canRecordReceipt([{ status: 'REJECTED' }])).toBe(true);
    expect(canRecordReceipt([{ status: 'REJECTED' }, { status: 'RECORDED' }])).toBe(false);
  });

  it('builds the receipt fields with the amount due and the refund without an amount', () => {
    const valueDate = dayjs('2026-12-02');
    expect(receiptFields({ channel: 'BANK_TRANSFER', serialNo: ' S1 ', payer: ' 郭子豪 ', valueDate }, 83000)).toEqual({
      amountFen: 83000, channel: 'BANK_TRANSFER', serialNo: 'S1', payer: '郭子豪', valueDate: '2026-12-02',
    });
    expect(refundBody({ channel: 'BANK_TRANSFER', serialNo: ' R1 ', valueDate, reason: ' 取消 ' })).toEqual({
      channel: 'BANK_TRANSFER', serialNo: 'R1', valueDate: '2026-12-02', reason: '取消',
    });
  });
});

describe('disbursement and policies', () => {
  const line = { lineId: 5, lineStatus: 'LIVE', applicationId: 3, applicationNo: 'PP20261201001', status: 'CP_APPROVED' };

  it('disburses a live line of an approved application only', () => {
    expect(disbursable(line)).toBe(true);
    expect(disbursable({ ...line, status: 'PARTIALLY_PAID' })).toBe(true);
    expect(disbursable({ ...line, status: 'SUBMITTED' })).toBe(false);
    expect(disbursable({ ...line, lineStatus: 'PAID', status: 'PAID' })).toBe(false);
    expect(disbursable(null)).toBe(false);
  });

  it('lists the financed policies still without their electronic policy', () => {
    const rows = [policy({ id: 1, status: 'ISSUED' }), policy({ id: 2, status: 'UNDERWRITTEN' }), policy({ id: 3, status: 'UNDERWRITTEN', financed: false })];
    expect(policiesToIssue(rows).map((p) => p.id)).toEqual([2]);
  });
});

describe('where the order page lists the instalments', () => {
  const plan = { id: 1 };
  it('once: the schedule before the plan, the plan from the signing, the repayments from the disbursement', () => {
    expect(instalmentsPlace({ order: { disbursedAt: null }, plan: null })).toBe('schedule');
    expect(instalmentsPlace({ order: { disbursedAt: null }, plan })).toBe('plan');
    expect(instalmentsPlace({ order: { disbursedAt: 1_764_000_000_000 }, plan })).toBe('repayment');
    // A reversed disbursement puts the plan back to PENDING and the order back before the money.
    expect(instalmentsPlace({ order: { disbursedAt: null }, plan: { id: 1, status: 'PENDING' } })).toBe('plan');
  });
});
