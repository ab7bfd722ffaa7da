import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { request } from './request';

/** `GET /api/common/business-date`: today in the business time zone (系统设置), for any signed-in user. */
interface BusinessToday {
  businessDate: string;
  timeZone: string;
}

/**
 * Today's business date, the last day a receipt or a payment may be dated: the server counts due
 * dates and value dates in the business time zone (Asia/Shanghai unless 系统设置 says otherwise),
 * so a picker limited by the browser's own clock would refuse the business day to a user west of
 * it. Until the answer arrives (or if it fails) the browser's date stands in.
 */
export function useBusinessToday(): Dayjs {
  const { data } = useQuery({
    queryKey: ['common', 'business-date'],
    queryFn: () => request<BusinessToday>({ url: '/common/business-date', silent: true, quiet: true }),
    staleTime: 60_000,
  });
  return data ? dayjs(data.businessDate) : dayjs();
}
