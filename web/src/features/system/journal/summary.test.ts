import { describe, expect, it } from 'vitest';
import { detailParts, prettyDetail, summarizeDetail, type CodeContext, type SummaryWords } from './summary';

const LABELS: Record<string, string> = { name: '名称', status: '状态', vin: '车架号', plateNo: '车牌号', tokenMinutes: '令牌有效期', creditLimitFen: '授信额度', enabled: '启用', changed: '修改项', code: '编码', costRateBp: '资金成本率' };
const words: SummaryWords = { field: (key) => LABELS[key] ?? key, yes: '是', no: '否' };
const summary = (detail: unknown) => summarizeDetail(typeof detail === 'string' ? detail : JSON.stringify(detail), words);

describe('the operation-log detail in one line', () => {
  it('shows before → after for the keys that changed, then the other keys', () => {
    expect(summary({ key: 'security', before: { tokenMinutes: 120, singleSession: true }, after: { tokenMinutes: 60, singleSession: true } })).toBe(
      '令牌有效期: 120 → 60; key: security',
    );
  });

  it('compares an old-values object with the new values beside it (before, from)', () => {
    expect(summary({ customerId: 3, plateNo: '京A1', vin: 'NEW', before: { plateNo: '京A1', vin: 'OLD' } })).toBe('车架号: OLD → NEW; customerId: 3');
    expect(summary({ name: '新名', code: 'X', enabled: false, from: { name: '旧名', code: 'X', enabled: true } })).toBe('名称: 旧名 → 新名; 启用: 是 → 否');
  });

  it('reads a status change, a previousName and a value {from, to}', () => {
    expect(summary({ orderNo: 'BH1', from: 'PENDING', to: 'ACTIVE' })).toBe('状态: PENDING → ACTIVE; orderNo: BH1');
    expect(summary({ name: '新', previousName: '旧' })).toBe('名称: 旧 → 新');
    expect(summary({ name: '同', previousName: '同' })).toBe('名称: 同');
    expect(summary({ creditLimitFen: { from: 100000, to: 250050 } })).toBe('授信额度: ¥1,000.00 → ¥2,500.50');
  });

  it('shows plain key/values with labels, yes/no, amounts, rates and key lists; blanks left out', () => {
    expect(summary({ name: '郭子豪', enabled: true, costRateBp: 650, changed: ['name', 'content'], remark: '', departmentId: null, roleIds: [] })).toBe(
      '启用: 是; 资金成本率: 6.50%; 修改项: 名称, content; 名称: 郭子豪',
    );
    expect(summary({ lines: [{ a: 1 }], total: 2 })).toBe('lines: (a: 1); total: 2');
    // What only names the record comes last (the target column names it); the rest keeps the server's order.
    expect(summary({ acceptMode: 'AUTO', code: 'X', kind: 'BANK', name: '星河' })).toBe('acceptMode: AUTO; kind: BANK; 名称: 星河; 编码: X');
    expect(summary({})).toBe('');
  });

  it('falls back to the raw text when the detail is not a JSON object', () => {
    expect(summary('{"name": oops')).toBe('{"name": oops');
    expect(summary('plain words')).toBe('plain words');
    expect(summary('[1,2]')).toBe('[1,2]');
    expect(detailParts('  ', words)).toEqual([]);
  });

  it('pretty-prints the detail for the drawer, raw text as it is', () => {
    expect(prettyDetail('{"a":{"b":1}}')).toBe('{\n  "a": {\n    "b": 1\n  }\n}');
    expect(prettyDetail('not json')).toBe('not json');
  });
});

describe('an order transition in the journal', () => {
  it('reads the statuses in words when the reader knows them, other codes as stored', () => {
    const coded: SummaryWords = { ...words, code: (value) => ({ PENDING_SIGN: '待签约', PENDING_DOWN_PAYMENT: '待付首付' })[value] ?? value };
    const detail = JSON.stringify({ orderNo: 'BH20260201000001', from: 'PENDING_SIGN', to: 'PENDING_DOWN_PAYMENT', channel: 'BANK_TRANSFER' });
    expect(summarizeDetail(detail, coded)).toBe('状态: 待签约 → 待付首付; orderNo: BH20260201000001; channel: BANK_TRANSFER');
  });
});

describe('coded values', () => {
  it("are read with their detail key and the row's table", () => {
    const seen: [string, CodeContext][] = [];
    const coded: SummaryWords = {
      ...words,
      code: (value, context) => {
        seen.push([value, context]);
        return context.target === 'repayment' && context.key === 'status' ? ({ RECORDED: '待确认', CONFIRMED: '已确认' }[value] ?? value) : value;
      },
    };
    const detail = JSON.stringify({ serialNo: 'S1', from: 'RECORDED', to: 'CONFIRMED', channel: 'BANK_TRANSFER' });
    expect(summarizeDetail(detail, coded, 'repayment')).toBe('状态: 待确认 → 已确认; serialNo: S1; channel: BANK_TRANSFER');
    expect(seen).toEqual([
      ['RECORDED', { key: 'status', target: 'repayment' }],
      ['CONFIRMED', { key: 'status', target: 'repayment' }],
      ['S1', { key: 'serialNo', target: 'repayment' }],
      ['BANK_TRANSFER', { key: 'channel', target: 'repayment' }],
    ]);
  });

  it("in a list are read one by one under the list's key", () => {
    const seen: [string, CodeContext][] = [];
    const coded: SummaryWords = {
      ...words,
      code: (value, context) => {
        seen.push([value, context]);
        return value.toLowerCase();
      },
    };
    expect(summarizeDetail(JSON.stringify({ compulsoryReasons: ['OTHER', 'VEHICLE_SCRAPPED'] }), coded, 'insurer')).toBe('compulsoryReasons: other, vehicle_scrapped');
    expect(seen).toEqual([
      ['OTHER', { key: 'compulsoryReasons', target: 'insurer' }],
      ['VEHICLE_SCRAPPED', { key: 'compulsoryReasons', target: 'insurer' }],
    ]);
  });

  it("of an order transition's own details are read like the other keys", () => {
    const detail = JSON.stringify({ orderNo: 'BH1', from: 'A', to: 'B', reason: '', detail: { channel: 'X', payer: '', feeFen: 1500 } });
    expect(summarizeDetail(detail, words)).toBe('状态: A → B; orderNo: BH1; channel: X; feeFen: ¥15.00');
    expect(summarizeDetail(JSON.stringify({ orderNo: 'BH1', detail: null }), words)).toBe('orderNo: BH1');
  });
});

describe('objects inside the detail', () => {
  it('are read as their own keys with their paths; a date range as one key; a daily rate in percent', () => {
    const seen: [string, CodeContext | undefined][] = [];
    const tracing: SummaryWords = {
      ...words,
      field: (key, context) => {
        seen.push([key, context]);
        return context?.path ?? key;
      },
    };
    const from = new Date(2026, 4, 1).getTime();
    const detail = { total: 2, target: { mode: 'FILTER', filter: { kind: 'INDIVIDUAL', name: null, createdFrom: from, createdTo: null } } };
    expect(summarizeDetail(JSON.stringify(detail), tracing, 'notice_batch')).toBe(
      'total: 2; target.mode: FILTER; target.filter.created: 2026-05-01 ~ —; target.filter.kind: INDIVIDUAL',
    );
    expect(seen).toContainEqual(['kind', { key: 'kind', target: 'notice_batch', path: 'target.filter.kind' }]);
    expect(summary({ terms: { penaltyRatePpmPerDay: 500, rateBp: 100 } })).toBe('penaltyRatePpmPerDay: 0.0500%; rateBp: 1.00%');
  });
});
