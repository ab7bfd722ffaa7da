import { PERMISSIONS } from '../auth/catalogue.gen';

/**
 * Who may read the order screens' choices (products, insurers, providers:
 * `GET /api/admin/order/choices`, the server's `ORDER_SCREENS` in crates/service/src/order/options.rs).
 * A list offers its provider filter to them only; the post-loan lists' own permissions are not
 * among them.
 */
export const ORDER_CHOICES_PERMISSIONS: readonly string[] = [
  PERMISSIONS.ORDER_APPLY_TABLE,
  PERMISSIONS.ORDER_INFO_TABLE,
  PERMISSIONS.ASSIGNMENT_QUEUE_TABLE,
  PERMISSIONS.STATISTICS_NOT_PASS,
  PERMISSIONS.ORDER_PREMIUM_TABLE,
];
