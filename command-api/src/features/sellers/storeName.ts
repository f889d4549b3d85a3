import { createHash } from 'node:crypto';
import { STORE_NAME_TAKEN, storeNameKey } from '@phonemarket/contracts';
import { streams, type DomainEvent, type EventStore } from '@phonemarket/events';
import { DomainError } from '@phonemarket/platform/domainError.ts';
import { handleCommand, type CommandContext } from '../../shared/commandHandler.ts';
import { unhandled, type Decider } from '../../shared/decider.ts';

/**
 * A store name's reservation (issue 39; stream `storeName-<sha256(key)>`, the key without spaces and
 * case): at most one account holds a name. Taken again by its holder: nothing; by another: 409 in
 * Korean (`field` names the form's field). Released by its holder when the store is renamed.
 */
export type StoreNameState = { holderId: string | null };
export type StoreNameCommand =
  | { type: 'ReserveStoreName'; holderId: string; name: string; field: string }
  | { type: 'ReleaseStoreName'; holderId: string };

export const storeNameDecider: Decider<StoreNameState, StoreNameCommand> = {
  initialState: () => ({ holderId: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'StoreNameReserved': return { holderId: event.data.holderId };
      case 'StoreNameReleased': return { holderId: null };
      default: return state;
    }
  },
  decide(command, state): DomainEvent[] {
    switch (command.type) {
      case 'ReserveStoreName':
        if (state.holderId === command.holderId) return [];
        if (state.holderId !== null) throw new DomainError('conflict', STORE_NAME_TAKEN, { [command.field]: STORE_NAME_TAKEN });
        return [{ type: 'StoreNameReserved', data: { holderId: command.holderId, name: command.name } }];
      case 'ReleaseStoreName':
        return state.holderId === command.holderId ? [{ type: 'StoreNameReleased', data: { holderId: command.holderId } }] : [];
      default:
        return unhandled(command);
    }
  },
};

export const storeNameStream = (name: string) => streams.storeName(createHash('sha256').update(storeNameKey(name)).digest('hex'));

/** Takes `name` for the account (409 when another holds it). */
export async function reserveStoreName(store: EventStore, holderId: string, name: string, field: string, ctx: CommandContext): Promise<void> {
  await handleCommand(store, storeNameStream(name), storeNameDecider, { type: 'ReserveStoreName', holderId, name, field }, ctx);
}

const EXISTING = streams.storeName('existing');
type ExistingStoreNamesCommand = { type: 'MarkExistingStoreNamesReserved'; stores: number; skipped: string[] };
/** The marker's decider: once per log (a second instance's mark is nothing). */
export const existingStoreNamesDecider: Decider<{ done: boolean }, ExistingStoreNamesCommand> = {
  initialState: () => ({ done: false }),
  evolve: (state, event) => (event.type === 'ExistingStoreNamesReserved' ? { done: true } : state),
  decide: (command, state): DomainEvent[] => (state.done ? [] : [{ type: 'ExistingStoreNamesReserved', data: { stores: command.stores, skipped: command.skipped } }]),
};

/**
 * A log from before store names were reserved (issue 39): each store's current name is reserved for
 * its seller, once (the marker `ExistingStoreNamesReserved` says it is done; later starts read one
 * stream). Where two stores already shared a name, the first keeps it and the other is listed as skipped.
 */
export async function reserveExistingStoreNames(store: EventStore, ctx: CommandContext): Promise<void> {
  if ((await store.readStream(EXISTING)).length > 0) return;
  const names = new Map<string, string>();
  for (const e of await store.readAll({ types: ['SellerOnboarded', 'SellerStoreOpened', 'SellerStoreRenamed'] })) {
    const data = e.data as { sellerId: string; storeName?: string; name?: string; to?: string };
    const name = e.type === 'SellerOnboarded' ? data.storeName : e.type === 'SellerStoreOpened' ? data.name : data.to;
    if (name) names.set(data.sellerId, name);
  }
  const skipped: string[] = [];
  for (const [sellerId, name] of names) {
    try {
      // Each its own key: a replay of one seller's reservation is not another's.
      await reserveStoreName(store, sellerId, name, 'name', { ...ctx, idempotencyKey: `${ctx.idempotencyKey ?? 'existing-store-names'}:${sellerId}` });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      skipped.push(sellerId);
    }
  }
  await handleCommand(store, EXISTING, existingStoreNamesDecider, { type: 'MarkExistingStoreNamesReserved', stores: names.size, skipped }, ctx);
}

/** Frees `name` if the account holds it (after a rename). */
export async function releaseStoreName(store: EventStore, holderId: string, name: string, ctx: CommandContext): Promise<void> {
  await handleCommand(store, storeNameStream(name), storeNameDecider, { type: 'ReleaseStoreName', holderId }, ctx);
}
