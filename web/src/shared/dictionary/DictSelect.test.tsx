import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { DictLabel, DictSelect } from './DictSelect';
import type { DictOption } from './dictionary';

const ITEMS: DictOption[] = [
  { code: 'APP_HOME', labelZh: '客户端首页', labelEn: 'Customer app home', labelEs: 'Inicio de la app de clientes', labelJa: '顧客アプリのホーム', enabled: true },
  { code: 'LOAN_PAGE', labelZh: '借款页', labelEn: 'Loan page', labelEs: '', labelJa: '', enabled: true },
  { code: 'OLD_SPOT', labelZh: '旧位置', labelEn: '', labelEs: '', labelJa: '', enabled: false },
];

const request = vi.hoisted(() => vi.fn());
vi.mock('../api/request', async (original) => ({ ...(await original<object>()), request }));

function renderWith(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('DictSelect and DictLabel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh');
    request.mockReset().mockResolvedValue(ITEMS);
  });

  it('asks for the type with disabled items and offers only the enabled ones', async () => {
    renderWith(<DictSelect type="banner_position" aria-label="位置" />);
    const select = await screen.findByLabelText('位置');
    await act(async () => {
      fireEvent.mouseDown(select);
      await Promise.resolve();
    });
    expect(await screen.findByText('客户端首页')).toBeTruthy();
    expect(screen.getByText('借款页')).toBeTruthy();
    expect(screen.queryByText('旧位置')).toBeNull();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: '/common/dictionary/{typeCode}', data: { typeCode: 'banner_position', all: true } }));
  }, 20_000);

  it('labels a code in the current language, a disabled one too, an unknown one as itself', async () => {
    renderWith(
      <>
        <span data-testid="a">
          <DictLabel type="banner_position" code="APP_HOME" />
        </span>
        <span data-testid="b">
          <DictLabel type="banner_position" code="OLD_SPOT" />
        </span>
        <span data-testid="c">
          <DictLabel type="banner_position" code="NEW_CODE" />
        </span>
      </>,
    );
    expect(await screen.findByText('客户端首页')).toBeTruthy();
    expect(screen.getByTestId('b').textContent).toBe('旧位置');
    expect(screen.getByTestId('c').textContent).toBe('NEW_CODE');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(await screen.findByText('Customer app home')).toBeTruthy();
    expect(screen.getByTestId('b').textContent).toBe('旧位置');
    await act(async () => {
      await i18n.changeLanguage('ja');
    });
    expect(await screen.findByText('顧客アプリのホーム')).toBeTruthy();
    expect(screen.getByTestId('b').textContent).toBe('旧位置');
  });

  it('offers the Japanese label, else the English one', async () => {
    await i18n.changeLanguage('ja');
    renderWith(<DictSelect type="banner_position" aria-label="位置" />);
    const select = await screen.findByLabelText('位置');
    await act(async () => {
      fireEvent.mouseDown(select);
      await Promise.resolve();
    });
    expect(await screen.findByText('顧客アプリのホーム')).toBeTruthy();
    expect(screen.getByText('Loan page')).toBeTruthy();
  }, 20_000);
});
