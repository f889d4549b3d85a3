import type { SellerStatus } from '@phonemarket/contracts';
import { streams, type EventStore, type PhoneModelDefined, type StoredEvent } from '@phonemarket/events';
import { loadAggregate } from '../../shared/commandHandler.ts';

/*
 * What buyback reads of other streams, folded here (a feature never imports another's folder): a
 * shop's standing, store name and address (its `seller-<id>` stream), a phone model's variants.
 */
export interface ShopStanding { status: SellerStatus | 'none'; storeName: string; address: string | null }
const shopFold = {
  initialState: (): ShopStanding => ({ status: 'none', storeName: '', address: null }),
  evolve(state: ShopStanding, event: StoredEvent): ShopStanding {
    switch (event.type) {
      case 'SellerOnboarded': return { ...state, status: event.data.status, storeName: event.data.storeName };
      case 'SellerStatusChanged': return { ...state, status: event.data.to };
      case 'SellerStoreRenamed': return { ...state, storeName: event.data.to };
      // The 사업자 정보's address: where a parcel goes (issue 39).
      case 'SellerBusinessInfoChanged': return event.data.changes.address === undefined ? state : { ...state, address: event.data.changes.address };
      default: return state;
    }
  },
};
export const loadShop = async (store: EventStore, sellerId: string) => (await loadAggregate(store, streams.seller(sellerId), shopFold)).state;

const modelFold = {
  initialState: (): PhoneModelDefined | null => null,
  evolve: (state: PhoneModelDefined | null, event: StoredEvent) => (event.type === 'PhoneModelDefined' ? event.data : state),
};
export const loadModel = async (store: EventStore, modelId: string) => (await loadAggregate(store, streams.phoneModel(modelId), modelFold)).state;
