import { describe, expect, it } from 'vitest';
import { parsePlaceholders, preview } from './placeholders';

describe('parsePlaceholders', () => {
  it('lists names once, in order', () => {
    expect(parsePlaceholders('尊敬的{name}，订单{orderNo}，{name}')).toEqual({ names: ['name', 'orderNo'] });
    expect(parsePlaceholders('没有占位符')).toEqual({ names: [] });
    expect(parsePlaceholders('{user_Name2}')).toEqual({ names: ['user_Name2'] });
  });
  it('refuses unbalanced or nested braces', () => {
    for (const bad of ['{code', 'code}', '{a{b}}', '}{'])
      expect(parsePlaceholders(bad)).toEqual({ error: { kind: 'unbalanced' } });
  });
  it('refuses malformed names', () => {
    expect(parsePlaceholders('{1abc}')).toEqual({ error: { kind: 'badName', name: '1abc' } });
    expect(parsePlaceholders('{}')).toEqual({ error: { kind: 'badName', name: '' } });
    expect(parsePlaceholders('{na-me}')).toEqual({ error: { kind: 'badName', name: 'na-me' } });
  });
});

describe('preview', () => {
  it('fills the given values and keeps the others', () => {
    expect(preview('尊敬的{name}，应还{amount}元', { name: '张三', amount: ' ' })).toBe('尊敬的张三，应还{amount}元');
  });
});
