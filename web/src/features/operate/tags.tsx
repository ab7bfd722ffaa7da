import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { OPERATE_NS } from './locales';

const VERSION_COLORS: Record<string, string> = { DRAFT: 'gold', ACTIVE: 'green', RETIRED: 'default' };

export function VersionStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(OPERATE_NS);
  return <Tag color={VERSION_COLORS[status] ?? 'default'}>{t(`contract.status.${status}`, { defaultValue: status })}</Tag>;
}

export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(OPERATE_NS);
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
}
