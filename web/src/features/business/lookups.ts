import { useQuery } from '@tanstack/react-query';
import { formatYuan } from '../../shared/format/money';
import { lookupApi, type InsurerRow, type ProductRow, type ProviderRow } from './api';
import { availableCredit } from './logic';

const STALE = 60_000;

/** The ACTIVE product versions (application and intake). */
export function useProducts(): ProductRow[] {
  const query = useQuery({ queryKey: ['business', 'products'], queryFn: lookupApi.activeProducts, staleTime: STALE });
  return query.data?.records ?? [];
}

/** The enabled insurers. */
export function useInsurers(): InsurerRow[] {
  const query = useQuery({ queryKey: ['business', 'insurers'], queryFn: lookupApi.insurers, staleTime: STALE });
  return query.data?.records ?? [];
}

/** The capital providers with their credit (refreshed after each allocation). */
export function useProviders(): { providers: ProviderRow[]; refetch: () => unknown } {
  const query = useQuery({ queryKey: ['business', 'providers'], queryFn: lookupApi.providers, staleTime: 5_000 });
  return { providers: query.data?.records ?? [], refetch: () => query.refetch() };
}

export const PROVIDERS_KEY = ['business', 'providers'];

/** Select options: every provider with the credit it can still take. */
export function providerOptions(providers: readonly ProviderRow[], label: (provider: ProviderRow, available: string) => string) {
  return providers.map((p) => ({
    value: p.id,
    label: label(p, formatYuan(availableCredit(p))),
    disabled: p.status !== 'ACTIVE',
  }));
}
