import { App, DatePicker, Empty, Form, Input, Space, Table, Typography, type TableProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { CELL_PADDINGS, columnWidth, KIND_WIDTHS, statusWidth, tableWidth, textWidth } from '../../shared/crud/columns';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatYuan } from '../../shared/format/money';
import { openBlob, policyApi, type OrderView, type PolicyRow } from './api';
import { BUSINESS_NS } from './locales';
import { POLICY_KINDS } from './logic';
import { hashPrefix, POLICY_STATUSES } from './part2Logic';
import { FilePick, StatusTag } from './part2Parts';
import { useRefusal } from './useRefusal';

/** The statuses in which an electronic policy is uploaded. */
const ISSUING = ['PENDING_POLICY'];

/** The width of an e-policy's hash prefix: 8 hex digits in antd's code style (85 % monospace, padding, margin, border). */
const HASH_WIDTH = 76;
/** A proposal or policy number as insurers give them (up to 22 characters: four letters, eighteen digits). */
const POLICY_NO_WIDTH = textWidth('TDAA202611010000000123');

/**
 * The policies of an order: cover, insurer, quoted and final premium, proposal and policy numbers,
 * cover dates, status, the electronic policy (its hash prefix, to open) and 上传电子保单 while the
 * order waits for its policies.
 */
export function PoliciesTable({ view, onChanged, compact = false }: { view: OrderView; onChanged: () => unknown; compact?: boolean }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const [uploading, setUploading] = useState<PolicyRow | null>(null);
  const canUpload = ISSUING.includes(view.order.status) && hasPermission(PERMISSIONS.ORDER_INFO_POLICY, held);
  const open = async (policyId: number) => {
    try {
      openBlob(await policyApi.file(policyId));
    } catch {
      void message.error(t('file.previewFailed'));
    }
  };
  const quoted = view.policies.reduce((sum, p) => sum + p.premiumFen, 0);
  const finals = view.policies.every((p) => p.finalPremiumFen !== null) ? view.policies.reduce((sum, p) => sum + (p.finalPremiumFen ?? 0), 0) : null;
  const pad = CELL_PADDINGS.small;
  const kindWidth = Math.max(120, ...POLICY_KINDS.map((kind) => textWidth(t(`policyKind.${kind}`)))) + pad;
  const ePolicyWidth = Math.max(textWidth(t('policy.open')) + 4 + HASH_WIDTH, textWidth(t('policy.uploadShort'))) + pad;
  // Widths from the shared column kinds (docs/lists.md, "Columns"), each fitting its header on one
  // line and its content in the interface language; the table scrolls sideways when they do not
  // fit together (the order page at 1440 px in English or Japanese) rather than clip a column.
  const columns: NonNullable<TableProps<PolicyRow>['columns']> = [
    {
      key: 'kind',
      title: t('policyKindLabel'),
      width: columnWidth({ title: t('policyKindLabel'), width: kindWidth }, pad),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span>{t(`policyKind.${p.kind}`, { defaultValue: p.kind })}</span>
          <Typography.Text type="secondary" className="bh-order__sub">
            {p.insurerName}
          </Typography.Text>
        </Space>
      ),
    },
    {
      key: 'premium',
      title: t('insure.quoted'),
      align: 'right',
      width: columnWidth({ title: t('insure.quoted'), kind: 'money' }, pad),
      render: (_, p) => <span className="bh-num">{formatYuan(p.premiumFen)}</span>,
    },
    {
      key: 'final',
      title: t('insure.finalPremium'),
      align: 'right',
      width: columnWidth({ title: t('insure.finalPremium'), kind: 'money' }, pad),
      render: (_, p) => (p.finalPremiumFen === null ? '—' : <span className="bh-num">{formatYuan(p.finalPremiumFen)}</span>),
    },
    {
      key: 'numbers',
      title: t('policy.numbers'),
      // The proposal number over the policy number, as the header reads ("投保单号 / 保单号"); each
      // names itself on hover. Without a label before each the column fits the drawer in English.
      width: columnWidth({ title: t('policy.numbers'), width: POLICY_NO_WIDTH + pad }, pad),
      render: (_, p) => (
        <Space orientation="vertical" size={0} className="bh-nowrap bh-num">
          <span title={t('policy.proposal')}>{p.proposalNo || '—'}</span>
          {p.policyNo ? (
            <Typography.Text type="secondary" className="bh-order__sub" title={t('policy.policy')}>
              {p.policyNo}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      // The start over the end ("~ 2027-11-30"): the columns fit the 1040 px drawer.
      key: 'dates',
      title: t('policy.period'),
      width: columnWidth({ title: t('policy.period'), width: KIND_WIDTHS.date + textWidth('~ ') + pad }, pad),
      render: (_, p) =>
        p.startDate ? (
          <Space orientation="vertical" size={0} className="bh-num bh-nowrap">
            <span>{p.startDate}</span>
            <span>~ {p.endDate ?? ''}</span>
          </Space>
        ) : (
          '—'
        ),
    },
    ...(compact
      ? []
      : [
          {
            key: 'agreement',
            title: t('insure.specialAgreement'),
            width: columnWidth({ title: t('insure.specialAgreement'), width: 150 }, pad),
            ellipsis: true,
            render: (_: unknown, p: PolicyRow) => p.specialAgreement || '—',
          },
        ]),
    {
      key: 'status',
      title: t('state'),
      width: statusWidth(
        t('state'),
        POLICY_STATUSES.map((status) => t(`policyStatus.${status}`)),
        pad,
      ),
      render: (_, p) => <StatusTag of="policy" status={p.status} />,
    },
    {
      // The file over the upload link: both on one line would need twice the width.
      key: 'ePolicy',
      title: t('policy.ePolicy'),
      width: columnWidth({ title: t('policy.ePolicy'), width: ePolicyWidth }, pad),
      render: (_, p) => (
        <Space orientation="vertical" size={0} className="bh-nowrap">
          {p.ePolicyFileId ? (
            <a onClick={() => void open(p.id)} title={p.ePolicySha256}>
              {t('policy.open')} <Typography.Text code>{hashPrefix(p.ePolicySha256, 8)}</Typography.Text>
            </a>
          ) : null}
          {canUpload && p.status !== 'ISSUED' ? (
            <a onClick={() => setUploading(p)} data-testid="upload-policy">
              {t('policy.uploadShort')}
            </a>
          ) : null}
          {!p.ePolicyFileId && !(canUpload && p.status !== 'ISSUED') ? '—' : null}
        </Space>
      ),
    },
  ];
  return (
    <>
      <Table<PolicyRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...view.policies]}
        tableLayout="fixed"
        scroll={{ x: tableWidth(columns) }}
        data-testid="policies"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPolicies')} /> }}
        columns={columns}
        summary={(rows) =>
          rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>{t('premiumTotal')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <strong className="bh-num">{formatYuan(quoted)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong className="bh-num">{finals === null ? '—' : formatYuan(finals)}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} colSpan={compact ? 4 : 5} />
            </Table.Summary.Row>
          ) : null
        }
      />
      {uploading ? (
        <EPolicyDialog
          view={view}
          policy={uploading}
          onClose={() => setUploading(null)}
          onDone={() => {
            setUploading(null);
            void onChanged();
          }}
        />
      ) : null}
    </>
  );
}

interface EPolicyForm {
  file: File;
  policyNo: string;
  period: [Dayjs, Dayjs];
}

/** 上传电子保单 (one policy): the PDF, the policy number and the cover period. */
function EPolicyDialog({ view, policy, onClose, onDone }: { view: OrderView; policy: PolicyRow; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  const start = policy.startDate ?? view.anchorDate;
  const initial: Partial<EPolicyForm> = {
    policyNo: policy.policyNo,
    ...(start ? { period: [dayjs(start), policy.endDate ? dayjs(policy.endDate) : dayjs(start).add(1, 'year').subtract(1, 'day')] } : {}),
  };
  return (
    <FormDialog<EPolicyForm>
      open
      title={t('policy.uploadTitle', { kind: t(`policyKind.${policy.kind}`, { defaultValue: policy.kind }), insurer: policy.insurerName })}
      width={600}
      labelWidth={110}
      okText={t('policy.upload')}
      initialValues={initial}
      fieldNames={{ startDate: 'period', endDate: 'period' }}
      onClose={onClose}
      onSubmit={async (values) => {
        await guard(() =>
          policyApi.upload(
            policy.id,
            { policyNo: values.policyNo.trim(), startDate: values.period[0].format('YYYY-MM-DD'), endDate: values.period[1].format('YYYY-MM-DD') },
            values.file,
          ),
        );
        void message.success(t('policy.uploaded'));
        onDone();
      }}
    >
      {alert}
      <Form.Item label={t('insure.proposalNo')}>{policy.proposalNo || '—'}</Form.Item>
      <Form.Item name="file" label={t('policy.file')} extra={t('policy.fileHint')} rules={[{ required: true, message: t('file.required') }]}>
        <FilePick accept=".pdf,application/pdf" testId="policy-file" />
      </Form.Item>
      <Form.Item name="policyNo" label={t('policy.policyNo')} rules={[{ required: true, whitespace: true, message: t('policy.policyNoRequired') }, { max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="period" label={t('policy.period')} rules={[{ required: true, message: t('policy.periodRequired') }]}>
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}
