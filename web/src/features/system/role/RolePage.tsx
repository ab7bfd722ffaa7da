import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Switch, Tag, Tree, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../shared/auth/permissions';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { useBuiltInName } from '../../../shared/builtin/names';
import { currentLanguage } from '../../../shared/i18n';
import { SHELL_NS } from '../../../layout/locales';
import { roleApi, type CatalogueSection, type RoleRow } from '../api';
import { SYSTEM_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { StatusTag } from '../StatusTag';
import './role.css';

const LIST = 'system.roles';

interface RoleForm {
  code: string;
  name: string;
  description: string;
  enabled: boolean;
  permissions: string[];
}

type Editing = { mode: 'create' } | { mode: 'edit'; id: number; values: RoleForm };

/** 角色管理 (admin:role:table): roles and the permissions they grant. */
export function RolePage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const builtIn = useBuiltInName();
  const [editing, setEditing] = useState<Editing | null>(null);

  const columns: ListColumn<RoleRow>[] = [
    { key: 'code', kind: 'code', title: t('role.code'), sortField: 'code' },
    {
      key: 'name',
      title: t('role.name'),
      sortField: 'name',
      width: 180,
      render: (row) => (
        <>
          {builtIn('role', row.code, row.name)} {row.isSuper ? <Tag color="gold">{t('role.super')}</Tag> : null}
        </>
      ),
    },
    { key: 'description', title: t('role.description'), ellipsis: true, render: (row) => builtIn('roleDescription', row.code, row.description) },
    { key: 'permissionCount', title: t('role.permissionCount'), width: 90, align: 'right' },
    { key: 'userCount', title: t('role.userCount'), width: 90, align: 'right' },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <StatusTag enabled={row.enabled} /> },
    { key: 'createdAt', kind: 'datetime', title: t('common.createdAt'), sortField: 'createdAt', render: (row) => formatDateTime(row.createdAt) },
  ];

  const actions: RowAction<RoleRow>[] = [
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:role:update',
      hidden: (row) => row.isSuper,
      onClick: async (row) => {
        const detail = await roleApi.view(row.id);
        setEditing({
          mode: 'edit',
          id: row.id,
          values: { code: detail.code, name: detail.name, description: detail.description, enabled: detail.enabled, permissions: detail.permissions },
        });
      },
    },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: 'admin:role:delete',
      danger: true,
      hidden: (row) => row.isSuper,
      // The server refuses to delete a role held by users; the row says how many.
      disabled: (row) => (row.userCount > 0 ? t('role.inUse', { count: row.userCount }) : undefined),
      confirm: (row) => t('common.confirmDelete', { name: row.name }),
      onClick: async (row) => {
        await roleApi.remove(row.id);
        void message.success(t('common.deleted'));
      },
    },
  ];

  return (
    <>
      <ListPage<RoleRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'name', kind: 'text', label: t('role.name') },
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
        fetchPage={roleApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'id', order: 'asc' }}
        toolbar={[{ key: 'create', label: t('role.create'), perm: 'admin:role:create', onClick: () => setEditing({ mode: 'create' }) }]}
        exporter={{ perm: 'admin:role:export', run: roleApi.export }}
      />
      <RoleDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
    </>
  );
}

function RoleDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(SYSTEM_NS);
  const creating = editing?.mode === 'create';
  const initial: Partial<RoleForm> =
    editing?.mode === 'edit' ? editing.values : { enabled: true, description: '', permissions: [] };
  return (
    <FormDialog<RoleForm>
      open={editing !== null}
      title={creating ? t('role.createTitle') : t('role.editTitle')}
      width={720}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = {
          name: values.name.trim(),
          description: (values.description ?? '').trim(),
          enabled: values.enabled,
          permissions: values.permissions ?? [],
        };
        if (editing?.mode === 'edit') await roleApi.update(editing.id, input);
        else await roleApi.create({ ...input, code: values.code.trim() });
        onSaved();
      }}
    >
      <Form.Item
        name="code"
        label={t('role.code')}
        extra={creating ? t('role.codeRule') : undefined}
        rules={[
          { required: true, message: t('common.required', { label: t('role.code') }) },
          { pattern: /^[a-z][a-z0-9_]{1,63}$/, message: t('role.codeRule') },
        ]}
      >
        <Input disabled={!creating} maxLength={64} />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('role.name')}
        rules={[
          { required: true, whitespace: true, message: t('common.required', { label: t('role.name') }) },
          { max: 64, message: t('common.maxLength', { label: t('role.name'), max: 64 }) },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('role.description')} rules={[{ max: 255, message: t('common.maxLength', { label: t('role.description'), max: 255 }) }]}>
        <Input.TextArea rows={2} maxLength={255} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item
        name="permissions"
        label={t('role.permissions')}
        valuePropName="checked"
        trigger="onCheck"
        // A role grants something: one without permissions is refused here, before the server is asked.
        validateTrigger="onCheck"
        rules={[{ type: 'array', required: true, min: 1, message: t('role.permissionsRequired') }]}
      >
        <PermissionTree />
      </Form.Item>
    </FormDialog>
  );
}

/** The catalogue's section words that differ from the route table's section names. */
const SECTION_ROUTES: Record<string, string> = { workbench: 'desk' };

interface PermissionTreeProps {
  checked?: string[];
  onCheck?: (codes: string[]) => void;
}

/**
 * The catalogue grouped by menu section, checkable. A permission the signed-in user does not hold
 * is shown but disabled: nobody grants (or takes away) what they do not hold themselves.
 */
function PermissionTree({ checked = [], onCheck }: PermissionTreeProps) {
  const { t } = useTranslation(SYSTEM_NS);
  const held = usePermissions();
  const catalogue = useQuery({ queryKey: ['system.catalogue'], queryFn: () => roleApi.catalogue(), staleTime: Infinity });
  const [search, setSearch] = useState('');
  const zh = currentLanguage() === 'zh';
  const label = (item: { labelZh: string; labelEn: string }) => (zh ? item.labelZh : item.labelEn);
  // A section is named as the menu names it, in every language (the catalogue has zh and en only).
  const sectionLabel = (section: CatalogueSection) => t(`route.${SECTION_ROUTES[section.section] ?? section.section}`, { ns: SHELL_NS, defaultValue: label(section) });
  const needle = search.trim().toLowerCase();
  const matches = (permission: { code: string; labelZh: string; labelEn: string }) =>
    needle === '' || [permission.code, permission.labelZh, permission.labelEn].some((text) => text.toLowerCase().includes(needle));

  const treeData = useMemo(
    () =>
      (catalogue.data ?? [])
        .map((section: CatalogueSection) => ({ ...section, permissions: section.permissions.filter(matches) }))
        .filter((section) => section.permissions.length > 0)
        .map((section: CatalogueSection) => ({
        key: `section:${section.section}`,
        title: sectionLabel(section),
        selectable: false,
        disabled: section.permissions.every((permission) => !held.includes(permission.code)),
        children: section.permissions.map((permission) => {
          const mine = held.includes(permission.code);
          return {
            key: permission.code,
            selectable: false,
            disabled: !mine,
            title: (
              <span className="bh-perm" title={mine ? permission.code : t('role.notHeld')}>
                <span>{label(permission)}</span>
                <Typography.Text type="secondary" className="bh-perm__code">
                  {permission.code}
                </Typography.Text>
                {permission.kind === 'button' ? <Tag className="bh-perm__kind">{t('role.button')}</Tag> : null}
              </span>
            ),
          };
        }),
      })),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- label and matches depend on the language and the search only
    [catalogue.data, held, zh, t, needle],
  );
  // The permissions the tree shows now (all, or those the search finds).
  const visible = new Set(treeData.flatMap((section) => section.children.map((node) => node.key)));

  return (
    <div className="bh-perm-tree">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('role.searchPermissions')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        className="bh-perm-tree__search"
      />
      <Tree
        key={needle}
        checkable
        selectable={false}
        defaultExpandAll
        height={360}
        treeData={treeData}
        checkedKeys={checked}
        onCheck={(keys) => {
          const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((key) => visible.has(key) && held.includes(key));
          // What the tree does not show (a search hides it) and what the user does not hold keep their state.
          const kept = checked.filter((code) => !visible.has(code) || !held.includes(code));
          onCheck?.([...new Set([...kept, ...list])]);
        }}
      />
    </div>
  );
}
