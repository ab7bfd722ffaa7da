import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '../../api/schema';
import { request } from '../api/request';
import type { Language } from '../i18n/languages';

/** One item of a data-dictionary type, as `GET /api/common/dictionary/{typeCode}` answers it. */
export type DictOption = components['schemas']['DictOptionData'];

/** The react-query key of a type's items; the dictionary screen invalidates `[DICTIONARY_KEY]` after a change. */
export const DICTIONARY_KEY = 'dictionary';

/** The items of `typeCode`, disabled ones included (they still label codes saved before). */
export function fetchDictionary(typeCode: string): Promise<DictOption[]> {
  return request<DictOption[]>({ url: '/common/dictionary/{typeCode}', data: { typeCode, all: true }, silent: true });
}

/** The labels `dictLabel` reads; `labelEs` and `labelJa` may be missing (an item typed before they existed). */
export type DictLabels = Pick<DictOption, 'labelZh' | 'labelEn'> & Partial<Pick<DictOption, 'labelEs' | 'labelJa'>>;

/**
 * An item's label in `language` (docs/content.md): the label in that language; where it is
 * empty (blank), the English label; where that is empty too, the Chinese one (always given).
 * zh is the Chinese label; an unknown language reads as English.
 */
export function dictLabel(item: DictLabels, language: string): string {
  const own = language === 'zh' ? item.labelZh : language === 'es' ? item.labelEs : language === 'ja' ? item.labelJa : item.labelEn;
  return own?.trim() || item.labelEn.trim() || item.labelZh;
}

export interface Dictionary {
  /** antd Select options: the enabled items, sorted, labelled in the current language. */
  options: { value: string; label: string }[];
  /** The label of `code` (a disabled item's too); the code itself when unknown. */
  labelOf: (code: string | null | undefined) => string;
  loading: boolean;
}

/** A data-dictionary type for selects and labels, in the current language. */
export function useDictionary(typeCode: string): Dictionary {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const query = useQuery({
    queryKey: [DICTIONARY_KEY, typeCode],
    queryFn: () => fetchDictionary(typeCode),
    staleTime: 60_000,
  });
  const items = query.data ?? [];
  return {
    options: items.filter((item) => item.enabled).map((item) => ({ value: item.code, label: dictLabel(item, language) })),
    labelOf: (code) => {
      if (code === null || code === undefined || code === '') return '';
      const item = items.find((candidate) => candidate.code === code);
      return item ? dictLabel(item, language) : code;
    },
    loading: query.isLoading,
  };
}

/**
 * The labels of codes of several types at once, for a screen that words codes of a few types
 * without a select per type (the operation log): `labelOf(typeCode, code)` is the item's label in
 * the current language (a disabled item's too), or undefined while the type is loading, for a type
 * not among `typeCodes`, and for a code the type does not have.
 */
export function useDictionaryLabels(typeCodes: readonly string[]): (typeCode: string, code: string) => string | undefined {
  const { i18n } = useTranslation();
  const results = useQueries({
    queries: typeCodes.map((typeCode) => ({ queryKey: [DICTIONARY_KEY, typeCode], queryFn: () => fetchDictionary(typeCode), staleTime: 60_000 })),
  });
  return (typeCode, code) => {
    const index = typeCodes.indexOf(typeCode);
    const item = index < 0 ? undefined : results[index]?.data?.find((candidate) => candidate.code === code);
    return item ? dictLabel(item, i18n.language) : undefined;
  };
}
