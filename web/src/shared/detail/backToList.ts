import { useLocation, useNavigate } from 'react-router';
import { routeTable } from '../routing/routes';
import { trailOf, type TableEntry } from '../routing/table';
import { tagsState } from '../tabs/store';
import type { TagsState } from '../tabs/tags';

/**
 * Where a detail page's back button goes: its list (the route's `activeMenu`) at the address its
 * tab remembers, so the filters, sort and page the user left are there again (the list keeps them
 * in the URL query). Without an open tab, the list's plain path; without a list, undefined.
 */
export function listUrlOf(table: readonly TableEntry[], tags: TagsState, pathname: string): string | undefined {
  const screen = trailOf(table, pathname).at(-1);
  const list = screen?.kind === 'screen' ? screen.meta.activeMenu : undefined;
  if (!list) return undefined;
  return tags.visited.find((tag) => tag.key === list)?.fullPath ?? list;
}

/** The back button of a detail page (`DetailPage` `onBack`): to its list with the list's filters. */
export function useBackToList(fallback: string): () => void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return () => void navigate(listUrlOf(routeTable, tagsState(), pathname) ?? fallback);
}
