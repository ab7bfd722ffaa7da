import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../shared/api/request';
import { surrenderApi } from './api';

const request = vi.hoisted(() => vi.fn<(options: unknown) => Promise<unknown>>());
vi.mock('../../shared/api/request', async (original) => ({ ...(await original<typeof RequestModule>()), request }));

describe('surrender calls', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue(null);
  });

  it('the list, its export and one order’s applications', async () => {
    const body = { page: 1, size: 10, sort: { field: 'createdAt', order: 'desc' as const }, status: 'SETTLED', reason: 'CUSTOMER_REQUEST', orderNo: 'BH2026', customerName: '郭' };
    await surrenderApi.page(body);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/page', method: 'post', data: body });
    await surrenderApi.export(body);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/export', method: 'post', data: body });
    await surrenderApi.page({ page: 1, size: 50, orderId: 7 });
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/page', method: 'post', data: { page: 1, size: 50, orderId: 7 } });
  });

  it('退保试算 sends the reason and the date only when chosen (the server defaults them)', async () => {
    await surrenderApi.quote(7);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/quote/{id}', data: { id: 7 } });
    await surrenderApi.quote(7, { reason: 'DEFAULT', cancelDate: '2026-12-01' });
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/quote/{id}', data: { id: 7, reason: 'DEFAULT', cancelDate: '2026-12-01' } });
    await surrenderApi.quote(7, { reason: 'CUSTOMER_REQUEST', cancelDate: undefined });
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/quote/{id}', data: { id: 7, reason: 'CUSTOMER_REQUEST' } });
  });

  it('applies, and moves an application along with its bodies', async () => {
    const create = { orderId: 7, reason: 'CUSTOMER_REQUEST', requestedCancelDate: '2026-11-27', remark: '客户换车' };
    await surrenderApi.create(create);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/create', method: 'post', data: create });
    await surrenderApi.approve(3);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/approve/{id}', method: 'post', data: { id: 3 } });
    for (const action of ['reject', 'withdraw', 'decline', 'cancel'] as const) {
      await surrenderApi[action](3, '客户已还清逾期款');
      expect(request).toHaveBeenLastCalledWith({ url: `/admin/order/surrender/${action}/{id}`, method: 'post', data: { id: 3, reason: '客户已还清逾期款' } });
    }
    await surrenderApi.submit(3, '2026-11-28');
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/submit/{id}', method: 'post', data: { id: 3, submittedOn: '2026-11-28' } });
    await surrenderApi.confirm(3, { insurerRefundFen: 412_345, endorsementNo: 'PDAA2026P00012', effectiveDate: '2026-11-30' });
    expect(request).toHaveBeenLastCalledWith({
      url: '/admin/order/surrender/confirm/{id}',
      method: 'post',
      data: { id: 3, insurerRefundFen: 412_345, endorsementNo: 'PDAA2026P00012', effectiveDate: '2026-11-30' },
    });
  });

  it('previews and applies the refund, pays the surplus out', async () => {
    await surrenderApi.settlePreview(3, '2026-12-01');
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/settle-preview/{id}', data: { id: 3, receivedOn: '2026-12-01' } });
    const settle = { receivedOn: '2026-12-01', channel: 'BANK_TRANSFER', serialNo: 'PICC1201', shortfallResolution: 'WRITTEN_OFF' as const, bearer: 'PLATFORM' as const };
    await surrenderApi.settle(3, settle);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/settle/{id}', method: 'post', data: { id: 3, ...settle } });
    await surrenderApi.payout(3, { paidOn: '2026-12-02', channel: 'BANK_TRANSFER', serialNo: 'ICBC1202' });
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/surrender/payout/{id}', method: 'post', data: { id: 3, paidOn: '2026-12-02', channel: 'BANK_TRANSFER', serialNo: 'ICBC1202' } });
  });

  it('searches the orders of 还款阶段 by number, silently', async () => {
    await surrenderApi.orders('BH2026');
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/repayment/page', method: 'post', silent: true, data: { page: 1, size: 20, orderNo: 'BH2026' } });
  });
});
