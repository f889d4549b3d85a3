import type { Doc } from '../../docstore/types.ts';
import { alreadyApplied, type ReadModel } from '../types.ts';
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

const cartOwner = (stream: string) => stream.slice('cart-'.length);

/** One document per account's cart, in the spec's cart item shape. */
export const cartsReadModel: ReadModel = {
  name: 'carts',
  collections: [CARTS],
  async apply(event, { docs, position }) {
    if (event.type !== 'CartItemAdded' && event.type !== 'CartItemQuantityChanged' && event.type !== 'CartItemRemoved') return;
    const carts = docs.collection<CartDoc>(CARTS);
    const userId = cartOwner(event.stream);
    const cart = (await carts.get(userId)) ?? { _id: userId, items: [], _pos: 0 };
    if (alreadyApplied(cart, position)) return;
    switch (event.type) {
      case 'CartItemAdded': {
        const product = await docs.collection<ProductDoc>(PRODUCTS).get(event.data.productId);
        const { itemId, productId, quantity, color, storage, carrier, unitPrice } = event.data;
        cart.items.push({
          itemId, productId, quantity, color, storage, carrier, price: unitPrice,
          name: product?.name ?? productId, brand: product?.brand ?? '', image: product?.img ?? '', originalPrice: Math.max(unitPrice, product?.price ?? unitPrice),
        });
        break;
      }
      case 'CartItemQuantityChanged':
        cart.items = cart.items.map((i) => (i.itemId === event.data.itemId ? { ...i, quantity: event.data.quantity } : i));
        break;
      case 'CartItemRemoved':
        cart.items = cart.items.filter((i) => i.itemId !== event.data.itemId);
        break;
    }
    cart._pos = position;
    await carts.put(cart);
  },
};
