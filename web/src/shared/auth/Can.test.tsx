import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Can } from './Can';
import { clearRoles, hasAnyPermission, hasPermission, setRoles, usePermissions } from './permissions';

function Toolbar() {
  return (
    <div>
      <Can perm="admin:user:create">
        <button type="button">新增</button>
      </Can>
      <Can perm="admin:user:delete" fallback={<span>无删除权限</span>}>
        <button type="button">删除</button>
      </Can>
      <Can anyOf={['admin:user:export', 'admin:logs:table']}>
        <button type="button">导出</button>
      </Can>
      <Can>
        <button type="button">刷新</button>
      </Can>
    </div>
  );
}

const buttons = () => screen.queryAllByRole('button').map((button) => button.textContent);

describe('<Can> (the product specification: an element whose permission the user lacks is hidden)', () => {
  it('hides everything that needs a permission while the roles are not loaded', () => {
    render(<Toolbar />);
    expect(buttons()).toEqual(['刷新']);
    expect(screen.getByText('无删除权限')).toBeTruthy();
  });

  it('shows what the user holds, hides the rest', () => {
    setRoles(['admin:user:create', 'admin:logs:table']);
    render(<Toolbar />);
    expect(buttons()).toEqual(['新增', '导出', '刷新']);
  });

  it('follows a change of the permissions without remounting', () => {
    setRoles(['admin:user:create']);
    render(<Toolbar />);
    expect(buttons()).toEqual(['新增', '刷新']);

    act(() => setRoles(['admin:user:delete', 'admin:user:export']));
    expect(buttons()).toEqual(['删除', '导出', '刷新']);
    expect(screen.queryByText('无删除权限')).toBeNull();

    act(() => clearRoles());
    expect(buttons()).toEqual(['刷新']);
  });

  it('with both perm and anyOf, both must be satisfied', () => {
    setRoles(['admin:order_info:table']);
    render(
      <Can perm="admin:order_info:table" anyOf={['admin:order_info:review', 'admin:order_info:allocate']}>
        <button type="button">审核</button>
      </Can>,
    );
    expect(buttons()).toEqual([]);
    act(() => setRoles(['admin:order_info:table', 'admin:order_info:allocate']));
    expect(buttons()).toEqual(['审核']);
  });

  it('usePermissions re-renders its component with the current list', () => {
    function List() {
      return <p>{usePermissions().join(',') || '—'}</p>;
    }
    render(<List />);
    expect(screen.getByText('—')).toBeTruthy();
    act(() => setRoles(['capital:order:table']));
    expect(screen.getByText('capital:order:table')).toBeTruthy();
  });
});

describe('hasPermission / hasAnyPermission', () => {
  it.each<[string | undefined, string[], boolean]>([
    [undefined, [], true],
    ['admin:user:table', ['admin:user:table'], true],
    ['admin:user:table', ['admin:user:create'], false],
    ['admin:user:table', [], false],
  ])('%s with %j → %s', (permission, held, expected) => {
    expect(hasPermission(permission, held)).toBe(expected);
  });

  it('any-of semantics, an empty list requires nothing', () => {
    expect(hasAnyPermission([], [])).toBe(true);
    expect(hasAnyPermission(['a', 'b'], ['b'])).toBe(true);
    expect(hasAnyPermission(['a', 'b'], ['c'])).toBe(false);
  });

  it('reads the loaded roles by default', () => {
    expect(hasPermission('admin:user:table')).toBe(false);
    setRoles(['admin:user:table']);
    expect(hasPermission('admin:user:table')).toBe(true);
    expect(hasAnyPermission(['x', 'admin:user:table'])).toBe(true);
  });
});
