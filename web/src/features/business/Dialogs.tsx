import { Alert, App, Checkbox, Form, Input, InputNumber, Select, Table, Tag, type InputNumberProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/crud/FormDialog';
import { DictSelect } from '../../shared/dictionary/DictSelect';
import { fenToYuan, formatYuan } from '../../shared/format/money';
import { orderApi, type Outcome } from './api';
import { BUSINESS_NS } from './locales';
import { RETURN_FIELDS, optionalFen, yuanRule } from './logic';
import { PROVIDERS_KEY, providerOptions, useProviders } from './lookups';
import { useRefusal } from './useRefusal';

// The command dialogs of the order screens; a refusal the user must understand shows inside the
// dialog (`useRefusal`), field errors (400) under their fields.

/** A yuan amount input (text, two decimals; converted to fen on the text). Form.Item's value, onChange and id pass through. */
export function YuanInput({ testId, width, ...rest }: Omit<InputNumberProps<string>, 'stringMode'> & { testId?: string; width?: number | string }) {
  const { t } = useTranslation(BUSINESS_NS);
  return <InputNumber<string> min="0" precision={2} suffix={t('yuan')} style={{ width: width ?? '100%' }} data-testid={testId} {...rest} stringMode />;
}

// ------------------------------------------------------------------ a reason

export type ReasonCommand = 'cancel' | 'unallocate' | 'noFunder';

/** 取消订单 / 撤回分配 / 无资金方，拒绝: a required reason. */
export function ReasonDialog({
  command,
  orderNo,
  orderId,
  onClose,
  onDone,
}: {
  command: ReasonCommand;
  orderNo: string;
  orderId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ reason: string }>
      open
      title={t(`reasonTitle.${command}`, { orderNo })}
      onClose={onClose}
      onSubmit={async ({ reason }) => {
        await guard(() =>
          command === 'cancel'
            ? orderApi.cancel(orderId, reason.trim())
            : command === 'unallocate'
              ? orderApi.unallocate(orderId, reason.trim())
              : orderApi.noFunder(orderId, reason.trim()),
        );
        void message.success(t('done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}

// ------------------------------------------------------------------ review

/** 通过 (T4): the approved financed amount (at most the asked one) and an opinion. */
export function ApproveDialog({ orderId, orderNo, financedFen, onClose, onDone }: { orderId: number; orderNo: string; financedFen: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ approved?: string; opinion?: string }>
      open
      title={t('approveTitle', { orderNo })}
      labelWidth={120}
      initialValues={{ approved: fenToYuan(financedFen) }}
      onClose={onClose}
      okText={t('action.approve')}
      onSubmit={async (values) => {
        const approved = optionalFen(values.approved);
        await guard(() => orderApi.approve(orderId, { approvedFinancedFen: approved ?? null, opinion: (values.opinion ?? '').trim() || null }));
        void message.success(t('done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item name="approved" label={t('approvedFinanced')} extra={t('approvedHint', { amount: formatYuan(financedFen) })} rules={[yuanRule(t('amountInvalid'), false)]}>
        <YuanInput testId="approved" />
      </Form.Item>
      <Form.Item name="opinion" label={t('opinion')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

/** 退回 (T5): a required reason and what to fix. */
export function ReturnDialog({ orderId, orderNo, onClose, onDone }: { orderId: number; orderNo: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ reason: string; fields: string[] }>
      open
      title={t('returnTitle', { orderNo })}
      width={620}
      labelWidth={110}
      initialValues={{ fields: [] }}
      onClose={onClose}
      okText={t('action.return')}
      onSubmit={async (values) => {
        await guard(() => orderApi.returnBack(orderId, { reason: values.reason.trim(), fields: values.fields }));
        void message.success(t('done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item name="reason" label={t('returnReason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
      <Form.Item name="fields" label={t('returnFields')} rules={[{ required: true, type: 'array', min: 1, message: t('returnFieldsRequired') }]}>
        <Checkbox.Group options={RETURN_FIELDS.map((field) => ({ value: field, label: t(`field.${field}`) }))} />
      </Form.Item>
    </FormDialog>
  );
}

/** 拒绝 (T7): a reason from the `reject_reason` dictionary and a text. */
export function RejectDialog({ orderId, orderNo, onClose, onDone }: { orderId: number; orderNo: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ reasonCode: string; reason?: string }>
      open
      title={t('rejectTitle', { orderNo })}
      labelWidth={110}
      onClose={onClose}
      okText={t('action.reject')}
      onSubmit={async (values) => {
        await guard(() => orderApi.reject(orderId, { reasonCode: values.reasonCode, reason: (values.reason ?? '').trim() || null }));
        void message.success(t('done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item name="reasonCode" label={t('rejectReason')} rules={[{ required: true, message: t('rejectReasonRequired') }]}>
        <DictSelect type="reject_reason" />
      </Form.Item>
      <Form.Item name="reason" label={t('rejectText')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}

// ------------------------------------------------------------------ allocation

/** 分配 (T8) of one or more orders: the provider with its available credit; a batch shows each order's outcome. */
export function AllocateDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: readonly { id: number; orderNo: string; financedFen: number }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const { providers } = useProviders();
  const [alert, guard] = useRefusal();
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  // A batch's outcomes replace the form: its closing after the save must not close them.
  const showingOutcomes = useRef(false);
  const total = orders.reduce((sum, o) => sum + o.financedFen, 0);
  const byId = new Map(orders.map((o) => [o.id, o.orderNo]));
  return (
    <>
      <FormDialog<{ capitalProviderId: number }>
        open={outcomes === null}
        title={orders.length === 1 ? t('allocateTitle', { orderNo: orders[0]?.orderNo ?? '' }) : t('allocateBatchTitle', { count: orders.length })}
        width={620}
        labelWidth={110}
        onClose={() => {
          if (!showingOutcomes.current) onClose();
        }}
        okText={t('action.allocate')}
        onSubmit={async ({ capitalProviderId }) => {
          const result = await guard(() => orderApi.allocate(orders.map((o) => o.id), capitalProviderId));
          void client.invalidateQueries({ queryKey: PROVIDERS_KEY });
          if (orders.length === 1 && result.every((o) => o.ok)) {
            void message.success(t('allocated'));
            onDone();
            return;
          }
          showingOutcomes.current = true;
          setOutcomes(result);
        }}
      >
        {alert}
        <Form.Item label={t('allocateAmount')}>
          <span className="bh-num">{formatYuan(total)}</span>
        </Form.Item>
        <Form.Item name="capitalProviderId" label={t('provider')} rules={[{ required: true, message: t('providerRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="provider-select"
            options={providerOptions(providers, (p, available) => t('providerOption', { name: p.name, available, mode: t(`acceptMode.${p.acceptMode}`, { defaultValue: p.acceptMode }) }))}
          />
        </Form.Item>
      </FormDialog>
      {outcomes ? (
        <OutcomeWindow
          outcomes={outcomes}
          orderNo={(id) => byId.get(id) ?? String(id)}
          onClose={() => {
            setOutcomes(null);
            onDone();
          }}
        />
      ) : null}
    </>
  );
}

function OutcomeWindow({ outcomes, orderNo, onClose }: { outcomes: Outcome[]; orderNo: (id: number) => string; onClose: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const ok = outcomes.filter((o) => o.ok).length;
  return (
    <FormDialog<object> open title={t('outcomeTitle')} width={640} onClose={onClose} onSubmit={async () => undefined}>
      <Alert
        type={ok === outcomes.length ? 'success' : ok === 0 ? 'error' : 'warning'}
        showIcon
        title={t('outcomeSummary', { ok, failed: outcomes.length - ok })}
        className="bh-order-outcomes"
      />
      <Table<Outcome>
        rowKey="orderId"
        size="small"
        pagination={false}
        dataSource={outcomes}
        data-testid="outcomes"
        columns={[
          { key: 'orderNo', title: t('col.orderNo'), width: 170, render: (_, o) => orderNo(o.orderId) },
          { key: 'ok', title: t('outcome'), width: 90, render: (_, o) => (o.ok ? <Tag color="green">{t('outcomeOk')}</Tag> : <Tag color="red">{t('outcomeFailed')}</Tag>) },
          { key: 'message', title: t('outcomeMessage'), render: (_, o) => o.message || '—' },
        ]}
      />
    </FormDialog>
  );
}

/** 代资金方确认 (T9 for a MANUAL-accept provider): the provider's approval number. */
export function AcceptDialog({ orderId, orderNo, reservedFen, onClose, onDone }: { orderId: number; orderNo: string; reservedFen: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ approvalNo?: string }>
      open
      title={t('acceptTitle', { orderNo })}
      labelWidth={120}
      onClose={onClose}
      okText={t('action.accept')}
      onSubmit={async (values) => {
        await guard(() => orderApi.accept(orderId, { approvalNo: (values.approvalNo ?? '').trim() || null, approvedFen: reservedFen, costRateBp: null }));
        void client.invalidateQueries({ queryKey: PROVIDERS_KEY });
        void message.success(t('done'));
        onDone();
      }}
    >
      {alert}
      <Form.Item label={t('reserved')}>
        <span className="bh-num">{formatYuan(reservedFen)}</span>
      </Form.Item>
      <Form.Item name="approvalNo" label={t('approvalNo')} rules={[{ required: true, whitespace: true, message: t('approvalNoRequired') }]}>
        <Input maxLength={64} />
      </Form.Item>
    </FormDialog>
  );
}
