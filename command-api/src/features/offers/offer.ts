import { LIST_OFFER_MESSAGES, type OfferConditions } from '@phonemarket/contracts';
import type { DomainEvent, OfferListed, OfferStockReleaseReason } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * The offer aggregate (stream `offer-<id>`): one seller's listing of one variant, and its price over
 * time. `active`: on sale (활성); the seller may take it off sale (비활성) and put it back.
 * `stockLeft`: units not taken by an order (listed stock less the open reservations, never below 0);
 * `reservations`: the units each order holds (one reservation per order, so a retry takes nothing twice).
 */
export type OfferState =
  | { status: 'none' }
  | { status: 'listed'; offer: OfferListed; lastChangeAt: string; active: boolean; stockLeft: number; reservations: Readonly<Record<string, number>> };

/** 409 when an order wants more than is left (the same words for carting and checkout). */
export const outOfStockMessage = (left: number) => `재고가 부족합니다. (남은 수량 ${left}개)`;
export class OutOfStockError extends DomainError {
  readonly left: number;
  constructor(left: number) {
    super('conflict', outOfStockMessage(left), { quantity: outOfStockMessage(left) });
    this.left = left;
  }
}

export interface PriceChange { price: number; extraSubsidy: number; effectiveAt?: string }
export type OfferCommand =
  /** Lists an offer; `history` back-dates earlier price changes (the seed's 90 days). */
  | { type: 'ListOffer'; offer: OfferListed; history?: readonly Required<PriceChange>[] }
  /** A seller changes the price or 추가지원금; effective now unless back-dated. */
  | { type: 'ChangeOfferPrice'; offerId: string } & PriceChange
  /** The seller dashboard's 활성/비활성 toggle: the offer's wanted state (already so: nothing happens). */
  | { type: 'SetOfferActive'; offerId: string; active: boolean }
  /** A checkout takes units for its order (nothing if the order already holds them). */
  | { type: 'ReserveStock'; orderId: string; quantity: number }
  /** The order's units go back (a cancel before shipping, a checkout that never committed); nothing if it holds none. */
  | { type: 'ReleaseStock'; orderId: string; reason: OfferStockReleaseReason }
  /** The seller sets the units on sale now (orders' held units aside); the same number writes nothing. */
  | { type: 'SetOfferStock'; offerId: string; stock: number }
  /** Issue 40: the offer's conditions from now on (a price policy's row, or its revert); the same ones write nothing. */
  | { type: 'SetOfferConditions'; offerId: string; conditions: OfferConditions };

const change = (offerId: string, state: { price: number; extraSubsidy: number; after: string }, c: PriceChange, now: Date): DomainEvent | null => {
  const effectiveAt = c.effectiveAt ?? now.toISOString();
  if (effectiveAt < state.after) throw new DomainError('invalid', '가격 변경 시각은 이전 변경보다 뒤여야 합니다.', { effectiveAt: '이전 변경보다 뒤여야 합니다.' });
  if (c.price < 0 || c.extraSubsidy < 0) throw new DomainError('invalid', '가격은 0원 이상이어야 합니다.', { price: '0원 이상이어야 합니다.' });
  if (c.extraSubsidy > c.price) throw new DomainError('invalid', '추가지원금은 판매가를 넘을 수 없습니다.', { extraSubsidy: '판매가를 넘을 수 없습니다.' });
  if (c.price === state.price && c.extraSubsidy === state.extraSubsidy) return null;
  return { type: 'OfferPriceChanged', data: { offerId, price: c.price, extraSubsidy: c.extraSubsidy, effectiveAt } };
};

export const offerDecider: Decider<OfferState, OfferCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'OfferListed':
        return { status: 'listed', offer: event.data, lastChangeAt: event.data.listedAt, active: true, stockLeft: event.data.stock, reservations: {} };
      case 'OfferPriceChanged':
        return state.status === 'listed'
          ? { ...state, offer: { ...state.offer, price: event.data.price, extraSubsidy: event.data.extraSubsidy }, lastChangeAt: event.data.effectiveAt }
          : state;
      case 'OfferConditionsChanged':
        return state.status === 'listed' ? { ...state, offer: { ...state.offer, conditions: event.data.conditions } } : state;
      case 'OfferDeactivated':
      case 'OfferReactivated':
        return state.status === 'listed' ? { ...state, active: event.type === 'OfferReactivated' } : state;
      case 'OfferStockReserved':
        return state.status === 'listed'
          ? { ...state, stockLeft: Math.max(0, state.stockLeft - event.data.quantity), reservations: { ...state.reservations, [event.data.orderId]: event.data.quantity } }
          : state;
      case 'OfferRestocked':
        return state.status === 'listed' ? { ...state, stockLeft: event.data.stock } : state;
      case 'OfferStockReleased': {
        if (state.status !== 'listed') return state;
        const { [event.data.orderId]: held, ...rest } = state.reservations;
        return held === undefined ? state : { ...state, stockLeft: state.stockLeft + held, reservations: rest };
      }
      default:
        return state;
    }
  },
  decide(command, state, ctx): DomainEvent[] {
    switch (command.type) {
      case 'ListOffer': {
        if (state.status === 'listed') throw new DomainError('conflict', LIST_OFFER_MESSAGES.alreadyListed);
        const events: DomainEvent[] = [{ type: 'OfferListed', data: command.offer }];
        let current = { price: command.offer.price, extraSubsidy: command.offer.extraSubsidy, after: command.offer.listedAt };
        for (const c of command.history ?? []) {
          const e = change(command.offer.offerId, current, c, ctx.now);
          if (!e) continue;
          events.push(e);
          current = { price: c.price, extraSubsidy: c.extraSubsidy, after: c.effectiveAt };
        }
        return events;
      }
      case 'ChangeOfferPrice': {
        if (state.status !== 'listed') throw new DomainError('not_found', '판매 조건을 찾을 수 없습니다.');
        const e = change(state.offer.offerId, { price: state.offer.price, extraSubsidy: state.offer.extraSubsidy, after: state.lastChangeAt }, command, ctx.now);
        return e ? [e] : [];
      }
      case 'SetOfferActive': {
        if (state.status !== 'listed') throw new DomainError('not_found', '판매 조건을 찾을 수 없습니다.');
        if (state.active === command.active) return [];
        return [{ type: command.active ? 'OfferReactivated' : 'OfferDeactivated', data: { offerId: state.offer.offerId } }];
      }
      case 'ReserveStock': {
        if (state.status !== 'listed') throw new DomainError('not_found', '판매 조건을 찾을 수 없습니다.');
        if (Object.hasOwn(state.reservations, command.orderId)) return [];
        if (command.quantity > state.stockLeft) throw new OutOfStockError(state.stockLeft);
        return [{ type: 'OfferStockReserved', data: { offerId: state.offer.offerId, orderId: command.orderId, quantity: command.quantity } }];
      }
      case 'ReleaseStock': {
        if (state.status !== 'listed') return [];
        const held = state.reservations[command.orderId];
        if (held === undefined) return [];
        return [{ type: 'OfferStockReleased', data: { offerId: state.offer.offerId, orderId: command.orderId, quantity: held, reason: command.reason } }];
      }
      case 'SetOfferConditions':
        if (state.status !== 'listed') throw new DomainError('not_found', '판매 조건을 찾을 수 없습니다.');
        return JSON.stringify(state.offer.conditions) === JSON.stringify(command.conditions) ? [] : [{ type: 'OfferConditionsChanged', data: { offerId: state.offer.offerId, conditions: command.conditions } }];
      case 'SetOfferStock':
        if (state.status !== 'listed') throw new DomainError('not_found', '판매 조건을 찾을 수 없습니다.');
        return state.stockLeft === command.stock ? [] : [{ type: 'OfferRestocked', data: { offerId: state.offer.offerId, stock: command.stock } }];
      default:
        return unhandled(command);
    }
  },
};
