import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import { useJournalLabels } from './labels';
import type { CodeContext } from './summary';

// The data-dictionary types the journal fetches: none here (labels only).
vi.mock('../../../shared/api/request', async (original) => ({ ...(await original<object>()), request: () => Promise.resolve([]) }));

/**
 * Every key of an operation-log detail the server writes at the top (the keys of the `json!`
 * objects in crates/service/src, passed to `audit::record`, `log_change` and `Logged`), but the
 * ones the summary reads as a change or opens (before, after, from, to, detail, filter, target,
 * terms, previous…) and the BestSign request bodies (interface/bestsign.rs) and test modules.
 * To extract it again, from the repository's root:
 *
 *   python3 - <<'PY'
 *   import re, os
 *   keys = set()
 *   for d, _, fs in os.walk('crates/service/src'):
 *       for f in fs:
 *           p = os.path.join(d, f)
 *           if not f.endswith('.rs') or f == 'bestsign.rs': continue
 *           s = open(p).read().split('#[cfg(test)]')[0]
 *           for m in re.finditer(r'json!\s*\(', s):
 *               i, depth = m.end(), 1
 *               while depth: depth += {'(': 1, ')': -1}.get(s[i], 0); i += 1
 *               keys.update(re.findall(r'"([A-Za-z_]\w*)"\s*:', s[m.end():i - 1]))
 *   print(sorted(k for k in keys if k not in {'before', 'after', 'from', 'to', 'detail', 'filter', 'target', 'terms'} and not k.startswith('previous')))
 *   PY
 */
const SERVER_DETAIL_KEYS = [
  'acceptMode', 'account', 'accountName', 'accountNo', 'accounts', 'added', 'advanceAfterDays', 'advancedOn', 'amountFen', 'anchorDate',
  'applicationNo', 'appliedFen', 'approvalNo', 'approvedFen', 'bankName', 'bankSerialNo', 'bearer', 'bucket', 'capitalProviderId',
  'capitalProviderName', 'categoryId', 'certificateNo', 'changeBp', 'changed', 'channel', 'claimFen', 'code', 'compulsoryReasons', 'conditional',
  'conditions', 'contactName', 'contactPhoneChanged', 'contractNo', 'contracts', 'costFen', 'costRateBp', 'creditCode', 'creditLimitFen',
  'cureDeadline', 'customerId', 'customerIds', 'customerNo', 'dayBasis', 'daysPastDue', 'deadline', 'declinedByInsurer', 'departmentId',
  'depositFen', 'docKind', 'documentSha256', 'downPaymentFen', 'dueDate', 'editedVersion', 'effectiveDate', 'enabled', 'endDate', 'endorsementNo',
  'estimateFen', 'expectedFen', 'feeFen', 'field', 'fields', 'fileId', 'fileName', 'finalPremiumFen', 'financedFen', 'firstInstalmentFen', 'flowId',
  'guaranteeMode', 'idNo', 'insurerRefundFen', 'interestFen', 'ip', 'isDefault', 'itemSeq', 'journalId', 'key', 'kind', 'kycStatus', 'labelZh',
  'left', 'legalRepresentative', 'level', 'levels', 'lines', 'list', 'method', 'missing', 'mobile', 'mode', 'name', 'nameZh', 'newVersion',
  'noticeSentOn', 'notifyMobileChanged', 'numberChanged', 'objectName', 'orderFileId', 'orderId', 'orderNo', 'orders', 'orgName', 'outstandingFen',
  'overdueItems', 'paidFen', 'paidOn', 'parentId', 'passwordGenerated', 'payeeAccountId', 'payer', 'payoffFen', 'penaltyFen', 'penaltyShareBp',
  'permissions', 'personalChanged', 'planId', 'plateNo', 'policies', 'policyNo', 'position', 'preStartFeeBp', 'premiumFen', 'principalFen',
  'priority', 'productId', 'productVersion', 'promisedDate', 'promisedFen', 'proposalNo', 'proposals', 'provider', 'providerId',
  'providerTemplateId', 'providersTried', 'purpose', 'quotedPremiumFen', 'reason', 'reasonCode', 'recoveredFen', 'recoveryNo', 'refundFen',
  'rejectReason', 'releasedFen', 'removed', 'replacesId', 'requestedCancelDate', 'requestedFinancedFen', 'requeued', 'requote', 'reservedFen',
  'resubmission', 'retiredVersion', 'returnCount', 'reversalJournalId', 'role', 'roleIds', 'rolesAdded', 'rolesRemoved', 'rows', 'ruleId',
  'ruleVersion', 'seq', 'serialNo', 'sessionsRevoked', 'settledOn', 'settlementCycle', 'sha256', 'shortfallFen', 'shortfallResolution', 'signedVia',
  'signer', 'signers', 'size', 'sizeBytes', 'slot', 'startDate', 'status', 'submittedOn', 'success', 'surplusFen', 'surrenderNo', 'taken',
  'template', 'templateVersion', 'termN', 'title', 'toleranceBp', 'total', 'totalFen', 'totalPremiumFen', 'type', 'usersSignedOut', 'validUntil',
  'valueDate', 'vehicleId', 'version', 'vin', 'waivedFen', 'waiverNo', 'weight', 'writeOffNo',
] as const;

/** A product's terms (crates/domain/src/money/product.rs, `ProductTerms`): `product.create`'s `terms`, `product.update`'s before and after. */
const PRODUCT_TERMS = [
  'scheduleMethod', 'termOptions', 'rateBp', 'ratePeriod', 'dayCount', 'repayTiming', 'inAdvanceFirstPeriodInterestFree', 'feeRateBp', 'feeTiming',
  'depositRule', 'minDownPaymentBp', 'maxFinancedFen', 'minPrincipalPerInstalmentFen', 'penaltyRatePpmPerDay', 'penaltyBase', 'penaltyGraceDays',
  'penaltyFrom', 'penaltyCapBpOfPrincipal', 'allocationOrder', 'prepaymentRule', 'earlySettlementInterest', 'earlySettlementFeeBp', 'roundingMode',
  'remainderOn', 'advanceAfterDays', 'surrenderAfterDays', 'demandNoticeCureDays',
] as const;

/** The order rules (crates/domain/src/money/rules.rs, `OrderRules` and `DelinquencyRange`): `order_rules.update`'s before and after. */
const ORDER_RULES = [
  'signingDeadlineDays', 'downPaymentDeadlineDays', 'premiumChangeToleranceBp', 'defaultAdvanceDays', 'defaultPenaltyCapBp',
  'defaultDemandNoticeCureDays', 'delinquencyBuckets', 'classification', 'minDays', 'maxDays', 'waiverSecondApprovalFen', 'writeOffSecondApprovalFen',
] as const;

/** The security and system settings (crates/service/src/system/settings.rs): `setting.update_*`'s before and after. */
const SETTINGS = [
  'tokenMinutes', 'refreshHours', 'singleSession', 'maxFailures', 'lockMinutes', 'passwordExpiryDays', 'smsPerMinute', 'smsPerDay', 'smsPerIpPerHour',
  'ipAllowList', 'platformName', 'servicePhone', 'serviceEmail', 'pageSize', 'uploadLimitMib', 'timeZone',
] as const;

/** The fields a provider configuration's `changed` names (crates/service/src/interface: `SmsSettings`, `OcrSettings`, `SignatureSettings` and the secrets). */
const PROVIDER_FIELDS = [
  'endpoint', 'accessKeyId', 'signName', 'accessKeySecret', 'appKey', 'appSecret', 'developerId', 'callbackBase', 'platformCreditCode', 'platformMobile',
  'privateKey',
] as const;

/** A notice batch's target (crates/service/src/operate/send.rs, `CustomerFilter`), by path; the two dates read as one `created`. */
const NOTICE_TARGET = ['target.mode', 'target.customerIds', 'target.filter.name', 'target.filter.kind', 'target.filter.status', 'target.filter.created'] as const;

const CASES: [key: string, context: CodeContext | undefined][] = [
  ...SERVER_DETAIL_KEYS.map((key): [string, undefined] => [key, undefined]),
  ...PRODUCT_TERMS.map((key): [string, CodeContext] => [key, { key, target: 'product', path: `terms.${key}` }]),
  ...ORDER_RULES.map((key): [string, CodeContext] => [key, { key, target: 'setting' }]),
  ...SETTINGS.map((key): [string, CodeContext] => [key, { key, target: 'setting' }]),
  ...PROVIDER_FIELDS.map((key): [string, CodeContext] => [key, { target: 'provider_config' }]),
  ...NOTICE_TARGET.map((path): [string, CodeContext] => {
    const key = path.slice(path.lastIndexOf('.') + 1);
    return [key, { key, target: 'notice_batch', path }];
  }),
];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('every detail key the server writes has a label', () => {
  it.each(['zh', 'en', 'es', 'ja'])('in %s', async (lang) => {
    await i18n.changeLanguage(lang);
    const { words } = renderHook(() => useJournalLabels(), { wrapper }).result.current;
    const unlabelled = CASES.filter(([key, context]) => {
      const label = words.field(key, context);
      return !label || label === key;
    }).map(([key, context]) => context?.path ?? key);
    expect(unlabelled).toEqual([]);
  });

  it('in words of their own language', async () => {
    // A label missing in a language would fall back to Chinese: English has none in Chinese characters.
    await i18n.changeLanguage('en');
    const { words } = renderHook(() => useJournalLabels(), { wrapper }).result.current;
    const chinese = CASES.filter(([key, context]) => /[\u4e00-\u9fff]/.test(words.field(key, context))).map(([key, context]) => context?.path ?? key);
    expect(chinese).toEqual([]);
  });
});
