import type { Dayjs } from 'dayjs';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission } from '../../shared/auth/permissions';
import { fenToYuan } from '../../shared/format/money';
import { requiredFen } from './logic';
import type { ContractData, InsureBody, OrderViewData, PolicyViewData, PremiumLineRefData, ReceiptData, ReceiptFields, RefundBody } from './part2Types';

/**
 * The logic of orders, part 2 apart from React: the premium change against the quote (integer
 * basis points), which contract and receipt actions a user has, the request bodies of the forms.
 * Money never goes through floating point (shared/format/money).
 */

// ------------------------------------------------------------------ the premium change

/**
 * The change of the final premium against the quoted one in basis points as the server measures
 * it: ceil(|final − quoted| × 10000 / quoted), on integers (no floating point), with the sign of
 * the change for reading. `null` without a quote.
 */
export function changeBp(quotedFen: number, finalFen: number): number | null {
  if (!Number.isSafeInteger(quotedFen) || !Number.isSafeInteger(finalFen) || quotedFen <= 0) return null;
  const diff = finalFen - quotedFen;
  const scaled = Math.abs(diff) * 10_000;
  // Exact while |diff| × 10000 stays a safe integer (premiums far above any real one).
  const magnitude = Math.floor(scaled / quotedFen) + (scaled % quotedFen === 0 ? 0 : 1);
  return diff < 0 ? -magnitude : magnitude;
}

/**
 * Whether the change is beyond the tolerance, as the server decides on the TOTALS of the order's
 * premiums: ceil(|final − quoted| × 10000 / quoted) > tolerance. (The server also re-quotes when
 * the product's least down payment no longer allows the amount financed; that only it can say.)
 */
export function beyondTolerance(quotedFen: number, finalFen: number, toleranceBp: number): boolean {
  const bp = changeBp(quotedFen, finalFen);
  if (bp === null) return finalFen !== quotedFen;
  return Math.abs(bp) > toleranceBp;
}

/** A signed change for reading: `150` → '+1.50%', `-25` → '-0.25%', `0` → '0.00%'. */
export function formatChangeBp(bp: number): string {
  const text = `${fenToYuan(Math.abs(bp))}%`;
  return bp > 0 ? `+${text}` : bp < 0 ? `-${text}` : text;
}

/** One policy row of the insurance confirmation form (the final premium as typed, in yuan). */
export interface InsureRowForm {
  proposalNo?: string;
  finalPremium?: string;
  specialAgreement?: string;
}

/** Σ quoted and Σ final premiums (fen) of the rows; final `null` while a row holds no amount. */
export function insureTotals(policies: readonly PolicyViewData[], rows: readonly (InsureRowForm | undefined)[] | undefined): { quotedFen: number; finalFen: number | null } {
  let quotedFen = 0;
  let finalFen: number | null = 0;
  policies.forEach((policy, index) => {
    quotedFen += policy.premiumFen;
    const fen = requiredFen(rows?.[index]?.finalPremium);
    finalFen = fen === null || finalFen === null ? null : finalFen + fen;
  });
  return { quotedFen, finalFen };
}

/** The form's first values: what the order holds (the final premium defaults to the quote). */
export function insureInitial(policies: readonly PolicyViewData[]): { policies: InsureRowForm[] } {
  return {
    policies: policies.map((p) => ({
      proposalNo: p.proposalNo,
      finalPremium: fenToYuan(p.finalPremiumFen ?? p.premiumFen),
      specialAgreement: p.specialAgreement,
    })),
  };
}

/** The body of `POST /api/admin/order/insure/{id}`: every policy once, at the version read. */
export function insureBody(view: Pick<OrderViewData, 'order' | 'policies'>, rows: readonly InsureRowForm[]): InsureBody {
  return {
    version: view.order.version,
    policies: view.policies.map((policy, index) => {
      const row = rows[index] ?? {};
      const fen = requiredFen(row.finalPremium);
      if (fen === null) throw new Error('amount');
      return { id: policy.id, proposalNo: (row.proposalNo ?? '').trim(), finalPremiumFen: fen, specialAgreement: (row.specialAgreement ?? '').trim() };
    }),
  };
}

/** The server's field of a policy row (`policies[1].finalPremiumFen`) as the form names it. */
export function insureField(server: string): string {
  return server.replace(/\.finalPremiumFen$/, '.finalPremium');
}

// ------------------------------------------------------------------ contracts

/** The documents of the declaration package (T12); the others form the loan package (T15). */
export const DECLARATION_KINDS: readonly string[] = ['OWNER_DECLARATION', 'POWER_OF_ATTORNEY'];
export const LOAN_KINDS: readonly string[] = ['LOAN_CONTRACT', 'SERVICE_AGREEMENT', 'WITHHOLDING_AUTH', 'PRIVACY_AUTH'];
/** A policy's statuses (QUOTED, UNDERWRITTEN or ISSUED: the server's `PolicyData.status`): the policies' status column fits the longest of their tags. */
export const POLICY_STATUSES: readonly string[] = ['QUOTED', 'UNDERWRITTEN', 'ISSUED'];

export type ContractPackage = 'declaration' | 'loan';

/** The package of a contract: the server's `package` (DECLARATION or LOAN). */
export function packageOf(contract: Pick<ContractData, 'package'>): ContractPackage {
  return contract.package === 'DECLARATION' ? 'declaration' : 'loan';
}

/** The permission of a package's commands (generate, resend, void, upload). */
export function packagePermission(pkg: ContractPackage): string {
  return pkg === 'declaration' ? PERMISSIONS.ORDER_INFO_DECLARATION : PERMISSIONS.ORDER_INFO_CONTRACT;
}

/** The order status in which a package's contracts may still be voided (the package's step). */
export function packageStep(pkg: ContractPackage): string {
  return pkg === 'declaration' ? 'PENDING_DECLARATION' : 'PENDING_SIGN';
}

/** The contract statuses that count as live (regenerating voids them); REJECTED and VOIDED do not. */
export const LIVE_CONTRACT_STATUSES: readonly string[] = ['SIGNING', 'SIGNED'];

export type ContractAction = 'copyLink' | 'resend' | 'void' | 'upload' | 'download';

/**
 * What a user may do with a contract, as the server allows it: the links of the signers still
 * pending while it is SIGNING; 重新发送 and 上传签署件 while SIGNING; 作废 while SIGNING or SIGNED and
 * the order still at the package's step; the commands with the permission of the contract's
 * package; download always (reading needs only the list permission).
 */
export function contractActions(
  contract: Pick<ContractData, 'package' | 'status' | 'signers'>,
  orderStatus: string,
  held: readonly string[],
): ContractAction[] {
  const pkg = packageOf(contract);
  const may = hasPermission(packagePermission(pkg), held);
  const signing = contract.status === 'SIGNING';
  const actions: ContractAction[] = [];
  if (signing && contract.signers.some((s) => s.status === 'PENDING' && s.signUrl)) actions.push('copyLink');
  if (may && signing && contract.signers.some((s) => s.status === 'PENDING')) actions.push('resend');
  if (may && signing) actions.push('upload');
  if (may && LIVE_CONTRACT_STATUSES.includes(contract.status) && orderStatus === packageStep(pkg)) actions.push('void');
  actions.push('download');
  return actions;
}

/** The signing page's address for a signer: the path the server gives, on this site. */
export function absoluteSignUrl(signUrl: string, origin: string): string {
  if (/^https?:\/\//i.test(signUrl)) return signUrl;
  return `${origin.replace(/\/+$/, '')}/${signUrl.replace(/^\/+/, '')}`;
}

/** The contracts of one package, newest first as the server gives them; the live ones first. */
export function contractsOf(contracts: readonly ContractData[], pkg: ContractPackage | 'all'): ContractData[] {
  const mine = pkg === 'all' ? [...contracts] : contracts.filter((c) => packageOf(c) === pkg);
  const live = (c: ContractData) => LIVE_CONTRACT_STATUSES.includes(c.status);
  return [...mine.filter(live), ...mine.filter((c) => !live(c))];
}

/** The package each order status generates (车主声明及授权书 before the insurance confirmation, the loan contracts before the down payment). */
export function generatable(status: string): ContractPackage | null {
  if (status === 'PENDING_DECLARATION') return 'declaration';
  if (status === 'PENDING_SIGN') return 'loan';
  return null;
}

/** Whether a package already has live documents (generating again voids them: ask first). */
export function hasLivePackage(contracts: readonly ContractData[], pkg: ContractPackage): boolean {
  return contracts.some((c) => packageOf(c) === pkg && LIVE_CONTRACT_STATUSES.includes(c.status));
}

// ------------------------------------------------------------------ down payment and refunds

export const RECEIPT_CHANNELS = ['BANK_TRANSFER', 'WITHHOLD', 'ONLINE_PAY', 'OFFLINE'] as const;

/** The down payment's parts as the screen lists them (the first instalment only when collected then). */
export function downPaymentBreakdown(view: Pick<OrderViewData, 'order' | 'upfrontFeeFen' | 'depositFen' | 'firstInstalmentFen' | 'dueAtDownPaymentFen'>) {
  return [
    { key: 'downPayment', fen: view.order.downPaymentFen },
    { key: 'upfrontFee', fen: view.upfrontFeeFen },
    { key: 'deposit', fen: view.depositFen },
    ...(view.firstInstalmentFen > 0 ? [{ key: 'firstInstalment', fen: view.firstInstalmentFen }] : []),
  ] as const;
}

/** The receipt actions a user has: confirm and reject while it is only recorded. */
export function receiptActions(receipt: Pick<ReceiptData, 'status'>, held: readonly string[]): ('confirm' | 'reject')[] {
  if (receipt.status !== 'RECORDED' || !hasPermission(PERMISSIONS.ORDER_INFO_DOWN_PAYMENT, held)) return [];
  return ['confirm', 'reject'];
}

/** Whether a new receipt may be recorded: none recorded and waiting, none confirmed. */
export function canRecordReceipt(receipts: readonly Pick<ReceiptData, 'status'>[]): boolean {
  return !receipts.some((r) => r.status === 'RECORDED' || r.status === 'CONFIRMED');
}

export interface ReceiptForm {
  channel: string;
  serialNo: string;
  payer: string;
  valueDate: Dayjs;
}

/**
 * The fields of 登记收款 (multipart, the voucher apart). The amount is not typed: the server takes
 * exactly the order's `dueAtDownPaymentFen`.
 */
export function receiptFields(form: ReceiptForm, dueFen: number): ReceiptFields {
  return {
    amountFen: dueFen,
    channel: form.channel,
    serialNo: form.serialNo.trim(),
    payer: form.payer.trim(),
    valueDate: form.valueDate.format('YYYY-MM-DD'),
  };
}

export interface RefundForm {
  channel: string;
  serialNo: string;
  valueDate: Dayjs;
  reason: string;
}

/** The body of 登记退款: the whole amount received is refunded, so there is no amount. */
export function refundBody(form: RefundForm): RefundBody {
  return { channel: form.channel, serialNo: form.serialNo.trim(), valueDate: form.valueDate.format('YYYY-MM-DD'), reason: form.reason.trim() };
}

/** The first characters of a SHA-256 for reading ('—' when none). */
export function hashPrefix(sha256: string | null | undefined, length = 12): string {
  return sha256 ? sha256.slice(0, length) : '—';
}

/** The policies still waiting for their electronic policy (financed, not ISSUED). */
export function policiesToIssue(policies: readonly PolicyViewData[]): PolicyViewData[] {
  return policies.filter((p) => p.financed && p.status !== 'ISSUED');
}

/**
 * Whether 确认放款 can pay the order's premium line: a LIVE line of an application the capital
 * provider approved (CP_APPROVED, or PARTIALLY_PAID when other lines were paid already).
 */
export function disbursable(line: PremiumLineRefData | null | undefined): boolean {
  return !!line && line.lineStatus === 'LIVE' && (line.status === 'CP_APPROVED' || line.status === 'PARTIALLY_PAID');
}

/**
 * Where the order page lists the instalments, once: the 还款 card's 分期明细 tab from the
 * disbursement on (with what became of each), else the stored plan (还款计划, from the signing),
 * else the schedule computed from the intake (金额与还款计划). The other sections keep their
 * summary and a link to it.
 */
export function instalmentsPlace(view: { order: { disbursedAt: number | null }; plan: unknown }): 'repayment' | 'plan' | 'schedule' {
  if (view.order.disbursedAt !== null) return 'repayment';
  return view.plan ? 'plan' : 'schedule';
}
