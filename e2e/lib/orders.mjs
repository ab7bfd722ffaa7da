// Orders brought to 还款中 through the API, as fast as the product allows (applied, taken in,
// approved by a second user, declaration and contracts signed through the public signing API, down
// payment and premium paid by two users, e-policies uploaded): the starting point of the suites
// of the repayment stage. The world (product, insurer, customer, vehicle, provider, allocation rule,
// a role with the given permissions and its users) is made once per server.

import assert from 'node:assert/strict';
import { api, apiSignIn, md5 } from './workspace.mjs';

export const CUSTOMER = '郭子豪';
export const PICC = '中国人民财产保险股份有限公司北京分公司';
export const AUTO_CP = '华夏消费金融';
export const PREMIUMS = [480_000, 95_000];

/** The permissions every order-stage step needs (the suites add their own). */
export const ORDER_PERMISSIONS = [
  ...['table', 'export', 'edit', 'submit', 'review', 'cancel', 'declaration', 'insure', 'contract', 'down_payment', 'disburse', 'policy', 'repay'].map((p) => `admin:order_info:${p}`),
  'admin:order_apply:table',
  'admin:order_apply:create',
  'admin:assignment_queue:table',
  'admin:order_premium:table',
  'admin:order_premium:create',
  'admin:order_premium:pay',
];

/** `date` (YYYY-MM-DD) moved by `days` (and `years`). */
export function shift(date, { days = 0, years = 0 } = {}) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The world and two users (maker and checker) with `permissions` besides the order steps'.
 *
 * @param {string} baseURL
 * @param {{ role: { code: string, name: string, description: string }, permissions: string[], users: [{ username: string, password: string }, string][], guaranteeMode?: string }} options
 */
export async function seedWorld(baseURL, { role, permissions, users, guaranteeMode = 'BUYBACK' }) {
  const root = await apiSignIn(baseURL);
  const call = (/** @type {string} */ path, /** @type {unknown} */ body, token = root) => api(baseURL, token, 'POST', path, body ?? {});
  const get = (/** @type {string} */ path, token = root) => api(baseURL, token, 'GET', path);
  const { businessDate } = await get('/api/admin/config/system/business-date');
  const terms = await get('/api/admin/config/product/defaults');
  const product = await call('/api/admin/config/product/create', { code: 'CAR_12', name: '车险分期标准产品', remark: '等额本息', terms });
  await call(`/api/admin/config/product/activate/${product.id}`);
  const picc = await call('/api/admin/insurer/create', {
    name: PICC, code: 'picc-bj', contactName: '王经理', contactPhone: '010-88886666', preStartFeeBp: 300, dayBasis: 365, compulsoryReasons: [], enabled: true,
    accounts: [{ bankName: '中国工商银行', branchName: '北京分行营业部', accountName: PICC, accountNo: '0200001209020123456' }],
  });
  const autoCp = await call('/api/admin/capital/create', {
    name: AUTO_CP, kind: 'CONSUMER_FINANCE', creditLimitFen: 5_000_000_00, costRateBp: 650, penaltyShareBp: 3000, guaranteeMode, advanceAfterDays: 30,
    settlementCycle: 'MONTHLY', acceptMode: 'AUTO',
  });
  await call('/api/admin/allocation/rule/create', { name: '人保车险优先华夏', priority: 100, weight: 100, capitalProviderId: autoCp.id, conditions: { insurerIds: [picc.id] } });
  const created = await call('/api/admin/role/create', { ...role, enabled: true, permissions: [...ORDER_PERMISSIONS, ...permissions] });
  const tokens = [];
  for (const [user, name] of users) {
    await call('/api/admin/user/create', { account: user.username, name, mobile: '', departmentId: null, roleIds: [created.id], password: md5(user.password) });
    tokens.push(await apiSignIn(baseURL, user));
  }
  return { baseURL, root, call, get, businessDate, product, picc, autoCp, tokens };
}

/**
 * A customer (`name`, an ID number and a plate of its own) and an order of ¥5 000 financed over 12
 * months, brought to 还款中 with its interest running from `anchorDate` (the policies' start):
 * an anchor months back gives an order that is overdue at once.
 *
 * @param {Awaited<ReturnType<typeof seedWorld>>} world
 * @param {{ maker: string, checker: string, tag: string, anchorDate?: string, customer?: { name: string, idNo: string, mobile: string, plateNo: string, vin: string } }} options
 */
export async function repayingOrder(world, { maker, checker, tag, anchorDate = world.businessDate, customer: who }) {
  const { baseURL, root, call, get, product, picc, autoCp, businessDate } = world;
  const person = who ?? { name: CUSTOMER, idNo: '11010519491231002X', mobile: '13812345678', plateNo: '京A12345', vin: 'LSVAU218XN2183294' };
  /** A multipart command; fails the test unless it answers `result: true`. */
  const multipart = async (/** @type {string} */ path, /** @type {Record<string, string | Blob>} */ fields, /** @type {string} */ token) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const envelope = await (await fetch(`${baseURL}${path}`, { method: 'POST', body, headers: { 'authorization-token': token } })).json();
    assert.equal(envelope.result, true, `POST ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  /** Signs every pending signer of the order's contracts through the public signing API. */
  const signAll = async (/** @type {number} */ orderId) => {
    const contracts = await get(`/api/admin/order/contract/list/${orderId}`);
    for (const contract of contracts) {
      for (const signer of contract.signers) {
        if (signer.status !== 'PENDING' || !signer.signUrl) continue;
        const token = String(signer.signUrl).split('/').pop();
        await api(baseURL, undefined, 'POST', `/api/sign/${token}`, { name: signer.name, agree: true });
      }
    }
    return contracts;
  };
  const customer = await call('/api/admin/customer/create', {
    kind: 'INDIVIDUAL', name: person.name, idType: 'RESIDENT_ID', idNo: person.idNo, mobile: person.mobile,
    address: '建国路 88 号', provinceCode: '110000', cityCode: '110100', districtCode: '110105',
  });
  const vehicle = await call('/api/admin/customer/vehicle/create', {
    customerId: customer.id, plateNo: person.plateNo, vin: person.vin, usage: 'PRIVATE', brandModel: '大众帕萨特 2024 款 330TSI', ownerIsCustomer: true,
  });
  const created = await call('/api/admin/order/apply', { customerId: customer.id, vehicleId: vehicle.id, productId: product.id, termN: 12, requestedPremiumFen: PREMIUMS[0] + PREMIUMS[1], channel: '4S店' }, maker);
  const orderId = created.id;
  const read = () => get(`/api/admin/order/view/${orderId}`);
  await call(`/api/admin/order/start-intake/${orderId}`, {}, maker);
  await call(`/api/admin/order/intake/${orderId}`, {
    vehicleId: vehicle.id, productId: product.id, termN: 12, anchorDate, financedFen: 500_000, version: (await read()).order.version,
    policies: [{ kind: 'COMMERCIAL', insurerId: picc.id, premiumFen: PREMIUMS[0] }, { kind: 'COMPULSORY', insurerId: picc.id, premiumFen: PREMIUMS[1] }],
  }, maker);
  await call(`/api/admin/order/submit/${orderId}`, {}, maker);
  await call(`/api/admin/order/approve/${orderId}`, { opinion: '资料齐全，同意' }, checker);
  await call(`/api/admin/order/declaration/generate/${orderId}`, {}, maker);
  await signAll(orderId);
  let view = await read();
  await call(`/api/admin/order/insure/${orderId}`, {
    version: view.order.version,
    policies: view.policies.map((/** @type {any} */ p, /** @type {number} */ i) => ({
      id: p.id, proposalNo: `TDAA2026${tag}00${i + 1}88`, finalPremiumFen: p.premiumFen, specialAgreement: '本保单退保须经出借人书面同意，退保金划付至出借人指定账户。',
    })),
  }, maker);
  await call(`/api/admin/order/contract/generate/${orderId}`, {}, maker);
  const loanContracts = await signAll(orderId);
  view = await read();
  const receipt = await multipart(`/api/admin/order/down-payment/record/${orderId}`, {
    amountFen: String(view.dueAtDownPaymentFen), channel: 'BANK_TRANSFER', serialNo: `ICBC2026${tag}0918`, payer: person.name, valueDate: businessDate,
  }, maker);
  await call(`/api/admin/order/down-payment/confirm/${receipt.id}`, {}, checker);
  const [payee] = await get(`/api/admin/premium/payees/${picc.id}`, maker);
  const application = await call('/api/admin/premium/create', { capitalProviderId: autoCp.id, insurerId: picc.id, payeeAccountId: payee.id, orderIds: [orderId] }, maker);
  await call(`/api/admin/premium/submit/${application.id}`, {}, maker);
  await call(`/api/admin/premium/approve/${application.id}`, { approvalNo: `HX-2026-${tag}` }, maker);
  await multipart(`/api/admin/premium/pay/${application.id}`, { bankSerialNo: `HXCF2026${tag}7731`, valueDate: businessDate }, checker);
  const pdf = await (await fetch(`${baseURL}/api/admin/order/contract/file/${loanContracts[0].id}?signed=true`, { headers: { 'authorization-token': root } })).arrayBuffer();
  for (const [i, policy] of (await read()).policies.entries()) {
    await multipart(`/api/admin/order/policy/upload/${policy.id}`, {
      policyNo: `PDAA2026${tag}00${i + 1}77`, startDate: anchorDate, endDate: shift(anchorDate, { years: 1, days: -1 }), file: new Blob([pdf], { type: 'application/pdf' }),
    }, maker);
  }
  return { orderId, orderNo: created.orderNo, customer, vehicle, read };
}
