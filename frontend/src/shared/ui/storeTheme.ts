import type { StoreTheme } from '@phonemarket/contracts';

/** A store's theme (spec §3 `stores.theme`) as the colour palette its page and the /my-store preview use. */
export const STORE_THEME_PALETTE: Record<StoreTheme, string> = {
  default: 'brand', blue: 'blue', green: 'green', purple: 'purple', orange: 'orange', pink: 'pink',
};
