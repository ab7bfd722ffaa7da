import { useQuery } from '@tanstack/react-query';
import { AutoComplete, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasAnyPermission, hasPermission, usePermissions } from '../../shared/auth/permissions';
import { ListPage, type FilterField, type ListColumn } from '../../shared/crud/ListPage';
import '../../shared/crud/locales';
import { parseRange } from '../../shared/crud/query';
import { formatYuan } from '../../shared/format/money';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { orderPath } from '../../shared/order/status';
import { useUi } from '../../shared/settings/store';
import { overdueApi } from './api';
import { CHOICES_PERMISSIONS, dpdBackwards, dpdValue, MAX_DPD, overdueBuckets, waiverPath } from './logic';
import { OVERDUE_NS } from './locales';
import { NotesDrawer } from './NotesDrawer';
import { BucketTag, DaysPastDue, NoticeCell } from './parts';
import type { OrderRowData } from './types';
import './overdue.css';

const LIST_KEY = 'overdue.orders';
const P = PERMISSIONS;

const money = (fen: number) => <span className="bh-num">{formatYuan(fen)}</span>;

/**
 * 逾期管理 (admin:order_plan:table, docs/overdue.md): the OVERDUE orders, latest first by days past
 * due, with bucket, what is outstanding and the next instalment. 催收记录 opens the order's
 * collection notes (and adds one), 申请减免 the waiver screen for the order, 查看 the order page.
 */
export function OverduePage() {
  const { t } = useTranslation(OVERDUE_NS);
  const navigate = useNavigate();
  const held = usePermissions();
  const mobile = useUi().device === 'mobile';
  const opensOrders = hasPermission(P.ORDER_INFO_TABLE, held);
  // Pickers the user may not read are not fetched (docs/lists.md, "Decisions").
  const choices = useQuery({ queryKey: ['overdue', 'choices'], queryFn: overdueApi.choices, enabled: hasAnyPermission(CHOICES_PERMISSIONS, held), staleTime: 60_000, retry: false });
  const rules = useQuery({ queryKey: ['overdue', 'rules'], queryFn: overdueApi.rules, enabled: hasPermission(P.CONFIG_ORDER, held), staleTime: 60_000, retry: false });
  const buckets = overdueBuckets(rules.data);
  const [notesOf, setNotesOf] = useState<OrderRowData | null>(null);

  // Sized to fit 1440 px with the menu open in Chinese: customer and mobile in one cell, the next instalment's
  // date over its amount, the demand notice's day over its cure deadline; every row is 逾期, so the status
  // and the paid amount wait in the settings, and the provider (a filter too) makes room for 催告.
  const columns: ListColumn<OrderRowData>[] = [
    {
      key: 'orderNo',
      title: t('col.orderNo'),
      width: 155,
      render: (row) => {
        const no = opensOrders ? (
          <Link to={orderPath(row.id)} className="bh-overdue__no">
            {row.orderNo}
          </Link>
        ) : (
          <span className="bh-overdue__no">{row.orderNo}</span>
        );
        // A phone keeps this column in view while the rest scrolls: how late it is goes with it.
        return mobile ? (
          <Space orientation="vertical" size={0}>
            {no}
            <span className="bh-overdue__sub">
              <DaysPastDue days={row.overdueDays} /> <BucketTag bucket={row.bucket} days={row.overdueDays} />
            </span>
          </Space>
        ) : (
          no
        );
      },
    },
    {
      key: 'customer',
      title: t('col.customer'),
      width: 110,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.customerName}</span>
          <Typography.Text type="secondary" className="bh-overdue__sub bh-num">
            {row.customerMobile}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'plateNo', title: t('col.plateNo'), kind: 'code', width: 118, render: (row) => row.plateNo || '—' },
    { key: 'provider', title: t('col.provider'), width: 115, defaultHidden: true, render: (row) => row.capitalProviderName ?? '—' },
    { key: 'overdueDays', title: t('col.dpd'), sortField: 'overdueDays', align: 'right', width: 100, render: (row) => <DaysPastDue days={row.overdueDays} /> },
    { key: 'bucket', title: t('col.bucket'), width: 64, render: (row) => <BucketTag bucket={row.bucket} days={row.overdueDays} /> },
    { key: 'notice', title: t('col.notice'), width: 160, render: (row) => <NoticeCell row={row} /> },
    { key: 'outstanding', title: t('col.outstanding'), kind: 'money', sortField: 'outstandingFen', width: 125, render: (row) => money(row.outstandingFen) },
    {
      key: 'nextDue',
      optional: true,
      title: t('col.nextDue'),
      sortField: 'nextDueDate',
      width: 110,
      render: (row) =>
        row.nextDueDate ? (
          <Space orientation="vertical" size={0} className="bh-overdue__due">
            <span className="bh-num">{row.nextDueDate}</span>
            <Typography.Text type="secondary" className="bh-overdue__sub bh-num">
              {formatYuan(row.nextDueFen)}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { key: 'status', title: t('col.status'), width: 90, defaultHidden: true, render: (row) => <OrderStatusTag status={row.status} /> },
    { key: 'paid', title: t('col.paid'), kind: 'money', width: 130, defaultHidden: true, render: (row) => money(row.paidFen) },
  ];

  const filters: FilterField[] = [
    { name: 'orderNo', kind: 'text', label: t('filter.orderNo'), width: 170 },
    { name: 'customerName', kind: 'text', label: t('filter.customerName'), width: 140 },
    { name: 'plateNo', kind: 'text', label: t('filter.plateNo'), width: 130 },
    {
      name: 'bucket',
      kind: 'text',
      label: t('filter.bucket'),
      control: (value, onChange) => (
        <AutoComplete
          className="bh-overdue__bucket-filter"
          value={value ?? ''}
          allowClear
          placeholder={t('filter.bucketPlaceholder')}
          options={buckets.map((name) => ({ value: name }))}
          onChange={(next: string | undefined) => onChange(next || undefined)}
          aria-label={t('filter.bucket')}
        />
      ),
    },
    { name: 'dpd', kind: 'range', label: t('filter.dpd'), control: (value, onChange) => <DpdRange value={value} onChange={onChange} /> },
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
  ];

  return (
    <>
      <ListPage<OrderRowData>
        listKey={LIST_KEY}
        columns={columns}
        filters={filters}
        fetchPage={(body) => {
          // A backwards range would be the server's 400; say it in the interface language instead.
          const { from, to } = body;
          if (typeof from === 'number' && typeof to === 'number' && to < from) return Promise.reject(new Error(t('filter.dpdBackwards')));
          return overdueApi.page(body);
        }}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'overdueDays', order: 'desc' }}
        exporter={{ perm: P.ORDER_PLAN_TABLE, run: overdueApi.export }}
        // A phone keeps the fixed order number and actions narrow enough to scroll the rest between them.
        inlineActions={mobile ? 0 : 3}
        rowActions={[
          { key: 'notes', label: t('action.notes'), perm: P.ORDER_PLAN_TABLE, onClick: (row) => setNotesOf(row) },
          { key: 'waiver', label: t('action.waiver'), perm: P.ORDER_PLAN_REDUCTION_CREATE, onClick: (row) => void navigate(waiverPath(row.id)) },
          { key: 'view', label: t('action.view'), perm: P.ORDER_INFO_TABLE, onClick: (row) => void navigate(orderPath(row.id)) },
        ]}
      />
      {notesOf ? <NotesDrawer order={notesOf} onClose={() => setNotesOf(null)} /> : null}
    </>
  );
}

/** 逾期天数 from … to: two whole numbers (0–36 500), the second marked when below the first. */
function DpdRange({ value, onChange }: { value: string | undefined; onChange: (value: string | undefined) => void }) {
  const { t } = useTranslation(OVERDUE_NS);
  const { from, to } = parseRange(value);
  const backwards = dpdBackwards(value);
  return (
    <span className="bh-overdue__dpd-range">
      <InputNumber<number>
        min={0}
        max={MAX_DPD}
        precision={0}
        value={from ?? null}
        placeholder={t('filter.from')}
        aria-label={`${t('filter.dpd')} ${t('filter.from')}`}
        onChange={(next) => onChange(dpdValue(next, to))}
      />
      <span className="bh-overdue__dpd-dash">~</span>
      <InputNumber<number>
        min={0}
        max={MAX_DPD}
        precision={0}
        value={to ?? null}
        status={backwards ? 'error' : ''}
        title={backwards ? t('filter.dpdBackwards') : undefined}
        placeholder={t('filter.to')}
        aria-label={`${t('filter.dpd')} ${t('filter.to')}`}
        onChange={(next) => onChange(dpdValue(from, next))}
      />
    </span>
  );
}
