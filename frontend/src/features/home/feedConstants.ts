/** Spec §9: feed page size 8 (and 8 skeleton cards). */
export const FEED_PAGE_SIZE = 8;
/** Anchor of the product feed section. */
export const FEED_ID = 'feed';
