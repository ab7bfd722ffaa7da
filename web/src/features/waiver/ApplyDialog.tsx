import { useQuery } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Empty, Form, Input, Radio, Select, Skeleton, Switch, Table, Tag, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { loadInline } from '../../shared/api/request';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { fenToYuan, formatYuan } from '../../shared/format/money';
import { useStatusLabel } from '../../shared/order/labels';
import { waiverApi } from './api';
import { addDays, amountFen, amountProblem, deadlineAllowed, itemSeqOf, MAX_VALID_DAYS, needsSecondApproval, scopeMaximums, typedTotal, type Scope } from './logic';
import { WAIVER_NS } from './locales';
import { Yuan } from './parts';
import { BEARERS, COMPONENTS, type Bearer, type WaivableData, type WaivableItemData, type WaiverComponent, type WaiverData } from './types';

interface ApplyValues {
  orderId?: number;
  scope?: Scope;
  interest?: string;
  fee?: string;
  penalty?: string;
  bearer?: Bearer;
  conditional?: boolean;
  expected?: string;
  validUntil?: Dayjs;
  reason?: string;
}

const ITEM_COLORS: Record<string, string> = { NOT_DUE: 'default', DUE: 'gold', OVERDUE: 'red' };

/** The server's field names → the form's (a 400 names every wrong field at once). */
const FIELD_NAMES = { interestFen: 'interest', feeFen: 'fee', penaltyFen: 'penalty', expectedFen: 'expected', itemSeq: 'scope' };

/**
 * 申请减免: the order (searched by number among the orders of 还款阶段, or given by the link
 * `?orderId=`), its instalments with what is outstanding per component today, the scope, the
 * amount per component (at most what the scope has outstanding), who bears it, an optional
 * condition and the reason.
 */
export function ApplyDialog({ orderId, onClose, onCreated }: { orderId: number | null; onClose: () => void; onCreated: (row: WaiverData) => void }) {
  const { t } = useTranslation(WAIVER_NS);
  const [picked, setPicked] = useState<number | null>(orderId);
  const waivable = useQuery({
    queryKey: ['waiver', 'waivable', picked],
    // The dialog's own load: its error shows inside the dialog (409: the order is not repaying).
    queryFn: () => loadInline(() => waiverApi.waivable(picked ?? 0)),
    enabled: picked !== null,
    retry: false,
    gcTime: 0,
  });
  return (
    <FormDialog<ApplyValues>
      open
      title={t('createTitle')}
      width={880}
      labelWidth={160}
      okText={t('form.submit')}
      initialValues={{ ...(orderId !== null ? { orderId } : {}), conditional: false }}
      fieldNames={FIELD_NAMES}
      onClose={onClose}
      onSubmit={async (values) => {
        const scope = values.scope ?? 'due';
        const fen = (text: string | undefined) => amountFen(text) ?? 0;
        const created = await waiverApi.create(values.orderId ?? 0, {
          itemSeq: itemSeqOf(scope),
          interestFen: fen(values.interest),
          feeFen: fen(values.fee),
          penaltyFen: fen(values.penalty),
          bearer: values.bearer ?? '',
          reason: (values.reason ?? '').trim(),
          conditional: values.conditional === true,
          expectedFen: values.conditional ? fen(values.expected) : 0,
          validUntil: values.conditional && values.validUntil ? values.validUntil.format('YYYY-MM-DD') : null,
        });
        onCreated(created);
      }}
    >
      {(form) => (
        <ApplyFields
          form={form}
          waivable={waivable.data}
          loading={waivable.isFetching}
          error={waivable.isError ? (isApiError(waivable.error) ? waivable.error.msg : String(waivable.error)) : null}
          presetNo={orderId !== null && waivable.data ? waivable.data.orderNo : null}
          onPick={(id) => {
            setPicked(id);
            form.resetFields(['scope', 'interest', 'fee', 'penalty', 'expected', 'validUntil']);
          }}
        />
      )}
    </FormDialog>
  );
}

function ApplyFields({
  form,
  waivable,
  loading,
  error,
  presetNo,
  onPick,
}: {
  form: FormInstance<ApplyValues>;
  waivable: WaivableData | undefined;
  loading: boolean;
  error: string | null;
  presetNo: string | null;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation(WAIVER_NS);
  const scope = Form.useWatch('scope', form);
  const interest = Form.useWatch('interest', form);
  const fee = Form.useWatch('fee', form);
  const penalty = Form.useWatch('penalty', form);
  const conditional = Form.useWatch('conditional', form);
  const items = waivable?.items ?? [];
  const due = items.filter((item) => item.due);
  const maxima = scopeMaximums(items, scope);
  const total = typedTotal({ interest, fee, penalty });
  const scopeName = scope === undefined ? '' : scope === 'due' ? t('scope.due') : t('scope.item', { seq: scope });

  // The first scope offered: every due instalment when some are due.
  useEffect(() => {
    if (waivable && form.getFieldValue('scope') === undefined && waivable.items.some((item) => item.due)) form.setFieldValue('scope', 'due');
  }, [waivable, form]);

  const amountRule = (component: WaiverComponent) => ({
    validator: async (_: unknown, value?: string) => {
      const problem = amountProblem(value, scope === undefined ? Number.MAX_SAFE_INTEGER : maxima[component]);
      if (problem === 'format') throw new Error(t('form.amountFormat'));
      if (problem === 'max') throw new Error(t('form.tooMuch', { component: t(`component.${component}`), max: formatYuan(maxima[component]), scope: scopeName }));
    },
  });

  return (
    <>
      <Form.Item name="orderId" label={t('form.order')} rules={[{ required: true, message: t('form.orderRequired') }]}>
        <OrderPicker presetNo={presetNo} onPick={onPick} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} className="bh-waiver__alert" data-testid="waivable-error" /> : null}
      {loading && !waivable ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {waivable ? (
        <>
          <div className="bh-waiver__facts" data-testid="waivable-facts">
            <span>{t('form.outstanding', { amount: formatYuan(waivable.outstandingFen) })}</span>
            <Typography.Text type="secondary">{t('form.businessDate', { date: waivable.businessDate })}</Typography.Text>
          </div>
          {waivable.open > 0 ? <Alert type="warning" showIcon title={t('form.open', { count: waivable.open })} className="bh-waiver__alert" data-testid="waivable-open" /> : null}
          <ItemsTable items={items} scope={scope} />
          <Form.Item name="scope" label={t('form.scope')} rules={[{ required: true, message: t('form.scopeRequired') }]}>
            <Select<Scope>
              data-testid="waiver-scope"
              options={[
                { value: 'due', label: due.length > 0 ? t('scope.dueOption', { count: due.length }) : t('scope.noneDue'), disabled: due.length === 0 },
                ...items.map((item) => ({ value: item.seq, label: t('scope.itemOption', { seq: item.seq, date: item.dueDate }) })),
              ]}
            />
          </Form.Item>
          {/* The three components side by side (one under the other on a phone), each with its maximum. */}
          <Form.Item label={t('form.amounts')} required>
            <div className="bh-waiver__grid">
              {COMPONENTS.map((component) => (
                <Form.Item
                  key={component}
                  name={component}
                  label={t(`component.${component}`)}
                  layout="vertical"
                  labelCol={{ span: 24 }}
                  wrapperCol={{ span: 24 }}
                  dependencies={['scope']}
                  rules={[amountRule(component)]}
                  extra={
                    scope === undefined ? undefined : (
                      <span data-testid={`max-${component}`}>
                        {t('form.max', { max: formatYuan(maxima[component]) })}
                        {maxima[component] > 0 ? (
                          <Button type="link" size="small" className="bh-waiver__all" onClick={() => form.setFields([{ name: component, value: fenToYuan(maxima[component]), errors: [] }])}>
                            {t('form.all')}
                          </Button>
                        ) : null}
                      </span>
                    )
                  }
                >
                  <Input inputMode="decimal" placeholder="0.00" suffix={t('yuan')} data-testid={`amount-${component}`} />
                </Form.Item>
              ))}
            </div>
          </Form.Item>
          <Form.Item label={t('form.total')}>
            <span className="bh-waiver__total" data-testid="waiver-total">
              <Yuan fen={total} strong /> {t('yuan')}
            </span>
            {needsSecondApproval(total, waivable.secondApprovalFen) ? (
              <Alert type="warning" showIcon title={t('form.second', { threshold: formatYuan(waivable.secondApprovalFen) })} className="bh-waiver__note" data-testid="waiver-second" />
            ) : (
              <div>
                <Typography.Text type="secondary">{t('form.single', { threshold: formatYuan(waivable.secondApprovalFen) })}</Typography.Text>
              </div>
            )}
          </Form.Item>
          <Form.Item name="bearer" label={t('form.bearer')} extra={t('form.bearerHint')} rules={[{ required: true, message: t('form.bearerRequired') }]}>
            <Radio.Group options={BEARERS.map((b) => ({ value: b, label: t(`bearer.${b}`) }))} data-testid="waiver-bearer" />
          </Form.Item>
          <Form.Item name="conditional" label={t('form.conditional')} valuePropName="checked" extra={t('form.conditionalHint')}>
            <Switch data-testid="waiver-conditional" />
          </Form.Item>
          {conditional ? (
            <>
              <Form.Item
                name="expected"
                label={t('form.expected')}
                required
                extra={t('form.expectedHint', { max: formatYuan(waivable.outstandingFen) })}
                rules={[
                  {
                    validator: async (_: unknown, value?: string) => {
                      const fen = amountFen(value);
                      if (fen === null) throw new Error(t('form.amountFormat'));
                      if (fen <= 0) throw new Error(t('form.expectedRequired'));
                      if (fen > waivable.outstandingFen) throw new Error(t('form.expectedMax', { max: formatYuan(waivable.outstandingFen) }));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" placeholder="0.00" suffix={t('yuan')} className="bh-waiver__amount" data-testid="waiver-expected" />
              </Form.Item>
              <Form.Item
                name="validUntil"
                label={t('form.validUntil')}
                extra={t('form.validUntilHint', { date: addDays(waivable.businessDate, MAX_VALID_DAYS) })}
                rules={[{ required: true, message: t('form.validUntilRequired') }]}
              >
                <DatePicker
                  className="bh-waiver__date"
                  data-testid="waiver-valid-until"
                  disabledDate={(day) => !deadlineAllowed(day.format('YYYY-MM-DD'), waivable.businessDate)}
                  defaultPickerValue={dayjs(waivable.businessDate)}
                />
              </Form.Item>
            </>
          ) : null}
          <Form.Item name="reason" label={t('form.reason')} rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="waiver-reason" />
          </Form.Item>
        </>
      ) : null}
    </>
  );
}

/** The order: searched by number among the orders of 还款阶段 (the user needs admin:order_info:table for it). */
function OrderPicker({ id, value, onChange, presetNo, onPick }: { id?: string; value?: number; onChange?: (id: number) => void; presetNo: string | null; onPick: (id: number) => void }) {
  const { t } = useTranslation(WAIVER_NS);
  const held = usePermissions();
  const statusLabel = useStatusLabel();
  const canSearch = hasPermission(P.ORDER_INFO_TABLE, held);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(text.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  const orders = useQuery({
    queryKey: ['waiver', 'orders', search],
    queryFn: () => loadInline(() => waiverApi.orders(search)),
    enabled: canSearch,
    retry: false,
  });
  const [chosen, setChosen] = useState<{ value: number; label: string } | null>(null);
  const found = (orders.data?.records ?? []).map((o) => ({
    value: o.id,
    label: `${o.orderNo} · ${o.customerName} · ${o.plateNo}`,
    status: statusLabel(o.status),
  }));
  // The chosen order stays labelled when a new search no longer lists it (and a linked one before any search).
  const own = chosen && chosen.value === value ? chosen : value !== undefined ? { value, label: presetNo ?? '…' } : null;
  const options = own && !found.some((o) => o.value === own.value) ? [{ ...own, status: '' }, ...found] : found;
  return (
    <>
      <Select<number>
        {...(id ? { id } : {})}
        value={value}
        data-testid="waiver-order"
        placeholder={t('form.orderPlaceholder')}
        showSearch={{ filterOption: false, onSearch: setText }}
        loading={orders.isFetching}
        disabled={!canSearch && value === undefined}
        notFoundContent={orders.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noOrders')} />}
        options={options.map((o) => ({ value: o.value, label: o.label, status: o.status }))}
        optionRender={(option) => (
          <span className="bh-waiver__option">
            <span>{option.data.label}</span>
            {option.data.status ? <Typography.Text type="secondary">{option.data.status}</Typography.Text> : null}
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
        <Typography.Text type="secondary" className="bh-waiver__sub">
          {t('form.noOrderPermission')}
        </Typography.Text>
      ) : null}
    </>
  );
}

/** The instalments with something outstanding; the ones the scope covers highlighted. */
function ItemsTable({ items, scope }: { items: readonly WaivableItemData[]; scope: Scope | undefined }) {
  const { t } = useTranslation(WAIVER_NS);
  const covered = (item: WaivableItemData) => scope !== undefined && (scope === 'due' ? item.due : item.seq === scope);
  return (
    <div className="bh-waiver__items">
      <Typography.Text strong>{t('form.items')}</Typography.Text>
      <Table<WaivableItemData>
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={[...items]}
        scroll={{ x: 640, y: 220 }}
        data-testid="waivable-items"
        rowClassName={(item) => (covered(item) ? 'bh-waiver__covered' : '')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noItems')} /> }}
        columns={[
          { key: 'seq', title: t('form.item.seq'), width: 90, render: (_, item) => <span className="bh-nowrap">{t('scope.item', { seq: item.seq })}</span> },
          { key: 'dueDate', title: t('form.item.dueDate'), width: 106, render: (_, item) => <span className="bh-num">{item.dueDate}</span> },
          {
            key: 'status',
            title: t('form.item.status'),
            width: 90,
            render: (_, item) => (
              <Tag color={ITEM_COLORS[item.status] ?? 'default'} className="bh-waiver__tag">
                {t(`itemStatus.${item.status}`, { defaultValue: item.status })}
              </Tag>
            ),
          },
          ...COMPONENTS.map((c) => ({
            key: c,
            title: t(`component.${c}`),
            align: 'right' as const,
            width: 100,
            render: (_: unknown, item: WaivableItemData) => <Yuan fen={item[`${c}Fen`]} />,
          })),
          { key: 'outstanding', title: t('form.item.outstanding'), align: 'right', width: 110, render: (_, item) => <Yuan fen={item.outstandingFen} /> },
        ]}
      />
    </div>
  );
}
