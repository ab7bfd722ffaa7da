import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PARTNER_NS } from './locales';

export function EnabledTag({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(PARTNER_NS);
  return <Tag color={enabled ? 'green' : 'default'}>{enabled ? t('common.enabled') : t('common.disabled')}</Tag>;
}

const STATUS_COLORS: Record<string, string> = { ACTIVE: 'green', PAUSED: 'orange', TERMINATED: 'default' };

export function ProviderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(PARTNER_NS);
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(`provider.statuses.${status}`, { defaultValue: status })}</Tag>;
}

const ESIGN_COLORS: Record<string, string> = { UNSUBMITTED: 'default', PENDING: 'processing', VERIFIED: 'green' };

export function EsignStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(PARTNER_NS);
  return <Tag color={ESIGN_COLORS[status] ?? 'default'}>{t(`esign.statuses.${status}`, { defaultValue: status })}</Tag>;
}
