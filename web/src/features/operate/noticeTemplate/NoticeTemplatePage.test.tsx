import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setRoles } from '../../../shared/auth/permissions';
import { i18n } from '../../../shared/i18n';
import type * as ApiModule from '../api';
import type { NoticeTemplateRow } from '../api';
import { NoticeTemplatePage } from './NoticeTemplatePage';

const row = (id: number, code: string, sent: boolean): NoticeTemplateRow => ({
  id,
  code,
  name: code === 'USED' ? '已发模板' : '未发模板',
  channel: 'IN_APP',
  content: '尊敬的{{customer.name}}，请于{{dueDate}}前续保。',
  smsTemplateId: null,
  smsTemplateCode: null,
  smsTemplateName: null,
  params: ['dueDate'],
  enabled: true,
  sent,
  updatedAt: 0,
});

const api = vi.hoisted(() => ({
  page: vi.fn(),
  export: vi.fn(),
  smsOptions: vi.fn(),
  options: vi.fn(),
  create: vi.fn(),
  update: vi.fn(),
  remove: vi.fn(),
}));

vi.mock('../api', async (original) => ({
  ...(await original<typeof ApiModule>()),
  noticeTemplateApi: api,
}));

function renderPage() {
  const router = createMemoryRouter([{ path: '/operate/notice', element: <NoticeTemplatePage /> }], { initialEntries: ['/operate/notice'] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
}

describe('通知模板', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.page.mockReset().mockResolvedValue({ records: [row(1, 'USED', true), row(2, 'UNUSED', false)], total: 2, page: 1, size: 10 });
    api.smsOptions.mockReset().mockResolvedValue([]);
    api.create.mockReset().mockResolvedValue({ id: 3 });
    setRoles(['admin:notice_template:table', 'admin:notice_template:create', 'admin:notice_template:delete']);
  });

  it('greys out deleting a template that was sent, with the reason; an unsent one can be deleted', async () => {
    renderPage();
    const reason = await screen.findByLabelText(/删\s*除: 该模板已有发送记录，不能删除，可停用/);
    expect(reason.querySelector('button')?.disabled).toBe(true);
    const enabled = screen.getAllByRole('button', { name: /删\s*除/ }).filter((b) => !(b as HTMLButtonElement).disabled);
    expect(enabled).toHaveLength(1);
  });

  it('shows the customer variables by label and refuses the former single braces, saying how to write them', async () => {
    renderPage();
    expect((await screen.findAllByText('尊敬的【客户姓名/名称】，请于{{dueDate}}前续保。')).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: /新增通知模板/ }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('通知内容'), { target: { value: '尊敬的{customer.name}' } });
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定/ }));
    await dialog.findByText('占位符须写成“{{customer.name}}”，不是“{customer.name}”');
    expect(api.create).not.toHaveBeenCalled();
    // The palette writes the placeholder the new way.
    fireEvent.change(dialog.getByLabelText('通知内容'), { target: { value: '' } });
    fireEvent.click(await dialog.findByText('客户姓名/名称'));
    await waitFor(() => expect((dialog.getByLabelText('通知内容') as HTMLTextAreaElement).value).toBe('{{customer.name}}'));
  });
});
