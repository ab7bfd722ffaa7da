import { useQuery } from '@tanstack/react-query';
import { Alert, App, Col, DatePicker, Drawer, Empty, Form, Input, Progress, Radio, Row, Select, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/errors';
import { newIdempotencyKey } from '../../../shared/api/request';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { useBuiltInName } from '../../../shared/builtin/names';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import { useViewParam } from '../../../shared/crud/useViewParam';
import '../../../shared/crud/locales';
import { DictSelect } from '../../../shared/dictionary/DictSelect';
import { noticeSendApi, noticeTemplateApi, type BatchRow, type CustomerFilter, type RecipientRow } from '../api';
import { OPERATE_NS } from '../locales';
import { fillPlaceholders } from '../../../shared/format/placeholder';
import { formatDateTime } from '../../../shared/format/datetime';
import { customerVariableKey, isCustomerVariable, withLabels } from '../variables';

const LIST = 'operate.noticeSend';

interface SendForm {
  templateId?: number;
  params?: Record<string, string>;
  mode: 'CUSTOMERS' | 'FILTER';
  customerIds?: number[];
  name?: string;
  kind?: string;
  status?: string;
  created?: [Dayjs | null, Dayjs | null] | null;
}

function filterOf(values: Partial<SendForm>): CustomerFilter {
  const [from, to] = values.created ?? [null, null];
  return {
    name: values.name?.trim() || null,
    kind: values.kind ?? null,
    status: values.status ?? null,
    createdFrom: from ? from.startOf('day').valueOf() : null,
    createdTo: to ? to.endOf('day').valueOf() : null,
  };
}

function BatchProgress({ row }: { row: BatchRow }) {
  const running = row.status === 'RUNNING';
  return <Progress percent={row.percent} size="small" status={running ? 'active' : row.failed > 0 ? 'exception' : 'success'} />;
}

/** 通知管理 (admin:notice_send:table): send notices and follow their delivery. */
export function NoticeSendPage() {
  const { t } = useTranslation(OPERATE_NS);
  const customerLabel = useCustomerLabel();
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const builtIn = useBuiltInName();
  const [sending, setSending] = useState(false);
  // The batch shown in the drawer, in the URL (?view=<id>): a reload or a shared link opens it.
  const watching = useViewParam();

  const columns: ListColumn<BatchRow>[] = [
    { key: 'id', kind: 'code', title: t('send.batchNo'), sortField: 'id' },
    {
      key: 'template',
      title: t('send.template'),
      ellipsis: true,
      render: (row) => (
        <span title={withLabels(row.content, customerLabel)}>
          {builtIn('noticeTemplate', row.templateCode, row.templateName)} <Typography.Text type="secondary">{row.templateCode}</Typography.Text>
        </span>
      ),
    },
    { key: 'channel', kind: 'status', title: t('notice.channel'), width: 140, render: (row) => <Tag color={row.channel === 'SMS' ? 'blue' : 'purple'}>{t(`notice.channels.${row.channel}`)}</Tag> },
    { key: 'status', kind: 'status', title: t('common.status'), render: (row) => <Tag color={row.status === 'RUNNING' ? 'processing' : 'green'}>{t(`send.statuses.${row.status}`)}</Tag> },
    { key: 'total', title: t('send.total'), width: 80, align: 'right' },
    { key: 'sent', title: t('send.sent'), width: 80, align: 'right' },
    { key: 'failed', title: t('send.failed'), width: 80, align: 'right', render: (row) => (row.failed > 0 ? <Typography.Text type="danger">{row.failed}</Typography.Text> : 0) },
    { key: 'percent', optional: true, title: t('send.progress'), width: 160, render: (row) => <BatchProgress row={row} /> },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];
  const actions: RowAction<BatchRow>[] = [
    { key: 'detail', label: t('send.detail'), perm: 'admin:notice_send:table', onClick: (row) => watching.open(row.id) },
    {
      key: 'retry',
      label: t('send.retry'),
      perm: 'admin:notice_send:retry',
      hidden: (row) => row.failed === 0,
      confirm: (row) => t('send.confirmRetry', { count: row.failed }),
      onClick: async (row) => {
        const result = await noticeSendApi.retry(row.id);
        void message.success(t('send.retried', { count: result.requeued }));
        watching.open(row.id);
      },
    },
  ];
  return (
    <>
      <ListPage<BatchRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'keyword', kind: 'text', label: t('common.keyword'), width: 160 },
          { name: 'channel', kind: 'choice', label: t('notice.channel'), width: 110, options: ['SMS', 'IN_APP'].map((c) => ({ value: c, label: t(`notice.channels.${c}`) })) },
          { name: 'status', kind: 'choice', label: t('common.status'), width: 110, options: ['RUNNING', 'FINISHED'].map((s) => ({ value: s, label: t(`send.statuses.${s}`) })) },
          { name: 'time', kind: 'range', label: t('common.createdAt') },
        ]}
        fetchPage={noticeSendApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'desc' }}
        toolbar={[{ key: 'send', label: t('send.create'), perm: 'admin:notice_send:create', onClick: () => setSending(true) }]}
        exporter={{ perm: 'admin:notice_send:export', run: noticeSendApi.export }}
      />
      <SendDialog
        open={sending}
        onClose={() => setSending(false)}
        onSent={(batch) => {
          void message.success(t('send.queued', { total: batch.total }));
          void reload();
          watching.open(batch.id);
        }}
      />
      <BatchDrawer id={watching.id} onClose={watching.close} onFinished={() => void reload()} />
    </>
  );
}

/** A customer variable's label (客户姓名/名称): previews show it where each customer's own value goes. */
function useCustomerLabel(): (name: string) => string | undefined {
  const { t } = useTranslation(OPERATE_NS);
  return (name) => (isCustomerVariable(name) ? t(customerVariableKey(name)) : undefined);
}

function SendDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: (batch: BatchRow) => void }) {
  const { t } = useTranslation(OPERATE_NS);
  const customerLabel = useCustomerLabel();
  const builtIn = useBuiltInName();
  const templates = useQuery({ queryKey: ['operate', 'notice', 'options'], queryFn: noticeTemplateApi.options, enabled: open });
  // One key per opened dialog, kept while a send gets no answer (a retry is the same send);
  // a new one after the server answered a refusal, since the corrected form is another send.
  const key = useRef(newIdempotencyKey());
  useEffect(() => {
    if (open) key.current = newIdempotencyKey();
  }, [open]);
  return (
    <FormDialog<SendForm>
      open={open}
      title={t('send.title')}
      width={760}
      labelWidth={110}
      okText={t('send.create')}
      initialValues={{ mode: 'FILTER', status: 'ENABLED', params: {} }}
      onClose={onClose}
      onSubmit={async (values) => {
        let batch: BatchRow;
        try {
          batch = await noticeSendApi.send(
            {
              templateId: values.templateId ?? 0,
              params: values.params ?? {},
              mode: values.mode,
              customerIds: values.mode === 'CUSTOMERS' ? (values.customerIds ?? []) : [],
              filter: values.mode === 'FILTER' ? filterOf(values) : null,
            },
            key.current,
          );
        } catch (error) {
          if (error instanceof ApiError && error.kind === 'business') key.current = newIdempotencyKey();
          throw error;
        }
        onSent(batch);
      }}
    >
      {(form) => (
        <>
          <Form.Item name="templateId" label={t('send.template')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('send.template') }) }]}>
            <Select
              data-testid="send-template"
              loading={templates.isFetching}
              options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: `${builtIn('noticeTemplate', tpl.code, tpl.name)}（${t(`notice.channels.${tpl.channel}`)}）` }))}
            />
          </Form.Item>
          <Form.Item noStyle shouldUpdate>
            {() => {
              const template = templates.data?.find((tpl) => tpl.id === form.getFieldValue('templateId'));
              if (!template) return null;
              const values: Record<string, string> = form.getFieldValue('params') ?? {};
              return (
                <>
                  {template.params.map((name) => (
                    <Form.Item
                      key={name}
                      name={['params', name]}
                      label={name}
                      rules={[{ required: true, whitespace: true, message: t('common.required', { label: name }) }, { max: 64 }]}
                    >
                      <Input />
                    </Form.Item>
                  ))}
                  <Form.Item label={t('send.preview')}>
                    <Alert type="info" title={withLabels(fillPlaceholders(template.content, values), customerLabel)} data-testid="send-preview" />
                  </Form.Item>
                </>
              );
            }}
          </Form.Item>
          <Form.Item name="mode" label={t('send.target')}>
            <Radio.Group optionType="button" options={(['FILTER', 'CUSTOMERS'] as const).map((m) => ({ value: m, label: t(`send.modes.${m}`) }))} />
          </Form.Item>
          <Form.Item noStyle shouldUpdate={(a: SendForm, b: SendForm) => a.mode !== b.mode}>
            {({ getFieldValue }) => (getFieldValue('mode') === 'CUSTOMERS' ? <CustomerPicker /> : <FilterFields />)}
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

function CustomerPicker() {
  const { t } = useTranslation(OPERATE_NS);
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['operate', 'notice', 'customers', search],
    queryFn: () => noticeSendApi.customers({ name: search, size: 30 }),
  });
  return (
    <Form.Item
      name="customerIds"
      label={t('send.customers')}
      extra={t('send.customersHint')}
      rules={[{ required: true, message: t('common.requiredChoice', { label: t('send.customers') }) }]}
    >
      <Select
        mode="multiple"
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={found.isFetching}
        options={(found.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name}（${c.mobileMask}）` }))}
      />
    </Form.Item>
  );
}

function FilterFields() {
  const { t } = useTranslation(OPERATE_NS);
  const form = Form.useFormInstance<SendForm>();
  const name = Form.useWatch('name', form);
  const kind = Form.useWatch('kind', form);
  const status = Form.useWatch('status', form);
  const created = Form.useWatch('created', form);
  const filter = filterOf({ name, kind, status, created });
  const [debounced, setDebounced] = useState(filter);
  const key = JSON.stringify(filter);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(JSON.parse(key) as CustomerFilter), 300);
    return () => window.clearTimeout(timer);
  }, [key]);
  const matching = useQuery({
    queryKey: ['operate', 'notice', 'matching', debounced],
    queryFn: () => noticeSendApi.customers({ ...debounced, size: 1 }),
  });
  return (
    <>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item name="name" label={t('send.filterName')}>
            <Input allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="kind" label={t('send.kind')}>
            {/* The customer screens' kinds: the data dictionary's items. */}
            <DictSelect type="customer_kind" allowClear />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="status" label={t('send.customerStatus')}>
            <Select allowClear options={['ENABLED', 'DISABLED'].map((s) => ({ value: s, label: t(`send.customerStatuses.${s}`) }))} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="created" label={t('send.created')}>
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label=" " colon={false}>
        <Typography.Text strong data-testid="send-matching">
          {t('send.matching', { count: matching.data?.total ?? 0 })}
        </Typography.Text>
      </Form.Item>
    </>
  );
}

/** A batch's progress, polled while it runs, and its recipients. */
function BatchDrawer({ id, onClose, onFinished }: { id: number | null; onClose: () => void; onFinished: () => void }) {
  const { t } = useTranslation(OPERATE_NS);
  const customerLabel = useCustomerLabel();
  const { message, modal } = App.useApp();
  const held = usePermissions();
  const builtIn = useBuiltInName();
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const batch = useQuery({
    queryKey: ['operate', 'notice', 'batch', id],
    queryFn: () => noticeSendApi.view(id ?? 0),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? 1000 : false),
  });
  const running = batch.data?.status === 'RUNNING';
  const recipients = useQuery({
    queryKey: ['operate', 'notice', 'recipients', id, status, page, batch.data?.sent, batch.data?.failed],
    queryFn: () => noticeSendApi.recipients(id ?? 0, { page, size: 10, ...(status ? { status } : {}) }),
    enabled: id !== null,
  });
  const [wasRunning, setWasRunning] = useState(false);
  if (running !== wasRunning) {
    setWasRunning(running);
    if (!running && wasRunning) onFinished();
  }
  const data = batch.data;
  return (
    <Drawer open={id !== null} onClose={onClose} size={820} title={t('send.detailTitle', { id: id ?? '' })} destroyOnHidden>
      {data ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <div>
            <Typography.Text strong>
              {builtIn('noticeTemplate', data.templateCode, data.templateName)}（{t(`notice.channels.${data.channel}`)}）
            </Typography.Text>{' '}
            <Tag color={running ? 'processing' : 'green'} data-testid="batch-status">
              {t(`send.statuses.${data.status}`)}
            </Tag>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {withLabels(fillPlaceholders(data.content, data.params), customerLabel)}
            </Typography.Paragraph>
          </div>
          <Progress percent={data.percent} status={running ? 'active' : data.failed > 0 ? 'exception' : 'success'} data-testid="batch-progress" />
          <Row gutter={16}>
            <Col span={6}>
              <Statistic title={t('send.total')} value={data.total} />
            </Col>
            <Col span={6}>
              <Statistic title={t('send.sent')} value={data.sent} styles={{ content: { color: '#389e0d' } }} />
            </Col>
            <Col span={6}>
              <Statistic title={t('send.failed')} value={data.failed} styles={{ content: { color: data.failed > 0 ? '#cf1322' : undefined } }} />
            </Col>
            <Col span={6}>
              <Statistic title={t('send.pending')} value={data.pending} />
            </Col>
          </Row>
          <Space>
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder={t('common.status')}
              value={status}
              onChange={(value: string | undefined) => {
                setStatus(value);
                setPage(1);
              }}
              options={['QUEUED', 'SENT', 'FAILED'].map((s) => ({ value: s, label: t(`send.recipientStatus.${s}`) }))}
            />
            {hasPermission('admin:notice_send:retry', held) && data.failed > 0 && !running ? (
              <a
                onClick={() =>
                  modal.confirm({
                    title: t('send.confirmRetry', { count: data.failed }),
                    onOk: async () => {
                      const result = await noticeSendApi.retry(data.id);
                      void message.success(t('send.retried', { count: result.requeued }));
                      void batch.refetch();
                    },
                  })
                }
              >
                {t('send.retry')}
              </a>
            ) : null}
          </Space>
          <Table<RecipientRow>
            rowKey="id"
            size="small"
            loading={recipients.isFetching && !recipients.data}
            dataSource={recipients.data?.records ?? []}
            pagination={{ current: page, pageSize: 10, total: recipients.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
            columns={[
              { key: 'name', title: t('send.recipient'), dataIndex: 'customerName', width: 140 },
              { key: 'mobile', title: t('send.mobile'), dataIndex: 'mobileMask', width: 130 },
              {
                key: 'status',
                title: t('common.status'),
                width: 90,
                render: (_, row) => (
                  <Tag color={row.status === 'SENT' ? 'green' : row.status === 'FAILED' ? 'red' : 'default'}>{t(`send.recipientStatus.${row.status}`)}</Tag>
                ),
              },
              { key: 'attempts', title: t('send.attempts'), dataIndex: 'attempts', width: 80 },
              { key: 'reason', title: t('send.reason'), ellipsis: true, render: (_, row) => <span title={row.reason}>{row.reason || '—'}</span> },
              { key: 'sentAt', title: t('send.sentAt'), width: 170, render: (_, row) => formatDateTime(row.sentAt) },
            ]}
          />
        </Space>
      ) : batch.isError ? (
        <Empty description={t('send.notFound')} />
      ) : null}
    </Drawer>
  );
}
