import type { Dayjs } from 'dayjs';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { requiredFen } from './logic';
import type { AllocationLineData, ComponentData, JournalData, OrderViewData, PenaltyData, PreviewBody, QuoteData, RepaymentData, RepaymentFields } from './part2Types';

/**
 * The logic of the repayment screens apart from React (docs/repayments.md): which repayment
 * actions a user has, what may be recorded for an order, the form's fields, the allocation per
 * instalment, the payoff quote's parts. Money stays integer fen; typed yuan goes through
 * `requiredFen` (shared/format/money, never floating point).
 */

type Order = Pick<OrderViewData['order'], 'status' | 'disbursedAt'>;

/** Where the money of a repayment comes from (as the form offers it; CREDIT and DEPOSIT are the system's). */
export const REPAYMENT_SOURCES = ['CUSTOMER', 'THIRD_PARTY'] as const;

/** The components of an instalment in the order the allocation pays them. */
export const COMPONENTS = ['PENALTY', 'FEE', 'INTEREST', 'PRINCIPAL'] as const;
export type ComponentCode = (typeof COMPONENTS)[number];

/** The repayments the system creates (期初 first instalment, deposit offset): nobody confirms, rejects or reverses them. */
export const SYSTEM_PURPOSES: readonly string[] = ['FIRST_INSTALMENT', 'DEPOSIT_OFFSET'];

/** The order statuses that take a repayment (into a SETTLED order it becomes the customer's credit). */
export const REPAYABLE_STATUSES: readonly string[] = ['PENDING_POLICY', 'REPAYING', 'OVERDUE', 'SURRENDERING', 'SETTLED'];

/** The order statuses an early settlement is possible in. */
export const SETTLEABLE_STATUSES: readonly string[] = ['PENDING_POLICY', 'REPAYING', 'OVERDUE'];

/** How an order settled (`OrderRowData.settleType`). */
export const SETTLE_TYPES = ['NORMAL', 'EARLY', 'DEPOSIT_OFFSET', 'SURRENDER'] as const;

export const REPAYMENT_STATUSES = ['RECORDED', 'CONFIRMED', 'REJECTED', 'REVERSED'] as const;
export const REPAYMENT_PURPOSES = ['REPAYMENT', 'EARLY_SETTLEMENT', 'FIRST_INSTALMENT', 'DEPOSIT_OFFSET'] as const;
export const ITEM_STATUSES = ['NOT_DUE', 'DUE', 'OVERDUE', 'PAID', 'CANCELLED', 'WRITTEN_OFF'] as const;

export function isSystemRepayment(repayment: Pick<RepaymentData, 'purpose'>): boolean {
  return SYSTEM_PURPOSES.includes(repayment.purpose);
}

export type RepaymentAction = 'confirm' | 'reject' | 'reverse';

/**
 * The actions a user has on a repayment, as the server allows them: 确认 / 驳回 while it is only
 * recorded (`order_info:repay`; 确认 not by the user who recorded it), 冲正 once confirmed
 * (`order_plan:reverse`; not by the user who confirmed it); none on the system's repayments.
 * `me` is the signed-in account's id (unknown in an older stored session: the server's 403 then
 * says so).
 */
export function repaymentActions(
  repayment: Pick<RepaymentData, 'purpose' | 'status' | 'recordedBy' | 'confirmedBy'>,
  held: readonly string[],
  me?: number,
): RepaymentAction[] {
  if (isSystemRepayment(repayment)) return [];
  const actions: RepaymentAction[] = [];
  if (repayment.status === 'RECORDED' && hasPermission(PERMISSIONS.ORDER_INFO_REPAY, held)) {
    if (me === undefined || repayment.recordedBy !== me) actions.push('confirm');
    actions.push('reject');
  }
  if (repayment.status === 'CONFIRMED' && hasPermission(PERMISSIONS.ORDER_PLAN_REVERSE, held) && (me === undefined || repayment.confirmedBy !== me)) {
    actions.push('reverse');
  }
  return actions;
}

/** Whether 登记还款 is offered: a disbursed order in a status that takes repayments, and the permission. */
export function canRecordRepayment(order: Order, held: readonly string[]): boolean {
  return order.disbursedAt !== null && REPAYABLE_STATUSES.includes(order.status) && hasPermission(PERMISSIONS.ORDER_INFO_REPAY, held);
}

/** Whether 提前结清 is offered: as 登记还款, while the order is running and something is owed. */
export function canSettleEarly(order: Order, outstandingFen: number, held: readonly string[]): boolean {
  return canRecordRepayment(order, held) && SETTLEABLE_STATUSES.includes(order.status) && outstandingFen > 0;
}

/** 登记还款's form: the amount as typed (yuan) in the normal mode. */
export interface RepaymentForm {
  amount?: string;
  source: string;
  channel: string;
  serialNo: string;
  payer: string;
  valueDate: Dayjs;
}

/**
 * The fields of 登记还款 (multipart, the voucher apart). An early settlement takes the quote's
 * total and date (today's business date) and says so with `earlySettlement: 'true'`; otherwise the
 * amount typed in yuan becomes integer fen.
 */
export function repaymentFields(form: RepaymentForm, early: Pick<QuoteData, 'totalFen' | 'date'> | null): RepaymentFields {
  const common = { source: form.source, channel: form.channel, serialNo: form.serialNo.trim(), payer: form.payer.trim() };
  if (early) return { ...common, amountFen: early.totalFen, valueDate: early.date, earlySettlement: 'true' };
  const amountFen = requiredFen(form.amount);
  if (amountFen === null || amountFen <= 0) throw new Error('amount');
  return { ...common, amountFen, valueDate: form.valueDate.format('YYYY-MM-DD') };
}

/** The preview's body once the form holds an amount above zero and a date; `null` before. */
export function previewBody(amount: string | undefined, valueDate: Dayjs | null | undefined): PreviewBody | null {
  const amountFen = requiredFen(amount);
  if (amountFen === null || amountFen <= 0 || !valueDate || !valueDate.isValid()) return null;
  return { amountFen, valueDate: valueDate.format('YYYY-MM-DD') };
}

/** A value date the form accepts: not after the business date, not before the disbursement's day. */
export function valueDateAllowed(day: Dayjs, businessDate: Dayjs, disbursedOn: Dayjs | null): boolean {
  if (day.isAfter(businessDate, 'day')) return false;
  return !disbursedOn || !day.isBefore(disbursedOn, 'day');
}

/** One instalment's part of an allocation: each component and the sum. */
export interface AllocationRow {
  seq: number;
  PENALTY: number;
  FEE: number;
  INTEREST: number;
  PRINCIPAL: number;
  total: number;
}

/** The allocation lines per instalment (by instalment number), with a line of totals. */
export function allocationRows(lines: readonly AllocationLineData[]): { rows: AllocationRow[]; total: AllocationRow } {
  const bySeq = new Map<number, AllocationRow>();
  const total: AllocationRow = { seq: 0, PENALTY: 0, FEE: 0, INTEREST: 0, PRINCIPAL: 0, total: 0 };
  for (const line of lines) {
    const component = (COMPONENTS as readonly string[]).includes(line.component) ? (line.component as ComponentCode) : null;
    if (!component) continue;
    const row = bySeq.get(line.itemSeq) ?? { seq: line.itemSeq, PENALTY: 0, FEE: 0, INTEREST: 0, PRINCIPAL: 0, total: 0 };
    row[component] += line.amountFen;
    row.total += line.amountFen;
    total[component] += line.amountFen;
    total.total += line.amountFen;
    bySeq.set(line.itemSeq, row);
  }
  return { rows: [...bySeq.values()].sort((a, b) => a.seq - b.seq), total };
}

/** The components an allocation touched (all four when it touched none), in allocation order. */
export function usedComponents(total: AllocationRow): ComponentCode[] {
  const used = COMPONENTS.filter((c) => total[c] !== 0);
  return used.length > 0 ? used : [...COMPONENTS];
}

export type QuotePart = 'principal' | 'interest' | 'fee' | 'penalty' | 'settlementFee';

/**
 * The payoff quote's parts as the screen lists them — outstanding principal, the current period's
 * interest, fees, penalty, the early-settlement fee — which add up to its total. The future
 * interest cancelled is shown apart: it is what the customer does not pay.
 */
export function quoteBreakdown(quote: QuoteData): { key: QuotePart; fen: number }[] {
  return [
    { key: 'principal', fen: quote.principalFen },
    { key: 'interest', fen: quote.interestFen },
    { key: 'fee', fen: quote.feeFen },
    { key: 'penalty', fen: quote.penaltyFen },
    { key: 'settlementFee', fen: quote.settlementFeeFen },
  ];
}

/** Whether the parts add up to the total (they do unless the server's rule changes: the screen then says so). */
export function quoteAddsUp(quote: QuoteData): boolean {
  return quoteBreakdown(quote).reduce((sum, part) => sum + part.fen, 0) === quote.totalFen;
}

export type ComponentFigure = 'paid' | 'waived' | 'writtenOff' | 'cancelled' | 'outstanding';

/**
 * What became of a component's due amount, for a cell under it: nothing while it is untouched
 * (all of it still owed), else what was paid, waived, written off and cancelled when there is
 * any, and what is still owed.
 */
export function componentFigures(component: ComponentData): { key: ComponentFigure; fen: number }[] {
  const untouched = component.paidFen === 0 && component.waivedFen === 0 && component.writtenOffFen === 0 && component.cancelledFen === 0;
  if (untouched) return [];
  const figures: { key: ComponentFigure; fen: number }[] = [];
  if (component.paidFen > 0) figures.push({ key: 'paid', fen: component.paidFen });
  if (component.waivedFen > 0) figures.push({ key: 'waived', fen: component.waivedFen });
  if (component.writtenOffFen > 0) figures.push({ key: 'writtenOff', fen: component.writtenOffFen });
  if (component.cancelledFen > 0) figures.push({ key: 'cancelled', fen: component.cancelledFen });
  if (component.outstandingFen > 0) figures.push({ key: 'outstanding', fen: component.outstandingFen });
  return figures;
}

/** The tag colour of a delinquency bucket (M0 … M3+); none when the order is not past due. */
export function bucketColor(bucket: string): string | null {
  if (!bucket) return null;
  if (bucket === 'M0') return 'green';
  if (bucket === 'M1') return 'gold';
  if (bucket === 'M2') return 'orange';
  return 'red';
}

/** Σ of the penalty accrued by day. */
export function penaltyTotal(penalties: readonly Pick<PenaltyData, 'amountFen'>[]): number {
  return penalties.reduce((sum, p) => sum + p.amountFen, 0);
}

/**
 * A journal's amount for reading: its debits in one set of books (a repayment posts in the
 * platform's books and the capital provider's, each balanced; adding both would double it).
 */
export function journalAmount(journal: Pick<JournalData, 'postings'>): number {
  const debits = new Map<string, number>();
  for (const p of journal.postings) {
    if (p.side === 'D') debits.set(p.owner, (debits.get(p.owner) ?? 0) + p.amountFen);
  }
  return Math.max(0, ...debits.values());
}

/** An account code (`P.COLLECTION`) as a key of the texts (`P_COLLECTION`). */
export function accountKey(code: string): string {
  return code.replace(/\./g, '_');
}

/** What an account's subledger is kept by (crates/domain/src/ledger.rs): an order, a capital provider, an insurer. */
const SUBLEDGERS: Record<string, 'ORDER' | 'CP' | 'INSURER'> = {
  'P.DUE_TO_CP': 'CP',
  'P.DUE_TO_INSURER': 'INSURER',
  'P.CUSTOMER_CREDIT': 'ORDER',
  'P.DEPOSIT_HELD': 'ORDER',
  'P.ADVANCE_RECEIVABLE': 'ORDER',
  'C.LOAN_PRINCIPAL': 'ORDER',
};

/** The kind of a posting's subledger, when the account keeps one and the posting names it. */
export function subledgerKind(account: string, subledger: string): 'ORDER' | 'CP' | 'INSURER' | null {
  return subledger ? (SUBLEDGERS[account] ?? null) : null;
}
