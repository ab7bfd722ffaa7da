import { listPlaceholders, replacePlaceholders, scanPlaceholders } from '../../shared/format/placeholder';

/**
 * The customer variables of a notice template (`crates/service/src/operate/notice.rs`,
 * `CUSTOMER_VARIABLES`): filled from the customer; every other placeholder is typed in by the sender.
 */
export const CUSTOMER_VARIABLES = ['customer.name', 'customer.customerNo'] as const;
export type CustomerVariable = (typeof CUSTOMER_VARIABLES)[number];

/** The key of a customer variable's label in the `operate` texts (`notice.customerVars.*`). */
export function customerVariableKey(name: CustomerVariable): string {
  return `notice.customerVars.${name.slice('customer.'.length)}`;
}

export function isCustomerVariable(name: string): name is CustomerVariable {
  return (CUSTOMER_VARIABLES as readonly string[]).includes(name);
}

/** The values a sender types in: placeholders that are not customer variables (the server's `split_placeholders`). */
export function sendParams(content: string): string[] {
  const parsed = scanPlaceholders(content, 'dotted');
  if (!('names' in parsed)) return [];
  return parsed.names.filter((n) => !isCustomerVariable(n));
}

/**
 * A template's text as people read it: each `{{name}}` that has a label becomes 【label】 (a
 * customer variable shows 【客户姓名/名称】, not `{{customer.name}}`); other text is unchanged.
 */
export function withLabels(content: string, labelOf: (name: string) => string | undefined): string {
  return replacePlaceholders(content, (name) => {
    const label = labelOf(name);
    return label ? `【${label}】` : undefined;
  });
}

/** The `{{variable}}` names of a contract body (spaces inside the braces ignored, as the server does), in order, each once. */
export function contractVariables(body: string): string[] {
  return listPlaceholders(body);
}
