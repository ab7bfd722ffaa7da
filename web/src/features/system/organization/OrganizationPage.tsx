import { useQueryClient } from '@tanstack/react-query';
import { App, Empty, Form, Input, InputNumber, TreeSelect } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { organizationApi, type Department, type DepartmentInput } from '../api';
import { SYSTEM_NS } from '../locales';
import { DEPARTMENTS_KEY, departmentOptions } from '../shared';
import { StatusTag } from '../StatusTag';

const LIST = 'system.organization';
const TOP = 0;

interface DepartmentForm {
  parentId: number;
  name: string;
  sort: number;
}

type Editing = { mode: 'create'; parentId: number | null } | { mode: 'edit'; department: Department };

/**
 * 组织架构 (admin:organization:table): the department tree, as a tree table of the shared list
 * page (toolbar, column rules, row actions with their reasons); every branch starts expanded.
 */
export function OrganizationPage() {
  const { t } = useTranslation(SYSTEM_NS);
  const { message } = App.useApp();
  const client = useQueryClient();
  const reloadList = useListReload(LIST);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The screen's rows and the department pickers of other screens (DEPARTMENTS_KEY) change together.
  const reload = () => {
    void reloadList();
    void client.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });
  };
  // The tree the dialog offers as parents: what the list shows.
  const [tree, setTree] = useState<readonly Department[]>([]);
  const fetchPage = useCallback(async () => {
    const departments = await organizationApi.tree();
    setTree(departments);
    const rows = toRows(departments);
    return { records: rows, total: rows.length, page: 1, size: rows.length };
  }, []);

  const columns: ListColumn<DepartmentRow>[] = [
    { key: 'name', title: t('organization.name'), width: 240 },
    { key: 'userCount', title: t('organization.userCount'), width: 110, align: 'right' },
    { key: 'sort', title: t('organization.sort'), width: 90, align: 'right' },
    { key: 'enabled', kind: 'status', title: t('common.status'), render: (row) => <StatusTag enabled={row.enabled} /> },
  ];
  const actions: RowAction<DepartmentRow>[] = [
    {
      key: 'createChild',
      label: t('organization.createChild'),
      perm: 'admin:organization:create',
      onClick: (row) => setEditing({ mode: 'create', parentId: row.id }),
    },
    { key: 'edit', label: t('common.edit'), perm: 'admin:organization:update', onClick: (row) => setEditing({ mode: 'edit', department: row.source }) },
    {
      key: 'status',
      label: (row) => (row.enabled ? t('common.disable') : t('common.enable')),
      perm: 'admin:organization:update',
      confirm: (row) => (row.enabled ? t('common.confirmDisable', { name: row.name }) : t('common.confirmEnable', { name: row.name })),
      onClick: async (row) => {
        await organizationApi.setEnabled(row.id, !row.enabled);
        void message.success(t('common.statusChanged'));
        void client.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });
      },
    },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: 'admin:organization:delete',
      danger: true,
      // What the server would refuse, known from the row: the reason instead of a doomed confirmation.
      disabled: (row) =>
        row.source.children.length > 0 ? t('organization.hasChildren') : row.userCount > 0 ? t('organization.hasUsers', { count: row.userCount }) : undefined,
      confirm: (row) => t('common.confirmDelete', { name: row.name }),
      onClick: async (row) => {
        await organizationApi.remove(row.id);
        void message.success(t('common.deleted'));
        void client.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] });
      },
    },
  ];

  return (
    <>
      <ListPage<DepartmentRow>
        listKey={LIST}
        columns={columns}
        fetchPage={fetchPage}
        rowKey={(row) => row.id}
        rowActions={actions}
        paged={false}
        tree
        emptyText={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('organization.empty', { action: t('organization.create') })} />}
        toolbar={[{ key: 'create', label: t('organization.create'), perm: 'admin:organization:create', onClick: () => setEditing({ mode: 'create', parentId: null }) }]}
      />
      <DepartmentDialog
        editing={editing}
        tree={tree}
        onClose={() => setEditing(null)}
        onSaved={() => {
          void message.success(t('common.saved'));
          reload();
        }}
      />
    </>
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
