import { streams } from '@phonemarket/events';
import type { Doc } from '../../docstore/types.ts';
import { docProjection } from '../docProjection.ts';
import { pushRooms } from '../../outbox.ts';
import { PRODUCTS, type ProductDoc } from '../products/productsReadModel.ts';

export const CARTS = 'carts';

export interface CartItemDoc {
  itemId: string;
  productId: string;
  name: string;
  brand: string;
  image: string;
  /** Unit price when added. */
  price: number;
  /** The product's listed price now: the spec's originalPrice (discount = original − price). */
  originalPrice: number;
  quantity: number;
  color: string;
  storage: number;
  carrier: string;
}

export interface CartDoc extends Doc { items: CartItemDoc[]; _pos: number }

/** One document per account's cart, in the spec's cart item shape; its owner's open tabs hear `cart:updated`. */
export const cartReadModel = docProjection<CartDoc, 'CartItemAdded' | 'CartItemQuantityChanged' | 'CartItemRemoved'>({
  name: 'cart',
  collection: CARTS,
  canHandle: ['CartItemAdded', 'CartItemQuantityChanged', 'CartItemRemoved'],
  id: (event) => streams.cartOwner(event.stream),
  async evolve(cart, event, { docs }) {
    const items = cart?.items ?? [];
    switch (event.type) {
      case 'CartItemAdded': {
        const product = await docs.collection<ProductDoc>(PRODUCTS).get(event.data.productId);
        const { itemId, productId, quantity, color, storage, carrier, unitPrice } = event.data;
        return {
          items: [...items, {
            itemId, productId, quantity, color, storage, carrier, price: unitPrice,
            name: product?.name ?? productId, brand: product?.brand ?? '', image: product?.img ?? '', originalPrice: Math.max(unitPrice, product?.price ?? unitPrice),
          }],
        };
      }
      case 'CartItemQuantityChanged':
        return { items: items.map((i) => (i.itemId === event.data.itemId ? { ...i, quantity: event.data.quantity } : i)) };
      case 'CartItemRemoved':
        return { items: items.filter((i) => i.itemId !== event.data.itemId) };
    }
  },
  push: (cart, event) => [{ topic: 'cart', room: pushRooms.user(streams.cartOwner(event.stream)), payload: { count: cart.items.length } }],
});
