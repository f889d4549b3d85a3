import type { DomainEvent, ProductListed } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** The product aggregate (stream `product-<id>`). */
export type ProductState = { status: 'none' } | { status: 'listed'; product: ProductListed };
export type ProductCommand = { type: 'ListProduct'; product: ProductListed };

export const productDecider: Decider<ProductState, ProductCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => (event.type === 'ProductListed' ? { status: 'listed', product: event.data } : state),
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'ListProduct':
        if (state.status === 'listed') throw new DomainError('conflict', '이미 등록된 상품입니다.');
        return [{ type: 'ProductListed', data: command.product }];
      default:
        return unhandled(command.type);
    }
  },
};

/**
 * A catalogue entry defined by one event (category, brand, brand model, ad, plan): defining it again
 * is a no-op, so the seed can run at every start.
 */
export type DefinitionCommand = { type: 'Define'; event: DomainEvent };
export const definitionDecider: Decider<boolean, DefinitionCommand> = {
  initialState: () => false,
  evolve: () => true,
  decide(command, defined): DomainEvent[] {
    switch (command.type) {
      case 'Define':
        return defined ? [] : [command.event];
      default:
        return unhandled(command.type);
    }
  },
};
