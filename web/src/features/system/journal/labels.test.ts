import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DictOption } from '../../../shared/dictionary/dictionary';
import { i18n } from '../../../shared/i18n';
import { orderEventOf, termEnumOf, useJournalLabels } from './labels';
import { summarizeDetail } from './summary';

const request = vi.hoisted(() => vi.fn());
vi.mock('../../../shared/api/request', async (original) => ({ ...(await original<object>()), request }));

/** The customer kinds as seeded (crates/store/src/migration/m0009_content.rs, m0026_dict_labels.rs). */
const CUSTOMER_KINDS: DictOption[] = [
  { code: 'INDIVIDUAL', labelZh: '个人', labelEn: 'Individual', labelEs: 'Particular', labelJa: '個人', enabled: true },
  { code: 'ENTERPRISE', labelZh: '企业', labelEn: 'Enterprise', labelEs: 'Empresa', labelJa: '法人', enabled: true },
];

beforeEach(() => {
  // GET /api/common/dictionary/{typeCode}: the customer kinds, no other type's items.
  request.mockReset().mockImplementation(({ data }: { data: { typeCode: string } }) => Promise.resolve(data.typeCode === 'customer_kind' ? CUSTOMER_KINDS : []));
});

describe('orderEventOf', () => {
  it("finds the order event of a transition's action, and nothing in other actions", () => {
    expect(orderEventOf('order.down_payment_confirmed')).toBe('DOWN_PAYMENT_CONFIRMED');
    expect(orderEventOf('order.contract_signed')).toBe('CONTRACT_SIGNED');
    expect(orderEventOf('order.refund')).toBeUndefined();
    expect(orderEventOf('order_contract.signed')).toBeUndefined();
    expect(orderEventOf('customer.create')).toBeUndefined();
  });
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return createElement(QueryClientProvider, { client }, children);
}

/** The summary of a detail the server writes, in `lang`, for a row of table `target` (once the data-dictionary types are in). */
async function summaryIn(lang: string, detail: object, target: string) {
  await i18n.changeLanguage(lang);
  const { result } = renderHook(() => useJournalLabels(), { wrapper });
  // The customer kinds label a customer's kind once they are in.
  await waitFor(() => expect(result.current.words.code?.('INDIVIDUAL', { key: 'kind', target: 'customer' })).not.toBe('INDIVIDUAL'));
  return summarizeDetail(JSON.stringify(detail), result.current.words, target);
}

afterEach(async () => {
  await i18n.changeLanguage('zh');
});

describe('coded values in the summary', () => {
  // repayment.confirm (crates/service/src/order/repayment.rs): the transition adds from and to.
  const confirmed = { orderNo: 'BH20260201000001', amountFen: 150000, serialNo: 'S1', valueDate: '2026-05-01', from: 'RECORDED', to: 'CONFIRMED' };

  it("reads a repayment's status change in words, in Chinese and in English", async () => {
    expect(await summaryIn('zh', confirmed, 'repayment')).toBe('状态: 待确认 → 已确认; 订单编号: BH20260201000001; 金额: ¥1,500.00; 流水号: S1; 到账日期: 2026-05-01');
    expect(await summaryIn('en', confirmed, 'repayment')).toBe(
      'Status: To confirm → Confirmed; Order no.: BH20260201000001; Amount: ¥1,500.00; Serial no.: S1; Value date: 2026-05-01',
    );
  });

  it('reads a payment channel and a repayment purpose in words', async () => {
    // order_receipt.record and repayment.record.
    const receipt = { orderNo: 'BH1', amountFen: 100, channel: 'BANK_TRANSFER', serialNo: 'S2', valueDate: '2026-05-01' };
    expect(await summaryIn('zh', receipt, 'order_receipt')).toBe('订单编号: BH1; 金额: ¥1.00; 渠道: 银行转账; 流水号: S2; 到账日期: 2026-05-01');
    expect(await summaryIn('en', receipt, 'order_receipt')).toBe('Order no.: BH1; Amount: ¥1.00; Channel: Bank transfer; Serial no.: S2; Value date: 2026-05-01');
    const recorded = { orderNo: 'BH1', purpose: 'EARLY_SETTLEMENT', amountFen: 100, channel: 'WITHHOLD', serialNo: 'S3', valueDate: '2026-05-01' };
    expect(await summaryIn('zh', recorded, 'repayment')).toBe('订单编号: BH1; 用途: 提前结清; 金额: ¥1.00; 渠道: 代扣; 流水号: S3; 到账日期: 2026-05-01');
  });

  it('leaves an unknown code as it is', async () => {
    expect(await summaryIn('zh', { from: 'PENDING', to: 'ACTIVE' }, 'repayment')).toBe('状态: PENDING → ACTIVE');
    // A status of a table without words here keeps its code (an order's words are for orders only).
    expect(await summaryIn('zh', { from: 'ACTIVE', to: 'CANCELLED' }, 'customer')).toBe('状态: ACTIVE → CANCELLED');
    expect(await summaryIn('en', { channel: 'SMS', code: 'N1' }, 'notice_template')).toBe('Channel: SMS; Code: N1');
  });

  it("still reads an order's status change in words, and the transition's own details", async () => {
    // order.down_payment_confirmed (crates/service/src/order/transition.rs): the event's details under `detail`.
    const transition = { orderNo: 'BH1', from: 'PENDING_DOWN_PAYMENT', to: 'PENDING_DISBURSEMENT', reason: '', reasonCode: '', amountFen: null, detail: { channel: 'ONLINE_PAY' } };
    expect(await summaryIn('zh', transition, 'orders')).toBe('状态: 待付首付 → 待放款; 订单编号: BH1; 渠道: 在线支付');
    expect(await summaryIn('en', transition, 'orders')).toBe('Status: Awaiting down payment → Awaiting disbursement; Order no.: BH1; Channel: Online payment');
  });
});

describe("the other records' coded values in the summary", () => {
  it("reads a capital provider's status change in words, in Chinese and in English", async () => {
    // capital_provider.set_status (crates/service/src/partner/capital_provider.rs): the transition adds from and to.
    const paused = { name: '星河银行', usersSignedOut: 2, from: 'ACTIVE', to: 'PAUSED' };
    expect(await summaryIn('zh', paused, 'capital_provider')).toBe('状态: 合作中 → 已暂停; 登出用户数: 2; 名称: 星河银行');
    expect(await summaryIn('en', paused, 'capital_provider')).toBe('Status: Active → Paused; Users signed out: 2; Name: 星河银行');
  });

  it("reads a capital provider's terms in words", async () => {
    // capital_provider.update: the kind, the guarantee, the cycle and the acceptance are codes.
    const update = {
      name: '星河银行',
      kind: 'CONSUMER_FINANCE',
      creditLimitFen: { from: 100000000, to: 200000000 },
      guaranteeMode: 'PLATFORM_ADVANCE_AFTER_N_DAYS',
      advanceAfterDays: 30,
      settlementCycle: 'MONTHLY',
      acceptMode: 'MANUAL',
    };
    expect(await summaryIn('zh', update, 'capital_provider')).toBe(
      '授信额度: ¥1,000,000.00 → ¥2,000,000.00; 类型: 消费金融公司; 担保方式: 逾期 N 天平台代偿; 代偿天数: 30; 结算周期: 按月; 接单方式: 人工确认; 名称: 星河银行',
    );
    expect(await summaryIn('en', { purpose: 'DISBURSE', isDefault: true }, 'capital_provider_account')).toBe('Purpose: Disbursement; Default: Yes');
    expect(await summaryIn('zh', { providerId: 3, orgName: '星河银行', from: 'PENDING', to: 'VERIFIED' }, 'capital_esign_account')).toBe(
      '状态: 审核中 → 已认证; 资金方 ID: 3; 机构名称: 星河银行',
    );
  });

  it("reads a customer's kind (the data dictionary's words) and statuses, in Chinese and in English", async () => {
    // customer.create and customer.update (crates/service/src/customer/mod.rs).
    const created = { customerNo: 'C202605010000018', kind: 'ENTERPRISE', name: '星河物流', idNo: null, mobile: '138****5678', creditCode: '91110000MA01ABCD2X' };
    expect(await summaryIn('zh', created, 'customer')).toBe('客户编号: C202605010000018; 类型: 企业; 手机号: 138****5678; 统一社会信用代码: 91110000MA01ABCD2X; 名称: 星河物流');
    expect(await summaryIn('en', created, 'customer')).toBe(
      'Customer no.: C202605010000018; Type: Enterprise; Mobile: 138****5678; Unified social credit code: 91110000MA01ABCD2X; Name: 星河物流',
    );
    const updated = { customerNo: 'C1', name: '郭子豪', kind: 'INDIVIDUAL', status: 'DISABLED', kycStatus: 'VERIFIED', personalChanged: [] };
    expect(await summaryIn('zh', updated, 'customer')).toBe('客户编号: C1; 类型: 个人; 状态: 停用; 实名状态: 已认证; 名称: 郭子豪');
    expect(await summaryIn('en', updated, 'customer')).toBe('Customer no.: C1; Type: Individual; Status: Disabled; KYC status: Verified; Name: 郭子豪');
  });

  it("reads a contract template's document kind and a version's status change in words", async () => {
    // contract_template.create and contract_template.activate (crates/service/src/operate/contract.rs).
    const created = { code: 'LOAN_V2', name: '借款合同（新版）', docKind: 'LOAN_CONTRACT', templateVersion: 1 };
    expect(await summaryIn('zh', created, 'contract_template')).toBe('文书类型: 借款合同; 模板版本: 1; 名称: 借款合同（新版）; 编码: LOAN_V2');
    expect(await summaryIn('en', created, 'contract_template')).toBe('Document kind: Loan contract; Template version: 1; Name: 借款合同（新版）; Code: LOAN_V2');
    const activated = { code: 'LOAN_V2', templateVersion: 2, retiredVersion: 1, from: 'DRAFT', to: 'ACTIVE' };
    expect(await summaryIn('zh', activated, 'contract_template')).toBe('状态: 草稿 → 生效; 模板版本: 2; 停用版本: 1; 编码: LOAN_V2');
  });

  it("reads a notice batch's status change and channel in words, in Chinese and in English", async () => {
    // notice_send.retry of a finished batch and notice_send.create (crates/service/src/operate/send.rs).
    const retried = { template: 'OVERDUE_REMIND', requeued: 3, from: 'FINISHED', to: 'RUNNING' };
    expect(await summaryIn('zh', retried, 'notice_batch')).toBe('状态: 已完成 → 发送中; 模板: OVERDUE_REMIND; 重新排队数: 3');
    expect(await summaryIn('en', retried, 'notice_batch')).toBe('Status: Finished → Sending; Template: OVERDUE_REMIND; Requeued: 3');
    const created = { template: 'OVERDUE_REMIND', channel: 'IN_APP', total: 12 };
    expect(await summaryIn('zh', created, 'notice_batch')).toBe('模板: OVERDUE_REMIND; 渠道: 站内信; 总数: 12');
    expect(await summaryIn('en', { code: 'N1', channel: 'SMS' }, 'notice_template')).toBe('Channel: SMS; Code: N1');
    expect(await summaryIn('zh', { code: 'N1', channel: 'SMS' }, 'notice_template')).toBe('渠道: 短信; 编码: N1');
  });

  it("reads an insurer's list of reasons and a product's terms and status in words", async () => {
    // insurer.update (crates/service/src/partner/insurers.rs): a list of codes.
    expect(await summaryIn('zh', { compulsoryReasons: ['VEHICLE_SCRAPPED', 'DUPLICATE_INSURANCE'] }, 'insurer')).toBe('交强险退保原因: 车辆报废, 重复投保');
    // product.update (crates/service/src/system/products.rs): the terms before and after; product.retire.
    const terms = { before: { scheduleMethod: 'ANNUITY', termOptions: [3, 6] }, after: { scheduleMethod: 'EQUAL_PRINCIPAL', termOptions: [3, 6] } };
    expect(await summaryIn('zh', terms, 'product')).toBe('还款方式: 等额本息 → 等额本金');
    expect(await summaryIn('en', { code: 'CAR_12', productVersion: 2, from: 'ACTIVE', to: 'RETIRED' }, 'product')).toBe(
      'Status: Active → Retired; Product version: 2; Code: CAR_12',
    );
    expect(termEnumOf('allocationOrder')).toBe('component');
    expect(termEnumOf('rateBp')).toBeUndefined();
  });

  it('leaves an unknown code of these records as it is', async () => {
    expect(await summaryIn('zh', { from: 'ACTIVE', to: 'GONE' }, 'capital_provider')).toBe('状态: 合作中 → GONE');
    expect(await summaryIn('zh', { kind: 'SOLE_TRADER', customerNo: 'C1' }, 'customer')).toBe('类型: SOLE_TRADER; 客户编号: C1');
    // A capital provider's kind is no policy's kind, nor the other way round.
    expect(await summaryIn('zh', { kind: 'COMMERCIAL' }, 'capital_provider')).toBe('类型: COMMERCIAL');
    expect(await summaryIn('zh', { kind: 'BANK' }, 'insurance_policy')).toBe('类型: BANK');
  });
});

describe('what showed raw before: targets, provider settings, uploads, terms', () => {
  it("reads a notice batch's send target as the 通知发送 screen's filters, in Chinese and in English", async () => {
    // notice_send.create (crates/service/src/operate/send.rs): the filter as the dialog sent it (a day's start and end, local time).
    const from = new Date(2026, 4, 1).getTime();
    const to = new Date(2026, 4, 31, 23, 59, 59, 999).getTime();
    const created = {
      template: 'OVERDUE_REMIND',
      channel: 'SMS',
      total: 12,
      target: { mode: 'FILTER', filter: { kind: 'INDIVIDUAL', status: 'ENABLED', name: '郭', createdFrom: from, createdTo: to } },
    };
    expect(await summaryIn('zh', created, 'notice_batch')).toBe(
      '模板: OVERDUE_REMIND; 渠道: 短信; 总数: 12; 发送对象: 按条件筛选; 注册时间: 2026-05-01 ~ 2026-05-31; 客户类型: 个人; 客户状态: 正常; 姓名包含: 郭',
    );
    expect(await summaryIn('en', created, 'notice_batch')).toBe(
      'Template: OVERDUE_REMIND; Channel: SMS; Total: 12; Recipients: By filter; Registered: 2026-05-01 ~ 2026-05-31; Customer type: Individual; Customer status: Active; Name contains: 郭',
    );
    // A filter with blanks leaves them out; hand-picked customers list their ids.
    const blank = { template: 'T', channel: 'IN_APP', total: 3, target: { mode: 'FILTER', filter: { kind: null, status: 'DISABLED', name: null, createdFrom: null, createdTo: null } } };
    expect(await summaryIn('zh', blank, 'notice_batch')).toBe('模板: T; 渠道: 站内信; 总数: 3; 发送对象: 按条件筛选; 客户状态: 停用');
    const picked = { template: 'T', channel: 'SMS', total: 2, target: { mode: 'CUSTOMERS', customerIds: [4, 9] } };
    expect(await summaryIn('zh', picked, 'notice_batch')).toBe('模板: T; 渠道: 短信; 总数: 2; 发送对象: 指定客户; 选择客户: 4, 9');
  });

  it("reads a provider configuration's slot, kind and changed fields in 接口配置's words", async () => {
    // provider_config.{slot} (crates/service/src/interface/mod.rs).
    const sms = { slot: 'sms', kind: 'aliyun', changed: ['endpoint', 'signName', 'accessKeySecret'] };
    expect(await summaryIn('zh', sms, 'provider_config')).toBe('接口: 短信服务; 服务商: 阿里云短信; 修改项: 接口地址, 短信签名, AccessKey Secret');
    expect(await summaryIn('en', { slot: 'esign', kind: 'bestsign', changed: ['developerId', 'privateKey'] }, 'provider_config')).toBe(
      'Interface: E-signature service; Provider: BestSign; Changed: Developer ID, Private key',
    );
    expect(await summaryIn('zh', { slot: 'ocr', kind: 'manual', changed: [] }, 'provider_config')).toBe('接口: OCR 识别; 服务商: 人工录入');
    // A kind the screen does not know stays as it is.
    expect(await summaryIn('zh', { slot: 'sms', kind: 'other' }, 'provider_config')).toBe('接口: 短信服务; 服务商: other');
  });

  it("reads an upload's purpose and an export's list in words", async () => {
    // file.upload (crates/service/src/content/banner.rs) and export (crates/service/src/export.rs).
    expect(await summaryIn('zh', { purpose: 'BANNER', fileName: 'a.png', size: 2048 }, 'stored_file')).toBe('用途: 广告图片; 文件名: a.png; 大小（字节）: 2048');
    expect(await summaryIn('en', { purpose: 'ARTICLE_COVER', fileName: 'c.jpg', size: 1 }, 'stored_file')).toBe('Purpose: Article cover; File name: c.jpg; Size (bytes): 1');
    expect(await summaryIn('zh', { list: 'provider_usage', rows: 3, objectName: 'x.xlsx' }, 'provider_usage')).toContain('列表: 短信/OCR使用记录');
  });

  it("labels the keys that had none and reads a new product's terms in 订单规则配置's words", async () => {
    expect(await summaryIn('en', { orderNo: 'BH1', from: 'PENDING_REVIEW', to: 'REJECTED', reasonCode: 'X' }, 'orders')).toContain('Reason: X');
    // product.create (crates/service/src/system/products.rs): the terms read like the other keys.
    const created = {
      code: 'CAR_12',
      name: '车险分期',
      productVersion: 1,
      terms: { scheduleMethod: 'ANNUITY', termOptions: [3, 6], rateBp: 100, penaltyRatePpmPerDay: 500, maxFinancedFen: 10000000, allocationOrder: ['PENALTY', 'PRINCIPAL'], advanceAfterDays: 30 },
    };
    expect(await summaryIn('zh', created, 'product')).toBe(
      '产品版本: 1; 还款方式: 等额本息; 可选期数: 3, 6; 利率: 1.00%; 日罚息率: 0.0500%; 最高融资额: ¥100,000.00; 冲账顺序: 罚息, 本金; 代偿触发: 30; 名称: 车险分期; 编码: CAR_12',
    );
    // order_rules.update (crates/service/src/system/order_rules.rs): the rules before and after in the screen's words.
    const rules = {
      key: 'order_rules',
      version: 3,
      before: { signingDeadlineDays: 7, delinquencyBuckets: [{ classification: 'M1', minDays: 0, maxDays: 30 }] },
      after: { signingDeadlineDays: 10, delinquencyBuckets: [{ classification: 'M1', minDays: 0, maxDays: 60 }] },
    };
    expect(await summaryIn('zh', rules, 'setting')).toBe(
      '签约期限: 7 → 10; 逾期分档: (分档名称: M1, 起始天数: 0, 结束天数: 30) → (分档名称: M1, 起始天数: 0, 结束天数: 60); 设置组: 订单规则配置; 版本: 3',
    );
    // The settings group by the menu name of its screen, in the reader's language.
    expect(await summaryIn('en', { key: 'security', before: {}, after: {} }, 'setting')).toContain('Security settings');
    expect(await summaryIn('zh', { key: 'system', before: {}, after: {} }, 'setting')).toContain('系统设置');
  });
});
