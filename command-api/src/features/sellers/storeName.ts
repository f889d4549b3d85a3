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

/** Frees `name` if the account holds it (after a rename). */
export async function releaseStoreName(store: EventStore, holderId: string, name: string, ctx: CommandContext): Promise<void> {
  await handleCommand(store, storeNameStream(name), storeNameDecider, { type: 'ReleaseStoreName', holderId }, ctx);
}
