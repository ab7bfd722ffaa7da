import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Descriptions, Empty, Form, Input, Select, Skeleton, Space, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { loadInline } from '../../shared/api/request';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatYuan } from '../../shared/format/money';
import { useStatusLabel } from '../../shared/order/labels';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { SURRENDER_LABELS_NS } from '../../shared/surrender/labels';
import { NoticeStatusTag } from '../../shared/surrender/SurrenderTags';
import { surrenderApi } from './api';
import { cancelDateAllowed, MAX_CANCEL_DAYS, predictedBalance } from './logic';
import { SURRENDER_NS } from './locales';
import { GraceTag, PolicyEstimates, Yuan } from './parts';
import { SURRENDER_REASONS, type SurrenderData, type SurrenderQuoteData } from './types';

interface ApplyValues {
  orderId?: number;
  reason?: string;
  cancelDate?: Dayjs;
  remark?: string;
}

/** The server's field names → the form's (a 400 names every wrong field at once). */
const FIELD_NAMES = { requestedCancelDate: 'cancelDate' };

const DAY = 'YYYY-MM-DD';

/**
 * 申请退保: the order (given by the link `?orderId=`, e.g. from the order page's 退保 tab, or searched
 * by number among the orders of 还款阶段), the reason, the requested cancellation date (today's
 * business date by default) and a remark. Each change of the reason or the date asks the server
 * for 退保试算: each policy's estimated refund, the total, the payoff at that date, what is owed and
 * how late, the demand notice, and whether the order may be surrendered for that reason now
 * (`blocked`: the reason shown, the submit button greyed out). A 400 names every wrong field at
 * once: shown under each.
 */
export function ApplyDialog({ orderId, onClose, onCreated }: { orderId: number | null; onClose: () => void; onCreated: (row: SurrenderData) => void }) {
  const { t } = useTranslation(SURRENDER_NS);
  const [picked, setPicked] = useState<number | null>(orderId);
  const [params, setParams] = useState<{ reason: string | undefined; date: string | undefined }>({ reason: undefined, date: undefined });
  // The business date of the first answer: a date equal to it is the server's default, not sent again.
  const [businessDate, setBusinessDate] = useState<string | null>(null);
  const cancelDate = params.date !== undefined && params.date !== businessDate ? params.date : undefined;
  const quote = useQuery({
    queryKey: ['surrender', 'quote', picked, params.reason ?? '', cancelDate ?? ''],
    // The dialog's own load: its error shows inside the dialog (409: the order is not disbursed).
    queryFn: () => loadInline(() => surrenderApi.quote(picked ?? 0, { reason: params.reason, cancelDate })),
    enabled: picked !== null,
    retry: false,
    gcTime: 0,
    // The figures of the same order stay while new ones load (another reason or date).
    placeholderData: (previous, query) => (query?.queryKey[2] === picked ? previous : undefined),
  });
  const data = quote.data;
  if (data && businessDate === null) setBusinessDate(data.businessDate);
  const blocked = data?.blocked ?? null;
  return (
    <FormDialog<ApplyValues>
      open
      title={t('createTitle')}
      width={960}
      labelWidth={120}
      okText={t('form.submit')}
      okDisabled={!data || blocked !== null || quote.isFetching || quote.isError}
      initialValues={orderId !== null ? { orderId } : {}}
      fieldNames={FIELD_NAMES}
      onClose={onClose}
      onSubmit={async (values) => {
        const created = await surrenderApi.create({
          orderId: values.orderId ?? 0,
          reason: values.reason ?? '',
          requestedCancelDate: (values.cancelDate ?? dayjs(data?.businessDate)).format(DAY),
          remark: (values.remark ?? '').trim(),
        });
        onCreated(created);
      }}
    >
      {(form) => (
        <ApplyFields
          form={form}
          quote={data}
          loading={quote.isFetching}
          error={quote.isError ? (isApiError(quote.error) ? quote.error.msg : String(quote.error)) : null}
          presetNo={orderId !== null && data ? data.orderNo : null}
          onPick={(id) => {
            setPicked(id);
            setBusinessDate(null);
            setParams({ reason: form.getFieldValue('reason') as string | undefined, date: undefined });
            form.resetFields(['cancelDate']);
          }}
          onParams={(reason, date) => setParams({ reason, date })}
        />
      )}
    </FormDialog>
  );
}

function ApplyFields({
  form,
  quote,
  loading,
  error,
  presetNo,
  onPick,
  onParams,
}: {
  form: FormInstance<ApplyValues>;
  quote: SurrenderQuoteData | undefined;
  loading: boolean;
  error: string | null;
  presetNo: string | null;
  onPick: (id: number) => void;
  onParams: (reason: string | undefined, date: string | undefined) => void;
}) {
  const { t } = useTranslation(SURRENDER_NS);
  const labels = useTranslation(SURRENDER_LABELS_NS).t;
  const reason = Form.useWatch('reason', form);

  // Today's business date as the default cancellation date, once the server has named it.
  useEffect(() => {
    if (quote && form.getFieldValue('cancelDate') === undefined) form.setFieldValue('cancelDate', dayjs(quote.businessDate));
  }, [quote, form]);

  // Each change of the reason or the date asks for a new estimate.
  const dateText = (day: Dayjs | null | undefined) => (day ? day.format(DAY) : undefined);

  return (
    <>
      <Form.Item name="orderId" label={t('form.order')} rules={[{ required: true, message: t('form.orderRequired') }]}>
        <OrderPicker presetNo={presetNo} onPick={onPick} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={t('form.quoteFailed')} description={error} className="bh-surrender__alert" data-testid="quote-error" /> : null}
      {loading && !quote && !error ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {quote ? (
        <div className="bh-surrender__facts" data-testid="quote-facts">
          <span>{t('form.customer', { name: quote.customerName })}</span>
          <OrderStatusTag status={quote.orderStatus} />
          {quote.daysPastDue > 0 ? <Typography.Text type="danger">{t('form.dpd', { n: quote.daysPastDue })}</Typography.Text> : null}
          <Typography.Text type="secondary">{t('form.businessDate', { date: quote.businessDate })}</Typography.Text>
        </div>
      ) : null}
      <Form.Item
        name="reason"
        label={t('form.reason')}
        rules={[{ required: true, message: t('form.reasonRequired') }]}
        extra={reason ? t(`form.reasonHint.${reason}`, { defaultValue: '' }) : undefined}
      >
        <Select
          data-testid="surrender-reason"
          className="bh-surrender__reason"
          placeholder={t('form.reasonPlaceholder')}
          options={SURRENDER_REASONS.map((code) => ({ value: code, label: labels(`reason.${code}`) }))}
          onChange={(next: string) => onParams(next, dateText(form.getFieldValue('cancelDate') as Dayjs | undefined))}
        />
      </Form.Item>
      <Form.Item
        name="cancelDate"
        label={t('form.cancelDate')}
        rules={[{ required: true, message: t('form.cancelDateRequired') }]}
        extra={t('form.cancelDateHint', { days: MAX_CANCEL_DAYS })}
      >
        <DatePicker
          className="bh-surrender__date"
          allowClear={false}
          data-testid="surrender-cancel-date"
          disabled={!quote}
          disabledDate={(day) => (quote ? !cancelDateAllowed(day, quote.businessDate) : false)}
          onChange={(day: Dayjs | null) => onParams(form.getFieldValue('reason') as string | undefined, dateText(day))}
        />
      </Form.Item>
      {quote ? <QuoteView quote={quote} loading={loading} /> : null}
      <Form.Item name="remark" label={t('form.remark')}>
        <Input.TextArea rows={2} maxLength={500} showCount placeholder={t('form.remarkPlaceholder')} data-testid="surrender-remark" />
      </Form.Item>
    </>
  );
}

/** 退保试算: why it cannot be filed (if so), each policy's estimate, the totals against the payoff, the demand notice. */
function QuoteView({ quote, loading }: { quote: SurrenderQuoteData; loading: boolean }) {
  const { t } = useTranslation(SURRENDER_NS);
  const labels = useTranslation(SURRENDER_LABELS_NS).t;
  const balance = predictedBalance(quote.estimateFen, quote.payoffFen);
  // The server says the open application in `blocked` too: named once.
  const openOnly = quote.openNo !== null && !(quote.blocked ?? '').includes(quote.openNo);
  return (
    <div className={loading ? 'bh-surrender__quote bh-surrender__quote--loading' : 'bh-surrender__quote'} data-testid="surrender-quote" aria-busy={loading}>
      {quote.blocked ? (
        <Alert type="error" showIcon title={t('form.blocked')} description={quote.blocked} className="bh-surrender__alert" data-testid="surrender-blocked" />
      ) : null}
      {openOnly ? <Alert type="warning" showIcon title={t('form.open', { no: quote.openNo })} className="bh-surrender__alert" data-testid="surrender-open" /> : null}
      <Typography.Text strong className="bh-surrender__quote-title">
        {t('form.quoteFor', { reason: labels(`reason.${quote.reason}`, { defaultValue: quote.reason }), date: quote.cancelDate })}
      </Typography.Text>
      <PolicyEstimates policies={quote.policies} testId="quote-policies" />
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-surrender__totals" data-testid="quote-totals">
        <Descriptions.Item label={t('form.estimate')}>
          <span data-testid="quote-estimate">
            <Yuan fen={quote.estimateFen} strong />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('form.payoff')}>
          <span data-testid="quote-payoff">
            <Yuan fen={quote.payoffFen} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('form.outstanding')}>
          <Yuan fen={quote.outstandingFen} />
        </Descriptions.Item>
        <Descriptions.Item label={t('form.dpdLabel')}>
          {quote.daysPastDue > 0 ? t('days', { n: quote.daysPastDue }) : t('form.dpd0')}
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type={balance.kind === 'shortfall' ? 'warning' : 'info'}
        showIcon
        className="bh-surrender__balance"
        data-testid="quote-balance"
        title={balance.kind === 'none' ? t('form.balance.none') : t(`form.balance.${balance.kind}`, { amount: formatYuan(balance.fen) })}
      />
      <NoticeView quote={quote} />
    </div>
  );
}

/** The order's latest demand notice: sent on, cure deadline (grace over?), status, delivered. */
function NoticeView({ quote }: { quote: SurrenderQuoteData }) {
  const { t } = useTranslation(SURRENDER_NS);
  const notice = quote.notice;
  // An order that is not overdue and no notice: nothing to say (a default surrender is what needs one).
  if (!notice && quote.orderStatus !== 'OVERDUE' && quote.reason !== 'DEFAULT') return null;
  return (
    <div className="bh-surrender__notice" data-testid="quote-notice">
      <Typography.Text strong>{t('form.notice')}</Typography.Text>
      {notice ? (
        <Space wrap size={[16, 4]} className="bh-surrender__notice-facts">
          <span className="bh-num">
            {t('form.noticeSentOn')} {notice.sentOn}
          </span>
          <span className="bh-num">
            {t('form.noticeCure')} {notice.cureDeadline}
          </span>
          <NoticeStatusTag status={notice.status} />
          {notice.status === 'SENT' ? <GraceTag cureDeadline={notice.cureDeadline} /> : null}
          <Typography.Text type="secondary">{notice.delivered ? t('form.delivered') : t('form.notDelivered')}</Typography.Text>
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('form.noNotice')}</Typography.Text>
      )}
    </div>
  );
}

/** The order: searched by number among the orders of 还款阶段 (the user needs admin:order_info:table for it). */
function OrderPicker({ id, value, onChange, presetNo, onPick }: { id?: string; value?: number; onChange?: (id: number) => void; presetNo: string | null; onPick: (id: number) => void }) {
  const { t } = useTranslation(SURRENDER_NS);
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
    queryKey: ['surrender', 'orders', search],
    queryFn: () => loadInline(() => surrenderApi.orders(search)),
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
        data-testid="surrender-order"
        placeholder={t('form.orderPlaceholder')}
        showSearch={{ filterOption: false, onSearch: setText }}
        loading={orders.isFetching}
        disabled={!canSearch && value === undefined}
        notFoundContent={orders.isFetching ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noOrders')} />}
        options={options.map((o) => ({ value: o.value, label: o.label, status: o.status }))}
        optionRender={(option) => (
          <span className="bh-surrender__option">
            <span>{option.data.label}</span>
            {option.data.status ? <Typography.Text type="secondary">{option.data.status}</Typography.Text> : null}
          </span>
        )}
        onChange={(next) => {
          const option = options.find((o) => o.value === next);
          if (option) setChosen({ value: option.value, label: option.label });
          onChange?.(next);
          onPick(next);
        }}
      />
      {!canSearch ? (
        <Typography.Text type="secondary" className="bh-surrender__sub">
          {t('form.noOrderPermission')}
        </Typography.Text>
      ) : null}
    </>
  );
}
