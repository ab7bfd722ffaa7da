import { useQuery } from '@tanstack/react-query';
import { formatYuan } from '../../shared/format/money';
import { lookupApi, type InsurerRow, type ProductRow, type ProviderRow } from './api';
import { availableCredit } from './logic';

/** The order screens' choices (refreshed after each allocation: the credit changes). */
export const CHOICES_KEY = ['business', 'choices'];
/** Kept for the callers that refresh the providers' credit after an allocation. */
export const PROVIDERS_KEY = CHOICES_KEY;

const EMPTY = { products: [] as ProductRow[], insurers: [] as InsurerRow[], providers: [] as ProviderRow[] };

function useChoices() {
  const query = useQuery({ queryKey: CHOICES_KEY, queryFn: lookupApi.choices, staleTime: 5_000 });
  return { choices: query.data ?? EMPTY, refetch: () => query.refetch() };
}

/** The ACTIVE product versions (application and intake). */
export function useProducts(): ProductRow[] {
  return useChoices().choices.products;
}

/** Every insurer; forms show the disabled ones as disabled options (`insurerOptions`). */
export function useInsurers(): InsurerRow[] {
  return useChoices().choices.insurers;
}

/** Select options of a form: a disabled insurer keeps its name on older data but cannot be picked. */
export function insurerOptions(insurers: readonly InsurerRow[]) {
  return insurers.map((i) => ({ value: i.id, label: i.name, disabled: !i.enabled }));
}

/** The capital providers with their credit. */
export function useProviders(): { providers: ProviderRow[]; refetch: () => unknown } {
  const { choices, refetch } = useChoices();
  return { providers: choices.providers, refetch };
}

/** Select options: every provider with the credit it can still take. */
export function providerOptions(providers: readonly ProviderRow[], label: (provider: ProviderRow, available: string) => string) {
  return providers.map((p) => ({
    value: p.id,
    label: label(p, formatYuan(availableCredit(p))),
    disabled: p.status !== 'ACTIVE',
  }));
}
