import { FileAddOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Form, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { FormDialog } from '../../shared/crud/FormDialog';
import { formatDateTime } from '../../shared/format/datetime';
import { contractApi, openBlob } from './api';
import { BUSINESS_NS } from './locales';
import { absoluteSignUrl, contractActions, contractsOf, generatable, hasLivePackage, hashPrefix, packagePermission, type ContractPackage } from './part2Logic';
import { DateTimeLines, FilePick, ReasonPrompt, StatusTag } from './part2Parts';
import type { ContractData, SignerData } from './part2Types';
import { useRefusal } from './useRefusal';

/**
 * The contracts of an order (订单车主声明及授权书, 订单合同管理 and the order page): each document
 * with its status and signers, the signing links to copy, 生成 / 重新发送 / 作废 / 上传签署件 / 下载.
 */
export function ContractsPanel({
  orderId,
  orderStatus,
  contracts,
  pkg,
  onChanged,
}: {
  orderId: number;
  orderStatus: string;
  contracts: readonly ContractData[];
  /** The package shown; 'all' on the order page. */
  pkg: ContractPackage | 'all';
  onChanged: () => unknown;
}) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const [voiding, setVoiding] = useState<ContractData | null>(null);
  const [uploading, setUploading] = useState<ContractData | null>(null);
  const rows = contractsOf(contracts, pkg);
  const toGenerate = generatable(orderStatus);
  const generate = toGenerate && (pkg === 'all' || pkg === toGenerate) && hasPermission(packagePermission(toGenerate), held) ? toGenerate : null;

  const runGenerate = async (which: ContractPackage) => {
    try {
      await (which === 'declaration' ? contractApi.generateDeclaration(orderId) : contractApi.generateLoan(orderId));
      void message.success(t('contract.generated'));
      await onChanged();
    } catch {
      // The request layer has shown why.
    }
  };

  const copy = async (signer: SignerData) => {
    if (!signer.signUrl) return;
    const url = absoluteSignUrl(signer.signUrl, window.location.origin);
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('contract.linkCopied', { name: signer.name }));
    } catch {
      // No clipboard (an insecure origin): the link to copy by hand.
      void message.info(url, 10);
    }
  };

  const download = async (contract: ContractData) => {
    try {
      openBlob(await contractApi.file(contract.id, true));
    } catch {
      void message.error(t('file.previewFailed'));
    }
  };

  const generateButton = generate ? (
    hasLivePackage(contracts, generate) ? (
      <Popconfirm title={t('contract.confirmRegenerate')} onConfirm={() => runGenerate(generate)}>
        <Button size="small" icon={<FileAddOutlined />} data-testid="contract-generate">
          {t(`contract.regenerate.${generate}`)}
        </Button>
      </Popconfirm>
    ) : (
      <Button size="small" type="primary" icon={<FileAddOutlined />} data-testid="contract-generate" onClick={() => void runGenerate(generate)}>
        {t(`contract.generate.${generate}`)}
      </Button>
    )
  ) : null;

  return (
    <div data-testid="contracts-panel">
      {generateButton ? <div className="bh-order-panel__bar">{generateButton}</div> : null}
      <Table<ContractData>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
        rowClassName={(c) => (c.status === 'VOIDED' || c.status === 'REJECTED' ? 'bh-order-row--voided' : '')}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('contract.none')} /> }}
        columns={[
          {
            key: 'title',
            title: t('contract.title'),
            width: 180,
            render: (_, c) => (
              <Space orientation="vertical" size={0}>
                <span>{c.title || c.docKindName}</span>
                <Typography.Text type="secondary" className="bh-order__sub">
                  {c.contractNo}
                </Typography.Text>
              </Space>
            ),
          },
          {
            key: 'status',
            title: t('state'),
            width: 90,
            render: (_, c) => (
              <Space orientation="vertical" size={0}>
                <StatusTag of="contract" status={c.status} />
                {c.signedVia ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {t(`contract.via.${c.signedVia}`, { defaultValue: c.signedVia })}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'signers',
            title: t('contract.signers'),
            // A signer's line (role, name, status, link) stays whole; the columns fit the 1040 px drawer.
            width: 320,
            render: (_, c) => (
              <Space orientation="vertical" size={2}>
                {c.signers.map((s) => (
                  <span key={s.id} className="bh-order-signer">
                    <span>{t(`signerRole.${s.role}`, { defaultValue: s.role })}</span> <strong>{s.name}</strong> <StatusTag of="signer" status={s.status} />
                    {s.signedAt ? (
                      <Typography.Text type="secondary" className="bh-order__sub">
                        {formatDateTime(s.signedAt)}
                      </Typography.Text>
                    ) : null}
                    {s.status === 'PENDING' && s.signUrl && c.status === 'SIGNING' ? (
                      <a onClick={() => void copy(s)} data-testid="copy-sign-link">
                        {t('contract.copyLink')}
                      </a>
                    ) : null}
                  </span>
                ))}
              </Space>
            ),
          },
          {
            key: 'hash',
            title: t('contract.hash'),
            width: 110,
            render: (_, c) => (
              <Typography.Text code title={c.signedSha256 ?? c.renderedSha256} className="bh-order__sub">
                {hashPrefix(c.signedSha256 ?? c.renderedSha256)}
              </Typography.Text>
            ),
          },
          {
            key: 'createdAt',
            title: t('contract.createdAt'),
            width: 110,
            render: (_, c) => (
              <Space orientation="vertical" size={0}>
                <DateTimeLines ms={c.createdAt} />
                {c.status === 'VOIDED' && c.voidReason ? (
                  <Typography.Text type="secondary" className="bh-order__sub">
                    {t('contract.voidReason')}: {c.voidReason}
                  </Typography.Text>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'actions',
            title: t('contract.actions'),
            width: 150,
            render: (_, c) => {
              const actions = contractActions(c, orderStatus, held);
              return (
                <Space size={12} wrap>
                  {actions.includes('resend') ? (
                    <Popconfirm
                      title={t('contract.confirmResend')}
                      onConfirm={async () => {
                        try {
                          await contractApi.resend(c.id);
                          void message.success(t('contract.resent'));
                          await onChanged();
                        } catch {
                          // shown by the request layer
                        }
                      }}
                    >
                      <a>{t('contract.resend')}</a>
                    </Popconfirm>
                  ) : null}
                  {actions.includes('upload') ? <a onClick={() => setUploading(c)}>{t('contract.upload')}</a> : null}
                  {actions.includes('download') ? <a onClick={() => void download(c)}>{t('contract.download')}</a> : null}
                  {actions.includes('void') ? (
                    <a className="bh-order__danger" onClick={() => setVoiding(c)}>
                      {t('contract.void')}
                    </a>
                  ) : null}
                </Space>
              );
            },
          },
        ]}
      />
      {voiding ? (
        <ReasonPrompt
          title={t('contract.voidTitle', { title: voiding.title || voiding.docKindName })}
          okText={t('contract.void')}
          onSubmit={(reason) => contractApi.void(voiding.id, reason)}
          onClose={() => setVoiding(null)}
          onDone={() => {
            setVoiding(null);
            void onChanged();
          }}
        />
      ) : null}
      {uploading ? (
        <UploadSignedDialog
          contract={uploading}
          onClose={() => setUploading(null)}
          onDone={() => {
            setUploading(null);
            void onChanged();
          }}
        />
      ) : null}
    </div>
  );
}

/** 上传签署件: the signed scan (PDF or image) and the uploader's word that the signatures were checked. */
function UploadSignedDialog({ contract, onClose, onDone }: { contract: ContractData; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { message } = App.useApp();
  const [alert, guard] = useRefusal();
  return (
    <FormDialog<{ file: File; verified: boolean }>
      open
      title={t('contract.uploadTitle', { title: contract.title || contract.docKindName })}
      width={600}
      labelWidth={110}
      okText={t('contract.upload')}
      onClose={onClose}
      onSubmit={async ({ file }) => {
        await guard(() => contractApi.upload(contract.id, file));
        void message.success(t('contract.uploaded'));
        onDone();
      }}
    >
      {alert}
      <Form.Item label={t('contract.title')}>
        {contract.title || contract.docKindName} · {contract.contractNo}
      </Form.Item>
      <Form.Item name="file" label={t('contract.signedFile')} extra={t('contract.signedFileHint')} rules={[{ required: true, message: t('file.required') }]}>
        <FilePick accept="application/pdf,image/jpeg,image/png" testId="signed-file" />
      </Form.Item>
      <Form.Item
        name="verified"
        valuePropName="checked"
        rules={[{ validator: async (_, checked: boolean | undefined) => (checked ? undefined : Promise.reject(new Error(t('contract.verifiedRequired')))) }]}
      >
        <Checkbox data-testid="signed-verified">{t('contract.verified')}</Checkbox>
      </Form.Item>
    </FormDialog>
  );
}
