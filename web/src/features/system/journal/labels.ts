import { useTranslation } from 'react-i18next';
import { useEventLabel } from '../../../shared/order/labels';
import { ORDER_EVENTS } from '../../../shared/order/status';
import { useValueWords } from '../../../shared/order/valueWords';
import { useRecordWords } from '../../../shared/records/valueWords';
import type { OperationLogRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { ORDER_RULES_NS, orderRulesDictionaries } from '../orderRules/locales';
import { ACTIONS, DETAIL_FIELDS, LOGIN_METHODS, LOGIN_REASONS, SCREEN_FIELDS, SYSTEM_ACTORS, TARGETS, actionKey } from './catalogue';
import type { SummaryWords } from './summary';

const among = (list: readonly string[], code: string) => list.includes(code);

/** The order event of a transition's action (`order.down_payment_confirmed` → `DOWN_PAYMENT_CONFIRMED`), if it is one. */
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
  const words: SummaryWords = {
    field: (key) => {
      const screen = SCREEN_FIELDS[key];
      if (screen) return t(screen);
      return among(DETAIL_FIELDS, key) ? t(`journal.fields.${key}`) : key;
    },
    yes: t('common.yes'),
    no: t('common.no'),
    // Statuses by the row's table (a capital provider's 合作中 → 已暂停, an order's 待付首付 → 待放款) and the
    // other codes of the records in words: the platform's records (shared/records/valueWords.ts, the data
    // dictionary's codes included), a product's terms (订单规则配置), the money records
    // (shared/order/valueWords.ts); other values as stored.
    code: (value, context) =>
      recordWords(value, context) ?? (context.target === 'product' ? termWords(value, context.key) : undefined) ?? valueWords(value, context),
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
