import { useTranslation } from 'react-i18next';
import type { ProductRow } from '../api';
import { ORDER_RULES_NS } from './locales';
import { percent } from './units';

/** The page permission of 订单规则配置; it is also the permission of every change on it. */
export const PERMISSION = 'admin:config:order';

/** `1.00%/月`, `12.00%/年`. */
export function useRateText() {
  const { t } = useTranslation(ORDER_RULES_NS);
  return (row: ProductRow) =>
    row.terms.ratePeriod === 'YEAR' ? t('product.perYear', { rate: percent(row.terms.rateBp) }) : t('product.perMonth', { rate: percent(row.terms.rateBp) });
}
