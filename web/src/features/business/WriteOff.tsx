import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Empty, Form, Input, Radio, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { usePermissions } from '../../shared/auth/permissions';
import { currentUserId } from '../../shared/auth/token';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { writeOffApi, type OrderRow } from './api';
import { askFirst } from './askFirst';
import { BUSINESS_NS } from './locales';
import { ReasonPrompt } from './part2Parts';
import type { WriteOffData } from './part2Types';
import { useRefusal } from './useRefusal';
import { WRITE_OFF_BEARERS, writeOffActions, type WriteOffAction } from './writeOffLogic';

const STATUS_COLORS: Record<string, string> = {
  PENDING_APPROVAL: 'gold',
  PENDING_SECOND: 'orange',
  EXECUTED: 'purple',
  REJECTED: 'red',
  WITHDRAWN: 'default',
};

const listKey = (orderId: number) => ['order', 'write-offs', orderId] as const;

/**
 * 核销 on the order page (docs/write-offs.md): the order's write-off applications with their
 * approvals, and — for an overdue order — applying for one.
 */
export function WriteOffPanel({ order, onChanged }: { order: OrderRow; onChanged: () => unknown }) {
  const { t } = useTranslation(BUSINESS_NS);
  const held = usePermissions();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const list = useQuery({ queryKey: listKey(order.id), queryFn: () => writeOffApi.list(order.id) });
  const [applying, setApplying] = useState(false);
  const [closing, setClosing] = useState<{ row: WriteOffData; withdraw: boolean } | null>(null);
  const canWriteOff = held.includes(PERMISSIONS.ORDER_PLAN_WRITE_OFF);
  const rows = list.data ?? [];
  const waiting = rows.some((r) => r.status === 'PENDING_APPROVAL' || r.status === 'PENDING_SECOND');
  const me = currentUserId();

  const changed = async () => {
    await client.invalidateQueries({ queryKey: listKey(order.id) });
    await onChanged();
  };
  const act = async (row: WriteOffData, action: WriteOffAction) => {
    if (action === 'approve') {
      const last = row.status === 'PENDING_SECOND' || row.levels <= 1;
      if (!(await askFirst(modal, last ? t('writeOff.confirmLast', { amount: formatYuan(row.totalFen) }) : t('writeOff.confirmFirst')))) return;
      try {
        await writeOffApi.approve(row.id);
        void message.success(t('done'));
      } finally {
        await changed();
      }
      return;
    }
    setClosing({ row, withdraw: action === 'withdraw' });
  };

  if (list.isLoading) return <Skeleton active />;
  if (list.isError) return <Alert type="error" showIcon title={t('writeOff.loadFailed')} action={<Button size="small" onClick={() => void list.refetch()}>{t('writeOff.retry')}</Button>} />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="write-offs">
      {order.status === 'OVERDUE' && canWriteOff ? (
        <Space wrap>
          <Button danger onClick={() => setApplying(true)} disabled={waiting} data-testid="write-off-apply">
            {t('writeOff.apply')}
          </Button>
          <Typography.Text type="secondary">{waiting ? t('writeOff.waiting') : t('writeOff.applyHint')}</Typography.Text>
        </Space>
      ) : null}
      {rows.length === 0 ? (
        <Empty description={t('writeOff.none')} />
      ) : (
        <Table<WriteOffData>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={rows}
          scroll={{ x: 'max-content' }}
          expandable={{ expandedRowRender: (row) => <WriteOffDetail row={row} /> }}
          columns={[
            { key: 'no', title: t('writeOff.no'), width: 150, render: (_, r) => <span className="bh-num">{r.writeOffNo}</span> },
            { key: 'status', title: t('state'), width: 110, render: (_, r) => <Tag color={STATUS_COLORS[r.status] ?? 'default'}>{t(`writeOff.status.${r.status}`, { defaultValue: r.status })}</Tag> },
            { key: 'total', title: t('writeOff.total'), align: 'right', width: 120, render: (_, r) => <span className="bh-num">{formatYuan(r.totalFen)}</span> },
            { key: 'bearer', title: t('writeOff.bearer'), width: 170, render: (_, r) => t(`writeOff.bearers.${r.bearer}`, { defaultValue: r.bearer }) },
            { key: 'maker', title: t('writeOff.maker'), width: 150, render: (_, r) => (
              <Space orientation="vertical" size={0}>
                <span>{r.createdByName}</span>
                <Typography.Text type="secondary" className="bh-order__sub bh-num">{formatDateTime(r.createdAt)}</Typography.Text>
              </Space>
            ) },
            { key: 'approvers', title: t('writeOff.approvers'), width: 140, render: (_, r) => [r.firstByName, r.secondByName].filter(Boolean).join('、') || '—' },
            { key: 'executedOn', title: t('writeOff.executedOn'), width: 110, render: (_, r) => <span className="bh-num">{r.executedOn ?? '—'}</span> },
            // Only while something can be done: a decided application has no actions.
            ...(rows.some((r) => writeOffActions(r, { id: me }, held).length > 0)
              ? [
                  {
                    key: 'actions',
                    title: t('writeOff.operate'),
                    width: 150,
                    render: (_: unknown, r: WriteOffData) => (
                      <Space size={4} wrap>
                        {writeOffActions(r, { id: me }, held).map((a) => (
                          <Button key={a} size="small" type="link" danger={a !== 'approve'} onClick={() => void act(r, a).catch(() => undefined)}>
                            {t(`writeOff.actions.${a}`)}
                          </Button>
                        ))}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {applying ? <ApplyWriteOffDialog orderId={order.id} onClose={() => setApplying(false)} onDone={() => { setApplying(false); void changed(); }} /> : null}
      {closing ? (
        <ReasonPrompt
          title={t(closing.withdraw ? 'writeOff.withdrawTitle' : 'writeOff.rejectTitle', { no: closing.row.writeOffNo })}
          onSubmit={(reason) => (closing.withdraw ? writeOffApi.withdraw(closing.row.id, reason) : writeOffApi.reject(closing.row.id, reason))}
          onClose={() => setClosing(null)}
          onDone={() => {
            setClosing(null);
            void changed();
          }}
        />
      ) : null}
    </Space>
  );
}

function WriteOffDetail({ row }: { row: WriteOffData }) {
  const { t } = useTranslation(BUSINESS_NS);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
      <Descriptions.Item label={t('writeOff.principal')}>{formatYuan(row.principalFen)}</Descriptions.Item>
      <Descriptions.Item label={t('writeOff.interest')}>{formatYuan(row.interestFen)}</Descriptions.Item>
      <Descriptions.Item label={t('writeOff.fee')}>{formatYuan(row.feeFen)}</Descriptions.Item>
      <Descriptions.Item label={t('writeOff.penalty')}>{formatYuan(row.penaltyFen)}</Descriptions.Item>
      <Descriptions.Item label={t('writeOff.claim')}>{formatYuan(row.claimFen)}</Descriptions.Item>
      <Descriptions.Item label={t('writeOff.levels')}>{t('writeOff.levelsValue', { count: row.levels })}</Descriptions.Item>
      <Descriptions.Item label={t('reason')}>{row.reason}</Descriptions.Item>
      {row.rejectReason ? <Descriptions.Item label={t('writeOff.rejectReason')}>{row.rejectReason}</Descriptions.Item> : null}
    </Descriptions>
  );
}

/** 申请核销: what the order owes today, who bears the provider's principal, why. */
function ApplyWriteOffDialog({ orderId, onClose, onDone }: { orderId: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const quote = useQuery({ queryKey: ['order', 'write-off-quote', orderId], queryFn: () => writeOffApi.quote(orderId) });
  const q = quote.data;
  return (
    <FormDialog<{ bearer: string; reason: string }>
      open
      width={640}
      title={t('writeOff.applyTitle')}
      okText={t('writeOff.apply')}
      initialValues={{ bearer: 'CAPITAL_PROVIDER', reason: '' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => writeOffApi.create(orderId, { bearer: values.bearer, reason: values.reason.trim() }));
        void message.success(t('writeOff.applied'));
        onDone();
      }}
    >
      {alert}
      {quote.isError ? <Alert type="error" showIcon title={t('writeOff.loadFailed')} /> : null}
      {q ? (
        <>
          {q.openNo ? <Alert type="warning" showIcon title={t('writeOff.openAlert', { no: q.openNo })} style={{ marginBottom: 12 }} /> : null}
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }} data-testid="write-off-owed">
            <Descriptions.Item label={t('writeOff.principal')}>{formatYuan(q.owed.principalFen)}</Descriptions.Item>
            <Descriptions.Item label={t('writeOff.interest')}>{formatYuan(q.owed.interestFen)}</Descriptions.Item>
            <Descriptions.Item label={t('writeOff.fee')}>{formatYuan(q.owed.feeFen)}</Descriptions.Item>
            <Descriptions.Item label={t('writeOff.penalty')}>{formatYuan(q.owed.penaltyFen)}</Descriptions.Item>
            <Descriptions.Item label={t('writeOff.claim')}>{formatYuan(q.owed.claimFen)}</Descriptions.Item>
            <Descriptions.Item label={t('writeOff.total')}>
              <Typography.Text strong>{formatYuan(q.owed.totalFen)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary">
            {q.owed.totalFen > q.secondApprovalFen
              ? t('writeOff.twoApprovals', { threshold: formatYuan(q.secondApprovalFen), date: q.businessDate })
              : t('writeOff.oneApproval', { date: q.businessDate })}
          </Typography.Paragraph>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} />
      )}
      <Form.Item name="bearer" label={t('writeOff.bearer')} rules={[{ required: true }]}>
        <Radio.Group
          options={WRITE_OFF_BEARERS.map((b) => ({ value: b, label: t(`writeOff.bearers.${b}`) }))}
        />
      </Form.Item>
      <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('writeOff.reasonRequired') }]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
