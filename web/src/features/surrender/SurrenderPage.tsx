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
import { SURRENDER_LABELS_NS } from '../../shared/surrender/labels';
import { surrenderApi } from './api';
import { ApplyDialog } from './ApplyDialog';
import { ActionDialog } from './dialogs';
import { refundApplied, surrenderActions, userIdOf, type Me, type SurrenderAction } from './logic';
import { SURRENDER_NS } from './locales';
import { AmountCell, BalanceCell, NoticeCell, OrderLink, ReasonCell, StatusCell, SurrenderDrawer, Yuan } from './parts';
import { SURRENDER_REASONS, SURRENDER_STATUSES, type SurrenderData } from './types';
import './surrender.css';

const LIST_KEY = 'surrender.applications';
const P = PERMISSIONS;

/** The signed-in user: the account id the session carries (absent in a session stored before it did). */
function useMe(): Me {
  return { id: userIdOf(getUserInfo()) };
}

/** `?orderId=123` (the order page's 申请退保): the order to apply for, while the page is on its own path. */
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
 * 退保申请 (admin:order_refund:table, docs/surrenders.md): surrendering an order's policies with the
 * insurer and applying the refund to what the order owes. 申请退保 opens the form with 退保试算
 * (also from the order page's link `?orderId=`); an approver approves (the order → 退保中) or
 * rejects, the maker withdraws; then 提交保险公司, the insurer's confirmation (its refund,
 * endorsement and effective date) or refusal, or 撤销退保 when the customer cured; the settle side
 * applies the refund received (退保款确认并冲账, its preview for the day) and pays a surplus out
 * (退还余款). 查看 shows every field, the estimate per policy and the history.
 */
export function SurrenderPage() {
  const { t } = useTranslation(SURRENDER_NS);
  const labels = useTranslation(SURRENDER_LABELS_NS).t;
  const { message } = App.useApp();
  const reload = useListReload(LIST_KEY);
  const held = usePermissions();
  const me = useMe();
  const canApply = hasPermission(P.ORDER_REFUND_TABLE, held);
  const [linked, forgetLink] = useLinkedOrder();
  const [applying, setApplying] = useState<{ orderId: number | null } | null>(null);
  const [seenLink, setSeenLink] = useState<number | null>(null);
  if (linked !== seenLink) {
    setSeenLink(linked);
    if (linked !== null && canApply) setApplying({ orderId: linked });
  }
  const [viewing, setViewing] = useState<SurrenderData | null>(null);
  const [acting, setActing] = useState<{ row: SurrenderData; action: SurrenderAction } | null>(null);
  const offers = (row: SurrenderData, action: SurrenderAction) => surrenderActions(row, held, me).includes(action);

  // Sized to fit 1440 px with the menu open (Chinese and English): cells of two lines (number and
  // time, order and customer, reason and the requested date, status and why it stopped, surplus or
  // shortfall and what became of it); the payoff, what was applied, the applicant, the notice, the
  // provider, the endorsement and the dates have columns of their own to show from the settings.
  const columns: ListColumn<SurrenderData>[] = [
    {
      key: 'surrenderNo',
      title: t('col.surrenderNo'),
      sortField: 'createdAt',
      width: 150,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <a className="bh-surrender__no" onClick={() => setViewing(row)}>
            {row.surrenderNo}
          </a>
          <Typography.Text type="secondary" className="bh-surrender__sub bh-nowrap" title={t('col.createdAt')}>
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
          <Typography.Text type="secondary" className="bh-surrender__sub">
            {row.customerName}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'provider', title: t('col.provider'), width: 120, defaultHidden: true, render: (row) => row.capitalProviderName || t('none') },
    { key: 'reason', title: t('col.reason'), width: 120, render: (row) => <ReasonCell row={row} /> },
    { key: 'estimate', title: t('col.estimate'), kind: 'money', sortField: 'estimateFen', width: 118, render: (row) => <Yuan fen={row.estimateFen} /> },
    { key: 'payoff', title: t('col.payoff'), kind: 'money', width: 104, defaultHidden: true, render: (row) => <Yuan fen={row.payoffFen} /> },
    { key: 'insurerRefund', title: t('col.insurerRefund'), kind: 'money', width: 104, render: (row) => <AmountCell fen={row.insurerRefundFen} strong /> },
    { key: 'applied', title: t('col.applied'), kind: 'money', width: 96, defaultHidden: true, render: (row) => (refundApplied(row) ? <Yuan fen={row.appliedFen} /> : <AmountCell fen={null} />) },
    { key: 'balance', title: t('col.balance'), width: 112, align: 'right', render: (row) => <BalanceCell row={row} /> },
    { key: 'status', title: t('col.status'), width: 124, render: (row) => <StatusCell row={row} /> },
    { key: 'applicant', title: t('col.applicant'), width: 80, defaultHidden: true, render: (row) => row.createdByName },
    { key: 'cancelDate', title: t('col.cancelDate'), kind: 'date', defaultHidden: true, render: (row) => <span className="bh-num">{row.requestedCancelDate}</span> },
    { key: 'notice', title: t('col.notice'), width: 130, defaultHidden: true, render: (row) => <NoticeCell sentOn={row.noticeSentOn} cureDeadline={row.cureDeadline} /> },
    { key: 'endorsementNo', title: t('col.endorsementNo'), kind: 'code', width: 140, defaultHidden: true, render: (row) => row.endorsementNo || t('none') },
    { key: 'effectiveDate', title: t('col.effectiveDate'), kind: 'date', defaultHidden: true, render: (row) => <span className="bh-num">{row.effectiveDate ?? t('none')}</span> },
    { key: 'receivedOn', title: t('col.receivedOn'), kind: 'date', defaultHidden: true, render: (row) => <span className="bh-num">{row.refundReceivedOn ?? t('none')}</span> },
  ];

  const filters: FilterField[] = [
    { name: 'orderNo', kind: 'text', label: t('filter.orderNo'), width: 180 },
    { name: 'customerName', kind: 'text', label: t('filter.customerName'), width: 140 },
    { name: 'status', kind: 'choice', label: t('filter.status'), width: 200, options: SURRENDER_STATUSES.map((s) => ({ value: s, label: labels(`status.${s}`) })) },
    { name: 'reason', kind: 'choice', label: t('filter.reason'), width: 170, options: SURRENDER_REASONS.map((r) => ({ value: r, label: labels(`reasonShort.${r}`) })) },
  ];

  const act = (row: SurrenderData, action: SurrenderAction) => setActing({ row, action });
  const approve = P.ORDER_REFUND_APPROVE;
  const settle = P.ORDER_REFUND_SETTLE;
  const closeApply = () => {
    setApplying(null);
    forgetLink();
  };
  const done = () => {
    setActing(null);
    setViewing(null);
    void reload();
  };

  return (
    <>
      <ListPage<SurrenderData>
        listKey={LIST_KEY}
        columns={columns}
        filters={filters}
        fetchPage={surrenderApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        // The next step stays a link, the rest (and 查看) go under 更多: two links such as 保险公司确认 and
        // 保险公司拒绝 would make the actions column too wide for 1440 px.
        inlineActions={1}
        toolbar={[{ key: 'create', label: t('create'), perm: P.ORDER_REFUND_TABLE, icon: <PlusOutlined />, primary: true, onClick: () => setApplying({ orderId: null }) }]}
        exporter={{ perm: P.ORDER_REFUND_TABLE, run: surrenderApi.export }}
        rowActions={[
          { key: 'approve', label: t('action.approve'), perm: approve, hidden: (row) => !offers(row, 'approve'), onClick: (row) => act(row, 'approve') },
          { key: 'reject', label: t('action.reject'), perm: approve, danger: true, hidden: (row) => !offers(row, 'reject'), onClick: (row) => act(row, 'reject') },
          { key: 'withdraw', label: t('action.withdraw'), perm: P.ORDER_REFUND_TABLE, danger: true, hidden: (row) => !offers(row, 'withdraw'), onClick: (row) => act(row, 'withdraw') },
          { key: 'submit', label: t('action.submit'), perm: approve, hidden: (row) => !offers(row, 'submit'), onClick: (row) => act(row, 'submit') },
          { key: 'confirm', label: t('action.confirm'), perm: approve, hidden: (row) => !offers(row, 'confirm'), onClick: (row) => act(row, 'confirm') },
          { key: 'decline', label: t('action.decline'), perm: approve, danger: true, hidden: (row) => !offers(row, 'decline'), onClick: (row) => act(row, 'decline') },
          { key: 'cancel', label: t('action.cancel'), perm: approve, danger: true, hidden: (row) => !offers(row, 'cancel'), onClick: (row) => act(row, 'cancel') },
          { key: 'settle', label: t('action.settle'), perm: settle, hidden: (row) => !offers(row, 'settle'), onClick: (row) => act(row, 'settle') },
          { key: 'payout', label: t('action.payout'), perm: settle, hidden: (row) => !offers(row, 'payout'), onClick: (row) => act(row, 'payout') },
          { key: 'view', label: t('action.view'), onClick: (row) => setViewing(row) },
        ]}
      />
      {applying ? (
        <ApplyDialog
          orderId={applying.orderId}
          onClose={closeApply}
          onCreated={(row) => {
            void message.success(t('created', { no: row.surrenderNo }));
            void reload();
          }}
        />
      ) : null}
      {viewing ? (
        <SurrenderDrawer row={viewing} actions={surrenderActions(viewing, held, me)} onClose={() => setViewing(null)} onAct={(action) => act(viewing, action)} />
      ) : null}
      {acting ? <ActionDialog row={acting.row} action={acting.action} onClose={() => setActing(null)} onDone={done} /> : null}
    </>
  );
}
