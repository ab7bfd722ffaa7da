import { App, Form, Input, Tag } from 'antd';
import md5 from 'blueimp-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog } from '../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../shared/crud/ListPage';
import { useListReload } from '../../shared/crud/useListReload';
import '../../shared/crud/locales';
import { customerApi, type CustomerRow } from '../../shared/customer/api';
import { CustomerDialog, type CustomerEditing } from '../../shared/customer/CustomerDialog';
import { CUSTOMER_NS } from '../../shared/customer/locales';
import { DictLabel } from '../../shared/dictionary/DictSelect';
import { useDictionary } from '../../shared/dictionary/dictionary';
import { useOptionLabel, useOptions } from '../../shared/customer/options';
import { formatDateTime } from '../../shared/format/datetime';
import { detailPath } from '../../shared/customer/shared';
import './customer.css';

export const CUSTOMER_LIST = 'customer.customers';

/** 客户管理 (admin:customer:table): customers, masked; details on their own page. */
export function CustomerPage() {
  const { t } = useTranslation(CUSTOMER_NS);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const reload = useListReload(CUSTOMER_LIST);
  const label = useOptionLabel();
  const kinds = useDictionary('customer_kind').options;
  const statuses = useOptions('status');
  const kycStatuses = useOptions('kycStatus');
  const [editing, setEditing] = useState<CustomerEditing | null>(null);

  const columns: ListColumn<CustomerRow>[] = [
    { key: 'customerNo', kind: 'code', title: t('customerNo'), sortField: 'customerNo', width: 150 },
    {
      key: 'name',
      title: t('name'),
      sortField: 'name',
      render: (row) => (
        <a onClick={() => void navigate(detailPath(row.id))} className="bh-customer__name">
          {row.name}
        </a>
      ),
    },
    // The name and the ID column (credit code or ID number) tell the kind: shown on demand.
    { key: 'kind', kind: 'status', title: t('kind'), defaultHidden: true, render: (row) => <DictLabel type="customer_kind" code={row.kind} /> },
    { key: 'idNo', kind: 'code', title: t('idNo'), width: 168, render: (row) => row.idNo ?? row.creditCode ?? '—' },
    { key: 'mobile', kind: 'code', title: t('mobile') },
    {
      key: 'status',
      kind: 'status',
      title: t('status'),
      render: (row) => <Tag color={row.status === 'ENABLED' ? 'green' : 'default'}>{label('status', row.status)}</Tag>,
    },
    {
      key: 'kycStatus',
      kind: 'status',
      title: t('kycStatus'),
      render: (row) => (
        <Tag color={row.kycStatus === 'VERIFIED' ? 'blue' : row.kycStatus === 'REJECTED' ? 'red' : 'gold'}>{label('kycStatus', row.kycStatus)}</Tag>
      ),
    },
    { key: 'createdAt', kind: 'datetime', title: t('createdAt'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<CustomerRow>[] = [
    { key: 'detail', label: t('detail'), perm: 'admin:customer:table', onClick: (row) => void navigate(detailPath(row.id)) },
    { key: 'edit', label: t('edit'), perm: 'admin:customer:update', onClick: (row) => setEditing({ mode: 'edit', row }) },
  ];

  return (
    <>
      <ListPage<CustomerRow>
        listKey={CUSTOMER_LIST}
        columns={columns}
        filters={[
          { name: 'name', kind: 'text', label: t('name'), width: 160 },
          { name: 'mobile', kind: 'text', label: t('mobile'), placeholder: t('mobileFilter'), width: 150 },
          { name: 'idNo', kind: 'text', label: t('idNo'), width: 200 },
          { name: 'kind', kind: 'choice', label: t('kind'), width: 130, options: kinds },
          { name: 'status', kind: 'choice', label: t('status'), width: 130, options: statuses },
          { name: 'kycStatus', kind: 'choice', label: t('kycStatus'), width: 140, options: kycStatuses },
          { name: 'created', kind: 'range', label: t('created') },
        ]}
        fetchPage={customerApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('create'), perm: 'admin:customer:create', onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:customer:export', run: customerApi.export }}
      />
      <CustomerDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(id) => {
          const created = editing?.mode === 'create';
          void message.success(t('saved'));
          void reload();
          if (created) void navigate(detailPath(id));
        }}
      />
    </>
  );
}

interface PasswordForm {
  password: string;
  confirm: string;
}

/** Sets a customer's app password (sent as MD5, like every password here). */
export function PasswordDialog({ customer, onClose }: { customer: CustomerRow | null; onClose: () => void }) {
  const { t } = useTranslation(CUSTOMER_NS);
  const { message } = App.useApp();
  return (
    <FormDialog<PasswordForm>
      open={customer !== null}
      title={t('passwordTitle', { name: customer?.name ?? '' })}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!customer) return;
        await customerApi.setPassword(customer.id, md5(values.password));
        void message.success(t('passwordSaved'));
      }}
    >
      <Form.Item
        name="password"
        label={t('newPassword')}
        rules={[
          { required: true, message: t('required', { label: t('newPassword') }) },
          { min: 6, max: 30, message: t('passwordLength') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('required', { label: t('confirmPassword') }) },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error(t('passwordMismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
