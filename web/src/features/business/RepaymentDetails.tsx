import { Empty, Skeleton, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { formatYuan } from '../../shared/format/money';
import type { OrderRow } from './api';
import { BUSINESS_NS } from './locales';
import { useOrderMoney } from './orderView';
import type { ComponentData, ItemData, JournalData, PenaltyData, PostingData } from './part2Types';
import { RepaymentPanel } from './Repayments';
import { SurrenderPanel } from './Surrenders';
import { SURRENDER_TAB } from './surrenderLogic';
import { WriteOffPanel } from './WriteOff';
import { accountKey, componentFigures, journalAmount, penaltyTotal, subledgerKind } from './repaymentLogic';

/**
 * The order page's 还款 (a disbursed order): tabs for the repayments (the panel of 还款阶段), the
 * instalments with what became of each component, the penalties by day, the write-offs, the
 * surrenders and the journals.
 */
export function RepaymentSection({
  order,
  onChanged,
  tab,
  onTab,
}: {
  order: OrderRow;
  onChanged: () => unknown;
  /** The open tab when the page chooses it (its links to 分期明细); antd's own state otherwise. */
  tab?: string;
  onTab?: (key: string) => void;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const held = usePermissions();
  const money = useOrderMoney(order.id);
  const data = money.data;
  const waiting = <Skeleton active />;
  return (
    <Tabs
      className="bh-repay-tabs"
      data-testid="repayment-tabs"
      {...(tab !== undefined ? { activeKey: tab } : {})}
      {...(onTab ? { onChange: onTab } : {})}
      items={[
        { key: 'repayments', label: t('repay.tabs.overview'), children: <RepaymentPanel order={order} onChanged={onChanged} /> },
        {
          key: 'items',
          label: t('repay.tabs.items'),
          children: data ? <InstalmentsTable items={data.items} /> : waiting,
        },
        {
          key: 'penalties',
          label: data && data.penalties.length > 0 ? `${t('repay.tabs.penalties')} (${data.penalties.length})` : t('repay.tabs.penalties'),
          children: data ? <PenaltiesTable penalties={data.penalties} /> : waiting,
        },
        ...(WRITE_OFF_TAB.includes(order.status)
          ? [{ key: 'writeOff', label: t('writeOff.tab'), children: <WriteOffPanel order={order} onChanged={onChanged} /> }]
          : []),
        // The applications are listed with the screen's own permission (admin:order_refund:table).
        ...(SURRENDER_TAB.includes(order.status) && hasPermission(PERMISSIONS.ORDER_REFUND_TABLE, held)
          ? [{ key: 'surrender', label: t('surrender.tab'), children: <SurrenderPanel order={order} /> }]
          : []),
        {
          key: 'journals',
          label: data && data.journals.length > 0 ? `${t('repay.tabs.journals')} (${data.journals.length})` : t('repay.tabs.journals'),
          children: data ? <JournalsTable journals={data.journals} /> : waiting,
        },
      ]}
    />
  );
}

/** Where the 核销 tab shows: an overdue order may be written off, a written-off one shows how. */
const WRITE_OFF_TAB: readonly string[] = ['OVERDUE', 'WRITTEN_OFF'];

const ITEM_COLORS: Record<string, string> = { NOT_DUE: 'default', DUE: 'blue', OVERDUE: 'red', PAID: 'green', CANCELLED: 'default', WRITTEN_OFF: 'purple' };

/** A component's due amount, and under it what became of it (paid, waived, written off, cancelled, outstanding). */
function ComponentCell({ component }: { component: ComponentData }) {
  const { t } = useTranslation(BUSINESS_NS);
  if (component.dueFen === 0 && component.paidFen === 0) return <span className="bh-repay-zero">—</span>;
  return (
    <div className="bh-repay-cell">
      <span className="bh-num">{formatYuan(component.dueFen)}</span>
      {componentFigures(component).map((f) => (
        <span key={f.key} className={`bh-order__sub bh-repay-cell__figure bh-repay-cell__figure--${f.key}`}>
          {t(`repay.figure.${f.key}`)} <span className="bh-num">{formatYuan(f.fen)}</span>
        </span>
      ))}
    </div>
  );
}

/** 分期明细: each instalment with its status and, per component, the due amount and what became of it. */
export function InstalmentsTable({ items }: { items: readonly ItemData[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  const component = (key: 'principal' | 'interest' | 'fee' | 'penalty', title: string) => ({
    key,
    title,
    align: 'right' as const,
    width: 140,
    render: (_: unknown, item: ItemData) => <ComponentCell component={item[key]} />,
  });
  return (
    <Table<ItemData>
      rowKey="seq"
      size="small"
      pagination={false}
      dataSource={[...items]}
      scroll={{ x: 'max-content', y: 520 }}
      data-testid="instalments"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plan.none')} /> }}
      columns={[
        { key: 'seq', title: t('plan.seq'), width: 60, align: 'center', render: (_, i) => i.seq },
        {
          key: 'dueDate',
          title: t('plan.dueDate'),
          width: 110,
          render: (_, i) => (
            <Space orientation="vertical" size={0}>
              <span className="bh-num">{i.dueDate}</span>
              {i.overdueDays > 0 ? <span className="bh-order__sub bh-order__danger">{t('repay.overdueDays', { n: i.overdueDays })}</span> : null}
            </Space>
          ),
        },
        {
          key: 'status',
          title: t('state'),
          width: 110,
          render: (_, i) => (
            <Space orientation="vertical" size={2}>
              <Tag color={ITEM_COLORS[i.status] ?? 'default'}>{t(`itemStatus.${i.status}`, { defaultValue: i.status })}</Tag>
              {i.partial ? (
                <Typography.Text type="secondary" className="bh-order__sub">
                  {t('repay.partial')}
                </Typography.Text>
              ) : null}
              {i.isDepositOffset ? (
                <Typography.Text type="secondary" className="bh-order__sub">
                  {t('plan.depositOffset')}
                </Typography.Text>
              ) : null}
              {i.advancedFen > 0 ? (
                <Tooltip
                  title={t('repay.advancedDetail', {
                    date: i.advancedOn ?? '',
                    advanced: formatYuan(i.advancedFen),
                    recovered: formatYuan(i.recoveredFen),
                    claim: formatYuan(i.advanceClaimFen),
                  })}
                >
                  <Tag color="purple" data-testid={`advanced-${i.seq}`}>
                    {t('repay.advanced')}
                  </Tag>
                </Tooltip>
              ) : null}
            </Space>
          ),
        },
        component('principal', t('repay.component.PRINCIPAL')),
        component('interest', t('repay.component.INTEREST')),
        component('fee', t('repay.component.FEE')),
        component('penalty', t('repay.component.PENALTY')),
        {
          key: 'outstanding',
          title: t('repay.itemOutstanding'),
          align: 'right',
          width: 120,
          render: (_, i) => <strong className={i.outstandingFen > 0 ? 'bh-num' : 'bh-num bh-repay-zero'}>{formatYuan(i.outstandingFen)}</strong>,
        },
        { key: 'settledOn', title: t('repay.settledOn'), width: 110, render: (_, i) => <span className="bh-num">{i.settledOn ?? '—'}</span> },
      ]}
    />
  );
}

/** 罚息明细: the penalty of each instalment by day (newest first), with the base it was computed on. */
export function PenaltiesTable({ penalties }: { penalties: readonly PenaltyData[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  const rows = [...penalties].sort((a, b) => (a.date === b.date ? a.itemSeq - b.itemSeq : a.date < b.date ? 1 : -1));
  return (
    <div data-testid="penalties">
      {penalties.length > 0 ? (
        <Typography.Paragraph className="bh-repay-total">
          {t('repay.penaltyTotal')}: <strong className="bh-num">{formatYuan(penaltyTotal(penalties))}</strong>
        </Typography.Paragraph>
      ) : null}
      <Table<PenaltyData>
        rowKey={(p) => `${p.itemSeq}-${p.date}`}
        size="small"
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repay.noPenalties')} /> }}
        columns={[
          { key: 'date', title: t('repay.penaltyDate'), width: 120, render: (_, p) => <span className="bh-num">{p.date}</span> },
          { key: 'seq', title: t('plan.seq'), width: 90, render: (_, p) => t('repay.seqLabel', { n: p.itemSeq }) },
          { key: 'base', title: t('repay.penaltyBase'), align: 'right', width: 140, render: (_, p) => <span className="bh-num">{formatYuan(p.baseFen)}</span> },
          { key: 'amount', title: t('repay.component.PENALTY'), align: 'right', width: 120, render: (_, p) => <span className="bh-num">{formatYuan(p.amountFen)}</span> },
        ]}
      />
    </div>
  );
}

/** 会计分录: the order's journals, each with its postings (debits and credits per book and account). */
export function JournalsTable({ journals }: { journals: readonly JournalData[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Table<JournalData>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...journals]}
      scroll={{ x: 'max-content' }}
      data-testid="journals"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('repay.noJournals')} /> }}
      expandable={{ defaultExpandAllRows: true, expandedRowRender: (j) => <Postings postings={j.postings} /> }}
      columns={[
        { key: 'date', title: t('repay.businessDate'), width: 110, render: (_, j) => <span className="bh-num">{j.businessDate}</span> },
        {
          key: 'event',
          title: t('repay.event'),
          width: 150,
          render: (_, j) => (
            <Space size={4} wrap>
              <span>{t(`journalEvent.${j.eventType}`, { defaultValue: j.eventType })}</span>
              {j.reversalOfId !== null ? <Tag color="red">{t('repay.reversal')}</Tag> : null}
            </Space>
          ),
        },
        { key: 'description', title: t('repay.description'), width: 420, render: (_, j) => j.description || '—' },
        { key: 'amount', title: t('amount'), align: 'right', width: 130, render: (_, j) => <span className="bh-num">{formatYuan(journalAmount(j))}</span> },
      ]}
    />
  );
}

function Postings({ postings }: { postings: readonly PostingData[] }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Table<PostingData & { line: number }>
      rowKey="line"
      size="small"
      pagination={false}
      dataSource={postings.map((p, line) => ({ ...p, line }))}
      scroll={{ x: 'max-content' }}
      className="bh-repay-postings"
      columns={[
        { key: 'owner', title: t('repay.owner'), width: 90, render: (_, p) => t(`repay.owners.${p.owner}`, { defaultValue: p.owner }) },
        {
          key: 'account',
          title: t('repay.account'),
          width: 230,
          render: (_, p) => (
            <Space orientation="vertical" size={0}>
              <span>{t(`account.${accountKey(p.account)}`, { defaultValue: p.account })}</span>
              <Typography.Text type="secondary" className="bh-order__sub bh-num">
                {p.account}
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'subledger',
          title: t('repay.subledger'),
          width: 150,
          render: (_, p) => {
            const kind = subledgerKind(p.account, p.subledger);
            return <span className="bh-num">{kind ? t(`repay.subledgerOf.${kind}`, { id: p.subledger }) : p.subledger || '—'}</span>;
          },
        },
        { key: 'debit', title: t('repay.debitSide'), align: 'right', width: 120, render: (_, p) => (p.side === 'D' ? <span className="bh-num">{formatYuan(p.amountFen)}</span> : null) },
        { key: 'credit', title: t('repay.creditSide'), align: 'right', width: 120, render: (_, p) => (p.side === 'C' ? <span className="bh-num">{formatYuan(p.amountFen)}</span> : null) },
      ]}
    />
  );
}
