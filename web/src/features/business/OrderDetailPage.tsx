import { Alert, App, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePermissions } from '../../shared/auth/permissions';
import { detailPath as customerDetailPath } from '../../shared/customer/shared';
import { DetailPage, DetailSection, type DetailAction, type TimelineEntry } from '../../shared/detail/DetailPage';
import { DictLabel } from '../../shared/dictionary/DictSelect';
import { useDictionary } from '../../shared/dictionary/dictionary';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { useEventLabel, useStatusLabel } from '../../shared/order/labels';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { orderPath, statusColor } from '../../shared/order/status';
import { ScheduleView } from '../../shared/schedule/ScheduleView';
import { useTabLabel } from '../../shared/tabs/labels';
import { contractApi, disburseApi, orderApi, type AllocationRow, type OrderView, type RelatedOrder, type TimelineRow } from './api';
import { ContractsPanel } from './ContractsPanel';
import { DisburseDialog, DisbursementInfo, PlanTable } from './Disbursement';
import { DownPaymentPanel, RecordReceiptDialog, RefundDialog } from './DownPayment';
import { InsureDialog } from './InsureDialog';
import { useOrderView, useRefreshOrder } from './orderView';
import { canRecordReceipt, generatable, hasLivePackage, instalmentsPlace } from './part2Logic';
import { ReasonPrompt } from './part2Parts';
import { PoliciesTable } from './Policies';
import { RepaymentSection } from './RepaymentDetails';
import { AcceptDialog, AllocateDialog, ApproveDialog, ReasonDialog, RejectDialog, ReturnDialog, type ReasonCommand } from './Dialogs';
import { Amounts, IntakeDrawer, NoSchedule } from './IntakeDrawer';
import { BUSINESS_NS } from './locales';
import { actorText, isSystemSource, orderActions, type OrderAction } from './logic';
import { OrderFiles } from './OrderFiles';
import { ReturnNotice } from './ReturnNotice';
import './business.css';

type Open =
  | { kind: 'intake' }
  | { kind: 'approve' }
  | { kind: 'return' }
  | { kind: 'reject' }
  | { kind: 'allocate' }
  | { kind: 'accept' }
  | { kind: 'reason'; command: ReasonCommand }
  | { kind: 'insure' }
  | { kind: 'receipt' }
  | { kind: 'disburse' }
  | { kind: 'undoDisburse' }
  | { kind: 'refund' };

/** Statuses from the down payment on (the down payment, plan and disbursement sections show). */
const FROM_DOWN_PAYMENT = ['PENDING_DOWN_PAYMENT', 'PENDING_DISBURSEMENT', 'PENDING_POLICY', 'REPAYING', 'OVERDUE', 'SURRENDERING', 'SETTLED', 'SURRENDERED', 'WRITTEN_OFF'];

function scrollTo(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** The order page: one tab per order; everything about it and the steps this user may take now. */
export function OrderDetailPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const { t } = useTranslation(BUSINESS_NS);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const held = usePermissions();
  const [params, setParams] = useSearchParams();
  const view = useOrderView(id);
  const refreshOrder = useRefreshOrder();
  const [open, setOpen] = useState<Open | null>(null);
  // The 还款 card's open tab: the links to the instalments open 分期明细.
  const [repayTab, setRepayTab] = useState('repayments');
  // `?intake=1` (开始进件 / 进件 from a list) opens the intake form, also when the parameter
  // arrives after the page mounted.
  const wantsIntake = params.get('intake') === '1';
  const [intakeAsked, setIntakeAsked] = useState(false);
  if (wantsIntake !== intakeAsked) {
    setIntakeAsked(wantsIntake);
    if (wantsIntake) setOpen({ kind: 'intake' });
  }
  const statusLabel = useStatusLabel();
  useTabLabel(`/business/orderDetail/${raw ?? ''}`, view.data?.order.orderNo);

  const refresh = () => refreshOrder(id);
  const close = () => {
    setOpen(null);
    if (params.has('intake')) setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('intake');
      return next;
    }, { replace: true });
  };
  const done = () => {
    close();
    void refresh();
  };

  if (!view.data) {
    return <DetailPage title="" loading={!view.isError} notFound={view.isError ? t('notFound') : undefined} />;
  }
  const data = view.data;
  const order = data.order;
  const allowed = orderActions(order.status, data.nextEvents, held, { receivedFen: data.receivedFen });
  const reserved = data.allocations.find((a) => a.status === 'RESERVED');
  // The instalments are listed once (instalmentsPlace); the other sections link to them.
  const place = instalmentsPlace(data);
  const showInstalments = () => {
    setRepayTab('items');
    scrollTo('order-repayment');
  };

  const run = async (action: OrderAction) => {
    switch (action) {
      case 'startIntake':
        await orderApi.startIntake(order.id);
        void message.success(t('intakeStarted'));
        await refresh();
        setOpen({ kind: 'intake' });
        return;
      case 'editIntake':
        setOpen({ kind: 'intake' });
        return;
      case 'submit':
      case 'resubmit':
        await orderApi.submit(order.id);
        void message.success(t('submitted'));
        await refresh();
        return;
      case 'approve':
      case 'return':
      case 'reject':
      case 'allocate':
      case 'accept':
        setOpen({ kind: action });
        return;
      case 'unallocate':
      case 'noFunder':
      case 'cancel':
        setOpen({ kind: 'reason', command: action });
        return;
      case 'declaration':
      case 'contract': {
        // The package is generated once; after that its documents are worked on in the section.
        const pkg = action === 'declaration' ? 'declaration' : 'loan';
        if (generatable(order.status) === pkg && !hasLivePackage(data.contracts, pkg)) {
          await (pkg === 'declaration' ? contractApi.generateDeclaration(order.id) : contractApi.generateLoan(order.id));
          void message.success(t('contract.generated'));
          await refresh();
        }
        scrollTo('order-contracts');
        return;
      }
      case 'insure':
      case 'disburse':
      case 'undoDisburse':
      case 'refund':
        setOpen({ kind: action });
        return;
      case 'downPayment':
        if (canRecordReceipt(data.receipts)) setOpen({ kind: 'receipt' });
        else scrollTo('order-down-payment');
        return;
      case 'policy':
        scrollTo('order-policies');
        return;
    }
  };

  const PRIMARY: readonly OrderAction[] = ['startIntake', 'editIntake', 'approve', 'allocate', 'accept', 'declaration', 'insure', 'contract', 'downPayment', 'disburse', 'policy'];
  const DANGER: readonly OrderAction[] = ['reject', 'cancel', 'noFunder', 'unallocate', 'undoDisburse', 'refund'];
  const actions: DetailAction[] = allowed.map((action) => ({
    key: action,
    label: t(`action.${action}`),
    primary: PRIMARY.includes(action),
    danger: DANGER.includes(action),
    ...(action === 'submit' || action === 'resubmit' ? { confirm: t('confirmSubmit') } : {}),
    onClick: () => run(action).catch(() => undefined),
  }));

  return (
    <>
      <DetailPage
        title={order.orderNo}
        subtitle={`${order.customerName} · ${order.plateNo}`}
        status={{ label: <span data-testid="order-status">{statusLabel(order.status)}</span>, color: statusColor(order.status) }}
        onBack={() => void (window.history.length > 1 ? navigate(-1) : navigate('/business/comprehensive'))}
        backLabel={t('back')}
        actions={actions}
        timeline={{ title: t('section.timeline'), items: timelineItems(data.timeline) }}
      >
        <Alerts view={data} />
        <div className="bh-order-page">
          {/* A disbursed order's money first: what is owed and paid is what the page is opened for. */}
          {order.disbursedAt !== null ? (
            <DetailSection title={t('section.repayment')} id="order-repayment">
              <RepaymentSection order={order} onChanged={refresh} tab={repayTab} onTab={setRepayTab} />
            </DetailSection>
          ) : null}
          <DetailSection title={t('section.customer')} id="order-customer">
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
              <Descriptions.Item label={t('customerName')}>
                <a onClick={() => void navigate(customerDetailPath(order.customerId))}>{order.customerName}</a>
              </Descriptions.Item>
              <Descriptions.Item label={t('customerKind')}>
                <DictLabel type="customer_kind" code={data.customerKind} />
              </Descriptions.Item>
              <Descriptions.Item label={t('idNo')}>{data.customerIdNo || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('col.mobile')}>{order.customerMobile || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('handledBy')}>{order.assigneeName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('col.reviewer')}>{order.reviewerName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('address')}>
                {data.customerAddress || '—'}
              </Descriptions.Item>
            </Descriptions>
          </DetailSection>
          <DetailSection title={t('section.vehicle')} id="order-vehicle">
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
              <Descriptions.Item label={t('col.plateNo')}>{order.plateNo}</Descriptions.Item>
              <Descriptions.Item label="VIN">{order.vin}</Descriptions.Item>
              <Descriptions.Item label={t('brandModel')}>{data.vehicleBrandModel || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('usage')}>
                <DictLabel type="vehicle_usage" code={data.vehicleUsage} />
              </Descriptions.Item>
              <Descriptions.Item label={t('engineNo')}>{data.vehicleEngineNo || '—'}</Descriptions.Item>
              <Descriptions.Item label={t('owner')}>{data.vehicleOwnerName || order.customerName}</Descriptions.Item>
            </Descriptions>
          </DetailSection>
          <DetailSection title={t('section.policies')} id="order-policies">
            <PoliciesTable view={data} onChanged={refresh} />
          </DetailSection>
          <DetailSection title={t('section.amounts')} id="order-amounts">
            <Amounts view={data} />
            <div className="bh-order-drawer__section">
              {data.schedule ? (
                <ScheduleView data={data.schedule} testId="order-schedule" height={360} lines={place === 'schedule'} amounts={false}>
                  {place === 'schedule' ? null : (
                    <Typography.Link
                      className="bh-order-schedule__link"
                      onClick={place === 'repayment' ? showInstalments : () => scrollTo('order-plan')}
                      data-testid="schedule-show-instalments"
                    >
                      {place === 'repayment' ? t('plan.showInstalments') : t('plan.showPlan')}
                    </Typography.Link>
                  )}
                </ScheduleView>
              ) : (
                <NoSchedule />
              )}
            </div>
          </DetailSection>
          {data.contracts.length > 0 || generatable(order.status) ? (
            <DetailSection title={t('section.contracts')} id="order-contracts">
              <ContractsPanel orderId={order.id} orderStatus={order.status} contracts={data.contracts} pkg="all" onChanged={refresh} />
            </DetailSection>
          ) : null}
          {FROM_DOWN_PAYMENT.includes(order.status) || data.receipts.length > 0 || data.refunds.length > 0 ? (
            <DetailSection title={t('section.downPayment')} id="order-down-payment">
              <DownPaymentPanel view={data} onChanged={refresh} />
            </DetailSection>
          ) : null}
          {data.plan ? (
            <DetailSection title={t('section.plan')} id="order-plan">
              <PlanTable plan={data.plan} {...(place === 'repayment' ? { onShowInstalments: showInstalments } : {})} />
            </DetailSection>
          ) : null}
          {data.premiumLine || data.disbursement || order.status === 'PENDING_DISBURSEMENT' ? (
            <DetailSection title={t('section.disbursement')} id="order-disbursement">
              <DisbursementInfo view={data} />
            </DetailSection>
          ) : null}
          <OrderFiles orderId={order.id} editable={order.status === 'INTAKE' || order.status === 'RETURNED'} />
          <DetailSection title={t('section.allocations')} id="order-allocations">
            <Allocations rows={data.allocations} />
          </DetailSection>
        </div>
      </DetailPage>
      {open?.kind === 'intake' ? <IntakeDrawer view={data} onClose={close} onChanged={refresh} /> : null}
      {open?.kind === 'approve' ? <ApproveDialog orderId={order.id} orderNo={order.orderNo} financedFen={order.financedFen} onClose={close} onDone={done} /> : null}
      {open?.kind === 'return' ? <ReturnDialog orderId={order.id} orderNo={order.orderNo} onClose={close} onDone={done} /> : null}
      {open?.kind === 'reject' ? <RejectDialog orderId={order.id} orderNo={order.orderNo} onClose={close} onDone={done} /> : null}
      {open?.kind === 'allocate' ? (
        <AllocateDialog orders={[{ id: order.id, orderNo: order.orderNo, financedFen: order.approvedFinancedFen ?? order.financedFen }]} onClose={close} onDone={done} />
      ) : null}
      {open?.kind === 'accept' ? (
        <AcceptDialog orderId={order.id} orderNo={order.orderNo} reservedFen={reserved?.reservedFen ?? order.approvedFinancedFen ?? order.financedFen} onClose={close} onDone={done} />
      ) : null}
      {open?.kind === 'reason' ? <ReasonDialog command={open.command} orderId={order.id} orderNo={order.orderNo} onClose={close} onDone={done} /> : null}
      {open?.kind === 'insure' ? <InsureDialog view={data} onClose={close} onDone={done} /> : null}
      {open?.kind === 'receipt' ? <RecordReceiptDialog view={data} onClose={close} onDone={done} /> : null}
      {open?.kind === 'disburse' ? <DisburseDialog view={data} onClose={close} onDone={done} /> : null}
      {open?.kind === 'refund' ? <RefundDialog view={data} onClose={close} onDone={done} /> : null}
      {open?.kind === 'undoDisburse' ? (
        <ReasonPrompt
          title={t('disb.reverseTitle', { orderNo: order.orderNo })}
          okText={t('action.undoDisburse')}
          danger={t('disb.reverseAsk')}
          onSubmit={(reason) => disburseApi.reverse(order.id, reason)}
          onClose={close}
          onDone={done}
        />
      ) : null}
    </>
  );

  function timelineItems(rows: readonly TimelineRow[]): TimelineEntry[] {
    // The server lists the log oldest first; steps of the same instant (an allocation and its
    // automatic acceptance) keep that order, reversed.
    return [...rows]
      .reverse()
      .sort((a, b) => b.occurredAt - a.occurredAt)
      .map((row, index) => ({
        key: `${row.occurredAt}-${index}`,
        who: actorText(row.actorType, row.actorName, t),
        when: row.occurredAt,
        color: row.toStatus === 'REJECTED' || row.toStatus === 'CANCELLED' ? 'red' : row.event === 'RETURN' ? 'orange' : 'blue',
        what: <TimelineWhat row={row} />,
        reason: row.comment || row.reasonCode ? <TimelineReason row={row} /> : undefined,
      }));
  }
}

function TimelineWhat({ row }: { row: TimelineRow }) {
  const { t } = useTranslation(BUSINESS_NS);
  const event = useEventLabel();
  const status = useStatusLabel();
  return (
    <span data-testid="timeline-entry">
      <strong>{event(row.event, row.eventLabel)}</strong>
      <span className="bh-order-timeline__flow">
        {row.fromStatus ? (
          <>
            <Tag color={statusColor(row.fromStatus)}>{status(row.fromStatus)}</Tag>→{' '}
          </>
        ) : null}
        <Tag color={statusColor(row.toStatus)}>{status(row.toStatus)}</Tag>
      </span>
      {row.amountFen !== null ? (
        <Typography.Text type="secondary" className="bh-order-timeline__amount">
          {t('amount')}: {formatYuan(row.amountFen)}
        </Typography.Text>
      ) : null}
    </span>
  );
}

function TimelineReason({ row }: { row: TimelineRow }) {
  const reasons = useDictionary('reject_reason');
  const code = row.reasonCode ? (row.event === 'REJECT' ? reasons.labelOf(row.reasonCode) : row.reasonCode) : '';
  return <>{[code, row.comment].filter(Boolean).join(' · ')}</>;
}

/** Where the order stands: the next step, the return to fix, orders of the same customer or VIN, a rejection. */
function Alerts({ view }: { view: OrderView }) {
  const { t } = useTranslation(BUSINESS_NS);
  const o = view.order;
  const items: ReactNode[] = [];
  items.push(<Alert key="next" type="info" showIcon title={t(`next.${o.status}`, { defaultValue: t('next.none') })} data-testid="next-step" />);
  if (o.status === 'RETURNED') items.push(<ReturnNotice key="returned" view={view} />);
  if (o.status === 'REJECTED')
    items.push(
      <Alert
        key="rejected"
        type="error"
        showIcon
        title={t('rejectedAt', { stage: t(`stage.${o.rejectStage}`, { defaultValue: o.rejectStage }) })}
        description={<RejectText code={o.rejectReasonCode} text={o.rejectReason} />}
      />,
    );
  if (o.status === 'CANCELLED' && view.cancelReason) items.push(<Alert key="cancelled" type="warning" showIcon title={`${t('cancelReason')}: ${view.cancelReason}`} />);
  if (view.reviewOpinion) items.push(<Alert key="opinion" type="success" title={`${t('opinion')}: ${view.reviewOpinion}`} />);
  if (view.sameCustomerOrders.length > 0)
    items.push(<Alert key="same-customer" type="warning" showIcon title={t('sameCustomer')} description={<Related rows={view.sameCustomerOrders} />} data-testid="same-customer" />);
  if (view.sameVinOrders.length > 0)
    items.push(<Alert key="same-vin" type="error" showIcon title={t('sameVin')} description={<Related rows={view.sameVinOrders} />} data-testid="same-vin" />);
  return <div className="bh-order-alerts">{items}</div>;
}

function RejectText({ code, text }: { code: string; text: string }) {
  const reasons = useDictionary('reject_reason');
  return <>{[code ? reasons.labelOf(code) : '', text].filter(Boolean).join(' · ') || '—'}</>;
}

function Related({ rows }: { rows: readonly RelatedOrder[] }) {
  const navigate = useNavigate();
  return (
    <Space wrap>
      {rows.map((r) => (
        <span key={r.id}>
          <a onClick={() => void navigate(orderPath(r.id))}>{r.orderNo}</a> <OrderStatusTag status={r.status} />
        </span>
      ))}
    </Space>
  );
}

export function AllocationStatusTag({ status }: { status: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  const colors: Record<string, string> = { RESERVED: 'gold', ACTIVE: 'blue', FUNDED: 'green', CLOSED: 'default', DECLINED: 'red', CANCELLED: 'default' };
  return <Tag color={colors[status] ?? 'default'}>{t(`allocationStatus.${status}`, { defaultValue: status })}</Tag>;
}

function Allocations({ rows }: { rows: readonly AllocationRow[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Table<AllocationRow>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...rows]}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAllocations')} /> }}
      columns={[
        { key: 'provider', title: t('provider'), render: (_, a) => a.capitalProviderName },
        { key: 'mode', title: t('mode'), width: 90, render: (_, a) => t(`allocationMode.${a.mode}`, { defaultValue: a.mode }) },
        { key: 'reserved', title: t('reserved'), align: 'right', width: 130, render: (_, a) => <span className="bh-num">{formatYuan(a.reservedFen)}</span> },
        { key: 'status', title: t('state'), width: 100, render: (_, a) => <AllocationStatusTag status={a.status} /> },
        { key: 'approvalNo', title: t('approvalNo'), width: 130, render: (_, a) => a.cpApprovalNo || '—' },
        { key: 'by', title: t('allocatedBy'), width: 110, render: (_, a) => (a.allocatedByName && !isSystemSource(a.allocatedByName) ? a.allocatedByName : t('actor.SYSTEM')) },
        { key: 'reason', title: t('reason'), width: 160, render: (_, a) => a.reason || '—' },
        { key: 'createdAt', title: t('allocatedAt'), width: 160, render: (_, a) => formatDateTime(a.createdAt) },
        { key: 'endedAt', title: t('endedAt'), width: 160, render: (_, a) => formatDateTime(a.endedAt) },
      ]}
    />
  );
}
