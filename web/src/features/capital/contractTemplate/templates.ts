import type { ContractTemplate } from '../api';

/** The document kinds in the order a financing file is signed (docs/templates.md). */
export const DOC_KINDS = ['LOAN_CONTRACT', 'SERVICE_AGREEMENT', 'OWNER_DECLARATION', 'POWER_OF_ATTORNEY', 'WITHHOLDING_AUTH', 'PRIVACY_AUTH', 'SETTLEMENT_CERTIFICATE'] as const;

/** Whether a template is tied to this provider or applies to every provider. */
export type TemplateScope = 'OWN' | 'GENERAL';

export function templateScope(row: Pick<ContractTemplate, 'capitalProviderId'>): TemplateScope {
  return row.capitalProviderId === null ? 'GENERAL' : 'OWN';
}

export interface TemplateFilter {
  keyword?: string;
  docKind?: string;
  scope?: TemplateScope;
}

/**
 * The rows the filter keeps: keyword in the name (stored, or as shown: `shownName`, a built-in
 * template's name in the reader's language) or the code (case-insensitive), kind and scope exact.
 */
export function filterTemplates(
  rows: readonly ContractTemplate[],
  filter: TemplateFilter,
  shownName: (row: ContractTemplate) => string = (row) => row.name,
): ContractTemplate[] {
  const keyword = (filter.keyword ?? '').trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!keyword || [row.name, shownName(row), row.code].some((text) => text.toLowerCase().includes(keyword))) &&
      (!filter.docKind || row.docKind === filter.docKind) &&
      (!filter.scope || templateScope(row) === filter.scope),
  );
}

/** Document kind in signing order, then this provider's own before general ones, then code. */
export function sortTemplates(rows: readonly ContractTemplate[]): ContractTemplate[] {
  const rank = (kind: string) => {
    const i = (DOC_KINDS as readonly string[]).indexOf(kind);
    return i < 0 ? DOC_KINDS.length : i;
  };
  return [...rows].sort(
    (a, b) =>
      rank(a.docKind) - rank(b.docKind) ||
      Number(templateScope(a) === 'GENERAL') - Number(templateScope(b) === 'GENERAL') ||
      a.code.localeCompare(b.code),
  );
}
