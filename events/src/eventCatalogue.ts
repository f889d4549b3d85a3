import type { z } from 'zod';
import type { NewEvent, RecordedEvent, EventMetadata } from './store/types.ts';
import { catalogueFunctions } from './defineEvent.ts';
import { accountEvents, accountStreams } from './features/accounts.ts';
import { catalogueEvents, catalogueStreams } from './features/catalogue.ts';
import { offerEvents, offerStreams } from './features/offers.ts';
import { searchEvents, searchStreams } from './features/searches.ts';
import { rankingEvents, rankingStreams } from './features/rankings.ts';
import { cartEvents, cartStreams } from './features/cart.ts';
import { idempotencyEvents, idempotencyStreams } from './features/idempotency.ts';
import { sellerEvents, sellerStreams } from './features/sellers.ts';
import { phoneThumbnailEvents, phoneThumbnailStreams } from './features/phoneThumbnails.ts';
import { supportEvents, supportStreams } from './features/support.ts';
import { orderEvents, orderStreams } from './features/orders.ts';
import { reviewEvents, reviewStreams } from './features/reviews.ts';
import { processEvents, processStreams } from './features/processes.ts';
import { settingsEvents, settingsStreams } from './features/settings.ts';
import { storeEvents, storeStreams } from './features/stores.ts';
import { buybackEvents, buybackStreams } from './features/buyback.ts';
import { quoteEvents, quoteStreams } from './features/quotes.ts';
import { channelEvents, channelStreams } from './features/channels.ts';
import { carrierTermsEvents, carrierTermsStreams } from './features/carrierTerms.ts';
import { sellingPolicyEvents, sellingPolicyStreams } from './features/sellingPolicies.ts';
import { sellerProductEvents, sellerProductStreams } from './features/sellerProducts.ts';
import { shopTrustEvents, shopTrustStreams } from './features/shopTrust.ts';
import { priceAlertEvents, priceAlertStreams } from './features/priceAlerts.ts';
import { addressEvents, addressStreams } from './features/addresses.ts';

export * from './features/accounts.ts';
export * from './features/catalogue.ts';
export * from './features/offers.ts';
export * from './features/searches.ts';
export * from './features/rankings.ts';
export * from './features/cart.ts';
export * from './features/idempotency.ts';
export * from './features/sellers.ts';
export * from './features/phoneThumbnails.ts';
export * from './features/support.ts';
export * from './features/orders.ts';
export * from './features/reviews.ts';
export * from './features/processes.ts';
export * from './features/settings.ts';
export * from './features/stores.ts';
export * from './features/buyback.ts';
export * from './features/quotes.ts';
export * from './features/channels.ts';
export * from './features/carrierTerms.ts';
export * from './features/sellingPolicies.ts';
export * from './features/sellerProducts.ts';
export * from './features/shopTrust.ts';
export * from './features/priceAlerts.ts';
export * from './features/addresses.ts';

/**
 * The event catalogue: every event type, declared once in its feature file with `defineEvent`
 * (schema, version, stream). A new event is one entry there; a new feature is one spread here.
 */
export const eventCatalogue = {
  ...accountEvents,
  ...catalogueEvents,
  ...offerEvents,
  ...searchEvents,
  ...rankingEvents,
  ...cartEvents,
  ...idempotencyEvents,
  ...sellerEvents,
  ...phoneThumbnailEvents,
  ...supportEvents,
  ...orderEvents,
  ...reviewEvents,
  ...processEvents,
  ...settingsEvents,
  ...storeEvents,
  ...buybackEvents,
  ...quoteEvents,
  ...channelEvents,
  ...carrierTermsEvents,
  ...sellingPolicyEvents,
  ...sellerProductEvents,
  ...shopTrustEvents,
  ...priceAlertEvents,
  ...addressEvents,
} as const;

/** Stream names: `<category>-<id>`, and the reverse where a read model needs it (`cartOwner`). */
export const streams = {
  ...accountStreams,
  ...catalogueStreams,
  ...offerStreams,
  ...searchStreams,
  ...rankingStreams,
  ...cartStreams,
  ...idempotencyStreams,
  ...sellerStreams,
  ...phoneThumbnailStreams,
  ...supportStreams,
  ...orderStreams,
  ...reviewStreams,
  ...processStreams,
  ...settingsStreams,
  ...storeStreams,
  ...buybackStreams,
  ...quoteStreams,
  ...channelStreams,
  ...carrierTermsStreams,
  ...sellingPolicyStreams,
  ...sellerProductStreams,
  ...shopTrustStreams,
  ...priceAlertStreams,
  ...addressStreams,
} as const;

type Catalogue = typeof eventCatalogue;
export type EventType = keyof Catalogue;
export type EventDataOf<T extends EventType> = z.output<Catalogue[T]['schema']>;
export type EventInputOf<T extends EventType> = z.input<Catalogue[T]['schema']>;

/** A domain event as `decide` returns it: type plus validated data. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];
export type DomainEventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
/** A stored event with its catalogue type. */
export type StoredEvent = DomainEvent & Omit<RecordedEvent, 'type' | 'data'>;

const mapCatalogue = <V>(pick: <T extends EventType>(def: Catalogue[T]) => V) =>
  Object.fromEntries(Object.entries(eventCatalogue).map(([type, def]) => [type, pick(def as Catalogue[EventType])]));

/** Each type's schema (derived from the catalogue). */
export const eventSchemas = mapCatalogue((def) => def.schema) as { [T in EventType]: Catalogue[T]['schema'] };
/** Each type's current schema version (derived from the catalogue). */
export const CURRENT_SCHEMA_VERSION = mapCatalogue((def) => def.version) as Record<EventType, number>;

const functions = catalogueFunctions(eventCatalogue);

export function isKnownEventType(type: string): type is EventType {
  return functions.isKnown(type);
}

/** Validates (and upcasts) a recorded event; unknown types answer null so consumers can skip them. */
export function parseEvent(event: RecordedEvent): StoredEvent | null {
  return functions.parse(event) as StoredEvent | null;
}

/**
 * `parseEvent` of an event object its caller alone reads (a replay's own read of the log): deep-frozen as
 * `parseEvent`'s, but its parse is not kept for other readers of the same object (ADR 025, s62).
 */
export function parseEventReadOnce(event: RecordedEvent): StoredEvent | null {
  return functions.parseReadOnce(event) as StoredEvent | null;
}

/**
 * An event `toNewEvent` made, once appended, as a read would answer it: its data was validated with the
 * current schema already (no upcast applies), so it is not validated again.
 */
export function appendedEvent(event: NewEvent, at: Pick<RecordedEvent, 'stream' | 'revision' | 'position'>): StoredEvent {
  if (!functions.isKnown(event.type)) throw new Error(`unknown event type ${event.type}`);
  return { ...event, ...at } as StoredEvent;
}

/** Wraps a decided domain event into what the store appends, validating its data. */
export function toNewEvent(event: DomainEvent, id: string, metadata: Omit<EventMetadata, 'schemaVersion'>): NewEvent {
  return functions.toNew(event, id, metadata);
}
