import { PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, App, Button, DatePicker, Descriptions, Empty, Form, Input, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBusinessToday } from '../../shared/api/businessToday';
import { isApiError } from '../../shared/api/errors';
import { newIdempotencyKey } from '../../shared/api/request';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { downPaymentApi, openBlob, type OrderView } from './api';
import { BUSINESS_NS } from './locales';
import { canRecordReceipt, downPaymentBreakdown, RECEIPT_CHANNELS, receiptActions, receiptFields, refundBody, type ReceiptForm, type RefundForm } from './part2Logic';
import { FilePick, ReasonPrompt, Shown, StatusTag } from './part2Parts';
import type { ReceiptData, RefundData } from './part2Types';
import { useRefusal } from './useRefusal';

/** The order statuses in which a down payment is recorded. */
const RECORDING = ['PENDING_DOWN_PAYMENT'];

/** 首付款: what is due (the breakdown), the receipts with 确认收款 / 驳回, 登记收款, the refunds and 登记退款. */
export function DownPaymentPanel({ view, onChanged }: { view: OrderView; onChanged: () => unknown }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [rejecting, setRejecting] = useState<ReceiptData | null>(null);
  const [refusal, setRefusal] = useState<{ title: string; detail?: string } | null>(null);
  // One idempotency key per receipt confirmation, reused when the same confirmation is retried.
  const keys = useRef(new Map<number, string>());
  const order = view.order;
  const canRecord = RECORDING.includes(order.status) && canRecordReceipt(view.receipts) && hasPermission(PERMISSIONS.ORDER_INFO_DOWN_PAYMENT, held);
  const canRefund = view.receivedFen > 0 && view.nextEvents.includes('CANCEL') && hasPermission(PERMISSIONS.ORDER_INFO_CANCEL, held);

  const confirm = async (receipt: ReceiptData) => {
    setRefusal(null);
    let key = keys.current.get(receipt.id);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(receipt.id, key);
    }
    try {
      await downPaymentApi.confirm(receipt.id, key);
      keys.current.delete(receipt.id);
      void message.success(t('dp.confirmed'));
      await onChanged();
    } catch (error) {
      // The reason in the interface language, the server's own wording under it.
      if (isApiError(error) && error.code === 403) setRefusal({ title: t('dp.makerChecker'), detail: error.msg });
      else if (isApiError(error) && error.code === 409) setRefusal({ title: error.msg });
    }
  };

  return (
    <div data-testid="down-payment-panel">
      <Breakdown view={view} />
      {refusal ? <Alert type="error" showIcon closable={{ onClose: () => setRefusal(null) }} title={refusal.title} description={refusal.detail} className="bh-order-outcomes" data-testid="refusal" /> : null}
      {canRecord || canRefund ? (
        <div className="bh-order-panel__bar">
          <Space>
            {canRecord ? (
              <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)} data-testid="record-receipt">
                {t('dp.record')}
              </Button>
            ) : null}
            {canRefund ? (
              <Button size="small" danger icon={<RollbackOutlined />} onClick={() => setRefunding(true)}>
                {t('action.refund')}
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
      <Typography.Title level={5} className="bh-order-panel__title">
        {t('dp.receipts')}
      </Typography.Title>
      <Table<ReceiptData>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={view.receipts}
        scroll={{ x: 'max-content' }}
        data-testid="receipts"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dp.noReceipts')} /> }}
        columns={[
          { key: 'amount', title: t('amount'), align: 'right', width: 110, render: (_, r) => <span className="bh-num">{formatYuan(r.amountFen)}</span> },
          {
            key: 'channel',
            title: t('dp.channel'),
            width: 140,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{t(`receiptChannel.${r.channel}`, { defaultValue: r.channel })}</span>
                <Typography.Text type="secondary" className="bh-order__sub">
                  {r.serialNo}
                </Typography.Text>
              </Space>
            ),
          },
          { key: 'payer', title: t('dp.payer'), width: 100, render: (_, r) => r.payer || '—' },
          { key: 'valueDate', title: t('dp.valueDate'), width: 100, render: (_, r) => r.valueDate },
          {
            key: 'status',
            title: t('state'),
            width: 90,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <StatusTag of="receipt" status={r.status} />
                {r.status === 'REJECTED' && r.rejectReason ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {r.rejectReason}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'recorded',
            title: t('dp.recordedBy'),
            width: 130,
            render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.recordedByName}</span>
                <Typography.Text type="secondary" className="bh-order__sub">
                  {formatDateTime(r.recordedAt)}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'confirmed',
            title: t('dp.confirmedBy'),
            width: 140,
            render: (_, r) =>
              r.confirmedByName ? (
                <Space orientation="vertical" size={0}>
                  <span>{r.confirmedByName}</span>
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {formatDateTime(r.confirmedAt)}
                  </Typography.Text>
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'actions',
            title: t('contract.actions'),
            width: 170,
            render: (_, r) => {
              const actions = receiptActions(r, held);
              return (
                <Space size={12} className="bh-nowrap">
                  {r.voucherFileId !== null ? <a onClick={() => void showVoucher(r.id)}>{t('dp.voucher')}</a> : null}
                  {actions.includes('confirm') ? (
                    <Popconfirm title={t('dp.confirmAsk', { amount: formatYuan(r.amountFen), serialNo: r.serialNo })} onConfirm={() => confirm(r)}>
                      <a data-testid="confirm-receipt">{t('dp.confirm')}</a>
                    </Popconfirm>
                  ) : null}
                  {actions.includes('reject') ? (
                    <a className="bh-order__danger" onClick={() => setRejecting(r)}>
                      {t('dp.reject')}
                    </a>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {view.refunds.length > 0 ? (
        <>
          <Typography.Title level={5} className="bh-order-panel__title">
            {t('refund.list')}
          </Typography.Title>
          <Refunds rows={view.refunds} />
        </>
      ) : null}
      {recording ? (
        <RecordReceiptDialog
          view={view}
          onClose={() => setRecording(false)}
          onDone={() => {
            setRecording(false);
            void onChanged();
          }}
        />
      ) : null}
      {refunding ? (
        <RefundDialog
          view={view}
          onClose={() => setRefunding(false)}
          onDone={() => {
            setRefunding(false);
            void onChanged();
          }}
        />
      ) : null}
      {rejecting ? (
        <ReasonPrompt
          title={t('dp.rejectTitle', { serialNo: rejecting.serialNo })}
          okText={t('dp.reject')}
          onSubmit={(reason) => downPaymentApi.reject(rejecting.id, reason)}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null);
            void onChanged();
          }}
        />
      ) : null}
    </div>
  );

  async function showVoucher(receiptId: number) {
    try {
      openBlob(await downPaymentApi.voucher(receiptId));
    } catch {
      void message.error(t('file.previewFailed'));
    }
  }
}

/** What is due at the down payment: 首付款, 手续费, 保证金, 首期月供 (when collected then), 合计. */
export function Breakdown({ view, narrow = false }: { view: OrderView; /** In a dialog: three to a row. */ narrow?: boolean }) {
  const { t } = useTranslation(BUSINESS_NS);
  const parts = downPaymentBreakdown(view);
  return (
    <Descriptions size="small" column={narrow ? { xs: 1, sm: 3 } : { xs: 1, sm: 2, xl: parts.length + 2 }} bordered className="bh-order-breakdown" data-testid="dp-breakdown">
      {parts.map((part) => (
        <Descriptions.Item key={part.key} label={t(`dp.part.${part.key}`)}>
          <span className="bh-num">{formatYuan(part.fen)}</span>
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('dp.part.total')}>
        <strong className="bh-num" data-testid="dp-total">
          {formatYuan(view.dueAtDownPaymentFen)}
        </strong>
      </Descriptions.Item>
      <Descriptions.Item label={t('dp.received')}>
        <span className="bh-num">{formatYuan(view.receivedFen)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The refunds of money received (E13). */
export function Refunds({ rows }: { rows: readonly RefundData[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Table<RefundData>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      data-testid="refunds"
      columns={[
        { key: 'amount', title: t('amount'), align: 'right', width: 120, render: (_, r) => <span className="bh-num">{formatYuan(r.amountFen)}</span> },
        { key: 'channel', title: t('dp.channel'), width: 120, render: (_, r) => t(`receiptChannel.${r.channel}`, { defaultValue: r.channel }) },
        { key: 'serialNo', title: t('dp.serialNo'), width: 160, render: (_, r) => r.serialNo },
        { key: 'valueDate', title: t('dp.valueDate'), width: 110, render: (_, r) => r.valueDate },
        { key: 'reason', title: t('reason'), width: 200, ellipsis: true, render: (_, r) => r.reason || '—' },
        { key: 'by', title: t('refund.by'), width: 160, render: (_, r) => `${r.createdByName} · ${formatDateTime(r.createdAt)}` },
      ]}
    />
  );
}

const channelOptions = (t: (key: string) => string) => RECEIPT_CHANNELS.map((c) => ({ value: c, label: t(`receiptChannel.${c}`) }));

/**
 * 登记收款: one multipart request — channel, bank serial, payer, value date and an optional voucher
 * (image or PDF). The amount is what is due at the down payment: the server takes exactly that.
 */
export function RecordReceiptDialog({ view, onClose, onDone }: { view: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const today = useBusinessToday();
  return (
    <FormDialog<ReceiptForm & { voucher?: File | null }>
      open
      title={t('dp.recordTitle', { orderNo: view.order.orderNo })}
      width={620}
      labelWidth={130}
      okText={t('dp.record')}
      initialValues={{ channel: 'BANK_TRANSFER', payer: view.order.customerName, valueDate: today }}
      fieldNames={{ amountFen: 'amount' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => downPaymentApi.record(view.order.id, receiptFields(values, view.dueAtDownPaymentFen), values.voucher ?? null));
        void message.success(t('dp.recorded'));
        onDone();
      }}
    >
      {alert}
      <Breakdown view={view} narrow />
      <Form.Item name="amount" label={t('amount')} extra={t('dp.amountHint')}>
        <Shown>
          <strong className="bh-num" data-testid="receipt-amount">
            {formatYuan(view.dueAtDownPaymentFen)}
          </strong>
        </Shown>
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
      <Form.Item name="valueDate" label={t('dp.valueDate')} rules={[{ required: true, message: t('dp.valueDateRequired') }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(today, 'day')} />
      </Form.Item>
      <Form.Item name="voucher" label={t('dp.voucher')} extra={t('file.chooseHint')}>
        <FilePick accept="image/jpeg,image/png,image/webp,application/pdf" testId="voucher" />
      </Form.Item>
    </FormDialog>
  );
}

/** 登记退款: the whole amount received and not yet refunded is given back (no amount to type). */
export function RefundDialog({ view, onClose, onDone }: { view: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const today = useBusinessToday();
  return (
    <FormDialog<RefundForm>
      open
      title={t('refund.title', { orderNo: view.order.orderNo })}
      width={600}
      labelWidth={130}
      okText={t('action.refund')}
      initialValues={{ channel: 'BANK_TRANSFER', valueDate: today }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => downPaymentApi.refund(view.order.id, refundBody(values)));
        void message.success(t('refund.done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item label={t('amount')} extra={t('refund.whole')}>
        <strong className="bh-num" data-testid="refund-amount">
          {formatYuan(view.receivedFen)}
        </strong>
      </Form.Item>
      <Form.Item name="channel" label={t('dp.channel')} rules={[{ required: true }]}>
        <Select options={channelOptions(t)} />
      </Form.Item>
      <Form.Item name="serialNo" label={t('dp.serialNo')} rules={[{ required: true, whitespace: true, message: t('dp.serialNoRequired') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="valueDate" label={t('dp.valueDate')} rules={[{ required: true, message: t('dp.valueDateRequired') }]}>
        <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(today, 'day')} />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
