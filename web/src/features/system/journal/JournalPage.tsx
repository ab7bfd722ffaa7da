import { Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPage, type FilterField, type ListColumn } from '../../../shared/crud/ListPage';
import '../../../shared/crud/locales';
import { journalApi, type LoginLogRow, type OperationLogRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { ACTIONS } from './catalogue';
import { useJournalLabels } from './labels';
import { OperationDrawer } from './OperationDrawer';
import { summarizeDetail } from './summary';
import './journal.css';

const TAB_PARAM = 'log';

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
  const labels = useJournalLabels();
  const [open, setOpen] = useState<OperationLogRow>();
  const columns: ListColumn<OperationLogRow>[] = [
    { key: 'createdAt', kind: 'datetime', title: t('journal.time'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
    {
      key: 'actorName',
      title: t('journal.actor'),
      width: 170,
      ellipsis: true,
      render: (row) => (
        <span className="bh-nowrap" title={row.actorName}>
          {labels.actor(row)} <Typography.Text type="secondary">{labels.kind(row.actorKind)}</Typography.Text>
        </span>
      ),
    },
    { key: 'action', title: t('journal.action'), width: 170, render: (row) => <span title={row.action}>{labels.action(row.action)}</span> },
    { key: 'target', title: t('journal.target'), width: 190, ellipsis: true, render: (row) => labels.targetText(row) },
    { key: 'outcome', kind: 'status', title: t('journal.outcome'), render: (row) => <OutcomeTag outcome={row.outcome} /> },
    // The address and the request id are in the drawer: the summary gets their room.
    { key: 'ip', kind: 'code', title: t('journal.ip'), defaultHidden: true },
    { key: 'requestId', title: t('journal.requestId'), defaultHidden: true, width: 150, ellipsis: true },
    { key: 'detail', title: t('journal.summary'), width: 240, ellipsis: true, render: (row) => summarizeDetail(row.detail, labels.words, row.targetType) },
  ];
  return (
    <>
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
        rowActions={[{ key: 'view', label: t('journal.view'), onClick: (row) => setOpen(row) }]}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        exporter={{ perm: 'admin:logs:export', run: journalApi.exportOperations }}
      />
      <OperationDrawer row={open} onClose={() => setOpen(undefined)} />
    </>
  );
}

function LoginLog() {
  const { t } = useTranslation(SYSTEM_NS);
  const outcome = useOutcomeFilter();
  const labels = useJournalLabels();
  const columns: ListColumn<LoginLogRow>[] = [
    { key: 'createdAt', kind: 'datetime', title: t('journal.time'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
    { key: 'account', kind: 'code', title: t('journal.account') },
    { key: 'accountKind', title: t('journal.kind'), width: 140, render: (row) => labels.kind(row.accountKind) },
    { key: 'method', title: t('journal.method'), width: 120, render: (row) => <span title={row.method}>{labels.method(row.method)}</span> },
    { key: 'outcome', kind: 'status', title: t('journal.outcome'), render: (row) => <OutcomeTag outcome={row.outcome} /> },
    // A success says it all; a failure says why.
    { key: 'reason', title: t('journal.reason'), width: 220, ellipsis: true, render: (row) => (row.outcome === 'success' ? '' : labels.reason(row.reason)) },
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
