import { describe, expect, it } from 'vitest';
import { builtInName } from '../../../shared/builtin/names';
import type { ContractTemplate } from '../api';
import { capitalDictionaries } from '../locales';
import { DOC_KINDS, filterTemplates, sortTemplates, templateScope } from './templates';

function row(id: number, code: string, name: string, docKind: string, capitalProviderId: number | null): ContractTemplate {
  return {
    id,
    code,
    name,
    docKind,
    capitalProviderId,
    capitalProviderName: null,
    templateVersion: 1,
    status: 'ACTIVE',
    activeVersion: 1,
    variables: [],
    remark: '',
    activatedAt: 1_763_800_000_000,
    retiredAt: null,
    updatedAt: 1_763_800_000_000,
    createdAt: 1_763_700_000_000,
  };
}

const rows = [
  row(1, 'WITHHOLD_GENERAL', '代扣授权书', 'WITHHOLDING_AUTH', null),
  row(2, 'LOAN_GENERAL', '机动车保费分期借款合同（通用）', 'LOAN_CONTRACT', null),
  row(3, 'LOAN_XINGHE', '星河消费金融借款合同', 'LOAN_CONTRACT', 7),
  row(4, 'SERVICE_STD', '分期服务协议', 'SERVICE_AGREEMENT', null),
];

describe('capital contract templates', () => {
  it('a template with a provider is the provider’s own, without one general', () => {
    expect(templateScope({ capitalProviderId: 7 })).toBe('OWN');
    expect(templateScope({ capitalProviderId: null })).toBe('GENERAL');
  });

  it('sorts by kind in signing order, own before general, then code', () => {
    expect(sortTemplates(rows).map((r) => r.code)).toEqual(['LOAN_XINGHE', 'LOAN_GENERAL', 'SERVICE_STD', 'WITHHOLD_GENERAL']);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });

  it('filters by keyword in name or code, kind and scope', () => {
    expect(filterTemplates(rows, {}).length).toBe(4);
    expect(filterTemplates(rows, { keyword: '  借款 ' }).map((r) => r.id)).toEqual([2, 3]);
    expect(filterTemplates(rows, { keyword: 'xinghe' }).map((r) => r.id)).toEqual([3]);
    expect(filterTemplates(rows, { docKind: 'LOAN_CONTRACT', scope: 'GENERAL' }).map((r) => r.id)).toEqual([2]);
    expect(filterTemplates(rows, { scope: 'OWN' }).map((r) => r.id)).toEqual([3]);
    expect(filterTemplates(rows, { keyword: '不存在' })).toEqual([]);
  });

  it('finds a built-in template by the name shown in the reader\'s language too', () => {
    const builtIn = [row(5, 'BUILTIN_WITHHOLDING_AUTH', '代扣授权书', 'WITHHOLDING_AUTH', null), ...rows];
    const shown = (r: ContractTemplate) => builtInName('contractTemplate', r.code, r.name, 'en');
    expect(filterTemplates(builtIn, { keyword: 'direct debit' }, shown).map((r) => r.id)).toEqual([5]);
    expect(filterTemplates(builtIn, { keyword: '代扣' }, shown).map((r) => r.id)).toEqual([5, 1]);
  });
});

describe('the document kinds', () => {
  it('include the privacy authorisation of the loan package, labelled in the four languages', () => {
    expect(DOC_KINDS).toContain('PRIVACY_AUTH');
    for (const dictionary of Object.values(capitalDictionaries)) {
      for (const kind of DOC_KINDS) expect(dictionary.template.kinds[kind], kind).toBeTruthy();
    }
  });
});
