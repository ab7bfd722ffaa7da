import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { setRoles } from '../auth/permissions';
import { setUserInfo } from '../auth/token';
import { i18n } from '../i18n';
import { prefsKey } from './columns';
import { ListPage, type ListPageProps } from './ListPage';
import type { PageResult } from './query';

/** What a user notices of the list's toolbar, row actions and error state (docs/lists.md). */

interface Person {
  id: number;
  name: string;
  city: string;
  users: number;
}

const PEOPLE: Person[] = Array.from({ length: 5 }, (_, i) => ({ id: i + 1, name: `用户${i + 1}`, city: i % 2 ? '上海' : '北京', users: i }));

function fakePage(body: Record<string, unknown>): Promise<PageResult<Person>> {
  return Promise.resolve({ records: PEOPLE, total: PEOPLE.length, page: Number(body.page), size: Number(body.size) });
}

function setup(props: Partial<ListPageProps<Person>> = {}) {
  const fetchPage = vi.fn(fakePage);
  const router = createMemoryRouter(
    [
      {
        path: '/people',
        element: (
          <ListPage<Person>
            listKey="people"
            columns={[
              { key: 'name', title: '姓名' },
              { key: 'city', title: '城市' },
            ]}
            fetchPage={fetchPage}
            rowKey={(row) => row.id}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: ['/people'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return { fetchPage, view };
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('zh');
  setRoles(['admin:people:table']);
  setUserInfo({ username: 'alice', expirationTime: Date.now() + 60_000, refreshToken: 'r' });
});

afterEach(() => vi.restoreAllMocks());

describe('row actions', () => {
  it('more than two collapse into 更多: the first two stay links, the rest are in the menu', async () => {
    const calls: string[] = [];
    const action = (key: string) => ({ key, label: key, onClick: (row: Person) => void calls.push(`${key}:${row.name}`) });
    setup({ rowActions: [action('编辑'), action('停用'), action('重置密码'), action('强制下线')] });
    const row = await rowOf('用户2');
    expect(within(row).getByRole('button', { name: '编辑' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: '停用' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: '重置密码' })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByText('强制下线'));
    expect(calls).toEqual(['强制下线:用户2']);
  }, 40_000); // the file's first test also loads antd's table and dropdown

  it('two actions stay links, without 更多', async () => {
    setup({ rowActions: [{ key: 'a', label: '编辑', onClick: () => undefined }, { key: 'b', label: '删除', onClick: () => undefined }] });
    const row = await rowOf('用户1');
    expect(within(row).getByRole('button', { name: '删除' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /更多/ })).toBeNull();
  });

  it('a disabled action cannot be used and says why', async () => {
    const remove = vi.fn();
    setup({
      rowActions: [
        { key: 'remove', label: '删除', disabled: (row) => (row.users > 0 ? `已有 ${row.users} 位用户使用，不能删除` : undefined), onClick: remove },
      ],
    });
    const used = within(await rowOf('用户3')).getByRole('button', { name: '删除' });
    expect((used as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(used);
    expect(remove).not.toHaveBeenCalled();
    fireEvent.mouseOver(used.parentElement as HTMLElement);
    await screen.findByText('已有 2 位用户使用，不能删除', {}, { timeout: 3000 });
    const free = within(await rowOf('用户1')).getByRole('button', { name: '删除' });
    fireEvent.click(free);
    expect(remove).toHaveBeenCalledWith(PEOPLE[0]);
  });
});

describe('error state', () => {
  it('a failed load shows the server message and 重试, not 暂无数据; retrying shows the rows', async () => {
    const fetchPage = vi
      .fn<(body: Record<string, unknown>) => Promise<PageResult<Person>>>()
      .mockRejectedValueOnce(new ApiError('business', 500, '数据库忙，请稍后再试'))
      .mockImplementation(fakePage);
    setup({ fetchPage });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('加载失败');
    expect(alert.textContent).toContain('数据库忙，请稍后再试');
    expect(screen.queryByText('暂无数据')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: /重试/ }));
    await screen.findByText('用户1');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('toolbar', () => {
  it('a column hidden by default can be shown, and the choice is kept', async () => {
    setup({ columns: [{ key: 'name', title: '姓名' }, { key: 'city', title: '城市', defaultHidden: true }] });
    await screen.findByText('用户1');
    expect(document.querySelector('thead')?.textContent).not.toContain('城市');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '城市' }));
    await waitFor(() => expect(document.querySelector('thead')?.textContent).toContain('城市'));
    expect(JSON.parse(localStorage.getItem(prefsKey('alice', '/people')) ?? '{}')).toEqual({ hidden: [] });
  });

  it('hiding a column is kept for this user and route over a remount; reset shows it again', async () => {
    const first = setup();
    await screen.findByText('北京', {}, { timeout: 3000 }).catch(() => undefined);
    expect(screen.getAllByText('城市').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '城市' }));
    await waitFor(() => expect(document.querySelector('th.bh-col')?.parentElement?.textContent).not.toContain('城市'));
    expect(JSON.parse(localStorage.getItem(prefsKey('alice', '/people')) ?? '{}')).toEqual({ hidden: ['city'] });
    first.view.unmount();

    setup();
    await screen.findByText('用户1');
    expect(document.querySelector('thead')?.textContent).not.toContain('城市');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(await screen.findByRole('button', { name: '重置' }));
    await waitFor(() => expect(document.querySelector('thead')?.textContent).toContain('城市'));
    expect(localStorage.getItem(prefsKey('alice', '/people'))).toBeNull();
  });

  it('optional columns give way on a narrow list, show in the column settings unchecked, and can be brought back', async () => {
    // The list is 400 px wide: 姓名 (120) + 城市 (120) + 人数 (120) + 备注 (200) do not fit.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width = this.classList.contains('bh-list') ? 400 : 0;
      return { width, height: 0, top: 0, left: 0, right: width, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    setup({
      columns: [
        { key: 'name', title: '姓名' },
        { key: 'city', title: '城市', optional: true },
        { key: 'users', title: '人数', optional: true },
        { key: 'remark', title: '备注', width: 200 },
      ],
    });
    await screen.findByText('用户1');
    // 560 px on 400: the last optional column (人数) goes, then 城市; 备注 is not optional and stays.
    await waitFor(() => expect(document.querySelector('thead')?.textContent).not.toContain('人数'));
    const head = document.querySelector('thead')?.textContent ?? '';
    expect(head).not.toContain('城市');
    expect(head).toContain('备注');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const users = await screen.findByRole('checkbox', { name: '人数' });
    expect((users as HTMLInputElement).checked).toBe(false);
    fireEvent.click(users);
    // The user's choice wins over the fit: the column shows, and the table scrolls sideways.
    await waitFor(() => expect(document.querySelector('thead')?.textContent).toContain('人数'));
    expect(JSON.parse(localStorage.getItem(prefsKey('alice', '/people')) ?? '{}')).toEqual({ hidden: ['city'] });
  });

  it('optional columns all show when the list fits', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const width = this.classList.contains('bh-list') ? 1200 : 0;
      return { width, height: 0, top: 0, left: 0, right: width, bottom: 0, x: 0, y: 0, toJSON: () => ({}) } as DOMRect;
    });
    setup({ columns: [{ key: 'name', title: '姓名' }, { key: 'city', title: '城市', optional: true }] });
    await screen.findByText('用户1');
    expect(document.querySelector('thead')?.textContent).toContain('城市');
  });

  it('refresh asks the server again', async () => {
    const { fetchPage } = setup();
    await screen.findByText('用户1');
    const before = fetchPage.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(before + 1));
  });

  it('density is chosen from the menu and kept', async () => {
    setup();
    await screen.findByText('用户1');
    fireEvent.click(screen.getByRole('button', { name: '表格密度' }));
    fireEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem(prefsKey('alice', '/people')) ?? '{}')).toEqual({ density: 'small' });
  });

  it('a batch action gets the selected rows and shows how many are selected', async () => {
    const disable = vi.fn(() => Promise.resolve());
    const { fetchPage } = setup({ batchActions: [{ key: 'disable', label: '批量停用', onClick: disable }] });
    const boxes = () => screen.getAllByRole('checkbox');
    await screen.findByText('用户1');
    expect(screen.queryByText('批量停用')).toBeNull();
    fireEvent.click(within(await rowOf('用户2')).getByRole('checkbox'));
    fireEvent.click(within(await rowOf('用户4')).getByRole('checkbox'));
    expect(screen.getByText('已选 2 项')).toBeTruthy();
    const calls = fetchPage.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '批量停用' }));
    expect(disable).toHaveBeenCalledWith([PEOPLE[1], PEOPLE[3]]);
    await waitFor(() => expect(fetchPage.mock.calls.length).toBe(calls + 1));
    await waitFor(() => expect(screen.queryByText('已选 2 项')).toBeNull());
    expect(boxes().length).toBeGreaterThan(0);
  });

  it('a batch action the user may not use gives no checkboxes', async () => {
    setup({ batchActions: [{ key: 'disable', label: '批量停用', perm: 'admin:people:update', onClick: () => undefined }] });
    await screen.findByText('用户1');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });
});
