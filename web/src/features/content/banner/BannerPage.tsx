import { App, DatePicker, Form, Input, InputNumber, Switch, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictSelect } from '../../../shared/dictionary/DictSelect';
import { useDictionary } from '../../../shared/dictionary/dictionary';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { bannerApi, type BannerRow } from '../api';
import { AuthImage } from '../AuthImage';
import { ImageField } from '../ImageField';
import { CONTENT_NS } from '../locales';
import { formatDateTime, PICKER_DATE_TIME_FORMAT } from '../../../shared/format/datetime';
import '../content.css';

const LIST = 'content.banners';
const POSITIONS = 'banner_position';
const LINK = /^(https?:\/\/[^\s/\\]+\S*|\/(?!\/)\S*)$/i;

interface BannerForm {
  title: string;
  position: string;
  imageFileId: number;
  link: string;
  sort: number;
  validity: [Dayjs | null, Dayjs | null] | null;
  enabled: boolean;
}

type Editing = { mode: 'create' } | { mode: 'edit'; row: BannerRow };

/** 广告管理 (admin:banner:table): the customer app's banners. */
export function BannerPage() {
  const { t } = useTranslation(CONTENT_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const positions = useDictionary(POSITIONS);
  const [editing, setEditing] = useState<Editing | null>(null);

  const state = (row: BannerRow) => {
    if (!row.enabled) return <Tag>{t('common.disabled')}</Tag>;
    if (row.showing) return <Tag color="green">{t('banner.showing')}</Tag>;
    if (row.validFrom !== null && row.validFrom > Date.now()) return <Tag color="blue">{t('banner.scheduled')}</Tag>;
    return <Tag color="orange">{t('banner.expired')}</Tag>;
  };

  const columns: ListColumn<BannerRow>[] = [
    { key: 'image', title: t('banner.image'), width: 140, render: (row) => <AuthImage path={bannerApi.imagePath(row.imageFileId)} width={120} height={48} alt={row.title} /> },
    { key: 'title', title: t('banner.title'), width: 180, ellipsis: true },
    { key: 'position', title: t('banner.position'), width: 110, render: (row) => positions.labelOf(row.position) },
    {
      key: 'link',
      title: t('banner.link'),
      width: 200,
      render: (row) => (row.link ? <Typography.Text style={{ maxWidth: 180 }} ellipsis={{ tooltip: row.link }} copyable={{ text: row.link }}>{row.link}</Typography.Text> : t('common.none')),
    },
    { key: 'sort', title: t('common.sort'), sortField: 'sort', width: 80, align: 'right' },
    {
      key: 'validity',
      title: t('banner.validity'),
      sortField: 'validFrom',
      width: 170,
      render: (row) => (
        <span className="bh-nowrap" style={{ fontSize: 12, lineHeight: 1.6, display: 'block' }}>
          {row.validFrom ? formatDateTime(row.validFrom) : t('banner.immediately')}
          <br />
          {row.validTo ? formatDateTime(row.validTo) : t('banner.forever')}
        </span>
      ),
    },
    { key: 'state', kind: 'status', title: t('common.status'), render: state },
  ];

  const actions: RowAction<BannerRow>[] = [
    { key: 'edit', label: t('common.edit'), perm: 'admin:banner:update', onClick: (row) => setEditing({ mode: 'edit', row }) },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: 'admin:banner:delete',
      danger: true,
      confirm: (row) => t('common.confirmDelete', { name: row.title }),
      onClick: async (row) => {
        await bannerApi.remove(row.id);
        void message.success(t('common.deleted'));
      },
    },
  ];

  return (
    <>
      <ListPage<BannerRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'title', kind: 'text', label: t('banner.title') },
          { name: 'position', kind: 'choice', label: t('banner.position'), width: 160, options: positions.options },
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
        fetchPage={bannerApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'sort', order: 'asc' }}
        toolbar={[{ key: 'create', label: t('banner.create'), perm: 'admin:banner:create', primary: true, onClick: () => setEditing({ mode: 'create' }) }]}
      />
      <BannerDialog
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

function BannerDialog({ editing, onClose, onSaved }: { editing: Editing | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(CONTENT_NS);
  const initial: Partial<BannerForm> =
    editing?.mode === 'edit'
      ? {
          title: editing.row.title,
          position: editing.row.position,
          imageFileId: editing.row.imageFileId,
          link: editing.row.link,
          sort: editing.row.sort,
          validity: [editing.row.validFrom ? dayjs(editing.row.validFrom) : null, editing.row.validTo ? dayjs(editing.row.validTo) : null],
          enabled: editing.row.enabled,
        }
      : { link: '', sort: 0, enabled: true, validity: null };
  return (
    <FormDialog<BannerForm>
      open={editing !== null}
      title={editing?.mode === 'edit' ? t('banner.editTitle') : t('banner.createTitle')}
      width={680}
      labelWidth={110}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const [from, to] = values.validity ?? [null, null];
        const input = {
          title: values.title.trim(),
          position: values.position,
          imageFileId: values.imageFileId,
          link: (values.link ?? '').trim(),
          sort: values.sort ?? 0,
          validFrom: from ? from.valueOf() : null,
          validTo: to ? to.valueOf() : null,
          enabled: values.enabled,
        };
        if (editing?.mode === 'edit') await bannerApi.update(editing.row.id, input);
        else await bannerApi.create(input);
        onSaved();
      }}
    >
      <Form.Item name="imageFileId" label={t('banner.image')} rules={[{ required: true, message: t('banner.imageRequired') }]}>
        <ImageField upload={bannerApi.upload} previewPath={bannerApi.imagePath} width={240} height={96} />
      </Form.Item>
      <Form.Item name="title" label={t('banner.title')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('banner.title') }) }]}>
        <Input maxLength={64} showCount />
      </Form.Item>
      <Form.Item name="position" label={t('banner.position')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('banner.position') }) }]}>
        <DictSelect type={POSITIONS} placeholder={t('common.requiredChoice', { label: t('banner.position') })} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item
        name="link"
        label={t('banner.link')}
        extra={t('banner.linkHint')}
        rules={[{ pattern: LINK, message: t('banner.linkInvalid') }]}
      >
        <Input maxLength={500} placeholder="https://  或  /loan/apply" />
      </Form.Item>
      <Form.Item name="validity" label={t('banner.validity')} extra={t('banner.validityHint')}>
        <DatePicker.RangePicker showTime format={PICKER_DATE_TIME_FORMAT} allowEmpty={[true, true]} placeholder={[t('banner.validFrom'), t('banner.validTo')]} />
      </Form.Item>
      <Form.Item name="sort" label={t('common.sort')} extra={t('common.sortHint')}>
        <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
        <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
      </Form.Item>
    </FormDialog>
  );
}
