import type { components } from '../../api/schema';

/**
 * The shapes of 逾期挂账 (the instalments the platform advanced, docs/advances.md): aliases of the
 * generated `src/api/schema.d.ts`. Money is integer fen, dates `YYYY-MM-DD`.
 */

type Schemas = components['schemas'];

export type AdvanceData = Schemas['AdvanceData'];
export type AdvancePageBody = Schemas['AdvancePageBody'];
export type OrderChoicesData = Schemas['OrderChoicesData'];
