/** 1.2 MB, 340 KB. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** The detail page of a customer. */
export function detailPath(id: number): string {
  return `/operate/customerManagement/detail/${id}`;
}

