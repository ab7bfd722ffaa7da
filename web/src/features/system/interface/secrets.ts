/**
 * A secret input left blank means "keep the stored secret": the field is left out of the
 * request instead of being sent empty.
 */
export function withoutBlankSecret<T extends object>(values: T, field: keyof T & string): T {
  const value = values[field];
  if (typeof value === 'string' && value.trim() !== '') return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => key !== field)) as T;
}
