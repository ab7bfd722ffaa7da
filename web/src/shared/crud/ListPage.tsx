import { DownloadOutlined, PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Input, Popconfirm, Select, Space, Table, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { downloadObject } from '../api/download';
import { hasPermission, usePermissions } from '../auth/permissions';
import { CRUD_NS } from './locales';
import { useBranding } from '../branding/branding';
import {
  DEFAULT_PAGE_SIZE,
  formatRange,
  isPageSize,
  PAGE_SIZES,
  parseRange,
  readQuery,
  toRequestBody,
  withFilters,
  writeQuery,
  type FilterSpec,
  type FilterValues,
  type ListQuery,
  type PageResult,
  type SortSpec,
} from './query';
import { useListReload } from './useListReload';
import './crud.css';

const OWN_PARAMS = ['page', 'size', 'sort'];

export interface ListColumn<Row> {
  key: string;
  title: string;
  /** The cell; by default the row's field named `key`. */
  render?: (row: Row) => ReactNode;
  /** The server's sort field: the header sorts by it. */
  sortField?: string;
  width?: number;
  ellipsis?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface FilterField extends FilterSpec {
  label: string;
  /** The choices of a `number`, `boolean` or `choice` filter. */
  options?: readonly { value: string; label: string }[];
  /** A custom control (a department tree, ...) given the URL value and its setter. */
  control?: (value: string | undefined, onChange: (value: string | undefined) => void) => ReactNode;
  width?: number;
}

export interface RowAction<Row> {
  key: string;
  label: string | ((row: Row) => string);
  /** The button permission; the action is hidden from a user without it (the product specification). */
  perm?: string;
  danger?: boolean;
  /** Asks first, with this text. */
  confirm?: (row: Row) => string;
  hidden?: (row: Row) => boolean;
  /** A returned promise reloads the list when it resolves. */
  onClick: (row: Row) => unknown;
}

export interface ToolbarButton {
  key: string;
  label: string;
  perm?: string;
  icon?: ReactNode;
  primary?: boolean;
  onClick: () => void;
}

export interface Exporter {
  /** The export button permission (`admin:<area>:export`). */
  perm: string;
  run: (body: Record<string, unknown>) => Promise<{ objectName: string; rows: number }>;
}

export interface ListPageProps<Row> {
  /** The cache key of the list; `useListReload(listKey)` reloads it after a change. */
  listKey: string;
  columns: readonly ListColumn<Row>[];
  filters?: readonly FilterField[];
  fetchPage: (body: Record<string, unknown>) => Promise<PageResult<Row>>;
  rowKey: (row: Row) => string | number;
  rowActions?: readonly RowAction<Row>[];
  toolbar?: readonly ToolbarButton[];
  exporter?: Exporter;
  defaultSort?: SortSpec;
  actionsWidth?: number;
}

/**
 * The list page of docs/architecture.md: filters, a table with server-side paging and sorting,
 * row actions and a toolbar (create, export), each with its permission. Filters, sort and paging
 * live in the URL (a link or a reload shows the same rows; the tab remembers them); the page keeps
 * them while its tab is open.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { listKey, columns, filters = [], fetchPage, rowKey, rowActions = [], toolbar = [], exporter, defaultSort } = props;
  const { t } = useTranslation(CRUD_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const [ownPath] = useState(pathname);
  const onOwnPath = pathname === ownPath;

  // 系统设置's page size: a list whose URL names no size follows it (also when it arrives late).
  const { defaultPageSize } = useBranding();
  const defaultSize = isPageSize(defaultPageSize) ? defaultPageSize : DEFAULT_PAGE_SIZE;
  const [query, setQuery] = useState<ListQuery>(() => readQuery(params, filters, defaultSort, defaultSize));
  const [draft, setDraft] = useState<FilterValues>(query.filters);
  const [seenDefault, setSeenDefault] = useState(defaultSize);
  if (seenDefault !== defaultSize) {
    setSeenDefault(defaultSize);
    // Only a list at the old default follows; a size the URL names stays.
    const named = onOwnPath && params.has('size');
    if (!named && query.size === seenDefault) setQuery({ ...query, size: defaultSize, page: 1 });
  }

  // The URL follows the list, and a link to this page with other parameters is followed.
  const urlState = writeQuery(readQuery(params, filters, defaultSort, defaultSize), defaultSort, defaultSize).toString();
  const listState = writeQuery(query, defaultSort, defaultSize).toString();
  const [seenUrl, setSeenUrl] = useState(urlState);
  if (onOwnPath && urlState !== seenUrl) {
    setSeenUrl(urlState);
    if (urlState !== listState) {
      const next = readQuery(params, filters, defaultSort, defaultSize);
      setQuery(next);
      setDraft(next.filters);
    }
  }
  useEffect(() => {
    if (onOwnPath && urlState !== listState) {
      setParams((current) => mergeParams(current, writeQuery(query, defaultSort, defaultSize), filters), { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the list's own state drives the URL
  }, [listState, onOwnPath]);

  const body = useMemo(() => toRequestBody(query, filters), [query, filters]);
  const result = useQuery({
    queryKey: [listKey, body],
    queryFn: () => fetchPage(body),
    placeholderData: keepPreviousData,
  });
  const reload = useListReload(listKey);
  const [exporting, setExporting] = useState(false);

  const apply = (values: FilterValues) => {
    setQuery((current) => withFilters(current, values));
  };

  const runExport = async () => {
    if (!exporter) return;
    setExporting(true);
    try {
      const { objectName, rows } = await exporter.run(toRequestBody(query, filters));
      await downloadObject(objectName);
      void message.success(t('exported', { rows }));
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const visibleActions = rowActions.filter((action) => hasPermission(action.perm, held));
  const tableColumns: TableProps<Row>['columns'] = columns.map((column) => ({
    key: column.key,
    title: column.title,
    width: column.width,
    ellipsis: column.ellipsis,
    align: column.align,
    render: (_: unknown, row: Row) => (column.render ? column.render(row) : cell((row as Record<string, unknown>)[column.key])),
    ...(column.sortField
      ? {
          sorter: true,
          sortOrder: query.sort?.field === column.sortField ? (query.sort.order === 'asc' ? 'ascend' : 'descend') : null,
        }
      : {}),
  }));
  if (visibleActions.length > 0) {
    tableColumns.push({
      key: '__actions',
      title: t('actions'),
      width: props.actionsWidth,
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <Space size={0} wrap className="bh-list__actions">
          {visibleActions
            .filter((action) => !action.hidden?.(row))
            .map((action) => {
              const label = typeof action.label === 'function' ? action.label(row) : action.label;
              const run = () => {
                const outcome = action.onClick(row);
                if (outcome instanceof Promise) void outcome.then(() => reload()).catch(() => undefined);
              };
              const button = (
                <Button key={action.key} type="link" size="small" danger={action.danger} onClick={action.confirm ? undefined : run}>
                  {label}
                </Button>
              );
              return action.confirm ? (
                <Popconfirm key={action.key} title={action.confirm(row)} okText={t('ok')} cancelText={t('cancel')} onConfirm={run}>
                  {button}
                </Popconfirm>
              ) : (
                button
              );
            })}
        </Space>
      ),
    });
  }

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = columns.find((c) => c.key === single?.columnKey);
    const sort: SortSpec | undefined =
      column?.sortField && single?.order ? { field: column.sortField, order: single.order === 'ascend' ? 'asc' : 'desc' } : defaultSort;
    setQuery((current) => {
      const size = pagination.pageSize ?? current.size;
      const sortChanged = JSON.stringify(sort) !== JSON.stringify(current.sort);
      const page = size !== current.size || sortChanged ? 1 : (pagination.current ?? current.page);
      return sort ? { filters: current.filters, size, page, sort } : { filters: current.filters, size, page };
    });
  };

  const page = result.data;
  const tools = toolbar.filter((button) => hasPermission(button.perm, held));
  const canExport = exporter && hasPermission(exporter.perm, held);

  return (
    <div className="bh-list">
      {filters.length > 0 ? (
        <form
          className="bh-list__filters"
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          {filters.map((filter) => (
            <label key={filter.name} className="bh-list__filter">
              <span className="bh-list__filter-label">{filter.label}</span>
              <FilterControl filter={filter} value={draft[filter.name]} onChange={(value) => setDraft(setValue(draft, filter.name, value))} />
            </label>
          ))}
          <Space className="bh-list__filter-buttons">
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                setDraft({});
                apply({});
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        </form>
      ) : null}
      {tools.length > 0 || canExport ? (
        <Space className="bh-list__toolbar" wrap>
          {tools.map((button) => (
            <Button key={button.key} type={button.primary === false ? 'default' : 'primary'} icon={button.icon ?? <PlusOutlined />} onClick={button.onClick}>
              {button.label}
            </Button>
          ))}
          {canExport ? (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void runExport()}>
              {t('export')}
            </Button>
          ) : null}
        </Space>
      ) : null}
      <Table<Row>
        rowKey={rowKey}
        columns={tableColumns}
        dataSource={page?.records ?? []}
        loading={result.isFetching && !page}
        onChange={onTableChange}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.page,
          pageSize: query.size,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('total', { total }),
        }}
      />
    </div>
  );
}

/** The list's own parameters over the others of the URL (a page's tab, ...), which are kept. */
function mergeParams(current: URLSearchParams, own: URLSearchParams, filters: readonly FilterSpec[]): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of [...OWN_PARAMS, ...filters.map((filter) => filter.name)]) next.delete(key);
  for (const [key, value] of own) next.set(key, value);
  return next;
}

function setValue(values: FilterValues, name: string, value: string | undefined): FilterValues {
  const others = Object.entries(values).filter(([key]) => key !== name);
  return Object.fromEntries(value === undefined || value === '' ? others : [...others, [name, value]]);
}

function cell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number);
}

function FilterControl({ filter, value, onChange }: { filter: FilterField; value: string | undefined; onChange: (value: string | undefined) => void }) {
  const { t } = useTranslation(CRUD_NS);
  const style = { width: filter.width ?? (filter.kind === 'range' ? 340 : 180) };
  if (filter.control) return <>{filter.control(value, onChange)}</>;
  switch (filter.kind) {
    case 'text':
      return (
        <Input
          style={style}
          value={value ?? ''}
          allowClear
          placeholder={t('textPlaceholder', { label: filter.label })}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'range': {
      const { from, to } = parseRange(value);
      return (
        <DatePicker.RangePicker
          style={style}
          showTime
          allowEmpty={[true, true]}
          value={[from === undefined ? null : dayjs(from), to === undefined ? null : dayjs(to)]}
          placeholder={[t('from'), t('to')]}
          onChange={(dates) => onChange(formatRange(dates?.[0]?.valueOf(), dates?.[1]?.valueOf()) || undefined)}
        />
      );
    }
    default:
      return (
        <Select
          style={style}
          allowClear
          value={value}
          placeholder={t('choicePlaceholder', { label: filter.label })}
          options={[...(filter.options ?? [])]}
          onChange={(next: string | undefined) => onChange(next)}
        />
      );
  }
}
