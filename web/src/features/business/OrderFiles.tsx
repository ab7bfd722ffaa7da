import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Image, Popconfirm, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../shared/auth/Can';
import { PERMISSIONS } from '../../shared/auth/catalogue.gen';
import { CRUD_NS } from '../../shared/crud/locales';
import { FileUploadDialog } from '../../shared/customer/FileUploadDialog';
import { formatSize } from '../../shared/customer/shared';
import { DetailSection } from '../../shared/detail/DetailPage';
import { DictLabel } from '../../shared/dictionary/DictSelect';
import { formatDateTime } from '../../shared/format/datetime';
import { orderFileApi, type OrderFileRow } from './api';
import { BUSINESS_NS } from './locales';

const filesKey = (orderId: number) => ['business', 'order-files', orderId];

/** 资料: the order's documents (kind from `order_file_kind`), upload, preview, delete (while editable). */
export function OrderFiles({ orderId, editable, id = 'order-files' }: { orderId: number; editable: boolean; id?: string }) {
  const { t } = useTranslation(BUSINESS_NS);
  const { t: common } = useTranslation(CRUD_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const files = useQuery({ queryKey: filesKey(orderId), queryFn: () => orderFileApi.page(orderId) });
  const [uploading, setUploading] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: filesKey(orderId) });

  useEffect(
    () => () => {
      if (image) URL.revokeObjectURL(image);
    },
    [image],
  );

  const preview = async (row: OrderFileRow) => {
    try {
      const blob = await orderFileApi.preview(row.id);
      const url = URL.createObjectURL(blob);
      if (row.contentType.startsWith('image/')) setImage(url);
      else {
        window.open(url, '_blank', 'noopener');
        window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
      }
    } catch {
      void message.error(t('file.previewFailed'));
    }
  };

  return (
    <DetailSection
      id={id}
      title={t('section.documents')}
      extra={
        editable ? (
          <Can perm={PERMISSIONS.ORDER_INFO_EDIT}>
            <Button size="small" type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('file.upload')}
            </Button>
          </Can>
        ) : null
      }
    >
      <Table<OrderFileRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={files.isLoading}
        dataSource={files.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('file.none')} /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'kind', title: t('file.kind'), width: 140, render: (_, row) => <DictLabel type="order_file_kind" code={row.kind} /> },
          { key: 'fileName', dataIndex: 'fileName', title: t('file.name'), ellipsis: true },
          { key: 'size', title: t('file.size'), width: 90, render: (_, row) => formatSize(row.sizeBytes) },
          { key: 'remark', dataIndex: 'remark', title: t('remark'), width: 160, ellipsis: true, render: (v: string) => v || '—' },
          { key: 'uploadedBy', dataIndex: 'uploadedBy', title: t('file.uploadedBy'), width: 110 },
          { key: 'createdAt', title: t('file.uploadedAt'), width: 160, render: (_, row) => formatDateTime(row.createdAt) },
          {
            key: 'actions',
            title: common('actions'),
            width: 120,
            render: (_, row) => (
              <Space size={12}>
                <a onClick={() => void preview(row)}>{t('file.preview')}</a>
                {editable ? (
                  <Can perm={PERMISSIONS.ORDER_INFO_EDIT}>
                    <Popconfirm
                      title={t('file.confirmDelete', { name: row.fileName })}
                      onConfirm={async () => {
                        await orderFileApi.remove(row.id);
                        void message.success(t('file.deleted'));
                        void refresh();
                      }}
                    >
                      <a className="bh-order__danger">{t('file.delete')}</a>
                    </Popconfirm>
                  </Can>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {image ? (
        <Image style={{ display: 'none' }} src={image} preview={{ open: true, src: image, onOpenChange: (open) => (open ? undefined : setImage(null)) }} />
      ) : null}
      {uploading ? (
        <FileUploadDialog
          kindType="order_file_kind"
          texts={{
            title: t('file.uploadTitle'),
            kind: t('file.kind'),
            choose: t('file.choose'),
            chooseHint: t('file.chooseHint'),
            required: t('file.required'),
            failed: t('file.uploadFailed'),
            remark: t('remark'),
          }}
          upload={(kind, remark, file) => orderFileApi.upload(orderId, kind, remark, file)}
          onClose={() => setUploading(false)}
          onUploaded={() => {
            void message.success(t('file.uploaded'));
            void refresh();
          }}
        />
      ) : null}
    </DetailSection>
  );
}
