import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../shared/crud/ListPage';
import '../../../shared/crud/locales';
import { usageApi, type UsageRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';

const KINDS = ['sms', 'ocr'] as const;
const PROVIDERS = ['outbox', 'aliyun', 'manual'] as const;

/** 短信/OCR使用记录 (admin:icl_interface:table): every SMS sent and OCR call, read-only, exportable. */
export function UsagePage() {
  const { t } = useTranslation(SYSTEM_NS);
  const kindLabel = (kind: string) => ((KINDS as readonly string[]).includes(kind) ? t(`usage.kinds.${kind}`) : kind);
  const providerLabel = (p: string) => ((PROVIDERS as readonly string[]).includes(p) ? t(`interface.kinds.${p}`) : p);
  const columns: ListColumn<UsageRow>[] = [
    { key: 'createdAt', kind: 'datetime', title: t('usage.time'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
    { key: 'kind', title: t('usage.kind'), width: 80, render: (row) => kindLabel(row.kind) },
    { key: 'provider', title: t('usage.provider'), width: 170, render: (row) => providerLabel(row.provider) },
    { key: 'target', title: t('usage.target'), width: 130, render: (row) => <span className="bh-nowrap">{row.target}</span> },
    { key: 'templateCode', kind: 'code', title: t('usage.templateCode') },
    {
      key: 'outcome',
      title: t('usage.outcome'),
      width: 90,
      render: (row) => (row.outcome === 'success' ? <Tag color="green">{t('journal.success')}</Tag> : <Tag color="red">{t('journal.failure')}</Tag>),
    },
    { key: 'costUnits', title: t('usage.costUnits'), width: 90, align: 'right' },
    {
      key: 'errorMessage',
      title: t('usage.errorMessage'),
      ellipsis: true,
      render: (row) =>
        row.errorMessage ? (
          <Typography.Text type="danger" title={row.errorMessage}>
            {row.errorMessage}
          </Typography.Text>
        ) : null,
    },
  ];
  return (
    <ListPage<UsageRow>
      listKey="system.usage"
      columns={columns}
      filters={[
        { name: 'time', kind: 'range', label: t('usage.time') },
        { name: 'kind', kind: 'choice', label: t('usage.kind'), width: 140, options: KINDS.map((k) => ({ value: k, label: kindLabel(k) })) },
        { name: 'provider', kind: 'choice', label: t('usage.provider'), width: 170, options: PROVIDERS.map((p) => ({ value: p, label: providerLabel(p) })) },
        {
          name: 'outcome',
          kind: 'choice',
          label: t('usage.outcome'),
          width: 140,
          options: [
            { value: 'success', label: t('journal.success') },
            { value: 'failure', label: t('journal.failure') },
          ],
        },
        { name: 'target', kind: 'text', label: t('usage.target'), width: 140 },
      ]}
      fetchPage={usageApi.page}
      rowKey={(row) => row.id}
      defaultSort={{ field: 'createdAt', order: 'desc' }}
      exporter={{ perm: 'admin:icl_interface:export', run: usageApi.export }}
    />
  );
}
