import { Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage, type FilterField, type ListColumn } from '../../../shared/crud/ListPage';
import '../../../shared/crud/locales';
import { journalApi, type LoginLogRow, type OperationLogRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { ACTIONS, TARGETS, actionKey } from './catalogue';

const TAB_PARAM = 'log';

function useLabels() {
  const { t } = useTranslation(SYSTEM_NS);
  return {
    action: (code: string) => ((ACTIONS as readonly string[]).includes(code) ? t(`journal.actions.${actionKey(code)}`) : code),
    target: (type: string) => ((TARGETS as readonly string[]).includes(type) ? t(`journal.targets.${type}`) : type),
  };
}

/** 日志管理 (admin:logs:table): the operation log and the sign-in log, read-only, exportable. */
export function JournalPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB_PARAM) === 'login' ? 'login' : 'operation';
  return (
    <div className="bh-journal">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'login' ? { [TAB_PARAM]: 'login' } : {}, { replace: true })}
        items={[
          { key: 'operation', label: t('journal.operations'), children: <OperationLog /> },
          { key: 'login', label: t('journal.logins'), children: <LoginLog /> },
        ]}
        destroyOnHidden
      />
    </div>
  );
}

function OutcomeTag({ outcome }: { outcome: string }) {
  const { t } = useTranslation(SYSTEM_NS);
  return outcome === 'success' ? <Tag color="green">{t('journal.success')}</Tag> : <Tag color="red">{t('journal.failure')}</Tag>;
}

function useOutcomeFilter(): FilterField {
  const { t } = useTranslation(SYSTEM_NS);
  return {
    name: 'outcome',
    kind: 'choice',
    label: t('journal.outcome'),
    width: 120,
    options: [
      { value: 'success', label: t('journal.success') },
      { value: 'failure', label: t('journal.failure') },
    ],
  };
}

function OperationLog() {
  const { t } = useTranslation(SYSTEM_NS);
  const outcome = useOutcomeFilter();
  const labels = useLabels();
  const kind = (value: string) => (value === 'admin' || value === 'capital' || value === 'system' ? t(`journal.${value}`) : value);
  const columns: ListColumn<OperationLogRow>[] = [
    { key: 'createdAt', kind: 'datetime', title: t('journal.time'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'actorName',
      title: t('journal.actor'),
      width: 170,
      render: (row) => (
        <span className="bh-nowrap">
          {row.actorName} <Typography.Text type="secondary">{kind(row.actorKind)}</Typography.Text>
        </span>
      ),
    },
    { key: 'action', title: t('journal.action'), width: 170, render: (row) => <span title={row.action}>{labels.action(row.action)}</span> },
    { key: 'target', title: t('journal.target'), width: 150, render: (row) => (row.targetId ? `${labels.target(row.targetType)} #${row.targetId}` : labels.target(row.targetType)) },
    { key: 'outcome', kind: 'status', title: t('journal.outcome'), render: (row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'ip', kind: 'code', title: t('journal.ip') },
    { key: 'requestId', title: t('journal.requestId'), defaultHidden: true, width: 150, ellipsis: true },
    { key: 'detail', title: t('journal.detail'), ellipsis: true },
  ];
  return (
    <ListPage<OperationLogRow>
      listKey="system.journal.operations"
      columns={columns}
      filters={[
        { name: 'time', kind: 'range', label: t('journal.time') },
        { name: 'actor', kind: 'text', label: t('journal.actor'), width: 140 },
        { name: 'action', kind: 'choice', label: t('journal.action'), width: 180, options: ACTIONS.map((code) => ({ value: code, label: labels.action(code) })) },
        outcome,
      ]}
      fetchPage={journalApi.operations}
      rowKey={(row) => row.id}
      defaultSort={{ field: 'createdAt', order: 'desc' }}
      exporter={{ perm: 'admin:logs:export', run: journalApi.exportOperations }}
    />
  );
}

function LoginLog() {
  const { t } = useTranslation(SYSTEM_NS);
  const outcome = useOutcomeFilter();
  const kind = (value: string) => (value === 'admin' || value === 'capital' ? t(`journal.${value}`) : value);
  const columns: ListColumn<LoginLogRow>[] = [
    { key: 'createdAt', kind: 'datetime', title: t('journal.time'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
    { key: 'account', kind: 'code', title: t('journal.account') },
    { key: 'accountKind', title: t('journal.kind'), width: 110, render: (row) => kind(row.accountKind) },
    { key: 'method', title: t('journal.method'), width: 100 },
    { key: 'outcome', kind: 'status', title: t('journal.outcome'), render: (row) => <OutcomeTag outcome={row.outcome} /> },
    { key: 'reason', title: t('journal.reason'), width: 180, ellipsis: true },
    { key: 'ip', kind: 'code', title: t('journal.ip') },
    { key: 'userAgent', title: 'User-Agent', ellipsis: true },
  ];
  return (
    <ListPage<LoginLogRow>
      listKey="system.journal.logins"
      columns={columns}
      filters={[{ name: 'time', kind: 'range', label: t('journal.time') }, { name: 'account', kind: 'text', label: t('journal.account'), width: 140 }, outcome]}
      fetchPage={journalApi.logins}
      rowKey={(row) => row.id}
      defaultSort={{ field: 'createdAt', order: 'desc' }}
      exporter={{ perm: 'admin:logs:export', run: journalApi.exportLogins }}
    />
  );
}
