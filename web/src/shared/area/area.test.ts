import { describe, expect, it } from 'vitest';
import { areaNames, type Area } from './area';

const tree: Area[] = [
  {
    code: '440000',
    name: '广东省',
    children: [{ code: '440300', name: '深圳市', children: [{ code: '440305', name: '南山区', children: [] }] }],
  },
];

describe('area names', () => {
  it('follows the codes down the tree', () => {
    expect(areaNames(tree, ['440000', '440300', '440305'])).toEqual(['广东省', '深圳市', '南山区']);
  });
  it('stops at an unknown or missing code', () => {
    expect(areaNames(tree, ['440000', '999999', '440305'])).toEqual(['广东省']);
    expect(areaNames(tree, ['440000', null])).toEqual(['广东省']);
  });
});
