import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_RULES_NS } from './locales';

const STATUS_COLORS: Record<string, string> = { DRAFT: 'blue', ACTIVE: 'green', RETIRED: 'default' };

export function ProductStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(ORDER_RULES_NS);
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`status.${status}`, { defaultValue: status })}</Tag>;
}
