import { PlusOutlined } from '@ant-design/icons';
import { App, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { getUserInfo } from '../../shared/auth/token';
import { ListPage, type FilterField, type ListColumn } from '../../shared/crud/ListPage';
import '../../shared/crud/locales';
import { useListReload } from '../../shared/crud/useListReload';
import { formatDateTime } from '../../shared/format/datetime';
import { useUi } from '../../shared/settings/store';
import { waiverApi } from './api';
import { ApplyDialog } from './ApplyDialog';
import { userIdOf, waiverActions, type Me, type WaiverAction } from './logic';
import { WAIVER_NS } from './locales';
import { AmountsCell, ConditionCell, DecisionDialog, OrderLink, ScopeText, StatusCell, WaiverDrawer } from './parts';
import { WAIVER_STATUSES, type WaiverData } from './types';
import './waiver.css';

const LIST_KEY = 'waiver.applications';
const P = PERMISSIONS;

/** The signed-in user: the account id the session carries (absent in a session stored before it did). */
function useMe(): Me {
  return { id: userIdOf(getUserInfo()) };
}

/** `?orderId=123` (the order page's link): the order to apply for, while the page is on its own path. */
function useLinkedOrder(): [number | null, () => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [ownPath] = useState(pathname);
  const raw = pathname === ownPath ? params.get('orderId') : null;
  const id = raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
  const forget = () => {
    if (!params.has('orderId')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('orderId');
        return next;
      },
      { replace: true },
    );
  };
  return [id, forget];
}

/**
 * 减免申请 (admin:order_plan_reduction:table, docs/waivers.md): the waivers of interest, fee and
 * penalty with their scope, amounts, bearer, condition and approvals; 申请减免 opens the form (also
 * from the order page's link `?orderId=`); approvers approve or reject, the maker side withdraws.
 */
export function WaiverPage() {
  const { t } = useTranslation(WAIVER_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST_KEY);
  const held = usePermissions();
  const me = useMe();
  // A phone keeps one action as a link (the rest under 更多): the fixed actions column leaves room for the rest.
  const mobile = useUi().device === 'mobile';
  const canCreate = hasPermission(P.ORDER_PLAN_REDUCTION_CREATE, held);
  const [linked, forgetLink] = useLinkedOrder();
  const [applying, setApplying] = useState<{ orderId: number | null } | null>(null);
  const [seenLink, setSeenLink] = useState<number | null>(null);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked !== null && canCreate) setApplying({ orderId: linked });
  }
  const [viewing, setViewing] = useState<WaiverData | null>(null);
  const [deciding, setDeciding] = useState<{ row: WaiverData; action: WaiverAction } | null>(null);
  const offers = (row: WaiverData, action: WaiverAction) => waiverActions(row, held, me).includes(action);

  // Sized to fit 1440 px with the menu open (Chinese): cells of several lines (number and time,
  // order and customer, total and its components, amount and deadline, status and approvals).
  const columns: ListColumn<WaiverData>[] = [
    {
      key: 'waiverNo',
      title: t('col.waiverNo'),
      sortField: 'createdAt',
      width: 150,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <a className="bh-waiver__no" onClick={() => setViewing(row)}>
            {row.waiverNo}
          </a>
          <Typography.Text type="secondary" className="bh-waiver__sub bh-nowrap" title={t('col.createdAt')}>
            {formatDateTime(row.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'order',
      title: t('col.order'),
      width: 160,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <OrderLink id={row.orderId} orderNo={row.orderNo} />
          <Typography.Text type="secondary" className="bh-waiver__sub">
            {row.customerName}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'scope', title: t('col.scope'), width: 105, render: (row) => <ScopeText itemSeq={row.itemSeq} /> },
    { key: 'amounts', title: t('col.amounts'), align: 'right', sortField: 'totalFen', width: 130, render: (row) => <AmountsCell row={row} /> },
    { key: 'bearer', title: t('col.bearer'), width: 90, render: (row) => t(`bearerShort.${row.bearer}`, { defaultValue: row.bearer }) },
    { key: 'condition', title: t('col.condition'), width: 125, render: (row) => <ConditionCell row={row} /> },
    { key: 'status', title: t('col.status'), width: 120, render: (row) => <StatusCell row={row} /> },
    { key: 'applicant', title: t('col.applicant'), width: 90, render: (row) => row.createdByName },
    { key: 'reason', title: t('col.reason'), width: 200, ellipsis: true, defaultHidden: true, render: (row) => row.reason },
  ];

  const filters: FilterField[] = [
    { name: 'status', kind: 'choice', label: t('col.status'), width: 190, options: WAIVER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    { name: 'orderNo', kind: 'text', label: t('col.orderNo'), width: 180 },
  ];

  const closeApply = () => {
    setApplying(null);
    forgetLink();
  };

  return (
    <>
      <ListPage<WaiverData>
        listKey={LIST_KEY}
        columns={columns}
        filters={filters}
        fetchPage={waiverApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        inlineActions={mobile ? 1 : 2}
        toolbar={[{ key: 'create', label: t('create'), perm: P.ORDER_PLAN_REDUCTION_CREATE, icon: <PlusOutlined />, primary: true, onClick: () => setApplying({ orderId: null }) }]}
        rowActions={[
          { key: 'approve', label: t('action.approve'), perm: P.ORDER_PLAN_REDUCTION_APPROVE, hidden: (row) => !offers(row, 'approve'), onClick: (row) => setDeciding({ row, action: 'approve' }) },
          { key: 'reject', label: t('action.reject'), perm: P.ORDER_PLAN_REDUCTION_APPROVE, danger: true, hidden: (row) => !offers(row, 'reject'), onClick: (row) => setDeciding({ row, action: 'reject' }) },
          { key: 'withdraw', label: t('action.withdraw'), perm: P.ORDER_PLAN_REDUCTION_CREATE, danger: true, hidden: (row) => !offers(row, 'withdraw'), onClick: (row) => setDeciding({ row, action: 'withdraw' }) },
        ]}
      />
      {applying ? (
        <ApplyDialog
          orderId={applying.orderId}
          onClose={closeApply}
          onCreated={(row) => {
            void message.success(t('created', { no: row.waiverNo }));
            void reload();
          }}
        />
      ) : null}
      {viewing ? (
        <WaiverDrawer
          row={viewing}
          actions={waiverActions(viewing, held, me)}
          onClose={() => setViewing(null)}
          onAct={(action) => setDeciding({ row: viewing, action })}
        />
      ) : null}
      {deciding ? (
        <DecisionDialog
          row={deciding.row}
          action={deciding.action}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            setViewing(null);
            void reload();
          }}
        />
      ) : null}
    </>
  );
}
