import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoles } from '../auth/permissions';
import { setBranding } from '../branding/branding';
import { i18n } from '../i18n';
import { ListPage, type ListPageProps } from './ListPage';
import type { PageResult } from './query';

interface Person {
  id: number;
  name: string;
  city: string;
}

const PEOPLE: Person[] = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, name: `用户${i + 1}`, city: i % 2 ? '上海' : '北京' }));

function fakePage(body: Record<string, unknown>): Promise<PageResult<Person>> {
  const page = Number(body.page);
  const size = Number(body.size);
  const name = typeof body.name === 'string' ? body.name : '';
  const rows = PEOPLE.filter((p) => p.name.includes(name));
  return Promise.resolve({ records: rows.slice((page - 1) * size, page * size), total: rows.length, page, size });
}

function setup(url: string, props: Partial<ListPageProps<Person>> = {}) {
  const fetchPage = vi.fn(fakePage);
  const remove = vi.fn(() => Promise.resolve());
  const router = createMemoryRouter(
    [
      {
        path: '/people',
        element: (
          <ListPage<Person>
            listKey="people"
            columns={[
              { key: 'name', title: '姓名', sortField: 'name' },
              { key: 'city', title: '城市' },
            ]}
            filters={[{ name: 'name', kind: 'text', label: '姓名' }]}
            fetchPage={fetchPage}
            rowKey={(row) => row.id}
            rowActions={[{ key: 'remove', label: '删除', perm: 'admin:people:delete', onClick: remove }]}
            toolbar={[{ key: 'create', label: '新增人员', perm: 'admin:people:create', onClick: () => undefined }]}
            exporter={{ perm: 'admin:people:export', run: () => Promise.resolve({ objectName: 'x', rows: 0 }) }}
            defaultSort={{ field: 'id', order: 'asc' }}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return { fetchPage, remove, router };
}

beforeEach(async () => {
  await i18n.changeLanguage('zh');
});

afterEach(() => {
  vi.restoreAllMocks();
  setBranding({ platformName: '', logoUrl: null, defaultPageSize: 10 });
});

describe('ListPage', () => {
  it('reads filters and paging from the URL and asks the server for exactly that page', async () => {
    setRoles(['admin:people:table']);
    const { fetchPage } = setup('/people?name=%E7%94%A8%E6%88%B71&page=2&size=10');
    // 用户1, 用户10..19: 11 rows, page 2 holds 用户19 only.
    await screen.findByText('用户19');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 2, size: 10, sort: { field: 'id', order: 'asc' }, name: '用户1' });
    expect(screen.getByText('共 11 条')).toBeTruthy();
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('用户1');
  });

  it('searching goes back to page 1 and writes the filters into the URL', async () => {
    setRoles(['admin:people:table']);
    const { fetchPage, router } = setup('/people?page=3');
    await screen.findByText('用户21');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '用户2' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await screen.findByText('用户20');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'id', order: 'asc' }, name: '用户2' });
    await waitFor(() => expect(router.state.location.search).toBe('?name=%E7%94%A8%E6%88%B72'));

    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'id', order: 'asc' } });
  });

  it('hides the row actions, create and export buttons whose permission the user lacks', async () => {
    setRoles(['admin:people:table']);
    setup('/people');
    await screen.findByText('用户1');
    expect(screen.queryByRole('button', { name: '删 除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByText('新增人员')).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull();
    expect(screen.queryByText('操作')).toBeNull();
  });

  it('shows them to a user who holds the permissions; a row action gets its row', async () => {
    setRoles(['admin:people:table', 'admin:people:delete', 'admin:people:create', 'admin:people:export']);
    const { remove } = setup('/people');
    const row = (await screen.findByText('用户3')).closest('tr');
    expect(row).toBeTruthy();
    fireEvent.click(within(row as HTMLElement).getByRole('button', { name: /删\s*除/ }));
    expect(remove).toHaveBeenCalledWith(PEOPLE[2]);
    expect(screen.getByText('新增人员')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
  });

  it('keeps its header row sticky (in sight while the page scrolls, with the sideways scroll bar)', async () => {
    setup('/people');
    await screen.findByText('用户1');
    expect(document.querySelector('.ant-table-sticky-holder')).not.toBeNull();
  });

  it('sorting by a column asks for that sort and returns to page 1', async () => {
    setRoles(['admin:people:table']);
    const { fetchPage, router } = setup('/people?page=2');
    await screen.findByText('用户11');
    const header = screen.getAllByText('姓名', { selector: '.ant-table-column-title' })[0];
    expect(header).toBeTruthy();
    fireEvent.click(header as HTMLElement);
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'name', order: 'asc' } }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name%2Casc'));
  });

  it('starts at the default page size of 系统设置, also when it arrives after the list; a size in the URL wins', async () => {
    setRoles(['admin:people:table']);
    const { fetchPage, router } = setup('/people');
    await screen.findByText('用户10');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'id', order: 'asc' } });
    act(() => setBranding({ platformName: '', logoUrl: null, defaultPageSize: 20 }));
    await screen.findByText('用户20');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 20, sort: { field: 'id', order: 'asc' } });
    expect(router.state.location.search).toBe('');
  });

  it('a size named in the URL stays when the default arrives after the list', async () => {
    setRoles(['admin:people:table']);
    const { fetchPage, router } = setup('/people?size=10');
    await screen.findByText('用户10');
    act(() => setBranding({ platformName: '', logoUrl: null, defaultPageSize: 20 }));
    await waitFor(() => expect(router.state.location.search).toBe('?size=10'));
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'id', order: 'asc' } });
    expect(screen.queryByText('用户11')).toBeNull();
  });

  it('a size named in the URL is kept when the default differs', async () => {
    setBranding({ platformName: '', logoUrl: null, defaultPageSize: 20 });
    setRoles(['admin:people:table']);
    const { fetchPage, router } = setup('/people?size=10');
    await screen.findByText('用户10');
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 10, sort: { field: 'id', order: 'asc' } });
    await waitFor(() => expect(router.state.location.search).toBe('?size=10'));
  });

  it('a tree table: every row at once (no pager), branches open, a fold stays; an empty list says how to start', async () => {
    setRoles(['admin:people:table']);
    const tree = [{ id: 1, name: '总部', city: '北京', children: [{ id: 2, name: '风控部', city: '北京', children: [{ id: 3, name: '审核组', city: '上海' }] }] }];
    const fetchTree = vi.fn(() => Promise.resolve({ records: tree as Person[], total: 1, page: 1, size: 1 }));
    setup('/people', { fetchPage: fetchTree, paged: false, tree: true });
    await screen.findByText('审核组');
    expect(document.querySelector('.ant-pagination')).toBeNull();
    const fold = document.querySelector('[data-row-key="2"] .ant-table-row-expand-icon');
    if (!fold) throw new Error('no expand icon on 风控部');
    fireEvent.click(fold);
    await waitFor(() => expect(screen.queryByText('审核组')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(fetchTree).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('审核组')).toBeNull();
    expect(screen.getByText('风控部')).toBeTruthy();
  });

  it('shows its own empty text', async () => {
    setRoles(['admin:people:table']);
    setup('/people', { fetchPage: () => Promise.resolve({ records: [], total: 0, page: 1, size: 10 }), emptyText: '还没有人员，点击“新增人员”' });
    await screen.findByText('还没有人员，点击“新增人员”');
  });
});
