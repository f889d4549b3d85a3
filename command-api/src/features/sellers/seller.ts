import type { SellerStatus } from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** A seller and their store (stream `seller-<sellerId>`); the status decides whether their offers are shown. */
export interface SellerProfile {
  sellerId: string;
  userId: string | null;
  applicationId: string | null;
  name: string;
  email: string;
  phone: string | null;
  businessNumber: string | null;
  storeName: string;
  storeDescription: string | null;
}
export type SellerState =
  | { status: 'none' }
  | (SellerProfile & { status: SellerStatus; storeId: string | null });

export type SellerCommand =
  | ({ type: 'RegisterSeller'; initialStatus: SellerStatus; storeId: string } & SellerProfile)
  | { type: 'ChangeSellerStatus'; status: SellerStatus; reason: string | null };

export const SELLER_MESSAGES = { notFound: '셀러를 찾을 수 없습니다.' } as const;

export const sellerDecider: Decider<SellerState, SellerCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event: StoredEvent): SellerState {
    switch (event.type) {
      case 'SellerOnboarded': {
        const { status, ...profile } = event.data;
        return { ...profile, status, storeId: null };
      }
      case 'SellerStoreOpened':
        return state.status === 'none' ? state : { ...state, storeId: event.data.storeId };
      case 'SellerStatusChanged':
        return state.status === 'none' ? state : { ...state, status: event.data.to };
      case 'SellerStoreRenamed':
        return state.status === 'none' ? state : { ...state, storeName: event.data.to };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'RegisterSeller': {
        // Registering twice (a retried approval, a re-run seed) changes nothing.
        if (state.status !== 'none') return [];
        const { type: _type, initialStatus, storeId, ...profile } = command;
        return [
          { type: 'SellerOnboarded', data: { ...profile, status: initialStatus } },
          { type: 'SellerStoreOpened', data: { sellerId: profile.sellerId, storeId, name: profile.storeName, description: profile.storeDescription, theme: 'default' } },
        ];
      }
      case 'ChangeSellerStatus': {
        if (state.status === 'none') throw new DomainError('not_found', SELLER_MESSAGES.notFound);
        if (state.status === command.status) return [];
        return [{ type: 'SellerStatusChanged', data: { sellerId: state.sellerId, from: state.status, to: command.status, reason: command.reason } }];
      }
      default:
        return unhandled(command);
    }
  },
};
