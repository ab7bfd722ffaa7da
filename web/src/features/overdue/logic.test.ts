import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toRequestBody, type FilterSpec } from '../../shared/crud/query';
import {
  dpdBackwards,
  dpdValue,
  noteBody,
  noticeState,
  overdueBuckets,
  promiseAmountProblem,
  promiseDayOutOfRange,
  severity,
  todayText,
  waiverPath,
  withDpd,
} from './logic';
import type { OrderRulesData } from './types';

describe('overdue list', () => {
  it('ranks the days past due as the default buckets do', () => {
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(severity)).toEqual(['early', 'early', 'late', 'late', 'serious', 'serious', 'severe', 'severe']);
  });

  it('sends the days-past-due range as dpdFrom / dpdTo, with the other filters', () => {
    const filters: FilterSpec[] = [
      { name: 'orderNo', kind: 'text' },
      { name: 'bucket', kind: 'text' },
      { name: 'dpd', kind: 'range' },
    ];
    const body = toRequestBody({ page: 2, size: 20, sort: { field: 'overdueDays', order: 'desc' }, filters: { orderNo: ' BH2026 ', bucket: 'M2', dpd: '31~60' } }, filters);
    expect(withDpd(body)).toEqual({ page: 2, size: 20, sort: { field: 'overdueDays', order: 'desc' }, orderNo: 'BH2026', bucket: 'M2', dpdFrom: 31, dpdTo: 60 });
    expect(withDpd(toRequestBody({ page: 1, size: 10, filters: { dpd: '~30' } }, filters))).toEqual({ page: 1, size: 10, dpdTo: 30 });
    expect(withDpd(toRequestBody({ page: 1, size: 10, filters: { dpd: '90~' } }, filters))).toEqual({ page: 1, size: 10, dpdFrom: 90 });
  });

  it('writes the range from its two inputs and knows a backwards one', () => {
    expect(dpdValue(31, 60)).toBe('31~60');
    expect(dpdValue(null, 30)).toBe('~30');
    expect(dpdValue(90, null)).toBe('90~');
    expect(dpdValue(null, undefined)).toBeUndefined();
    expect(dpdValue(-1, 1.5)).toBeUndefined();
    expect(dpdValue(0, 99_999)).toBe('0~36500');
    expect(dpdBackwards('60~31')).toBe(true);
    expect(dpdBackwards('31~31')).toBe(false);
    expect(dpdBackwards('~31')).toBe(false);
    expect(dpdBackwards(undefined)).toBe(false);
  });

  it('offers the configured buckets past day 0, else the defaults', () => {
    expect(overdueBuckets(undefined)).toEqual(['M1', 'M2', 'M3', 'M3+']);
    const rules = {
      version: 3,
      rules: {
        delinquencyBuckets: [
          { classification: 'C0', minDays: 0, maxDays: 0 },
          { classification: 'C1', minDays: 1, maxDays: 15 },
          { classification: 'C2', minDays: 16, maxDays: null },
        ],
      },
    } as unknown as OrderRulesData;
    expect(overdueBuckets(rules)).toEqual(['C1', 'C2']);
  });

  it('opens the waiver screen on the order', () => {
    expect(waiverPath(42)).toBe('/business/exemptionApplication?orderId=42');
  });
});

describe('collection note form', () => {
  const today = dayjs('2026-12-10');

  it('takes a promise from today up to 90 days on', () => {
    expect(promiseDayOutOfRange(dayjs('2026-12-09'), today)).toBe(true);
    expect(promiseDayOutOfRange(dayjs('2026-12-10'), today)).toBe(false);
    expect(promiseDayOutOfRange(dayjs('2027-03-10'), today)).toBe(false); // + 90 days
    expect(promiseDayOutOfRange(dayjs('2027-03-11'), today)).toBe(true);
  });

  it('checks the promised amount as the server does: above 0, at most what is outstanding', () => {
    expect(promiseAmountProblem(undefined, 100)).toBeUndefined();
    expect(promiseAmountProblem('  ', 100)).toBeUndefined();
    expect(promiseAmountProblem('abc', 100)).toBe('invalid');
    expect(promiseAmountProblem('1.234', 100_000)).toBe('invalid');
    expect(promiseAmountProblem('-5', 100_000)).toBe('invalid');
    expect(promiseAmountProblem('0', 100_000)).toBe('notPositive');
    expect(promiseAmountProblem('0.00', 100_000)).toBe('notPositive');
    expect(promiseAmountProblem('1,000.00', 100_000)).toBeUndefined();
    expect(promiseAmountProblem('1000.01', 100_000)).toBe('tooMuch');
    expect(promiseAmountProblem('0.01', 0)).toBe('tooMuch');
  });

  it('builds the body: texts trimmed, yuan to fen from the text, no promise when left empty', () => {
    expect(noteBody({ method: 'PHONE', contact: ' 本人 ', result: ' 承诺月底还款 ', promisedDate: dayjs('2026-12-31'), promisedYuan: '0.1' })).toEqual({
      method: 'PHONE',
      contact: '本人',
      result: '承诺月底还款',
      promisedDate: '2026-12-31',
      promisedFen: 10,
    });
    expect(noteBody({ method: 'SMS', contact: '本人', result: '已发送提醒', promisedDate: null, promisedYuan: ' ' })).toEqual({
      method: 'SMS',
      contact: '本人',
      result: '已发送提醒',
      promisedDate: null,
      promisedFen: null,
    });
    expect(noteBody({ method: 'VISIT', contact: '配偶', result: '上门', promisedYuan: '1,234.56' }).promisedFen).toBe(123_456);
  });

  it('reads the demand notice: none, standing, grace over (the deadline before today), cured or closed', () => {
    const today = '2026-11-27';
    expect(noticeState({ demandNoticeStatus: '', noticeSentOn: null, cureDeadline: null }, today)).toEqual({ kind: 'none' });
    expect(noticeState({ demandNoticeStatus: 'SENT', noticeSentOn: '2026-11-20', cureDeadline: '2026-11-27' }, today)).toEqual({
      kind: 'notice', status: 'SENT', sentOn: '2026-11-20', cureDeadline: '2026-11-27', graceOver: false,
    });
    expect(noticeState({ demandNoticeStatus: 'SENT', noticeSentOn: '2026-11-01', cureDeadline: '2026-11-26' }, today)).toMatchObject({ graceOver: true });
    // A cured notice is no longer standing: no grace to be over.
    expect(noticeState({ demandNoticeStatus: 'CURED', noticeSentOn: '2026-10-01', cureDeadline: '2026-10-16' }, today)).toMatchObject({ status: 'CURED', graceOver: false });
    expect(todayText(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
