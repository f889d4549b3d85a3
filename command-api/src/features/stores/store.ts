import {
  BUSINESS_FIELDS, DEFAULT_STORE_THEME, SELLER_SUSPENDED_MESSAGE, STORE_IMAGE_MESSAGES, STORE_MESSAGES,
  type BusinessHours, type BusinessInfo, type SellerStatus, type StoreImageKind, type StoreTheme,
} from '@phonemarket/contracts';
import type { DomainEvent, StoredEvent } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/** The store's own fields /my-store edits besides its name (spec §3 `stores`). */
export interface StoreProfile {
  description: string | null;
  logoImageId: string | null;
  bannerImageId: string | null;
  theme: StoreTheme;
  businessHours: BusinessHours | null;
}
const PROFILE_FIELDS = ['description', 'logoImageId', 'bannerImageId', 'theme', 'businessHours'] as const satisfies readonly (keyof StoreProfile)[];

/**
 * A seller's store, folded from the seller's stream (`seller-<sellerId>`: the seller is onboarded,
 * the store opened, then edited): what the store shows and the seller's business information.
 */
export type StoreState =
  | { status: 'none' }
  | {
    status: SellerStatus;
    sellerId: string;
    userId: string | null;
    storeId: string | null;
    name: string;
    profile: StoreProfile;
    business: BusinessInfo;
  };

/** A picture the seller uploaded, as the route found it on its own stream. */
export interface UploadedImage { imageId: string; sellerId: string; kind: StoreImageKind }

export type StoreCommand = {
  type: 'UpdateStore';
  /** The signed-in account: only the seller's own account edits its store. */
  actorUserId: string;
  name: string;
  profile: StoreProfile;
  business: BusinessInfo;
  /** The uploaded pictures the request names (logo, banner), looked up by the route; a picture not here is unknown. */
  images: readonly UploadedImage[];
};

export const STORE_EDIT_MESSAGES = {
  notApproved: '승인된 셀러만 스토어를 수정할 수 있습니다.',
  suspended: SELLER_SUSPENDED_MESSAGE,
  notOwner: '내 스토어만 수정할 수 있습니다.',
} as const;

const emptyBusiness = (): BusinessInfo => ({
  companyName: null, representative: null, businessNumber: null, mailOrderNumber: null, address: null, phone: null, email: null,
});

/** Same value: strings and nulls compare as they are, business hours field by field. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) if (!same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  return true;
}

/** The fields of `next` that differ from `current`: what they become and what they were. */
function diff<T extends object, K extends keyof T>(fields: readonly K[], current: T, next: T): { changes: Partial<Pick<T, K>>; previous: Partial<Pick<T, K>> } | null {
  const changes: Partial<Pick<T, K>> = {};
  const previous: Partial<Pick<T, K>> = {};
  for (const f of fields) {
    if (same(current[f], next[f])) continue;
    changes[f] = next[f];
    previous[f] = current[f];
  }
  return Object.keys(changes).length > 0 ? { changes, previous } : null;
}

export const storeDecider: Decider<StoreState, StoreCommand> = {
  initialState: () => ({ status: 'none' }),
  evolve(state, event: StoredEvent): StoreState {
    if (event.type === 'SellerOnboarded') {
      const d = event.data;
      return {
        status: d.status, sellerId: d.sellerId, userId: d.userId, storeId: null, name: d.storeName,
        profile: { description: d.storeDescription, logoImageId: null, bannerImageId: null, theme: DEFAULT_STORE_THEME, businessHours: null },
        // The application's values: its store name as the 상호 until the seller says otherwise.
        business: { ...emptyBusiness(), companyName: d.storeName, representative: d.name, businessNumber: d.businessNumber, phone: d.phone, email: d.email },
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'SellerStoreOpened': {
        const theme = (event.data.theme as StoreTheme) ?? DEFAULT_STORE_THEME;
        return { ...state, storeId: event.data.storeId, name: event.data.name, profile: { ...state.profile, description: event.data.description, theme } };
      }
      case 'SellerStatusChanged':
        return { ...state, status: event.data.to };
      case 'SellerStoreRenamed':
        return { ...state, name: event.data.to };
      case 'StoreProfileChanged':
        return { ...state, profile: { ...state.profile, ...event.data.changes } };
      case 'SellerBusinessInfoChanged':
        return { ...state, business: { ...state.business, ...event.data.changes } };
      default:
        return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'UpdateStore': {
        if (state.status === 'none' || state.storeId === null) throw new DomainError('not_found', STORE_MESSAGES.notSeller);
        if (state.userId !== command.actorUserId) throw new DomainError('forbidden', STORE_EDIT_MESSAGES.notOwner);
        if (state.status === 'suspended') throw new DomainError('forbidden', STORE_EDIT_MESSAGES.suspended);
        if (state.status !== 'approved') throw new DomainError('forbidden', STORE_EDIT_MESSAGES.notApproved);
        // A new picture must be one this seller uploaded, of that kind (a logo is not a banner).
        const errors: Record<string, string> = {};
        for (const [field, kind] of [['logoImageId', 'logo'], ['bannerImageId', 'banner']] as const) {
          const id = command.profile[field];
          if (id === null || id === state.profile[field]) continue;
          const image = command.images.find((i) => i.imageId === id);
          if (!image || image.sellerId !== state.sellerId || image.kind !== kind) errors[field] = STORE_IMAGE_MESSAGES.unknown;
        }
        if (Object.keys(errors).length > 0) throw new DomainError('invalid', STORE_MESSAGES.invalid, errors);

        const { sellerId, storeId } = state;
        const events: DomainEvent[] = [];
        if (command.name !== state.name) events.push({ type: 'SellerStoreRenamed', data: { sellerId, storeId, from: state.name, to: command.name } });
        const profile = diff(PROFILE_FIELDS, state.profile, command.profile);
        if (profile) events.push({ type: 'StoreProfileChanged', data: { sellerId, storeId, ...profile } });
        const business = diff(BUSINESS_FIELDS, state.business, command.business);
        if (business) events.push({ type: 'SellerBusinessInfoChanged', data: { sellerId, ...business } });
        // Saving what is already there changes nothing (a retried save appends nothing either).
        return events;
      }
      default:
        return unhandled(command.type);
    }
  },
};
