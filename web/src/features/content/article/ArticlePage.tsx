import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Skeleton, Space, Switch, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPermission, usePermissions } from '../../../shared/auth/permissions';
import { FormDialog } from '../../../shared/crud/FormDialog';
import { ListPage, type ListColumn, type RowAction } from '../../../shared/crud/ListPage';
import { useListReload } from '../../../shared/crud/useListReload';
import '../../../shared/crud/locales';
import { articleApi, type ArticleCategory, type ArticleRow } from '../api';
import { AuthImage } from '../AuthImage';
import { ImageField } from '../ImageField';
import { CONTENT_NS } from '../locales';
import { formatDateTime } from '../../../shared/format/datetime';
import '../content.css';

const RichEditor = lazy(() => import('./RichEditor'));

const LIST = 'content.articles';
const CATEGORIES_KEY = ['content.article.categories'];

interface ArticleForm {
  title: string;
  categoryId: number;
  coverFileId: number | null;
  body: string;
}

interface CategoryForm {
  name: string;
  sort: number;
  enabled: boolean;
}

type Editing = { mode: 'create' } | { mode: 'edit'; article: ArticleRow };
type CategoryEditing = { mode: 'create' } | { mode: 'edit'; category: ArticleCategory };

/** The editor as a form control: Form.Item hands `value`/`onChange` to its direct child. */
function LazyEditor(props: { value?: string; onChange?: (html: string) => void; placeholder?: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichEditor {...props} />
    </Suspense>
  );
}

/** The text of an editor's HTML, to refuse an empty body before the server does. */
function hasText(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim().length > 0;
}

function useCategories() {
  return useQuery({ queryKey: CATEGORIES_KEY, queryFn: () => articleApi.categories() });
}

/** 文章管理 (admin:article_type:table): articles and their categories. */
export function ArticlePage() {
  const { t } = useTranslation(CONTENT_NS);
  return (
    <Card size="small">
      <Tabs
        items={[
          { key: 'articles', label: t('article.articles'), children: <Articles /> },
          { key: 'categories', label: t('article.categories'), children: <Categories /> },
        ]}
      />
    </Card>
  );
}

function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation(CONTENT_NS);
  return <Tag color={status === 'PUBLISHED' ? 'green' : 'default'}>{t(`article.${status === 'PUBLISHED' ? 'PUBLISHED' : 'DRAFT'}`)}</Tag>;
}

function Articles() {
  const { t } = useTranslation(CONTENT_NS);
  const { message } = App.useApp();
  const reload = useListReload(LIST);
  const categories = useCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);

  const columns: ListColumn<ArticleRow>[] = [
    {
      key: 'cover',
      title: t('article.cover'),
      width: 110,
      render: (row) => (row.coverFileId ? <AuthImage path={articleApi.coverPath(row.coverFileId)} width={80} height={48} alt={row.title} /> : t('common.none')),
    },
    { key: 'title', title: t('article.title'), sortField: 'title', ellipsis: true },
    { key: 'categoryName', title: t('article.category'), width: 140 },
    { key: 'status', kind: 'status', title: t('article.status'), render: (row) => <StatusTag status={row.status} /> },
    { key: 'publishedAt', kind: 'datetime', title: t('article.publishedAt'), sortField: 'publishedAt', render: (row) => formatDateTime(row.publishedAt) },
    { key: 'updatedAt', kind: 'datetime', title: t('common.updatedAt'), sortField: 'updatedAt', render: (row) => formatDateTime(row.updatedAt) },
  ];

  const actions: RowAction<ArticleRow>[] = [
    { key: 'preview', label: t('article.preview'), onClick: (row) => setPreviewing(row.id) },
    {
      key: 'edit',
      label: t('common.edit'),
      perm: 'admin:article_type:update',
      onClick: async (row) => setEditing({ mode: 'edit', article: await articleApi.view(row.id) }),
    },
    {
      key: 'publish',
      label: t('article.publish'),
      perm: 'admin:article_type:publish',
      hidden: (row) => row.status === 'PUBLISHED',
      confirm: (row) => t('article.confirmPublish', { name: row.title }),
      onClick: async (row) => {
        await articleApi.publish(row.id);
        void message.success(t('article.published'));
      },
    },
    {
      key: 'unpublish',
      label: t('article.unpublish'),
      perm: 'admin:article_type:publish',
      hidden: (row) => row.status !== 'PUBLISHED',
      confirm: (row) => t('article.confirmUnpublish', { name: row.title }),
      onClick: async (row) => {
        await articleApi.unpublish(row.id);
        void message.success(t('article.unpublished'));
      },
    },
    {
      key: 'delete',
      label: t('common.delete'),
      perm: 'admin:article_type:delete',
      danger: true,
      confirm: (row) => t('common.confirmDelete', { name: row.title }),
      onClick: async (row) => {
        await articleApi.remove(row.id);
        void message.success(t('common.deleted'));
      },
    },
  ];

  return (
    <>
      <ListPage<ArticleRow>
        listKey={LIST}
        columns={columns}
        filters={[
          { name: 'title', kind: 'text', label: t('article.title') },
          {
            name: 'categoryId',
            kind: 'number',
            label: t('article.category'),
            width: 160,
            control: (value, onChange) => (
              <Select
                style={{ width: 160 }}
                allowClear
                value={value}
                placeholder={t('common.requiredChoice', { label: t('article.category') })}
                options={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                onChange={(next: string | undefined) => onChange(next)}
              />
            ),
          },
          {
            name: 'status',
            kind: 'choice',
            label: t('article.status'),
            options: [
              { value: 'DRAFT', label: t('article.DRAFT') },
              { value: 'PUBLISHED', label: t('article.PUBLISHED') },
            ],
          },
        ]}
        fetchPage={articleApi.page}
        rowKey={(row) => row.id}
        rowActions={actions}
        defaultSort={{ field: 'createdAt', order: 'desc' }}
        toolbar={[{ key: 'create', label: t('article.create'), perm: 'admin:article_type:create', primary: true, onClick: () => setEditing({ mode: 'create' }) }]}
      />
      <ArticleDialog
        editing={editing}
        categories={categories.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          void message.success(created ? t('article.savedAsDraft') : t('common.saved'));
          void reload();
        }}
      />
      <ArticlePreview id={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

function ArticleDialog({
  editing,
  categories,
  onClose,
  onSaved,
}: {
  editing: Editing | null;
  categories: ArticleCategory[];
  onClose: () => void;
  onSaved: (created: boolean) => void;
}) {
  const { t } = useTranslation(CONTENT_NS);
  const initial: Partial<ArticleForm> =
    editing?.mode === 'edit'
      ? { title: editing.article.title, categoryId: editing.article.categoryId, coverFileId: editing.article.coverFileId, body: editing.article.body }
      : { body: '', coverFileId: null };
  return (
    <FormDialog<ArticleForm>
      open={editing !== null}
      title={editing?.mode === 'edit' ? t('article.editTitle') : t('article.createTitle')}
      width={920}
      labelWidth={80}
      initialValues={initial}
      onClose={onClose}
      onSubmit={async (values) => {
        const input = { title: values.title.trim(), categoryId: values.categoryId, coverFileId: values.coverFileId ?? null, body: values.body };
        if (editing?.mode === 'edit') await articleApi.update(editing.article.id, input);
        else await articleApi.create(input);
        onSaved(editing?.mode !== 'edit');
      }}
    >
      <Form.Item name="title" label={t('article.title')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('article.title') }) }]}>
        <Input maxLength={128} showCount />
      </Form.Item>
      <Form.Item name="categoryId" label={t('article.category')} rules={[{ required: true, message: t('common.requiredChoice', { label: t('article.category') }) }]}>
        <Select
          style={{ width: 260 }}
          placeholder={t('common.requiredChoice', { label: t('article.category') })}
          options={categories.filter((c) => c.enabled || c.id === (editing?.mode === 'edit' ? editing.article.categoryId : -1)).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="coverFileId" label={t('article.cover')}>
        <ImageField upload={articleApi.upload} previewPath={articleApi.coverPath} width={160} height={96} />
      </Form.Item>
      <Form.Item
        name="body"
        label={t('article.body')}
        rules={[{ validator: async (_, value: string | undefined) => (value && hasText(value) ? undefined : Promise.reject(new Error(t('article.bodyRequired')))) }]}
        validateTrigger="onChange"
      >
        <LazyEditor placeholder={t('article.bodyRequired')} />
      </Form.Item>
    </FormDialog>
  );
}

function ArticlePreview({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation(CONTENT_NS);
  const article = useQuery({ queryKey: ['content.article', id], queryFn: () => articleApi.view(id ?? 0), enabled: id !== null });
  const data = article.data;
  return (
    <Modal open={id !== null} onCancel={onClose} footer={null} width={760} title={t('article.preview')} destroyOnHidden>
      {data && data.id === id ? (
        <article>
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {data.title}
          </Typography.Title>
          <div className="bh-article-meta">
            <Space size={12} wrap>
              <span>{data.categoryName}</span>
              <StatusTag status={data.status} />
              <span>{data.publishedAt ? formatDateTime(data.publishedAt) : formatDateTime(data.updatedAt)}</span>
            </Space>
          </div>
          {data.coverFileId ? (
            <div style={{ marginBottom: 16 }}>
              <AuthImage path={articleApi.coverPath(data.coverFileId)} width={320} height={180} alt={data.title} />
            </div>
          ) : null}
          {/* The body was sanitized by the server (docs/content.md) before it was stored. */}
          <div className="bh-article-body" dangerouslySetInnerHTML={{ __html: data.body }} />
        </article>
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
}

function Categories() {
  const { t } = useTranslation(CONTENT_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const [editing, setEditing] = useState<CategoryEditing | null>(null);
  const canManage = hasPermission('admin:article_type:category', held);
  const refresh = () => queryClient.invalidateQueries({ queryKey: CATEGORIES_KEY });
  const initial: Partial<CategoryForm> =
    editing?.mode === 'edit' ? { name: editing.category.name, sort: editing.category.sort, enabled: editing.category.enabled } : { sort: 0, enabled: true };
  return (
    <>
      {canManage ? (
        <div style={{ marginBottom: 12 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('article.createCategory')}
          </Button>
        </div>
      ) : null}
      <Table<ArticleCategory>
        rowKey="id"
        size="middle"
        loading={categories.isLoading}
        dataSource={categories.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', title: t('article.categoryName'), dataIndex: 'name' },
          { key: 'sort', title: t('common.sort'), dataIndex: 'sort', width: 90, align: 'right' },
          { key: 'articleCount', title: t('article.articleCount'), dataIndex: 'articleCount', width: 100, align: 'right' },
          {
            key: 'enabled',
            title: t('common.status'),
            width: 90,
            render: (_, c) => <Tag color={c.enabled ? 'green' : 'default'}>{c.enabled ? t('common.enabled') : t('common.disabled')}</Tag>,
          },
          ...(canManage
            ? [
                {
                  key: 'actions',
                  title: t('crud:actions'),
                  width: 140,
                  render: (_: unknown, c: ArticleCategory) => (
                    <Space size={4}>
                      <Button type="link" size="small" onClick={() => setEditing({ mode: 'edit', category: c })}>
                        {t('common.edit')}
                      </Button>
                      {c.articleCount > 0 ? (
                        // The server refuses while the category has articles: say so instead of asking.
                        <Tooltip title={t('article.hasArticles', { count: c.articleCount })}>
                          <span className="bh-list__disabled">
                            <Button type="link" size="small" danger disabled>
                              {t('common.delete')}
                            </Button>
                          </span>
                        </Tooltip>
                      ) : (
                        <Popconfirm
                          title={t('common.confirmDelete', { name: c.name })}
                          onConfirm={async () => {
                            await articleApi.removeCategory(c.id);
                            void message.success(t('common.deleted'));
                            await refresh();
                          }}
                        >
                          <Button type="link" size="small" danger>
                            {t('common.delete')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormDialog<CategoryForm>
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('article.editCategoryTitle') : t('article.createCategoryTitle')}
        initialValues={initial}
        onClose={() => setEditing(null)}
        onSubmit={async (values) => {
          const input = { name: values.name.trim(), sort: values.sort ?? 0, enabled: values.enabled };
          if (editing?.mode === 'edit') await articleApi.updateCategory(editing.category.id, input);
          else await articleApi.createCategory(input);
          void message.success(t('common.saved'));
          await refresh();
        }}
      >
        <Form.Item name="name" label={t('article.categoryName')} rules={[{ required: true, whitespace: true, message: t('common.required', { label: t('article.categoryName') }) }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="sort" label={t('common.sort')} extra={t('common.sortHint')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('common.status')} valuePropName="checked">
          <Switch checkedChildren={t('common.enabled')} unCheckedChildren={t('common.disabled')} />
        </Form.Item>
      </FormDialog>
    </>
  );
}
