import { scanPlaceholders } from '../../shared/format/placeholder';

/**
 * The customer variables of a notice template (`crates/service/src/operate/notice.rs`,
 * `CUSTOMER_VARIABLES`): filled from the customer; every other placeholder is typed in by the sender.
 */
export const CUSTOMER_VARIABLES = ['customer.name', 'customer.customerNo'] as const;

/** The values a sender types in: placeholders that are not customer variables (the server's `split_placeholders`). */
export function sendParams(content: string): string[] {
  const parsed = scanPlaceholders(content, { dotted: true });
  if (!('names' in parsed)) return [];
  return parsed.names.filter((n) => !(CUSTOMER_VARIABLES as readonly string[]).includes(n));
}
