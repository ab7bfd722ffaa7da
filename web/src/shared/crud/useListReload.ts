import { useQueryClient } from '@tanstack/react-query';

/** Reloads a list page's rows (after a dialog saved something). */
export function useListReload(listKey: string): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [listKey] });
}
