import { describe, expect, it } from 'vitest';
import { fillPlaceholders, isPlaceholderName, scanPlaceholders } from './placeholder';

// The vectors of the server's tests (crates/service/src/providers/templates.rs: placeholder_names,
// dotted_placeholder_names) and of the two client copies this module replaces.
describe('scanPlaceholders (SMS templates: plain names)', () => {
  it('lists names once, in order of first appearance', () => {
    expect(scanPlaceholders('您的验证码为{code}，{minutes}分钟内有效，{code}')).toEqual({ names: ['code', 'minutes'] });
    expect(scanPlaceholders('尊敬的{name}，订单{orderNo}，{name}')).toEqual({ names: ['name', 'orderNo'] });
    expect(scanPlaceholders('没有占位符')).toEqual({ names: [] });
    expect(scanPlaceholders('{user_Name2}')).toEqual({ names: ['user_Name2'] });
  });

  it('refuses unbalanced or nested braces', () => {
    for (const bad of ['{code', 'code}', '{a{b}}', '}{']) expect(scanPlaceholders(bad)).toEqual({ error: { kind: 'unbalanced' } });
  });

  it('refuses malformed names, dotted ones included', () => {
    expect(scanPlaceholders('{1abc}')).toEqual({ error: { kind: 'badName', name: '1abc' } });
    expect(scanPlaceholders('{}')).toEqual({ error: { kind: 'badName', name: '' } });
    expect(scanPlaceholders('{na-me}')).toEqual({ error: { kind: 'badName', name: 'na-me' } });
    expect(scanPlaceholders('{姓名}')).toEqual({ error: { kind: 'badName', name: '姓名' } });
    expect(scanPlaceholders('{customer.name}')).toEqual({ error: { kind: 'badName', name: 'customer.name' } });
  });
});

describe('scanPlaceholders (notice templates: dotted names)', () => {
  it('reads dotted customer variables and plain values', () => {
    expect(scanPlaceholders('尊敬的{customer.name}，请于{dueDate}前还款{amount}元', { dotted: true })).toEqual({
      names: ['customer.name', 'dueDate', 'amount'],
    });
  });

  it('refuses what the server refuses', () => {
    expect(scanPlaceholders('{customer.name', { dotted: true })).toEqual({ error: { kind: 'unbalanced' } });
    expect(scanPlaceholders('{a{b}}', { dotted: true })).toEqual({ error: { kind: 'unbalanced' } });
    for (const bad of ['customer.', '.name', 'customer..name', 'customer.1x'])
      expect(scanPlaceholders(`{${bad}}`, { dotted: true })).toEqual({ error: { kind: 'badName', name: bad } });
  });

  it('names: plain unless dotted is allowed', () => {
    expect(isPlaceholderName('dueDate')).toBe(true);
    expect(isPlaceholderName('customer.name')).toBe(false);
    expect(isPlaceholderName('customer.name', { dotted: true })).toBe(true);
  });
});

describe('fillPlaceholders', () => {
  it('fills the given values and keeps the missing or blank ones', () => {
    expect(fillPlaceholders('尊敬的{name}，应还{amount}元', { name: '张三', amount: ' ' })).toBe('尊敬的张三，应还{amount}元');
    expect(fillPlaceholders('{customer.name}您好，{dueDate}', { 'customer.name': '张三' })).toBe('张三您好，{dueDate}');
  });
});
