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
import { recoveryApi } from './api';
import { ApplyDialog } from './ApplyDialog';
import { applies, recoveryActions, userIdOf, type Me, type RecoveryAction } from './logic';
import { RECOVERY_NS } from './locales';
import { AmountCell, ApproversCell, CloseDialog, DecisionDialog, MethodCell, OrderLink, RecoveryDrawer, StatusCell } from './parts';
import { METHODS, RECOVERY_STATUSES, type RecoveryData } from './types';
import './recovery.css';

const LIST_KEY = 'recovery.applications';
const P = PERMISSIONS;

/** The signed-in user: the account id the session carries (absent in a session stored before it did). */
function useMe(): Me {
  return { id: userIdOf(getUserInfo()) };
}

/** `?orderId=123` (逾期挂账's 申请追偿): the order to apply for, while the page is on its own path. */
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
 * 追偿申请 (admin:order_plan_recover:table, docs/recoveries.md): what the platform decided about the
 * claims it holds on the instalments it advanced — hand them to a collection agency, take them to
 * court, or write them off — with the claim when applied for, what came back, what was written off
 * and what the case cost. 申请追偿 opens the form (also from 逾期挂账's link `?orderId=`); approvers
 * approve (a write-off at its last level writes the claim off) or reject, the maker withdraws, the
 * maker side closes an agency or litigation case (结案) with its result and cost.
 */
export function RecoveryPage() {
  const { t } = useTranslation(RECOVERY_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST_KEY);
  const held = usePermissions();
  const me = useMe();
  // A phone keeps one action as a link (the rest under 更多): the fixed actions column leaves room for the rest.
  const mobile = useUi().device === 'mobile';
  const canCreate = hasPermission(P.ORDER_PLAN_RECOVER_CREATE, held);
  const [linked, forgetLink] = useLinkedOrder();
  const [applying, setApplying] = useState<{ orderId: number | null } | null>(null);
  const [seenLink, setSeenLink] = useState<number | null>(null);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked !== null && canCreate) setApplying({ orderId: linked });
  }
  const [viewing, setViewing] = useState<RecoveryData | null>(null);
  const [deciding, setDeciding] = useState<{ row: RecoveryData; action: RecoveryAction } | null>(null);
  const offers = (row: RecoveryData, action: RecoveryAction) => recoveryActions(row, held, me).includes(action);

  // Sized to fit 1440 px with the menu open (Chinese): cells of several lines (number and time, order
  // and customer, method and agency, status and approvals with the approvers); the approvers, the
  // provider, the reason and the result also have columns of their own to show in the settings.
  const columns: ListColumn<RecoveryData>[] = [
    {
      key: 'recoveryNo',
      title: t('col.recoveryNo'),
      sortField: 'createdAt',
      width: 150,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <a className="bh-recovery__no" onClick={() => setViewing(row)}>
            {row.recoveryNo}
          </a>
          <Typography.Text type="secondary" className="bh-recovery__sub bh-nowrap" title={t('col.createdAt')}>
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
          <Typography.Text type="secondary" className="bh-recovery__sub">
            {row.customerName}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'provider', title: t('col.provider'), width: 120, defaultHidden: true, render: (row) => row.capitalProviderName || t('none') },
    { key: 'method', title: t('col.method'), width: 110, render: (row) => <MethodCell row={row} /> },
    { key: 'claim', title: t('col.claim'), kind: 'money', width: 104, render: (row) => <AmountCell fen={row.claimFen} applies strong /> },
    { key: 'recovered', title: t('col.recovered'), kind: 'money', width: 96, render: (row) => <AmountCell fen={row.recoveredFen} applies={applies.recovered(row)} /> },
    { key: 'writtenOff', title: t('col.writtenOff'), kind: 'money', width: 96, render: (row) => <AmountCell fen={row.writtenOffFen} applies={applies.writtenOff(row)} /> },
    { key: 'cost', title: t('col.cost'), kind: 'money', width: 86, render: (row) => <AmountCell fen={row.costFen} applies={applies.cost(row)} /> },
    { key: 'status', title: t('col.status'), width: 110, render: (row) => <StatusCell row={row} /> },
    { key: 'applicant', title: t('col.applicant'), width: 80, render: (row) => row.createdByName },
    { key: 'approvers', title: t('col.approvers'), width: 100, defaultHidden: true, render: (row) => <ApproversCell row={row} /> },
    { key: 'reason', title: t('col.reason'), width: 200, ellipsis: true, defaultHidden: true, render: (row) => row.reason },
    { key: 'result', title: t('col.result'), width: 200, ellipsis: true, defaultHidden: true, render: (row) => row.result || t('none') },
  ];

  const filters: FilterField[] = [
    { name: 'status', kind: 'choice', label: t('filter.status'), width: 190, options: RECOVERY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    { name: 'method', kind: 'choice', label: t('filter.method'), width: 170, options: METHODS.map((m) => ({ value: m, label: t(`method.${m}`) })) },
    { name: 'orderNo', kind: 'text', label: t('filter.orderNo'), width: 180 },
  ];

  const closeApply = () => {
    setApplying(null);
    forgetLink();
  };
  const done = () => {
    setDeciding(null);
    setViewing(null);
    void reload();
  };

  return (
    <>
      <ListPage<RecoveryData>
        listKey={LIST_KEY}
        columns={columns}
        filters={filters}
        fetchPage={recoveryApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        inlineActions={mobile ? 1 : 2}
        toolbar={[{ key: 'create', label: t('create'), perm: P.ORDER_PLAN_RECOVER_CREATE, icon: <PlusOutlined />, primary: true, onClick: () => setApplying({ orderId: null }) }]}
        rowActions={[
          { key: 'approve', label: t('action.approve'), perm: P.ORDER_PLAN_RECOVER_APPROVE, hidden: (row) => !offers(row, 'approve'), onClick: (row) => setDeciding({ row, action: 'approve' }) },
          { key: 'reject', label: t('action.reject'), perm: P.ORDER_PLAN_RECOVER_APPROVE, danger: true, hidden: (row) => !offers(row, 'reject'), onClick: (row) => setDeciding({ row, action: 'reject' }) },
          { key: 'close', label: t('action.close'), perm: P.ORDER_PLAN_RECOVER_CREATE, hidden: (row) => !offers(row, 'close'), onClick: (row) => setDeciding({ row, action: 'close' }) },
          { key: 'withdraw', label: t('action.withdraw'), perm: P.ORDER_PLAN_RECOVER_CREATE, danger: true, hidden: (row) => !offers(row, 'withdraw'), onClick: (row) => setDeciding({ row, action: 'withdraw' }) },
        ]}
      />
      {applying ? (
        <ApplyDialog
          orderId={applying.orderId}
          onClose={closeApply}
          onCreated={(row) => {
            void message.success(t('created', { no: row.recoveryNo }));
            void reload();
          }}
        />
      ) : null}
      {viewing ? (
        <RecoveryDrawer
          row={viewing}
          actions={recoveryActions(viewing, held, me)}
          onClose={() => setViewing(null)}
          onAct={(action) => setDeciding({ row: viewing, action })}
        />
      ) : null}
      {deciding ? (
        deciding.action === 'close' ? (
          <CloseDialog row={deciding.row} onClose={() => setDeciding(null)} onDone={done} />
        ) : (
          <DecisionDialog row={deciding.row} action={deciding.action} onClose={() => setDeciding(null)} onDone={done} />
        )
      ) : null}
    </>
  );
}
