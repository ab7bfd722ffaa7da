import { describe, expect, it } from 'vitest';
import { formatRange, parseRange, readQuery, toRequestBody, withFilters, writeQuery, type FilterSpec } from './query';

const FILTERS: FilterSpec[] = [
  { name: 'name', kind: 'text' },
  { name: 'departmentId', kind: 'number' },
  { name: 'enabled', kind: 'boolean' },
  { name: 'outcome', kind: 'choice' },
  { name: 'time', kind: 'range' },
];

describe('list query in the URL', () => {
  it('a fresh URL is page 1 of 10 with the default sort and no filters', () => {
    expect(readQuery(new URLSearchParams(''), FILTERS, { field: 'id', order: 'asc' })).toEqual({
      page: 1,
      size: 10,
      sort: { field: 'id', order: 'asc' },
      filters: {},
    });
  });

  it('round-trips page, size, sort and filters, leaving defaults out of the URL', () => {
    const query = { page: 3, size: 50, sort: { field: 'createdAt', order: 'desc' as const }, filters: { name: '王 芳', enabled: 'false' } };
    const params = writeQuery(query, { field: 'id', order: 'asc' });
    expect(params.toString()).toBe('name=%E7%8E%8B+%E8%8A%B3&enabled=false&sort=createdAt%2Cdesc&page=3&size=50');
    expect(readQuery(params, FILTERS, { field: 'id', order: 'asc' })).toEqual(query);
    expect(writeQuery({ page: 1, size: 10, sort: { field: 'id', order: 'asc' }, filters: {} }, { field: 'id', order: 'asc' }).toString()).toBe('');
  });

  it('ignores malformed or unknown parameters', () => {
    const params = new URLSearchParams('page=-2&size=37&sort=drop table;,asc&other=1&name=%20%20');
    expect(readQuery(params, FILTERS)).toEqual({ page: 1, size: 10, filters: {} });
    expect(readQuery(new URLSearchParams('page=abc&size=20'), FILTERS)).toMatchObject({ page: 1, size: 20 });
  });

  it('builds the request body with typed values and trimmed text', () => {
    const body = toRequestBody(
      {
        page: 2,
        size: 20,
        sort: { field: 'name', order: 'asc' },
        filters: { name: '  张 ', departmentId: '7', enabled: 'true', outcome: 'failure', time: '1700000000000~1700086400000' },
      },
      FILTERS,
    );
    expect(body).toEqual({
      page: 2,
      size: 20,
      sort: { field: 'name', order: 'asc' },
      name: '张',
      departmentId: 7,
      enabled: true,
      outcome: 'failure',
      from: 1700000000000,
      to: 1700086400000,
    });
  });

  it('leaves out filters that are empty or not valid for their kind', () => {
    expect(toRequestBody({ page: 1, size: 10, filters: { name: ' ', enabled: 'maybe', departmentId: 'x', time: '~' } }, FILTERS)).toEqual({
      page: 1,
      size: 10,
    });
  });

  it('ranges may be open at one end', () => {
    expect(formatRange(undefined, 5)).toBe('~5');
    expect(parseRange('~5')).toEqual({ to: 5 });
    expect(parseRange('7~')).toEqual({ from: 7 });
    expect(formatRange(undefined, undefined)).toBe('');
  });

  it('new filters go back to page 1 and drop empty values', () => {
    expect(withFilters({ page: 4, size: 30, filters: { name: 'a' } }, { name: '', outcome: 'success' })).toEqual({
      page: 1,
      size: 30,
      filters: { outcome: 'success' },
    });
  });

  it('uses the configured default size when the URL names none, and leaves it out of the URL', () => {
    expect(readQuery(new URLSearchParams(''), FILTERS, undefined, 30)).toEqual({ page: 1, size: 30, filters: {} });
    expect(readQuery(new URLSearchParams('size=10'), FILTERS, undefined, 30)).toMatchObject({ size: 10 });
    expect(writeQuery({ page: 1, size: 30, filters: {} }, undefined, 30).toString()).toBe('');
    expect(writeQuery({ page: 1, size: 10, filters: {} }, undefined, 30).toString()).toBe('size=10');
  });
});
