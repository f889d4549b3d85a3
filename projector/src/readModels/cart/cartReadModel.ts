import type { DiscountType, JoinType, OfferCarrier } from '@phonemarket/contracts';
import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection, readModelGroup } from '../docProjection.ts';
import { pushRooms } from '../../outbox.ts';
import { phoneImage } from '../shared.ts';

export const CARTS = 'carts';
/**
 * What the carts keep of the catalogue to show a line: each phone model's name and brand
 * (`model:<modelId>`) and each offer's model as listed (`offer:<offerId>`; an offer of an unknown model is none).
 */
export const CART_LOOKUPS = 'cartLookups';
interface ModelLookupDoc extends Doc { name: string; brand: string; _pos: number }
interface OfferLookupDoc extends Doc { modelId: string; name: string; brand: string; img: string; _pos: number }
const modelKey = (modelId: string) => `model:${modelId}`;
const offerKey = (offerId: string) => `offer:${offerId}`;

const cartLookups = [
  docProjection<ModelLookupDoc, 'PhoneModelDefined'>({
    name: 'cartModels',
    collection: CART_LOOKUPS,
    canHandle: ['PhoneModelDefined'],
    id: (e) => modelKey(e.data.modelId),
    evolve: (_doc, { data }) => ({ name: data.name, brand: data.brand }),
  }),
  docProjection<OfferLookupDoc, 'OfferListed'>({
    name: 'cartOffers',
    collection: CART_LOOKUPS,
    canHandle: ['OfferListed'],
    id: (e) => offerKey(e.data.offerId),
    async evolve(_doc, { data }, { docs }) {
      const model = await docs.collection<ModelLookupDoc>(CART_LOOKUPS).get(modelKey(data.modelId));
      return model ? { modelId: data.modelId, name: model.name, brand: model.brand, img: phoneImage(data.modelId) } : null;
    },
  }),
];

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
  /** Issue 40: the plan after 요금제 유지 (null: the default) and the card tick (absent in older lines: neither). */
  laterPlanId?: string | null;
  cardUsed?: boolean;
}

export interface CartDoc extends Doc { items: CartItemDoc[]; _pos: number }

/** One document per account's cart; its owner's open tabs hear `cart:updated`. */
const cartsReadModel = docProjection<CartDoc, 'CartItemAdded' | 'CartItemQuantityChanged' | 'CartItemChoiceChanged' | 'CartItemRemoved' | 'CartCheckedOut'>({
  collection: CARTS,
  canHandle: ['CartItemAdded', 'CartItemQuantityChanged', 'CartItemChoiceChanged', 'CartItemRemoved', 'CartCheckedOut'],
  id: (event) => streams.cartOwner(event.stream),
  async evolve(cart, event, { docs }) {
    const items = cart?.items ?? [];
    switch (event.type) {
      case 'CartItemAdded': {
        const offer = await docs.collection<OfferLookupDoc>(CART_LOOKUPS).get(offerKey(event.data.productId));
        return {
          items: [...items, {
            ...event.data, modelId: offer?.modelId ?? '', name: offer?.name ?? event.data.productId, brand: offer?.brand ?? '', image: offer?.img ?? '',
          }],
        };
      }
      case 'CartItemQuantityChanged':
        return { items: items.map((i) => (i.itemId === event.data.itemId ? { ...i, quantity: event.data.quantity } : i)) };
      case 'CartItemChoiceChanged':
        return { items: items.map((i) => (i.itemId === event.data.itemId ? { ...i, laterPlanId: event.data.laterPlanId, cardUsed: event.data.cardUsed } : i)) };
      case 'CartItemRemoved':
        return { items: items.filter((i) => i.itemId !== event.data.itemId) };
      case 'CartCheckedOut':
        return { items: [] };
    }
  },
  push: (cart, event) => [{ topic: 'cartUpdated', room: pushRooms.user(streams.cartOwner(event.stream)), payload: { count: cart.items.length } }],
});

/** Carts, with what they keep of the catalogue. */
export const cartReadModel = readModelGroup('cart', [...cartLookups, cartsReadModel], { version: 15 });
