import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Input, Radio, Row, Select, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuiltInName } from '../../../shared/builtin/names';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { noticeTemplateApi, type NoticeTemplateRow } from '../api';
import { OPERATE_NS } from '../locales';
import { placeholder, scanPlaceholders, type PlaceholderError } from '../../../shared/format/placeholder';
import { formatDateTime } from '../../../shared/format/datetime';
import { EnabledTag } from '../tags';
import { UsedVariables, VariablePalette, type UsedVariable } from '../VariablePalette';
import { useInsertAtCursor } from '../useInsertAtCursor';
import { CUSTOMER_VARIABLES, customerVariableKey, isCustomerVariable, withLabels } from '../variables';

const LIST = 'operate.noticeTemplate';

interface NoticeForm {
  code: string;
  name: string;
  channel: 'SMS' | 'IN_APP';
  content: string;
  smsTemplateId?: number | null;
  enabled: boolean;
}

type Editing = { mode: 'create' } | { mode: 'edit'; row: NoticeTemplateRow };

/** 通知模板 (admin:notice_template:table): SMS and in-app notices for customers. */
export function NoticeTemplatePage() {
  const { t } = useTranslation(OPERATE_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const builtIn = useBuiltInName();
  const name = (row: NoticeTemplateRow) => builtIn('noticeTemplate', row.code, row.name);
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns: ListColumn<NoticeTemplateRow>[] = [
    { key: 'code', kind: 'code', title: t('common.code'), sortField: 'code', width: 170 },
    { key: 'name', title: t('common.name'), width: 150, render: name },
    {
      key: 'channel',
      kind: 'status',
      title: t('notice.channel'),
      width: 140,
      render: (row) => <Tag color={row.channel === 'SMS' ? 'blue' : 'purple'}>{t(`notice.channels.${row.channel}`, { defaultValue: row.channel })}</Tag>,
    },
    // The text as people read it: 【客户姓名/名称】, not {{customer.name}}.
    { key: 'content', title: t('notice.content'), ellipsis: true, render: (row) => withLabels(row.content, (name) => (isCustomerVariable(name) ? t(customerVariableKey(name)) : undefined)) },
    {
      key: 'sms',
      title: t('notice.smsTemplate'),
      width: 160,
      render: (row) => (row.smsTemplateCode ? <span title={builtIn('smsTemplate', row.smsTemplateCode, row.smsTemplateName ?? '')}>{row.smsTemplateCode}</span> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <EnabledTag enabled={row.enabled} /> },
    { key: 'updatedAt', optional: true, kind: 'datetime', title: t('common.updatedAt'), sortField: 'updatedAt', render: (row) => formatDateTime(row.updatedAt) },
  ];
  const actions: RowAction<NoticeTemplateRow>[] = [
    { key: 'edit', label: t('common.edit'), perm: 'admin:notice_template:update', onClick: (row) => setEditing({ mode: 'edit', row }) },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: 'admin:notice_template:delete',
      danger: true,
      // A sent template is kept for its batches (the server answers 409): it can only be disabled.
      disabled: (row) => (row.sent ? t('notice.sentKept') : undefined),
      confirm: (row) => t('common.confirmDelete', { name: name(row) }),
      onClick: async (row) => {
        await noticeTemplateApi.remove(row.id);
        void message.success(t('common.deleted'));
      },
    },
  ];
  return (
    <>
      <ListPage<NoticeTemplateRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'keyword', kind: 'text', label: t('common.keyword'), width: 180 },
          { name: 'channel', kind: 'choice', label: t('notice.channel'), width: 120, options: ['SMS', 'IN_APP'].map((c) => ({ value: c, label: t(`notice.channels.${c}`) })) },
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
        fetchPage={noticeTemplateApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('notice.create'), perm: 'admin:notice_template:create', onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:notice_template:export', run: noticeTemplateApi.export }}
      />
      <NoticeDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
    </>
  );
}

function NoticeDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(OPERATE_NS);
  const builtIn = useBuiltInName();
  const sms = useQuery({ queryKey: ['operate', 'notice', 'sms-options'], queryFn: noticeTemplateApi.smsOptions, enabled: editing !== null });
  const row = editing?.mode === 'edit' ? editing.row : null;
  const initial: Partial<NoticeForm> = row
    ? { code: row.code, name: row.name, channel: row.channel as NoticeForm['channel'], content: row.content, smsTemplateId: row.smsTemplateId, enabled: row.enabled }
    : { channel: 'IN_APP', enabled: true, content: '', smsTemplateId: null };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  return (
    <FormDialog<NoticeForm>
      open={editing !== null}
      title={row ? t('notice.editTitle') : t('notice.createTitle')}
      width={800}
      labelWidth={110}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = { ...values, smsTemplateId: values.channel === 'SMS' ? (values.smsTemplateId ?? null) : null, code: row?.code ?? values.code };
        if (row) await noticeTemplateApi.update(row.id, input);
        else await noticeTemplateApi.create(input);
        onSaved();
      }}
    >
      <Form.Item name="code" label={t('common.code')} rules={[required(t('common.code')), { pattern: /^[A-Z][A-Z0-9_]{1,63}$/, message: t('common.codeRule') }]}>
        <Input disabled={row !== null} placeholder="POLICY_DUE" />
      </Form.Item>
      <Form.Item name="name" label={t('common.name')} rules={[required(t('common.name')), { max: 64 }]}>
        <Input placeholder="保单到期提醒" />
      </Form.Item>
      <Form.Item name="channel" label={t('notice.channel')}>
        <Radio.Group optionType="button" options={['IN_APP', 'SMS'].map((c) => ({ value: c, label: t(`notice.channels.${c}`) }))} />
      </Form.Item>
      <ContentEditor />
      <Form.Item noStyle shouldUpdate={(a: NoticeForm, b: NoticeForm) => a.channel !== b.channel}>
        {({ getFieldValue }) =>
          getFieldValue('channel') === 'SMS' ? (
            <Form.Item
              name="smsTemplateId"
              label={t('notice.smsTemplate')}
              extra={t('notice.smsTemplateHint', { example: placeholder('customer_name') })}
              rules={[{ required: true, message: t('common.requiredChoice', { label: t('notice.smsTemplate') }) }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={sms.isFetching}
                options={(sms.data ?? []).map((s) => ({ value: s.id, label: `${builtIn('smsTemplate', s.code, s.name)}（${s.code}）`, title: s.content }))}
              />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * The notice text with the customer variables beside it, labelled by what they mean (客户姓名/名称):
 * a click writes `{{customer.name}}` at the cursor. Under the text, the variables it uses by label;
 * any other placeholder is a value the sender types in.
 */
function ContentEditor() {
  const { t } = useTranslation(OPERATE_NS);
  const form = Form.useFormInstance<NoticeForm>();
  const [area, insert] = useInsertAtCursor(form, 'content');
  const label = (name: string) => (isCustomerVariable(name) ? t(customerVariableKey(name)) : undefined);
  const placeholderMessage = (error: PlaceholderError): string => {
    switch (error.kind) {
      case 'unbalanced':
        return t('notice.unbalanced');
      case 'badName':
        return t('notice.badName', { name: placeholder(error.name) });
      case 'singleBraces':
        return t('notice.singleBraces', { double: placeholder(error.name), single: `{${error.name}}` });
    }
  };
  const used = (content: string): UsedVariable[] => {
    const parsed = scanPlaceholders(content, 'dotted');
    if (!('names' in parsed)) return [];
    return parsed.names.map((name) => ({ name, label: label(name) ?? t('notice.sendParam', { name }) }));
  };
  return (
    <Row gutter={16} wrap={false}>
      <Col flex="auto">
        <Form.Item
          name="content"
          label={t('notice.content')}
          extra={
            <>
              {t('notice.contentHint', { example: placeholder('dueDate') })}
              <UsedVariables title={t('notice.used')} field="content" of={used} />
            </>
          }
          rules={[
            { required: true, whitespace: true, message: t('common.required', { label: t('notice.content') }) },
            { max: 1000 },
            {
              validator: async (_, value: string | undefined) => {
                const parsed = scanPlaceholders(value ?? '', 'dotted');
                if ('error' in parsed) throw new Error(placeholderMessage(parsed.error));
              },
            },
          ]}
        >
          <Input.TextArea ref={area} rows={5} showCount maxLength={1000} placeholder="尊敬的{{customer.name}}，您的保单将于{{dueDate}}到期，请及时续保。" />
        </Form.Item>
      </Col>
      <Col flex="190px">
        <VariablePalette
          testId="notice-variables"
          title={t('notice.variables')}
          hint={t('notice.variablesHint')}
          variables={CUSTOMER_VARIABLES.map((name) => ({ name, label: t(customerVariableKey(name)), detail: placeholder(name) }))}
          onPick={(name) => insert(placeholder(name))}
        />
      </Col>
    </Row>
  );
}
