import { Alert, App, Button, Descriptions, Drawer, Form, Input, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { orderPath } from '../../shared/order/status';
import { waiverApi } from './api';
import { approvalsDone, type WaiverAction } from './logic';
import { WAIVER_NS } from './locales';
import { COMPONENTS, type WaiverData, type WaiverLineData } from './types';

const STATUS_COLORS: Record<string, string> = {
  PENDING_APPROVAL: 'gold',
  PENDING_SECOND: 'orange',
  APPROVED: 'blue',
  EFFECTIVE: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'default',
  EXPIRED: 'default',
};

/** A long label ("Approved (awaiting payment)") wraps inside its cell instead of running over the next column. */
const WRAP = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

export function WaiverStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(WAIVER_NS);
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} style={WRAP}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function Yuan({ fen, strong = false }: { fen: number; strong?: boolean }) {
  return strong ? <strong className="bh-num">{formatYuan(fen)}</strong> : <span className="bh-num">{formatYuan(fen)}</span>;
}

/** 第 N 期, or 已到期各期 (`itemSeq` null). */
export function ScopeText({ itemSeq }: { itemSeq: number | null }) {
  const { t } = useTranslation(WAIVER_NS);
  return <>{itemSeq === null ? t('scope.due') : t('scope.item', { seq: itemSeq })}</>;
}

/** The order number as a link to the order page. */
export function OrderLink({ id, orderNo }: { id: number; orderNo: string }) {
  const navigate = useNavigate();
  return (
    <a className="bh-waiver__no" onClick={() => void navigate(orderPath(id))}>
      {orderNo}
    </a>
  );
}

/** The total, then each component waived (the ones not zero), one a line. */
export function AmountsCell({ row }: { row: Pick<WaiverData, 'interestFen' | 'feeFen' | 'penaltyFen' | 'totalFen'> }) {
  const { t } = useTranslation(WAIVER_NS);
  const parts = COMPONENTS.map((c) => ({ c, fen: row[`${c}Fen`] })).filter((p) => p.fen > 0);
  return (
    <Space orientation="vertical" size={0} className="bh-waiver__amounts">
      <Yuan fen={row.totalFen} strong />
      {parts.map(({ c, fen }) => (
        <Typography.Text key={c} type="secondary" className="bh-waiver__sub bh-nowrap">
          {t(`component.${c}`)} <span className="bh-num">{formatYuan(fen)}</span>
        </Typography.Text>
      ))}
    </Space>
  );
}

/** 无条件, or the amount the customer must pay and by when. */
export function ConditionCell({ row }: { row: Pick<WaiverData, 'conditional' | 'expectedFen' | 'validUntil'> }) {
  const { t } = useTranslation(WAIVER_NS);
  if (!row.conditional) return <Typography.Text type="secondary">{t('condition.none')}</Typography.Text>;
  return (
    <Space orientation="vertical" size={0}>
      <span>{t('condition.pay', { amount: formatYuan(row.expectedFen) })}</span>
      <Typography.Text type="secondary" className="bh-waiver__sub bh-nowrap">
        {t('condition.until', { date: row.validUntil ?? '—' })}
      </Typography.Text>
    </Space>
  );
}

/** The status, the approvals given of those needed (n / levels) with who gave them, and why it was closed. */
export function StatusCell({ row }: { row: Pick<WaiverData, 'status' | 'levels' | 'firstByName' | 'secondByName' | 'rejectReason'> }) {
  const { t } = useTranslation(WAIVER_NS);
  return (
    <div className="bh-waiver__cell">
      <WaiverStatusTag status={row.status} />
      <Typography.Text type="secondary" className="bh-waiver__sub bh-nowrap bh-waiver__approvals">
        {t('approvals.count', { done: approvalsDone(row), levels: row.levels })}
      </Typography.Text>
      {row.firstByName ? (
        <Typography.Text type="secondary" className="bh-waiver__sub bh-nowrap">
          {t('approvals.first')} {row.firstByName}
        </Typography.Text>
      ) : null}
      {row.secondByName ? (
        <Typography.Text type="secondary" className="bh-waiver__sub bh-nowrap">
          {t('approvals.second')} {row.secondByName}
        </Typography.Text>
      ) : null}
      {row.rejectReason ? (
        <Typography.Text type="secondary" className="bh-waiver__sub bh-waiver__clip" title={row.rejectReason}>
          {row.rejectReason}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Everything a waiver says, for the approver and the details drawer. */
export function WaiverSummary({ row }: { row: WaiverData }) {
  const { t } = useTranslation(WAIVER_NS);
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-waiver__summary" data-testid="waiver-summary">
      <Descriptions.Item label={t('col.orderNo')}>
        <OrderLink id={row.orderId} orderNo={row.orderNo} />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.customer')}>{row.customerName || '—'}</Descriptions.Item>
      <Descriptions.Item label={t('col.scope')}>
        <ScopeText itemSeq={row.itemSeq} />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.bearer')}>{t(`bearer.${row.bearer}`, { defaultValue: row.bearer })}</Descriptions.Item>
      {COMPONENTS.map((c) => (
        <Descriptions.Item key={c} label={t(`component.${c}`)}>
          <Yuan fen={row[`${c}Fen`]} />
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t('form.total')}>
        <Yuan fen={row.totalFen} strong />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.condition')}>
        {row.conditional ? `${t('condition.pay', { amount: formatYuan(row.expectedFen) })}，${t('condition.until', { date: row.validUntil ?? '—' })}` : t('condition.none')}
      </Descriptions.Item>
      <Descriptions.Item label={t('col.approvals')}>
        {approvalsDone(row)} / {row.levels}
        {row.firstByName ? ` · ${t('approvals.first')} ${row.firstByName}` : ''}
        {row.secondByName ? ` · ${t('approvals.second')} ${row.secondByName}` : ''}
      </Descriptions.Item>
      <Descriptions.Item label={t('col.status')}>
        <WaiverStatusTag status={row.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('col.applicant')}>
        {row.createdByName} · {formatDateTime(row.createdAt)}
      </Descriptions.Item>
      {row.approvedOn ? <Descriptions.Item label={t('approvedOn')}>{row.approvedOn}</Descriptions.Item> : null}
      {row.effectiveOn ? <Descriptions.Item label={t('effectiveOn')}>{row.effectiveOn}</Descriptions.Item> : null}
      <Descriptions.Item label={t('col.reason')} span="filled">
        <span className="bh-waiver__text">{row.reason}</span>
      </Descriptions.Item>
      {row.rejectReason ? (
        <Descriptions.Item label={t('closeReason')} span="filled">
          <span className="bh-waiver__text">{row.rejectReason}</span>
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** A waiver's details and, once approved, its lines per instalment and component. */
export function WaiverDrawer({ row, actions, onClose, onAct }: { row: WaiverData; actions: WaiverAction[]; onClose: () => void; onAct: (action: WaiverAction) => void }) {
  const { t } = useTranslation(WAIVER_NS);
  return (
    <Drawer
      open
      size={760}
      title={t('viewTitle', { no: row.waiverNo })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space wrap>
          {actions.map((action) => (
            <Button key={action} type={action === 'approve' ? 'primary' : 'default'} danger={action !== 'approve'} onClick={() => onAct(action)}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </Space>
      }
    >
      <WaiverSummary row={row} />
      {row.lines.length > 0 ? (
        <>
          <Typography.Title level={5} className="bh-waiver__section">
            {t('lines.title')}
          </Typography.Title>
          <Table<WaiverLineData>
            rowKey={(l) => `${l.itemSeq}:${l.component}`}
            size="small"
            pagination={false}
            dataSource={row.lines}
            data-testid="waiver-lines"
            columns={[
              { key: 'item', title: t('lines.item'), width: 110, render: (_, l) => t('scope.item', { seq: l.itemSeq }) },
              { key: 'component', title: t('lines.component'), width: 120, render: (_, l) => t(`component.${l.component.toLowerCase()}`, { defaultValue: l.component }) },
              { key: 'amount', title: t('lines.amount'), align: 'right', render: (_, l) => <Yuan fen={l.amountFen} /> },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}

/** A refusal (403: the maker or the first approver; 409: the amounts no longer fit, the status moved on) shown inside the dialog. */
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
  return [refusal ? <Alert type="error" showIcon title={title} description={refusal} className="bh-waiver__alert" data-testid="refusal" /> : null, guard];
}

/** 审批 (the waiver shown, what this approval does), 驳回 and 撤回 (a reason). */
export function DecisionDialog({ row, action, onClose, onDone }: { row: WaiverData; action: WaiverAction; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(WAIVER_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal(t('refused'));
  const first = row.status === 'PENDING_APPROVAL' && row.levels > 1;
  const level = first ? t('level.first') : row.conditional ? t('level.lastConditional') : t('level.last');
  return (
    <FormDialog<{ reason?: string }>
      open
      title={t(`title.${action}`, { no: row.waiverNo })}
      width={720}
      labelWidth={110}
      okText={t(`ok.${action}`)}
      onClose={onClose}
      onSubmit={async (values) => {
        const reason = (values.reason ?? '').trim();
        if (action === 'approve') {
          const approved = await guard(() => waiverApi.approve(row.id));
          void message.success(t(`done.${approved.status}`, { defaultValue: t('done.EFFECTIVE') }));
        } else {
          await guard(() => (action === 'reject' ? waiverApi.reject(row.id, reason) : waiverApi.withdraw(row.id, reason)));
          void message.success(t(`done.${action}`));
        }
        onDone();
      }}
    >
      {alert}
      <WaiverSummary row={row} />
      {action === 'approve' ? (
        <Alert type="info" showIcon title={level} description={t('level.recheck')} className="bh-waiver__level" data-testid="approve-level" />
      ) : (
        <Form.Item name="reason" label={t('reason')} className="bh-waiver__reason" rules={[{ required: true, whitespace: true, message: t(`reasonRequired.${action}`) }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      )}
    </FormDialog>
  );
}
