import { useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Radio, Select, Space, Tag, TreeSelect, Typography } from 'antd';
import md5 from 'blueimp-md5';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { currentUserId, getUserInfo } from '../../../shared/auth/token';
import { useBuiltInName } from '../../../shared/builtin/names';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { adminApi, roleApi, type AdminRow, type AdminUpdateInput } from '../api';
import { SYSTEM_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { departmentOptions, useDepartments } from '../shared';
import { StatusTag } from '../StatusTag';
import { useIdentifierRules } from '../../../shared/validate/rules';

const LIST = 'system.administrators';

interface UserForm {
  account: string;
  name: string;
  mobile?: string;
  departmentId?: number | null;
  roleIds?: number[];
  passwordMode?: 'generate' | 'set';
  password?: string;
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: number; values: UserForm };

/** 用户管理 (admin:user:table): the platform's administrator accounts. */
export function AdministratorsPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const departments = useDepartments();
  const roles = useRoleOptions();
  const builtIn = useBuiltInName();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [resetting, setResetting] = useState<AdminRow | null>(null);
  const [shown, setShown] = useState<{ account: string; password: string } | null>(null);

  const columns: ListColumn<AdminRow>[] = [
    { key: 'account', kind: 'code', title: t('user.account'), sortField: 'account' },
    {
      key: 'name',
      title: t('user.name'),
      sortField: 'name',
      width: 150,
      render: (row) => (
        <>
          {row.name} {row.isSuper ? <Tag color="gold">{t('user.super')}</Tag> : null}
        </>
      ),
    },
    { key: 'mobile', kind: 'code', title: t('user.mobile') },
    { key: 'departmentName', title: t('user.department'), width: 140 },
    {
      key: 'roles',
      title: t('user.roles'),
      // A long role name (English "Super administrator") wraps inside its tag rather than
      // widening the table past the window.
      render: (row) =>
        row.roles.length === 0
          ? '—'
          : row.roles.map((role) => (
              <Tag key={role.id} style={{ whiteSpace: 'normal' }}>
                {builtIn('role', role.code, role.name)}
              </Tag>
            )),
    },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <StatusTag enabled={row.enabled} /> },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<AdminRow>[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:user:update',
      onClick: async (row) => {
        const detail = await adminApi.view(row.id);
        setEditing({
          mode: 'edit',
          id: row.id,
          values: { account: detail.account, name: detail.name, mobile: detail.mobile ?? '', departmentId: detail.departmentId, roleIds: detail.roleIds },
        });
      },
    },
    {
      key: 'status',
      label: (row) => (row.enabled ? t('common.disable') : t('common.enable')),
      perm: 'admin:user:update',
      // The server refuses to disable the account in use (enabling it again is never needed).
      disabled: (row) => (row.enabled && isMe(row) ? t('user.selfDisable') : undefined),
      confirm: (row) => (row.enabled ? t('common.confirmDisable', { name: row.name }) : t('common.confirmEnable', { name: row.name })),
      onClick: async (row) => {
        await adminApi.setEnabled(row.id, !row.enabled);
        void message.success(t('common.statusChanged'));
      },
    },
    { key: 'reset', label: t('user.resetPassword'), perm: 'admin:user:reset_password', onClick: (row) => setResetting(row) },
    {
      key: 'signOut',
      label: t('user.signOut'),
      perm: 'admin:user:sign_out',
      danger: true,
      confirm: (row) => t('user.confirmSignOut', { name: row.name }),
      onClick: async (row) => {
        await adminApi.signOut(row.id);
        void message.success(t('user.signedOut'));
      },
    },
  ];

  const treeData = departmentOptions(departments.data ?? []);

  return (
    <>
      <ListPage<AdminRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'account', kind: 'text', label: t('user.account') },
          { name: 'name', kind: 'text', label: t('user.name') },
          { name: 'mobile', kind: 'text', label: t('user.mobile') },
          {
            name: 'departmentId',
            kind: 'number',
            label: t('user.department'),
            control: (value, onChange) => (
              <TreeSelect
                style={{ width: 180 }}
                allowClear
                treeDefaultExpandAll
                placeholder={t('user.department')}
                treeData={treeData}
                value={value === undefined ? undefined : Number(value)}
                onChange={(next: number | undefined) => onChange(next === undefined ? undefined : String(next))}
              />
            ),
          },
          { name: 'roleId', kind: 'number', label: t('user.roles'), options: roles.map((role) => ({ value: String(role.value), label: role.label })) },
          {
            name: 'enabled',
            kind: 'boolean',
            label: t('common.status'),
            options: [
              { value: 'true', label: t('common.enabled') },
              { value: 'false', label: t('common.disabled') },
            ],
          },
        ]}
        fetchPage={adminApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'asc' }}
        toolbar={[{ key: 'create', label: t('user.create'), perm: 'admin:user:create', onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:user:export', run: adminApi.export }}
      />
      <UserDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(account, password) => {
          void message.success(t('common.saved'));
          void reload();
          if (password) setShown({ account, password });
        }}
      />
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={(account, password) => {
          void message.success(t('common.saved'));
          if (password) setShown({ account, password });
        }}
      />
      <Modal
        open={shown !== null}
        title={shown ? t('user.passwordTitle', { account: shown.account }) : ''}
        mask={{ closable: false }}
        onCancel={() => setShown(null)}
        footer={
          <Button type="primary" onClick={() => setShown(null)}>
            {t('ok', { ns: 'crud' })}
          </Button>
        }
      >
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="warning">{t('user.passwordShownOnce')}</Typography.Text>
          <Typography.Paragraph className="bh-secret" copyable={{ tooltips: [t('user.copy'), t('user.copied')] }}>
            {shown?.password ?? ''}
          </Typography.Paragraph>
        </Space>
      </Modal>
    </>
  );
}

/** The signed-in administrator's own row: by id, or by account in a session stored before ids were kept. */
function isMe(row: AdminRow): boolean {
  const me = currentUserId();
  return me !== null ? row.id === me : row.account === getUserInfo()?.username;
}

/** The enabled roles to choose from, when the user may read roles (`admin:role:table`). */
function useRoleOptions(): { value: number; label: string }[] {
  const held = usePermissions();
  const builtIn = useBuiltInName();
  const query = useQuery({
    queryKey: ['system.roles', 'options'],
    queryFn: () => roleApi.page({ page: 1, size: 200, enabled: true }),
    enabled: hasPermission('admin:role:table', held),
  });
  return (query.data?.records ?? []).map((role) => ({ value: role.id, label: builtIn('role', role.code, role.name) }));
}

function UserDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: (account: string, password: string | null) => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  const departments = useDepartments();
  const roles = useRoleOptions();
  const creating = editing?.mode === 'create';
  const rules = useIdentifierRules();
  const initial: Partial<UserForm> = editing?.mode === 'edit' ? editing.values : { roleIds: [], passwordMode: 'generate', departmentId: null, mobile: '' };

  return (
    <FormDialog<UserForm>
      open={editing !== null}
      title={creating ? t('user.createTitle') : t('user.editTitle')}
      width={600}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input: AdminUpdateInput = {
          name: values.name.trim(),
          mobile: (values.mobile ?? '').trim(),
          departmentId: values.departmentId ?? null,
          roleIds: values.roleIds ?? [],
        };
        if (editing?.mode === 'edit') {
          await adminApi.update(editing.id, input);
          onSaved(values.account, null);
          return;
        }
        const chosen = values.passwordMode === 'set' && values.password ? md5(values.password) : undefined;
        const created = await adminApi.create({ ...input, account: values.account.trim(), ...(chosen ? { password: chosen } : {}) });
        onSaved(values.account.trim(), created.password);
      }}
    >
      <>
        <Form.Item
          name="account"
          label={t('user.account')}
          rules={creating ? [{ required: true, whitespace: true, message: t('common.required', { label: t('user.account') }) }, rules.accountName] : []}
        >
          <Input disabled={!creating} maxLength={32} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('user.name')}
          rules={[
            { required: true, whitespace: true, message: t('common.required', { label: t('user.name') }) },
            { max: 64, message: t('common.maxLength', { label: t('user.name'), max: 64 }) },
          ]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="mobile" label={t('user.mobile')} rules={[rules.mobile]}>
          <Input maxLength={11} inputMode="numeric" />
        </Form.Item>
        <Form.Item name="departmentId" label={t('user.department')}>
          <TreeSelect allowClear treeDefaultExpandAll treeData={departmentOptions(departments.data ?? [], { onlyEnabled: true })} />
        </Form.Item>
        <Form.Item name="roleIds" label={t('user.roles')}>
          <Select mode="multiple" allowClear options={roles} optionFilterProp="label" />
        </Form.Item>
        {creating ? <PasswordChoice /> : null}
      </>
    </FormDialog>
  );
}

function ResetPasswordDialog({ user, onClose, onDone }: { user: AdminRow | null; onClose: () => void; onDone: (account: string, password: string | null) => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  return (
    <FormDialog<{ passwordMode: 'generate' | 'set'; password?: string }>
      open={user !== null}
      title={user ? t('user.resetTitle', { name: user.name }) : ''}
      initialValues={{ passwordMode: 'generate' }}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!user) return;
        const chosen = values.passwordMode === 'set' && values.password ? md5(values.password) : undefined;
        const result = await adminApi.resetPassword(user.id, chosen);
        onDone(user.account, result.password);
      }}
    >
      <>
        <Typography.Paragraph type="secondary">{t('user.resetHint')}</Typography.Paragraph>
        <PasswordChoice />
      </>
    </FormDialog>
  );
}

/**
 * The password of a new account or a reset: generated by the server (shown once) or typed here
 * (6 to 30 characters; it travels as its MD5).
 */
function PasswordChoice() {
  const { t } = useTranslation(SYSTEM_NS);
  // The dialog's own form (from context): the password field shows while 手动设置 is chosen.
  const mode = Form.useWatch('passwordMode') as string | undefined;
  return (
    <>
      <Form.Item name="passwordMode" label={t('user.passwordMode')}>
        <Radio.Group
          options={[
            { value: 'generate', label: t('user.generate') },
            { value: 'set', label: t('user.setPassword') },
          ]}
        />
      </Form.Item>
      {mode === 'set' ? (
        <Form.Item
          name="password"
          label={t('user.password')}
          rules={[
            { required: true, message: t('common.required', { label: t('user.password') }) },
            { min: 6, max: 30, message: t('user.passwordRule') },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={30} />
        </Form.Item>
      ) : null}
    </>
  );
}
