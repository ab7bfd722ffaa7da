/** What is wrong with a template's braces or names (mirrors the server's check). */
export type PlaceholderError = { kind: 'unbalanced' } | { kind: 'badName'; name: string };

const NAME = /^[a-zA-Z][a-zA-Z0-9_]*$/;

/**
 * The `{placeholder}` names of an SMS template, in order of first appearance, or what is wrong:
 * braces must pair up without nesting and names start with a letter, then letters, digits or `_`.
 */
export function parsePlaceholders(content: string): { names: string[] } | { error: PlaceholderError } {
  const names: string[] = [];
  let current: string | null = null;
  for (const c of content) {
    if (c === '{') {
      if (current !== null) return { error: { kind: 'unbalanced' } };
      current = '';
    } else if (c === '}') {
      if (current === null) return { error: { kind: 'unbalanced' } };
      if (!NAME.test(current)) return { error: { kind: 'badName', name: current } };
      if (!names.includes(current)) names.push(current);
      current = null;
    } else if (current !== null) {
      current += c;
    }
  }
  if (current !== null) return { error: { kind: 'unbalanced' } };
  return { names };
}

/** The template with each placeholder replaced by its value (blank ones stay as `{name}`). */
export function preview(content: string, params: Record<string, string | undefined>): string {
  return content.replace(/\{([a-zA-Z][a-zA-Z0-9_]*)\}/g, (whole, name: string) => {
    const value = params[name]?.trim();
    return value ? value : whole;
  });
}
