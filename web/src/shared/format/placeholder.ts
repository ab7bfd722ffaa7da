/**
 * The one placeholder scanner of the workspace (README "Shared building blocks"), the client's
 * copy of the server's rules (`crates/domain/src/placeholder.rs`). SMS templates, notice
 * templates and contract bodies all write placeholders `{{name}}`, blanks inside the braces
 * ignored (`{{ name }}` is the same placeholder); a lone `{` or `}` is text.
 *
 * What a name may be differs per use (`NameRule`): SMS templates take a word (an ASCII letter,
 * then ASCII letters, digits or `_`: `{{code}}`), notice templates also dotted names, each part
 * such a word (`{{customer.name}}`), contract bodies any name (checked against their catalogue).
 * SMS and notice templates wrote `{name}` before; such a placeholder is refused with the way to
 * write it now (`singleBraces`). Names come in order of first appearance, each once.
 */
export type NameRule = 'word' | 'dotted' | 'any';

export type PlaceholderError =
  /** A `}}` without its `{{`, a `{{` without its `}}`, or an empty or nested `{{}}`. */
  | { kind: 'unbalanced' }
  | { kind: 'badName'; name: string }
  /** `{name}` written the former way: it must be `{{name}}`. */
  | { kind: 'singleBraces'; name: string };

export type ScanResult = { names: string[] } | { error: PlaceholderError };

const WORD = /^[A-Za-z][A-Za-z0-9_]*$/;
const OPEN = '{{';
const CLOSE = '}}';

/** Whether `name` is a placeholder name under `rule`. */
export function isPlaceholderName(name: string, rule: NameRule = 'word'): boolean {
  switch (rule) {
    case 'word':
      return WORD.test(name);
    case 'dotted':
      return name.split('.').every((part) => WORD.test(part));
    case 'any':
      return name !== '' && !name.includes('{');
  }
}

/** `{{name}}`, as an editor inserts it. */
export function placeholder(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** The first `{name}` (single braces) of `text` that `rule` would accept as a name. */
function singleBraceName(text: string, rule: NameRule): string | undefined {
  if (rule === 'any') return undefined;
  for (const match of text.matchAll(/\{([^{}]*)\}/g)) {
    const name = (match[1] ?? '').trim();
    if (isPlaceholderName(name, rule)) return name;
  }
  return undefined;
}

function checkText(text: string, rule: NameRule): PlaceholderError | undefined {
  if (text.includes(CLOSE)) return { kind: 'unbalanced' };
  const single = singleBraceName(text, rule);
  return single === undefined ? undefined : { kind: 'singleBraces', name: single };
}

/** The placeholder names of `content`, or what is wrong with its braces or names. */
export function scanPlaceholders(content: string, rule: NameRule = 'word'): ScanResult {
  const names: string[] = [];
  let rest = content;
  for (let start = rest.indexOf(OPEN); start >= 0; start = rest.indexOf(OPEN)) {
    const textError = checkText(rest.slice(0, start), rule);
    if (textError) return { error: textError };
    const after = rest.slice(start + OPEN.length);
    const end = after.indexOf(CLOSE);
    if (end < 0) return { error: { kind: 'unbalanced' } };
    const name = after.slice(0, end).trim();
    if (name === '' || name.includes('{')) return { error: { kind: 'unbalanced' } };
    if (!isPlaceholderName(name, rule)) return { error: { kind: 'badName', name } };
    if (!names.includes(name)) names.push(name);
    rest = after.slice(end + CLOSE.length);
  }
  const textError = checkText(rest, rule);
  return textError ? { error: textError } : { names };
}

/**
 * `content` with each `{{name}}` replaced by `replace(name)`; where it answers `undefined` the
 * placeholder stays as written.
 */
export function replacePlaceholders(content: string, replace: (name: string) => string | undefined): string {
  return content.replace(/\{\{([^{}]*?)\}\}/g, (whole, raw: string) => replace(raw.trim()) ?? whole);
}

/**
 * The content with each placeholder replaced by its value, for a preview; a placeholder whose
 * value is missing or blank stays as `{{name}}` (as the server leaves unknown names).
 */
export function fillPlaceholders(content: string, values: Readonly<Record<string, string | undefined>>): string {
  return replacePlaceholders(content, (name) => values[name]?.trim() || undefined);
}

/**
 * The names of the `{{…}}` placeholders of `content` that are complete, each once, in order, even
 * while the rest of the text does not scan yet (what an editor lists as the user types).
 */
export function listPlaceholders(content: string): string[] {
  const names: string[] = [];
  replacePlaceholders(content, (name) => {
    if (name !== '' && !names.includes(name)) names.push(name);
    return undefined;
  });
  return names;
}
