import { describe, expect, it } from 'vitest';
import { contractVariables, customerVariableKey, sendParams, withLabels } from './variables';

describe('notice variables', () => {
  it('the sender types in the placeholders that are not customer variables', () => {
    expect(sendParams('尊敬的{{customer.name}}，请于{{ dueDate }}前还款')).toEqual(['dueDate']);
    expect(sendParams('{{customer.customerNo}}')).toEqual([]);
    expect(sendParams('{{unbalanced')).toEqual([]);
    // The former syntax asks for nothing: the editor refuses it.
    expect(sendParams('尊敬的{customer.name}，请于{dueDate}前还款')).toEqual([]);
  });

  it('shows a template with its variables’ labels, not their keys', () => {
    const labels: Record<string, string> = { 'customer.name': '客户姓名/名称' };
    expect(withLabels('尊敬的{{customer.name}}，请于{{dueDate}}前还款', (name) => labels[name])).toBe('尊敬的【客户姓名/名称】，请于{{dueDate}}前还款');
    expect(withLabels('{{ customer.name }} {not closed', (name) => labels[name])).toBe('【客户姓名/名称】 {not closed');
    expect(customerVariableKey('customer.customerNo')).toBe('notice.customerVars.customerNo');
  });
});

describe('contract variables', () => {
  it('lists the {{variables}} of a body in order, once each, spaces ignored', () => {
    expect(contractVariables('甲方 {{ customer.name }}，乙方 {{capital.name}}；{{customer.name}}')).toEqual(['customer.name', 'capital.name']);
    expect(contractVariables('没有变量 {single}')).toEqual([]);
  });
});
