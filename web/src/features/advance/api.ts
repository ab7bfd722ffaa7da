import dayjs from 'dayjs';
import { request } from '../../shared/api/request';
import type { PageResult } from '../../shared/crud/query';
import type { AdvanceData, OrderChoicesData } from './types';

/** The calls of 逾期挂账 (`/api/admin/order/advance/*`, docs/advances.md). */

type Body = Record<string, unknown>;

const day = (ms: unknown) => (typeof ms === 'number' ? dayjs(ms).format('YYYY-MM-DD') : undefined);

/** The list's range filter (`from` / `to`, epoch ms) as the server's `advancedFrom` / `advancedTo` days. */
export function withAdvancedOn(body: Body): Body {
  const { from, to, ...rest } = body;
  const out: Body = { ...rest };
  const start = day(from);
  const end = day(to);
  if (start) out.advancedFrom = start;
  if (end) out.advancedTo = end;
  return out;
}

export const advanceApi = {
  /** The advanced instalments still claimed (`AdvancePageBody`; `all` adds those recovered). */
  page: (body: Body) => request<PageResult<AdvanceData>>({ url: '/admin/order/advance/page', method: 'post', data: withAdvancedOn(body) }),
  /** The providers for the filter (`GET /api/admin/order/choices`; only for the order screens' users). */
  choices: () => request<OrderChoicesData>({ url: '/admin/order/choices', method: 'get', quiet: true, silent: true }),
};
