import { SHELL_NS } from '../../../layout/locales';
import { useTranslation } from 'react-i18next';
import { useEventLabel } from '../../../shared/order/labels';
import { ORDER_EVENTS } from '../../../shared/order/status';
import { useValueWords } from '../../../shared/order/valueWords';
import { RECORD_WORDS_NS, recordWordDictionaries, useRecordWords } from '../../../shared/records/valueWords';
import type { OperationLogRow } from '../api';
import { SYSTEM_NS, systemDictionaries } from '../locales';
import { ORDER_RULES_NS, orderRulesDictionaries } from '../orderRules/locales';
import { ACTIONS, DETAIL_FIELDS, LOGIN_METHODS, LOGIN_REASONS, SCREEN_FIELDS, SYSTEM_ACTORS, TARGETS, actionKey } from './catalogue';
import type { CodeContext, SummaryWords } from './summary';

const among = (list: readonly string[], code: string) => list.includes(code);

/** The order event of a transition's action (`order.down_payment_confirmed` → `DOWN_PAYMENT_CONFIRMED`), if it is one. */

/** The settings groups of the server (`setting.key`) and the screens that edit them (their menu names). */
const SETTING_SCREENS: Record<string, string> = { security: 'security', system: 'basicSet', order_rules: 'orderRules' };

export function orderEventOf(action: string): string | undefined {
  if (!action.startsWith('order.')) return undefined;
  const event = action.slice('order.'.length).toUpperCase();
  return (ORDER_EVENTS as readonly string[]).includes(event) ? event : undefined;
}

/** The dictionary key of a system actor: `auto-accept` → `auto_accept`. */
export function actorKey(code: string): string {
  return code.replaceAll('-', '_');
}

type TermEnum = keyof (typeof orderRulesDictionaries)['zh']['enums'];

/**
 * The words of a product's terms (`product.update` logs the terms before and after): the choices
 * of 订单规则配置's product form, by the term's key (`allocationOrder` lists components).
 */
export function termEnumOf(key: string | undefined): TermEnum | undefined {
  if (key === 'allocationOrder') return 'component';
  return key !== undefined && Object.hasOwn(orderRulesDictionaries.zh.enums, key) ? (key as TermEnum) : undefined;
}

/**
 * 订单规则配置's labels of the order rules (`order_rules.update` logs the rules before and after
 * under the `setting` table; an insurance confirmation's `toleranceBp` is the same rule): the key of
 * each under the screen's `rules`.
 */
export const ORDER_RULE_FIELDS: Readonly<Record<string, keyof (typeof orderRulesDictionaries)['zh']['rules']>> = {
  signingDeadlineDays: 'signingDeadlineDays',
  downPaymentDeadlineDays: 'downPaymentDeadlineDays',
  premiumChangeToleranceBp: 'premiumChangeToleranceBp',
  toleranceBp: 'premiumChangeToleranceBp',
  defaultAdvanceDays: 'defaultAdvanceDays',
  defaultPenaltyCapBp: 'defaultPenaltyCapBp',
  defaultDemandNoticeCureDays: 'defaultDemandNoticeCureDays',
  delinquencyBuckets: 'buckets',
  classification: 'classification',
  minDays: 'minDays',
  maxDays: 'maxDays',
  waiverSecondApprovalFen: 'waiverSecondApprovalFen',
  writeOffSecondApprovalFen: 'writeOffSecondApprovalFen',
};

/**
 * 通知发送's labels of a notice batch's target, kept in shared/records/valueWords.ts (`notice_send.create` logs
 * `target: {mode, customerIds | filter: {name, kind, status, createdFrom, createdTo}}`), by the
 * key's path (the two dates read as one `created`).
 */
export const NOTICE_TARGET_FIELDS: Readonly<Record<string, keyof (typeof recordWordDictionaries)['zh']['noticeTargetField']>> = {
  'target.mode': 'target',
  'target.customerIds': 'customers',
  'target.filter.name': 'filterName',
  'target.filter.kind': 'kind',
  'target.filter.status': 'customerStatus',
  'target.filter.created': 'created',
};

/** 接口配置's and 电子签章's words of a provider configuration's slot (`provider_config.{slot}`). */
const PROVIDER_SLOTS: Readonly<Record<string, string>> = { sms: 'interface.smsTitle', ocr: 'interface.ocrTitle', esign: 'signature.title' };

/** The words of a provider's kind: 接口配置's (SMS, OCR) or 电子签章's choices. */
function providerKindKey(kind: string): string | undefined {
  if (Object.hasOwn(systemDictionaries.zh.interface.kinds, kind)) return `interface.kinds.${kind}`;
  if (Object.hasOwn(systemDictionaries.zh.signature.kinds, kind)) return `signature.kinds.${kind}`;
  return undefined;
}

/** The journal's codes in words (the code itself when it has none). */
export function useJournalLabels() {
  const { t } = useTranslation(SYSTEM_NS);
  const terms = useTranslation(ORDER_RULES_NS).t;
  const valueWords = useValueWords();
  const recordWords = useRecordWords();
  const termWords = (value: string, key: string | undefined): string | undefined => {
    const table = termEnumOf(key);
    return table && Object.hasOwn(orderRulesDictionaries.zh.enums[table], value) ? terms(`enums.${table}.${value}`) : undefined;
  };
  const eventLabel = useEventLabel();
  const target = (type: string) => (among(TARGETS, type) ? t(`journal.targets.${type}`) : type);
  const records = useTranslation(RECORD_WORDS_NS).t;
  /** A label a screen gives the key where it stands (a product's terms, a notice batch's target, a provider's kind). */
  const screenField = (key: string, context: CodeContext | undefined): string | undefined => {
    const table = context?.target;
    const path = context?.path ?? key;
    if (table === 'notice_batch' && Object.hasOwn(NOTICE_TARGET_FIELDS, path)) return records(`noticeTargetField.${NOTICE_TARGET_FIELDS[path]}`);
    if (table === 'provider_config' && key === 'kind') return t('interface.provider');
    if (table === 'product' && Object.hasOwn(orderRulesDictionaries.zh.fields, key)) return terms(`fields.${key}`);
    return undefined;
  };
  /** A code a screen puts in words where it stands, or undefined. */
  const screenCode = (value: string, context: CodeContext): string | undefined => {
    const { key, target: table, path } = context;
    if (table === 'notice_batch' && path === 'target.mode') {
      return Object.hasOwn(recordWordDictionaries.zh.noticeMode, value) ? records(`noticeMode.${value}`) : undefined;
    }
    // The filter's kind and status are a customer's (the data dictionary's kinds, the customer screens' statuses).
    if (table === 'notice_batch' && path?.startsWith('target.filter.')) return recordWords(value, { key, target: 'customer' });
    if (table === 'provider_config' && key === 'slot') return Object.hasOwn(PROVIDER_SLOTS, value) ? t(PROVIDER_SLOTS[value] ?? value) : undefined;
    if (table === 'provider_config' && key === 'kind') {
      const words = providerKindKey(value);
      return words ? t(words) : undefined;
    }
    // An export names its list by the list's table.
    if (key === 'list' && among(TARGETS, value)) return target(value);
    return undefined;
  };
  const words: SummaryWords = {
    field: (key, context) => {
      const label = screenField(key, context);
      if (label !== undefined) return label;
      const screen = SCREEN_FIELDS[key];
      if (screen) return t(screen);
      if (among(DETAIL_FIELDS, key)) return t(`journal.fields.${key}`);
      const rule = ORDER_RULE_FIELDS[key];
      return rule ? terms(`rules.${rule}`) : key;
    },
    yes: t('common.yes'),
    no: t('common.no'),
    // Statuses by the row's table (a capital provider's 合作中 → 已暂停, an order's 待付首付 → 待放款) and the
    // other codes of the records in words: the screens' own words where the code stands (a notice batch's
    // target, a provider configuration, an export's list), the platform's records
    // (shared/records/valueWords.ts, the data dictionary's codes included), a product's terms
    // (订单规则配置), the money records (shared/order/valueWords.ts); other values as stored.
    code: (value, context) =>
      screenCode(value, context) ??
      // A settings change names its group: the screen's own menu name (安全设置, Security settings).
      (context.target === 'setting' && context.key === 'key' && Object.hasOwn(SETTING_SCREENS, value)
        ? t(`route.${SETTING_SCREENS[value]}`, { ns: SHELL_NS })
        : undefined) ??
      recordWords(value, context) ??
      (context.target === 'product' ? termWords(value, context.key) : undefined) ??
      valueWords(value, context),
  };
  return {
    action: (code: string) => {
      if (among(ACTIONS, code)) return t(`journal.actions.${actionKey(code)}`);
      // The order's own transitions (docs/orders.md): the event's name, as on the order's progress.
      const event = orderEventOf(code);
      return event ? eventLabel(event) : code;
    },
    target,
    /** `客户 郭子豪`; `客户 #18` when the record has no name (or is gone); the type alone without a record. */
    targetText: (row: Pick<OperationLogRow, 'targetType' | 'targetId' | 'targetName'>) => {
      if (row.targetName) return `${target(row.targetType)} ${row.targetName}`;
      return row.targetId ? `${target(row.targetType)} #${row.targetId}` : target(row.targetType);
    },
    /** A background job's or the command line's name in words; a person's account as it is. */
    actor: (row: Pick<OperationLogRow, 'actorKind' | 'actorName'>) =>
      row.actorKind === 'system' && among(SYSTEM_ACTORS, row.actorName) ? t(`journal.systemActors.${actorKey(row.actorName)}`) : row.actorName,
    kind: (value: string) => (value === 'admin' || value === 'capital' || value === 'system' ? t(`journal.${value}`) : value),
    method: (code: string) => (among(LOGIN_METHODS, code) ? t(`journal.methods.${code}`) : code),
    reason: (code: string) => (among(LOGIN_REASONS, code) ? t(`journal.reasons.${code}`) : code),
    words,
  };
}
