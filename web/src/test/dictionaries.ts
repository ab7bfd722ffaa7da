/** Every key path of a nested dictionary, sorted. */
export function dictionaryKeys(value: object, prefix = ''): string[] {
  return Object.entries(value)
    .flatMap(([key, child]: [string, unknown]) =>
      typeof child === 'object' && child !== null ? dictionaryKeys(child, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

/** The text at a dotted key path. */
export function dictionaryText(dictionary: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], dictionary);
}
