import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Form, Input, InputNumber, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { DICTIONARY_KEY, dictLabel } from '../../../shared/dictionary/dictionary';
import { FormDialog } from '../../../shared/crud/FormDialog';
import '../../../shared/crud/locales';
import { currentLanguage } from '../../../shared/i18n';
import { dictionaryApi, type DictItem, type DictType } from '../api';
import { CONTENT_NS } from '../locales';
import { dictTypeName, dictTypeRemark } from './typeText';
import '../content.css';

const TYPES_KEY = ['content.dictionary.types'];
const ITEMS_KEY = 'content.dictionary.items';

interface TypeForm {
  code: string;
  nameZh: string;
  nameEn: string;
  remark: string;
}

interface ItemForm {
  code: string;
  labelZh: string;
  labelEn: string;
  labelEs: string;
  labelJa: string;
  sort: number;
  enabled: boolean;
}

type TypeEditing = { mode: 'create' } | { mode: 'edit'; type: DictType };
type ItemEditing = { mode: 'create' } | { mode: 'edit'; item: DictItem };

/** A type's name in the interface language (a built-in type's in each of the four: `dictTypeName`). */
const typeName = (type: DictType) => dictTypeName(type, currentLanguage());

/** 数据字典 (admin:dictionary:table): types on the left, the chosen type's items on the right. */
export function DictionaryPage() {
  const { t } = useTranslation(CONTENT_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [typeEditing, setTypeEditing] = useState<TypeEditing | null>(null);
  const [itemEditing, setItemEditing] = useState<ItemEditing | null>(null);
  const canCreate = hasPermission('admin:dictionary:create', held);
  const canUpdate = hasPermission('admin:dictionary:update', held);
  const canDelete = hasPermission('admin:dictionary:delete', held);

  const types = useQuery({ queryKey: TYPES_KEY, queryFn: () => dictionaryApi.types() });
  const allTypes = useMemo(() => types.data ?? [], [types.data]);
  const selected = allTypes.find((type) => type.id === selectedId) ?? allTypes[0];
  const items = useQuery({
    queryKey: [ITEMS_KEY, selected?.id],
    queryFn: () => dictionaryApi.items(selected?.id ?? 0),
    enabled: selected !== undefined,
  });

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: TYPES_KEY }),
      queryClient.invalidateQueries({ queryKey: [ITEMS_KEY] }),
      queryClient.invalidateQueries({ queryKey: [DICTIONARY_KEY] }),
    ]);
  };

  const filtered = allTypes.filter((type) => {
    const needle = keyword.trim().toLowerCase();
    return (
      !needle ||
      type.code.includes(needle) ||
      type.nameZh.includes(needle) ||
      type.nameEn.toLowerCase().includes(needle) ||
      typeName(type).toLowerCase().includes(needle)
    );
  });

  return (
    <div className="bh-dict">
      <Card
        title={t('dictionary.types')}
        size="small"
        extra={
          canCreate ? (
            <Button type="link" size="small" icon={<PlusOutlined />} onClick={() => setTypeEditing({ mode: 'create' })}>
              {t('dictionary.createType')}
            </Button>
          ) : null
        }
      >
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('dictionary.typeSearch')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          style={{ marginBottom: 8 }}
        />
        <div className="bh-dict-types" role="listbox" aria-label={t('dictionary.types')}>
          {filtered.map((type) => (
            <div
              key={type.id}
              role="option"
              aria-selected={type.id === selected?.id}
              tabIndex={0}
              className={`bh-dict-type${type.id === selected?.id ? ' is-active' : ''}`}
              onClick={() => setSelectedId(type.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') setSelectedId(type.id);
              }}
            >
              <div>
                <div className="bh-dict-type-name">
                  {typeName(type)} {type.builtIn ? <Tag color="blue">{t('common.builtIn')}</Tag> : null}
                </div>
                <div className="bh-dict-type-code">{type.code}</div>
              </div>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {t('dictionary.itemCount', { count: type.itemCount })}
              </Typography.Text>
            </div>
          ))}
        </div>
      </Card>

      <Card
        size="small"
        title={
          selected ? (
            <Space size={8}>
              <span>{typeName(selected)}</span>
              <span className="bh-dict-type-code">{selected.code}</span>
              {selected.builtIn ? <Tag color="blue">{t('common.builtIn')}</Tag> : null}
            </Space>
          ) : (
            t('dictionary.items')
          )
        }
        extra={
          selected ? (
            <Space>
              {canUpdate ? (
                <Button size="small" onClick={() => setTypeEditing({ mode: 'edit', type: selected })}>
                  {t('common.edit')}
                </Button>
              ) : null}
              {canDelete && !selected.builtIn ? (
                <Popconfirm
                  title={t('common.confirmDelete', { name: typeName(selected) })}
                  onConfirm={async () => {
                    await dictionaryApi.removeType(selected.id);
                    void message.success(t('common.deleted'));
                    setSelectedId(null);
                    await refresh();
                  }}
                >
                  <Button size="small" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              ) : null}
              {canCreate ? (
                <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setItemEditing({ mode: 'create' })}>
                  {t('dictionary.createItem')}
                </Button>
              ) : null}
            </Space>
          ) : null
        }
      >
        {selected ? (
          <>
            {selected.remark ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }} data-testid="dict-type-remark">
                {dictTypeRemark(selected, currentLanguage())}
              </Typography.Paragraph>
            ) : null}
            <Table<DictItem>
              size="middle"
              rowKey="id"
              loading={items.isLoading}
              dataSource={items.data ?? []}
              pagination={false}
              // A phone scrolls the items sideways inside the card (code, labels 180, sort, status, actions).
              scroll={{ x: 170 + 180 + 70 + 90 + 130 }}
              locale={{ emptyText: <Empty description={t('dictionary.noItems')} /> }}
              columns={[
                {
                  key: 'code',
                  title: t('dictionary.code'),
                  width: 170,
                  render: (_, item) => (
                    <>
                      <div className="bh-code">{item.code}</div>
                      {item.builtIn ? <Tag color="blue">{t('common.builtIn')}</Tag> : null}
                    </>
                  ),
                },
                {
                  // The four labels one under the other: four label columns do not fit beside
                  // the types at 1440 px. An empty one shows —: that language falls back.
                  key: 'labels',
                  title: t('dictionary.labels'),
                  render: (_, item) => (
                    <div className="bh-dict-labels">
                      {(
                        [
                          ['ZH', t('dictionary.labelZh'), item.labelZh],
                          ['EN', t('dictionary.labelEn'), item.labelEn],
                          ['ES', t('dictionary.labelEs'), item.labelEs],
                          ['JA', t('dictionary.labelJa'), item.labelJa],
                        ] as const
                      ).map(([code, name, label]) => (
                        <div key={code}>
                          <span className="bh-dict-lang" title={name}>
                            {code}
                          </span>
                          {label ? <span>{label}</span> : <Typography.Text type="secondary">—</Typography.Text>}
                        </div>
                      ))}
                    </div>
                  ),
                },
                { key: 'sort', title: t('common.sort'), dataIndex: 'sort', width: 70, align: 'right' },
                {
                  key: 'enabled',
                  title: t('common.status'),
                  width: 90,
                  render: (_, item) => <Tag color={item.enabled ? 'green' : 'default'}>{item.enabled ? t('common.enabled') : t('common.disabled')}</Tag>,
                },
                {
                  key: 'actions',
                  title: t('crud:actions'),
                  width: 130,
                  render: (_, item) => (
                    <Space size={4}>
                      {canUpdate ? (
                        <Button type="link" size="small" onClick={() => setItemEditing({ mode: 'edit', item })}>
                          {t('common.edit')}
                        </Button>
                      ) : null}
                      {canDelete && !item.builtIn ? (
                        <Popconfirm
                          title={t('common.confirmDelete', { name: dictLabel(item, currentLanguage()) })}
                          onConfirm={async () => {
                            await dictionaryApi.removeItem(item.id);
                            void message.success(t('common.deleted'));
                            await refresh();
                          }}
                        >
                          <Button type="link" size="small" danger>
                            {t('common.delete')}
                          </Button>
                        </Popconfirm>
                      ) : null}
                    </Space>
                  ),
                },
              ]}
            />
          </>
        ) : (
          <Empty description={t('dictionary.pickType')} />
        )}
      </Card>

      <TypeDialog
        editing={typeEditing}
        onClose={() => setTypeEditing(null)}
        onSaved={async (id) => {
          void message.success(t('common.saved'));
          if (id !== undefined) setSelectedId(id);
          await refresh();
        }}
      />
      {selected ? (
        <ItemDialog
          type={selected}
          editing={itemEditing}
          onClose={() => setItemEditing(null)}
          onSaved={async () => {
            void message.success(t('common.saved'));
            await refresh();
          }}
        />
      ) : null}
    </div>
  );
}

function TypeDialog({ editing, onClose, onSaved }: { editing: TypeEditing | null; onClose: () => void; onSaved: (id?: number) => Promise<void> }) {
  const { t } = useTranslation(CONTENT_NS);
  const creating = editing?.mode === 'create';
  const initial: Partial<TypeForm> =
    editing?.mode === 'edit'
      ? { code: editing.type.code, nameZh: editing.type.nameZh, nameEn: editing.type.nameEn, remark: editing.type.remark }
      : { code: '', nameZh: '', nameEn: '', remark: '' };
  return (
    <FormDialog<TypeForm>
      open={editing !== null}
      title={creating ? t('dictionary.createTypeTitle') : t('dictionary.editTypeTitle')}
      width={560}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = { code: values.code.trim(), nameZh: values.nameZh.trim(), nameEn: (values.nameEn ?? '').trim(), remark: (values.remark ?? '').trim() };
        if (editing?.mode === 'edit') {
          await dictionaryApi.updateType(editing.type.id, input);
          await onSaved();
        } else {
          const created = await dictionaryApi.createType(input);
          await onSaved(created.id);
        }
      }}
    >
      <Form.Item
        name="code"
        label={t('dictionary.code')}
        extra={creating ? t('dictionary.typeCodeRule') : undefined}
        rules={[{ required: true, message: t('common.required', { label: t('dictionary.code') }) }]}
      >
        <Input disabled={!creating} maxLength={64} placeholder="loan_purpose" />
      </Form.Item>
      <Form.Item name="nameZh" label={t('dictionary.nameZh')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('dictionary.nameZh') }) }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('dictionary.nameEn')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="remark" label={t('dictionary.remark')}>
        <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </FormDialog>
  );
}

function ItemDialog({ type, editing, onClose, onSaved }: { type: DictType; editing: ItemEditing | null; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation(CONTENT_NS);
  const creating = editing?.mode === 'create';
  const builtIn = editing?.mode === 'edit' && editing.item.builtIn;
  const initial: Partial<ItemForm> =
    editing?.mode === 'edit'
      ? {
          code: editing.item.code,
          labelZh: editing.item.labelZh,
          labelEn: editing.item.labelEn,
          labelEs: editing.item.labelEs,
          labelJa: editing.item.labelJa,
          sort: editing.item.sort,
          enabled: editing.item.enabled,
        }
      : { code: '', labelZh: '', labelEn: '', labelEs: '', labelJa: '', sort: 0, enabled: true };
  return (
    <FormDialog<ItemForm>
      open={editing !== null}
      title={creating ? t('dictionary.createItemTitle', { type: typeName(type) }) : t('dictionary.editItemTitle', { type: typeName(type) })}
      width={560}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = {
          code: values.code.trim(),
          labelZh: values.labelZh.trim(),
          labelEn: (values.labelEn ?? '').trim(),
          labelEs: (values.labelEs ?? '').trim(),
          labelJa: (values.labelJa ?? '').trim(),
          sort: values.sort ?? 0,
          enabled: values.enabled,
        };
        if (editing?.mode === 'edit') await dictionaryApi.updateItem(editing.item.id, input);
        else await dictionaryApi.createItem(type.id, input);
        await onSaved();
      }}
    >
      {builtIn ? <Typography.Paragraph type="secondary">{t('dictionary.builtInItemHint')}</Typography.Paragraph> : null}
      <Form.Item
        name="code"
        label={t('dictionary.code')}
        extra={builtIn ? undefined : t('dictionary.itemCodeRule')}
        rules={[{ required: true, message: t('common.required', { label: t('dictionary.code') }) }]}
      >
        <Input disabled={builtIn} maxLength={64} placeholder="OTHER" />
      </Form.Item>
      <Form.Item name="labelZh" label={t('dictionary.labelZh')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('dictionary.labelZh') }) }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="labelEn" label={t('dictionary.labelEn')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="labelEs" label={t('dictionary.labelEs')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="labelJa" label={t('dictionary.labelJa')} extra={t('dictionary.labelFallback')}>
        <Input maxLength={128} />
      </Form.Item>
      <Form.Item name="sort" label={t('common.sort')} extra={t('common.sortHint')}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
        <Switch disabled={builtIn} checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
    </FormDialog>
  );
}
