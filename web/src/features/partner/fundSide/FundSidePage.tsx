import { App, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { providerApi, type ProviderInput, type ProviderRow } from '../api';
import { PARTNER_NS } from '../locales';
import { fenToYuan, formatBp, formatYuan, percentToBp, yuanToFen } from '../../../shared/format/money';
import { formatDateTime } from '../../../shared/format/datetime';
import { ProviderStatusTag } from '../shared';
import { ProviderDrawer } from './ProviderDrawer';
import { useViewParam } from '../../../shared/crud/useViewParam';
import { useIdentifierRules } from '../../../shared/validate/rules';

export const PROVIDER_LIST = 'partner.providers';
const KINDS = ['BANK', 'CONSUMER_FINANCE', 'MICRO_LOAN', 'FACTORING', 'TRUST'];
const GUARANTEES = ['NONE', 'PLATFORM_ADVANCE_AFTER_N_DAYS', 'BUYBACK'];
const CYCLES = ['T+0', 'T+1', 'MONTHLY'];
const ACCEPT = ['AUTO', 'MANUAL'];

interface ProviderForm {
  name: string;
  kind: string;
  creditLimit: string;
  costRate: string;
  penaltyShare: string;
  guaranteeMode: string;
  advanceAfterDays: number;
  settlementCycle: string;
  acceptMode: string;
  contactName?: string;
  contactPhone?: string;
  notifyMobile?: string;
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: number; values: ProviderForm };

/** 资金方管理 (admin:capital_company:table): capital providers, their accounts, users and e-signature account. */
export function FundSidePage() {
  const { t } = useTranslation(PARTNER_NS);
  const { message } = App.useApp();
  const reload = useListReload(PROVIDER_LIST);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The provider shown in the drawer, in the URL (?view=<id>): a reload or a shared link opens it.
  const viewing = useViewParam();

  const setStatus = async (row: ProviderRow, status: string) => {
    await providerApi.setStatus(row.id, status);
    void message.success(t('common.statusChanged'));
  };

  const columns: ListColumn<ProviderRow>[] = [
    { key: 'name', title: t('provider.name'), sortField: 'name', width: 220, render: (row) => <a onClick={() => viewing.open(row.id)}>{row.name}</a> },
    { key: 'kind', optional: true, title: t('provider.kind'), width: 130, render: (row) => t(`provider.kinds.${row.kind}`, { defaultValue: row.kind }) },
    { key: 'status', kind: 'status', title: t('common.status'), render: (row) => <ProviderStatusTag status={row.status} /> },
    { key: 'creditLimitFen', kind: 'money', title: t('provider.creditLimit'), sortField: 'creditLimitFen', render: (row) => formatYuan(row.creditLimitFen) },
    { key: 'creditAvailableFen', kind: 'money', title: t('provider.creditAvailable'), render: (row) => formatYuan(row.creditAvailableFen) },
    { key: 'costRateBp', optional: true, title: t('provider.costRate'), width: 110, align: 'right', render: (row) => formatBp(row.costRateBp) },
    { key: 'settlementCycle', title: t('provider.settlementCycle'), defaultHidden: true, width: 90, render: (row) => t(`provider.cycles.${row.settlementCycle}`, { defaultValue: row.settlementCycle }) },
    { key: 'acceptMode', title: t('provider.acceptMode'), defaultHidden: true, width: 100, render: (row) => t(`provider.acceptModes.${row.acceptMode}`, { defaultValue: row.acceptMode }) },
    { key: 'contact', title: t('provider.contactName'), defaultHidden: true, width: 160, render: (row) => `${row.contactName} ${row.notifyMobile}`.trim() || t('common.none') },
    { key: 'userCount', title: t('provider.userCount'), defaultHidden: true, width: 70, align: 'right' },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), defaultHidden: true, sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<ProviderRow>[] = [
    { key: 'detail', label: t('common.detail'), onClick: (row) => viewing.open(row.id) },
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:capital_company:update',
      hidden: (row) => row.status === 'TERMINATED',
      onClick: async (row) => {
        const d = await providerApi.view(row.id);
        setEditing({
          mode: 'edit',
          id: row.id,
          values: {
            name: d.name,
            kind: d.kind,
            creditLimit: fenToYuan(d.creditLimitFen),
            costRate: fenToYuan(d.costRateBp),
            penaltyShare: fenToYuan(d.penaltyShareBp),
            guaranteeMode: d.guaranteeMode,
            advanceAfterDays: d.advanceAfterDays,
            settlementCycle: d.settlementCycle,
            acceptMode: d.acceptMode,
            contactName: d.contactName,
            contactPhone: d.contactPhone,
            notifyMobile: d.notifyMobile,
          },
        });
      },
    },
    {
      key: 'pause',
      label: t('provider.pause'),
      perm: 'admin:capital_company:status',
      hidden: (row) => row.status !== 'ACTIVE',
      confirm: (row) => t('provider.confirmPause', { name: row.name }),
      onClick: (row) => setStatus(row, 'PAUSED'),
    },
    {
      key: 'resume',
      label: t('provider.resume'),
      perm: 'admin:capital_company:status',
      hidden: (row) => row.status !== 'PAUSED',
      confirm: (row) => t('provider.confirmResume', { name: row.name }),
      onClick: (row) => setStatus(row, 'ACTIVE'),
    },
    {
      key: 'terminate',
      label: t('provider.terminate'),
      perm: 'admin:capital_company:status',
      danger: true,
      hidden: (row) => row.status === 'TERMINATED',
      confirm: (row) => t('provider.confirmTerminate', { name: row.name }),
      onClick: (row) => setStatus(row, 'TERMINATED'),
    },
  ];

  return (
    <>
      <ListPage<ProviderRow>
        listKey={PROVIDER_LIST}
        columns={columns}
        filters={[
          { name: 'name', kind: 'text', label: t('provider.name') },
          { name: 'kind', kind: 'choice', label: t('provider.kind'), options: KINDS.map((k) => ({ value: k, label: t(`provider.kinds.${k}`) })) },
          { name: 'status', kind: 'choice', label: t('common.status'), options: ['ACTIVE', 'PAUSED', 'TERMINATED'].map((s) => ({ value: s, label: t(`provider.statuses.${s}`) })) },
        ]}
        fetchPage={providerApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('provider.create'), perm: 'admin:capital_company:create', primary: true, onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:capital_company:export', run: providerApi.export }}
      />
      <ProviderDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
      <ProviderDrawer providerId={viewing.id} onClose={viewing.close} onChanged={() => void reload()} />
    </>
  );
}

function ProviderDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(PARTNER_NS);
  const creating = editing?.mode === 'create';
  const rules = useIdentifierRules();
  const initial: Partial<ProviderForm> =
    editing?.mode === 'edit'
      ? editing.values
      : {
          kind: 'BANK',
          creditLimit: '0',
          costRate: '0',
          penaltyShare: '0',
          guaranteeMode: 'PLATFORM_ADVANCE_AFTER_N_DAYS',
          advanceAfterDays: 30,
          settlementCycle: 'T+1',
          acceptMode: 'MANUAL',
        };
  const required = (label: string) => ({ required: true, whitespace: true, message: t('common.required', { label }) });
  const yuanRule = { validator: async (_: unknown, v: string | undefined) => { if (yuanToFen(v ?? '') === null) throw new Error(t('common.yuanRule')); } };
  const percentRule = { validator: async (_: unknown, v: string | undefined) => { if (percentToBp(v ?? '') === null) throw new Error(t('common.percentRule')); } };
  const options = (codes: string[], group: string) => codes.map((c) => ({ value: c, label: t(`provider.${group}.${c}`) }));

  return (
    <FormDialog<ProviderForm>
      open={editing !== null}
      title={creating ? t('provider.createTitle') : t('provider.editTitle')}
      width={820}
      labelWidth={150}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (v) => {
        const input: ProviderInput = {
          name: v.name.trim(),
          kind: v.kind,
          creditLimitFen: yuanToFen(v.creditLimit) ?? 0,
          costRateBp: percentToBp(v.costRate) ?? 0,
          penaltyShareBp: percentToBp(v.penaltyShare) ?? 0,
          guaranteeMode: v.guaranteeMode,
          advanceAfterDays: v.advanceAfterDays ?? 0,
          settlementCycle: v.settlementCycle,
          acceptMode: v.acceptMode,
          contactName: (v.contactName ?? '').trim(),
          contactPhone: (v.contactPhone ?? '').trim(),
          notifyMobile: (v.notifyMobile ?? '').trim(),
        };
        if (editing?.mode === 'edit') await providerApi.update(editing.id, input);
        else await providerApi.create(input);
        onSaved();
      }}
    >
      {(form) => (
        // One grid: the dialog's label width everywhere, two halves per row (docs/workspace.md, "Forms").
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item name="name" label={t('provider.name')} rules={[required(t('provider.name'))]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="kind" label={t('provider.kind')}>
              <Select options={options(KINDS, 'kinds')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="creditLimit" label={t('provider.creditLimit')} rules={[yuanRule]} validateFirst>
              <Input prefix="¥" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="costRate" label={t('provider.costRate')} rules={[percentRule]}>
              <Input suffix="%" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="penaltyShare" label={t('provider.penaltyShare')} rules={[percentRule]}>
              <Input suffix="%" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="settlementCycle" label={t('provider.settlementCycle')}>
              <Select options={options(CYCLES, 'cycles')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="acceptMode" label={t('provider.acceptMode')}>
              <Select options={options(ACCEPT, 'acceptModes')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="guaranteeMode" label={t('provider.guaranteeMode')}>
              <Select options={options(GUARANTEES, 'guarantees')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item noStyle shouldUpdate={(a: ProviderForm, b: ProviderForm) => a.guaranteeMode !== b.guaranteeMode}>
              {() =>
                form.getFieldValue('guaranteeMode') === 'PLATFORM_ADVANCE_AFTER_N_DAYS' ? (
                  <Form.Item name="advanceAfterDays" label={t('provider.advanceAfterDays')} rules={[{ required: true, type: 'integer', min: 1, max: 365, message: '1 – 365' }]}>
                    <InputNumber min={1} max={365} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactName" label={t('provider.contactName')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="contactPhone" label={t('provider.contactPhone')} rules={[rules.phone]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="notifyMobile" label={t('provider.notifyMobile')} rules={[rules.mobile]}>
              <Input maxLength={11} inputMode="numeric" />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
