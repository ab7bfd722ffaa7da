/** The order page's 退保 tab apart from React: where it shows, when 申请退保 is offered, the screen's links. */

/** The order statuses a surrender may be applied for in (T24). */
export const SURRENDERABLE: readonly string[] = ['PENDING_POLICY', 'REPAYING', 'OVERDUE'];

/** Where the 退保 tab shows: an order that may be surrendered, one surrendering, one surrendered. */
export const SURRENDER_TAB: readonly string[] = [...SURRENDERABLE, 'SURRENDERING', 'SURRENDERED'];

/** The screen 退保申请 filtered to one order (its list reads `?orderNo=`). */
export function surrenderListPath(orderNo: string): string {
  return `/business/surrenderApplication?orderNo=${encodeURIComponent(orderNo)}`;
}

export const surrendersKey = (orderId: number) => ['order', 'surrenders', orderId] as const;
