import { Alert, App, DatePicker, Descriptions, Empty, Form, Input, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { disburseApi, type OrderView } from './api';
import { BUSINESS_NS } from './locales';
import { disbursable } from './part2Logic';
import { StatusTag } from './part2Parts';
import type { PlanData, PlanItemData } from './part2Types';
import { useRefusal } from './useRefusal';

/** The premium line and the disbursement of an order (放款管理 and the order page). */
export function DisbursementInfo({ view }: { view: OrderView }) {
  const { t } = useTranslation(BUSINESS_NS);
  const line = view.premiumLine;
  const d = view.disbursement;
  return (
    <div data-testid="disbursement-info">
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
        {/* The application with its status; the order's own line with its status. */}
        <Descriptions.Item label={t('disb.application')}>
          {line ? (
            <span className="bh-order-inline">
              <span>{line.applicationNo}</span>
              <Tag>{t(`applicationStatus.${line.status}`, { defaultValue: line.status })}</Tag>
            </span>
          ) : (
            t('disb.noLine')
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('disb.lineStatus')}>{line ? <Tag>{t(`lineStatus.${line.lineStatus}`, { defaultValue: line.lineStatus })}</Tag> : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('disb.amount')}>
          <span className="bh-num">{formatYuan(d?.amountFen ?? view.order.approvedFinancedFen ?? view.order.financedFen)}</span>
        </Descriptions.Item>
        {d ? (
          <>
            <Descriptions.Item label={t('disb.serialNo')}>{d.serialNo}</Descriptions.Item>
            <Descriptions.Item label={t('disb.valueDate')}>{d.valueDate}</Descriptions.Item>
            <Descriptions.Item label={t('disb.by')}>
              {d.createdByName} · {formatDateTime(d.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('state')}>
              {d.reversed ? <Tag color="red">{t('disb.reversed')}</Tag> : <Tag color="green">{t('disb.done')}</Tag>}
              {d.reversed ? (
                <Typography.Text type="secondary">
                  {formatDateTime(d.reversedAt)} {d.reverseReason}
                </Typography.Text>
              ) : null}
            </Descriptions.Item>
          </>
        ) : null}
      </Descriptions>
    </div>
  );
}

/** 确认放款 (T18): the order's line of an approved premium application paid; the bank serial and value date. */
export function DisburseDialog({ view, onClose, onDone }: { view: OrderView; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ serialNo: string; valueDate: Dayjs }>
      open
      title={t('disb.title', { orderNo: view.order.orderNo })}
      width={640}
      labelWidth={110}
      okText={t('action.disburse')}
      initialValues={{ valueDate: dayjs() }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() => disburseApi.disburse(view.order.id, { serialNo: values.serialNo.trim(), valueDate: values.valueDate.format('YYYY-MM-DD') }));
        void message.success(t('disb.disbursed'));
        onDone();
      }}
    >
      {alert}
      {disbursable(view.premiumLine) ? null : <Alert type="warning" showIcon title={t('disb.noLineHint')} className="bh-order-outcomes" data-testid="no-line" />}
      <DisbursementInfo view={view} />
      <Form.Item name="serialNo" label={t('disb.serialNo')} rules={[{ required: true, whitespace: true, message: t('dp.serialNoRequired') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="valueDate" label={t('disb.valueDate')} rules={[{ required: true, message: t('dp.valueDateRequired') }]}>
        <DatePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

/**
 * 还款计划: the stored plan (PENDING from the signing, ACTIVE from the disbursement). Given
 * `onShowInstalments` (a disbursed order, whose 还款 card lists the instalments with what became
 * of each), the summary only and a link to them.
 */
export function PlanTable({ plan, onShowInstalments }: { plan: PlanData | null; onShowInstalments?: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  if (!plan) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plan.none')} />;
  return (
    <div data-testid="plan">
      <Descriptions size="small" column={{ xs: 1, md: 3, xl: 5 }}>
        <Descriptions.Item label={t('state')}>
          <StatusTag of="plan" status={plan.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.method')}>{t(`plan.methods.${plan.method}`, { defaultValue: plan.method })}</Descriptions.Item>
        <Descriptions.Item label={t('plan.principal')}>
          <span className="bh-num">{formatYuan(plan.principalFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.interest')}>
          <span className="bh-num">{formatYuan(plan.interestFen)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('plan.fee')}>
          <span className="bh-num">{formatYuan(plan.feeFen)}</span>
        </Descriptions.Item>
      </Descriptions>
      {onShowInstalments ? (
        <Typography.Link onClick={onShowInstalments} data-testid="plan-show-instalments">
          {t('plan.showInstalments')}
        </Typography.Link>
      ) : (
        <Table<PlanItemData>
          rowKey="seq"
          size="small"
          pagination={false}
          dataSource={plan.items}
          scroll={{ x: 'max-content', y: 360 }}
          columns={[
            { key: 'seq', title: t('plan.seq'), width: 60, align: 'center', render: (_, i) => i.seq },
            { key: 'dueDate', title: t('plan.dueDate'), width: 110, render: (_, i) => i.dueDate },
            { key: 'principal', title: t('plan.principal'), align: 'right', width: 120, render: (_, i) => <span className="bh-num">{formatYuan(i.principalFen)}</span> },
            { key: 'interest', title: t('plan.interest'), align: 'right', width: 110, render: (_, i) => <span className="bh-num">{formatYuan(i.interestFen)}</span> },
            { key: 'fee', title: t('plan.fee'), align: 'right', width: 100, render: (_, i) => <span className="bh-num">{formatYuan(i.feeFen)}</span> },
            { key: 'total', title: t('plan.total'), align: 'right', width: 120, render: (_, i) => <strong className="bh-num">{formatYuan(i.totalFen)}</strong> },
            { key: 'remaining', title: t('plan.remaining'), align: 'right', width: 120, render: (_, i) => <span className="bh-num">{formatYuan(i.remainingFen)}</span> },
            {
              key: 'deposit',
              title: t('plan.depositOffset'),
              align: 'center',
              width: 110,
              // A flag: this instalment's principal is offset by the deposit.
              render: (_, i) => (i.depositOffset ? <Tag color="blue">{t('plan.offset')}</Tag> : null),
            },
          ]}
        />
      )}
    </div>
  );
}
