import { useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { formatDateTime } from '../../../shared/format/datetime';
import { productApi, type ProductRow } from '../api';
import { CalculatorDrawer } from './CalculatorDrawer';
import { ORDER_RULES_NS } from './locales';
import { ProductDialog, type Editing } from './ProductDialog';
import { ProductStatusTag } from './parts';
import { PERMISSION, useRateText } from './shared';

const LIST = 'system.orderRules.products';
const STATUSES = ['DRAFT', 'ACTIVE', 'RETIRED'] as const;

export function ProductsTab() {
  const { t } = useTranslation(ORDER_RULES_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const rateText = useRateText();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [versionsOf, setVersionsOf] = useState<ProductRow | null>(null);
  const [calculating, setCalculating] = useState<ProductRow | null>(null);

  const openEditor = async (id: number) => setEditing({ mode: 'edit', row: await productApi.view(id) });
  const openCreate = async () => setEditing({ mode: 'create', terms: await productApi.defaults() });

  const columns: ListColumn<ProductRow>[] = [
    { key: 'code', kind: 'code', title: t('product.code'), sortField: 'code' },
    { key: 'name', title: t('product.name'), width: 180, ellipsis: true },
    { key: 'method', title: t('product.method'), width: 100, render: (row) => t(`enums.scheduleMethod.${row.terms.scheduleMethod}`) },
    { key: 'terms', title: t('product.terms'), width: 100, render: (row) => row.terms.termOptions.join(' / ') },
    { key: 'rate', title: t('product.rate'), width: 130, render: (row) => <span className="bh-nowrap">{rateText(row)}</span> },
    {
      key: 'productVersion',
      optional: true,
      title: t('product.version'),
      width: 64,
      render: (row) => (
        <Button type="link" size="small" className="bh-product-version-link" title={t('product.versions')} onClick={() => setVersionsOf(row)}>
          V{row.productVersion}
        </Button>
      ),
    },
    { key: 'status', kind: 'status', title: t('product.status'), render: (row) => <ProductStatusTag status={row.status} /> },
    {
      key: 'activeVersion',
      optional: true,
      title: t('product.activeVersion'),
      width: 90,
      render: (row) => (row.activeVersion ? <Tag color="green">V{row.activeVersion}</Tag> : <Typography.Text type="secondary">{t('common.none')}</Typography.Text>),
    },
  ];

  const actions: RowAction<ProductRow>[] = [
    { key: 'calculate', label: t('product.calculate'), perm: PERMISSION, onClick: (row) => setCalculating(row) },
    { key: 'edit', label: t('common.edit'), perm: PERMISSION, onClick: (row) => void openEditor(row.id) },
    {
      key: 'activate',
      label: t('product.activate'),
      perm: PERMISSION,
      hidden: (row) => row.status === 'ACTIVE',
      confirm: (row) => t('product.confirmActivate', { version: row.productVersion }),
      onClick: async (row) => {
        await productApi.activate(row.id);
        void message.success(t('product.activated'));
      },
    },
    {
      key: 'retire',
      label: t('product.retire'),
      perm: PERMISSION,
      danger: true,
      hidden: (row) => row.status !== 'ACTIVE',
      confirm: (row) => t('product.confirmRetire', { version: row.productVersion }),
      onClick: async (row) => {
        await productApi.retire(row.id);
        void message.success(t('product.retired'));
      },
    },
  ];

  return (
    <>
      <ListPage<ProductRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'keyword', kind: 'text', label: t('product.keyword'), width: 180 },
          { name: 'status', kind: 'choice', label: t('product.status'), width: 120, options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })) },
        ]}
        fetchPage={productApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'updatedAt', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('product.create'), perm: PERMISSION, primary: true, onClick: () => void openCreate() }]}
        exporter={{ perm: PERMISSION, run: productApi.export }}
      />
      <ProductDialog
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void message.success(saved.newVersion ? t('product.newVersion', { version: saved.productVersion }) : t('common.saved'));
          void reload();
        }}
      />
      <VersionsDrawer of={versionsOf} onClose={() => setVersionsOf(null)} onEdit={(id) => void openEditor(id)} onCalculate={setCalculating} onChanged={() => void reload()} />
      <CalculatorDrawer product={calculating} onClose={() => setCalculating(null)} />
    </>
  );
}

function VersionsDrawer({
  of,
  onClose,
  onEdit,
  onCalculate,
  onChanged,
}: {
  of: ProductRow | null;
  onClose: () => void;
  onEdit: (id: number) => void;
  onCalculate: (row: ProductRow) => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation(ORDER_RULES_NS);
  const { message, modal } = App.useApp();
  const held = usePermissions();
  const rateText = useRateText();
  const versions = useQuery({
    queryKey: ['system', 'product', 'versions', of?.id],
    queryFn: () => productApi.versions(of?.id ?? 0),
    enabled: of !== null,
  });
  const act = (text: string, run: () => Promise<unknown>, done: string) =>
    modal.confirm({
      title: text,
      onOk: async () => {
        await run();
        void message.success(done);
        void versions.refetch();
        onChanged();
      },
    });
  const can = hasPermission(PERMISSION, held);
  return (
    <Drawer open={of !== null} onClose={onClose} size={860} title={t('product.versionsTitle', { name: of?.name ?? '' })} destroyOnHidden>
      <Table<ProductRow>
        rowKey="id"
        size="middle"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        columns={[
          { key: 'v', title: t('product.version'), width: 64, render: (_, row) => `V${row.productVersion}` },
          { key: 's', title: t('product.status'), width: 80, render: (_, row) => <ProductStatusTag status={row.status} /> },
          { key: 'r', title: t('product.rate'), width: 110, render: (_, row) => rateText(row) },
          { key: 'u', title: t('product.updatedAt'), width: 150, render: (_, row) => formatDateTime(row.updatedAt) },
          { key: 'a', title: t('product.activatedAt'), width: 150, render: (_, row) => formatDateTime(row.activatedAt) },
          {
            key: 'ops',
            title: '',
            render: (_, row) => (
              <Space size={4} wrap>
                <Button type="link" size="small" onClick={() => onCalculate(row)}>
                  {t('product.calculate')}
                </Button>
                {can ? (
                  <Button type="link" size="small" onClick={() => onEdit(row.id)}>
                    {t('common.edit')}
                  </Button>
                ) : null}
                {can && row.status !== 'ACTIVE' ? (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => act(t('product.confirmActivate', { version: row.productVersion }), () => productApi.activate(row.id), t('product.activated'))}
                  >
                    {t('product.activate')}
                  </Button>
                ) : null}
                {can && row.status === 'ACTIVE' ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => act(t('product.confirmRetire', { version: row.productVersion }), () => productApi.retire(row.id), t('product.retired'))}
                  >
                    {t('product.retire')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
