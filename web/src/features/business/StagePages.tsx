import { Drawer, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { formatDateTime } from '../../shared/format/datetime';
import { orderPath } from '../../shared/order/status';
import { disburseApi, orderApi, type OrderRow, type OrderStage, type OrderView } from './api';
import { ContractsPanel } from './ContractsPanel';
import { ReasonDialog } from './Dialogs';
import { DisburseDialog } from './Disbursement';
import { DownPaymentPanel, RefundDialog } from './DownPayment';
import { InsureDialog } from './InsureDialog';
import { ORDER_LISTS } from './lists';
import { BUSINESS_NS } from './locales';
import { OrderList } from './OrderList';
import { useOrderView, useRefreshOrder } from './orderView';
import { ReasonPrompt } from './part2Parts';
import { PoliciesTable } from './Policies';

const P = PERMISSIONS;

/** What a row action of a part-2 list opens: a panel in a drawer or a dialog, over the order's view. */
type Work = 'declaration' | 'contracts' | 'insure' | 'downPayment' | 'disburse' | 'undoDisburse' | 'policies' | 'cancel' | 'refund';

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
  extraColumns,
}: {
  stage: Extract<OrderStage, 'declaration' | 'insure' | 'sign' | 'downpayment' | 'disbursement' | 'policy'>;
  listKey: string;
  statuses?: readonly string[];
  actions: readonly { key: Work; perm?: string; danger?: boolean; hidden?: (row: OrderRow) => boolean }[];
  extraColumns?: Parameters<typeof OrderList>[0]['extraColumns'];
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
