import { sellerListingOf, type SellerListing } from '@phonemarket/contracts';
import { streams, type EventStore } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { sellerProductDecider, sellerProductIdOf } from './sellerProduct.ts';

/**
 * The seller's own listing an offer is of, as it is shown now (from its stream, as the catalogue shows it):
 * title, description, photos, battery and the seller's 보증/반품 terms. Null for a catalogue offer.
 */
export async function loadListingShown(store: EventStore, offerId: string): Promise<SellerListing | null> {
  const productId = sellerProductIdOf(offerId);
  if (productId === null) return null;
  const product = (await loadAggregate(store, streams.sellerProduct(productId), sellerProductDecider)).state;
  return product.status === 'listed' && product.offerId === offerId ? sellerListingOf(productId, product) : null;
}
