import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Col, Form, Input, Radio, Row, Switch, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { insurerApi, type InsurerInput, type InsurerRow } from '../api';
import { PARTNER_NS } from '../locales';
import { fenToYuan, formatBp, percentToBp } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/datetime';
import { EnabledTag } from '../shared';
import { useIdentifierRules } from '../../../shared/validate/rules';

const LIST = 'partner.insurers';
const REASONS = ['VEHICLE_SCRAPPED', 'VEHICLE_TRANSFERRED', 'DUPLICATE_INSURANCE', 'OTHER'] as const;

interface AccountForm {
  id?: number;
  bankName: string;
  branchName?: string;
  accountName: string;
  accountNo?: string;
  accountNoMask?: string;
}

interface InsurerForm {
  name: string;
  code: string;
  contactName?: string;
  contactPhone?: string;
  preStartFee: string;
  dayBasis: number;
  compulsoryReasons: string[];
  enabled: boolean;
  accounts: AccountForm[];
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: number; values: InsurerForm };

/** 保险公司管理 (admin:insurance_company:table): insurers, settlement accounts, surrender rules. */
export function InsuranceCompanyPage() {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns: ListColumn<InsurerRow>[] = [
    { key: 'name', title: t('insurer.name'), sortField: 'name', width: 220 },
    { key: 'code', kind: 'code', title: t('insurer.code'), sortField: 'code' },
    {
      key: 'contact',
      title: t('insurer.contactName'),
      width: 150,
      render: (row) => (row.contactName || row.contactPhone ? `${row.contactName} ${row.contactPhone}`.trim() : t('common.none')),
    },
    {
      key: 'accounts',
      title: t('insurer.accounts'),
      render: (row) =>
        row.accounts.length === 0
          ? t('common.none')
          : row.accounts.map((a) => (
              <div key={a.id}>
                {a.bankName} · {a.accountNoMask}
              </div>
            )),
    },
    {
      key: 'rules',
      title: t('insurer.surrenderRules'),
      width: 230,
      render: (row) => (
        <>
          <div>
            {t('insurer.preStartFee')} {formatBp(row.preStartFeeBp)} · {t('insurer.days', { days: row.dayBasis })}
          </div>
          <div>
            {row.compulsoryReasons.map((r) => (
              <Tag key={r}>{t(`insurer.reasons.${r}`, { defaultValue: r })}</Tag>
            ))}
          </div>
        </>
      ),
    },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <EnabledTag enabled={row.enabled} /> },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), defaultHidden: true, sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<InsurerRow>[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:insurance_company:update',
      onClick: async (row) => {
        const detail = await insurerApi.view(row.id);
        setEditing({
          mode: 'edit',
          id: row.id,
          values: {
            name: detail.name,
            code: detail.code,
            contactName: detail.contactName,
            contactPhone: detail.contactPhone,
            preStartFee: fenToYuan(detail.preStartFeeBp),
            dayBasis: detail.dayBasis,
            compulsoryReasons: detail.compulsoryReasons,
            enabled: detail.enabled,
            accounts: detail.accounts.map((a) => ({ id: a.id, bankName: a.bankName, branchName: a.branchName, accountName: a.accountName, accountNoMask: a.accountNoMask })),
          },
        });
      },
    },
    {
      key: 'status',
      label: (row) => (row.enabled ? t('common.disable') : t('common.enable')),
      perm: 'admin:insurance_company:update',
      confirm: (row) => (row.enabled ? t('common.confirmDisable', { name: row.name }) : t('common.confirmEnable', { name: row.name })),
      onClick: async (row) => {
        await insurerApi.setEnabled(row.id, !row.enabled);
        void message.success(t('common.statusChanged'));
      },
    },
  ];

  return (
    <>
      <ListPage<InsurerRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'name', kind: 'text', label: t('insurer.name') },
          { name: 'code', kind: 'text', label: t('insurer.code') },
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
        fetchPage={insurerApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('insurer.create'), perm: 'admin:insurance_company:create', primary: true, onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:insurance_company:export', run: insurerApi.export }}
      />
      <InsurerDialog
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

function InsurerDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const creating = editing?.mode === 'create';
  const initial: Partial<InsurerForm> =
    editing?.mode === 'edit'
      ? editing.values
      : { preStartFee: '0', dayBasis: 365, compulsoryReasons: ['VEHICLE_SCRAPPED', 'DUPLICATE_INSURANCE'], enabled: true, accounts: [] };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  const rules = useIdentifierRules();

  return (
    <FormDialog<InsurerForm>
      open={editing !== null}
      title={creating ? t('insurer.createTitle') : t('insurer.editTitle')}
      width={820}
      labelWidth={150}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input: InsurerInput = {
          name: values.name.trim(),
          code: values.code.trim(),
          contactName: (values.contactName ?? '').trim(),
          contactPhone: (values.contactPhone ?? '').trim(),
          preStartFeeBp: percentToBp(values.preStartFee) ?? 0,
          dayBasis: values.dayBasis,
          compulsoryReasons: values.compulsoryReasons ?? [],
          enabled: values.enabled,
          accounts: (values.accounts ?? []).map((a) => ({
            ...(a.id ? { id: a.id } : {}),
            bankName: a.bankName.trim(),
            branchName: (a.branchName ?? '').trim(),
            accountName: a.accountName.trim(),
            ...(a.accountNo?.trim() ? { accountNo: a.accountNo.replace(/\s/g, '') } : {}),
          })),
        };
        if (editing?.mode === 'edit') await insurerApi.update(editing.id, input);
        else await insurerApi.create(input);
        onSaved();
      }}
    >
      <>
        <Row gutter={16}>
          <Col span={14}>
            <Form.Item name="name" label={t('insurer.name')} rules={[required(t('insurer.name'))]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="code" label={t('insurer.code')} labelCol={{ flex: '70px' }} rules={[required(t('insurer.code')), { pattern: /^[A-Za-z0-9_-]{2,32}$/, message: t('insurer.codeRule') }]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item name="contactName" label={t('insurer.contactName')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={10}>
            <Form.Item name="contactPhone" label={t('insurer.contactPhone')} labelCol={{ flex: '70px' }} rules={[rules.phone]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="preStartFee"
          label={t('insurer.preStartFee')}
          rules={[{ validator: async (_, v: string | undefined) => { if (percentToBp(v ?? '') === null) throw new Error(t('common.percentRule')); } }]}
        >
          <Input suffix="%" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="dayBasis" label={t('insurer.dayBasis')}>
          <Radio.Group options={[365, 360].map((d) => ({ value: d, label: t('insurer.days', { days: d }) }))} />
        </Form.Item>
        <Form.Item name="compulsoryReasons" label={t('insurer.compulsoryReasons')}>
          <Checkbox.Group options={REASONS.map((r) => ({ value: r, label: t(`insurer.reasons.${r}`) }))} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
          <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
        </Form.Item>
        <Form.List name="accounts">
          {(fields, { add, remove }) => (
            <Card size="small" title={t('insurer.accounts')} extra={<Button type="link" icon={<PlusOutlined />} onClick={() => add({ bankName: '', accountName: '' })}>{t('insurer.addAccount')}</Button>}>
              {fields.length === 0 ? <div className="bh-muted">{t('account.empty')}</div> : null}
              {fields.map((field) => (
                <AccountRow key={field.key} name={field.name} onRemove={() => remove(field.name)} />
              ))}
            </Card>
          )}
        </Form.List>
      </>
    </FormDialog>
  );
}

function AccountRow({ name, onRemove }: { name: number; onRemove: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const mask = Form.useWatch(['accounts', name, 'accountNoMask']) as string | undefined;
  const kept = Boolean(Form.useWatch(['accounts', name, 'id']));
  const rules = useIdentifierRules();
  return (
    <Row gutter={8} align="top" wrap={false}>
      <Col flex="150px">
        <Form.Item name={[name, 'bankName']} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.bankName') }) }]}>
          <Input placeholder={t('account.bankName')} maxLength={64} />
        </Form.Item>
      </Col>
      <Col flex="150px">
        <Form.Item name={[name, 'branchName']}>
          <Input placeholder={t('account.branchName')} maxLength={128} />
        </Form.Item>
      </Col>
      <Col flex="170px">
        <Form.Item name={[name, 'accountName']} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('account.accountName') }) }]}>
          <Input placeholder={t('account.accountName')} maxLength={128} />
        </Form.Item>
      </Col>
      <Col flex="auto">
        <Form.Item
          name={[name, 'accountNo']}
          rules={[
            { required: !kept, message: t('common.required', { label: t('account.accountNo') }) },
            rules.accountNo,
          ]}
        >
          <Input placeholder={kept ? `${mask ?? ''}（${t('common.keepNumber')}）` : t('account.accountNo')} maxLength={40} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col flex="32px">
        <Tooltip title={t('common.disable')}>
          <Button type="text" danger icon={<MinusCircleOutlined />} onClick={onRemove} aria-label="remove" />
        </Tooltip>
      </Col>
    </Row>
  );
}
