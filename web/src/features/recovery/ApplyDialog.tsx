import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, Radio, Select, Skeleton, Table, Typography, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { loadInline } from '../../shared/api/request';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatYuan } from '../../shared/format/money';
import { recoveryApi } from './api';
import { claimedOrders, isCase, needsSecondApproval } from './logic';
import { RECOVERY_NS } from './locales';
import { Yuan } from './parts';
import { METHODS, type ClaimItemData, type RecoverableData, type RecoveryData, type RecoveryMethod } from './types';

interface ApplyValues {
  orderId?: number;
  method?: RecoveryMethod;
  agency?: string;
  reason?: string;
}

/**
 * 申请追偿: the order (given by the link `?orderId=`, e.g. from 逾期挂账, or searched by number
 * among the orders with an advance still claimed), its advanced instalments with what is still
 * claimed on each, the total claim, the method (an agency or a court named for the first two), and
 * the reason. A 400 names every wrong field at once: shown under each.
 */
export function ApplyDialog({ orderId, onClose, onCreated }: { orderId: number | null; onClose: () => void; onCreated: (row: RecoveryData) => void }) {
  const { t } = useTranslation(RECOVERY_NS);
  const [picked, setPicked] = useState<number | null>(orderId);
  const recoverable = useQuery({
    queryKey: ['recovery', 'recoverable', picked],
    // The dialog's own load: its error shows inside the dialog (409: the order is not repaying).
    queryFn: () => loadInline(() => recoveryApi.recoverable(picked ?? 0)),
    enabled: picked !== null,
    retry: false,
    gcTime: 0,
  });
  return (
    <FormDialog<ApplyValues>
      open
      title={t('createTitle')}
      width={900}
      labelWidth={120}
      okText={t('form.submit')}
      initialValues={orderId !== null ? { orderId } : {}}
      onClose={onClose}
      onSubmit={async (values) => {
        const method = values.method ?? '';
        const created = await recoveryApi.create(values.orderId ?? 0, {
          method,
          ...(isCase(method) ? { agency: (values.agency ?? '').trim() } : {}),
          reason: (values.reason ?? '').trim(),
        });
        onCreated(created);
      }}
    >
      {(form) => (
        <ApplyFields
          form={form}
          recoverable={recoverable.data}
          loading={recoverable.isFetching}
          error={recoverable.isError ? (isApiError(recoverable.error) ? recoverable.error.msg : String(recoverable.error)) : null}
          presetNo={orderId !== null && recoverable.data ? recoverable.data.orderNo : null}
          onPick={setPicked}
        />
      )}
    </FormDialog>
  );
}

function ApplyFields({
  form,
  recoverable,
  loading,
  error,
  presetNo,
  onPick,
}: {
  form: FormInstance<ApplyValues>;
  recoverable: RecoverableData | undefined;
  loading: boolean;
  error: string | null;
  presetNo: string | null;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation(RECOVERY_NS);
  const method = Form.useWatch('method', form);
  const caseMethod = method !== undefined && isCase(method) ? method : null;
  return (
    <>
      <Form.Item name="orderId" label={t('form.order')} rules={[{ required: true, message: t('form.orderRequired') }]}>
        <OrderPicker presetNo={presetNo} onPick={onPick} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="bh-recovery__alert" data-testid="recoverable-error" /> : null}
      {loading && !recoverable ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {recoverable ? (
        <>
          <div className="bh-recovery__facts" data-testid="recoverable-facts">
            <span>{t('form.customer', { name: recoverable.customerName })}</span>
            <Typography.Text type="secondary">{t('form.businessDate', { date: recoverable.businessDate })}</Typography.Text>
          </div>
          {recoverable.openNo ? <Alert type="warning" showIcon title={t('form.open', { no: recoverable.openNo })} className="bh-recovery__alert" data-testid="recoverable-open" /> : null}
          <ItemsTable items={recoverable.items} />
          <Form.Item label={t('form.claim')} extra={t('form.claimHint')}>
            <span className="bh-recovery__total" data-testid="recovery-claim">
              <Yuan fen={recoverable.claimFen} strong /> {t('yuan')}
            </span>
          </Form.Item>
          <Form.Item name="method" label={t('form.method')} rules={[{ required: true, message: t('form.methodRequired') }]} extra={method ? t(`form.methodHint.${method}`) : undefined}>
            <Radio.Group
              data-testid="recovery-method"
              options={METHODS.map((m) => ({ value: m, label: t(`method.${m}`) }))}
              onChange={() => form.setFields([{ name: 'agency', errors: [] }])}
            />
          </Form.Item>
          {method === 'WRITE_OFF' ? (
            <Form.Item label=" " colon={false} className="bh-recovery__approval">
              {needsSecondApproval(method, recoverable.claimFen, recoverable.secondApprovalFen) ? (
                <Alert type="warning" showIcon title={t('form.second', { threshold: formatYuan(recoverable.secondApprovalFen) })} data-testid="recovery-second" />
              ) : (
                <Typography.Text type="secondary" data-testid="recovery-single">
                  {t('form.single', { threshold: formatYuan(recoverable.secondApprovalFen) })}
                </Typography.Text>
              )}
            </Form.Item>
          ) : null}
          {caseMethod ? (
            <Form.Item name="agency" label={t(`agency.${caseMethod}`)} rules={[{ required: true, whitespace: true, message: t(`form.agencyRequired.${caseMethod}`) }]}>
              <Input maxLength={100} placeholder={t(`form.agencyPlaceholder.${caseMethod}`)} data-testid="recovery-agency" />
            </Form.Item>
          ) : null}
          <Form.Item name="reason" label={t('form.reason')} rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="recovery-reason" />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}

/** The order: searched by number among the orders with an advance still claimed (the user needs 逾期挂账 for it). */
function OrderPicker({ id, value, onChange, presetNo, onPick }: { id?: string; value?: number; onChange?: (id: number) => void; presetNo: string | null; onPick: (id: number) => void }) {
  const { t } = useTranslation(RECOVERY_NS);
  const held = usePermissions();
  const canSearch = hasPermission(P.ORDER_PLAN_OVERDUE_TABLE, held);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const orders = useQuery({
    queryKey: ['recovery', 'orders', search],
    queryFn: () => loadInline(() => recoveryApi.claimed(search)),
    enabled: canSearch,
    retry: false,
  });
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const found = claimedOrders(orders.data?.records ?? []).map((o) => ({
    value: o.orderId,
    label: `${o.orderNo} · ${o.customerName}`,
    claim: formatYuan(o.claimFen),
  }));
  // The chosen order stays labelled when a new search no longer lists it (and a linked one before any search).
  const own = chosen && chosen.value === value ? chosen : value !== undefined ? { value, label: presetNo ?? '…' } : null;
  const options = own && !found.some((o) => o.value === own.value) ? [{ ...own, claim: '' }, ...found] : found;
  return (
    <>
      <Select<number>
        {...(id ? { id } : {})}
        value={value}
        data-testid="recovery-order"
        placeholder={t('form.orderPlaceholder')}
        showSearch={{ filterOption: false, onSearch: setText }}
        loading={orders.isFetching}
        disabled={!canSearch && value === undefined}
        notFoundContent={orders.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noOrders')} />}
        options={options.map((o) => ({ value: o.value, label: o.label, claim: o.claim }))}
        optionRender={(option) => (
          <span className="bh-recovery__option">
            <span>{option.data.label}</span>
            {option.data.claim ? <Typography.Text type="secondary" className="bh-num">{option.data.claim}</Typography.Text> : null}
          </span>
        )}
        onChange={(picked) => {
          const option = options.find((o) => o.value === picked);
          if (option) setChosen({ value: option.value, label: option.label });
          onChange?.(picked);
          onPick(picked);
        }}
      />
      {!canSearch ? (
        <Typography.Text type="secondary" className="bh-recovery__sub">
          {t('form.noOrderPermission')}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** The advanced instalments still claimed: what was advanced, recovered, is still claimed, and what the customer owes on each. */
function ItemsTable({ items }: { items: readonly ClaimItemData[] }) {
  const { t } = useTranslation(RECOVERY_NS);
  return (
    <div className="bh-recovery__items">
      <Typography.Text strong>{t('form.items')}</Typography.Text>
      <Table<ClaimItemData>
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={[...items]}
        scroll={{ x: 794, y: 220 }}
        data-testid="recoverable-items"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noItems')} /> }}
        columns={[
          { key: 'seq', title: t('form.item.seq'), width: 72, render: (_, item) => <span className="bh-nowrap">{t('item', { n: item.seq })}</span> },
          { key: 'dueDate', title: t('form.item.dueDate'), width: 100, render: (_, item) => <span className="bh-num">{item.dueDate}</span> },
          { key: 'advancedOn', title: t('form.item.advancedOn'), width: 108, render: (_, item) => <span className="bh-num">{item.advancedOn ?? t('none')}</span> },
          { key: 'advanced', title: t('form.item.advanced'), align: 'right', width: 96, render: (_, item) => <Yuan fen={item.advancedFen} /> },
          { key: 'recovered', title: t('form.item.recovered'), align: 'right', width: 100, render: (_, item) => <Yuan fen={item.recoveredFen} /> },
          { key: 'claim', title: t('form.item.claim'), align: 'right', width: 104, render: (_, item) => <Yuan fen={item.claimFen} strong /> },
          { key: 'outstanding', title: t('form.item.outstanding'), align: 'right', width: 128, render: (_, item) => <Yuan fen={item.outstandingFen} /> },
          { key: 'dpd', title: t('form.item.dpd'), align: 'right', width: 86, render: (_, item) => (item.daysPastDue > 0 ? t('days', { n: item.daysPastDue }) : t('none')) },
        ]}
      />
    </div>
  );
}
