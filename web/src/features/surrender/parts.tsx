import { Button, Descriptions, Drawer, Empty, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PERMISSIONS as P } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { orderPath } from '../../shared/order/status';
import { SurrenderReasonTag, SurrenderStatusTag } from '../../shared/surrender/SurrenderTags';
import { balanceOf, graceOver, payoutDue, refundApplied, todayText, type SurrenderAction } from './logic';
import { SURRENDER_NS } from './locales';
import type { SurrenderData, SurrenderPolicyData } from './types';

export function Yuan({ fen, strong = false }: { fen: number; strong?: boolean }) {
  return strong ? <strong className="bh-num">{formatYuan(fen)}</strong> : <span className="bh-num">{formatYuan(fen)}</span>;
}

/** An amount, or a dash where there is none yet (the insurer's refund before it confirmed). */
export function AmountCell({ fen, strong = false }: { fen: number | null | undefined; strong?: boolean }) {
  const { t } = useTranslation(SURRENDER_NS);
  if (fen === null || fen === undefined) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return <Yuan fen={fen} strong={strong} />;
}

/** The order number: a link to the order page for those who may open it (as the other order lists do). */
export function OrderLink({ id, orderNo }: { id: number; orderNo: string }) {
  const held = usePermissions();
  if (!hasPermission(P.ORDER_INFO_TABLE, held)) return <span className="bh-surrender__no">{orderNo}</span>;
  return (
    <Link className="bh-surrender__no" to={orderPath(id)}>
      {orderNo}
    </Link>
  );
}

/** The reason (short) and, under it, the requested cancellation date. */
export function ReasonCell({ row }: { row: Pick<SurrenderData, 'reason' | 'requestedCancelDate'> }) {
  const { t } = useTranslation(SURRENDER_NS);
  return (
    <div className="bh-surrender__cell">
      <SurrenderReasonTag reason={row.reason} short />
      <Typography.Text type="secondary" className="bh-surrender__sub bh-nowrap bh-num">
        {t('sub.cancelDate', { date: row.requestedCancelDate })}
      </Typography.Text>
    </div>
  );
}

/** The status and, once stopped, why (at most two lines; the whole text in the details). */
export function StatusCell({ row }: { row: Pick<SurrenderData, 'status' | 'rejectReason'> }) {
  return (
    <div className="bh-surrender__cell">
      <SurrenderStatusTag status={row.status} />
      {row.rejectReason ? (
        <Typography.Text type="secondary" className="bh-surrender__sub bh-surrender__clip" title={row.rejectReason}>
          {row.rejectReason}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The surplus (paid out or to pay out) or the shortfall (and what became of it), once the refund is applied. */
export function BalanceCell({ row }: { row: Pick<SurrenderData, 'status' | 'refundReceivedOn' | 'surplusFen' | 'shortfallFen' | 'shortfallResolution' | 'surplusPaidOn'> }) {
  const { t } = useTranslation(SURRENDER_NS);
  if (!refundApplied(row)) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  const balance = balanceOf(row);
  if (balance.kind === 'none') return <Yuan fen={0} />;
  return (
    <div className="bh-surrender__cell bh-surrender__cell--end">
      <span className={`bh-num bh-surrender__${balance.kind}`}>
        <Typography.Text type="secondary" className="bh-surrender__sub">
          {t(`col.${balance.kind}`)}
        </Typography.Text>{' '}
        {formatYuan(balance.fen)}
      </span>
      <Typography.Text type="secondary" className="bh-surrender__sub bh-nowrap">
        {balance.kind === 'surplus'
          ? row.surplusPaidOn
            ? t('sub.surplusPaid', { date: row.surplusPaidOn })
            : t('sub.surplusDue')
          : t(`resolution.${row.shortfallResolution}`, { defaultValue: row.shortfallResolution || t('none') })}
      </Typography.Text>
    </div>
  );
}

/** The demand notice the application was filed after: sent, cure deadline, and whether the grace is over. */
export function NoticeCell({ sentOn, cureDeadline }: { sentOn: string | null; cureDeadline: string | null }) {
  const { t } = useTranslation(SURRENDER_NS);
  if (!sentOn) return <Typography.Text type="secondary">{t('none')}</Typography.Text>;
  return (
    <div className="bh-surrender__cell">
      <span className="bh-nowrap bh-num">{t('sub.noticeSent', { date: sentOn })}</span>
      {cureDeadline ? (
        <Typography.Text type="secondary" className="bh-surrender__sub bh-nowrap bh-num">
          {t('sub.cureDeadline', { date: cureDeadline })}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** Each policy's estimate: kind, insurer, number, premium, days left of the term, method, refund (or why none). */
export function PolicyEstimates({ policies, testId }: { policies: readonly SurrenderPolicyData[]; testId: string }) {
  const { t } = useTranslation(SURRENDER_NS);
  return (
    <Table<SurrenderPolicyData>
      rowKey="policyId"
      size="small"
      pagination={false}
      dataSource={[...policies]}
      // Fixed widths (850 px): a long insurer name is cut with its whole name in a tooltip.
      tableLayout="fixed"
      scroll={{ x: 850 }}
      data-testid={testId}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('form.noPolicies')} /> }}
      columns={[
        { key: 'kind', title: t('form.policy.kind'), width: 80, render: (_, p) => <span className="bh-nowrap">{t(`policyKind.${p.kind}`, { defaultValue: p.kind })}</span> },
        { key: 'insurer', title: t('form.policy.insurer'), width: 150, ellipsis: { showTitle: false }, render: (_, p) => <span title={p.insurerName}>{p.insurerName || t('none')}</span> },
        { key: 'policyNo', title: t('form.policy.policyNo'), width: 160, render: (_, p) => <span className="bh-num bh-nowrap">{p.policyNo || t('none')}</span> },
        { key: 'premium', title: t('form.policy.premium'), align: 'right', width: 90, render: (_, p) => <Yuan fen={p.premiumFen} /> },
        {
          key: 'days',
          title: t('form.policy.days'),
          align: 'right',
          width: 120,
          render: (_, p) => <span className="bh-num bh-nowrap">{p.daysInTerm > 0 ? `${p.daysRemaining} / ${p.daysInTerm}` : t('none')}</span>,
        },
        { key: 'method', title: t('form.policy.method'), width: 100, render: (_, p) => <span className="bh-nowrap">{t(`method.${p.method}`, { defaultValue: p.method })}</span> },
        {
          key: 'refund',
          title: t('form.policy.refund'),
          align: 'right',
          width: 150,
          render: (_, p) =>
            p.reasonCode ? (
              <Space orientation="vertical" size={0} align="end">
                <Yuan fen={p.refundFen} />
                <Typography.Text type="secondary" className="bh-surrender__sub bh-surrender__why">
                  {t(`noRefund.${p.reasonCode}`, { defaultValue: p.reasonCode })}
                </Typography.Text>
              </Space>
            ) : (
              <Yuan fen={p.refundFen} strong />
            ),
        },
      ]}
    />
  );
}

const time = (ms: number | null) => (ms === null ? '' : formatDateTime(ms));
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** Everything an application says, for the dialogs and the details drawer (`full`: every field). */
export function SurrenderSummary({ row, full = false }: { row: SurrenderData; full?: boolean }) {
  const { t } = useTranslation(SURRENDER_NS);
  const items: { key: string; label: string; children: ReactNode; span?: 'filled' }[] = [
    { key: 'orderNo', label: t('col.orderNo'), children: <OrderLink id={row.orderId} orderNo={row.orderNo} /> },
    { key: 'customer', label: t('col.customer'), children: row.customerName || t('none') },
    { key: 'reason', label: t('col.reason'), children: <SurrenderReasonTag reason={row.reason} /> },
    { key: 'cancelDate', label: t('col.cancelDate'), children: <span className="bh-num">{row.requestedCancelDate}</span> },
    { key: 'estimate', label: t('col.estimate'), children: <Yuan fen={row.estimateFen} strong /> },
    { key: 'payoff', label: t('col.payoff'), children: <Yuan fen={row.payoffFen} /> },
  ];
  if (full) {
    items.push(
      { key: 'status', label: t('col.status'), children: <SurrenderStatusTag status={row.status} /> },
      { key: 'orderStatus', label: t('detail.orderStatus'), children: <OrderStatusTag status={row.orderStatus} /> },
      { key: 'provider', label: t('col.provider'), children: row.capitalProviderName || t('none') },
      { key: 'initiatedBy', label: t('detail.initiatedBy'), children: t(`initiatedBy.${row.initiatedBy}`, { defaultValue: row.initiatedBy || t('none') }) },
      { key: 'outstanding', label: t('col.outstanding'), children: <Yuan fen={row.outstandingFen} /> },
      {
        key: 'notice',
        label: t('detail.notice'),
        children: row.noticeSentOn ? (
          <span className="bh-num">
            {joined(t('sub.noticeSent', { date: row.noticeSentOn }), row.cureDeadline ? t('sub.cureDeadline', { date: row.cureDeadline }) : '')}
          </span>
        ) : (
          t('none')
        ),
      },
      { key: 'applicant', label: t('col.applicant'), children: joined(row.createdByName, time(row.createdAt)) },
      { key: 'approvedBy', label: t('detail.approvedBy'), children: joined(row.approvedByName, time(row.approvedAt)) || t('none') },
      { key: 'submittedOn', label: t('detail.submittedOn'), children: <span className="bh-num">{row.submittedOn ?? t('none')}</span> },
      { key: 'insurerRefund', label: t('col.insurerRefund'), children: <AmountCell fen={row.insurerRefundFen} strong /> },
      { key: 'endorsementNo', label: t('col.endorsementNo'), children: <span className="bh-num">{row.endorsementNo || t('none')}</span> },
      { key: 'effectiveDate', label: t('col.effectiveDate'), children: <span className="bh-num">{row.effectiveDate ?? t('none')}</span> },
      { key: 'receivedOn', label: t('col.receivedOn'), children: <span className="bh-num">{row.refundReceivedOn ?? t('none')}</span> },
      {
        key: 'refundChannel',
        label: t('detail.refundChannel'),
        children: row.refundChannel ? joined(t(`channel.${row.refundChannel}`, { defaultValue: row.refundChannel }), row.refundSerialNo) : t('none'),
      },
      { key: 'applied', label: t('col.applied'), children: refundApplied(row) ? <Yuan fen={row.appliedFen} /> : t('none') },
      { key: 'balance', label: t('col.balance'), children: <BalanceCell row={row} /> },
    );
    if (row.shortfallResolution) {
      items.push({ key: 'resolution', label: t('detail.resolution'), children: t(`resolution.${row.shortfallResolution}`, { defaultValue: row.shortfallResolution }) });
    }
    if (row.bearer) items.push({ key: 'bearer', label: t('detail.bearer'), children: t(`bearer.${row.bearer}`, { defaultValue: row.bearer }) });
    items.push({ key: 'settledBy', label: t('detail.settledBy'), children: joined(row.settledByName, time(row.settledAt)) || t('none') });
    if (row.surplusFen > 0) {
      items.push(
        { key: 'surplusPaidOn', label: t('detail.surplusPaidOn'), children: <span className="bh-num">{row.surplusPaidOn ?? t('sub.surplusDue')}</span> },
        {
          key: 'payoutChannel',
          label: t('detail.payoutChannel'),
          children: row.payoutChannel ? joined(t(`channel.${row.payoutChannel}`, { defaultValue: row.payoutChannel }), row.payoutSerialNo) : t('none'),
        },
      );
    }
  } else {
    items.push({ key: 'status', label: t('col.status'), children: <SurrenderStatusTag status={row.status} /> });
    if (row.insurerRefundFen !== null) items.push({ key: 'insurerRefund', label: t('col.insurerRefund'), children: <Yuan fen={row.insurerRefundFen} strong /> });
    items.push({ key: 'applicant', label: t('col.applicant'), children: joined(row.createdByName, time(row.createdAt)) });
  }
  if (row.remark) items.push({ key: 'remark', label: t('detail.remark'), span: 'filled', children: <span className="bh-surrender__text">{row.remark}</span> });
  if (row.rejectReason) items.push({ key: 'rejectReason', label: t('detail.rejectReason'), span: 'filled', children: <span className="bh-surrender__text">{row.rejectReason}</span> });
  return <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered className="bh-surrender__summary" data-testid="surrender-summary" items={items} />;
}

/**
 * What happened to the application: applied, approved, submitted, confirmed, the refund applied,
 * the surplus paid out — or how it stopped — then what it waits for.
 */
export function SurrenderChain({ row }: { row: SurrenderData }) {
  const { t } = useTranslation(SURRENDER_NS);
  const step = (key: string, color: string, title: string, detail = '', note = '') => ({
    key,
    color,
    content: (
      <div className="bh-surrender__step">
        <Typography.Text strong>{title}</Typography.Text>
        {detail ? (
          <Typography.Text type="secondary" className="bh-surrender__sub">
            {detail}
          </Typography.Text>
        ) : null}
        {note ? <span className="bh-surrender__text">{note}</span> : null}
      </div>
    ),
  });
  const items = [step('applied', 'blue', t('chain.applied'), joined(row.createdByName, time(row.createdAt)))];
  if (row.approvedAt !== null) items.push(step('approved', 'green', t('chain.approved'), joined(row.approvedByName, time(row.approvedAt))));
  if (row.submittedOn) items.push(step('submitted', 'blue', t('chain.submitted'), row.submittedOn));
  if (row.insurerRefundFen !== null && row.effectiveDate) {
    items.push(step('confirmed', 'green', t('chain.confirmed'), joined(`${formatYuan(row.insurerRefundFen)} ${t('yuan')}`, row.endorsementNo, row.effectiveDate)));
  }
  if (row.refundReceivedOn) items.push(step('settled', 'green', t('chain.settled'), joined(row.settledByName, row.refundReceivedOn)));
  if (row.surplusPaidOn) items.push(step('paidOut', 'green', t('chain.paidOut'), joined(`${formatYuan(row.surplusFen)} ${t('yuan')}`, row.surplusPaidOn)));
  const stops: Record<string, [string, string]> = {
    REJECTED: ['rejected', 'red'],
    WITHDRAWN: ['withdrawn', 'gray'],
    CANCELLED: ['cancelled', 'gray'],
    INSURER_DECLINED: ['declined', 'red'],
  };
  const stop = stops[row.status];
  if (stop) items.push(step(stop[0], stop[1], t(`chain.${stop[0]}`), '', row.rejectReason));
  const waiting: Record<string, string> = {
    PENDING_APPROVAL: 'waiting',
    APPROVED: 'waitingSubmit',
    SUBMITTED_TO_INSURER: 'waitingInsurer',
    INSURER_CONFIRMED: 'waitingRefund',
    REFUND_RECEIVED: 'waitingShortfall',
  };
  const next = waiting[row.status] ?? (payoutDue(row) ? 'waitingPayout' : undefined);
  if (next) items.push(step(next, 'gray', t(`chain.${next}`)));
  return <Timeline className="bh-surrender__chain" data-testid="surrender-chain" items={items} />;
}

/** An application's details: every field, the estimate per policy, its history, and the actions this user may take on it. */
export function SurrenderDrawer({ row, actions, onClose, onAct }: { row: SurrenderData; actions: SurrenderAction[]; onClose: () => void; onAct: (action: SurrenderAction) => void }) {
  const { t } = useTranslation(SURRENDER_NS);
  const primary: readonly SurrenderAction[] = ['approve', 'submit', 'confirm', 'settle', 'payout'];
  const danger: readonly SurrenderAction[] = ['reject', 'withdraw', 'decline', 'cancel'];
  return (
    <Drawer
      open
      size={900}
      title={t('viewTitle', { no: row.surrenderNo })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space wrap>
          {actions.map((action) => (
            <Button key={action} type={primary.includes(action) ? 'primary' : 'default'} danger={danger.includes(action)} onClick={() => onAct(action)}>
              {t(`action.${action}`)}
            </Button>
          ))}
        </Space>
      }
    >
      <SurrenderSummary row={row} full />
      <Typography.Title level={5} className="bh-surrender__section">
        {t('detail.policies')}
      </Typography.Title>
      <PolicyEstimates policies={row.policies} testId="surrender-policies" />
      <Typography.Title level={5} className="bh-surrender__section">
        {t('chain.title')}
      </Typography.Title>
      <SurrenderChain row={row} />
    </Drawer>
  );
}

/** 宽限期已过 as a tag, when the cure deadline is before today. */
export function GraceTag({ cureDeadline }: { cureDeadline: string | null }) {
  const { t } = useTranslation(SURRENDER_NS);
  return graceOver(cureDeadline, todayText()) ? <Tag color="red">{t('sub.graceOver')}</Tag> : null;
}
