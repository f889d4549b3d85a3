import type { DiscountType, JoinType, OfferCarrier } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';
import { pushRooms } from '../../outbox.ts';
import { OFFERS, type OfferDoc } from '../offers/offersReadModel.ts';

export const CARTS = 'carts';

/** A cart line as stored: the offer, the buyer's choices and the 할부원금 when carted. query-api prices it now (`GET /api/cart`). */
export interface CartItemDoc {
  itemId: string;
  /** The offer id. */
  productId: string;
  modelId: string;
  name: string;
  brand: string;
  image: string;
  quantity: number;
  color: string;
  storage: number;
  carrier: OfferCarrier;
  joinType: JoinType | null;
  planId: string | null;
  discount: DiscountType;
  months: number;
  /** 할부원금 when it was carted. */
  unitPrice: number;
}

export interface CartDoc extends Doc { items: CartItemDoc[]; _pos: number }

/** One document per account's cart; its owner's open tabs hear `cart:updated`. */
export const cartReadModel = docProjection<CartDoc, 'CartItemAdded' | 'CartItemQuantityChanged' | 'CartItemRemoved' | 'CartCheckedOut'>({
  name: 'cart',
  collection: CARTS,
  canHandle: ['CartItemAdded', 'CartItemQuantityChanged', 'CartItemRemoved', 'CartCheckedOut'],
  id: (event) => streams.cartOwner(event.stream),
  async evolve(cart, event, { docs }) {
    const items = cart?.items ?? [];
    switch (event.type) {
      case 'CartItemAdded': {
        const offer = await docs.collection<OfferDoc>(OFFERS).get(event.data.productId);
        return {
          items: [...items, {
            ...event.data, modelId: offer?.modelId ?? '', name: offer?.name ?? event.data.productId, brand: offer?.brand ?? '', image: offer?.img ?? '',
          }],
        };
      }
      case 'CartItemQuantityChanged':
        return { items: items.map((i) => (i.itemId === event.data.itemId ? { ...i, quantity: event.data.quantity } : i)) };
      case 'CartItemRemoved':
        return { items: items.filter((i) => i.itemId !== event.data.itemId) };
      case 'CartCheckedOut':
        return { items: [] };
    }
  },
  push: (cart, event) => [{ topic: 'cart', room: pushRooms.user(streams.cartOwner(event.stream)), payload: { count: cart.items.length } }],
});
