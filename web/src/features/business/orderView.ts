import { useQuery, useQueryClient } from '@tanstack/react-query';
import { orderApi, repaymentApi } from './api';
import { ORDER_LISTS } from './lists';

/** The cache key of an order's view (the order page and the dialogs of the lists share it). */
export const viewKey = (id: number) => ['business', 'order', id];

/** The cache key of an order's money (the repayment panel and the order page's 还款 section share it). */
export const moneyKey = (id: number) => ['business', 'money', id];

/** An order's view (`GET /api/admin/order/view/{id}`). */
export function useOrderView(id: number) {
  return useQuery({ queryKey: viewKey(id), queryFn: () => orderApi.view(id), enabled: Number.isSafeInteger(id) && id > 0 });
}

/** An order's money after disbursement (`GET /api/admin/order/money/{id}`). */
export function useOrderMoney(id: number) {
  return useQuery({ queryKey: moneyKey(id), queryFn: () => repaymentApi.money(id), enabled: Number.isSafeInteger(id) && id > 0 });
}

/** After a step: the order's view and money and every order list reload. */
export function useRefreshOrder(): (id: number) => Promise<void> {
  const client = useQueryClient();
  return async (id) => {
    for (const key of Object.values(ORDER_LISTS)) void client.invalidateQueries({ queryKey: [key] });
    void client.invalidateQueries({ queryKey: moneyKey(id) });
    await client.invalidateQueries({ queryKey: viewKey(id) });
  };
}
