import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n';
import type * as ApiModule from '../api';
import { CapitalHome } from './CapitalHome';

const api = vi.hoisted(() => ({ accountInfo: vi.fn(), esign: vi.fn() }));
vi.mock('../api', async (original) => ({ ...(await original<typeof ApiModule>()), capitalApi: api }));

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter>
          <CapitalHome />
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

describe('the capital provider’s home', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    api.accountInfo.mockReset().mockResolvedValue({
      provider: { id: 1, name: '星河消费金融', status: 'ACTIVE', creditLimitFen: 500_000_050, creditReservedFen: 10_000_000, creditUsedFen: 90_000_000, creditAvailableFen: 400_000_050 },
      accounts: [],
    });
  });

  it('shows the available credit of the limit and the to-do the e-sign account calls for', async () => {
    api.esign.mockReset().mockResolvedValue({ status: 'UNSUBMITTED' });
    renderHome();
    expect((await screen.findByTestId('capital-available')).textContent).toBe('4,000,000.50');
    expect(screen.getByText('5,000,000.50')).toBeTruthy();
    expect(screen.getByText('已占用与已使用合计 20%')).toBeTruthy();
    await screen.findByText(/电子签章账户尚未提交/);
    expect(screen.getByRole('link', { name: /去处理/ }).getAttribute('href')).toBe('/capitalAccount/signatureInfo');
  });

  it('says when there is nothing to do', async () => {
    api.esign.mockReset().mockResolvedValue({ status: 'VERIFIED' });
    renderHome();
    await screen.findByText('暂无待办事项');
  });
});
