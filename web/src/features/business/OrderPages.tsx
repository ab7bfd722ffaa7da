import { ThunderboltOutlined, PlusOutlined, ApartmentOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { useListReload } from '../../shared/crud/useListReload';
import { formatDateTime } from '../../shared/format/datetime';
import { useDictionary } from '../../shared/dictionary/dictionary';
import { orderPath, ORDER_STATUSES } from '../../shared/order/status';
import { orderApi, type OrderRow } from './api';
import { ApplyDialog } from './ApplyDialog';
import { AllocateDialog, ReasonDialog, type ReasonCommand } from './Dialogs';
import { ORDER_LISTS } from './lists';
import { BUSINESS_NS } from './locales';
import { PROVIDERS_KEY } from './lookups';
import { Money, OrderList } from './OrderList';

const P = PERMISSIONS;

function useOpenOrder() {
  const navigate = useNavigate();
  return (row: { id: number }, intake = false) => void navigate(`${orderPath(row.id)}${intake ? '?intake=1' : ''}`);
}

/** 开始进件 from a list: the order goes to intake and its page opens with the intake form. */
function useStartIntake() {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const open = useOpenOrder();
  return async (row: OrderRow) => {
    await orderApi.startIntake(row.id);
    void message.success(t('intakeStarted'));
    open(row, true);
  };
}

function Reason({ row, command, onClose, listKey }: { row: OrderRow; command: ReasonCommand; onClose: () => void; listKey: string }) {
  const reload = useListReload(listKey);
  return (
    <ReasonDialog
      command={command}
      orderId={row.id}
      orderNo={row.orderNo}
      onClose={onClose}
      onDone={() => {
        onClose();
        void reload();
      }}
    />
  );
}

/** 订单申请列表 (admin:order_apply:table): applications; 新增申请; 开始进件. */
export function RegisteredUserPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const reload = useListReload(ORDER_LISTS.apply);
  const open = useOpenOrder();
  const start = useStartIntake();
  const [applying, setApplying] = useState(false);
  return (
    <>
      <OrderList
        stage="apply"
        listKey={ORDER_LISTS.apply}
        exporter={{ perm: P.ORDER_APPLY_EXPORT, run: (body) => orderApi.export('apply', body) }}
        without={['provider', 'insurers']}
        extraColumns={[{ key: 'channel', title: t('channel'), width: 110, render: (row) => row.channel || '—' }]}
        toolbar={[{ key: 'apply', label: t('applyTitle'), perm: P.ORDER_APPLY_CREATE, icon: <PlusOutlined />, onClick: () => setApplying(true) }]}
        rowActions={[
          { key: 'view', label: t('view'), perm: P.ORDER_INFO_TABLE, onClick: (row) => open(row) },
          { key: 'start', label: t('action.startIntake'), perm: P.ORDER_INFO_EDIT, confirm: (row) => t('confirmStart', { orderNo: row.orderNo }), onClick: start },
        ]}
      />
      <ApplyDialog
        open={applying}
        onClose={() => setApplying(false)}
        onCreated={(_, orderNo) => {
          void message.success(t('applied', { orderNo }));
          void reload();
        }}
      />
    </>
  );
}

/** 进件管理 (admin:order_info:table): APPLIED, INTAKE and RETURNED orders. */
export function IntakeListPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const open = useOpenOrder();
  const start = useStartIntake();
  const [cancelling, setCancelling] = useState<OrderRow | null>(null);
  return (
    <>
      <OrderList
        stage="intake"
        listKey={ORDER_LISTS.intake}
        exporter={{ perm: P.ORDER_INFO_EXPORT, run: (body) => orderApi.export('intake', body) }}
        statuses={['APPLIED', 'INTAKE', 'RETURNED']}
        without={['provider']}
        // The status says which orders came back; how often is in the column settings (and on the review list).
        extraColumns={[{ key: 'returnCount', title: t('col.returnCount'), width: 90, align: 'center', defaultHidden: true, render: (row) => row.returnCount || '—' }]}
        rowActions={[
          { key: 'view', label: t('view'), onClick: (row) => open(row) },
          { key: 'start', label: t('action.startIntake'), perm: P.ORDER_INFO_EDIT, hidden: (row) => row.status !== 'APPLIED', confirm: (row) => t('confirmStart', { orderNo: row.orderNo }), onClick: start },
          { key: 'intake', label: t('action.editIntake'), perm: P.ORDER_INFO_EDIT, hidden: (row) => row.status === 'APPLIED', onClick: (row) => open(row, true) },
          { key: 'cancel', label: t('action.cancel'), perm: P.ORDER_INFO_CANCEL, danger: true, onClick: (row) => setCancelling(row) },
        ]}
      />
      {cancelling ? <Reason row={cancelling} command="cancel" listKey={ORDER_LISTS.intake} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}

/** 进件订单审核: INTAKE_REVIEW orders; 审核 opens the order page with 通过 / 退回 / 拒绝. */
export function ReviewListPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const open = useOpenOrder();
  return (
    <OrderList
      stage="review"
      listKey={ORDER_LISTS.review}
      exporter={{ perm: P.ORDER_INFO_EXPORT, run: (body) => orderApi.export('review', body) }}
      without={['provider']}
      extraColumns={[
        { key: 'returnCount', title: t('col.returnCount'), width: 90, align: 'center', render: (row) => row.returnCount || '—' },
        { key: 'submittedAt', title: t('col.submittedAt'), width: 160, render: (row) => formatDateTime(row.submittedAt) },
      ]}
      rowActions={[{ key: 'review', label: t('review'), onClick: (row) => open(row) }]}
    />
  );
}

/** 分配队列 (admin:assignment_queue:table): PENDING_ALLOCATION orders; 分配 (one or a batch), 自动分配, 无资金方，拒绝. */
export function AllocationQueuePage() {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const reload = useListReload(ORDER_LISTS.queue);
  const open = useOpenOrder();
  const [selected, setSelected] = useState<OrderRow[]>([]);
  const [allocating, setAllocating] = useState<OrderRow[] | null>(null);
  const [refusing, setRefusing] = useState<OrderRow | null>(null);
  const [auto, setAuto] = useState<{ taken: number; left: number } | null>(null);
  const amount = (row: OrderRow) => row.approvedFinancedFen ?? row.financedFen;
  return (
    <>
      <OrderList
        stage="queue"
        listKey={ORDER_LISTS.queue}
        exporter={{ perm: P.ASSIGNMENT_QUEUE_EXPORT, run: (body) => orderApi.export('queue', body) }}
        without={['provider']}
        extraColumns={[{ key: 'approved', title: t('approvedFinanced'), align: 'right', width: 130, render: (row) => <Money fen={row.approvedFinancedFen} /> }]}
        selection={{ keys: selected.map((r) => r.id), onChange: (_, rows) => setSelected(rows) }}
        banner={
          auto ? (
            <Alert
              type={auto.taken > 0 ? 'success' : 'info'}
              showIcon
              closable={{ onClose: () => setAuto(null) }}
              title={t('autoResult', { taken: auto.taken, left: auto.left })}
              className="bh-order-outcomes"
            />
          ) : null
        }
        toolbar={[
          {
            key: 'batch',
            label: t('batchAllocate', { count: selected.length }),
            perm: P.ASSIGNMENT_QUEUE_ALLOCATE,
            icon: <ApartmentOutlined />,
            onClick: () => {
              if (selected.length === 0) void message.warning(t('selectFirst'));
              else setAllocating(selected);
            },
          },
          {
            key: 'auto',
            label: t('autoAllocate'),
            perm: P.ASSIGNMENT_QUEUE_ALLOCATE,
            primary: false,
            icon: <ThunderboltOutlined />,
            onClick: () =>
              void orderApi
                .autoAllocate()
                .then((result) => {
                  setAuto(result);
                  void client.invalidateQueries({ queryKey: PROVIDERS_KEY });
                  void reload();
                })
                .catch(() => undefined),
          },
        ]}
        rowActions={[
          { key: 'view', label: t('view'), onClick: (row) => open(row) },
          { key: 'allocate', label: t('action.allocate'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, onClick: (row) => setAllocating([row]) },
          { key: 'noFunder', label: t('action.noFunder'), perm: P.ASSIGNMENT_QUEUE_ALLOCATE, danger: true, onClick: (row) => setRefusing(row) },
        ]}
      />
      {allocating ? (
        <AllocateDialog
          orders={allocating.map((row) => ({ id: row.id, orderNo: row.orderNo, financedFen: amount(row) }))}
          onClose={() => setAllocating(null)}
          onDone={() => {
            setAllocating(null);
            setSelected([]);
            void reload();
          }}
        />
      ) : null}
      {refusing ? <Reason row={refusing} command="noFunder" listKey={ORDER_LISTS.queue} onClose={() => setRefusing(null)} /> : null}
    </>
  );
}

/** 拒单记录 (admin:statistics:not_pass): rejected orders with the stage and the reason. */
export function RejectOrderPage() {
  const { t } = useTranslation(BUSINESS_NS);
  const reasons = useDictionary('reject_reason');
  const open = useOpenOrder();
  return (
    <OrderList
      stage="rejected"
      listKey={ORDER_LISTS.rejected}
      without={['premium', 'status', 'vehicle', 'insurers', 'provider', 'product']}
      extraColumns={[
        { key: 'stage', title: t('col.rejectStage'), width: 100, render: (row) => t(`stage.${row.rejectStage}`, { defaultValue: row.rejectStage || '—' }) },
        { key: 'reasonCode', title: t('col.rejectReason'), width: 170, render: (row) => (row.rejectReasonCode ? reasons.labelOf(row.rejectReasonCode) : '—') },
        { key: 'reason', optional: true, title: t('col.rejectText'), width: 180, ellipsis: true, render: (row) => row.rejectReason || '—' },
        { key: 'reviewer', optional: true, title: t('col.reviewer'), width: 100, render: (row) => row.reviewerName ?? '—' },
        { key: 'rejectedAt', title: t('col.rejectedAt'), width: 160, render: (row) => formatDateTime(row.statusChangedAt) },
      ]}
      rowActions={[{ key: 'view', label: t('view'), onClick: (row) => open(row) }]}
    />
  );
}

/** 综合业务订单: every order, every filter; the way to any order's page. */
export function ComprehensivePage() {
  const { t } = useTranslation(BUSINESS_NS);
  const open = useOpenOrder();
  return (
    <OrderList
      stage="all"
      listKey={ORDER_LISTS.all}
      exporter={{ perm: P.ORDER_INFO_EXPORT, run: (body) => orderApi.export('all', body) }}
      statuses={ORDER_STATUSES}
      extraColumns={[{ key: 'statusChangedAt', title: t('col.statusChangedAt'), width: 160, defaultHidden: true, render: (row) => formatDateTime(row.statusChangedAt) }]}
      rowActions={[{ key: 'view', label: t('view'), onClick: (row) => open(row) }]}
    />
  );
}
