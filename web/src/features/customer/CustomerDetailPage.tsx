import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Empty,
  Image,
  Popconfirm,
  Space,
  Table,
  Tag,
} from 'antd';
import { EyeOutlined, UploadOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Can } from '../../shared/auth/Can';
import { useBackToList } from '../../shared/detail/backToList';
import { DetailPage, DetailSection } from '../../shared/detail/DetailPage';
import { CRUD_NS } from '../../shared/crud/locales';
import { useListReload } from '../../shared/crud/useListReload';
import { customerApi, customerFileApi, type CustomerOrderRow, vehicleApi, type CustomerFileRow, type CustomerRow, type PersonalField, type VehicleRow } from '../../shared/customer/api';
import { CustomerDialog } from '../../shared/customer/CustomerDialog';
import { VehicleDialog, type VehicleEditing } from '../../shared/customer/VehicleDialog';
import { CUSTOMER_LIST, PasswordDialog } from './CustomerPage';
import { CUSTOMER_NS } from '../../shared/customer/locales';
import { AreaText } from '../../shared/area/AreaCascader';
import { DictLabel } from '../../shared/dictionary/DictSelect';
import { useOptionLabel } from '../../shared/customer/options';
import { formatDateTime } from '../../shared/format/datetime';
import { formatYuan } from '../../shared/format/money';
import { OrderStatusTag } from '../../shared/order/OrderStatusTag';
import { orderPath } from '../../shared/order/status';
import { FileUploadDialog } from '../../shared/customer/FileUploadDialog';
import { formatSize } from '../../shared/customer/shared';
import './customer.css';

const viewKey = (id: number) => ['customer.view', id];
const filesKey = (id: number) => ['customer.files', id];

/** A customer's page: profile, vehicles, files and (later) orders. */
export function CustomerDetailPage() {
  const { id: raw } = useParams();
  const id = Number(raw);
  const { t } = useTranslation(CUSTOMER_NS);
  const backToList = useBackToList('/operate/customerManagement');
  const { message } = App.useApp();
  const client = useQueryClient();
  const reloadList = useListReload(CUSTOMER_LIST);
  const view = useQuery({ queryKey: viewKey(id), queryFn: () => customerApi.view(id), enabled: Number.isSafeInteger(id) && id > 0 });
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: viewKey(id) });
  const label = useOptionLabel();

  if (!view.data) {
    return <DetailPage title="" loading={!view.isError} notFound={view.isError ? t('notFound') : undefined} />;
  }
  const customer = view.data.customer;
  return (
    <>
      <DetailPage
        title={customer.name}
        subtitle={customer.customerNo}
        status={{ label: label('status', customer.status), color: customer.status === 'ENABLED' ? 'green' : 'default' }}
        onBack={backToList}
        backLabel={t('back')}
        actions={[
          { key: 'password', label: t('password'), perm: 'admin:customer:password', onClick: () => setPassword(true) },
          { key: 'edit', label: t('edit'), perm: 'admin:customer:update', primary: true, onClick: () => setEditing(true) },
        ]}
        sections={[{ key: 'profile', title: t('profile'), children: <Profile customer={customer} /> }]}
      >
        <Vehicles customer={customer} vehicles={view.data.vehicles} onChanged={() => void refresh()} />
        <Files customerId={id} />
        <Orders customerId={id} />
      </DetailPage>
      <CustomerDialog
        editing={editing ? { mode: 'edit', row: customer } : null}
        onClose={() => setEditing(false)}
        onSaved={() => {
          void message.success(t('saved'));
          void refresh();
          void reloadList();
        }}
      />
      <PasswordDialog
        customer={password ? customer : null}
        onClose={() => {
          setPassword(false);
          void refresh();
        }}
      />
    </>
  );
}

function Profile({ customer }: { customer: CustomerRow }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const label = useOptionLabel();
  const enterprise = customer.kind === 'ENTERPRISE';
  const area = customer.provinceCode ? [customer.provinceCode, customer.cityCode, customer.districtCode] : null;
  return (
    <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" labelStyle={{ width: 140 }}>
      <Descriptions.Item label={t('kind')}><DictLabel type="customer_kind" code={customer.kind} /></Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <Tag color={customer.status === 'ENABLED' ? 'green' : 'default'}>{label('status', customer.status)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('kycStatus')}>{label('kycStatus', customer.kycStatus)}</Descriptions.Item>
      {enterprise ? <Descriptions.Item label={t('creditCode')}>{customer.creditCode}</Descriptions.Item> : null}
      <Descriptions.Item label={t('idType')}>{customer.idType ? <DictLabel type="id_type" code={customer.idType} /> : '—'}</Descriptions.Item>
      <Descriptions.Item label={enterprise ? t('legalIdNo') : t('idNo')}>
        <Personal key={customer.idNo ?? ''} customerId={customer.id} field="idNo" masked={customer.idNo} />
      </Descriptions.Item>
      <Descriptions.Item label={t('mobile')}>
        <Personal key={customer.mobile ?? ''} customerId={customer.id} field="mobile" masked={customer.mobile} />
      </Descriptions.Item>
      <Descriptions.Item label={t('bankName')}>{customer.bankName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('bankCard')}>
        <Personal key={customer.bankCard ?? ''} customerId={customer.id} field="bankCard" masked={customer.bankCard} />
      </Descriptions.Item>
      <Descriptions.Item label={t('appPassword')}>{customer.passwordSet ? t('passwordSet') : t('passwordUnset')}</Descriptions.Item>
      <Descriptions.Item label={t('address')} span={2}>
        {area ? (
          <>
            <AreaText codes={area} />{' '}
          </>
        ) : null}
        {customer.address || (area ? null : '—')}
      </Descriptions.Item>
      <Descriptions.Item label={t('createdAt')}>{formatDateTime(customer.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('remark')} span={2}>
        {customer.remark || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** A masked value with 'show full' (its own permission; the server logs each showing). */
function Personal({ customerId, field, masked }: { customerId: number; field: PersonalField; masked: string | null | undefined }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const [full, setFull] = useState<string | null>(null);
  if (!masked) return <>—</>;
  return (
    <Space size={8}>
      <span className="bh-customer__mono">{full ?? masked}</span>
      <Can perm="admin:customer:reveal">
        {full ? (
          <a onClick={() => setFull(null)}>{t('hide')}</a>
        ) : (
          <a
            onClick={async () => {
              const reply = await customerApi.reveal(customerId, field);
              setFull(reply.value ?? masked);
            }}
          >
            <EyeOutlined /> {t('showFull')}
          </a>
        )}
      </Can>
    </Space>
  );
}

// ---------------------------------------------------------------------------------------------
// Vehicles


function Vehicles({ customer, vehicles, onChanged }: { customer: CustomerRow; vehicles: VehicleRow[]; onChanged: () => void }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const { t: common } = useTranslation(CRUD_NS);
  const { message } = App.useApp();
  const [editing, setEditing] = useState<VehicleEditing | null>(null);
  return (
    <DetailSection
      title={t('vehicles')}
      extra={
        <Can perm="admin:customer:vehicle">
          <Button size="small" type="primary" onClick={() => setEditing({ mode: 'create' })}>
            {t('vehicle.add')}
          </Button>
        </Can>
      }
    >
      <Table<VehicleRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={vehicles}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noVehicles')} /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'plateNo', dataIndex: 'plateNo', title: t('vehicle.plateNo'), width: 110 },
          { key: 'vin', dataIndex: 'vin', title: t('vehicle.vin'), width: 190, render: (v: string) => <span className="bh-customer__mono">{v}</span> },
          { key: 'brandModel', dataIndex: 'brandModel', title: t('vehicle.brandModel') },
          { key: 'usage', title: t('vehicle.usage'), width: 110, render: (_, row) => <DictLabel type="vehicle_usage" code={row.usage} /> },
          { key: 'seats', dataIndex: 'seats', title: t('vehicle.seats'), width: 90 },
          { key: 'registerDate', dataIndex: 'registerDate', title: t('vehicle.registerDate'), width: 110 },
          { key: 'engineNo', dataIndex: 'engineNo', title: t('vehicle.engineNo'), width: 120 },
          { key: 'owner', dataIndex: 'ownerName', title: t('vehicle.owner'), width: 100 },
          {
            key: 'actions',
            title: common('actions'),
            width: 120,
            render: (_, row) => (
              <Can perm="admin:customer:vehicle">
                <Space size={12}>
                  <a onClick={() => setEditing({ mode: 'edit', row })}>{t('edit')}</a>
                  <Popconfirm
                    title={t('vehicle.confirmDelete', { plate: row.plateNo })}
                    onConfirm={async () => {
                      await vehicleApi.remove(row.id);
                      void message.success(t('deleted'));
                      onChanged();
                    }}
                  >
                    <a className="bh-customer__danger">{t('remove')}</a>
                  </Popconfirm>
                </Space>
              </Can>
            ),
          },
        ]}
      />
      <VehicleDialog
        customer={customer}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('saved'));
          onChanged();
        }}
      />
    </DetailSection>
  );
}

// ---------------------------------------------------------------------------------------------
// Files

function Files({ customerId }: { customerId: number }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const { t: common } = useTranslation(CRUD_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const files = useQuery({
    queryKey: filesKey(customerId),
    queryFn: () => customerFileApi.page({ customerId, page: 1, size: 100 }),
  });
  const [uploading, setUploading] = useState(false);
  const [image, setImage] = useState<string | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: filesKey(customerId) });

  useEffect(() => () => {
    if (image) URL.revokeObjectURL(image);
  }, [image]);

  const preview = async (row: CustomerFileRow) => {
    try {
      const { blob } = await customerFileApi.fetch(row.id, 'preview');
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

  const download = async (row: CustomerFileRow) => {
    try {
      const { blob, name } = await customerFileApi.fetch(row.id, 'download');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      void message.error(t('file.previewFailed'));
    }
  };

  return (
    <DetailSection
      title={t('files')}
      extra={
        <Can perm="admin:customer:file_upload">
          <Button size="small" type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('file.upload')}
          </Button>
        </Can>
      }
    >
      <Table<CustomerFileRow>
        rowKey="id"
        size="small"
        pagination={false}
        loading={files.isLoading}
        dataSource={files.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFiles')} /> }}
        scroll={{ x: 'max-content' }}
        columns={[
          { key: 'kind', title: t('file.kind'), width: 130, render: (_, row) => <DictLabel type="customer_file_kind" code={row.kind} /> },
          { key: 'fileName', dataIndex: 'fileName', title: t('file.name'), ellipsis: true },
          { key: 'size', title: t('file.size'), width: 90, render: (_, row) => formatSize(row.sizeBytes) },
          { key: 'remark', dataIndex: 'remark', title: t('remark'), width: 160, ellipsis: true },
          { key: 'uploadedBy', dataIndex: 'uploadedBy', title: t('file.uploadedBy'), width: 110 },
          { key: 'createdAt', title: t('file.uploadedAt'), width: 170, render: (_, row) => formatDateTime(row.createdAt) },
          {
            key: 'actions',
            title: common('actions'),
            width: 170,
            render: (_, row) => (
              <Space size={12}>
                <a onClick={() => void preview(row)}>{t('file.preview')}</a>
                <a onClick={() => void download(row)}>{t('file.download')}</a>
                <Can perm="admin:customer:file_delete">
                  <Popconfirm
                    title={t('file.confirmDelete', { name: row.fileName })}
                    onConfirm={async () => {
                      await customerFileApi.remove(row.id);
                      void message.success(t('deleted'));
                      void refresh();
                    }}
                  >
                    <a className="bh-customer__danger">{t('remove')}</a>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
      {image ? (
        <Image
          style={{ display: 'none' }}
          src={image}
          preview={{ open: true, src: image, onOpenChange: (open) => (open ? undefined : setImage(null)) }}
        />
      ) : null}
      {uploading ? (
        <FileUploadDialog
          kindType="customer_file_kind"
          texts={{
            title: t('file.uploadTitle'),
            kind: t('file.kind'),
            choose: t('file.choose'),
            chooseHint: t('file.chooseHint'),
            required: t('file.fileRequired'),
            failed: t('file.uploadFailed'),
            remark: t('remark'),
          }}
          upload={(kind, remark, file) => customerFileApi.upload(customerId, kind, remark, file)}
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


// ---------------------------------------------------------------------------------------------
// Orders

/** The customer's orders, newest first; the order number opens the order page. */
function Orders({ customerId }: { customerId: number }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const size = 10;
  const orders = useQuery({ queryKey: ['customer.orders', customerId, page], queryFn: () => customerApi.orders(customerId, page, size) });
  return (
    <DetailSection title={t('orders')} id="customer-orders">
      <Table<CustomerOrderRow>
        rowKey="id"
        size="small"
        loading={orders.isLoading}
        dataSource={orders.data?.records ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noOrders')} /> }}
        scroll={{ x: 'max-content' }}
        pagination={(orders.data?.total ?? 0) > size ? { current: page, pageSize: size, total: orders.data?.total ?? 0, onChange: setPage } : false}
        columns={[
          {
            key: 'orderNo',
            title: t('order.orderNo'),
            width: 170,
            render: (_, row) => <a onClick={() => void navigate(orderPath(row.id))}>{row.orderNo}</a>,
          },
          { key: 'status', title: t('order.status'), width: 140, render: (_, row) => <OrderStatusTag status={row.status} /> },
          { key: 'plateNo', dataIndex: 'plateNo', title: t('vehicle.plateNo'), width: 110 },
          { key: 'product', title: t('order.product'), render: (_, row) => `${row.productName} V${row.productVersion} · ${row.termN}` },
          { key: 'premium', title: t('order.premium'), align: 'right', width: 120, render: (_, row) => formatYuan(row.totalPremiumFen) },
          { key: 'financed', title: t('order.financed'), align: 'right', width: 120, render: (_, row) => formatYuan(row.financedFen) },
          { key: 'provider', title: t('order.provider'), width: 140, render: (_, row) => row.capitalProviderName ?? '—' },
          { key: 'appliedAt', title: t('order.appliedAt'), width: 160, render: (_, row) => formatDateTime(row.appliedAt) },
        ]}
      />
    </DetailSection>
  );
}
