import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, DatePicker, Descriptions, Form, Input, Radio, Select, Skeleton, Typography, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/errors';
import { loadInline } from '../../shared/api/request';
import { FormDialog } from '../../shared/crud/FormDialog';
import { fenToYuan, formatYuan } from '../../shared/format/money';
import { surrenderApi } from './api';
import {
  CONFIRM_FIELDS,
  dayAllowed,
  defaultEffectiveDate,
  refundFen,
  refundProblem,
  serialProblem,
  settleBody,
  today,
  type ReasonAction,
  type SettleValues,
  type SurrenderAction,
} from './logic';
import { SURRENDER_NS } from './locales';
import { SurrenderSummary, Yuan } from './parts';
import { SETTLE_RESOLUTIONS, SURRENDER_BEARERS, SURRENDER_CHANNELS, type SettlePreviewData, type SurrenderData } from './types';

const DAY = 'YYYY-MM-DD';

/** A refusal (403: the maker or a missing permission; 409: the status moved on) shown inside the dialog, which stays open. */
function useRefusal(): [ReactNode, <T>(run: () => Promise<T>) => Promise<T>] {
  const { t } = useTranslation(SURRENDER_NS);
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = async <T,>(run: () => Promise<T>): Promise<T> => {
    setRefusal(null);
    try {
      return await run();
    } catch (error) {
      if (isApiError(error) && (error.code === 403 || error.code === 409)) setRefusal(error.msg);
      throw error;
    }
  };
  return [refusal ? <Alert type="error" showIcon title={t('refused')} description={refusal} className="bh-surrender__alert" data-testid="refusal" /> : null, guard];
}

/** A bank serial number, checked as the server does. */
function useSerialRule() {
  const { t } = useTranslation(SURRENDER_NS);
  return {
    validator: async (_: unknown, value?: string) => {
      const problem = serialProblem(value);
      if (problem === 'required') throw new Error(t('settle.serialRequired'));
      if (problem === 'format') throw new Error(t('settle.serialFormat'));
    },
  };
}

interface DialogProps {
  row: SurrenderData;
  onClose: () => void;
  onDone: () => void;
}

/** The dialog of an action on an application. */
export function ActionDialog({ action, ...props }: DialogProps & { action: SurrenderAction }) {
  switch (action) {
    case 'approve':
      return <ApproveDialog {...props} />;
    case 'submit':
      return <SubmitDialog {...props} />;
    case 'confirm':
      return <ConfirmDialog {...props} />;
    case 'settle':
      return <SettleDialog {...props} />;
    case 'payout':
      return <PayoutDialog {...props} />;
    default:
      return <ReasonDialog action={action} {...props} />;
  }
}

/** 审批通过: the application shown and what approving does (the order → 退保中). */
function ApproveDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<object>
      open
      title={t('title.approve', { no: row.surrenderNo })}
      width={760}
      okText={t('ok.approve')}
      onClose={onClose}
      onSubmit={async () => {
        await guard(() => surrenderApi.approve(row.id));
        void message.success(t('done.approve'));
        onDone();
      }}
    >
      {alert}
      <SurrenderSummary row={row} />
      <Alert type="info" showIcon title={t('effect.approve')} className="bh-surrender__level" data-testid="approve-effect" />
    </FormDialog>
  );
}

/** 驳回, 撤回, 保险公司拒绝, 撤销退保: why (required). */
function ReasonDialog({ row, action, onClose, onDone }: DialogProps & { action: ReasonAction }) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const run = (reason: string) => {
    switch (action) {
      case 'reject':
        return surrenderApi.reject(row.id, reason);
      case 'withdraw':
        return surrenderApi.withdraw(row.id, reason);
      case 'decline':
        return surrenderApi.decline(row.id, reason);
      case 'cancel':
        return surrenderApi.cancel(row.id, reason);
    }
  };
  const effect = action === 'decline' || action === 'cancel' ? t(`effect.${action}`) : null;
  return (
    <FormDialog<{ reason?: string }>
      open
      title={t(`title.${action}`, { no: row.surrenderNo })}
      width={760}
      labelWidth={90}
      okText={t(`ok.${action}`)}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => run((values.reason ?? '').trim()));
        void message.success(t(`done.${action}`));
        onDone();
      }}
    >
      {alert}
      <SurrenderSummary row={row} />
      {effect ? <Alert type="warning" showIcon title={effect} className="bh-surrender__level" data-testid="reason-effect" /> : null}
      <Form.Item name="reason" label={t('reason')} className="bh-surrender__reason-field" rules={[{ required: true, whitespace: true, message: t(`reasonRequired.${action}`) }]}>
        <Input.TextArea rows={3} maxLength={500} showCount data-testid="surrender-reason-text" />
      </Form.Item>
    </FormDialog>
  );
}

/** 提交保险公司: the day the request went to the insurer (today by default, not after it). */
function SubmitDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ submittedOn?: Dayjs }>
      open
      title={t('title.submit', { no: row.surrenderNo })}
      width={760}
      labelWidth={110}
      okText={t('ok.submit')}
      initialValues={{ submittedOn: today() }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => surrenderApi.submit(row.id, (values.submittedOn ?? today()).format(DAY)));
        void message.success(t('done.submit'));
        onDone();
      }}
    >
      {alert}
      <SurrenderSummary row={row} />
      <Form.Item name="submittedOn" label={t('submit.date')} className="bh-surrender__reason-field" extra={t('submit.hint')} rules={[{ required: true, message: t('submit.dateRequired') }]}>
        <DatePicker className="bh-surrender__date" allowClear={false} data-testid="submit-date" disabledDate={(day) => !dayAllowed(day)} />
      </Form.Item>
    </FormDialog>
  );
}

interface ConfirmValues {
  insurerRefund?: string;
  endorsementNo?: string;
  effectiveDate?: Dayjs;
}

/** 保险公司确认: the refund on the endorsement (yuan → fen), its number (批单号), the day it takes effect. */
function ConfirmDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<ConfirmValues>
      open
      title={t('title.confirm', { no: row.surrenderNo })}
      width={760}
      labelWidth={140}
      okText={t('ok.confirm')}
      initialValues={{ effectiveDate: defaultEffectiveDate(row.requestedCancelDate) }}
      fieldNames={CONFIRM_FIELDS}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() =>
          surrenderApi.confirm(row.id, {
            insurerRefundFen: refundFen(values.insurerRefund) ?? 0,
            endorsementNo: (values.endorsementNo ?? '').trim(),
            effectiveDate: (values.effectiveDate ?? today()).format(DAY),
          }),
        );
        void message.success(t('done.confirm'));
        onDone();
      }}
    >
      {alert}
      <SurrenderSummary row={row} />
      <Form.Item
        name="insurerRefund"
        label={t('confirm.refund')}
        className="bh-surrender__reason-field"
        required
        extra={t('confirm.refundHint', { estimate: formatYuan(row.estimateFen) })}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              const problem = refundProblem(value);
              if (problem === 'required') throw new Error(t('confirm.refundRequired'));
              if (problem === 'format') throw new Error(t('confirm.refundFormat'));
            },
          },
        ]}
      >
        <Input inputMode="decimal" placeholder={fenToYuan(row.estimateFen)} suffix={t('yuan')} className="bh-surrender__amount" data-testid="confirm-refund" />
      </Form.Item>
      <Form.Item
        name="endorsementNo"
        label={t('confirm.endorsementNo')}
        rules={[
          { required: true, whitespace: true, message: t('confirm.endorsementRequired') },
          { max: 64, message: t('confirm.endorsementTooLong') },
        ]}
      >
        <Input maxLength={64} className="bh-surrender__serial" data-testid="confirm-endorsement" />
      </Form.Item>
      <Form.Item name="effectiveDate" label={t('confirm.effectiveDate')} extra={t('confirm.effectiveHint')} rules={[{ required: true, message: t('confirm.effectiveRequired') }]}>
        <DatePicker className="bh-surrender__date" allowClear={false} data-testid="confirm-effective" disabledDate={(day) => !dayAllowed(day)} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * 退保款确认并冲账: the day the refund arrived (today by default), the channel and bank serial
 * (when the insurer refunds something), and 冲账试算 for that day — the refund, the payoff at the
 * effective date, what it pays of the order, the surplus or the shortfall. A shortfall asks what
 * becomes of it (the customer keeps paying, or it is written off and by whom).
 */
function SettleDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const serialRule = useSerialRule();
  const refund = row.insurerRefundFen ?? 0;
  const [receivedOn, setReceivedOn] = useState(() => today().format(DAY));
  const preview = useQuery({
    queryKey: ['surrender', 'settle-preview', row.id, receivedOn],
    queryFn: () => loadInline(() => surrenderApi.settlePreview(row.id, receivedOn)),
    retry: false,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
  return (
    <FormDialog<SettleValues>
      open
      title={t('title.settle', { no: row.surrenderNo })}
      width={760}
      labelWidth={140}
      okText={t('ok.settle')}
      okDisabled={!preview.data || preview.isFetching || preview.isError}
      initialValues={{ receivedOn: today(), channel: 'BANK_TRANSFER' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const settled = await guard(() => surrenderApi.settle(row.id, settleBody(values, refund, preview.data)));
        void message.success(t(`done.${settled.status}`, { defaultValue: t('done.SETTLED') }));
        onDone();
      }}
    >
      {(form) => (
        <>
          {alert}
          <SurrenderSummary row={row} />
          <Form.Item name="receivedOn" label={t('settle.receivedOn')} className="bh-surrender__reason-field" rules={[{ required: true, message: t('settle.receivedRequired') }]}>
            <DatePicker
              className="bh-surrender__date"
              allowClear={false}
              data-testid="settle-received"
              disabledDate={(day) => !dayAllowed(day, row.effectiveDate)}
              onChange={(day: Dayjs | null) => {
                if (day) setReceivedOn(day.format(DAY));
              }}
            />
          </Form.Item>
          {refund > 0 ? (
            <>
              <Form.Item name="channel" label={t('settle.channel')} rules={[{ required: true, message: t('settle.channelRequired') }]}>
                <Select className="bh-surrender__channel" data-testid="settle-channel" options={SURRENDER_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))} />
              </Form.Item>
              <Form.Item name="serialNo" label={t('settle.serialNo')} required rules={[serialRule]}>
                <Input maxLength={64} className="bh-surrender__serial" data-testid="settle-serial" />
              </Form.Item>
            </>
          ) : (
            <Form.Item label=" " colon={false}>
              <Typography.Text type="secondary">{t('settle.noRefund')}</Typography.Text>
            </Form.Item>
          )}
          <SettlePreview preview={preview.data} loading={preview.isFetching} error={preview.isError ? (isApiError(preview.error) ? preview.error.msg : String(preview.error)) : null} />
          {preview.data && preview.data.shortfallFen > 0 ? <ShortfallFields form={form} /> : null}
        </>
      )}
    </FormDialog>
  );
}

/** 冲账试算: the figures of the settlement for the chosen day. */
function SettlePreview({ preview, loading, error }: { preview: SettlePreviewData | undefined; loading: boolean; error: string | null }) {
  const { t } = useTranslation(SURRENDER_NS);
  if (error) return <Alert type="error" showIcon title={t('settle.previewFailed')} description={error} className="bh-surrender__alert" data-testid="settle-preview-error" />;
  if (!preview) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <div className={loading ? 'bh-surrender__quote bh-surrender__quote--loading' : 'bh-surrender__quote'} aria-busy={loading}>
      <Typography.Text strong className="bh-surrender__quote-title">
        {t('settle.preview')}
      </Typography.Text>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-surrender__totals" data-testid="settle-preview">
        <Descriptions.Item label={t('settle.refund')}>
          <Yuan fen={preview.refundFen} strong />
        </Descriptions.Item>
        <Descriptions.Item label={t('settle.effectiveDate')}>
          <span className="bh-num">{preview.effectiveDate}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('settle.payoff')}>
          <Yuan fen={preview.payoffFen} />
        </Descriptions.Item>
        <Descriptions.Item label={t('settle.applied')}>
          <span data-testid="settle-applied">
            <Yuan fen={preview.appliedFen} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('settle.surplus')}>
          <span className={preview.surplusFen > 0 ? 'bh-surrender__surplus' : undefined} data-testid="settle-surplus">
            <Yuan fen={preview.surplusFen} strong={preview.surplusFen > 0} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('settle.shortfall')}>
          <span className={preview.shortfallFen > 0 ? 'bh-surrender__shortfall' : undefined} data-testid="settle-shortfall">
            <Yuan fen={preview.shortfallFen} strong={preview.shortfallFen > 0} />
          </span>
        </Descriptions.Item>
      </Descriptions>
      {preview.surplusFen > 0 ? (
        <Alert type="info" showIcon className="bh-surrender__balance" title={t('settle.surplusHint', { amount: formatYuan(preview.surplusFen) })} data-testid="settle-hint" />
      ) : preview.shortfallFen === 0 ? (
        <Alert type="success" showIcon className="bh-surrender__balance" title={t('settle.evenHint')} data-testid="settle-hint" />
      ) : null}
    </div>
  );
}

/** A shortfall: the customer keeps paying it, or it is written off (the capital provider or the platform bearing it). */
function ShortfallFields({ form }: { form: FormInstance<SettleValues> }) {
  const { t } = useTranslation(SURRENDER_NS);
  const resolution = Form.useWatch('shortfallResolution', form);
  return (
    <>
      <Form.Item
        name="shortfallResolution"
        label={t('settle.resolution')}
        className="bh-surrender__reason-field"
        rules={[{ required: true, message: t('settle.resolutionRequired') }]}
        extra={resolution ? t(`settle.resolutionHint.${resolution}`) : undefined}
      >
        <Radio.Group data-testid="settle-resolution" options={SETTLE_RESOLUTIONS.map((r) => ({ value: r, label: t(`settle.resolutionOption.${r}`) }))} />
      </Form.Item>
      {resolution === 'WRITTEN_OFF' ? (
        <Form.Item name="bearer" label={t('settle.bearer')} rules={[{ required: true, message: t('settle.bearerRequired') }]}>
          <Radio.Group data-testid="settle-bearer" options={SURRENDER_BEARERS.map((b) => ({ value: b, label: t(`bearer.${b}`) }))} />
        </Form.Item>
      ) : null}
    </>
  );
}

interface PayoutValues {
  paidOn?: Dayjs;
  channel?: string;
  serialNo?: string;
}

/** 退还余款: the surplus paid to the customer — the day (not before the refund arrived), the channel, the bank serial. */
function PayoutDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation(SURRENDER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const serialRule = useSerialRule();
  return (
    <FormDialog<PayoutValues>
      open
      title={t('title.payout', { no: row.surrenderNo })}
      width={760}
      labelWidth={140}
      okText={t('ok.payout')}
      initialValues={{ paidOn: today(), channel: 'BANK_TRANSFER' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() =>
          surrenderApi.payout(row.id, {
            paidOn: (values.paidOn ?? today()).format(DAY),
            channel: values.channel ?? '',
            serialNo: (values.serialNo ?? '').trim(),
          }),
        );
        void message.success(t('done.payout'));
        onDone();
      }}
    >
      {alert}
      <Alert
        type="info"
        showIcon
        className="bh-surrender__alert"
        data-testid="payout-amount"
        title={
          <span>
            {t('payout.amount')}: <Yuan fen={row.surplusFen} strong /> {t('yuan')}
          </span>
        }
        description={t('payout.hint')}
      />
      <Form.Item name="paidOn" label={t('payout.paidOn')} rules={[{ required: true, message: t('payout.paidRequired') }]}>
        <DatePicker className="bh-surrender__date" allowClear={false} data-testid="payout-date" disabledDate={(day) => !dayAllowed(day, row.refundReceivedOn)} />
      </Form.Item>
      <Form.Item name="channel" label={t('payout.channel')} rules={[{ required: true, message: t('settle.channelRequired') }]}>
        <Select className="bh-surrender__channel" data-testid="payout-channel" options={SURRENDER_CHANNELS.map((c) => ({ value: c, label: t(`channel.${c}`) }))} />
      </Form.Item>
      <Form.Item name="serialNo" label={t('settle.serialNo')} required rules={[serialRule]}>
        <Input maxLength={64} className="bh-surrender__serial" data-testid="payout-serial" />
      </Form.Item>
    </FormDialog>
  );
}
