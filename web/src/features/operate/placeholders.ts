/** `{name}` placeholders of a notice (dotted names allowed: `{customer.name}`), as the server reads them. */
export type Parsed = { names: string[] } | { error: { kind: 'unbalanced' } | { kind: 'badName'; name: string } };

const PART = /^[A-Za-z][A-Za-z0-9_]*$/;
export const CUSTOMER_VARIABLES = ['customer.name', 'customer.customerNo'] as const;

export function parsePlaceholders(content: string): Parsed {
  const names: string[] = [];
  let current: string | null = null;
  for (const c of content) {
    if (c === '{') {
      if (current !== null) return { error: { kind: 'unbalanced' } };
      current = '';
    } else if (c === '}') {
      if (current === null) return { error: { kind: 'unbalanced' } };
      if (!current.split('.').every((part) => PART.test(part))) return { error: { kind: 'badName', name: current } };
      if (!names.includes(current)) names.push(current);
      current = null;
    } else if (current !== null) {
      current += c;
    }
  }
  if (current !== null) return { error: { kind: 'unbalanced' } };
  return { names };
}

/** The values a sender types in: placeholders that are not customer variables. */
export function sendParams(content: string): string[] {
  const parsed = parsePlaceholders(content);
  if (!('names' in parsed)) return [];
  return parsed.names.filter((n) => !(CUSTOMER_VARIABLES as readonly string[]).includes(n));
}

/** The content with the values filled in (customer variables shown as given in `sample`). */
export function fill(content: string, values: Record<string, string | undefined>): string {
  return content.replace(/\{([A-Za-z][A-Za-z0-9_.]*)\}/g, (whole, name: string) => values[name] || whole);
}
