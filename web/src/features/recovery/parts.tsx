import { Alert, App, Button, Descriptions, Drawer, Form, Input, Space, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { orderPath } from '../../shared/order/status';
import { recoveryApi } from './api';
import { applies, approvalEffect, approvalsDone, costFen, costProblem, isCase, type RecoveryAction } from './logic';
import { RECOVERY_NS } from './locales';
import type { RecoveryData } from './types';

const STATUS_COLORS: Record<string, string> = {
  PENDING_APPROVAL: 'gold',
  PENDING_SECOND: 'orange',
  APPROVED: 'blue',
  EXECUTED: 'green',
  REJECTED: 'red',
  CANCELLED: 'default',
};

const METHOD_COLORS: Record<string, string> = { COLLECTION_AGENCY: 'geekblue', LITIGATION: 'purple', WRITE_OFF: 'volcano' };

/** A long label ("Awaiting second approval") wraps inside its cell instead of running over the next column. */
const WRAP = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

export function RecoveryStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(RECOVERY_NS);
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} style={WRAP}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** The method as a tag; `short` in the list (the agency or the court is named under it). */
export function MethodTag({ method, short = false }: { method: string; short?: boolean }) {
  const { t } = useTranslation(RECOVERY_NS);
  return (
    <Tag color={METHOD_COLORS[method] ?? 'default'} style={WRAP}>
      {t(`${short ? 'methodShort' : 'method'}.${method}`, { defaultValue: method })}
    </Tag>
  );
}

export function Yuan({ fen, strong = false }: { fen: number; strong?: boolean }) {
  return strong ? <strong className="bh-num">{formatYuan(fen)}</strong> : <span className="bh-num">{formatYuan(fen)}</span>;
}

/** The order number: a link to the order page for those who may open it (as the other order lists do). */
export function OrderLink({ id, orderNo }: { id: number; orderNo: string }) {
  const held = usePermissions();
  if (!hasPermission(P.ORDER_INFO_TABLE, held)) return <span className="bh-recovery__no">{orderNo}</span>;
  return (
    <Link className="bh-recovery__no" to={orderPath(id)}>
      {orderNo}
    </Link>
  );
}

/** An amount where it applies, else a dash (what a row's method and status do not produce). */
export function AmountCell({ fen, applies, strong = false }: { fen: number; applies: boolean; strong?: boolean }) {
  const { t } = useTranslation(RECOVERY_NS);
  if (!applies) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return <Yuan fen={fen} strong={strong} />;
}

/** The method, and the agency or the court under it. */
export function MethodCell({ row }: { row: Pick<RecoveryData, 'method' | 'agency'> }) {
  return (
    <div className="bh-recovery__cell">
      <MethodTag method={row.method} short />
      {row.agency ? (
        <Typography.Text type="secondary" className="bh-recovery__sub" title={row.agency}>
          {row.agency}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The status, the approvals given of those needed (n / levels) with who gave them, and why it was closed. */
export function StatusCell({ row }: { row: Pick<RecoveryData, 'status' | 'levels' | 'firstByName' | 'secondByName' | 'rejectReason'> }) {
  const { t } = useTranslation(RECOVERY_NS);
  return (
    <div className="bh-recovery__cell">
      <RecoveryStatusTag status={row.status} />
      <Typography.Text type="secondary" className="bh-recovery__sub bh-nowrap">
        {t('approvals.count', { done: approvalsDone(row), levels: row.levels })}
      </Typography.Text>
      {row.firstByName ? (
        <Typography.Text type="secondary" className="bh-recovery__sub bh-nowrap">
          {t('approvals.first')} {row.firstByName}
        </Typography.Text>
      ) : null}
      {row.secondByName ? (
        <Typography.Text type="secondary" className="bh-recovery__sub bh-nowrap">
          {t('approvals.second')} {row.secondByName}
        </Typography.Text>
      ) : null}
      {row.rejectReason ? (
        <Typography.Text type="secondary" className="bh-recovery__sub bh-recovery__clip" title={row.rejectReason}>
          {row.rejectReason}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Who approved it: the first and the second approver, one a line. */
export function ApproversCell({ row }: { row: Pick<RecoveryData, 'firstByName' | 'secondByName'> }) {
  const { t } = useTranslation(RECOVERY_NS);
  if (!row.firstByName && !row.secondByName) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <div className="bh-recovery__cell">
      {row.firstByName ? (
        <span className="bh-nowrap">
          <Typography.Text type="secondary" className="bh-recovery__sub">
            {t('approvals.first')}
          </Typography.Text>{' '}
          {row.firstByName}
        </span>
      ) : null}
      {row.secondByName ? (
        <span className="bh-nowrap">
          <Typography.Text type="secondary" className="bh-recovery__sub">
            {t('approvals.second')}
          </Typography.Text>{' '}
          {row.secondByName}
        </span>
      ) : null}
    </div>
  );
}

const time = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));

/**
 * The approval chain: applied, the first and second approvals, then how it went on (handed over,
 * written off, closed, rejected, withdrawn) or what it waits for.
 */
export function ApprovalChain({ row }: { row: RecoveryData }) {
  const { t } = useTranslation(RECOVERY_NS);
  const step = (key: string, color: string, title: string, who: string, when: string, note?: string) => ({
    key,
    color,
    content: (
      <div className="bh-recovery__step">
        <Typography.Text strong>{title}</Typography.Text>
        <Typography.Text type="secondary" className="bh-recovery__sub">
          {[who, when].filter(Boolean).join(' · ')}
        </Typography.Text>
        {note ? <span className="bh-recovery__text">{note}</span> : null}
      </div>
    ),
  });
  const items = [step('applied', 'blue', t('chain.applied'), row.createdByName, time(row.createdAt))];
  if (row.firstByName) items.push(step('first', 'green', t('chain.first'), row.firstByName, time(row.firstAt)));
  if (row.secondByName) items.push(step('second', 'green', t('chain.second'), row.secondByName, time(row.secondAt)));
  switch (row.status) {
    case 'PENDING_APPROVAL':
      items.push(step('waiting', 'gray', t('chain.waiting'), '', ''));
      break;
    case 'PENDING_SECOND':
      items.push(step('waiting', 'gray', t('chain.waitingSecond'), '', ''));
      break;
    case 'APPROVED':
      items.push(step('approved', 'blue', t('chain.approved'), row.agency, row.approvedOn ?? ''));
      items.push(step('progress', 'gray', t('chain.inProgress'), '', ''));
      break;
    case 'EXECUTED':
      if (isCase(row.method)) {
        items.push(step('approved', 'blue', t('chain.approved'), row.agency, row.approvedOn ?? ''));
        items.push(step('closed', 'green', t('chain.closed'), row.executedByName, row.executedOn ?? '', row.result));
      } else {
        items.push(step('executed', 'green', t('chain.executed'), row.executedByName, row.executedOn ?? ''));
      }
      break;
    case 'REJECTED':
      items.push(step('rejected', 'red', t('chain.rejected'), '', '', row.rejectReason));
      break;
    case 'CANCELLED':
      items.push(step('cancelled', 'gray', t('chain.cancelled'), row.createdByName, '', row.rejectReason));
      break;
    default:
      break;
  }
  return <Timeline className="bh-recovery__chain" data-testid="recovery-chain" items={items} />;
}

/** Everything an application says, for the approver, the close dialog and the details drawer. */
export function RecoverySummary({ row }: { row: RecoveryData }) {
  const { t } = useTranslation(RECOVERY_NS);
  const agencyLabel = row.method === 'LITIGATION' ? t('agency.LITIGATION') : t('agency.COLLECTION_AGENCY');
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-recovery__summary" data-testid="recovery-summary">
      <Descriptions.Item label={t('col.orderNo')}>
        <OrderLink id={row.orderId} orderNo={row.orderNo} />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.customer')}>{row.customerName || t('none')}</Descriptions.Item>
      {row.capitalProviderName ? <Descriptions.Item label={t('col.provider')}>{row.capitalProviderName}</Descriptions.Item> : null}
      <Descriptions.Item label={t('form.method')}>
        <MethodTag method={row.method} />
      </Descriptions.Item>
      {isCase(row.method) ? <Descriptions.Item label={agencyLabel}>{row.agency || t('none')}</Descriptions.Item> : null}
      <Descriptions.Item label={t('col.claim')}>
        <Yuan fen={row.claimFen} strong />
      </Descriptions.Item>
      {applies.recovered(row) ? (
        <Descriptions.Item label={t('col.recovered')}>
          <Yuan fen={row.recoveredFen} />
        </Descriptions.Item>
      ) : null}
      {applies.writtenOff(row) ? (
        <Descriptions.Item label={t('col.writtenOff')}>
          <Yuan fen={row.writtenOffFen} />
        </Descriptions.Item>
      ) : null}
      {applies.cost(row) ? (
        <Descriptions.Item label={t('col.cost')}>
          <Yuan fen={row.costFen} />
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('col.status')}>
        <RecoveryStatusTag status={row.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.applicant')}>
        {row.createdByName} · {formatDateTime(row.createdAt)}
      </Descriptions.Item>
      {row.approvedOn ? <Descriptions.Item label={t('approvedOn')}>{row.approvedOn}</Descriptions.Item> : null}
      {row.executedOn ? (
        <Descriptions.Item label={t('executedOn')}>
          {row.executedOn}
          {row.executedByName ? ` · ${row.executedByName}` : ''}
        </Descriptions.Item>
      ) : null}
      <Descriptions.Item label={t('col.reason')} span="filled">
        <span className="bh-recovery__text">{row.reason}</span>
      </Descriptions.Item>
      {row.result ? (
        <Descriptions.Item label={t('col.result')} span="filled">
          <span className="bh-recovery__text">{row.result}</span>
        </Descriptions.Item>
      ) : null}
      {row.rejectReason ? (
        <Descriptions.Item label={t('closeReason')} span="filled">
          <span className="bh-recovery__text">{row.rejectReason}</span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** An application's details with its approval chain, and the actions this user may take on it. */
export function RecoveryDrawer({ row, actions, onClose, onAct }: { row: RecoveryData; actions: RecoveryAction[]; onClose: () => void; onAct: (action: RecoveryAction) => void }) {
  const { t } = useTranslation(RECOVERY_NS);
  return (
    <Drawer
      open
      size={760}
      title={t('viewTitle', { no: row.recoveryNo })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space wrap>
          {actions.map((action) => (
            <Button key={action} type={action === 'approve' || action === 'close' ? 'primary' : 'default'} danger={action === 'reject' || action === 'withdraw'} onClick={() => onAct(action)}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </Space>
      }
    >
      <RecoverySummary row={row} />
      <Typography.Title level={5} className="bh-recovery__section">
        {t('chain.title')}
      </Typography.Title>
      <ApprovalChain row={row} />
    </Drawer>
  );
}

/** A refusal (403: the maker or the first approver; 409: the status moved on, nothing left to write off) shown inside the dialog. */
function useRefusal(title: string): [ReactNode, <T>(run: () => Promise<T>) => Promise<T>] {
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
  return [refusal ? <Alert type="error" showIcon title={title} description={refusal} className="bh-recovery__alert" data-testid="refusal" /> : null, guard];
}

/** 审批 (the application shown and what this approval does), 驳回 and 撤回 (a reason). */
export function DecisionDialog({ row, action, onClose, onDone }: { row: RecoveryData; action: Exclude<RecoveryAction, 'close'>; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(RECOVERY_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal(t('refused'));
  const effect = approvalEffect(row);
  const agencyName = row.agency || t(`agency.${row.method}`, { defaultValue: '' });
  return (
    <FormDialog<{ reason?: string }>
      open
      title={t(`title.${action}`, { no: row.recoveryNo })}
      width={720}
      labelWidth={110}
      okText={t(`ok.${action}`)}
      onClose={onClose}
      onSubmit={async (values) => {
        const reason = (values.reason ?? '').trim();
        if (action === 'approve') {
          const approved = await guard(() => recoveryApi.approve(row.id));
          void message.success(t(`done.${approved.status}`, { defaultValue: t('done.APPROVED') }));
        } else {
          await guard(() => (action === 'reject' ? recoveryApi.reject(row.id, reason) : recoveryApi.withdraw(row.id, reason)));
          void message.success(t(`done.${action}`));
        }
        onDone();
      }}
    >
      {alert}
      <RecoverySummary row={row} />
      {action === 'approve' ? (
        <Alert
          type={effect === 'writeOff' ? 'warning' : 'info'}
          showIcon
          title={effect === 'handOver' ? t('level.handOver', { agency: agencyName, method: t(`method.${row.method}`, { defaultValue: row.method }) }) : t(`level.${effect}`)}
          description={effect === 'writeOff' ? t('level.writeOffRecheck') : undefined}
          className="bh-recovery__level"
          data-testid="approve-level"
        />
      ) : (
        <Form.Item name="reason" label={t('reason')} className="bh-recovery__reason" rules={[{ required: true, whitespace: true, message: t(`reasonRequired.${action}`) }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}

interface CloseValues {
  result?: string;
  cost?: string;
}

/** The server's field names → the close form's (a 400 names every wrong field at once). */
const CLOSE_FIELDS = { costFen: 'cost' };

/** 结案: how an agency or litigation case ended (required) and what it cost the platform (yuan, 0 or more). */
export function CloseDialog({ row, onClose, onDone }: { row: RecoveryData; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(RECOVERY_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal(t('refused'));
  return (
    <FormDialog<CloseValues>
      open
      title={t('title.close', { no: row.recoveryNo })}
      width={720}
      labelWidth={110}
      okText={t('ok.close')}
      fieldNames={CLOSE_FIELDS}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => recoveryApi.close(row.id, { result: (values.result ?? '').trim(), costFen: costFen(values.cost) ?? 0 }));
        void message.success(t('done.close'));
        onDone();
      }}
    >
      {alert}
      <RecoverySummary row={row} />
      <Alert type="info" showIcon title={t('close.recovered', { amount: formatYuan(row.recoveredFen) })} description={t('close.rest')} className="bh-recovery__level" data-testid="close-recovered" />
      <Form.Item name="result" label={t('close.result')} className="bh-recovery__reason" rules={[{ required: true, whitespace: true, message: t('close.resultRequired') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('close.resultPlaceholder')} data-testid="close-result" />
      </Form.Item>
      <Form.Item
        name="cost"
        label={t('close.cost')}
        required
        extra={t('close.costHint')}
        rules={[
          {
            validator: async (_: unknown, value?: string) => {
              const problem = costProblem(value);
              if (problem === 'required') throw new Error(t('close.costRequired'));
              if (problem === 'format') throw new Error(t('close.costFormat'));
            },
          },
        ]}
      >
        <Input inputMode="decimal" placeholder="0.00" suffix={t('yuan')} className="bh-recovery__amount" data-testid="close-cost" />
      </Form.Item>
    </FormDialog>
  );
}
