import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';

export const SEARCH_COUNTS = 'searchCounts';

/** How often a term was searched on one day (UTC): the popular searches sum the last 7 days. */
export interface SearchCountDoc extends Doc { term: string; day: string; count: number; _pos: number }

const termKey = (term: string) => term.toLowerCase();

/** One document per (day, term), counted from `SearchPerformed` (already deduplicated per visitor by the command). */
export const popularSearchesReadModel = docProjection<SearchCountDoc, 'SearchPerformed'>({
  name: 'popularSearches',
  version: 2,
  collection: SEARCH_COUNTS,
  canHandle: ['SearchPerformed'],
  id: (e) => `${e.metadata.at.slice(0, 10)}|${termKey(e.data.term)}`,
  evolve: (doc, e) => ({ term: doc?.term ?? e.data.term, day: e.metadata.at.slice(0, 10), count: (doc?.count ?? 0) + 1 }),
  setup: async (docs) => { await docs.collection(SEARCH_COUNTS).createIndex({ day: 1 }); },
});
