/*
 * The search answers' schemas: loaded with the first search (search.ts), not with the header's search box (ADR 009).
 * A suggestion is the contracts' `searchSuggestionSchema` (the server's answer, s60) and a recorded search's answer
 * `countedAnswerSchema` (s61), loaded with the contracts' models module the popular searches load too.
 */
export {
  countedAnswerSchema as searchCountedSchema, searchSuggestionsSchema as searchResultsSchema, type SearchSuggestion as SearchResult,
} from '@phonemarket/contracts/models.ts';
