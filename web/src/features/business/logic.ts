import type { Dayjs } from 'dayjs';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { fenToYuan, yuanToFen } from '../../shared/format/money';
import type { ApplyInput, Conditions, IntakeInput, OrderView, ProviderRow, RuleInput, RuleRow } from './api';

/**
 * The logic of the order screens, apart from React: which actions the order page offers, and how
 * the forms (yuan as typed, dates as pickers hold them) become request bodies (integer fen,
 * `YYYY-MM-DD`) and back. Money never goes through floating point (shared/format/money).
 */

// ------------------------------------------------------------------ actions

/** An action of the order page's header. */
export type OrderAction =
  | 'startIntake'
  | 'editIntake'
  | 'submit'
  | 'resubmit'
  | 'approve'
  | 'return'
  | 'reject'
  | 'allocate'
  | 'accept'
  | 'unallocate'
  | 'noFunder'
  // part 2
  | 'declaration'
  | 'insure'
  | 'contract'
  | 'downPayment'
  | 'disburse'
  | 'undoDisburse'
  | 'policy'
  | 'refund'
  | 'cancel';

/**
 * The event each action leads to (editing the intake and recording a refund are no event) and the
 * permission it needs (the server's). Part 2's steps that the server takes by itself once their
 * work is done (DECLARATION_SIGNED and CONTRACT_SIGNED when the last document is signed,
 * DOWN_PAYMENT_CONFIRMED when a receipt is confirmed, POLICY_ISSUED when the last financed policy
 * is issued) show the button of that work; 投保确认 leads to INSURE_CONFIRMED or, beyond the
 * tolerance, REQUOTE (one command).
 */
export const ACTIONS: readonly { action: OrderAction; event: string | null; perm: string }[] = [
  { action: 'startIntake', event: 'START_INTAKE', perm: PERMISSIONS.ORDER_INFO_EDIT },
  { action: 'editIntake', event: null, perm: PERMISSIONS.ORDER_INFO_EDIT },
  { action: 'submit', event: 'SUBMIT_INTAKE', perm: PERMISSIONS.ORDER_INFO_SUBMIT },
  { action: 'resubmit', event: 'RESUBMIT', perm: PERMISSIONS.ORDER_INFO_SUBMIT },
  { action: 'approve', event: 'APPROVE_INTAKE', perm: PERMISSIONS.ORDER_INFO_REVIEW },
  { action: 'return', event: 'RETURN', perm: PERMISSIONS.ORDER_INFO_REVIEW },
  { action: 'reject', event: 'REJECT', perm: PERMISSIONS.ORDER_INFO_REVIEW },
  { action: 'allocate', event: 'ALLOCATE', perm: PERMISSIONS.ASSIGNMENT_QUEUE_ALLOCATE },
  { action: 'accept', event: 'CP_ACCEPT', perm: PERMISSIONS.ASSIGNMENT_QUEUE_ALLOCATE },
  { action: 'unallocate', event: 'UNALLOCATE', perm: PERMISSIONS.ASSIGNMENT_QUEUE_ALLOCATE },
  { action: 'noFunder', event: 'NO_FUNDER', perm: PERMISSIONS.ASSIGNMENT_QUEUE_ALLOCATE },
  { action: 'declaration', event: 'DECLARATION_SIGNED', perm: PERMISSIONS.ORDER_INFO_DECLARATION },
  { action: 'insure', event: 'INSURE_CONFIRMED', perm: PERMISSIONS.ORDER_INFO_INSURE },
  { action: 'contract', event: 'CONTRACT_SIGNED', perm: PERMISSIONS.ORDER_INFO_CONTRACT },
  { action: 'downPayment', event: 'DOWN_PAYMENT_CONFIRMED', perm: PERMISSIONS.ORDER_INFO_DOWN_PAYMENT },
  { action: 'disburse', event: 'DISBURSED', perm: PERMISSIONS.ORDER_INFO_DISBURSE },
  { action: 'undoDisburse', event: 'UNDO_DISBURSE', perm: PERMISSIONS.ORDER_INFO_DISBURSE_REVERSE },
  { action: 'policy', event: 'POLICY_ISSUED', perm: PERMISSIONS.ORDER_INFO_POLICY },
  { action: 'refund', event: null, perm: PERMISSIONS.ORDER_INFO_CANCEL },
  { action: 'cancel', event: 'CANCEL', perm: PERMISSIONS.ORDER_INFO_CANCEL },
];

/** Facts of the order view some actions depend on besides its events. */
export interface ActionFacts {
  /** Money received and not refunded (fen): 登记退款 while the order may still be cancelled. */
  receivedFen?: number;
}

/** The statuses in which the intake form may be saved (the domain's `is_editable`). */
export const EDITABLE_STATUSES: readonly string[] = ['INTAKE', 'RETURNED'];

/**
 * The actions the order page shows: those the order can take now (`nextEvents` from the server;
 * the intake form while it is editable) and the user may take (permissions), in a fixed order.
 */
export function orderActions(status: string, nextEvents: readonly string[], held: readonly string[], facts: ActionFacts = {}): OrderAction[] {
  const possible = (action: OrderAction, event: string | null) => {
    if (action === 'editIntake') return EDITABLE_STATUSES.includes(status);
    if (action === 'refund') return (facts.receivedFen ?? 0) > 0 && nextEvents.includes('CANCEL');
    // 投保确认 is one command whose outcome is either event.
    if (action === 'insure') return nextEvents.includes('INSURE_CONFIRMED') || nextEvents.includes('REQUOTE');
    return event !== null && nextEvents.includes(event);
  };
  return ACTIONS.filter(({ action, event }) => possible(action, event))
    .filter(({ perm }) => hasPermission(perm, held))
    .map(({ action }) => action);
}

// ------------------------------------------------------------------ money

/** Typed yuan → fen for a required amount; `null` for text that is no amount. */
export function requiredFen(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  return yuanToFen(String(text));
}

/** Typed yuan → fen for an optional amount: `undefined` when left empty, `null` when not an amount. */
export function optionalFen(text: string | number | null | undefined): number | null | undefined {
  if (text === null || text === undefined || String(text).trim() === '') return undefined;
  return yuanToFen(String(text));
}

/** A form rule for a yuan amount (required: also more than zero). */
export function yuanRule(message: string, required: boolean) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      const fen = required ? requiredFen(value) : optionalFen(value);
      if (fen === null || (required && fen === 0)) throw new Error(message);
    },
  };
}

/** What a provider can still take: limit − reserved − used (never below zero). */
export function availableCredit(provider: Pick<ProviderRow, 'creditLimitFen' | 'creditReservedFen' | 'creditUsedFen'>): number {
  return Math.max(0, provider.creditLimitFen - provider.creditReservedFen - provider.creditUsedFen);
}

// ------------------------------------------------------------------ the application (T1)

export interface ApplyForm {
  customerId: number;
  vehicleId: number;
  productId: number;
  termN: number;
  /** Yuan as typed. */
  premium: string;
  /** Yuan as typed; empty: the product's default (premium less the least down payment). */
  financed?: string;
  channel?: string;
  remark?: string;
}

const text = (value: string | undefined) => (value ?? '').trim();

/** The body of `POST /api/admin/order/apply`; throws on an amount the form's validation should have refused. */
export function applyBody(form: ApplyForm): ApplyInput {
  const premium = requiredFen(form.premium);
  const financed = optionalFen(form.financed);
  if (premium === null || financed === null) throw new Error('amount');
  return {
    customerId: form.customerId,
    vehicleId: form.vehicleId,
    productId: form.productId,
    termN: form.termN,
    requestedPremiumFen: premium,
    requestedFinancedFen: financed ?? null,
    channel: text(form.channel) || null,
    remark: text(form.remark) || null,
  };
}

// ------------------------------------------------------------------ the intake form

export const POLICY_KINDS = ['COMMERCIAL', 'COMPULSORY', 'VEHICLE_TAX'] as const;

export interface PolicyForm {
  kind: string;
  insurerId: number;
  /** Yuan as typed. */
  premium: string;
}

export interface IntakeForm {
  vehicleId: number;
  productId: number;
  termN: number;
  anchorDate: Dayjs;
  policies: PolicyForm[];
  /** Yuan as typed. */
  financed: string;
  channel?: string;
  remark?: string;
}

/** The body of `POST /api/admin/order/intake/{id}` at the version the form was read at. */
export function intakeBody(form: IntakeForm, version: number): IntakeInput {
  const financed = requiredFen(form.financed);
  if (financed === null) throw new Error('amount');
  return {
    vehicleId: form.vehicleId,
    productId: form.productId,
    termN: form.termN,
    anchorDate: form.anchorDate.format('YYYY-MM-DD'),
    policies: form.policies.map((policy) => {
      const premium = requiredFen(policy.premium);
      if (premium === null) throw new Error('amount');
      return { kind: policy.kind, insurerId: policy.insurerId, premiumFen: premium };
    }),
    financedFen: financed,
    channel: text(form.channel) || null,
    remark: text(form.remark) || null,
    version,
  };
}

/** The intake form of an order as the server has it (a new intake starts with one commercial policy). */
export function intakeInitial(view: OrderView, parse: (date: string) => Dayjs, today: Dayjs): Partial<IntakeForm> {
  const o = view.order;
  return {
    vehicleId: o.vehicleId,
    productId: o.productId,
    termN: o.termN,
    anchorDate: view.anchorDate ? parse(view.anchorDate) : today,
    policies:
      view.policies.length > 0
        ? view.policies.map((p) => ({ kind: p.kind, insurerId: p.insurerId, premium: fenToYuan(p.premiumFen) }))
        : [{ kind: 'COMMERCIAL', insurerId: undefined as unknown as number, premium: fenToYuan(o.totalPremiumFen) }],
    financed: fenToYuan(o.financedFen),
    channel: o.channel,
    remark: view.remark,
  };
}

/** Σ premiums of the policy rows in fen (`null` while a row holds no amount). */
export function premiumTotal(policies: readonly Partial<PolicyForm>[] | undefined): number | null {
  let total = 0;
  for (const policy of policies ?? []) {
    const fen = requiredFen(policy?.premium);
    if (fen === null) return null;
    total += fen;
  }
  return total;
}

// ------------------------------------------------------------------ allocation rules

export interface RuleForm {
  name: string;
  capitalProviderId: number;
  priority: number;
  weight: number;
  insurerIds?: number[];
  regions?: string[];
  vehicleUsages?: string[];
  productCodes?: string[];
  terms?: number[];
  /** Yuan as typed. */
  financedMin?: string;
  financedMax?: string;
  dailyQuota?: string;
  /** `HH:MM`. */
  window?: [Dayjs, Dayjs] | null;
  effective?: [Dayjs | null, Dayjs | null] | null;
  remark?: string;
}

/** The body of rule create/update. */
export function ruleBody(form: RuleForm, version?: number): RuleInput {
  const min = optionalFen(form.financedMin);
  const max = optionalFen(form.financedMax);
  const quota = optionalFen(form.dailyQuota);
  if (min === null || max === null || quota === null) throw new Error('amount');
  const conditions: Conditions = {
    insurerIds: form.insurerIds ?? [],
    regions: form.regions ?? [],
    vehicleUsages: form.vehicleUsages ?? [],
    productCodes: form.productCodes ?? [],
    terms: form.terms ?? [],
    financedMinFen: min ?? null,
    financedMaxFen: max ?? null,
  };
  const [from, to] = form.effective ?? [null, null];
  return {
    name: form.name.trim(),
    capitalProviderId: form.capitalProviderId,
    priority: form.priority,
    weight: form.weight,
    conditions,
    dailyQuotaFen: quota ?? null,
    windowStart: form.window ? form.window[0].format('HH:mm') : null,
    windowEnd: form.window ? form.window[1].format('HH:mm') : null,
    effectiveFrom: from ? from.format('YYYY-MM-DD') : null,
    effectiveTo: to ? to.format('YYYY-MM-DD') : null,
    remark: text(form.remark) || null,
    ...(version === undefined ? {} : { version }),
  };
}

/** A saved rule as the form shows it. */
export function ruleInitial(row: RuleRow, parseTime: (hhmm: string) => Dayjs, parseDate: (date: string) => Dayjs): RuleForm {
  const c = row.conditions;
  return {
    name: row.name,
    capitalProviderId: row.capitalProviderId,
    priority: row.priority,
    weight: row.weight,
    insurerIds: c.insurerIds ?? [],
    regions: c.regions ?? [],
    vehicleUsages: c.vehicleUsages ?? [],
    productCodes: c.productCodes ?? [],
    terms: c.terms ?? [],
    ...(c.financedMinFen === null || c.financedMinFen === undefined ? {} : { financedMin: fenToYuan(c.financedMinFen) }),
    ...(c.financedMaxFen === null || c.financedMaxFen === undefined ? {} : { financedMax: fenToYuan(c.financedMaxFen) }),
    ...(row.dailyQuotaFen === null ? {} : { dailyQuota: fenToYuan(row.dailyQuotaFen) }),
    window: row.windowStart && row.windowEnd ? [parseTime(row.windowStart), parseTime(row.windowEnd)] : null,
    effective:
      row.effectiveFrom || row.effectiveTo
        ? [row.effectiveFrom ? parseDate(row.effectiveFrom) : null, row.effectiveTo ? parseDate(row.effectiveTo) : null]
        : null,
    remark: row.remark,
  };
}

/** What a reviewer may ask to fix (the server's list). */
export const RETURN_FIELDS = ['customer', 'vehicle', 'policies', 'amounts', 'documents', 'product', 'other'] as const;

/** The form field that shows a server field's message in the intake form (`policies[1].premiumFen` → `policies[1].premium`). */
export function intakeField(server: string): string {
  if (server === 'financedFen') return 'financed';
  return server.replace(/\.premiumFen$/, '.premium');
}

/** The names the server gives the system's own steps (`By::system`, `Actor::System`). */
export const SYSTEM_SOURCES = ['signing', 'esign', 'notices', 'auto-accept', 'allocation', 'requote', 'deadlines', 'startup'] as const;

/** Whether a name the server gives an actor is one of the system's steps (a code, not a person). */
export function isSystemSource(name: string): boolean {
  return (SYSTEM_SOURCES as readonly string[]).includes(name);
}

/**
 * Who took a step, for reading: a user's name; the system (with what in it acted: 系统 · 电子签署)
 * or the capital provider. A name the server gives a system step is a code, never shown raw.
 */
export function actorText(type: string, name: string, t: (key: string, options?: Record<string, unknown>) => string): string {
  const isSource = isSystemSource(name);
  if (type === 'USER' && !isSource) return name || t('actor.USER');
  const who = t(`actor.${type === 'USER' ? 'SYSTEM' : type}`, { defaultValue: type });
  if (!name) return who;
  return isSource ? `${who} · ${t(`systemSource.${name}`, { defaultValue: name })}` : `${who} · ${name}`;
}
