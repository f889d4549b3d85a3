import type { DomainEvent, ProductListed, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';

/** The product aggregate (stream `product-<id>`). */
export type ProductState = { status: 'none' } | { status: 'listed'; product: ProductListed };

export const initialProduct = (): ProductState => ({ status: 'none' });

export function evolveProduct(state: ProductState, event: StoredEvent): ProductState {
  return event.type === 'ProductListed' ? { status: 'listed', product: event.data } : state;
}

export type ListProduct = { type: 'ListProduct'; product: ProductListed };

export function decideProduct(command: ListProduct, state: ProductState): DomainEvent[] {
  if (state.status === 'listed') throw new DomainError('conflict', '이미 등록된 상품입니다.');
  return [{ type: 'ProductListed', data: command.product }];
}
