/**
 * Brands as the shop names them to shoppers (issue 30): 삼성, 애플, 구글 — the catalogue keeps its
 * English names ('Samsung') as keys, every screen and answer shows these. A brand without a Korean
 * name shows as it is.
 */
export const BRAND_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  samsung: '삼성', apple: '애플', google: '구글', lg: '엘지', xiaomi: '샤오미', oneplus: '원플러스',
};

/** 'Samsung' / 'samsung' → '삼성'; an unknown brand as given. */
export function brandDisplayName(brand: string): string {
  const key = brand.trim().toLowerCase();
  return Object.hasOwn(BRAND_DISPLAY_NAMES, key) ? BRAND_DISPLAY_NAMES[key]! : brand;
}
