import { App, Form, Input, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { FilePick as SharedFilePick } from '../../shared/ui/FilePick';
import { BUSINESS_NS } from './locales';
import { useRefusal } from './useRefusal';

/** Small pieces of the part-2 screens: a file field, a reason dialog, status tags. */

/** A file chosen in a form, labelled in the order screens' language (see shared/ui/FilePick). */
export function FilePick(props: { value?: File | null; onChange?: (file: File | null) => void; accept: string; testId?: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  return <SharedFilePick {...props} label={t('file.choose')} />;
}

/**
 * A value shown, not typed, in a form field (the Form.Item's `name` lets the server's field error
 * show under it; the value and onChange antd passes are ignored).
 */
export function Shown({ children }: { children: ReactNode; value?: unknown; onChange?: unknown }) {
  return <>{children}</>;
}

/** A command that needs only a reason (作废, 驳回, 冲正): the refusal (403/409) shows in the dialog. */
export function ReasonPrompt({
  title,
  okText,
  danger,
  onSubmit,
  onClose,
  onDone,
}: {
  title: string;
  okText?: string;
  /** Asks once more before sending (a reversal). */
  danger?: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ reason: string }>
      open
      title={title}
      onClose={onClose}
      {...(okText ? { okText } : {})}
      // Asked once the reason is given, never over an empty form.
      {...(danger ? { confirm: () => danger } : {})}
      onSubmit={async ({ reason }) => {
        await guard(() => onSubmit(reason.trim()));
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

const CONTRACT_COLORS: Record<string, string> = { SIGNING: 'processing', SIGNED: 'green', REJECTED: 'red', VOIDED: 'default' };
const SIGNER_COLORS: Record<string, string> = { PENDING: 'gold', SIGNED: 'green' };
const RECEIPT_COLORS: Record<string, string> = { RECORDED: 'gold', CONFIRMED: 'green', REJECTED: 'red' };
const PLAN_COLORS: Record<string, string> = { PENDING: 'gold', ACTIVE: 'green' };
const POLICY_COLORS: Record<string, string> = { QUOTED: 'default', UNDERWRITTEN: 'blue', ISSUED: 'green' };

/** A status tag of part 2's records, labelled in the interface language. */
export function StatusTag({ of, status }: { of: 'contract' | 'signer' | 'receipt' | 'plan' | 'policy'; status: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  const colors = { contract: CONTRACT_COLORS, signer: SIGNER_COLORS, receipt: RECEIPT_COLORS, plan: PLAN_COLORS, policy: POLICY_COLORS }[of];
  return <Tag color={colors[status] ?? 'default'}>{t(`${of}Status.${status}`, { defaultValue: status })}</Tag>;
}

/** A time in a narrow cell: the date over the time of day (secondary). */
export function DateTimeLines({ ms }: { ms: number | null | undefined }) {
  const text = formatDateTime(ms);
  const [day, time] = text.split(' ');
  if (!time) return <span>{text}</span>;
  return (
    <Space orientation="vertical" size={0}>
      <span className="bh-num">{day}</span>
      <Typography.Text type="secondary" className="bh-order__sub bh-num">
        {time}
      </Typography.Text>
    </Space>
  );
}
