import { request } from '../api/request';
import type { PageResult } from '../crud/query';
import type { SurrenderData, SurrenderPageBody } from './types';

/**
 * The list of surrender applications (`POST /api/admin/order/surrender/page`, admin:order_refund:table):
 * the screen's list and, with `orderId`, the order page's 退保 tab.
 */
export function surrenderPage(body: SurrenderPageBody): Promise<PageResult<SurrenderData>> {
  return request<PageResult<SurrenderData>>({ url: '/admin/order/surrender/page', method: 'post', data: body });
}
