import { PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Drawer, Empty, Form, Input, Popconfirm, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBusinessToday } from '../../shared/api/businessToday';
import { isApiError } from '../../shared/api/errors';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { ListPage, type FilterField, type ListColumn } from '../../shared/crud/ListPage';
import '../../shared/crud/locales';
import { useListReload } from '../../shared/crud/useListReload';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { orderPath } from '../../shared/order/status';
import { FilePick } from '../../shared/ui/FilePick';
import { premiumApi } from './api';
import { applicationActions, groupKey, selectedTotal, type ApplicationAction } from './logic';
import { PREMIUM_NS } from './locales';
import { APPLICATION_STATUSES, type CandidateOrderData, type PremiumLineData, type PremiumRowData } from './types';
import './premium.css';
import { useViewParam } from '../../shared/crud/useViewParam';

const LIST_KEY = 'premium.applications';
const P = PERMISSIONS;
const STATUS_COLORS: Record<string, string> = { DRAFT: 'default', SUBMITTED: 'blue', CP_APPROVED: 'cyan', PARTIALLY_PAID: 'gold', PAID: 'green', CANCELLED: 'default' };
const LINE_COLORS: Record<string, string> = { LIVE: 'blue', PAID: 'green', REMOVED: 'default', REVERSED: 'red' };

/** A long label ("Approved by provider") wraps inside its cell instead of running over the next column. */
const WRAP = { whiteSpace: 'normal', marginInlineEnd: 0 } as const;

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation(PREMIUM_NS);
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} style={WRAP}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

const money = (fen: number) => <span className="bh-num">{formatYuan(fen)}</span>;

/** A refusal (403: the maker may not pay their own application; 409: the status moved on) shown inside the dialog. */
function useRefusal(): [ReactNode, <T>(run: () => Promise<T>) => Promise<T>] {
  const [refusal, setRefusal] = useState<string | null>(null);
  const guard = async <T,>(run: () => Promise<T>): Promise<T> => {
    setRefusal(null);
    try {
      return await run();
    } catch (error) {
      if (isApiError(error) && (error.code === 403 || error.code === 409)) setRefusal(error.msg);
      throw error;
    }
  };
  return [refusal ? <Alert type="error" showIcon title={refusal} className="bh-premium__alert" data-testid="refusal" /> : null, guard];
}

/**
 * 保费管理 (admin:order_premium:table): the premium payment applications — the premiums the capital
 * providers pay to the insurers for the orders awaiting disbursement. 新建申请 groups candidate
 * orders by provider and insurer; an application is submitted, its provider approval recorded,
 * marked paid (each order disbursed) or cancelled.
 */
export function PremiumPage() {
  const { t } = useTranslation(PREMIUM_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST_KEY);
  const client = useQueryClient();
  const choices = useQuery({ queryKey: ['premium', 'choices'], queryFn: premiumApi.choices, staleTime: 60_000, retry: false });
  const [creating, setCreating] = useState(false);
  // The application shown in the drawer, in the URL (?view=<id>): a reload or a shared link opens it.
  const view = useViewParam();
  const viewing = view.id;
  const [acting, setActing] = useState<{ row: PremiumRowData; action: Exclude<ApplicationAction, 'submit'> } | null>(null);

  const changed = () => {
    void reload();
    void client.invalidateQueries({ queryKey: ['premium', 'view'] });
  };
  const submit = async (row: PremiumRowData) => {
    await premiumApi.submit(row.id);
    void message.success(t('submitted'));
    changed();
  };

  const columns: ListColumn<PremiumRowData>[] = [
    {
      key: 'applicationNo',
      title: t('col.applicationNo'),
      sortField: 'createdAt',
      width: 160,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <a onClick={() => view.open(row.id)} className="bh-num">
            {row.applicationNo}
          </a>
          <Typography.Text type="secondary" className="bh-premium__sub">
            {formatDateTime(row.createdAt)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'parties',
      title: t('col.parties'),
      width: 150,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.capitalProviderName}</span>
          <Typography.Text type="secondary" className="bh-premium__sub">
            → {row.insurerName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'payee',
      title: t('col.payee'),
      width: 170,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.payeeBank}</span>
          <Typography.Text type="secondary" className="bh-premium__sub">
            {row.payeeAccountName} {row.payeeAccountMask}
          </Typography.Text>
        </Space>
      ),
    },
    { key: 'total', title: t('col.total'), align: 'right', sortField: 'totalFen', width: 110, render: (row) => money(row.totalFen) },
    { key: 'lineCount', title: t('col.lineCount'), align: 'center', width: 65, render: (row) => row.lineCount },
    {
      // The provider's approval number under the status (the list fits 1440 px with the menu open).
      key: 'status',
      title: t('col.status'),
      width: 130,
      render: (row) => (
        <Space orientation="vertical" size={0}>
          <StatusTag status={row.status} />
          {row.cpApprovalNo ? (
            <Typography.Text type="secondary" className="bh-premium__sub" title={t('col.approvalNo')}>
              {row.cpApprovalNo}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    { key: 'approvalNo', title: t('col.approvalNo'), width: 140, defaultHidden: true, render: (row) => row.cpApprovalNo || '—' },
    { key: 'createdBy', title: t('col.createdBy'), width: 90, render: (row) => row.createdByName },
    { key: 'bankSerialNo', title: t('col.bankSerialNo'), width: 150, defaultHidden: true, render: (row) => row.bankSerialNo ?? '—' },
    { key: 'paidAt', title: t('col.paidAt'), width: 160, defaultHidden: true, render: (row) => formatDateTime(row.paidAt) },
  ];

  const filters: FilterField[] = [
    { name: 'applicationNo', kind: 'text', label: t('col.applicationNo'), width: 180 },
    { name: 'status', kind: 'choice', label: t('col.status'), width: 150, options: APPLICATION_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
    { name: 'capitalProviderId', kind: 'number', label: t('col.provider'), width: 170, options: (choices.data?.providers ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
    { name: 'insurerId', kind: 'number', label: t('col.insurer'), width: 170, options: (choices.data?.insurers ?? []).map((i) => ({ value: String(i.id), label: i.name })) },
  ];

  return (
    <>
      <ListPage<PremiumRowData>
        listKey={LIST_KEY}
        columns={columns}
        filters={filters}
        fetchPage={premiumApi.page}
        rowKey={(row) => row.id}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('create'), perm: P.ORDER_PREMIUM_CREATE, icon: <PlusOutlined />, onClick: () => setCreating(true) }]}
        rowActions={[
          { key: 'view', label: t('view'), onClick: (row) => view.open(row.id) },
          { key: 'submit', label: t('action.submit'), perm: P.ORDER_PREMIUM_CREATE, hidden: (row) => row.status !== 'DRAFT', confirm: (row) => t('confirmSubmit', { no: row.applicationNo }), onClick: submit },
          { key: 'approve', label: t('action.approve'), perm: P.ORDER_PREMIUM_CREATE, hidden: (row) => row.status !== 'SUBMITTED', onClick: (row) => setActing({ row, action: 'approve' }) },
          { key: 'pay', label: t('action.pay'), perm: P.ORDER_PREMIUM_PAY, hidden: (row) => !['CP_APPROVED', 'PARTIALLY_PAID'].includes(row.status), onClick: (row) => setActing({ row, action: 'pay' }) },
          { key: 'cancel', label: t('action.cancel'), perm: P.ORDER_PREMIUM_CREATE, danger: true, hidden: (row) => !['DRAFT', 'SUBMITTED', 'CP_APPROVED'].includes(row.status), onClick: (row) => setActing({ row, action: 'cancel' }) },
        ]}
      />
      {creating ? (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id, no) => {
            void message.success(t('created', { no }));
            changed();
            view.open(id);
          }}
        />
      ) : null}
      {viewing !== null ? <ViewDrawer id={viewing} onClose={() => view.close()} onAct={(row, action) => (action === 'submit' ? void submit(row).catch(() => undefined) : setActing({ row, action }))} /> : null}
      {acting ? (
        <ActionDialog
          row={acting.row}
          action={acting.action}
          onClose={() => setActing(null)}
          onDone={() => {
            setActing(null);
            changed();
          }}
        />
      ) : null}
    </>
  );
}

/** 新建申请: a group of candidate orders (provider + insurer), the insurer's account to pay, the orders ticked. */
function CreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number, no: string) => void }) {
  const { t } = useTranslation(PREMIUM_NS);
  const candidates = useQuery({ queryKey: ['premium', 'candidates'], queryFn: () => premiumApi.candidates() });
  const [key, setKey] = useState<string | undefined>(undefined);
  const [ticked, setTicked] = useState<number[]>([]);
  const groups = candidates.data ?? [];
  const group = groups.find((g) => groupKey(g) === key);
  const payees = useQuery({ queryKey: ['premium', 'payees', group?.insurerId], queryFn: () => premiumApi.payees(group?.insurerId ?? 0), enabled: group !== undefined });
  const total = group ? selectedTotal(group.orders, ticked) : 0;
  return (
    <FormDialog<{ group: string; payeeAccountId: number; remark?: string }>
      open
      title={t('createTitle')}
      width={860}
      labelWidth={140}
      okText={t('create')}
      fieldNames={{ capitalProviderId: 'group', insurerId: 'group' }}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!group) throw new Error('group');
        if (ticked.length === 0) throw new Error('orders');
        const created = await premiumApi.create({
          capitalProviderId: group.capitalProviderId,
          insurerId: group.insurerId,
          payeeAccountId: values.payeeAccountId,
          orderIds: ticked,
          remark: (values.remark ?? '').trim(),
        });
        onCreated(created.id, created.applicationNo);
      }}
    >
      {(form) => (
        <>
          {candidates.isSuccess && groups.length === 0 ? <Alert type="info" showIcon title={t('noCandidates')} className="bh-premium__alert" /> : null}
          <Form.Item name="group" label={t('group')} rules={[{ required: true, message: t('groupRequired') }]}>
            <Select
              loading={candidates.isLoading}
              data-testid="premium-group"
              options={groups.map((g) => ({ value: groupKey(g), label: t('groupOption', { provider: g.capitalProviderName, insurer: g.insurerName, count: g.orders.length, total: formatYuan(g.totalFen) }) }))}
              onChange={(value: string) => {
                setKey(value);
                form.setFieldValue('payeeAccountId', undefined);
                setTicked((groups.find((g) => groupKey(g) === value)?.orders ?? []).map((o) => o.id));
              }}
            />
          </Form.Item>
          <Form.Item name="payeeAccountId" label={t('payee')} rules={[{ required: true, message: t('payeeRequired') }]}>
            <Select
              disabled={!group}
              loading={payees.isLoading}
              data-testid="premium-payee"
              options={(payees.data ?? []).map((p) => ({ value: p.id, label: `${p.bankName}${p.branchName ? ` ${p.branchName}` : ''} · ${p.accountName} ${p.accountNoMask}` }))}
            />
          </Form.Item>
          <Form.Item label={t('orders')} required validateStatus={group && ticked.length === 0 ? 'error' : undefined} help={group && ticked.length === 0 ? t('ordersRequired') : undefined}>
            <Table<CandidateOrderData>
              rowKey="id"
              size="small"
              pagination={false}
              scroll={{ y: 280 }}
              dataSource={group?.orders ?? []}
              rowSelection={{ selectedRowKeys: ticked, onChange: (keys) => setTicked(keys.map(Number)) }}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('pickGroup')} /> }}
              columns={[
                { key: 'orderNo', title: t('col.orderNo'), width: 170, render: (_, o) => o.orderNo },
                { key: 'customer', title: t('col.customer'), width: 100, render: (_, o) => o.customerName },
                { key: 'plateNo', title: t('col.plateNo'), width: 100, render: (_, o) => o.plateNo },
                { key: 'financed', title: t('col.financed'), align: 'right', width: 130, render: (_, o) => money(o.financedFen) },
              ]}
            />
          </Form.Item>
          <Form.Item label={t('col.total')}>
            <strong className="bh-num" data-testid="premium-total">
              {formatYuan(total)}
            </strong>{' '}
            <Typography.Text type="secondary">{t('ticked', { count: ticked.length })}</Typography.Text>
          </Form.Item>
          <Form.Item name="remark" label={t('remark')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/** An application with its lines and the actions of its status. */
function ViewDrawer({ id, onClose, onAct }: { id: number; onClose: () => void; onAct: (row: PremiumRowData, action: ApplicationAction) => void }) {
  const { t } = useTranslation(PREMIUM_NS);
  const navigate = useNavigate();
  const held = usePermissions();
  const view = useQuery({ queryKey: ['premium', 'view', id], queryFn: () => premiumApi.view(id) });
  const data = view.data?.application;
  const lines = view.data?.lines ?? [];
  const actions = data ? applicationActions(data.status, held) : [];
  return (
    <Drawer
      open
      size={960}
      title={data ? t('viewTitle', { no: data.applicationNo }) : t('view')}
      onClose={onClose}
      destroyOnHidden
      extra={
        data ? (
          <Space wrap>
            {actions.map((action) =>
              action === 'submit' ? (
                <Popconfirm key={action} title={t('confirmSubmit', { no: data.applicationNo })} onConfirm={() => onAct(data, action)}>
                  <Button type="primary">{t(`action.${action}`)}</Button>
                </Popconfirm>
              ) : (
                <Button key={action} type={action === 'cancel' ? 'default' : 'primary'} danger={action === 'cancel'} onClick={() => onAct(data, action)}>
                  {t(`action.${action}`)}
                </Button>
              ),
            )}
          </Space>
        ) : null
      }
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} className="bh-premium__details" data-testid="premium-view">
            <Descriptions.Item label={t('col.status')}>
              <StatusTag status={data.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('col.provider')}>{data.capitalProviderName}</Descriptions.Item>
            <Descriptions.Item label={t('col.insurer')}>{data.insurerName}</Descriptions.Item>
            <Descriptions.Item label={t('payee')}>
              {data.payeeBank} · {data.payeeAccountName} {data.payeeAccountMask}
            </Descriptions.Item>
            <Descriptions.Item label={t('col.total')}>{money(data.totalFen)}</Descriptions.Item>
            <Descriptions.Item label={t('col.approvalNo')}>{data.cpApprovalNo || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.bankSerialNo')}>{data.bankSerialNo ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('valueDate')}>{data.valueDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('col.createdBy')}>
              {data.createdByName} · {formatDateTime(data.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('submittedAt')}>{formatDateTime(data.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('approvedAt')}>{formatDateTime(data.approvedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('col.paidAt')}>{formatDateTime(data.paidAt)}</Descriptions.Item>
            {data.remark ? <Descriptions.Item label={t('remark')}>{data.remark}</Descriptions.Item> : null}
            {data.cancelReason ? <Descriptions.Item label={t('cancelReason')}>{data.cancelReason}</Descriptions.Item> : null}
          </Descriptions>
          <Table<PremiumLineData>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={lines}
            scroll={{ x: 'max-content' }}
            data-testid="premium-lines"
            columns={[
              {
                key: 'orderNo',
                title: t('col.orderNo'),
                width: 170,
                render: (_, l) => (
                  <a className="bh-num" onClick={() => void navigate(orderPath(l.orderId))}>
                    {l.orderNo}
                  </a>
                ),
              },
              { key: 'customer', title: t('col.customer'), width: 100, render: (_, l) => l.customerName },
              { key: 'plateNo', title: t('col.plateNo'), width: 100, render: (_, l) => l.plateNo },
              { key: 'amount', title: t('col.amount'), align: 'right', width: 130, render: (_, l) => money(l.amountFen) },
              { key: 'status', title: t('col.status'), width: 100, render: (_, l) => <Tag color={LINE_COLORS[l.status] ?? 'default'}>{t(`line.${l.status}`, { defaultValue: l.status })}</Tag> },
              { key: 'serialNo', title: t('col.bankSerialNo'), width: 150, render: (_, l) => l.serialNo || '—' },
              { key: 'paidAt', title: t('col.paidAt'), width: 160, render: (_, l) => formatDateTime(l.paidAt) },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}

/** 记录资金方审批 (approval no), 标记已付 (bank serial, value date), 取消 (reason). */
function ActionDialog({ row, action, onClose, onDone }: { row: PremiumRowData; action: Exclude<ApplicationAction, 'submit'>; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(PREMIUM_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const today = useBusinessToday();
  return (
    <FormDialog<{ approvalNo?: string; bankSerialNo?: string; valueDate?: Dayjs; voucher?: File | null; reason?: string }>
      open
      title={t(`title.${action}`, { no: row.applicationNo })}
      labelWidth={140}
      okText={t(`action.${action}`)}
      initialValues={action === 'pay' ? { valueDate: today } : {}}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() =>
          action === 'approve'
            ? premiumApi.approve(row.id, (values.approvalNo ?? '').trim())
            : action === 'pay'
              ? premiumApi.pay(row.id, { bankSerialNo: (values.bankSerialNo ?? '').trim(), valueDate: (values.valueDate ?? today).format('YYYY-MM-DD') }, values.voucher ?? null)
              : premiumApi.cancel(row.id, (values.reason ?? '').trim()),
        );
        void message.success(t(`done.${action}`));
        onDone();
      }}
    >
      {alert}
      <Form.Item label={t('col.total')}>
        {money(row.totalFen)} · {row.capitalProviderName} → {row.insurerName}
      </Form.Item>
      {action === 'approve' ? (
        <Form.Item name="approvalNo" label={t('col.approvalNo')} rules={[{ required: true, whitespace: true, message: t('approvalNoRequired') }]}>
          <Input maxLength={64} />
        </Form.Item>
      ) : null}
      {action === 'pay' ? (
        <>
          <Alert type="info" showIcon title={t('payHint')} className="bh-premium__alert" />
          <Form.Item name="bankSerialNo" label={t('col.bankSerialNo')} rules={[{ required: true, whitespace: true, message: t('bankSerialNoRequired') }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="valueDate" label={t('valueDate')} rules={[{ required: true, message: t('valueDateRequired') }]}>
            <DatePicker style={{ width: '100%' }} disabledDate={(day) => day.isAfter(today, 'day')} />
          </Form.Item>
          <Form.Item name="voucher" label={t('voucher')}>
            <FilePick accept="image/jpeg,image/png,image/webp,application/pdf" label={t('chooseFile')} testId="premium-voucher" />
          </Form.Item>
        </>
      ) : null}
      {action === 'cancel' ? (
        <Form.Item name="reason" label={t('reason')} rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      ) : null}
    </FormDialog>
  );
}
