import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { statusWidth } from '../../shared/crud/columns';
import { ListPage, type FilterField, type ListColumn, type ListPageProps } from '../../shared/crud/ListPage';
import '../../shared/crud/locales';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { useStatusLabel } from '../../shared/order/labels';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { ORDER_STATUSES, orderPath } from '../../shared/order/status';
import { orderApi, type OrderRow, type OrderStage } from './api';
import { BUSINESS_NS } from './locales';
import { useInsurers, useProviders } from './lookups';
import './business.css';

export interface OrderListProps extends Omit<Partial<ListPageProps<OrderRow>>, 'columns'> {
  stage: OrderStage;
  listKey: string;
  /** The statuses of the list's status filter (none: no status filter). */
  statuses?: readonly string[];
  /** Columns after the common ones (before the applied time). */
  extraColumns?: readonly ListColumn<OrderRow>[];
  /** Leave out common columns by key. */
  without?: readonly string[];
  /** Common columns shown only from the column settings (a list whose own columns need the room). */
  hiddenByDefault?: readonly string[];
}

/** The order number as a link to the order page. */
export function OrderNoLink({ id, orderNo }: { id: number; orderNo: string }) {
  const navigate = useNavigate();
  return (
    <a className="bh-order__no" onClick={() => void navigate(orderPath(id))}>
      {orderNo}
    </a>
  );
}

/** An amount of fen as yuan for reading ('—' when absent). */
export function Money({ fen }: { fen: number | null | undefined }): ReactNode {
  if (fen === null || fen === undefined) return '—';
  return <span className="bh-num">{formatYuan(fen)}</span>;
}

/**
 * An order list of one stage (the lists of 业务管理): the usual filters (order no, customer,
 * mobile, plate, status where the list has several, capital provider, insurer, applied date),
 * paging, sorting, row actions by permission; the order number opens the order page.
 */
export function OrderList({ stage, listKey, statuses, extraColumns = [], without = [], hiddenByDefault = [], ...rest }: OrderListProps) {
  const { t } = useTranslation(BUSINESS_NS);
  const statusLabel = useStatusLabel();
  const insurers = useInsurers();
  const { providers } = useProviders();

  // Sized to fit a 1440 px screen with the menu open (docs/orders-screens.md): two-line cells (order
  // number and applied time, customer and mobile, product and term), the premium and insurers
  // shown from the column settings.
  const common: ListColumn<OrderRow>[] = [
    {
      // The order number is given at application in sequence, so its column sorts by the applied time it shows.
      key: 'orderNo',
      title: t('col.orderNo'),
      sortField: 'appliedAt',
      width: 170,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <OrderNoLink id={row.id} orderNo={row.orderNo} />
          <Typography.Text type="secondary" className="bh-order__sub" title={t('col.appliedAt')}>
            {formatDateTime(row.appliedAt)}
          </Typography.Text>
        </Space>
      ),
    },
    // As wide as the longest status tag the list may show in the interface language (140 px at least,
    // 230 at most: a longer Spanish one wraps).
    {
      key: 'status',
      title: t('col.status'),
      sortField: 'statusSort',
      width: Math.min(230, Math.max(140, statusWidth(t('col.status'), (statuses ?? ORDER_STATUSES).map((code) => statusLabel(code))))),
      render: (row) => <OrderStatusTag status={row.status} />,
    },
    {
      key: 'customer',
      title: t('col.customer'),
      width: 120,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.customerName}</span>
          <Typography.Text type="secondary" className="bh-order__sub">
            {row.customerMobile}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'vehicle', optional: true, title: t('col.plateNo'), width: 105, render: (row) => row.plateNo },
    {
      key: 'product',
      optional: true,
      title: t('col.product'),
      width: 165,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.productName}</span>
          <Typography.Text type="secondary" className="bh-order__sub">
            V{row.productVersion} · {t('terms', { n: row.termN })}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'premium', title: t('col.premium'), align: 'right', width: 120, defaultHidden: true, render: (row) => <Money fen={row.totalPremiumFen} /> },
    { key: 'financed', title: t('col.financed'), align: 'right', sortField: 'financedFen', width: 125, render: (row) => <Money fen={row.financedFen} /> },
    { key: 'insurers', title: t('col.insurers'), width: 150, defaultHidden: true, render: (row) => (row.insurerNames.length > 0 ? row.insurerNames.join('、') : '—') },
    { key: 'provider', title: t('col.provider'), width: 130, render: (row) => row.capitalProviderName ?? '—' },
    ...extraColumns,
  ];
  // A list of one status says it in its title: the status column is for the lists of several.
  const single = !statuses || statuses.length <= 1;
  const columns = common
    .filter((column) => !without.includes(column.key) && !(single && column.key === 'status'))
    .map((column) => (hiddenByDefault.includes(column.key) ? { ...column, defaultHidden: true } : column));

  const filters: FilterField[] = [
    { name: 'orderNo', kind: 'text', label: t('col.orderNo'), width: 170 },
    { name: 'customerName', kind: 'text', label: t('col.customerName'), width: 140 },
    { name: 'mobile', kind: 'text', label: t('col.mobile'), placeholder: t('col.mobileFilter'), width: 140 },
    { name: 'plateNo', kind: 'text', label: t('col.plateNo'), width: 120 },
    ...(statuses && statuses.length > 1
      ? [{ name: 'status', kind: 'choice' as const, label: t('col.status'), width: 170, options: statuses.map((code) => ({ value: code, label: statusLabel(code) })) }]
      : []),
    {
      name: 'capitalProviderId',
      kind: 'number',
      label: t('col.provider'),
      width: 170,
      options: providers.map((p) => ({ value: String(p.id), label: p.name })),
    },
    { name: 'insurerId', kind: 'number', label: t('col.insurer'), width: 170, options: insurers.map((i) => ({ value: String(i.id), label: i.name })) },
    { name: 'applied', kind: 'range', label: t('col.appliedAt') },
  ];

  return (
    <ListPage<OrderRow>
      listKey={listKey}
      columns={columns}
      filters={filters}
      fetchPage={(body) => orderApi.page(stage, body)}
      rowKey={(row) => row.id}
      defaultSort={{ field: 'appliedAt', order: 'desc' }}
      {...rest}
    />
  );
}
