import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasAnyPermission, hasPermission, usePermissions } from '../../shared/auth/permissions';
import { ListPage, type FilterField, type ListColumn } from '../../shared/crud/ListPage';
import '../../shared/crud/locales';
import { formatYuan } from '../../shared/format/money';
import { ORDER_CHOICES_PERMISSIONS } from '../../shared/order/choices';
import { orderPath, recoveryApplyPath } from '../../shared/order/status';
import { advanceApi } from './api';
import { ADVANCE_NS } from './locales';
import type { AdvanceData } from './types';

const LIST_KEY = 'advance.items';
const P = PERMISSIONS;

const money = (fen: number) => <span className="bh-num">{formatYuan(fen)}</span>;

const STATUS_COLOR: Record<string, string> = { OVERDUE: 'red', DUE: 'orange', PAID: 'green', WRITTEN_OFF: 'default', CANCELLED: 'default', NOT_DUE: 'blue' };

/**
 * 逾期挂账 (admin:order_plan_overdue:table, docs/advances.md): the instalments the platform advanced
 * (代偿) to the capital provider after its advance days, newest advance first, with what was
 * advanced, recovered from the customer and waived since, and what the platform still claims.
 * Recovered ones leave the list unless 范围 asks for all. 申请追偿 opens 追偿申请's form for the order.
 */
export function AdvancePage() {
  const { t } = useTranslation(ADVANCE_NS);
  const navigate = useNavigate();
  const held = usePermissions();
  const opensOrders = hasPermission(P.ORDER_INFO_TABLE, held);
  const choices = useQuery({ queryKey: ['advance', 'choices'], queryFn: advanceApi.choices, enabled: hasAnyPermission(ORDER_CHOICES_PERMISSIONS, held), staleTime: 60_000, retry: false });

  const columns: ListColumn<AdvanceData>[] = [
    {
      key: 'orderNo',
      title: t('col.orderNo'),
      width: 160,
      render: (row) =>
        opensOrders ? (
          <Link className="bh-nowrap bh-num" to={orderPath(row.orderId)}>
            {row.orderNo}
          </Link>
        ) : (
          <span className="bh-nowrap bh-num">{row.orderNo}</span>
        ),
    },
    {
      key: 'customer',
      title: t('col.customer'),
      width: 98,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.customerName}</span>
          <Typography.Text type="secondary" className="bh-num">
            {row.plateNo || '—'}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'provider', title: t('col.provider'), width: 120, defaultHidden: true, render: (row) => row.capitalProviderName || '—' },
    {
      key: 'item',
      title: t('col.item'),
      sortField: 'dueDate',
      width: 110,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{t('item', { n: row.itemSeq })}</span>
          <Typography.Text type="secondary" className="bh-num">
            {row.dueDate}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'advancedOn', title: t('col.advancedOn'), kind: 'date', sortField: 'advancedOn', width: 106, render: (row) => <span className="bh-num">{row.advancedOn ?? '—'}</span> },
    { key: 'advanced', title: t('col.advanced'), kind: 'money', sortField: 'advancedFen', width: 125, render: (row) => money(row.advancedFen) },
    { key: 'recovered', title: t('col.recovered'), kind: 'money', width: 113, render: (row) => money(row.recoveredFen) },
    { key: 'waived', title: t('col.waived'), kind: 'money', width: 115, defaultHidden: true, render: (row) => money(row.waivedFen) },
    { key: 'writtenOff', title: t('col.writtenOff'), kind: 'money', width: 115, defaultHidden: true, render: (row) => money(row.writtenOffFen) },
    {
      key: 'claim',
      title: t('col.claim'),
      kind: 'money',
      width: 128,
      render: (row) => (row.claimFen > 0 ? <Typography.Text strong>{money(row.claimFen)}</Typography.Text> : money(0)),
    },
    { key: 'dpd', title: t('col.dpd'), sortField: 'overdueDays', align: 'right', width: 100, render: (row) => (row.daysPastDue > 0 ? t('days', { n: row.daysPastDue }) : '—') },
    {
      key: 'itemStatus',
      title: t('col.itemStatus'),
      width: 95,
      defaultHidden: true,
      render: (row) => <Tag color={STATUS_COLOR[row.itemStatus] ?? 'default'}>{t(`status.${row.itemStatus}`, { defaultValue: row.itemStatus })}</Tag>,
    },
  ];

  const filters: FilterField[] = [
    { name: 'orderNo', kind: 'text', label: t('filter.orderNo'), width: 170 },
    { name: 'customerName', kind: 'text', label: t('filter.customerName'), width: 140 },
    ...(choices.data
      ? [
          {
            name: 'capitalProviderId',
            kind: 'number' as const,
            label: t('filter.provider'),
            width: 170,
            options: choices.data.providers.map((p) => ({ value: String(p.id), label: p.name })),
          },
        ]
      : []),
    { name: 'advancedOn', kind: 'range', label: t('filter.advancedOn') },
    {
      name: 'all',
      kind: 'boolean',
      label: t('filter.scope'),
      width: 170,
      options: [
        { value: 'false', label: t('filter.open') },
        { value: 'true', label: t('filter.all') },
      ],
    },
  ];

  return (
    <ListPage<AdvanceData>
      listKey={LIST_KEY}
      columns={columns}
      filters={filters}
      fetchPage={advanceApi.page}
      rowKey={(row) => `${row.orderId}-${row.itemSeq}`}
      defaultSort={{ field: 'advancedOn', order: 'desc' }}
      rowActions={[
        // 申请追偿: the recovery screen's form for the order (while something is still claimed on it).
        { key: 'recover', label: t('action.recover'), perm: P.ORDER_PLAN_RECOVER_CREATE, hidden: (row) => row.claimFen <= 0, onClick: (row) => void navigate(recoveryApplyPath(row.orderId)) },
        { key: 'view', label: t('action.view'), perm: P.ORDER_INFO_TABLE, onClick: (row) => void navigate(orderPath(row.orderId)) },
      ]}
    />
  );
}
