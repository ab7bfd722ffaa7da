import { Alert, App, Form, Input, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuiltInName } from '../../../shared/builtin/names';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { templateApi, type TemplateRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { StatusTag } from '../StatusTag';
import { fillPlaceholders, placeholder, scanPlaceholders, type PlaceholderError } from '../../../shared/format/placeholder';
import { useIdentifierRules } from '../../../shared/validate/rules';

const LIST = 'system.message';
const PAGE_PERM = 'admin:config:sms';
const LOGIN_CODE = 'LOGIN_CODE';

interface TemplateForm {
  code: string;
  name: string;
  content: string;
  providerTemplateId: string;
  enabled: boolean;
}

interface TestForm {
  mobile: string;
  params: Record<string, string>;
}

type Editing = { mode: 'create' } | { mode: 'edit'; row: TemplateRow };

/** 短信模板配置 (admin:config:sms): SMS templates with {placeholders}, and a test send. */
export function MessagePage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const builtIn = useBuiltInName();
  const name = (row: TemplateRow) => builtIn('smsTemplate', row.code, row.name);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [testing, setTesting] = useState<TemplateRow | null>(null);

  const columns: ListColumn<TemplateRow>[] = [
    { key: 'code', kind: 'code', title: t('message.code'), sortField: 'code' },
    { key: 'name', title: t('message.name'), width: 140, render: name },
    { key: 'content', title: t('message.content'), ellipsis: true },
    {
      key: 'providerTemplateId',
      title: t('message.providerTemplateId'),
      width: 150,
      render: (row) => row.providerTemplateId || <Typography.Text type="secondary">{t('message.notRegistered')}</Typography.Text>,
    },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <StatusTag enabled={row.enabled} /> },
  ];

  const actions: RowAction<TemplateRow>[] = [
    { key: 'edit', label: t('common.edit'), perm: PAGE_PERM, onClick: (row) => setEditing({ mode: 'edit', row }) },
    { key: 'test', label: t('message.test'), perm: PAGE_PERM, hidden: (row) => !row.enabled, onClick: (row) => setTesting(row) },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: PAGE_PERM,
      danger: true,
      // The server keeps the sign-in code template: the action says so instead of disappearing.
      disabled: (row) => (row.code === LOGIN_CODE ? t('message.loginCodeKept') : undefined),
      confirm: (row) => t('common.confirmDelete', { name: name(row) }),
      onClick: async (row) => {
        await templateApi.remove(row.id);
        void message.success(t('common.deleted'));
      },
    },
  ];

  return (
    <>
      <ListPage<TemplateRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'keyword', kind: 'text', label: t('message.keyword'), width: 180 },
          {
            name: 'enabled',
            kind: 'boolean',
            label: t('common.status'),
            options: [
              { value: 'true', label: t('common.enabled') },
              { value: 'false', label: t('common.disabled') },
            ],
          },
        ]}
        fetchPage={templateApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'asc' }}
        toolbar={[{ key: 'create', label: t('message.create'), perm: PAGE_PERM, onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:config:sms_export', run: templateApi.export }}
      />
      <TemplateDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
      <TestDialog template={testing} onClose={() => setTesting(null)} />
    </>
  );
}

function TemplateDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  const placeholderMessage = (error: PlaceholderError): string => {
    switch (error.kind) {
      case 'unbalanced':
        return t('message.unbalanced');
      case 'badName':
        return t('message.badName', { name: placeholder(error.name) });
      case 'singleBraces':
        return t('message.singleBraces', { double: placeholder(error.name), single: `{${error.name}}` });
    }
  };
  const creating = editing?.mode === 'create';
  const initial: Partial<TemplateForm> =
    editing?.mode === 'edit'
      ? { code: editing.row.code, name: editing.row.name, content: editing.row.content, providerTemplateId: editing.row.providerTemplateId, enabled: editing.row.enabled }
      : { enabled: true, providerTemplateId: '', content: '' };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  return (
    <FormDialog<TemplateForm>
      open={editing !== null}
      title={creating ? t('message.createTitle') : t('message.editTitle')}
      width={620}
      initialValues={initial}
      onClose={onClose}
      labelWidth={120}
      onSubmit={async (values) => {
        if (editing?.mode === 'edit') await templateApi.update(editing.row.id, { ...values, code: editing.row.code });
        else await templateApi.create(values);
        onSaved();
      }}
    >
      <Form.Item
        name="code"
        label={t('message.code')}
        rules={[required(t('message.code')), { pattern: /^[A-Z][A-Z0-9_]{1,63}$/, message: t('message.codeRule') }]}
        extra={creating ? t('message.codeRule') : undefined}
      >
        <Input disabled={!creating} placeholder="ORDER_PASSED" />
      </Form.Item>
      <Form.Item name="name" label={t('message.name')} rules={[required(t('message.name')), { max: 64, message: t('common.maxLength', { label: t('message.name'), max: 64 }) }]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('message.content')}
        extra={t('message.contentHint', { example: placeholder('orderNo') })}
        rules={[
          required(t('message.content')),
          { max: 500, message: t('common.maxLength', { label: t('message.content'), max: 500 }) },
          {
            validator: async (_, value: string | undefined) => {
              const parsed = scanPlaceholders(value ?? '', 'word');
              if ('error' in parsed) throw new Error(placeholderMessage(parsed.error));
            },
          },
        ]}
      >
        <Input.TextArea rows={4} showCount maxLength={500} placeholder="您的订单{{orderNo}}已审核通过。" />
      </Form.Item>
      <Form.Item
        name="providerTemplateId"
        label={t('message.providerTemplateId')}
        extra={t('message.providerTemplateIdHint')}
        rules={[{ pattern: /^[A-Za-z0-9_-]{0,64}$/, message: t('message.providerTemplateIdHint') }]}
      >
        <Input placeholder="SMS_123456" />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

function TestDialog({ template, onClose }: { template: TemplateRow | null; onClose: () => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const rules = useIdentifierRules();
  const builtIn = useBuiltInName();
  const parsed = scanPlaceholders(template?.content ?? '', 'word');
  const names = 'names' in parsed ? parsed.names : [];
  const [values, setValues] = useState<Record<string, string>>({});
  return (
    <FormDialog<TestForm>
      open={template !== null}
      title={t('message.testTitle', { name: template ? builtIn('smsTemplate', template.code, template.name) : '' })}
      width={560}
      okText={t('message.send')}
      initialValues={{ mobile: '', params: {} }}
      onClose={() => {
        setValues({});
        onClose();
      }}
      onSubmit={async (form) => {
        if (!template) return;
        const result = await templateApi.test(template.id, { mobile: form.mobile, params: form.params });
        if (result.success) void message.success(t('message.sent'));
        else void message.error(t('message.sendFailed', { message: result.message }));
        setValues({});
      }}
    >
      <Alert type="info" title={fillPlaceholders(template?.content ?? '', values)} style={{ marginBottom: 16 }} data-testid="sms-preview" />
      <Form.Item
        name="mobile"
        label={t('message.mobile')}
        rules={[
          { required: true, message: t('common.required', { label: t('message.mobile') }) },
          rules.mobile,
        ]}
      >
        <Input maxLength={11} placeholder="13800138000" />
      </Form.Item>
      {names.map((name) => (
        <Form.Item key={name} name={['params', name]} label={name} rules={[{ required: true, whitespace: true, message: t('message.paramRequired', { name }) }]}>
          <Input onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} />
        </Form.Item>
      ))}
    </FormDialog>
  );
}
