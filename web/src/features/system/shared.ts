import { useQuery } from '@tanstack/react-query';
import { hasPermission, usePermissions } from '../../shared/auth/permissions';
import { currentLanguage } from '../../shared/i18n';
import { parseTime } from '../../shared/utils/time';
import { organizationApi, type Department } from './api';

/** Date and time as the staff read it: 2026-11-22 09:30:15 (spec §9's default format). */
export function formatDateTime(ms: number | null | undefined): string {
  return parseTime(ms ?? null, undefined, currentLanguage()) ?? '—';
}

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
