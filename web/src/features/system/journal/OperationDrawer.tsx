import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/datetime';
import type { OperationLogRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { useJournalLabels } from './labels';
import { detailParts, prettyDetail } from './summary';

/** One operation-log row in full: who, what, on which record, the summary and the whole detail JSON. */
export function OperationDrawer({ row, onClose }: { row: OperationLogRow | undefined; onClose: () => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  const labels = useJournalLabels();
  const parts = row ? detailParts(row.detail, labels.words, row.targetType) : [];
  return (
    <Drawer
      title={t('journal.detailTitle')}
      placement="right"
      size={Math.min(560, Math.max(300, window.innerWidth - 40))}
      open={row !== undefined}
      onClose={onClose}
      destroyOnHidden
    >
      {row ? (
        <div className="bh-journal__drawer">
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'time', label: t('journal.time'), children: formatDateTime(row.createdAt) },
              {
                key: 'actor',
                label: t('journal.actor'),
                children: (
                  <span title={row.actorName}>
                    {labels.actor(row)} <Typography.Text type="secondary">{labels.kind(row.actorKind)}</Typography.Text>
                  </span>
                ),
              },
              { key: 'action', label: t('journal.action'), children: <span title={row.action}>{labels.action(row.action)}</span> },
              { key: 'target', label: t('journal.target'), children: labels.targetText(row) },
              {
                key: 'outcome',
                label: t('journal.outcome'),
                children: row.outcome === 'success' ? <Tag color="green">{t('journal.success')}</Tag> : <Tag color="red">{t('journal.failure')}</Tag>,
              },
              { key: 'ip', label: t('journal.ip'), children: row.ip ?? '—' },
              { key: 'requestId', label: t('journal.requestId'), children: row.requestId ?? '—' },
              { key: 'summary', label: t('journal.summary'), children:
                  parts.length > 0 ? (
                    <ul className="bh-journal__parts">
                      {parts.map((part, index) => (
                        <li key={index}>{part}</li>
                      ))}
                    </ul>
                  ) : (
                    t('journal.noDetail')
                  ),
              },
            ]}
          />
          <Typography.Title level={5} className="bh-journal__raw-title">
            {t('journal.rawDetail')}
          </Typography.Title>
          <pre className="bh-journal__json" aria-label={t('journal.rawDetail')}>
            {prettyDetail(row.detail)}
          </pre>
        </div>
      ) : null}
    </Drawer>
  );
}
