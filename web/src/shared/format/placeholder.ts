/**
 * The one `{name}` placeholder scanner of the workspace (README "Shared building blocks"), the
 * client's copy of the server's rules (`crates/service/src/providers/templates.rs`,
 * `scan_placeholders`): braces pair up without nesting; a name starts with an ASCII letter, then
 * ASCII letters, digits or `_`. SMS templates use plain names (`{code}`); customer notice
 * templates may also use dotted names, each part such a name (`{customer.name}`,
 * `dotted_placeholders`). Names come in order of first appearance, each once.
 *
 * Contract templates (`crates/service/src/operate/contract.rs`) use `{{variable}}` from a fixed
 * catalogue, checked by the server only; that is another syntax and not scanned here.
 */
export type PlaceholderError = { kind: 'unbalanced' } | { kind: 'badName'; name: string };

export type ScanResult = { names: string[] } | { error: PlaceholderError };

export interface ScanOptions {
  /** Allow dotted names (`{customer.name}`), as notice templates do. */
  dotted?: boolean;
}

const PART = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Whether `name` is a placeholder name (plain, or dotted when `dotted`). */
export function isPlaceholderName(name: string, { dotted = false }: ScanOptions = {}): boolean {
  return dotted ? name.split('.').every((part) => PART.test(part)) : PART.test(name);
}

/** The placeholder names of `content`, or what is wrong with its braces or names. */
export function scanPlaceholders(content: string, options: ScanOptions = {}): ScanResult {
  const names: string[] = [];
  let current: string | null = null;
  for (const c of content) {
    if (c === '{') {
      if (current !== null) return { error: { kind: 'unbalanced' } };
      current = '';
    } else if (c === '}') {
      if (current === null) return { error: { kind: 'unbalanced' } };
      if (!isPlaceholderName(current, options)) return { error: { kind: 'badName', name: current } };
      if (!names.includes(current)) names.push(current);
      current = null;
    } else if (current !== null) {
      current += c;
    }
  }
  if (current !== null) return { error: { kind: 'unbalanced' } };
  return { names };
}

/**
 * The content with each placeholder replaced by its value, for a preview; a placeholder whose
 * value is missing or blank stays as `{name}` (as the server's `render` leaves unknown names).
 */
export function fillPlaceholders(content: string, values: Readonly<Record<string, string | undefined>>): string {
  return content.replace(/\{([A-Za-z][A-Za-z0-9_.]*)\}/g, (whole, name: string) => {
    const value = values[name]?.trim();
    return value ? value : whole;
  });
}
