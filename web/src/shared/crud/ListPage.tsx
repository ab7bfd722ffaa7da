import {
  ColumnHeightOutlined,
  DownloadOutlined,
  DownOutlined,
  FilterOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Badge,
  Button,
  Checkbox,
  DatePicker,
  Drawer,
  Dropdown,
  Input,
  Popconfirm,
  Popover,
  Select,
  Space,
  Table,
  Tooltip,
  type MenuProps,
  type TableProps,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { downloadObject } from '../api/download';
import { loadInline } from '../api/request';
import { hasPermission, usePermissions } from '../auth/permissions';
import { getUserInfo } from '../auth/token';
import { PICKER_DATE_TIME_FORMAT } from '../format/datetime';
import { ANTD_SIZE, useUi } from '../settings/store';
import { CRUD_NS } from './locales';
import { useBranding } from '../branding/branding';
import { actionsWidth, CELL_PADDINGS, columnWidth, filterWidth, fitHidden, phoneKey, prefsKey, readPrefs, splitActions, stickyOffset, writePrefs, type ColumnKind, type Density, type ListPrefs } from './columns';
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

/** antd's selection column (the row checkboxes). */
const SELECTION_WIDTH = 48;

export type { ColumnKind, Density } from './columns';

export interface ListColumn<Row> {
  key: string;
  title: string;
  /** The cell; by default the row's field named `key`. */
  render?: (row: Row) => ReactNode;
  /** The server's sort field: the header sorts by it. */
  sortField?: string;
  /** What the column holds: gives its standard width and alignment (docs/lists.md, "Columns"). */
  kind?: ColumnKind;
  /** Overrides the kind's width (px); the header on one line is the minimum. */
  width?: number;
  /** Long text truncates to one line, the whole text in a tooltip (by default for `code`). */
  ellipsis?: boolean;
  /** Hidden until the user shows it in the column settings (a list with more than fits at 1440 px). */
  defaultHidden?: boolean;
  /**
   * Shown while the list fits its screen; when it does not (a narrower window, longer headers in
   * another language), the optional columns give way from the last one back until it fits,
   * and the column settings show them unchecked. A user's own column choice overrides it.
   */
  optional?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface FilterField extends FilterSpec {
  label: string;
  /** The choices of a `number`, `boolean` or `choice` filter. */
  options?: readonly { value: string; label: string }[];
  /** A custom control (a department tree, ...) given the URL value and its setter. */
  control?: (value: string | undefined, onChange: (value: string | undefined) => void) => ReactNode;
  width?: number;
  /** A text filter's placeholder when "请输入<label>" does not say what it takes. */
  placeholder?: string;
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
  /** The reason the action is not possible on this row (shown in a tooltip), or undefined. */
  disabled?: (row: Row) => string | undefined;
  /** A returned promise reloads the list when it resolves. */
  onClick: (row: Row) => unknown;
}

/** An action on the selected rows; declaring one gives the table its checkboxes. */
export interface BatchAction<Row> {
  key: string;
  label: string;
  perm?: string;
  danger?: boolean;
  /** Asks first, with this text. */
  confirm?: (rows: readonly Row[]) => string;
  /** A returned promise reloads the list and clears the selection when it resolves. */
  onClick: (rows: readonly Row[]) => unknown;
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
  /** Row actions shown as links before the rest go into 更多 (default 2). */
  inlineActions?: number;
  batchActions?: readonly BatchAction<Row>[];
  toolbar?: readonly ToolbarButton[];
  exporter?: Exporter;
  defaultSort?: SortSpec;
  /** The actions column's width; computed from the labels when absent. */
  actionsWidth?: number;
  /** Rows may be selected (a batch action of the toolbar): the selected keys and their setter. */
  selection?: {
    keys: readonly (string | number)[];
    onChange: (keys: (string | number)[], rows: Row[]) => void;
    /** A row that may not be selected. */
    disabled?: (row: Row) => boolean;
  };
  /** Shown between the toolbar and the table (a batch's outcome, …). */
  banner?: ReactNode;
  /**
   * A list that is not paged: `fetchPage` answers every row at once (a tree of departments) and
   * the table has no pager. Sorting and filters work as usual.
   */
  paged?: boolean;
  /**
   * Rows carry their sub-rows in `children` (a tree table): every branch starts expanded, and
   * what the user folds stays folded over a reload of the rows.
   */
  tree?: boolean;
  /** What an empty list says (instead of antd's "no data"), e.g. how to start. */
  emptyText?: ReactNode;
}

/**
 * The list page of docs/architecture.md and docs/lists.md: filters, a toolbar (create, export,
 * batch actions; refresh, density, column settings), a table with server-side paging and sorting
 * and row actions, each with its permission. Filters, sort and paging live in the URL (a link or
 * a reload shows the same rows; the tab remembers them); the page keeps them while its tab is open.
 */
export function ListPage<Row extends object>(props: ListPageProps<Row>) {
  const { listKey, columns, filters = [], fetchPage, rowKey, rowActions = [], batchActions = [], toolbar = [], exporter, defaultSort } = props;
  const { t } = useTranslation(CRUD_NS);
  const { message } = App.useApp();
  const held = usePermissions();
  const { device, size: uiSize, settings: uiSettings } = useUi();
  const mobile = device === 'mobile';
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
  // The list's own load: its spinner and error state instead of the full-screen overlay and the red message.
  const result = useQuery({
    queryKey: [listKey, body],
    queryFn: () => loadInline(() => fetchPage(body)),
    placeholderData: keepPreviousData,
  });
  const reload = useListReload(listKey);
  const [exporting, setExporting] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A tree table's folded branches (every other branch is open).
  const [folded, setFolded] = useState<ReadonlySet<Key>>(() => new Set());

  // The list's width, which decides which optional columns fit (0 until measured).
  const listRef = useRef<HTMLDivElement>(null);
  const [listWidth, setListWidth] = useState(0);
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return undefined;
    // The content box: the table's room inside the list's padding.
    const measure = () => {
      const style = getComputedStyle(element);
      const inner = ['paddingLeft', 'paddingRight', 'borderLeftWidth', 'borderRightWidth'] as const;
      setListWidth(Math.floor(element.getBoundingClientRect().width - inner.reduce((sum, side) => sum + (parseFloat(style[side]) || 0), 0)));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Column settings and density, kept per user and route.
  const storageKey = prefsKey(getUserInfo()?.username ?? '', ownPath);
  const [prefs, setPrefsState] = useState<ListPrefs>(() => readPrefs(localStorage, storageKey));
  const setPrefs = (next: ListPrefs) => {
    setPrefsState(next);
    writePrefs(localStorage, storageKey, next);
  };

  // Selection for the batch actions: the rows of the page shown; a new page or search clears it.
  const batches = batchActions.filter((action) => hasPermission(action.perm, held));
  const [selected, setSelected] = useState<{ state: string; rows: Row[] }>({ state: listState, rows: [] });
  const selectedRows = selected.state === listState ? selected.rows : [];

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

  const page = result.data;
  const records = page?.records ?? [];
  const visibleActions = rowActions.filter((action) => hasPermission(action.perm, held));
  const inline = props.inlineActions ?? 2;
  const rowLabels = (row: Row) => {
    const { links, more } = splitActions(
      visibleActions.filter((action) => !action.hidden?.(row)),
      inline,
    );
    return { links: links.map((action) => labelOf(action, row)), more: more.length > 0 };
  };

  const density = prefs.density ?? ANTD_SIZE[uiSize];
  const padding = CELL_PADDINGS[density];
  const widthOf = (column: ListColumn<Row>) =>
    columnWidth({ title: column.title, kind: column.kind ?? 'text', ...(column.width ? { width: column.width } : {}), sortable: Boolean(column.sortField) }, padding);
  const labelRows = records.map(rowLabels);
  // No action column when no row of the page has an action (a list of finished applications
  // shows no empty column); an empty page keeps it, so the header does not jump on load.
  const anyAction = records.length === 0 || labelRows.some((row) => row.links.length > 0 || row.more);
  const actionsShown = visibleActions.length > 0 && anyAction;
  const actionsColumnWidth = props.actionsWidth ?? actionsWidth(labelRows, t('more'), t('actions'), padding);
  // The checkbox column of a list whose rows may be selected.
  const selectionWidth = batches.length > 0 || props.selection ? SELECTION_WIDTH : 0;
  const defaultHiddenKeys = columns.filter((column) => column.defaultHidden).map((column) => column.key);
  // The user's choice, else the list's defaults and, on a desktop, the optional columns that do
  // not fit the list's width (a phone scrolls sideways instead).
  const hiddenKeys =
    prefs.hidden ??
    (mobile
      ? defaultHiddenKeys
      : [
          ...defaultHiddenKeys,
          ...fitHidden(
            columns.filter((column) => !defaultHiddenKeys.includes(column.key)).map((column) => ({ key: column.key, width: widthOf(column), optional: column.optional ?? false })),
            (actionsShown ? actionsColumnWidth : 0) + selectionWidth,
            listWidth,
          ),
        ]);
  const shown = columns.filter((column) => !hiddenKeys.includes(column.key));
  const tableColumns: NonNullable<TableProps<Row>['columns']> = shown.map((column, index) => {
    const kind = column.kind ?? 'text';
    const ellipsis = column.ellipsis ?? kind === 'code';
    const content = (row: Row) => (column.render ? column.render(row) : cell((row as Record<string, unknown>)[column.key]));
    return {
      key: column.key,
      title: column.title,
      width: phoneKey(mobile && index === 0, widthOf(column)),
      align: column.align ?? (kind === 'money' ? 'right' : undefined),
      className: `bh-col bh-col--${kind}`,
      // On a phone the first column (what identifies the row) stays while the table scrolls.
      ...(mobile && index === 0 ? { fixed: 'left' as const } : {}),
      ...(ellipsis ? { ellipsis: { showTitle: false } } : {}),
      render: (_: unknown, row: Row) => {
        const value = content(row);
        return ellipsis ? (
          <Tooltip title={value} placement="topLeft">
            <span className="bh-ellipsis">{value}</span>
          </Tooltip>
        ) : (
          value
        );
      },
      ...(column.sortField
        ? {
            sorter: true,
            sortOrder: query.sort?.field === column.sortField ? (query.sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
          }
        : {}),
    };
  });
  if (actionsShown) {
    tableColumns.push({
      key: '__actions',
      title: t('actions'),
      width: actionsColumnWidth,
      // On a phone the actions come at the end of the scroll: fixed too, they and the key
      // column would fill the screen and leave the other columns no room to scroll through.
      ...(mobile ? {} : { fixed: 'right' as const }),
      className: 'bh-col bh-col--actions',
      render: (_: unknown, row: Row) => (
        <RowActions
          row={row}
          actions={visibleActions.filter((action) => !action.hidden?.(row))}
          inline={inline}
          onDone={() => void reload()}
        />
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

  const tools = toolbar.filter((button) => hasPermission(button.perm, held));
  const canExport = exporter && hasPermission(exporter.perm, held);
  const activeFilters = Object.keys(query.filters).length;
  const errorText = result.isError ? errorMessage(result.error) : undefined;

  const filterForm = (vertical: boolean) => (
    <form
      className={vertical ? 'bh-list__filters bh-list__filters--vertical' : 'bh-list__filters'}
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
        setFiltersOpen(false);
      }}
    >
      {filters.map((filter) => (
        <label key={filter.name} className="bh-list__filter">
          <span className="bh-list__filter-label">{filter.label}</span>
          <FilterControl
            filter={filter}
            fullWidth={vertical}
            value={draft[filter.name]}
            onChange={(value) => setDraft(setValue(draft, filter.name, value))}
          />
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
            setFiltersOpen(false);
          }}
        >
          {t('reset')}
        </Button>
      </Space>
    </form>
  );

  return (
    <div ref={listRef} className={mobile ? 'bh-list bh-list--mobile' : 'bh-list'}>
      {filters.length > 0 && !mobile ? filterForm(false) : null}
      {filters.length > 0 && mobile ? (
        <Drawer
          title={t('filterTitle')}
          placement="right"
          size={Math.min(380, Math.max(280, window.innerWidth - 40))}
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
        >
          {filterForm(true)}
        </Drawer>
      ) : null}
      <div className="bh-list__toolbar">
        <Space className="bh-list__toolbar-left" wrap>
          {filters.length > 0 && mobile ? (
            <Badge count={activeFilters} size="small">
              <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)}>
                {t('filter')}
              </Button>
            </Badge>
          ) : null}
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
          {batches.length > 0 && selectedRows.length > 0 ? (
            <Space className="bh-list__batch" role="group" aria-label={t('selected', { count: selectedRows.length })}>
              <span className="bh-list__selected">{t('selected', { count: selectedRows.length })}</span>
              {batches.map((action) => (
                <BatchButton
                  key={action.key}
                  action={action}
                  rows={selectedRows}
                  onDone={() => {
                    setSelected({ state: listState, rows: [] });
                    void reload();
                  }}
                />
              ))}
              <Button type="link" onClick={() => setSelected({ state: listState, rows: [] })}>
                {t('clearSelection')}
              </Button>
            </Space>
          ) : null}
        </Space>
        <ListSettings
          columns={columns}
          hidden={hiddenKeys}
          prefs={prefs}
          onPrefs={setPrefs}
          refreshing={result.isFetching}
          onRefresh={() => void result.refetch()}
        />
      </div>
      {props.banner}
      <Table<Row>
        rowKey={rowKey}
        {...(props.selection
          ? {
              rowSelection: {
                selectedRowKeys: [...props.selection.keys],
                onChange: (keys: Key[], rows: Row[]) => props.selection?.onChange(keys as (string | number)[], rows),
                ...(props.selection.disabled ? { getCheckboxProps: (row: Row) => ({ disabled: props.selection?.disabled?.(row) ?? false }) } : {}),
              },
            }
          : {})}
        columns={tableColumns}
        dataSource={errorText === undefined ? records : []}
        loading={result.isFetching}
        onChange={onTableChange}
        // The sum of the widths, not 'max-content': antd lays a table with a fixed column out 'auto'
        // under 'max-content', where a long text stretches its column past its width and pushes
        // the last columns under the fixed actions column. Wider containers stretch the columns.
        scroll={{ x: tableColumns.reduce((sum, column) => sum + (typeof column.width === 'number' ? column.width : 0), selectionWidth) }}
        // The header row stays in sight while the page scrolls down a long page, and the
        // horizontal scroll bar stays at the bottom of the window, so a wide list scrolls
        // sideways with its headers visible.
        sticky={{ offsetHeader: stickyOffset(uiSettings) }}
        {...(prefs.density ? { size: prefs.density } : {})}
        {...(errorText !== undefined
          ? { locale: { emptyText: <ListError message={errorText} retrying={result.isFetching} onRetry={() => void result.refetch()} /> } }
          : props.emptyText !== undefined && !result.isFetching
            ? { locale: { emptyText: props.emptyText } }
            : {})}
        {...(props.tree
          ? {
              expandable: {
                expandedRowKeys: branchKeys(records, rowKey).filter((key) => !folded.has(key)),
                onExpand: (expanded: boolean, row: Row) => {
                  const key = rowKey(row);
                  setFolded((current) => {
                    const next = new Set(current);
                    if (expanded) next.delete(key);
                    else next.add(key);
                    return next;
                  });
                },
              },
            }
          : {})}
        {...(batches.length > 0
          ? {
              rowSelection: {
                selectedRowKeys: selectedRows.map(rowKey),
                onChange: (_keys: Key[], rows: Row[]) => setSelected({ state: listState, rows }),
              },
            }
          : {})}
        pagination={
          props.paged === false
            ? false
            : {
                current: query.page,
                pageSize: query.size,
                total: page?.total ?? 0,
                showSizeChanger: true,
                pageSizeOptions: PAGE_SIZES.map(String),
                showTotal: (total) => t('total', { total }),
                ...(mobile ? { size: 'small' as const, showQuickJumper: false } : {}),
              }
        }
      />
    </div>
  );
}

/** The keys of the rows that have sub-rows (a tree table's branches), depth first. */
function branchKeys<Row>(rows: readonly Row[], rowKey: (row: Row) => string | number): (string | number)[] {
  return rows.flatMap((row) => {
    const children = (row as { children?: unknown }).children;
    return Array.isArray(children) && children.length > 0 ? [rowKey(row), ...branchKeys(children as Row[], rowKey)] : [];
  });
}

function labelOf<Row>(action: RowAction<Row>, row: Row): string {
  return typeof action.label === 'function' ? action.label(row) : action.label;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

/** The row's actions: the first ones as links, the rest in 更多; a disabled one says why in a tooltip. */
function RowActions<Row>({ row, actions, inline, onDone }: { row: Row; actions: readonly RowAction<Row>[]; inline: number; onDone: () => void }) {
  const { t } = useTranslation(CRUD_NS);
  const { modal } = App.useApp();
  const { links, more } = splitActions(actions, inline);
  const run = (action: RowAction<Row>) => {
    const outcome = action.onClick(row);
    if (outcome instanceof Promise) void outcome.then(onDone).catch(() => undefined);
  };
  const items: MenuProps['items'] = more.map((action) => {
    const reason = action.disabled?.(row);
    const label = labelOf(action, row);
    return {
      key: action.key,
      danger: action.danger,
      disabled: reason !== undefined,
      label:
        reason !== undefined ? (
          <Tooltip title={reason} placement="left">
            <span>{label}</span>
          </Tooltip>
        ) : (
          label
        ),
    };
  });
  const onMenu: MenuProps['onClick'] = ({ key }) => {
    const action = more.find((candidate) => candidate.key === key);
    if (!action || action.disabled?.(row) !== undefined) return;
    if (!action.confirm) {
      run(action);
      return;
    }
    void modal.confirm({
      title: t('confirmTitle'),
      content: action.confirm(row),
      okText: t('ok'),
      cancelText: t('cancel'),
      okButtonProps: { danger: action.danger },
      onOk: () => run(action),
    });
  };
  return (
    <span className="bh-list__actions">
      {links.map((action) => {
        const reason = action.disabled?.(row);
        const label = labelOf(action, row);
        const button = (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            disabled={reason !== undefined}
            onClick={action.confirm || reason !== undefined ? undefined : () => run(action)}
          >
            {label}
          </Button>
        );
        if (reason !== undefined) {
          // A disabled button gets no pointer events: the tooltip hangs on a wrapper.
          return (
            <Tooltip key={action.key} title={reason}>
              <span className="bh-list__disabled" aria-label={`${label}: ${reason}`}>
                {button}
              </span>
            </Tooltip>
          );
        }
        return action.confirm ? (
          <Popconfirm key={action.key} title={action.confirm(row)} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => run(action)}>
            {button}
          </Popconfirm>
        ) : (
          button
        );
      })}
      {more.length > 0 ? (
        <Dropdown menu={{ items, onClick: onMenu }} trigger={['click']} placement="bottomRight">
          <Button type="link" size="small" className="bh-list__more">
            {t('more')} <DownOutlined />
          </Button>
        </Dropdown>
      ) : null}
    </span>
  );
}

function BatchButton<Row>({ action, rows, onDone }: { action: BatchAction<Row>; rows: readonly Row[]; onDone: () => void }) {
  const { t } = useTranslation(CRUD_NS);
  const run = () => {
    const outcome = action.onClick(rows);
    if (outcome instanceof Promise) void outcome.then(onDone).catch(() => undefined);
  };
  const button = (
    <Button danger={action.danger} onClick={action.confirm ? undefined : run}>
      {action.label}
    </Button>
  );
  return action.confirm ? (
    <Popconfirm title={action.confirm(rows)} okText={t('ok')} cancelText={t('cancel')} onConfirm={run}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
}

/** The icons on the right of the toolbar: refresh, density, column settings. */
function ListSettings<Row>({
  columns,
  hidden,
  prefs,
  onPrefs,
  refreshing,
  onRefresh,
}: {
  columns: readonly ListColumn<Row>[];
  /** The hidden columns: the user's, else the list's defaults. */
  hidden: readonly string[];
  prefs: ListPrefs;
  onPrefs: (prefs: ListPrefs) => void;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation(CRUD_NS);
  const densities: { key: Density; label: string }[] = [
    { key: 'large', label: t('densityLarge') },
    { key: 'middle', label: t('densityMiddle') },
    { key: 'small', label: t('densitySmall') },
  ];
  const visible = columns.filter((column) => !hidden.includes(column.key)).length;
  const panel = (
    <div className="bh-list__columns">
      {columns.map((column) => {
        const checked = !hidden.includes(column.key);
        return (
          <Checkbox
            key={column.key}
            checked={checked}
            // The last visible column stays: a table without columns shows nothing.
            disabled={checked && visible === 1}
            onChange={(event) =>
              onPrefs({
                ...prefs,
                hidden: event.target.checked ? hidden.filter((key) => key !== column.key) : [...hidden, column.key],
              })
            }
          >
            {column.title}
          </Checkbox>
        );
      })}
      <Button
        size="small"
        type="link"
        disabled={prefs.hidden === undefined}
        onClick={() => onPrefs(prefs.density ? { density: prefs.density } : {})}
      >
        {t('columnsReset')}
      </Button>
    </div>
  );
  return (
    <Space className="bh-list__settings" size={4}>
      <Tooltip title={t('refresh')}>
        <Button type="text" aria-label={t('refresh')} icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          items: densities,
          selectable: true,
          selectedKeys: prefs.density ? [prefs.density] : [],
          onClick: ({ key }) => onPrefs({ ...prefs, density: key as Density }),
        }}
      >
        <Tooltip title={t('density')}>
          <Button type="text" aria-label={t('density')} icon={<ColumnHeightOutlined />} />
        </Tooltip>
      </Dropdown>
      <Popover trigger="click" placement="bottomRight" title={t('columns')} content={panel}>
        <Tooltip title={t('columns')}>
          <Button type="text" aria-label={t('columns')} icon={<SettingOutlined />} />
        </Tooltip>
      </Popover>
    </Space>
  );
}

/** A failed load: the server's message and a retry, never "no data". */
function ListError({ message, retrying, onRetry }: { message: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation(CRUD_NS);
  return (
    <div className="bh-list__error" role="alert">
      <div className="bh-list__error-title">{t('loadFailed')}</div>
      <div className="bh-list__error-message">{message}</div>
      <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
        {t('retry')}
      </Button>
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

function FilterControl({
  filter,
  value,
  fullWidth,
  onChange,
}: {
  filter: FilterField;
  value: string | undefined;
  fullWidth: boolean;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation(CRUD_NS);
  const placeholder =
    filter.kind === 'text' ? (filter.placeholder ?? t('textPlaceholder', { label: filter.label })) : t('choicePlaceholder', { label: filter.label });
  const style = { width: fullWidth ? '100%' : filter.kind === 'range' ? (filter.width ?? 340) : filterWidth(placeholder, filter.width) };
  if (filter.control) return <>{filter.control(value, onChange)}</>;
  switch (filter.kind) {
    case 'text':
      return (
        <Input
          style={style}
          value={value ?? ''}
          allowClear
          placeholder={placeholder}
          title={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'range': {
      const { from, to } = parseRange(value);
      if (fullWidth) {
        // A phone: two day pickers (the two-month panel with times is wider than the screen).
        return (
          <span className="bh-list__range">
            <DatePicker
              style={style}
              value={from === undefined ? null : dayjs(from)}
              placeholder={t('from')}
              inputReadOnly
              onChange={(date) => onChange(formatRange(date?.startOf('day').valueOf(), to) || undefined)}
            />
            <DatePicker
              style={style}
              value={to === undefined ? null : dayjs(to)}
              placeholder={t('to')}
              inputReadOnly
              onChange={(date) => onChange(formatRange(from, date?.endOf('day').valueOf()) || undefined)}
            />
          </span>
        );
      }
      return (
        <DatePicker.RangePicker
          style={style}
          showTime
          format={PICKER_DATE_TIME_FORMAT}
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
          placeholder={placeholder}
          title={placeholder}
          options={[...(filter.options ?? [])]}
          onChange={(next: string | undefined) => onChange(next)}
        />
      );
  }
}
