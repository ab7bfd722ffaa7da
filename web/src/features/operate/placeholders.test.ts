import { describe, expect, it } from 'vitest';
import { fill, parsePlaceholders, sendParams } from './placeholders';

describe('notice placeholders', () => {
  it('reads dotted customer variables and plain values', () => {
    expect(parsePlaceholders('尊敬的{customer.name}，请于{dueDate}前还款{amount}元')).toEqual({ names: ['customer.name', 'dueDate', 'amount'] });
    expect(sendParams('尊敬的{customer.name}，请于{dueDate}前还款')).toEqual(['dueDate']);
  });
  it('refuses what the server refuses', () => {
    expect(parsePlaceholders('{customer.name')).toEqual({ error: { kind: 'unbalanced' } });
    expect(parsePlaceholders('{a{b}}')).toEqual({ error: { kind: 'unbalanced' } });
    expect(parsePlaceholders('{customer.}')).toEqual({ error: { kind: 'badName', name: 'customer.' } });
  });
  it('fills what it knows', () => {
    expect(fill('{customer.name}您好，{dueDate}', { 'customer.name': '张三' })).toBe('张三您好，{dueDate}');
  });
});
