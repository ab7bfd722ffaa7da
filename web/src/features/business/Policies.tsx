import { App, DatePicker, Empty, Form, Input, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatYuan } from '../../shared/format/money';
import { openBlob, policyApi, type OrderView, type PolicyRow } from './api';
import { BUSINESS_NS } from './locales';
import { hashPrefix } from './part2Logic';
import { FilePick, StatusTag } from './part2Parts';
import { useRefusal } from './useRefusal';

/** The statuses in which an electronic policy is uploaded. */
const ISSUING = ['PENDING_POLICY'];

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
  return (
    <>
      <Table<PolicyRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...view.policies]}
        scroll={{ x: 'max-content' }}
        data-testid="policies"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noPolicies')} /> }}
        columns={[
          {
            key: 'kind',
            title: t('policyKindLabel'),
            width: 160,
            render: (_, p) => (
              <Space orientation="vertical" size={0}>
                <span>{t(`policyKind.${p.kind}`, { defaultValue: p.kind })}</span>
                <Typography.Text type="secondary" className="bh-order__sub">
                  {p.insurerName}
                </Typography.Text>
              </Space>
            ),
          },
          { key: 'premium', title: t('insure.quoted'), align: 'right', width: 110, render: (_, p) => <span className="bh-num">{formatYuan(p.premiumFen)}</span> },
          {
            key: 'final',
            title: t('insure.finalPremium'),
            align: 'right',
            width: 110,
            render: (_, p) => (p.finalPremiumFen === null ? '—' : <span className="bh-num">{formatYuan(p.finalPremiumFen)}</span>),
          },
          {
            key: 'numbers',
            title: t('policy.numbers'),
            width: 210,
            render: (_, p) => (
              <Space orientation="vertical" size={0} className="bh-nowrap">
                <span>{p.proposalNo ? `${t('policy.proposal')} ${p.proposalNo}` : '—'}</span>
                {p.policyNo ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {t('policy.policy')} {p.policyNo}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            // The start over the end: the columns fit the 1040 px drawer.
            key: 'dates',
            title: t('policy.period'),
            width: 110,
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
            : [{ key: 'agreement', title: t('insure.specialAgreement'), width: 180, ellipsis: true, render: (_: unknown, p: PolicyRow) => p.specialAgreement || '—' }]),
          { key: 'status', title: t('state'), width: 90, render: (_, p) => <StatusTag of="policy" status={p.status} /> },
          {
            key: 'ePolicy',
            title: t('policy.ePolicy'),
            width: 140,
            render: (_, p) => (
              <Space size={12}>
                {p.ePolicyFileId ? (
                  <a onClick={() => void open(p.id)} title={p.ePolicySha256}>
                    {t('policy.open')} <Typography.Text code>{hashPrefix(p.ePolicySha256, 8)}</Typography.Text>
                  </a>
                ) : null}
                {canUpload && p.status !== 'ISSUED' ? (
                  <a onClick={() => setUploading(p)} data-testid="upload-policy">
                    {t('policy.upload')}
                  </a>
                ) : null}
                {!p.ePolicyFileId && !(canUpload && p.status !== 'ISSUED') ? '—' : null}
              </Space>
            ),
          },
        ]}
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
