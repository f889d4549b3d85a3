import type { DomainEvent, EventDataOf } from '@phonemarket/events';
import { SELLER_PRODUCT_OFFER_PREFIX } from '@phonemarket/contracts';
import { SELLER_PRODUCT_MESSAGES } from '@phonemarket/contracts/sellerProducts.ts';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** A seller's own listing (stream `sellerProduct-<id>`, issue 27). */
export type SellerProductFields = Omit<EventDataOf<'SellerProductCreated'>, 'productId' | 'sellerId' | 'storeId' | 'offerId'>;
export type SellerProductState = { status: 'none' } | ({ status: 'listed'; productId: string; sellerId: string; storeId: string; offerId: string } & SellerProductFields);
/** A listing's catalogue offer: `sp-<productId>` (one offer per listing). */
export const sellerProductOfferId = (productId: string) => `${SELLER_PRODUCT_OFFER_PREFIX}${productId}`;
const OFFER_PREFIX = SELLER_PRODUCT_OFFER_PREFIX;
/** The listing an offer is of (null: a catalogue offer, not a seller's own listing). */
export const sellerProductIdOf = (offerId: string): string | null => (offerId.startsWith(OFFER_PREFIX) ? offerId.slice(OFFER_PREFIX.length) : null);

export type SellerProductCommand =
  | ({ type: 'CreateSellerProduct'; productId: string; sellerId: string; storeId: string; offerId: string } & SellerProductFields)
  | { type: 'UpdateSellerProduct'; changes: Partial<SellerProductFields> };

const FIELDS = ['title', 'description', 'price', 'originalPrice', 'category', 'brand', 'model', 'storage', 'condition', 'batteryHealth', 'warranty', 'returnPolicy', 'images', 'specifications', 'stock', 'isActive', 'featured', 'conditions'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const fieldsOf = (s: SellerProductFields): SellerProductFields => Object.fromEntries(FIELDS.map((k) => [k, s[k]])) as SellerProductFields;

export const sellerProductDecider: Decider<SellerProductState, SellerProductCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'SellerProductCreated':
        return { status: 'listed', ...event.data };
      case 'SellerProductUpdated': {
        if (state.status !== 'listed') return state;
        const { productId: _p, changed: _c, ...fields } = event.data;
        return { ...state, ...fields };
      }
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'CreateSellerProduct': {
        // The same request again (a retry) names the same product: nothing more.
        if (state.status !== 'none') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'SellerProductCreated', data }];
      }
      case 'UpdateSellerProduct': {
        if (state.status !== 'listed') throw new DomainError('not_found', SELLER_PRODUCT_MESSAGES.notFound);
        const next = { ...fieldsOf(state), ...Object.fromEntries(Object.entries(command.changes).filter(([, v]) => v !== undefined)) } as SellerProductFields;
        const changed = FIELDS.filter((k) => !same(next[k], state[k]));
        return changed.length ? [{ type: 'SellerProductUpdated', data: { productId: state.productId, ...next, changed } }] : [];
      }
      default:
        return unhandled(command);
    }
  },
};
