import { useQuery } from '@tanstack/react-query';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { organizationApi, type Department } from './api';

/** The department tree, shared by the organization screen, the user filters and the user dialog. */
export const DEPARTMENTS_KEY = 'system.departments';

/**
 * The department tree, when the user may read it (`admin:organization:table`); a user managing
 * administrators without it sees no department pickers rather than a refusal message.
 */
export function useDepartments() {
  const held = usePermissions();
  return useQuery({
    queryKey: [DEPARTMENTS_KEY],
    queryFn: () => organizationApi.tree(),
    enabled: hasPermission('admin:organization:table', held),
  });
}

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

/** antd TreeSelect data for the departments; `exclude` (and its subtree) is left out, disabled ones are greyed. */
export function departmentOptions(tree: readonly Department[], { exclude, onlyEnabled = false }: { exclude?: number; onlyEnabled?: boolean } = {}): TreeOption[] {
  return tree
    .filter((department) => department.id !== exclude)
    .map((department) => ({
      value: department.id,
      title: department.name,
      disabled: onlyEnabled && !department.enabled,
      children: departmentOptions(department.children, { ...(exclude === undefined ? {} : { exclude }), onlyEnabled }),
    }));
}
