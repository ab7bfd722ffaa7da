import { CheckCircleOutlined, FilePdfOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, DatePicker, Descriptions, Empty, Form, Input, Popconfirm, Segmented, Select, Skeleton, Space, Spin, Table, Tag, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { loadInline, newIdempotencyKey } from '../../shared/api/request';
import { usePermissions } from '../../shared/auth/permissions';
import { getUserInfo } from '../../shared/auth/token';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatYuan } from '../../shared/format/money';
import { openBlob, repaymentApi, type OrderRow } from './api';
import { BUSINESS_NS } from './locales';
import { yuanRule } from './logic';
import { useOrderMoney } from './orderView';
import { RECEIPT_CHANNELS } from './part2Logic';
import { DateTimeLines, FilePick, ReasonPrompt, Shown } from './part2Parts';
import type { AllocationLineData, OrderMoneyData, QuoteData, RepaymentData } from './part2Types';
import {
  allocationRows,
  bucketColor,
  canRecordRepayment,
  canSettleEarly,
  isSystemRepayment,
  previewBody,
  quoteBreakdown,
  REPAYMENT_SOURCES,
  repaymentActions,
  repaymentFields,
  usedComponents,
  valueDateAllowed,
  type RepaymentForm,
} from './repaymentLogic';
import { useRefusal } from './useRefusal';

type Mode = 'normal' | 'early';

const REPAYMENT_COLORS: Record<string, string> = { RECORDED: 'gold', CONFIRMED: 'green', REJECTED: 'red', REVERSED: 'default' };

/** A repayment's status, labelled in the interface language. */
function RepaymentStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  return <Tag color={REPAYMENT_COLORS[status] ?? 'default'}>{t(`repaymentStatus.${status}`, { defaultValue: status })}</Tag>;
}

/** A delinquency bucket as a tag ('—' when the order is not past due). */
export function BucketTag({ bucket }: { bucket: string }) {
  const color = bucketColor(bucket);
  if (!color) return <>—</>;
  return <Tag color={color}>{bucket}</Tag>;
}

/** Days past due: red above zero. */
export function DaysPastDue({ days }: { days: number }) {
  const { t } = useTranslation(BUSINESS_NS);
  if (days <= 0) return <span className="bh-num">0</span>;
  return <span className="bh-num bh-order__danger">{t('repay.days', { n: days })}</span>;
}

/**
 * 还款 of an order (the drawer of 还款阶段 and the order page): where it stands (outstanding, paid,
 * days past due, bucket, customer credit, next due), 登记还款 and 提前结清, the repayments with their
 * allocation and 确认 / 驳回 / 冲正.
 */
export function RepaymentPanel({ order, onChanged }: { order: OrderRow; onChanged: () => unknown }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const money = useOrderMoney(order.id);
  const [recording, setRecording] = useState<Mode | null>(null);
  const [rejecting, setRejecting] = useState<RepaymentData | null>(null);
  const [reversing, setReversing] = useState<{ repayment: RepaymentData; key: string } | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; detail?: string } | null>(null);
  // One idempotency key per confirmation, reused when the same confirmation is retried.
  const keys = useRef(new Map<number, string>());

  if (!money.data) return money.isError ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repay.loadFailed')} /> : <Skeleton active />;
  const data = money.data;
  const canRecord = canRecordRepayment(order, held);
  const canSettle = canSettleEarly(order, data.outstandingFen, held);

  const confirm = async (repayment: RepaymentData) => {
    setRefusal(null);
    let key = keys.current.get(repayment.id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(repayment.id, key);
    }
    try {
      await repaymentApi.confirm(repayment.id, key);
      keys.current.delete(repayment.id);
      void message.success(t('repay.confirmed'));
      await onChanged();
    } catch (error) {
      // The reason in the interface language, the server's own wording under it.
      if (isApiError(error) && error.code === 403) setRefusal({ title: t('repay.makerChecker'), detail: error.msg });
      else if (isApiError(error) && error.code === 409) setRefusal({ title: error.msg });
    }
  };

  const showVoucher = async (repaymentId: number) => {
    try {
      openBlob(await repaymentApi.voucher(repaymentId));
    } catch {
      void message.error(t('file.previewFailed'));
    }
  };

  const done = (close: () => void) => () => {
    close();
    void onChanged();
  };

  const showCertificate = async () => {
    try {
      openBlob(await repaymentApi.certificate(order.id));
    } catch (error) {
      void message.error(isApiError(error) ? error.msg : t('file.previewFailed'));
    }
  };

  return (
    <div data-testid="repayment-panel">
      <MoneySummary order={order} money={data} />
      {order.status === 'SETTLED' ? (
        <div className="bh-order-panel__bar">
          <Button size="small" icon={<FilePdfOutlined />} onClick={() => void showCertificate()} data-testid="settlement-certificate">
            {t('repay.certificate')}
          </Button>
        </div>
      ) : null}
      {refusal ? <Alert type="error" showIcon closable={{ onClose: () => setRefusal(null) }} title={refusal.title} description={refusal.detail} className="bh-order-outcomes" data-testid="refusal" /> : null}
      {canRecord ? (
        <div className="bh-order-panel__bar">
          <Space wrap>
            <Button size="small" icon={<PlusOutlined />} type="primary" onClick={() => setRecording('normal')} data-testid="record-repayment">
              {t('repay.record')}
            </Button>
            {canSettle ? (
              <Button size="small" icon={<CheckCircleOutlined />} onClick={() => setRecording('early')} data-testid="settle-early">
                {t('repay.settle')}
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
      <Typography.Title level={5} className="bh-order-panel__title">
        {t('repay.repayments')}
      </Typography.Title>
      <Table<RepaymentData>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...data.repayments].reverse()}
        scroll={{ x: 'max-content' }}
        data-testid="repayments"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repay.none')} /> }}
        expandable={{
          rowExpandable: (r) => r.lines.length > 0,
          expandedRowRender: (r) => <AllocationTable lines={r.lines} overpaymentFen={r.overpaymentFen} />,
        }}
        columns={[
          {
            key: 'amount',
            title: t('amount'),
            align: 'right',
            width: 120,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <strong className="bh-num">{formatYuan(r.amountFen)}</strong>
                <Typography.Text type="secondary" className="bh-order__sub">
                  {t(`repay.purposes.${r.purpose}`, { defaultValue: r.purpose })}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'channel',
            title: t('dp.channel'),
            width: 140,
            render: (_, r) =>
              isSystemRepayment(r) ? (
                <Typography.Text type="secondary">{t('repay.system')}</Typography.Text>
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{t(`receiptChannel.${r.channel}`, { defaultValue: r.channel })}</span>
                  <Typography.Text type="secondary" className="bh-order__sub bh-num">
                    {r.serialNo}
                  </Typography.Text>
                </Space>
              ),
          },
          {
            key: 'payer',
            title: t('dp.payer'),
            width: 110,
            render: (_, r) =>
              isSystemRepayment(r) ? (
                t(`repay.sources.${r.source}`, { defaultValue: r.source })
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{r.payer || '—'}</span>
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {t(`repay.sources.${r.source}`, { defaultValue: r.source })}
                  </Typography.Text>
                </Space>
              ),
          },
          { key: 'valueDate', title: t('dp.valueDate'), width: 100, render: (_, r) => <span className="bh-num">{r.valueDate}</span> },
          {
            key: 'status',
            title: t('state'),
            width: 100,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <RepaymentStatusTag status={r.status} />
                {r.status === 'REJECTED' && r.rejectReason ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {r.rejectReason}
                  </Typography.Text>
                ) : null}
                {r.status === 'REVERSED' ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {[r.reversedByName, r.reversalReason].filter(Boolean).join(' · ')}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'recorded',
            title: t('dp.recordedBy'),
            width: 110,
            render: (_, r) =>
              isSystemRepayment(r) ? (
                <Typography.Text type="secondary">{t('repay.system')}</Typography.Text>
              ) : (
                <Space orientation="vertical" size={0}>
                  <span>{r.recordedByName}</span>
                  <DateTimeLines ms={r.createdAt} />
                </Space>
              ),
          },
          {
            key: 'confirmed',
            title: t('dp.confirmedBy'),
            width: 110,
            render: (_, r) =>
              r.confirmedByName ? (
                <Space orientation="vertical" size={0}>
                  <span>{r.confirmedByName}</span>
                  <DateTimeLines ms={r.confirmedAt} />
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('contract.actions'),
            width: 130,
            render: (_, r) => {
              const actions = repaymentActions(r, held, getUserInfo()?.userId);
              return (
                <Space size={[12, 0]} wrap>
                  {r.hasVoucher ? <a onClick={() => void showVoucher(r.id)}>{t('dp.voucher')}</a> : null}
                  {actions.includes('confirm') ? (
                    <Popconfirm title={t('repay.confirmAsk', { amount: formatYuan(r.amountFen), serialNo: r.serialNo })} onConfirm={() => confirm(r)}>
                      <a data-testid="confirm-repayment">{t('repay.confirm')}</a>
                    </Popconfirm>
                  ) : null}
                  {actions.includes('reject') ? (
                    <a className="bh-order__danger" onClick={() => setRejecting(r)} data-testid="reject-repayment">
                      {t('repay.reject')}
                    </a>
                  ) : null}
                  {actions.includes('reverse') ? (
                    <a className="bh-order__danger" onClick={() => setReversing({ repayment: r, key: newIdempotencyKey() })} data-testid="reverse-repayment">
                      {t('repay.reverse')}
                    </a>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {recording ? (
        <RecordRepaymentDialog order={order} money={data} mode={recording} canSettle={canSettle} onClose={() => setRecording(null)} onDone={done(() => setRecording(null))} />
      ) : null}
      {rejecting ? (
        <ReasonPrompt
          title={t('repay.rejectTitle', { serialNo: rejecting.serialNo })}
          okText={t('repay.reject')}
          onSubmit={(reason) => repaymentApi.reject(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
          onDone={done(() => setRejecting(null))}
        />
      ) : null}
      {reversing ? (
        <ReasonPrompt
          title={t('repay.reverseTitle', { serialNo: reversing.repayment.serialNo })}
          okText={t('repay.reverse')}
          danger={t('repay.reverseAsk')}
          onSubmit={(reason) => repaymentApi.reverse(reversing.repayment.id, reason, reversing.key)}
          onClose={() => setReversing(null)}
          onDone={done(() => setReversing(null))}
        />
      ) : null}
    </div>
  );
}

/** Where the order's money stands. */
function MoneySummary({ order, money }: { order: OrderRow; money: OrderMoneyData }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 2, xl: 3 }} className="bh-order-breakdown" data-testid="repay-summary">
      <Descriptions.Item label={t('repay.outstanding')}>
        <strong className="bh-num" data-testid="repay-outstanding">
          {formatYuan(money.outstandingFen)}
        </strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('repay.paid')}>
        <span className="bh-num" data-testid="repay-paid">
          {formatYuan(money.paidFen)}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('repay.nextDue')}>
        {order.nextDueDate ? (
          <span className="bh-num">
            {order.nextDueDate} · {formatYuan(order.nextDueFen)}
          </span>
        ) : (
          '—'
        )}
      </Descriptions.Item>
      <Descriptions.Item label={t('repay.dpd')}>
        <DaysPastDue days={money.daysPastDue} />
      </Descriptions.Item>
      <Descriptions.Item label={t('repay.bucket')}>
        <BucketTag bucket={money.bucket} />
      </Descriptions.Item>
      <Descriptions.Item label={t('repay.customerCredit')}>
        <span className="bh-num">{formatYuan(money.customerCreditFen)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A repayment's (or a preview's) allocation: one row per instalment, a column per component, the totals. */
export function AllocationTable({ lines, overpaymentFen = 0, testId = 'allocation' }: { lines: readonly AllocationLineData[]; overpaymentFen?: number; testId?: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { rows, total } = allocationRows(lines);
  // The components the allocation touched (a penalty or fee column of zeros says nothing).
  const components = usedComponents(total);
  return (
    <div className="bh-repay-allocation" data-testid={testId}>
      <Table
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repay.noAllocation')} /> }}
        columns={[
          { key: 'seq', title: t('plan.seq'), width: 60, render: (_, row) => <span className="bh-nowrap">{t('repay.seqLabel', { n: row.seq })}</span> },
          ...components.map((c) => ({
            key: c,
            title: t(`repay.component.${c}`),
            align: 'right' as const,
            width: 86,
            render: (_: unknown, row: (typeof rows)[number]) => <span className={row[c] === 0 ? 'bh-num bh-repay-zero' : 'bh-num'}>{formatYuan(row[c])}</span>,
          })),
          { key: 'total', title: t('repay.total'), align: 'right', width: 94, render: (_, row) => <strong className="bh-num">{formatYuan(row.total)}</strong> },
        ]}
        summary={() =>
          rows.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>{t('repay.total')}</Table.Summary.Cell>
              {components.map((c, i) => (
                <Table.Summary.Cell key={c} index={i + 1} align="right">
                  <span className="bh-num">{formatYuan(total[c])}</span>
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={components.length + 1} align="right">
                <strong className="bh-num">{formatYuan(total.total)}</strong>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {overpaymentFen > 0 ? (
        <Typography.Text type="secondary" className="bh-order__sub">
          {t('repay.overpayment')}: <span className="bh-num">{formatYuan(overpaymentFen)}</span>
        </Typography.Text>
      ) : null}
    </div>
  );
}

const channelOptions = (t: (key: string) => string) => RECEIPT_CHANNELS.map((c) => ({ value: c, label: t(`receiptChannel.${c}`) }));
const sourceOptions = (t: (key: string) => string) => REPAYMENT_SOURCES.map((s) => ({ value: s, label: t(`repay.sources.${s}`) }));

/**
 * 登记还款 / 提前结清: one multipart request — the amount (typed in yuan; for an early settlement
 * the quote's total, shown), source, channel, bank serial, payer, value date (an early settlement's
 * is today's business date) and an optional voucher. The allocation is previewed as typed; an
 * early settlement shows its quote. Another user confirms.
 */
export function RecordRepaymentDialog({
  order,
  money,
  mode: initialMode,
  canSettle,
  onClose,
  onDone,
}: {
  order: OrderRow;
  money: OrderMoneyData;
  mode: Mode;
  canSettle: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const [mode, setMode] = useState<Mode>(canSettle ? initialMode : 'normal');
  const businessDate = dayjs(money.businessDate);
  const disbursedOn = order.disbursedAt !== null ? dayjs(order.disbursedAt).startOf('day') : null;
  const quote = useQuery({
    queryKey: ['business', 'payoff', order.id, money.businessDate],
    queryFn: () => loadInline(() => repaymentApi.quote(order.id, money.businessDate)),
    enabled: mode === 'early',
    staleTime: 0,
  });
  const early = mode === 'early';
  return (
    <FormDialog<RepaymentForm & { voucher?: File | null }>
      open
      title={t(early ? 'repay.settleTitle' : 'repay.recordTitle', { orderNo: order.orderNo })}
      width={760}
      labelWidth={150}
      okText={t(early ? 'repay.settle' : 'repay.record')}
      initialValues={{ source: 'CUSTOMER', channel: 'BANK_TRANSFER', payer: order.customerName, valueDate: businessDate }}
      fieldNames={{ amountFen: 'amount' }}
      onClose={onClose}
      onSubmit={async (values) => {
        if (early && !quote.data) throw new Error('quote');
        await guard(() => repaymentApi.record(order.id, repaymentFields(values, early ? (quote.data ?? null) : null), values.voucher ?? null));
        void message.success(t('repay.recorded'));
        onDone();
      }}
    >
      {(form) => (
        <>
          {alert}
          {canSettle ? (
            <div className="bh-repay-mode">
              <Segmented<Mode>
                value={mode}
                onChange={setMode}
                options={[
                  { value: 'normal', label: t('repay.mode.normal') },
                  { value: 'early', label: t('repay.mode.early') },
                ]}
                data-testid="repay-mode"
              />
            </div>
          ) : null}
          {early ? <QuoteBox quote={quote.data} loading={quote.isPending} error={quote.error} /> : null}
          {early ? (
            <Form.Item name="amount" label={t('repay.amount')} extra={t('repay.earlyHint')}>
              <Shown>
                <strong className="bh-num" data-testid="repay-amount-shown">
                  {quote.data ? formatYuan(quote.data.totalFen) : '—'}
                </strong>
              </Shown>
            </Form.Item>
          ) : (
            <Form.Item name="amount" label={t('repay.amount')} required rules={[yuanRule(t('amountInvalid'), true)]}>
              <Input inputMode="decimal" maxLength={16} suffix={t('yuan')} data-testid="repay-amount" />
            </Form.Item>
          )}
          <Form.Item name="source" label={t('repay.source')} rules={[{ required: true }]}>
            <Select options={sourceOptions(t)} />
          </Form.Item>
          <Form.Item name="channel" label={t('dp.channel')} rules={[{ required: true }]}>
            <Select options={channelOptions(t)} />
          </Form.Item>
          <Form.Item name="serialNo" label={t('dp.serialNo')} rules={[{ required: true, whitespace: true, message: t('dp.serialNoRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="payer" label={t('dp.payer')} rules={[{ required: true, whitespace: true, message: t('dp.payerRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          {early ? (
            <Form.Item name="valueDate" label={t('dp.valueDate')} extra={t('repay.earlyDateHint')}>
              <Shown>
                <span className="bh-num">{money.businessDate}</span>
              </Shown>
            </Form.Item>
          ) : (
            <Form.Item name="valueDate" label={t('dp.valueDate')} rules={[{ required: true, message: t('dp.valueDateRequired') }]}>
              <DatePicker style={{ width: '100%' }} disabledDate={(day) => !valueDateAllowed(day, businessDate, disbursedOn)} />
            </Form.Item>
          )}
          <Form.Item name="voucher" label={t('dp.voucher')} extra={t('file.chooseHint')}>
            <FilePick accept="image/jpeg,image/png,image/webp,application/pdf" testId="voucher" />
          </Form.Item>
          {early ? null : <PreviewBox orderId={order.id} form={form} />}
        </>
      )}
    </FormDialog>
  );
}

/** A value that follows `value` once it has not changed for `ms`. */
function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** 分配试算: the allocation the amount and date typed would get (`POST …/repayment/preview`, nothing stored). */
function PreviewBox({ orderId, form }: { orderId: number; form: FormInstance<RepaymentForm & { voucher?: File | null }> }) {
  const { t } = useTranslation(BUSINESS_NS);
  const amount = Form.useWatch('amount', form);
  const valueDate = Form.useWatch('valueDate', form);
  const body = previewBody(amount, valueDate);
  const asked = useDebounced(body ? `${body.amountFen}|${body.valueDate}` : '', 350);
  const preview = useQuery({
    queryKey: ['business', 'repayPreview', orderId, asked],
    queryFn: () => {
      const [amountFen = '0', date = ''] = asked.split('|');
      return loadInline(() => repaymentApi.preview(orderId, { amountFen: Number(amountFen), valueDate: date }));
    },
    enabled: asked !== '',
    staleTime: 0,
  });
  const typed = body !== null;
  return (
    <div className="bh-repay-box" data-testid="repay-preview">
      <Typography.Text strong>{t('repay.preview')}</Typography.Text>
      <Typography.Text type="secondary" className="bh-order__sub bh-repay-box__hint">
        {t('repay.previewHint')}
      </Typography.Text>
      {!typed ? (
        <Typography.Paragraph type="secondary" className="bh-repay-box__empty">
          {t('repay.previewEmpty')}
        </Typography.Paragraph>
      ) : preview.isError ? (
        <Alert type="warning" showIcon title={isApiError(preview.error) && preview.error.msg ? preview.error.msg : t('repay.previewFailed')} />
      ) : !preview.data || asked !== `${body.amountFen}|${body.valueDate}` ? (
        <div className="bh-repay-box__empty">
          <Spin size="small" />
        </div>
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="bh-repay-box__figures" data-testid="preview-figures">
            <Descriptions.Item label={t('repay.outstandingBefore')}>
              <span className="bh-num">{formatYuan(preview.data.outstandingBeforeFen)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.outstandingAfter')}>
              <strong className="bh-num" data-testid="preview-after">
                {formatYuan(preview.data.outstandingAfterFen)}
              </strong>
            </Descriptions.Item>
            <Descriptions.Item label={t('repay.dpdAfter')}>
              <DaysPastDue days={preview.data.daysPastDueAfter} />
            </Descriptions.Item>
          </Descriptions>
          <AllocationTable lines={preview.data.lines} overpaymentFen={preview.data.overpaymentFen} testId="preview-allocation" />
        </>
      )}
    </div>
  );
}

/** 结清报价: what settles the order today, part by part, and the future interest it does not owe. */
function QuoteBox({ quote, loading, error }: { quote: QuoteData | undefined; loading: boolean; error: unknown }) {
  const { t } = useTranslation(BUSINESS_NS);
  if (error) return <Alert type="error" showIcon className="bh-order-outcomes" title={isApiError(error) && error.msg ? error.msg : t('repay.quoteFailed')} data-testid="quote-failed" />;
  if (loading || !quote) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <div className="bh-repay-box bh-repay-box--quote" data-testid="repay-quote">
      <Typography.Text strong>{t('repay.quote', { date: quote.date })}</Typography.Text>
      <Descriptions size="small" bordered column={{ xs: 1, sm: 2 }} className="bh-repay-box__figures bh-repay-box__figures--quote">
        {quoteBreakdown(quote).map((part) => (
          <Descriptions.Item key={part.key} label={t(`repay.quoteParts.${part.key}`)}>
            <span className="bh-num">{formatYuan(part.fen)}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('repay.quoteParts.total')}>
          <strong className="bh-num" data-testid="quote-total">
            {formatYuan(quote.totalFen)}
          </strong>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary" className="bh-order__sub" data-testid="quote-cancelled">
        {t('repay.cancelledInterest', { amount: formatYuan(quote.cancelledInterestFen) })}
      </Typography.Text>
      {quote.lines.length > 0 ? (
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'lines',
              label: t('repay.quoteLines'),
              children: (
                <Table
                  rowKey="itemSeq"
                  size="small"
                  pagination={false}
                  dataSource={quote.lines}
                  scroll={{ x: 'max-content', y: 240 }}
                  columns={[
                    { key: 'seq', title: t('plan.seq'), width: 80, render: (_, l) => t('repay.seqLabel', { n: l.itemSeq }) },
                    { key: 'principal', title: t('repay.component.PRINCIPAL'), align: 'right', width: 100, render: (_, l) => <span className="bh-num">{formatYuan(l.principalFen)}</span> },
                    { key: 'interest', title: t('repay.component.INTEREST'), align: 'right', width: 100, render: (_, l) => <span className="bh-num">{formatYuan(l.interestFen)}</span> },
                    { key: 'fee', title: t('repay.component.FEE'), align: 'right', width: 100, render: (_, l) => <span className="bh-num">{formatYuan(l.feeFen)}</span> },
                    { key: 'penalty', title: t('repay.component.PENALTY'), align: 'right', width: 100, render: (_, l) => <span className="bh-num">{formatYuan(l.penaltyFen)}</span> },
                    { key: 'cancelled', title: t('repay.cancelledShort'), align: 'right', width: 110, render: (_, l) => <span className="bh-num">{formatYuan(l.cancelledInterestFen)}</span> },
                  ]}
                />
              ),
            },
          ]}
        />
      ) : null}
    </div>
  );
}
