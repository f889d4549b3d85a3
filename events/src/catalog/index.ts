import { z } from 'zod';
import type { NewEvent, RecordedEvent, EventMetadata } from '../store/types.ts';
import {
  adCreatedSchema, brandDefinedSchema, brandModelListedSchema, categoryDefinedSchema, planDefinedSchema, productListedSchema,
} from './catalogue.ts';
import { userEmailReservedSchema, userRegisteredSchema } from './accounts.ts';
import { productViewedSchema } from './rankings.ts';
import { cartItemAddedSchema, cartItemQuantityChangedSchema, cartItemRemovedSchema } from './cart.ts';
import { idempotencyKeyClaimedSchema } from './idempotency.ts';

export * from './catalogue.ts';
export * from './accounts.ts';
export * from './rankings.ts';
export * from './cart.ts';
export * from './idempotency.ts';

/**
 * The event catalogue: every event type with its current schema version.
 * Old versions are upcast on read by `upcasters` (never rewritten in the store).
 */
export const eventSchemas = {
  UserRegistered: userRegisteredSchema,
  UserEmailReserved: userEmailReservedSchema,
  CategoryDefined: categoryDefinedSchema,
  ProductListed: productListedSchema,
  BrandDefined: brandDefinedSchema,
  BrandModelListed: brandModelListedSchema,
  AdCreated: adCreatedSchema,
  PlanDefined: planDefinedSchema,
  ProductViewed: productViewedSchema,
  CartItemAdded: cartItemAddedSchema,
  CartItemQuantityChanged: cartItemQuantityChangedSchema,
  CartItemRemoved: cartItemRemovedSchema,
  IdempotencyKeyClaimed: idempotencyKeyClaimedSchema,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventDataOf<T extends EventType> = z.output<(typeof eventSchemas)[T]>;
export type EventInputOf<T extends EventType> = z.input<(typeof eventSchemas)[T]>;

/** A domain event as `decide` returns it: type plus validated data. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventDataOf<T> } }[EventType];
export type DomainEventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
/** A stored event with its catalogue type. */
export type StoredEvent = DomainEvent & Omit<RecordedEvent, 'type' | 'data'>;

export const CURRENT_SCHEMA_VERSION: Record<EventType, number> = {
  UserRegistered: 1,
  UserEmailReserved: 1,
  CategoryDefined: 1,
  ProductListed: 1,
  BrandDefined: 1,
  BrandModelListed: 1,
  AdCreated: 1,
  PlanDefined: 1,
  ProductViewed: 1,
  CartItemAdded: 1,
  CartItemQuantityChanged: 1,
  CartItemRemoved: 1,
  IdempotencyKeyClaimed: 1,
};

/** Upcasters by type, from version n to n+1. Empty until a schema changes. */
const upcasters: Partial<Record<EventType, Record<number, (data: unknown) => unknown>>> = {};

export function isKnownEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates (and upcasts) a recorded event; unknown types answer null so consumers can skip them. */
export function parseEvent(event: RecordedEvent): StoredEvent | null {
  if (!isKnownEventType(event.type)) return null;
  let data = event.data;
  const target = CURRENT_SCHEMA_VERSION[event.type];
  for (let v = event.metadata.schemaVersion ?? 1; v < target; v++) {
    const up = upcasters[event.type]?.[v];
    if (up) data = up(data);
  }
  const parsed = eventSchemas[event.type].parse(data);
  return { ...event, type: event.type, data: parsed } as StoredEvent;
}

/** Wraps a decided domain event into what the store appends, validating its data. */
export function toNewEvent(event: DomainEvent, id: string, metadata: Omit<EventMetadata, 'schemaVersion'>): NewEvent {
  const data = eventSchemas[event.type].parse(event.data);
  return { id, type: event.type, data, metadata: { ...metadata, schemaVersion: CURRENT_SCHEMA_VERSION[event.type] } };
}

/** Stream names: `<category>-<id>`. */
export const streams = {
  user: (userId: string) => `user-${userId}`,
  userEmail: (emailHash: string) => `userEmail-${emailHash}`,
  category: (categoryId: string) => `category-${categoryId}`,
  product: (productId: string) => `product-${productId}`,
  brand: (brandId: string) => `brand-${brandId}`,
  brandModel: (modelId: string) => `brandModel-${modelId}`,
  ad: (adId: string) => `ad-${adId}`,
  plan: (planId: string) => `plan-${planId}`,
  productVisitor: (productId: string, visitorKey: string) => `productVisitor-${productId}.${visitorKey}`,
  cart: (userId: string) => `cart-${userId}`,
  idempotencyKey: (scopeHash: string) => `idempotencyKey-${scopeHash}`,
} as const;
