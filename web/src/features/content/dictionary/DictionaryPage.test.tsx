import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS as P } from '../../../shared/auth/catalogue.gen';
import { setRoles } from '../../../shared/auth/permissions';
import { i18n } from '../../../shared/i18n';
import type * as ApiModule from '../api';
import type { DictItem, DictType } from '../api';
import { DictionaryPage } from './DictionaryPage';

const api = vi.hoisted(() => ({
  types: vi.fn<() => Promise<DictType[]>>(),
  items: vi.fn<(typeId: number) => Promise<DictItem[]>>(),
}));

vi.mock('../api', async (original) => {
  const real = await original<typeof ApiModule>();
  return { ...real, dictionaryApi: { ...real.dictionaryApi, ...api } };
});

const TYPES: DictType[] = [
  { id: 1, code: 'customer_kind', nameZh: '客户类型', nameEn: 'Customer kind', remark: '个人或企业客户', builtIn: true, itemCount: 2, updatedAt: 1 },
  { id: 2, code: 'loan_purpose', nameZh: '借款用途', nameEn: 'Loan purpose', remark: '客户申请时填写', builtIn: false, itemCount: 0, updatedAt: 1 },
];

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <DictionaryPage />
      </App>
    </QueryClientProvider>,
  );
}

describe('数据字典: the built-in types in the reader\'s language', () => {
  beforeEach(() => {
    api.types.mockReset().mockResolvedValue(TYPES);
    api.items.mockReset().mockResolvedValue([]);
    act(() => setRoles([P.DICTIONARY_TABLE]));
  });

  it('English: the built-in type\'s remark translated; the types by their English names', async () => {
    await i18n.changeLanguage('en');
    renderPage();
    expect((await screen.findByTestId('dict-type-remark')).textContent).toBe('Individual or enterprise customer');
    const list = screen.getByRole('listbox');
    expect(within(list).getByText('Customer kind')).toBeTruthy();
    expect(within(list).getByText('Loan purpose')).toBeTruthy();
  });

  it('Spanish and Japanese: the built-in type named in the language, an own type by its English name', async () => {
    await i18n.changeLanguage('es');
    renderPage();
    expect((await screen.findByTestId('dict-type-remark')).textContent).toBe('Cliente particular o empresa');
    const list = screen.getByRole('listbox');
    expect(within(list).getByText('Tipo de cliente')).toBeTruthy();
    expect(within(list).getByText('Loan purpose')).toBeTruthy();
    await act(() => i18n.changeLanguage('ja'));
    expect(within(list).getByText('顧客区分')).toBeTruthy();
    expect(screen.getByTestId('dict-type-remark').textContent).toBe('個人または法人の顧客');
  });
});
