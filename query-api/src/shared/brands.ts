import { CATEGORY_KEYS } from '@phonemarket/events';
import { BRANDS, type DocStore } from '@phonemarket/projector';

/** A brand id or name (any case) from the brand catalogue, or one of the six category keys. */
export async function knownBrand(docs: DocStore, value: string): Promise<boolean> {
  const lower = value.toLowerCase();
  if (CATEGORY_KEYS.some((k) => k.toLowerCase() === lower)) return true;
  const brands = await docs.collection(BRANDS).find({});
  return brands.some((b) => b._id === lower || String(b.name).toLowerCase() === lower);
}
