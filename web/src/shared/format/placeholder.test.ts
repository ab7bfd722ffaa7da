import { describe, expect, it } from 'vitest';
import { fillPlaceholders, isPlaceholderName, listPlaceholders, placeholder, scanPlaceholders } from './placeholder';

// The vectors of the server's tests (crates/domain/src/placeholder.rs).
describe('scanPlaceholders (SMS templates: word names)', () => {
  it('lists names once, in order of first appearance, blanks inside the braces ignored', () => {
    expect(scanPlaceholders('您的验证码为{{code}}，{{ minutes }}分钟内有效，{{code}}')).toEqual({ names: ['code', 'minutes'] });
    expect(scanPlaceholders('没有占位符')).toEqual({ names: [] });
    expect(scanPlaceholders('{{user_Name2}}')).toEqual({ names: ['user_Name2'] });
    // A lone brace is text.
    expect(scanPlaceholders('价格{约', 'word')).toEqual({ names: [] });
  });

  it('refuses unpaired, empty or nested braces', () => {
    for (const bad of ['{{code', 'code}}', '{{a{{b}}', '{{}}', '{{ }}']) expect(scanPlaceholders(bad)).toEqual({ error: { kind: 'unbalanced' } });
  });

  it('refuses malformed names, dotted ones included', () => {
    expect(scanPlaceholders('{{1abc}}')).toEqual({ error: { kind: 'badName', name: '1abc' } });
    expect(scanPlaceholders('{{na-me}}')).toEqual({ error: { kind: 'badName', name: 'na-me' } });
    expect(scanPlaceholders('{{姓名}}')).toEqual({ error: { kind: 'badName', name: '姓名' } });
    expect(scanPlaceholders('{{customer.name}}')).toEqual({ error: { kind: 'badName', name: 'customer.name' } });
  });

  it('refuses the former single braces, naming the placeholder', () => {
    expect(scanPlaceholders('您的验证码为{code}')).toEqual({ error: { kind: 'singleBraces', name: 'code' } });
  });
});

describe('scanPlaceholders (notice templates: dotted names)', () => {
  it('reads dotted customer variables and plain values', () => {
    expect(scanPlaceholders('尊敬的{{customer.name}}，请于{{dueDate}}前还款{{amount}}元', 'dotted')).toEqual({
      names: ['customer.name', 'dueDate', 'amount'],
    });
  });

  it('refuses what the server refuses', () => {
    expect(scanPlaceholders('{{customer.name', 'dotted')).toEqual({ error: { kind: 'unbalanced' } });
    expect(scanPlaceholders('尊敬的{customer.name}', 'dotted')).toEqual({ error: { kind: 'singleBraces', name: 'customer.name' } });
    for (const bad of ['customer.', '.name', 'customer..name', 'customer.1x'])
      expect(scanPlaceholders(placeholder(bad), 'dotted')).toEqual({ error: { kind: 'badName', name: bad } });
  });

  it('names: a word unless the rule allows more', () => {
    expect(isPlaceholderName('dueDate')).toBe(true);
    expect(isPlaceholderName('customer.name')).toBe(false);
    expect(isPlaceholderName('customer.name', 'dotted')).toBe(true);
    expect(isPlaceholderName('任意', 'any')).toBe(true);
  });
});

describe('scanPlaceholders (contract bodies: any name)', () => {
  it('takes any name and leaves single braces as text', () => {
    expect(scanPlaceholders('甲方{{ customer.name }}，条款{x}', 'any')).toEqual({ names: ['customer.name'] });
  });
});

describe('fillPlaceholders and listPlaceholders', () => {
  it('fills the given values and keeps the missing or blank ones', () => {
    expect(fillPlaceholders('尊敬的{{name}}，应还{{ amount }}元', { name: '张三', amount: ' ' })).toBe('尊敬的张三，应还{{ amount }}元');
    expect(fillPlaceholders('{{customer.name}}您好，{{dueDate}}', { 'customer.name': '张三' })).toBe('张三您好，{{dueDate}}');
  });

  it('lists the complete placeholders while the text is being typed', () => {
    expect(listPlaceholders('{{a}} {{ b }} {{a}} {{c')).toEqual(['a', 'b']);
  });
});
