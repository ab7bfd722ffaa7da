import { App, Drawer, Skeleton, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/errors';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { orderPath } from '../../shared/order/status';
import { disburseApi, openBlob, orderApi, repaymentApi, type OrderRow, type OrderStage, type OrderView } from './api';
import { ContractsPanel } from './ContractsPanel';
import { ReasonDialog } from './Dialogs';
import { DisburseDialog } from './Disbursement';
import { DownPaymentPanel, RefundDialog } from './DownPayment';
import { InsureDialog } from './InsureDialog';
import { ORDER_LISTS } from './lists';
import { BUSINESS_NS } from './locales';
import { Money, OrderList } from './OrderList';
import { useOrderView, useRefreshOrder } from './orderView';
import { DateTimeLines, ReasonPrompt } from './part2Parts';
import { PoliciesTable } from './Policies';
import { surrenderListPath } from './surrenderLogic';
import { SurrenderBalance } from './Surrenders';
import { BucketTag, DaysPastDue, RepaymentPanel } from './Repayments';

const P = PERMISSIONS;

/** What a row action of a part-2 list opens: a panel in a drawer or a dialog, over the order's view. */
type Work = 'declaration' | 'contracts' | 'insure' | 'downPayment' | 'disburse' | 'undoDisburse' | 'policies' | 'cancel' | 'refund' | 'repay';

/** Loads the order's view, then shows what was asked for (the lists' rows do not carry everything). */
function OrderWork({ row, work, onClose }: { row: OrderRow; work: Work; onClose: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const view = useOrderView(row.id);
  const refresh = useRefreshOrder();
  const changed = () => refresh(row.id);
  const done = () => {
    onClose();
    void changed();
  };
  const drawer = (title: string, content: (data: OrderView) => ReactNode) => (
    <Drawer open size={1040} title={title} onClose={onClose} destroyOnHidden data-testid="order-work">
      {view.data ? content(view.data) : <Skeleton active />}
    </Drawer>
  );
  switch (work) {
    case 'declaration':
    case 'contracts':
      return drawer(t(`stages.${work}Title`, { orderNo: row.orderNo }), (data) => (
        <ContractsPanel orderId={row.id} orderStatus={data.order.status} contracts={data.contracts} pkg={work === 'declaration' ? 'declaration' : 'loan'} onChanged={changed} />
      ));
    case 'downPayment':
      return drawer(t('stages.downPaymentTitle', { orderNo: row.orderNo }), (data) => <DownPaymentPanel view={data} onChanged={changed} />);
    case 'policies':
      return drawer(t('stages.policiesTitle', { orderNo: row.orderNo }), (data) => <PoliciesTable view={data} onChanged={changed} compact />);
    case 'repay':
      return drawer(t('stages.repayTitle', { orderNo: row.orderNo }), (data) => <RepaymentPanel order={data.order} onChanged={changed} />);
    case 'cancel':
      return <ReasonDialog command="cancel" orderId={row.id} orderNo={row.orderNo} onClose={onClose} onDone={done} />;
    case 'undoDisburse':
      return (
        <ReasonPrompt
          title={t('disb.reverseTitle', { orderNo: row.orderNo })}
          okText={t('action.undoDisburse')}
          danger={t('disb.reverseAsk')}
          onSubmit={(reason) => disburseApi.reverse(row.id, reason)}
          onClose={onClose}
          onDone={done}
        />
      );
    default:
      break;
  }
  // The dialogs that need the view wait for it.
  if (!view.data) return null;
  switch (work) {
    case 'insure':
      return <InsureDialog view={view.data} onClose={onClose} onDone={done} />;
    case 'disburse':
      return <DisburseDialog view={view.data} onClose={onClose} onDone={done} />;
    case 'refund':
      return <RefundDialog view={view.data} onClose={onClose} onDone={done} />;
  }
}

/** A list of part 2: one stage, its actions, the drawer or dialog of the action taken. */
function StageList({
  stage,
  listKey,
  statuses,
  actions,
  links,
  extraColumns,
  hiddenByDefault,
}: {
  stage: Extract<OrderStage, 'declaration' | 'insure' | 'sign' | 'downpayment' | 'disbursement' | 'policy' | 'repayment' | 'settled' | 'surrendered'>;
  listKey: string;
  statuses?: readonly string[];
  actions: readonly { key: Work; perm?: string; danger?: boolean; hidden?: (row: OrderRow) => boolean }[];
  /** Row actions that open something rather than a work drawer. */
  links?: readonly { key: string; label: string; onClick: (row: OrderRow) => void }[];
  extraColumns?: Parameters<typeof OrderList>[0]['extraColumns'];
  /** Common columns shown only from the column settings. */
  hiddenByDefault?: readonly string[];
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const navigate = useNavigate();
  const [open, setOpen] = useState<{ row: OrderRow; work: Work } | null>(null);
  return (
    <>
      <OrderList
        stage={stage}
        listKey={listKey}
        exporter={{ perm: P.ORDER_INFO_EXPORT, run: (body) => orderApi.export(stage, body) }}
        {...(statuses ? { statuses } : {})}
        {...(hiddenByDefault ? { hiddenByDefault } : {})}
        extraColumns={[
          ...(extraColumns ?? []),
          // Shown from the column settings: with it the lists would not fit 1440 px (docs/orders-screens.md).
          { key: 'statusChangedAt', title: t('col.statusChangedAt'), width: 160, defaultHidden: true, render: (row) => formatDateTime(row.statusChangedAt) },
        ]}
        rowActions={[
          ...actions.map((a) => ({
            key: a.key,
            label: t(`stages.action.${a.key}`),
            ...(a.perm ? { perm: a.perm } : {}),
            ...(a.danger ? { danger: true } : {}),
            ...(a.hidden ? { hidden: a.hidden } : {}),
            onClick: (row: OrderRow) => setOpen({ row, work: a.key }),
          })),
          ...(links ?? []),
          { key: 'view', label: t('view'), onClick: (row: OrderRow) => void navigate(orderPath(row.id)) },
        ]}
      />
      {open ? <OrderWork row={open.row} work={open.work} onClose={() => setOpen(null)} /> : null}
    </>
  );
}

// The lists of orders, part 2 (docs/orders-screens.md). Cancellation stays possible up to the
// disbursement; a refund of money received is recorded from the down payment panel or the order page.

/** 车主声明及委托书: PENDING_DECLARATION; the declaration package (生成, signing links, scans). */
export function DeclarationListPage() {
  return (
    <StageList
      stage="declaration"
      listKey={ORDER_LISTS.declaration}
      actions={[
        { key: 'declaration' },
        { key: 'cancel', perm: P.ORDER_INFO_CANCEL, danger: true },
      ]}
    />
  );
}

/** 投保确认: PENDING_INSURE_CONFIRM; the proposal numbers and final premiums. */
export function InsureListPage() {
  return (
    <StageList
      stage="insure"
      listKey={ORDER_LISTS.insure}
      actions={[
        { key: 'insure', perm: P.ORDER_INFO_INSURE },
        { key: 'cancel', perm: P.ORDER_INFO_CANCEL, danger: true },
      ]}
    />
  );
}

/** 订单合同管理: PENDING_SIGN; the loan package. */
export function ContractListPage() {
  return (
    <StageList
      stage="sign"
      listKey={ORDER_LISTS.sign}
      actions={[
        { key: 'contracts' },
        { key: 'cancel', perm: P.ORDER_INFO_CANCEL, danger: true },
      ]}
    />
  );
}

/** 首付款管理: PENDING_DOWN_PAYMENT; receipts recorded, confirmed (maker ≠ checker) or rejected. */
export function DownPaymentListPage() {
  return (
    <StageList
      stage="downpayment"
      listKey={ORDER_LISTS.downpayment}
      actions={[
        { key: 'downPayment' },
        { key: 'cancel', perm: P.ORDER_INFO_CANCEL, danger: true },
      ]}
    />
  );
}

/** 放款管理: PENDING_DISBURSEMENT (确认放款) and PENDING_POLICY (冲正). */
export function DisbursementListPage() {
  return (
    <StageList
      stage="disbursement"
      listKey={ORDER_LISTS.disbursement}
      statuses={['PENDING_DISBURSEMENT', 'PENDING_POLICY']}
      actions={[
        { key: 'disburse', perm: P.ORDER_INFO_DISBURSE, hidden: (row) => row.status !== 'PENDING_DISBURSEMENT' },
        { key: 'undoDisburse', perm: P.ORDER_INFO_DISBURSE_REVERSE, danger: true, hidden: (row) => row.status !== 'PENDING_POLICY' },
        { key: 'cancel', perm: P.ORDER_INFO_CANCEL, danger: true, hidden: (row) => row.status !== 'PENDING_DISBURSEMENT' },
      ]}
    />
  );
}

/** 电子保单: PENDING_POLICY; a PDF per financed policy. */
export function EPolicyListPage() {
  return <StageList stage="policy" listKey={ORDER_LISTS.policy} actions={[{ key: 'policies' }]} />;
}

/** The next instalment: its due date over its amount. */
function NextDue({ row }: { row: OrderRow }) {
  if (!row.nextDueDate) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      <span className="bh-num">{row.nextDueDate}</span>
      <Typography.Text type="secondary" className="bh-order__sub bh-num">
        {formatYuan(row.nextDueFen)}
      </Typography.Text>
    </Space>
  );
}

/** 还款阶段: PENDING_POLICY, REPAYING and OVERDUE; the next instalment, outstanding, days past due, bucket; 还款 opens the repayment panel. */
export function RepaymentListPage() {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <StageList
      stage="repayment"
      listKey={ORDER_LISTS.repayment}
      statuses={['PENDING_POLICY', 'REPAYING', 'OVERDUE']}
      // The product, the provider and the amount financed from the column settings: the repayment
      // columns need the room at 1440 px (what is owed now is 剩余应还).
      hiddenByDefault={['product', 'provider', 'financed']}
      extraColumns={[
        { key: 'nextDue', title: t('col.nextDue'), sortField: 'nextDueDate', width: 120, render: (row) => <NextDue row={row} /> },
        { key: 'outstanding', title: t('col.outstanding'), align: 'right', sortField: 'outstandingFen', width: 125, render: (row) => <Money fen={row.outstandingFen} /> },
        { key: 'dpd', title: t('col.dpd'), align: 'right', sortField: 'overdueDays', width: 100, render: (row) => <DaysPastDue days={row.overdueDays} /> },
        { key: 'bucket', title: t('col.bucket'), width: 90, render: (row) => <BucketTag bucket={row.bucket} /> },
      ]}
      actions={[{ key: 'repay' }]}
    />
  );
}

const SETTLE_COLORS: Record<string, string> = { NORMAL: 'green', EARLY: 'blue', DEPOSIT_OFFSET: 'purple', SURRENDER: 'volcano' };

/** What was paid in all, and below it what it went to: principal and interest, fee and penalty when any. */
function PaidParts({ row }: { row: OrderRow }) {
  const { t } = useTranslation(BUSINESS_NS);
  const part = (key: 'PRINCIPAL' | 'INTEREST' | 'FEE' | 'PENALTY', fen: number) => `${t(`repay.component.${key}`)} ${formatYuan(fen)}`;
  const extra = [row.paidFeeFen > 0 ? part('FEE', row.paidFeeFen) : '', row.paidPenaltyFen > 0 ? part('PENALTY', row.paidPenaltyFen) : ''].filter(Boolean);
  return (
    <Space orientation="vertical" size={0} className="bh-paid-parts" data-testid="paid-parts">
      <Money fen={row.paidFen} />
      <Typography.Text type="secondary" className="bh-order__sub bh-num">
        {part('PRINCIPAL', row.paidPrincipalFen)}
      </Typography.Text>
      <Typography.Text type="secondary" className="bh-order__sub bh-num">
        {part('INTEREST', row.paidInterestFen)}
      </Typography.Text>
      {extra.length > 0 ? (
        <Typography.Text type="secondary" className="bh-order__sub bh-num">
          {extra.join(' · ')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

/** 已结清订单: SETTLED; how and when each settled and what was paid. */
export function SettledListPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const showCertificate = async (orderId: number) => {
    try {
      openBlob(await repaymentApi.certificate(orderId));
    } catch (error) {
      void message.error(isApiError(error) ? error.msg : t('file.previewFailed'));
    }
  };
  return (
    <StageList
      stage="settled"
      listKey={ORDER_LISTS.settled}
      // The product and the amount financed from the column settings: what was paid is the list's figure.
      hiddenByDefault={['product', 'financed', 'provider']}
      extraColumns={[
        {
          key: 'settleType',
          title: t('col.settleType'),
          width: 150,
          render: (row) => (row.settleType ? <Tag color={SETTLE_COLORS[row.settleType] ?? 'default'}>{t(`settleType.${row.settleType}`, { defaultValue: row.settleType })}</Tag> : '—'),
        },
        { key: 'settledAt', title: t('col.settledAt'), width: 110, render: (row) => <DateTimeLines ms={row.settledAt} /> },
        { key: 'paid', title: t('col.paidTotal'), align: 'right', width: 170, render: (row) => <PaidParts row={row} /> },
      ]}
      actions={[]}
      links={[{ key: 'certificate', label: t('repay.certificate'), onClick: (row) => void showCertificate(row.id) }]}
    />
  );
}

/**
 * 已退保订单: SURRENDERED, the orders whose policies were surrendered and whose refund was applied:
 * the surrender (its number, when the order became 已退保), the insurer's refund, what it paid of
 * the order, the surplus for the customer (paid out or not) or the shortfall and how it was
 * handled. 退保申请 opens the surrender screen on the order's applications.
 */
export function SurrenderedListPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const navigate = useNavigate();
  const held = usePermissions();
  const canSee = hasPermission(P.ORDER_REFUND_TABLE, held);
  return (
    <StageList
      stage="surrendered"
      listKey={ORDER_LISTS.surrendered}
      // The product, the provider and the amount financed from the column settings: the surrender's figures need the room.
      hiddenByDefault={['product', 'financed', 'provider']}
      extraColumns={[
        {
          key: 'surrender',
          title: t('surrender.no'),
          width: 150,
          render: (row) => (
            <Space orientation="vertical" size={0}>
              {row.surrenderNo && canSee ? <a className="bh-order__no" onClick={() => void navigate(surrenderListPath(row.orderNo))}>{row.surrenderNo}</a> : <span className="bh-num">{row.surrenderNo || '—'}</span>}
              <Typography.Text type="secondary" className="bh-order__sub bh-num" title={t('col.surrenderedAt')}>
                {formatDateTime(row.statusChangedAt)}
              </Typography.Text>
            </Space>
          ),
        },
        { key: 'surrenderRefund', title: t('surrender.insurerRefund'), align: 'right', width: 120, render: (row) => <Money fen={row.surrenderRefundFen} /> },
        // What the refund paid of the order is the refund less the surplus: in the column settings.
        { key: 'surrenderApplied', title: t('surrender.applied'), align: 'right', width: 110, defaultHidden: true, render: (row) => <Money fen={row.surrenderAppliedFen} /> },
        {
          key: 'surrenderBalance',
          title: t('surrender.balance'),
          align: 'right',
          width: 130,
          render: (row) => (
            <SurrenderBalance
              applied
              surplusFen={row.surrenderSurplusFen}
              shortfallFen={row.surrenderShortfallFen}
              surplusPaidOn={row.surplusPaidOn}
              shortfallResolution={row.shortfallResolution}
            />
          ),
        },
        { key: 'paid', optional: true, title: t('col.paidTotal'), align: 'right', width: 170, render: (row) => <PaidParts row={row} /> },
      ]}
      actions={[]}
      links={canSee ? [{ key: 'surrenders', label: t('surrender.list'), onClick: (row) => void navigate(surrenderListPath(row.orderNo)) }] : []}
    />
  );
}
