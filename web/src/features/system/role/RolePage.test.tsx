import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoles } from '../../../shared/auth/permissions';
import { i18n } from '../../../shared/i18n';
import type * as ApiModule from '../api';
import type { CatalogueSection, RoleRow } from '../api';
import { RolePage } from './RolePage';

const CATALOGUE: CatalogueSection[] = [
  {
    section: 'companyRepayment',
    labelZh: '公司付款管理',
    labelEn: 'Company payment management',
    permissions: [{ code: 'admin:order_premium:table', kind: 'page', labelZh: '保费管理', labelEn: 'Premium payments' }],
  },
];

const ROLE: RoleRow = {
  id: 2,
  code: 'auditor',
  name: '审核员',
  description: '',
  enabled: true,
  isSuper: false,
  permissionCount: 3,
  userCount: 2,
  createdAt: 0,
  updatedAt: 0,
} as RoleRow;

const api = vi.hoisted(() => ({
  page: vi.fn(),
  catalogue: vi.fn(),
  create: vi.fn(),
  view: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
  export: vi.fn(),
}));

vi.mock('../api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  roleApi: api,
}));

function renderPage() {
  const router = createMemoryRouter([{ path: '/systemManagement/role', element: <RolePage /> }], { initialEntries: ['/systemManagement/role'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('角色管理', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.page.mockReset().mockResolvedValue({ records: [ROLE], total: 1, page: 1, size: 10 });
    api.catalogue.mockReset().mockResolvedValue(CATALOGUE);
    api.create.mockReset().mockResolvedValue({ id: 3 });
    setRoles(['admin:role:table', 'admin:role:create', 'admin:role:delete', 'admin:order_premium:table']);
  });

  it('refuses a role without permissions under the tree, without asking the server; names sections as the menu does', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: /新增角色/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(await dialog.findByLabelText('角色编码'), { target: { value: 'reviewer' } });
    fireEvent.change(dialog.getByLabelText('角色名称'), { target: { value: '复核员' } });
    // The menu's name of the section, not the catalogue's.
    await screen.findByText('公司缴费管理');
    expect(screen.queryByText('公司付款管理')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialog.findByText('请至少选择一项权限');
    expect(api.create).not.toHaveBeenCalled();

    // The section's box checks its permissions (the tree is virtual: jsdom may not lay out its leaves).
    const box = (await screen.findByRole('dialog')).querySelector('.ant-tree-checkbox');
    if (!box) throw new Error('no tree checkbox');
    fireEvent.click(box);
    await waitFor(() => expect(dialog.queryByText('请至少选择一项权限')).toBeNull());
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(api.create).toHaveBeenCalledWith(expect.objectContaining({ code: 'reviewer', name: '复核员', permissions: ['admin:order_premium:table'] })),
    );
  });

  it('greys out deleting a role that users hold, with the reason', async () => {
    renderPage();
    const reason = await screen.findByLabelText(/删\s*除: 已有 2 位用户使用此角色，不能删除/);
    expect(reason.querySelector('button')?.disabled).toBe(true);
  });
});
