import { useTranslation } from 'react-i18next';
import { useEventLabel } from '../../../shared/order/labels';
import { ORDER_EVENTS } from '../../../shared/order/status';
import { useValueWords } from '../../../shared/order/valueWords';
import type { OperationLogRow } from '../api';
import { SYSTEM_NS } from '../locales';
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

/** The journal's codes in words (the code itself when it has none). */
export function useJournalLabels() {
  const { t } = useTranslation(SYSTEM_NS);
  const valueWords = useValueWords();
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
    // Statuses by the row's table (an order's 待付首付 → 待放款, a repayment's 待确认 → 已确认), payment
    // channels and the other codes of money records in words (shared/order/valueWords.ts); other values as stored.
    code: valueWords,
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
