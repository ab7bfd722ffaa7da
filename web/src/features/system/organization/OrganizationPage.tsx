import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Popconfirm, Space, Table, Tooltip, TreeSelect, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../shared/auth/Can';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { FormDialog } from '../../../shared/crud/FormDialog';
import '../../../shared/crud/crud.css';
import { CRUD_NS } from '../../../shared/crud/locales';
import { organizationApi, type Department, type DepartmentInput } from '../api';
import { SYSTEM_NS } from '../locales';
import { DEPARTMENTS_KEY, departmentOptions, useDepartments } from '../shared';
import { StatusTag } from '../StatusTag';

const TOP = 0;

interface DepartmentForm {
  parentId: number;
  name: string;
  sort: number;
}

type Editing = { mode: 'create'; parentId: number | null } | { mode: 'edit'; department: Department };

/** 组织架构 (admin:organization:table): the department tree. */
export function OrganizationPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const held = usePermissions();
  const departments = useDepartments();
  const [editing, setEditing] = useState<Editing | null>(null);
  const reload = () => client.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
    } catch {
      // The request layer has shown the server's message (e.g. 该部门下还有用户，不能删除).
    } finally {
      void reload();
    }
  };

  const canCreate = hasPermission('admin:organization:create', held);
  const canUpdate = hasPermission('admin:organization:update', held);
  const canDelete = hasPermission('admin:organization:delete', held);
  // What the server would refuse, known from the row: the reason instead of a doomed confirmation.
  const deleteBlocked = (row: DepartmentRow): string | undefined =>
    row.source.children.length > 0
      ? t('organization.hasChildren')
      : row.userCount > 0
        ? t('organization.hasUsers', { count: row.userCount })
        : undefined;

  const columns: TableProps<DepartmentRow>['columns'] = [
    { key: 'name', title: t('organization.name'), dataIndex: 'name' },
    { key: 'userCount', title: t('organization.userCount'), dataIndex: 'userCount', width: 120, align: 'right' },
    { key: 'sort', title: t('organization.sort'), dataIndex: 'sort', width: 90, align: 'right' },
    { key: 'enabled', title: t('common.status'), width: 100, render: (_, row) => <StatusTag enabled={row.enabled} /> },
  ];
  if (canCreate || canUpdate || canDelete) {
    columns.push({
      key: 'actions',
      title: t('actions', { ns: CRUD_NS }),
      width: 300,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} className="bh-list__actions">
          {canCreate ? (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'create', parentId: row.id })}>
              {t('organization.createChild')}
            </Button>
          ) : null}
          {canUpdate ? (
            <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', department: row.source })}>
              {t('common.edit')}
            </Button>
          ) : null}
          {canUpdate ? (
            <Popconfirm
              title={row.enabled ? t('common.confirmDisable', { name: row.name }) : t('common.confirmEnable', { name: row.name })}
              okText={t('ok', { ns: CRUD_NS })}
              cancelText={t('cancel', { ns: CRUD_NS })}
              onConfirm={() => act(() => organizationApi.setEnabled(row.id, !row.enabled), t('common.statusChanged'))}
            >
              <Button type="link" size="small">
                {row.enabled ? t('common.disable') : t('common.enable')}
              </Button>
            </Popconfirm>
          ) : null}
          {canDelete && deleteBlocked(row) ? (
            <Tooltip title={deleteBlocked(row)}>
              <span className="bh-list__disabled">
                <Button type="link" size="small" danger disabled>
                  {t('common.delete')}
                </Button>
              </span>
            </Tooltip>
          ) : canDelete ? (
            <Popconfirm
              title={t('common.confirmDelete', { name: row.name })}
              okText={t('ok', { ns: CRUD_NS })}
              cancelText={t('cancel', { ns: CRUD_NS })}
              onConfirm={() => act(() => organizationApi.remove(row.id), t('common.deleted'))}
            >
              <Button type="link" size="small" danger>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    });
  }

  const tree = departments.data ?? [];
  return (
    <div className="bh-list">
      <Can perm="admin:organization:create">
        <Space className="bh-list__toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parentId: null })}>
            {t('organization.create')}
          </Button>
        </Space>
      </Can>
      <Table<DepartmentRow>
        rowKey="id"
        columns={columns}
        dataSource={toRows(tree)}
        loading={departments.isFetching && !departments.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ defaultExpandAllRows: true }}
        key={tree.length === 0 ? 'empty' : 'loaded'}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organization.empty')} /> }}
      />
      <DepartmentDialog
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          void reload();
        }}
      />
    </div>
  );
}

/** A row of the tree table: antd shows an expand icon for `children: []`, so leaves have none. */
type DepartmentRow = Omit<Department, 'children'> & { children?: DepartmentRow[]; source: Department };

function toRows(tree: readonly Department[]): DepartmentRow[] {
  return tree.map(({ children, ...department }) =>
    children.length > 0 ? { ...department, source: { ...department, children }, children: toRows(children) } : { ...department, source: { ...department, children } },
  );
}

function DepartmentDialog({
  editing,
  tree,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  tree: readonly Department[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(SYSTEM_NS);
  const initial: Partial<DepartmentForm> =
    editing?.mode === 'edit'
      ? { parentId: editing.department.parentId ?? TOP, name: editing.department.name, sort: editing.department.sort }
      : { parentId: editing?.parentId ?? TOP, sort: 0 };
  const exclude = editing?.mode === 'edit' ? editing.department.id : undefined;
  const parents = [
    {
      value: TOP,
      title: t('organization.topLevel'),
      children: departmentOptions(tree, exclude === undefined ? {} : { exclude }),
    },
  ];
  return (
    <FormDialog<DepartmentForm>
      open={editing !== null}
      title={editing?.mode === 'edit' ? t('organization.editTitle') : t('organization.createTitle')}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input: DepartmentInput = { parentId: values.parentId === TOP ? null : values.parentId, name: values.name.trim(), sort: values.sort ?? 0 };
        if (editing?.mode === 'edit') await organizationApi.update(editing.department.id, input);
        else await organizationApi.create(input);
        onSaved();
      }}
    >
      <Form.Item name="parentId" label={t('organization.parent')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('organization.parent') }) }]}>
        <TreeSelect treeData={parents} treeDefaultExpandAll />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('organization.name')}
        rules={[
          { required: true, whitespace: true, message: t('common.required', { label: t('organization.name') }) },
          { max: 64, message: t('common.maxLength', { label: t('organization.name'), max: 64 }) },
        ]}
      >
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="sort" label={t('organization.sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </Form.Item>
    </FormDialog>
  );
}
