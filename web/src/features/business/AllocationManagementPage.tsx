import { PlusOutlined } from '@ant-design/icons';
import { App, Col, DatePicker, Form, Input, InputNumber, Row, Select, Tabs, Tag, TimePicker, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAreas } from '../../shared/area/area';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { FormDialog } from '../../shared/crud/FormDialog';
import { ListPage, type ListColumn } from '../../shared/crud/ListPage';
import { useListReload } from '../../shared/crud/useListReload';
import { DictSelect } from '../../shared/dictionary/DictSelect';
import { useDictionary } from '../../shared/dictionary/dictionary';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { allocationApi, ruleApi, type AllocationRow, type RuleRow } from './api';
import { AcceptDialog, ReasonDialog, YuanInput } from './Dialogs';
import { ORDER_LISTS } from './lists';
import { BUSINESS_NS } from './locales';
import { ruleBody, ruleInitial, yuanRule, type RuleForm } from './logic';
import { insurerOptions, providerOptions, useInsurers, useProducts, useProviders } from './lookups';
import { AllocationStatusTag } from './OrderDetailPage';
import { OrderNoLink } from './OrderList';
import './business.css';

const P = PERMISSIONS;
const ALLOCATION_STATUSES = ['RESERVED', 'ACTIVE', 'FUNDED', 'CLOSED', 'DECLINED', 'CANCELLED'] as const;
/** The order statuses from which an allocation may be withdrawn (the domain's UNALLOCATE). */
const UNALLOCATABLE = ['ALLOCATED', 'PENDING_DECLARATION', 'PENDING_INSURE_CONFIRM'];

/** 资金方分配: the allocation rules and the allocation records, one tab each. */
export function AllocationManagementPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'records' ? 'records' : 'rules';
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === 'records' ? { tab: 'records' } : {}, { replace: true })}
      items={[
        { key: 'rules', label: t('tab.rules'), children: tab === 'rules' ? <RulesTab /> : null },
        { key: 'records', label: t('tab.records'), children: tab === 'records' ? <RecordsTab /> : null },
      ]}
    />
  );
}

function Conditions({ row }: { row: RuleRow }) {
  const { t } = useTranslation(BUSINESS_NS);
  const insurers = useInsurers();
  const usages = useDictionary('vehicle_usage');
  const areas = useAreas().data ?? [];
  const c = row.conditions;
  const parts: string[] = [];
  if (c.insurerIds?.length) parts.push(`${t('cond.insurers')}: ${c.insurerIds.map((id) => insurers.find((i) => i.id === id)?.name ?? id).join('、')}`);
  if (c.regions?.length) parts.push(`${t('cond.regions')}: ${c.regions.map((code) => areas.find((a) => a.code === code)?.name ?? code).join('、')}`);
  if (c.vehicleUsages?.length) parts.push(`${t('cond.usages')}: ${c.vehicleUsages.map((u) => usages.labelOf(u)).join('、')}`);
  if (c.productCodes?.length) parts.push(`${t('cond.products')}: ${c.productCodes.join('、')}`);
  if (c.terms?.length) parts.push(`${t('cond.terms')}: ${c.terms.join('/')}`);
  if (c.financedMinFen !== null && c.financedMinFen !== undefined) parts.push(`≥ ${formatYuan(c.financedMinFen)}`);
  if (c.financedMaxFen !== null && c.financedMaxFen !== undefined) parts.push(`≤ ${formatYuan(c.financedMaxFen)}`);
  if (parts.length === 0) return <Typography.Text type="secondary">{t('cond.any')}</Typography.Text>;
  return <span className="bh-rule__conditions">{parts.join('；')}</span>;
}

function RulesTab() {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const reload = useListReload(ORDER_LISTS.rules);
  const [editing, setEditing] = useState<{ row?: RuleRow } | null>(null);
  const columns: ListColumn<RuleRow>[] = [
    { key: 'name', title: t('rule.name'), width: 160 },
    { key: 'provider', title: t('provider'), width: 160, render: (row) => row.capitalProviderName },
    { key: 'priority', title: t('rule.priority'), sortField: 'priority', width: 80, align: 'center' },
    { key: 'weight', optional: true, title: t('rule.weight'), width: 70, align: 'center' },
    { key: 'conditions', title: t('rule.conditions'), width: 320, render: (row) => <Conditions row={row} /> },
    { key: 'quota', optional: true, title: t('rule.dailyQuota'), align: 'right', width: 120, render: (row) => (row.dailyQuotaFen === null ? t('rule.unlimited') : formatYuan(row.dailyQuotaFen)) },
    { key: 'window', optional: true, title: t('rule.window'), width: 110, render: (row) => (row.windowStart ? `${row.windowStart}–${row.windowEnd ?? ''}` : t('rule.allDay')) },
    {
      key: 'effective',
      title: t('rule.effective'),
      width: 190,
      render: (row) => (row.effectiveFrom || row.effectiveTo ? `${row.effectiveFrom ?? '…'} ~ ${row.effectiveTo ?? '…'}` : t('rule.always')),
    },
    { key: 'enabled', title: t('rule.enabled'), width: 80, render: (row) => (row.enabled ? <Tag color="green">{t('rule.on')}</Tag> : <Tag>{t('rule.off')}</Tag>) },
    { key: 'ruleVersion', optional: true, title: t('rule.version'), width: 70, align: 'center', render: (row) => `V${row.ruleVersion}` },
    { key: 'updatedAt', optional: true, title: t('rule.updatedAt'), sortField: 'updatedAt', width: 160, render: (row) => formatDateTime(row.updatedAt) },
  ];
  return (
    <>
      <ListPage<RuleRow>
        listKey={ORDER_LISTS.rules}
        columns={columns}
        fetchPage={ruleApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'priority', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('rule.create'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, icon: <PlusOutlined />, onClick: () => setEditing({}) }]}
        rowActions={[
          { key: 'edit', label: t('edit'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, onClick: (row) => setEditing({ row }) },
          {
            key: 'toggle',
            label: (row) => (row.enabled ? t('rule.disable') : t('rule.enable')),
            perm: P.ASSIGNMENT_QUEUE_ALLOCATE,
            confirm: (row) => (row.enabled ? t('rule.confirmDisable', { name: row.name }) : t('rule.confirmEnable', { name: row.name })),
            onClick: async (row) => {
              await (row.enabled ? ruleApi.disable(row.id) : ruleApi.enable(row.id));
              void message.success(t('done'));
            },
          },
        ]}
        actionsWidth={130}
      />
      {editing ? (
        <RuleDialog
          row={editing.row}
          onClose={() => setEditing(null)}
          onSaved={() => {
            void message.success(t('saved'));
            void reload();
          }}
        />
      ) : null}
    </>
  );
}

const RULE_FIELDS: Record<string, string> = {
  'conditions.insurerIds': 'insurerIds',
  'conditions.regions': 'regions',
  'conditions.vehicleUsages': 'vehicleUsages',
  'conditions.productCodes': 'productCodes',
  'conditions.terms': 'terms',
  'conditions.financedMinFen': 'financedMin',
  'conditions.financedMaxFen': 'financedMax',
  dailyQuotaFen: 'dailyQuota',
  windowStart: 'window',
  windowEnd: 'window',
  effectiveFrom: 'effective',
  effectiveTo: 'effective',
};

function RuleDialog({ row, onClose, onSaved }: { row: RuleRow | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { providers } = useProviders();
  const insurers = useInsurers();
  const products = useProducts();
  const areas = useAreas().data ?? [];
  const initial: Partial<RuleForm> = row
    ? ruleInitial(row, (hhmm) => dayjs(hhmm, 'HH:mm'), (date) => dayjs(date))
    : { priority: 100, weight: 100 };
  const termOptions = [...new Set(products.flatMap((p) => p.terms.termOptions))].sort((a, b) => a - b);
  return (
    <FormDialog<RuleForm>
      open
      title={row ? t('rule.editTitle') : t('rule.create')}
      width={820}
      labelWidth={120}
      initialValues={initial}
      fieldNames={RULE_FIELDS}
      onClose={onClose}
      onSubmit={async (values) => {
        const body = ruleBody(values, row?.version);
        if (row) await ruleApi.update(row.id, body);
        else await ruleApi.create(body);
        onSaved();
      }}
    >
      <Row gutter={16} className="bh-rule-form">
        <Col span={24}>
          <Form.Item name="name" label={t('rule.name')} rules={[{ required: true, whitespace: true, message: t('rule.nameRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="capitalProviderId" label={t('provider')} rules={[{ required: true, message: t('providerRequired') }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={providerOptions(providers, (p, available) => t('providerOption', { name: p.name, available, mode: t(`acceptMode.${p.acceptMode}`, { defaultValue: p.acceptMode }) }))}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="priority" label={t('rule.priority')} extra={t('rule.priorityHint')} rules={[{ required: true }]}>
            <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="weight" label={t('rule.weight')} extra={t('rule.weightHint')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Typography.Text type="secondary" className="bh-rule__hint">
            {t('rule.conditionsHint')}
          </Typography.Text>
        </Col>
        <Col span={24}>
          <Form.Item name="insurerIds" label={t('cond.insurers')}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={insurerOptions(insurers)} placeholder={t('cond.any')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="regions" label={t('cond.regions')}>
            <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} options={areas.map((a) => ({ value: a.code, label: a.name }))} placeholder={t('cond.any')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="vehicleUsages" label={t('cond.usages')}>
            <DictSelect type="vehicle_usage" mode="multiple" allowClear placeholder={t('cond.any')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="terms" label={t('cond.terms')}>
            <Select mode="multiple" allowClear options={termOptions.map((n) => ({ value: n, label: t('terms', { n }) }))} placeholder={t('cond.any')} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="productCodes" label={t('cond.products')}>
            <Select
              mode="tags"
              allowClear
              options={[...new Map(products.map((p) => [p.code, { value: p.code, label: `${p.code}（${p.name}）` }])).values()]}
              placeholder={t('cond.any')}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="financedMin" label={t('cond.financedMin')} rules={[yuanRule(t('amountInvalid'), false)]}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="financedMax" label={t('cond.financedMax')} rules={[yuanRule(t('amountInvalid'), false)]}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="dailyQuota" label={t('rule.dailyQuota')} extra={t('rule.dailyQuotaHint')} rules={[yuanRule(t('amountInvalid'), false)]}>
            <YuanInput />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="window" label={t('rule.window')} extra={t('rule.windowHint')}>
            <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="effective" label={t('rule.effective')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

function RecordsTab() {
  const { t } = useTranslation(BUSINESS_NS);
  const reload = useListReload(ORDER_LISTS.records);
  const [withdrawing, setWithdrawing] = useState<AllocationRow | null>(null);
  const [accepting, setAccepting] = useState<AllocationRow | null>(null);
  const live = (row: AllocationRow) => (row.status === 'RESERVED' || row.status === 'ACTIVE') && UNALLOCATABLE.includes(row.orderStatus);
  const columns: ListColumn<AllocationRow>[] = [
    { key: 'orderNo', title: t('col.orderNo'), width: 170, render: (row) => <OrderNoLink id={row.orderId} orderNo={row.orderNo} /> },
    { key: 'orderStatus', title: t('col.orderStatus'), width: 150, render: (row) => <OrderStatusTag status={row.orderStatus} /> },
    { key: 'customer', title: t('col.customer'), width: 120, render: (row) => row.customerName },
    { key: 'provider', title: t('provider'), width: 160, render: (row) => row.capitalProviderName },
    { key: 'mode', title: t('mode'), width: 80, render: (row) => t(`allocationMode.${row.mode}`, { defaultValue: row.mode }) },
    { key: 'reserved', title: t('reserved'), align: 'right', width: 130, render: (row) => <span className="bh-num">{formatYuan(row.reservedFen)}</span> },
    { key: 'status', title: t('col.allocationStatus'), width: 100, render: (row) => <AllocationStatusTag status={row.status} /> },
    { key: 'approvalNo', title: t('approvalNo'), width: 130, render: (row) => row.cpApprovalNo || '—' },
    { key: 'by', title: t('allocatedBy'), width: 100, render: (row) => row.allocatedByName || t('actor.SYSTEM') },
    { key: 'reason', title: t('reason'), width: 160, ellipsis: true, render: (row) => row.reason || '—' },
    { key: 'createdAt', title: t('allocatedAt'), sortField: 'createdAt', width: 160, render: (row) => formatDateTime(row.createdAt) },
  ];
  return (
    <>
      <ListPage<AllocationRow>
        listKey={ORDER_LISTS.records}
        columns={columns}
        filters={[
          { name: 'status', kind: 'choice', label: t('col.allocationStatus'), width: 150, options: ALLOCATION_STATUSES.map((s) => ({ value: s, label: t(`allocationStatus.${s}`) })) },
        ]}
        fetchPage={allocationApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        rowActions={[
          { key: 'accept', label: t('action.accept'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, hidden: (row) => !(row.status === 'RESERVED' && row.orderStatus === 'ALLOCATED'), onClick: (row) => setAccepting(row) },
          { key: 'unallocate', label: t('action.unallocate'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, danger: true, hidden: (row) => !live(row), onClick: (row) => setWithdrawing(row) },
        ]}
        actionsWidth={180}
      />
      {withdrawing ? (
        <ReasonDialog
          command="unallocate"
          orderId={withdrawing.orderId}
          orderNo={withdrawing.orderNo}
          onClose={() => setWithdrawing(null)}
          onDone={() => {
            setWithdrawing(null);
            void reload();
          }}
        />
      ) : null}
      {accepting ? (
        <AcceptDialog
          orderId={accepting.orderId}
          orderNo={accepting.orderNo}
          reservedFen={accepting.reservedFen}
          onClose={() => setAccepting(null)}
          onDone={() => {
            setAccepting(null);
            void reload();
          }}
        />
      ) : null}
    </>
  );
}
