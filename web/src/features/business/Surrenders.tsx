import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { surrenderApplyPath } from '../../shared/order/status';
import { surrenderPage } from '../../shared/surrender/api';
import { SurrenderReasonTag, SurrenderStatusTag } from '../../shared/surrender/SurrenderTags';
import { LIVE_SURRENDER_STATUSES, type SurrenderData } from '../../shared/surrender/types';
import type { OrderRow } from './api';
import { BUSINESS_NS } from './locales';
import { SURRENDERABLE, surrenderListPath, surrendersKey } from './surrenderLogic';

const money = (fen: number | null) => (fen === null ? '—' : <span className="bh-num">{formatYuan(fen)}</span>);

/**
 * 退保 on the order page (docs/surrenders.md): the order's surrender applications with their
 * figures, and — for an order that may be surrendered and has none under way — 申请退保, which
 * opens 退保申请's form for it. The work on an application is done on that screen.
 */
export function SurrenderPanel({ order }: { order: OrderRow }) {
  const { t } = useTranslation(BUSINESS_NS);
  const held = usePermissions();
  const navigate = useNavigate();
  const list = useQuery({
    queryKey: surrendersKey(order.id),
    queryFn: () => surrenderPage({ page: 1, size: 50, orderId: order.id, sort: { field: 'createdAt', order: 'desc' } }),
  });
  const canApply = hasPermission(PERMISSIONS.ORDER_REFUND_TABLE, held);
  if (list.isLoading) return <Skeleton active />;
  if (list.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('surrender.loadFailed')}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('surrender.retry')}
          </Button>
        }
      />
    );
  }
  const rows = list.data?.records ?? [];
  const live = rows.find((r) => LIVE_SURRENDER_STATUSES.includes(r.status));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="surrenders">
      {SURRENDERABLE.includes(order.status) && canApply ? (
        <Space wrap>
          {live ? (
            <Button disabled data-testid="surrender-apply">
              {t('surrender.apply')}
            </Button>
          ) : (
            <Button onClick={() => void navigate(surrenderApplyPath(order.id))} data-testid="surrender-apply">
              {t('surrender.apply')}
            </Button>
          )}
          <Typography.Text type="secondary">{live ? t('surrender.live', { no: live.surrenderNo }) : t('surrender.applyHint')}</Typography.Text>
        </Space>
      ) : null}
      {rows.length === 0 ? (
        <Empty description={t('surrender.none')} />
      ) : (
        <Table<SurrenderData>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          columns={[
            {
              key: 'no',
              title: t('surrender.no'),
              width: 160,
              render: (_, r) => (
                <Space orientation="vertical" size={0}>
                  <span className="bh-num">{r.surrenderNo}</span>
                  <Typography.Text type="secondary" className="bh-order__sub bh-num">
                    {formatDateTime(r.createdAt)}
                  </Typography.Text>
                </Space>
              ),
            },
            { key: 'status', title: t('surrender.status'), width: 130, render: (_, r) => <SurrenderStatusTag status={r.status} /> },
            {
              key: 'reason',
              title: t('surrender.reason'),
              width: 130,
              render: (_, r) => (
                <Space orientation="vertical" size={2}>
                  <SurrenderReasonTag reason={r.reason} short />
                  <Typography.Text type="secondary" className="bh-order__sub bh-num">
                    {t('surrender.cancelDate', { date: r.requestedCancelDate })}
                  </Typography.Text>
                </Space>
              ),
            },
            { key: 'estimate', title: t('surrender.estimate'), align: 'right', width: 110, render: (_, r) => money(r.estimateFen) },
            { key: 'insurerRefund', title: t('surrender.insurerRefund'), align: 'right', width: 120, render: (_, r) => money(r.insurerRefundFen) },
            { key: 'applied', title: t('surrender.applied'), align: 'right', width: 110, render: (_, r) => money(r.refundReceivedOn ? r.appliedFen : null) },
            {
              key: 'balance',
              title: t('surrender.balance'),
              align: 'right',
              width: 140,
              render: (_, r) => (
                <SurrenderBalance applied={r.refundReceivedOn !== null} surplusFen={r.surplusFen} shortfallFen={r.shortfallFen} surplusPaidOn={r.surplusPaidOn} shortfallResolution={r.shortfallResolution} />
              ),
            },
            { key: 'applicant', title: t('surrender.applicant'), width: 100, render: (_, r) => r.createdByName },
            {
              key: 'view',
              title: t('surrender.list'),
              width: 110,
              render: (_, r) => (
                <Link to={surrenderListPath(r.orderNo)} data-testid="surrender-view">
                  {t('surrender.view')}
                </Link>
              ),
            },
          ]}
        />
      )}
    </Space>
  );
}

/** The surplus (paid out or not) or the shortfall (and what became of it), once the refund is applied. */
export function SurrenderBalance({
  applied,
  surplusFen,
  shortfallFen,
  surplusPaidOn,
  shortfallResolution,
}: {
  applied: boolean;
  surplusFen: number;
  shortfallFen: number;
  surplusPaidOn: string | null;
  shortfallResolution: string;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  if (!applied) return <>—</>;
  const surplus = surplusFen > 0;
  if (!surplus && shortfallFen <= 0) return money(0);
  return (
    <Space orientation="vertical" size={0} align="end">
      <span className="bh-num bh-nowrap">
        <Typography.Text type="secondary" className="bh-order__sub">
          {t(surplus ? 'surrender.surplus' : 'surrender.shortfall')}
        </Typography.Text>{' '}
        {formatYuan(surplus ? surplusFen : shortfallFen)}
      </span>
      <Typography.Text type="secondary" className="bh-order__sub bh-nowrap">
        {surplus
          ? surplusPaidOn
            ? t('surrender.surplusPaid', { date: surplusPaidOn })
            : t('surrender.surplusDue')
          : t(`surrender.resolution.${shortfallResolution}`, { defaultValue: shortfallResolution || '—' })}
      </Typography.Text>
    </Space>
  );
}
