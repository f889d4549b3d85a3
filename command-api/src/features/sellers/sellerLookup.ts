import { streams, type EventStore } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';
import { sellerDecider, type SellerState } from './seller.ts';

/** The seller (stream `seller-<id>`) as the command side knows it. */
export async function loadSeller(store: EventStore, sellerId: string): Promise<SellerState> {
  return (await loadAggregate(store, streams.seller(sellerId), sellerDecider)).state;
}
