import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as RequestModule from '../../shared/api/request';
import { overdueApi } from './api';

const request = vi.hoisted(() => vi.fn<(options: unknown) => Promise<unknown>>());
vi.mock('../../shared/api/request', async (original) => ({ ...(await original<typeof RequestModule>()), request }));

describe('overdue calls', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockResolvedValue(null);
  });

  it('the list and its export name the days-past-due range as the server does', async () => {
    await overdueApi.page({ page: 1, size: 10, sort: { field: 'overdueDays', order: 'desc' }, bucket: 'M2', from: 31, to: 60 });
    expect(request).toHaveBeenLastCalledWith({
      url: '/admin/order/overdue/page',
      method: 'post',
      data: { page: 1, size: 10, sort: { field: 'overdueDays', order: 'desc' }, bucket: 'M2', dpdFrom: 31, dpdTo: 60 },
    });
    await overdueApi.export({ page: 1, size: 10, to: 30 });
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/overdue/export', method: 'post', data: { page: 1, size: 10, dpdTo: 30 } });
  });

  it('reads and adds the notes of an order', async () => {
    await overdueApi.notes(7);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/collection/list/{orderId}', data: { orderId: 7 } });
    const body = { method: 'PHONE', contact: '本人', result: '承诺月底还款', promisedDate: '2026-12-31', promisedFen: 44_424 };
    await overdueApi.addNote(7, body);
    expect(request).toHaveBeenLastCalledWith({ url: '/admin/order/collection/create/{orderId}', method: 'post', data: { orderId: 7, ...body } });
  });
});
