import * as z from 'zod/mini';

/* The search answers' schemas: loaded with the first search (search.ts), not with the header's search box (ADR 009). */

export const searchResultSchema = z.object({
  id: z.pipe(
    z.union([z.string(), z.number()]),
    z.transform((v) => String(v)),
  ),
  name: z.string(),
  brand: z.string(),
  monthly: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultsSchema = z.array(searchResultSchema);

export const searchCountedSchema = z.object({ counted: z.boolean() });
