import type { components } from '../../api/schema';

/**
 * The shapes of 逾期管理 (overdue orders and their collection notes, docs/overdue.md): aliases of
 * the generated `src/api/schema.d.ts`. Money is integer fen, dates `YYYY-MM-DD`, times epoch ms.
 */

type Schemas = components['schemas'];

/** How the customer was contacted (`crates/service/src/order/overdue.rs`, `METHODS`), in the server's order. */
export const METHODS = ['PHONE', 'SMS', 'VISIT', 'LETTER', 'OTHER'] as const;
export type Method = (typeof METHODS)[number];

export type OrderPageBody = Schemas['OrderPageBody'];
export type OrderRowData = Schemas['OrderRowData'];
export type CollectionNoteData = Schemas['CollectionNoteData'];
export type CollectionNoteBody = Schemas['CollectionNoteBody'];
export type ExportData = Schemas['ExportData'];
export type OrderChoicesData = Schemas['OrderChoicesData'];
export type OrderRulesData = Schemas['OrderRulesData'];
