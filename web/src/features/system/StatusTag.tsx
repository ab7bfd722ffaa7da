import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSTEM_NS } from './locales';

export function StatusTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(SYSTEM_NS);
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
}
