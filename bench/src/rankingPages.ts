/**
 * Which open tabs show the live ranking (ADR 023, seventh session). The server sends `ranking:update` only to
 * the sockets that follow it (`RANKING_FOLLOW`): the home page's ranking tabs once on screen, the landing
 * page's ranking, the floating widget while expanded, the home page's 인기 견적 tab. The soak and the support
 * section's push model that: `share` of the tabs are on such a page, the others on product pages, carts,
 * notifications or a chat. Default a quarter; BENCH_SOCKETS_RANKING_SHARE=1 has every socket follow it (the
 * mix measured before the ranking room, when every socket heard every snapshot).
 */
export const DEFAULT_RANKING_SHARE = 0.25;

export const rankingShareOf = (given: string | undefined): number => {
  const share = given === undefined || given === '' ? DEFAULT_RANKING_SHARE : Number(given);
  if (!(share >= 0 && share <= 1)) throw new Error(`BENCH_SOCKETS_RANKING_SHARE must be between 0 and 1, not ${given}`);
  return share;
};

/**
 * Whether the `n`th tab of a series shows the ranking: spread evenly, `share` of every run of tabs
 * (a quarter: every 4th, from the 4th).
 */
export const showsRanking = (n: number, share: number): boolean => share >= 1 || Math.floor((n + 1) * share) > Math.floor(n * share);
